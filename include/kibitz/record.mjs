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

export const INF = 1000000000;
const CHUNK_EVENTS = 65536;
const NO_NODE = 0xffffffff;
const T = { iterationBegin: 1, iterationEnd: 2, enter: 3, label: 4, position: 5, expand: 6,
  evaluate: 7, childReturn: 8, bestSet: 9, alphaSet: 10, cutoff: 11, leave: 12, note: 64 };
const UPPER = 0, EXACT = 1, LOWER = 2;
const UNKNOWN = 0, PV = 1, CUT = 2, ALL = 3, LEAF = 4;
const RULES = { none: 0, alphabeta: 2 }; // the .kbz header's rule numbers

export class RecordError extends Error {}

// An integer value, clamped to +-INF; anything else (undefined, NaN, text) is refused.
function clamp(v) {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new RecordError('a value must be a number, not ' + String(v));
  return v > INF ? INF : v < -INF ? -INF : Math.trunc(v);
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

export class Recorder {
  // sink: optional function(Uint8Array) that takes each part of the file as it is written.
  constructor(sink = null) {
    this.sink = sink;
    this.parts = [];
    this.hash = new Fnv64();
    this.events = new DataView(new ArrayBuffer(16 * CHUNK_EVENTS));
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
    this.event(T.iterationBegin, 0, 0, this.iteration, clamp(depth), 0);
  }

  iterationEnd(value) {
    this.open();
    if (this.stack.length) throw new RecordError('iterationEnd with a node open');
    if (!this.iterationOpen) throw new RecordError('iterationEnd without iterationBegin');
    this.iterationOpen = false;
    this.lastIterationValue = clamp(value);
    this.event(T.iterationEnd, 0, 0, this.iteration, this.lastIterationValue, 0);
  }

  enter(alpha, beta, move = null) {
    this.open();
    alpha = clamp(alpha);
    beta = clamp(beta);
    if (alpha > beta) throw new RecordError('enter: alpha is above beta');
    if (this.nextId === NO_NODE) throw new RecordError('enter: more than 2^32 - 1 nodes');
    this.settle();
    const parent = this.top();
    if (parent && parent.cut) throw new RecordError('enter: a successor after a cutoff');
    if (parent && this.expandDue && !parent.expanded && !parent.entered)
      throw new RecordError("enter: with a rule declared (steps), call expand before a node's first successor");
    if (parent && parent.evaluated && !parent.entered)
      this.event(T.note, 0, 0, parent.id, this.intern('static value ' + parent.staticValue), 0);
    const label = this.intern(move);
    if (parent) ++parent.entered;
    const node = { id: this.nextId++, alpha0: alpha, alpha, beta, best: -INF, k: 0, evaluated: false,
      staticValue: 0, alphaDue: false, cut: false, entered: 0, expanded: false };
    this.stack.push(node);
    this.event(T.enter, 0, 0xffff, node.id, alpha, beta);
    if (label) this.event(T.label, 0, 0, node.id, label, 0);
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
    if (!node || !node.alphaDue) throw new RecordError('cutoff: no successor has just returned');
    if (this.ge ? node.best < node.beta : node.best <= node.beta)
      throw new RecordError(this.ge ? 'cutoff: best is below beta (the criterion is >=)'
        : 'cutoff: best is not above beta (the criterion is >)');
    node.alphaDue = false;
    node.cut = true;
    this.event(T.cutoff, 0, 0, node.id, node.k - 1, node.best);
  }

  leave(value) {
    this.open();
    const ret = clamp(value);
    if (!this.stack.length) throw new RecordError('leave with no node open');
    this.settle();
    const node = this.top();
    if (!node.entered) this.event(T.evaluate, 0, 0, node.id, node.evaluated ? node.staticValue : ret, 0);
    this.event(T.leave, this.leaveFlags(node, ret), 0, node.id, ret, 0);
    this.stack.pop();
    const parent = this.top();
    if (!parent) return;
    const best = Math.max(-ret, parent.best);
    this.event(T.childReturn, EXACT, 0, parent.id, parent.k, ret);
    this.event(T.bestSet, EXACT, 0, parent.id, parent.k, best);
    parent.best = best;
    parent.alphaDue = true;
    ++parent.k;
  }

  note(text) {
    this.open();
    this.settle();
    const node = this.top();
    this.event(T.note, 0, 0, node ? node.id : NO_NODE, this.intern(text || ''), 0);
  }

  // Leaves the open nodes unfinished and completes the file: its bytes without a sink.
  close() {
    if (this.closed) return new Uint8Array(0);
    this.closed = true;
    this.settle();
    while (this.stack.length) {
      const node = this.stack.pop();
      this.event(T.leave, EXACT | (UNKNOWN << 2), 0, node.id, node.k ? node.best : node.alpha0, 0);
    }
    if (this.iterationOpen) this.event(T.iterationEnd, 0, 0, this.iteration, this.lastIterationValue, 0);
    this.flush();
    this.writeStrings();
    if (this.metaItems.length > this.metaFirst) this.writeMeta(this.metaItems.slice(this.metaFirst));
    const sum = this.hash.bytes();
    this.chunkHead('END ', 8);
    this.write(sum);
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
    this.hash.update(bytes);
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
    h.setUint32(12, this.flags | (this.ge ? 0x100 : 0), true);
    this.write(new Uint8Array(h.buffer));
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
    this.chunkHead('EVTS', 4 + 16 * this.count);
    const head = new DataView(new ArrayBuffer(4));
    head.setUint32(0, this.count, true);
    this.write(new Uint8Array(head.buffer));
    this.write(new Uint8Array(this.events.buffer.slice(0, 16 * this.count)));
    this.count = 0;
  }

  event(type, flags, aux, node, a, b) {
    if (!this.started) this.start(); // the header and the facts go out with the first event
    const at = 16 * this.count;
    const v = this.events;
    v.setUint8(at, type);
    v.setUint8(at + 1, flags);
    v.setUint16(at + 2, aux, true);
    v.setUint32(at + 4, node, true);
    v.setInt32(at + 8, a, true);
    v.setInt32(at + 12, b, true);
    if (++this.count === CHUNK_EVENTS) this.flush();
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
  }

  top() { return this.stack.length ? this.stack[this.stack.length - 1] : null; }

  fresh(what) {
    this.open();
    const node = this.top();
    if (!node || node.entered || node.evaluated) throw new RecordError(what + ': not right after enter');
    return node;
  }

  settle() {
    const node = this.top();
    if (!node || !node.alphaDue) return;
    node.alphaDue = false;
    const alpha = Math.max(node.best, node.alpha);
    if (alpha > node.beta) return;
    this.event(T.alphaSet, alpha > node.alpha ? 1 : 0, 0, node.id, node.k, alpha);
    node.alpha = alpha;
  }

  leaveFlags(node, ret) {
    const cut = this.ge ? ret >= node.beta : ret > node.beta;
    const low = this.ge ? ret <= node.alpha0 : ret < node.alpha0;
    if (!node.entered) return EXACT | (LEAF << 2);
    if (cut) return LOWER | (CUT << 2);
    if (low) return UPPER | (ALL << 2);
    return EXACT | (PV << 2);
  }
}
