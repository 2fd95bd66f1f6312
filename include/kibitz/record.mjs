// Record a search as a Kibitz trace (.kbz, format version 2) from JavaScript: an ES module with
// no dependencies, for Node and the browser.
//
// The same calls as include/kibitz/record.h, which they mirror event for event and byte for
// byte; the contract is written there and in docs/recording.md. In short:
//
//   import { Recorder, INF } from './record.mjs';
//   const r = new Recorder();                 // or new Recorder(bytes => stream.write(bytes))
//   r.meta('engine', 'my-engine');
//   r.enter(-INF, INF, null);                 // a node entered with its window, by a move
//   ...   r.evaluate(v) for a leaf, or successors: r.enter(...) ... r.leave(ret)
//   ...   r.cutoff() after the successor whose return ends the loop
//   r.leave(value);                           // the node returns value (negamax form)
//   const bytes = r.close();                  // a Uint8Array: the whole file
//
// Without a sink the file is kept in memory and close() returns it (in a browser:
// new Blob([bytes]) to download it); with one, each part goes to the sink as it is written
// (Node: chunk => fs.writeSync(fd, chunk)) and close() returns an empty array.
// A call out of order throws RecordError and writes nothing; the recording can still be closed.
//
// Live (Node only; record.h's kbz_open tells the contract): a socket cannot be connected
// synchronously, so a live recorder is opened, and best closed, with await:
//
//   const r = await Recorder.openLive('tcp://127.0.0.1:7720?file=out.kbz'); // ?file= optional
//   ... the same calls ...
//   await r.closeLive();       // the viewer gets the rest (waited for at most 5 s)
//
// The trace goes to the viewer listening there, and to the file F when ?file=F is given. Bytes
// are handed to Node's socket, which sends what the OS takes at once and the rest when the event
// loop runs: a search that never yields (no await) shows the viewer little before it ends, so
// await something between iterations (e.g. `await new Promise(setImmediate)`) for the tree to
// grow on screen. Past 16 MiB unsent, or when the connection fails or closes, the viewer is
// dropped: with a file the recording goes on there alone (one line on stderr), without one
// every later call throws RecordError. With no viewer listening, 'tcp://HOST:PORT' rejects with
// RecordError and '...?file=F' records to F only. r.streamMissed counts the events the viewer
// did not get. new Recorder('tcp://...') throws RecordError: use Recorder.openLive.
//
// Triggered capture (record.h's kbz_trigger_path tells the contract): r.triggerPath('e2e4 e7e5'),
// r.triggerHash(key), r.triggerPly(n), r.triggerIteration(n), r.triggerLimit(n), before the first
// event, record only the subtrees of the nodes where every condition set holds, each a root
// labelled with its path. In Node, KIBITZ_TRIGGER_PATH, _HASH, _PLY, _ITERATION and _LIMIT in the
// environment are read by the constructor (and by openLive before it makes any file): one that is
// not valid is named on stderr and a RecordError with code 'EINVAL' is thrown.

export const INF = 1000000000;
const CHUNK_EVENTS = 65536;
const NO_NODE = 0xffffffff;
const T = { iterationBegin: 1, iterationEnd: 2, enter: 3, label: 4, position: 5, expand: 6,
  evaluate: 7, /* 8-10: derived by the reader, never written */ cutoff: 11, leave: 12, ttProbe: 32,
  attempt: 34, nodeFacts: 35, staticEval: 36, hashKey: 37, prune: 38, tableMove: 39, note: 64 };
const UPPER = 0, EXACT = 1, LOWER = 2;
const UNKNOWN = 0, PV = 1, CUT = 2, ALL = 3, LEAF = 4;
const RULES = { none: 0, alphabeta: 2 }; // the .kbz header's rule numbers
const STREAM_FLAG = 0x800; // the header's "live stream": event chunks may hold fewer than 65,536 events
const BACKLOG_MAX = 16 << 20; // bytes the viewer may leave unsent before it is dropped
const SEAL_MS = 50; // live: an event chunk is sealed when this has passed (checked every 64 events)
const CLOSE_WAIT_MS = 5000; // closeLive: how long the viewer may take to take the rest

// A modern engine's search (record.h, "A modern engine's search"): the same constants.
export const NONE = -2147483648; // a depth or ply not known
export const BOUND_UPPER = 0, BOUND_EXACT = 1, BOUND_LOWER = 2;
export const SEARCH = 0, NULL_MOVE = 1, PROBE = 2, RESEARCH = 3;
export const QUIESCENCE = 4; // added (|) to one of the four for a quiescence node
export const WHY_NONE = 0, WHY_LMR = 1, WHY_PVS = 2, WHY_VERIFY = 3, WHY_SINGULAR = 4;
export const TT_MISS = 0, TT_HIT = 1, TT_CUT = 2;
export const PRUNE_OTHER = 0, PRUNE_FUTILITY = 1, PRUNE_LATE_MOVE = 2, PRUNE_SEE = 3, PRUNE_RAZOR = 4,
  PRUNE_HISTORY = 5;
const ATTEMPT_FLAGS = { [PROBE]: 1, [RESEARCH]: 2, [NULL_MOVE]: 3 };

export class RecordError extends Error {}

// C's strtoull(v, &end, 0) as record.h's kbz_env_number_ takes it: a BigInt (decimal, 0x hex or
// 0 octal, after blanks and a sign), or null when it is not a number (text after the digits, no
// digits, a leading '-', past 2^64 - 1).
function strtoull(v) {
  const m = /^[ \t\n\v\f\r]*([+-]?)(0[xX](?=[0-9a-fA-F])[0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*)$/.exec(v);
  if (!m || v[0] === '-') return null;
  const digits = m[2];
  const value = /^0[xX]/.test(digits) ? BigInt(digits.toLowerCase())
    : digits.length > 1 && digits[0] === '0' ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
  if (value > 0xffffffffffffffffn) return null; // ERANGE
  return m[1] === '-' ? BigInt.asUintN(64, -value) : value;
}

// One KIBITZ_TRIGGER_* not valid: named on stderr (record.h's line), then thrown.
function envRefusal(why) {
  globalThis.process?.stderr?.write?.(`kibitz record: ${why}\n`);
  const error = new RecordError(why);
  error.code = 'EINVAL';
  throw error;
}

// KIBITZ_TRIGGER_* from the environment (Node), as record.h's kbz_env_triggers_ reads them:
// { path, hash, ply, iteration, limit }, each null when not set (numbers as BigInt).
function envTriggers() {
  const env = globalThis.process?.env;
  const out = { path: null, hash: null, ply: null, iteration: null, limit: null };
  if (!env) return out;
  for (const name of ['hash', 'ply', 'iteration', 'limit']) {
    const key = 'KIBITZ_TRIGGER_' + name.toUpperCase();
    const v = env[key];
    if (!v) continue;
    out[name] = strtoull(v);
    if (out[name] === null)
      envRefusal(`${key}='${v}' is not a number${name === 'hash' ? ' (decimal, or hex as 0x...)' : ''}`);
  }
  const { ply, iteration } = out;
  if ((ply !== null && ply > 100000n) || (iteration !== null && (iteration < 1n || iteration > 100000000n)))
    envRefusal(`KIBITZ_TRIGGER_${ply !== null && ply > 100000n ? 'PLY' : 'ITERATION (from 1)'} is out of range`);
  if (env.KIBITZ_TRIGGER_PATH !== undefined) out.path = env.KIBITZ_TRIGGER_PATH;
  return out;
}

// Bytes cut short by a C buffer as record.h's kbz_meta keeps them: the bytes of a sequence cut at
// the end each become U+FFFD.
function cText(bytes) {
  const strict = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut < 4; ++cut) {
    try {
      return strict.decode(bytes.subarray(0, bytes.length - cut)) + '\ufffd'.repeat(cut);
    } catch { /* a sequence cut: one byte fewer */ }
  }
  return new TextDecoder().decode(bytes);
}
const utf8Text = new TextDecoder();

// An integer: anything else (a fraction, undefined, NaN, Infinity, text) is refused.
function integer(v) {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RecordError('a value must be an integer, not ' + String(v));
  return v;
}
// An integer value, clamped to +-INF.
function clamp(v) {
  v = integer(v);
  return v > INF ? INF : v < -INF ? -INF : v;
}
const utf8 = new TextEncoder();

// JSON string with its quotes, as UTF-8 bytes: quote, backslash and control bytes escaped.
function jsonString(s) {
  const out = [0x22];
  for (const byte of utf8.encode(s)) {
    if (byte === 0x22 || byte === 0x5c) out.push(0x5c, byte);
    else if (byte < 0x20) for (const c of '\\u00' + byte.toString(16).padStart(2, '0')) out.push(c.charCodeAt(0));
    else out.push(byte);
  }
  out.push(0x22);
  return out;
}

// FNV-1a 64 (the END chunk's checksum) on four 16-bit limbs, faster than BigInt: the prime is
// 2^40 + 0x1b3, so h * prime mod 2^64 = h * 0x1b3 + (limb 0 << 40) + (limb 1 << 56).
class Fnv64 {
  constructor() { this.h = [0x2325, 0x8422, 0x9ce4, 0xcbf2]; } // 0xcbf29ce484222325, low limb first
  update(bytes) {
    let [a, b, c, d] = this.h;
    for (let i = 0; i < bytes.length; ++i) {
      a ^= bytes[i];
      // (d c b a) * 0x1b3 + ((d c b a) << 40): limb 2 gets a << 8, limb 3 gets b << 8
      let t0 = a * 0x1b3;
      let t1 = b * 0x1b3 + (t0 >>> 16);
      let t2 = c * 0x1b3 + (t1 >>> 16) + (a << 8);
      let t3 = d * 0x1b3 + (t2 >>> 16) + (b << 8);
      a = t0 & 0xffff; b = t1 & 0xffff; c = t2 & 0xffff; d = t3 & 0xffff;
    }
    this.h = [a, b, c, d];
  }
  bytes() {
    const out = new Uint8Array(8);
    this.h.forEach((limb, i) => { out[2 * i] = limb & 0xff; out[2 * i + 1] = limb >>> 8; });
    return out;
  }
}

// (HOST, PORT, F or null) of 'tcp://HOST:PORT[?file=F]'; RecordError when it is not one.
function parseLive(path) {
  const m = /^tcp:\/\/(\[[^\]?]+\]|[^:?[\]]+):(\d+)(\?file=(.+))?$/s.exec(String(path));
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) {
    throw new RecordError(`openLive: '${path}' is not tcp://HOST:PORT or tcp://HOST:PORT?file=F (PORT from 1 to 65535)`);
  }
  const host = m[1].startsWith('[') ? m[1].slice(1, -1) : m[1];
  return { host, port, file: m[3] ? m[4] : null };
}

// Connects a socket (node:net) to host:port; rejects with the connection's error.
function connectTo(net, host, port) {
  return new Promise((resolve, reject) => {
    // allowHalfOpen: the viewer shutting its side (it sends nothing) does not end the stream
    const socket = net.connect({ host, port, allowHalfOpen: true });
    // (kept: an error before openLive's own listeners are on is not left unhandled; the next
    // write meets the closed socket and tells it)
    socket.on('error', reject);
    socket.once('connect', () => resolve(socket));
  });
}

export class Recorder {
  // sink: optional function(Uint8Array) that takes each part of the file as it is written.
  constructor(sink = null) {
    if (typeof sink === 'string' && sink.startsWith('tcp://'))
      throw new RecordError(`a live recorder is opened with await Recorder.openLive('${sink}'): ` +
        'a socket cannot be connected synchronously');
    if (sink !== null && sink !== undefined && typeof sink !== 'function')
      throw new RecordError('a Recorder takes a sink function (Node: chunk => fs.writeSync(fd, chunk)), ' +
        'not ' + (typeof sink === 'string' ? `a path ('${sink}')` : String(sink)));
    this.sink = sink;
    this.live = null; // Recorder.openLive: the viewer's socket, the file, what was missed
    this.streaming = false;
    this.lastSeal = 0;
    this.parts = [];
    this.sum = new Fnv64();
    this.events = new Uint8Array(23 * CHUNK_EVENTS); // encoded: at most 23 bytes an event
    this.used = 0;
    this.prevNode = 0;
    this.count = 0;
    this.started = false;
    this.flags = 0;
    this.ge = true;
    this.expandDue = false;
    this.metaItems = []; // [key, value] in the order given
    this.metaFirst = 0;
    this.strings = [];
    this.ids = new Map();
    this.stringsWritten = 0;
    this.stack = [];
    this.nextId = 0;
    this.iterationOpen = false;
    this.iteration = 0;
    this.lastIterationValue = 0;
    this.closed = false;
    // triggered capture (trigger*): only the subtrees of the nodes where every condition holds
    // are written; capturing inside one (from stack index captureDepth; -1: a whole iteration)
    this.triggerOn = false;
    this.capturing = false;
    this.captureDepth = 0;
    this.triggerPathIds = null; // string ids of the moves, when set
    this.triggerHashKey = null; // a BigInt, when set
    this.triggerPlyN = -1; // -1: any
    this.triggerIterationN = 0;
    this.triggerLimitN = 0n;
    this.captures = 0;
    const env = envTriggers();
    if (env.path !== null) this.triggerPath(env.path);
    if (env.hash !== null) this.triggerHash(env.hash);
    if (env.ply !== null) this.triggerPly(Number(env.ply));
    if (env.iteration !== null) this.triggerIteration(Number(env.iteration));
    if (env.limit !== null) this.triggerLimit(env.limit);
  }

  // -- live -----------------------------------------------------------------------------------
  // Opens a live recorder (Node only): 'tcp://HOST:PORT' streams the trace to the viewer
  // listening there, 'tcp://HOST:PORT?file=F' also writes it to the file F. Resolves once the
  // socket is connected (with F and no viewer: at once, recording to F only).
  static async openLive(path) {
    const { host, port, file } = parseLive(path);
    envTriggers(); // a condition not valid: thrown before any file is made
    let net, fs;
    try {
      [net, fs] = await Promise.all([import('node:net'), import('node:fs')]);
    } catch (e) {
      throw new RecordError('openLive needs Node (node:net and node:fs): ' + e.message, { cause: e });
    }
    const where = host.includes(':') ? `tcp://[${host}]:${port}` : `tcp://${host}:${port}`;
    const fd = file === null ? null : fs.openSync(file, 'w');
    let socket = null;
    try {
      socket = await connectTo(net, host, port);
    } catch (e) {
      const unknown = e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN';
      if (fd === null) {
        const error = new RecordError(unknown ? `the host of ${where} is not known`
          : `no viewer listens at ${where} (${e.code || e.message})`, { cause: e });
        error.code = unknown ? 'EHOSTUNREACH' : 'ECONNREFUSED';
        throw error;
      }
      process.stderr.write(unknown ? `kibitz record: the host of ${where} is not known: recording to ${file} only\n`
        : `kibitz record: no viewer listens at ${where}: recording to ${file} only\n`);
    }
    const r = new Recorder();
    // ending: the socket is being ended by close; ended: a promise, resolved (done) when it is
    const live = { fs, fd, socket, where, missed: 0, stopped: null, ending: false, ended: null, done: null };
    r.live = live;
    r.streaming = true;
    r.sink = (bytes) => r.liveWrite(bytes);
    if (socket) {
      const lost = () => {
        if (live.socket === socket && !live.ending) r.liveDrop('the viewer closed the connection');
      };
      socket.on('error', lost);
      socket.on('close', lost);
    }
    return r;
  }

  // Live: the events the viewer did not get (it fell behind, or was not there); 0 otherwise.
  get streamMissed() { return this.live ? this.live.missed : 0; }

  // close(), then, live, waits (at most 5 s) for the viewer to take the rest; resolves to what
  // close() returns. Rejects with RecordError when the viewer was dropped with no file to go on in.
  async closeLive() {
    const out = this.close();
    if (this.live) {
      await this.live.ended;
      if (this.live.stopped) throw new RecordError(this.live.stopped);
    }
    return out;
  }

  liveWrite(bytes) {
    const live = this.live;
    if (live.socket) {
      live.socket.write(bytes);
      if (live.socket.writableLength > BACKLOG_MAX) this.liveDrop('the viewer is not keeping up (16 MiB unsent)');
    }
    if (live.fd !== null) for (let at = 0; at < bytes.length;) at += live.fs.writeSync(live.fd, bytes, at);
  }

  liveDrop(why) {
    const live = this.live;
    live.socket.destroy();
    live.socket = null;
    if (live.fd !== null) {
      process.stderr.write(`kibitz record: ${why} at ${live.where}: the recording goes on in its file only\n`);
    } else if (!live.stopped) { // nothing more can be written anywhere
      live.stopped = 'the viewer stopped taking the stream and there is no ?file= to go on in';
    }
    if (live.done) live.done();
  }

  // The file is closed; the socket ends once the viewer has taken the rest, or after 5 s.
  liveEnd() {
    const live = this.live;
    if (live.fd !== null) live.fs.closeSync(live.fd);
    live.ended = new Promise((resolve) => { live.done = resolve; });
    const socket = live.socket;
    if (!socket) { live.done(); return; }
    const timer = setTimeout(() => { // the viewer took too long: it gets no more
      if (live.socket === socket) { live.ending = true; live.socket = null; socket.destroy(); }
      live.done();
    }, CLOSE_WAIT_MS);
    timer.unref();
    socket.once('finish', () => { // all handed to the OS, the end of the stream sent after it
      clearTimeout(timer);
      if (live.socket === socket) { live.ending = true; live.socket = null; socket.destroy(); }
      live.done();
    });
    socket.end();
  }

  // -- the calls ------------------------------------------------------------------------------
  steps(rule, criterion) {
    this.open();
    if (this.nextId || this.started) throw new RecordError('steps after the first event');
    rule = rule === null || rule === undefined ? 'none' : rule;
    if (!Object.hasOwn(RULES, rule)) throw new RecordError('steps: the rule is neither "none" nor "alphabeta"');
    if (criterion !== 'gt' && criterion !== 'ge') throw new RecordError('steps: the criterion is neither "gt" nor "ge"');
    this.flags = RULES[rule];
    this.expandDue = rule === 'alphabeta';
    this.ge = criterion === 'ge';
    this.meta('criterion', criterion);
  }

  meta(key, value) {
    this.open();
    if (!key || value === undefined || value === null) throw new RecordError('meta needs a key and a value');
    this.setMeta(key, value);
  }

  setMeta(key, value) {
    const start = this.started ? this.metaFirst : 0;
    for (let i = start; i < this.metaItems.length; ++i) {
      if (this.metaItems[i][0] === key) { this.metaItems[i][1] = String(value); return; }
    }
    this.metaItems.push([key, String(value)]);
  }

  iterationBegin(depth) {
    this.open();
    if (this.stack.length) throw new RecordError('iterationBegin with a node open');
    if (this.iterationOpen) throw new RecordError('iterationBegin inside an iteration');
    this.iterationOpen = true;
    ++this.iteration;
    if (this.triggerOn && !this.subtreeTrigger() && this.iteration === this.triggerIterationN) {
      this.capturing = true; // the whole iteration
      this.captureDepth = -1;
      ++this.captures;
    }
    this.event(T.iterationBegin, 0, 0, this.iterationNumber(), clamp(depth), 0);
  }

  iterationEnd(value) {
    this.open();
    if (this.stack.length) throw new RecordError('iterationEnd with a node open');
    if (!this.iterationOpen) throw new RecordError('iterationEnd without iterationBegin');
    this.iterationOpen = false;
    this.lastIterationValue = clamp(value);
    this.event(T.iterationEnd, 0, 0, this.iterationNumber(), this.lastIterationValue, 0);
    if (this.triggerOn && this.captureDepth === -1) this.capturing = false;
    if (this.streaming) this.flush(); // live: a finished iteration is shown at once
  }

  enter(alpha, beta, move = null) {
    this.enterSearch(alpha, beta, move, SEARCH, WHY_NONE, NONE, NONE);
  }

  enterSearch(alpha, beta, move, search, why, depth, ply) {
    this.open();
    alpha = clamp(alpha);
    beta = clamp(beta);
    if (alpha > beta) throw new RecordError('enter: alpha is above beta');
    search = integer(search);
    why = integer(why);
    if (search < 0 || search > (RESEARCH | QUIESCENCE))
      throw new RecordError('enterSearch: `search` is none of SEARCH ... RESEARCH (| QUIESCENCE)');
    const quiescence = (search & QUIESCENCE) !== 0;
    search &= 3;
    if (why < WHY_NONE || why > WHY_SINGULAR) throw new RecordError('enterSearch: `why` is none of WHY_*');
    depth = integer(depth);
    ply = integer(ply);
    if (this.nextId === NO_NODE) throw new RecordError('enter: more than 2^32 - 1 nodes');
    const parent = this.top();
    let label = 0;
    if (search === RESEARCH) {
      label = this.intern(move);
      if (!parent) throw new RecordError('enterSearch: a re-search with no node open');
      if (!parent.pending) throw new RecordError('enterSearch: a re-search that does not follow the leave of an attempt');
      if (parent.pendingNull) throw new RecordError('enterSearch: a re-search of a null move');
      if (label && parent.lastLabel && label !== parent.lastLabel)
        throw new RecordError('enterSearch: a re-search of another move than the attempt that just returned');
      parent.pending = false; // the attempt is superseded: it counts towards nothing
    } else {
      this.settle();
    }
    if (parent && parent.cut) throw new RecordError('enter: a successor after a cutoff');
    if (parent && parent.tableCut) throw new RecordError('enter: a successor of a node the table settled (TT_CUT)');
    if (parent && this.expandDue && !parent.expanded && !parent.entered)
      throw new RecordError("enter: with a rule declared (steps), call expand before a node's first successor");
    if (parent && parent.evaluated && !parent.entered)
      this.event(T.note, 0, 0, parent.id, this.intern('static value ' + parent.staticValue), 0);
    if (search !== RESEARCH) label = this.intern(move);
    if (parent) {
      ++parent.entered;
      parent.lastLabel = label;
      if (ATTEMPT_FLAGS[search])
        this.event(T.attempt, ATTEMPT_FLAGS[search], search === NULL_MOVE ? 0 : why, parent.id, parent.k, 0);
    }
    // numbered when written; label and facts kept to write them again should it fire
    const node = { id: NO_NODE, alpha0: alpha, alpha, beta, best: -INF, k: 0, evaluated: false,
      staticValue: 0, pending: false, pendingRet: 0, pendingNull: false, lastLabel: 0, cut: false,
      entered: 0, expanded: false, search, tableCut: false, tableBound: EXACT, label,
      factsMask: (quiescence ? 1 : 0) | (depth !== NONE ? 2 : 0) | (ply !== NONE ? 4 : 0),
      factsDepth: depth !== NONE ? depth : 0, factsPly: ply !== NONE ? ply : 0, hashCandidate: false };
    this.stack.push(node);
    if (this.triggerOn && !this.capturing) { // not written, unless it fires
      if (this.subtreeTrigger() && this.triggerHolds()) {
        if (this.triggerHashKey !== null) node.hashCandidate = true; // decided by its hash
        else this.capture(node);
      }
      return;
    }
    node.id = this.nextId++;
    this.event(T.enter, 0, 0xffff, node.id, alpha, beta);
    if (label) this.event(T.label, 0, 0, node.id, label, 0);
    if (node.factsMask) this.event(T.nodeFacts, node.factsMask, 0, node.id, node.factsDepth, node.factsPly);
  }

  staticEval(value) {
    const node = this.fresh('staticEval');
    this.event(T.staticEval, 0, 0, node.id, clamp(value), 0);
  }

  // key: a BigInt, or a non-negative integer Number below 2^53.
  hash(key) {
    const node = this.fresh('hash');
    if (typeof key === 'number') key = BigInt(integer(key));
    if (typeof key !== 'bigint') throw new RecordError('hash: the key must be a BigInt or an integer');
    key = BigInt.asUintN(64, key);
    if (node.hashCandidate) {
      node.hashCandidate = false;
      if (key === this.triggerHashKey && !this.capturing) this.capture(node);
    }
    this.event(T.hashKey, 0, 0, node.id, Number(BigInt.asIntN(32, key)), Number(BigInt.asIntN(32, key >> 32n)));
  }

  table(result, bound, depth, value, move = null) {
    this.open();
    result = integer(result);
    bound = integer(bound);
    depth = integer(depth);
    if (result < TT_MISS || result > TT_CUT) throw new RecordError('table: `result` is none of TT_MISS, TT_HIT, TT_CUT');
    if (result !== TT_MISS && (bound < BOUND_UPPER || bound > BOUND_LOWER))
      throw new RecordError('table: `bound` is none of BOUND_*');
    const node = this.top();
    if (!node) throw new RecordError('table with no node open');
    if (node.entered) throw new RecordError('table: the node already has successors');
    if (node.tableCut) throw new RecordError('table: the table already settled the node');
    value = clamp(value);
    const label = move ? this.intern(move) : 0;
    const aux = result === TT_MISS ? 0xffff : Math.max(0, Math.min(depth, 65534));
    this.event(T.ttProbe, result === TT_MISS ? 0 : result | (bound << 2), aux, node.id,
      result === TT_MISS ? 0 : value, -1);
    if (label) this.event(T.tableMove, 0, 0, node.id, label, 0);
    if (result === TT_CUT) {
      node.tableCut = true;
      node.tableBound = bound;
    }
  }

  prune(move, why) {
    this.open();
    why = integer(why);
    if (why < PRUNE_OTHER || why > PRUNE_HISTORY) throw new RecordError('prune: `why` is none of PRUNE_*');
    this.settle();
    const node = this.top();
    if (!node) throw new RecordError('prune with no node open');
    if (node.cut || node.tableCut) throw new RecordError('prune after the node was cut');
    this.event(T.prune, 0, why, node.id, move ? this.intern(move) : 0, 0);
  }

  position(text) {
    const node = this.fresh('position');
    this.event(T.position, 0, 0, node.id, this.intern(text), 0);
  }

  expand(count) {
    const node = this.fresh('expand');
    count = clamp(count);
    if (count < 0) throw new RecordError('expand: a negative count');
    if (node.expanded) throw new RecordError('expand: called twice for one node');
    node.expanded = true;
    this.event(T.expand, 0, 0, node.id, count, 0);
  }

  evaluate(value) {
    this.open();
    value = clamp(value);
    const node = this.top();
    if (!node) throw new RecordError('evaluate with no node open');
    if (node.entered) throw new RecordError('evaluate after a successor was entered');
    node.evaluated = true;
    node.staticValue = clamp(value);
  }

  cutoff() {
    this.open();
    const node = this.top();
    if (!node || !node.pending) throw new RecordError('cutoff: no successor has just returned');
    const best = Math.max(node.best, -node.pendingRet);
    if (this.ge ? best < node.beta : best <= node.beta)
      throw new RecordError(this.ge ? 'cutoff: best is below beta (the criterion is >=)'
        : 'cutoff: best is not above beta (the criterion is >)');
    node.pending = false;
    this.countReturn(node); // a null move too: it caused the cutoff
    node.cut = true;
    this.event(T.cutoff, 0, 0, node.id, node.k - 1, node.best);
  }

  leave(value) { this.leaveAs(value, null); }

  leaveBound(value, bound) { this.leaveAs(value, integer(bound)); }

  leaveAs(value, bound) {
    this.open();
    const ret = clamp(value);
    if (!this.stack.length) throw new RecordError('leave with no node open');
    const node = this.top();
    if (bound !== null) this.checkBound(node, ret, bound);
    this.settle();
    if (!node.entered && !node.tableCut)
      this.event(T.evaluate, 0, 0, node.id, node.evaluated ? node.staticValue : ret, 0);
    this.event(T.leave, this.leaveFlags(node, ret, bound), 0, node.id, ret, 0);
    this.stack.pop();
    this.captureLeft();
    const parent = this.top();
    if (!parent) return;
    parent.pending = true; // its steps wait for the next call: a re-search would supersede it
    parent.pendingRet = ret;
    parent.pendingNull = node.search === NULL_MOVE;
  }

  note(text) {
    this.open();
    this.settle();
    const node = this.top();
    this.event(T.note, 0, 0, node ? node.id : NO_NODE, this.intern(text || ''), 0);
  }

  // -- triggered capture (record.h, kbz_trigger_path) ------------------------------------------
  // The node these moves (as enter named them, separated by spaces) reach from a root; '' is
  // the root itself.
  triggerPath(moves) {
    if (moves === null || moves === undefined) throw new RecordError('triggerPath: moves is null ("" is the root)');
    this.triggerReady('triggerPath');
    this.triggerPathIds = String(moves).split(' ').filter(w => w).map(w => this.intern(w));
  }

  // The nodes whose hash is `key` (a BigInt, or an integer below 2^53; hash right after the
  // enter, before staticEval).
  triggerHash(key) {
    if (typeof key === 'number') key = BigInt(integer(key));
    if (typeof key !== 'bigint') throw new RecordError('triggerHash: the key must be a BigInt or an integer');
    this.triggerReady('triggerHash');
    this.triggerHashKey = BigInt.asUintN(64, key);
  }

  // The nodes at this ply (0: the root).
  triggerPly(ply) {
    ply = integer(ply);
    if (ply < 0) throw new RecordError('triggerPly: a ply is 0 (the root) or more');
    this.triggerReady('triggerPly');
    this.triggerPlyN = ply;
  }

  // Within the n-th iterationBegin only (1: the first); alone, that whole iteration.
  triggerIteration(n) {
    n = integer(n);
    if (n < 1) throw new RecordError('triggerIteration: iterations count from 1');
    this.triggerReady('triggerIteration');
    this.triggerIterationN = n;
  }

  // At most n subtrees (0: no limit); a BigInt, or an integer.
  triggerLimit(n) {
    if (typeof n === 'number') n = BigInt(integer(n));
    if (typeof n !== 'bigint') throw new RecordError('triggerLimit: the limit must be a BigInt or an integer');
    if (n < 0n) throw new RecordError('triggerLimit: a limit is 0 (none) or more');
    this.triggerReady('triggerLimit');
    this.triggerLimitN = n;
  }

  triggerReady(call) {
    this.open();
    if (this.started || this.stack.length || this.iteration) throw new RecordError(call + ': a trigger is set before the first event');
    this.triggerOn = true;
  }

  // Conditions on subtrees (path, hash, ply), as opposed to a whole iteration.
  subtreeTrigger() {
    return this.triggerPathIds !== null || this.triggerHashKey !== null || this.triggerPlyN >= 0;
  }

  // Whether the node on top (just entered) meets the conditions known at its enter.
  triggerHolds() {
    const ply = this.stack.length - 1, path = this.triggerPathIds;
    if (this.triggerLimitN && this.captures >= this.triggerLimitN) return false;
    if (this.triggerIterationN && this.iteration !== this.triggerIterationN) return false;
    if (this.triggerPlyN >= 0 && ply !== this.triggerPlyN) return false;
    if (path !== null) {
      if (ply !== path.length) return false;
      for (let i = 0; i < path.length; ++i) if (this.stack[i + 1].label !== path[i]) return false;
    }
    return true;
  }

  // The moves from the root to the node on top as one label ('e2e4 e7e5'; '-' for a move not
  // named), interned; the root's own label for a root.
  pathLabel() {
    if (this.stack.length <= 1) return this.stack.length ? this.stack[0].label : 0;
    return this.intern(this.stack.slice(1).map(n => (n.label ? utf8Text.decode(this.strings[n.label - 1]) : '-')).join(' '));
  }

  // The node on top fires: from here to its leave the events are written, it the root.
  capture(node) {
    const label = this.pathLabel();
    this.capturing = true;
    this.captureDepth = this.stack.length - 1;
    ++this.captures;
    node.id = this.nextId++;
    this.event(T.enter, 0, 0xffff, node.id, node.alpha0, node.beta);
    if (label) this.event(T.label, 0, 0, node.id, label, 0);
    if (node.factsMask) this.event(T.nodeFacts, node.factsMask, 0, node.id, node.factsDepth, node.factsPly);
  }

  // After a node is left (the stack popped): the capture ends with its root.
  captureLeft() {
    if (this.capturing && this.captureDepth === this.stack.length) this.capturing = false;
  }

  // An iteration as written: its number, or the captured iteration's (the first is 1).
  iterationNumber() { return this.triggerOn ? this.captures : this.iteration; }

  // The 'trigger' fact: the conditions in words, as record.h's 400-byte buffer holds them.
  triggerFact() {
    const text = [];
    const add = (bytes) => { for (const b of bytes) text.push(b); };
    if (this.triggerPathIds !== null) {
      add(utf8.encode('path'));
      for (const id of this.triggerPathIds) {
        if (text.length >= 360) break;
        add([0x20]);
        add(this.strings[id - 1]);
      }
      if (!this.triggerPathIds.length) add(utf8.encode(' (the root)'));
    }
    for (const [on, words] of [
      [this.triggerHashKey !== null, 'hash 0x' + (this.triggerHashKey ?? 0n).toString(16).padStart(16, '0')],
      [this.triggerPlyN >= 0, 'ply ' + this.triggerPlyN],
      [this.triggerIterationN, 'iteration ' + this.triggerIterationN],
      [this.triggerLimitN, 'at most ' + this.triggerLimitN]]) {
      if (on && text.length < 360) add(utf8.encode((text.length ? ', ' : '') + words));
    }
    return cText(Uint8Array.from(text.slice(0, 399)));
  }

  // Leaves the open nodes unfinished and completes the file: its bytes without a sink. Live:
  // the socket is ended once the viewer has taken the rest (await closeLive() to wait for it).
  close() {
    if (this.closed) return new Uint8Array(0);
    this.closed = true;
    if (this.live && this.live.stopped) {
      this.liveEnd();
      throw new RecordError(this.live.stopped);
    }
    this.settle();
    while (this.stack.length) {
      const node = this.stack.pop();
      this.event(T.leave, EXACT | (UNKNOWN << 2), 0, node.id, node.k ? node.best : node.alpha0, 0);
      this.captureLeft();
    }
    if (this.iterationOpen) this.event(T.iterationEnd, 0, 0, this.iterationNumber(), this.lastIterationValue, 0);
    if (this.triggerOn) {
      this.setMeta('trigger_captures', String(this.captures));
      if (!this.captures && globalThis.process?.stderr) {
        process.stderr.write(`kibitz record: the trigger (${this.triggerFact()}) never fired: the trace has no events\n`);
      }
    }
    this.flush();
    this.writeStrings();
    if (this.metaItems.length > this.metaFirst) this.writeMeta(this.metaItems.slice(this.metaFirst));
    const sum = this.sum.bytes();
    this.chunkHead('END ', 8);
    this.write(sum);
    if (this.live) {
      this.liveEnd();
      if (this.live.stopped) throw new RecordError(this.live.stopped);
    }
    if (this.sink) return new Uint8Array(0);
    const size = this.parts.reduce((n, p) => n + p.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of this.parts) { out.set(p, at); at += p.length; }
    this.parts = [];
    return out;
  }

  // -- the file -------------------------------------------------------------------------------
  write(bytes) {
    this.sum.update(bytes);
    if (this.sink) this.sink(bytes);
    else this.parts.push(bytes);
  }

  chunkHead(tag, length) {
    const h = new DataView(new ArrayBuffer(16));
    for (let i = 0; i < 4; ++i) h.setUint8(i, tag.charCodeAt(i));
    h.setUint32(4, 0, true);
    h.setUint32(8, length % 0x100000000, true);
    h.setUint32(12, Math.floor(length / 0x100000000), true);
    this.write(new Uint8Array(h.buffer));
  }

  writeMeta(items) {
    const body = [0x7b];
    items.forEach(([k, v], i) => {
      if (i) body.push(0x2c);
      body.push(...jsonString(k), 0x3a, ...jsonString(v));
    });
    body.push(0x7d);
    this.chunkHead('META', body.length);
    this.write(Uint8Array.from(body));
  }

  start() {
    if (this.started) return;
    this.started = true;
    const h = new DataView(new ArrayBuffer(16));
    for (let i = 0; i < 8; ++i) h.setUint8(i, 'KIBITZ\r\n'.charCodeAt(i));
    h.setUint32(8, 2, true);
    // 0x400: the steps after a successor returns are derived by the reader (not written)
    // 0x800: a live stream, whose event chunks may hold fewer than 65,536 events
    h.setUint32(12, this.flags | (this.ge ? 0x100 : 0) | 0x400 | (this.streaming ? STREAM_FLAG : 0), true);
    this.write(new Uint8Array(h.buffer));
    if (this.triggerOn) this.setMeta('trigger', this.triggerFact());
    this.metaFirst = this.metaItems.length;
    this.writeMeta(this.metaItems);
  }

  writeStrings() {
    if (this.stringsWritten === this.strings.length) return;
    const fresh = this.strings.slice(this.stringsWritten);
    const size = 8 + fresh.reduce((n, s) => n + 4 + s.length, 0);
    this.chunkHead('STRS', size);
    const body = new Uint8Array(size);
    const v = new DataView(body.buffer);
    v.setUint32(0, this.stringsWritten + 1, true);
    v.setUint32(4, fresh.length, true);
    let at = 8;
    for (const s of fresh) {
      v.setUint32(at, s.length, true);
      body.set(s, at + 4);
      at += 4 + s.length;
    }
    this.write(body);
    this.stringsWritten = this.strings.length;
  }

  flush() {
    this.start();
    if (this.count === 0) return;
    this.writeStrings();
    this.chunkHead('EVTV', 4 + this.used);
    const head = new DataView(new ArrayBuffer(4));
    head.setUint32(0, this.count, true);
    this.write(new Uint8Array(head.buffer));
    this.write(this.events.slice(0, this.used));
    this.count = 0;
    this.used = 0;
    this.prevNode = 0;
    if (this.streaming) this.lastSeal = performance.now();
  }

  event(type, flags, aux, node, a, b) {
    if (this.triggerOn && !this.capturing) return; // outside the captured subtrees
    if (!this.started) { // the header and the facts go out with the first event
      this.start();
      if (this.streaming) this.lastSeal = performance.now();
    }
    // an EVTV event: type, a mask of the fields that are not zero, then those fields (the node
    // as the difference from the chunk's previous event's), as record.h writes them
    const out = this.events;
    let p = this.used;
    out[p++] = type;
    const at = p++;
    let mask = 0;
    const varint = (v) => { while (v >= 0x80) { out[p++] = (v & 0x7f) | 0x80; v = Math.floor(v / 128); } out[p++] = v; };
    const zigzag = (v) => ((v << 1) ^ (v >> 31)) >>> 0; // v: an int32
    const delta = (node - this.prevNode) | 0;
    if (flags) { mask |= 1; out[p++] = flags; }
    if (aux) { mask |= 2; varint(aux); }
    if (delta) { mask |= 4; varint(zigzag(delta)); }
    if (type === T.hashKey) { // a position key's halves are random bits: 4 bytes each
      mask |= 8 | 16;
      for (const v of [a >>> 0, b >>> 0]) for (let i = 0; i < 4; ++i) out[p++] = (v >>> (8 * i)) & 0xff;
    } else {
      if (a) { mask |= 8; varint(zigzag(a | 0)); }
      if (b) { mask |= 16; varint(zigzag(b | 0)); }
    }
    out[at] = mask;
    this.prevNode = node >>> 0;
    this.used = p;
    if (this.streaming) {
      if (!this.live.socket) ++this.live.missed;
      // live: also after 50 ms (checked every 64 events), so the viewer sees the search go
      ++this.count;
      if (this.count === CHUNK_EVENTS || ((this.count & 63) === 0 && performance.now() - this.lastSeal >= SEAL_MS))
        this.flush();
    } else if (++this.count === CHUNK_EVENTS) this.flush();
  }

  intern(text) {
    if (!text) return 0;
    const key = String(text);
    let id = this.ids.get(key);
    if (id === undefined) {
      this.strings.push(utf8.encode(key));
      id = this.strings.length;
      this.ids.set(key, id);
    }
    return id;
  }

  // -- the steps ------------------------------------------------------------------------------
  open() {
    if (this.closed) throw new RecordError('the recording is closed');
    if (this.live && this.live.stopped) throw new RecordError(this.live.stopped);
  }

  top() { return this.stack.length ? this.stack[this.stack.length - 1] : null; }

  fresh(what) {
    this.open();
    const node = this.top();
    if (!node || node.entered || node.evaluated) throw new RecordError(what + ': not right after enter');
    return node;
  }

  // The node's state after its successor returned; the steps (child_return, best_set,
  // alpha_set) are derived by the reader, not written.
  countReturn(node) {
    node.best = Math.max(node.best, -node.pendingRet);
    ++node.k;
  }

  // The open node's steps for the successor that returned last, unless a cutoff or a re-search
  // came; a null move that did not cut counts towards nothing.
  settle() {
    const node = this.top();
    if (!node || !node.pending) return;
    node.pending = false;
    if (node.pendingNull) return;
    this.countReturn(node);
    const alpha = Math.max(node.best, node.alpha);
    if (alpha > node.beta) return;
    node.alpha = alpha;
  }

  checkBound(node, ret, bound) {
    const cut = this.ge ? ret >= node.beta : ret > node.beta;
    const low = this.ge ? ret <= node.alpha0 : ret < node.alpha0;
    if (bound < BOUND_UPPER || bound > BOUND_LOWER) throw new RecordError('leaveBound: `bound` is none of BOUND_*');
    if (bound === BOUND_LOWER && !cut) throw new RecordError('leaveBound: a lower bound that does not reach beta');
    if (bound === BOUND_UPPER && !low) throw new RecordError('leaveBound: an upper bound above alpha');
    if (bound === BOUND_EXACT && node.entered && (cut || low))
      throw new RecordError('leaveBound: an exact value outside the window');
  }

  leaveFlags(node, ret, bound = null) {
    const cut = this.ge ? ret >= node.beta : ret > node.beta;
    const low = this.ge ? ret <= node.alpha0 : ret < node.alpha0;
    const kind = !node.entered && !node.tableCut ? LEAF : cut ? CUT : low ? ALL : PV;
    if (bound === null)
      bound = node.tableCut ? node.tableBound : !node.entered ? EXACT : cut ? LOWER : low ? UPPER : EXACT;
    return bound | (kind << 2);
  }
}
