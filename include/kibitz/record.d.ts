// Types of record.mjs: record a search as a Kibitz trace (.kbz, format version 2).
// The calls mirror include/kibitz/record.h; docs/recording.md is the tutorial.

/** Infinity: 10^9. Larger values are clamped to it, smaller ones to -INF. */
export declare const INF: 1000000000;

/** A depth or ply not known (`enterSearch`). */
export declare const NONE: -2147483648;

/** The bound of a value (`leaveBound`, `table`). */
export declare const BOUND_UPPER: 0;
export declare const BOUND_EXACT: 1;
export declare const BOUND_LOWER: 2;

/** How a node is searched (`enterSearch`'s `search`). */
export declare const SEARCH: 0;
/** A null move (label it "null"); call `cutoff` right after its `leave` when it fails high. */
export declare const NULL_MOVE: 1;
/** A reduced or zero-window search that a re-search may supersede. */
export declare const PROBE: 2;
/** The re-search of the attempt that just returned, with the same move. */
export declare const RESEARCH: 3;
/** Added (`|`) to one of the four above for a quiescence node. */
export declare const QUIESCENCE: 4;

/** Why a probe or re-search was made (`enterSearch`'s `why`). */
export declare const WHY_NONE: 0;
export declare const WHY_LMR: 1;
export declare const WHY_PVS: 2;
export declare const WHY_VERIFY: 3;
export declare const WHY_SINGULAR: 4;

/** What a transposition-table probe found (`table`'s `result`). */
export declare const TT_MISS: 0;
export declare const TT_HIT: 1;
/** The entry settled the node: `leave` follows with no successor. */
export declare const TT_CUT: 2;

/** Why a move was skipped unsearched (`prune`'s `why`). */
export declare const PRUNE_OTHER: 0;
export declare const PRUNE_FUTILITY: 1;
export declare const PRUNE_LATE_MOVE: 2;
export declare const PRUNE_SEE: 3;
export declare const PRUNE_RAZOR: 4;
export declare const PRUNE_HISTORY: 5;

/**
 * A call the recorder refused: out of order, a bad argument, a value that is not an integer,
 * or any call after `close`. It writes nothing; the recording can still be closed.
 */
export declare class RecordError extends Error {
  /** Why a recorder could not be opened: "ECONNREFUSED" (`openLive`), "EINVAL" (KIBITZ_TRIGGER_*). */
  code?: string;
}

/** Takes each part of the file as it is written (Node: `chunk => fs.writeSync(fd, chunk)`). */
export type RecordSink = (bytes: Uint8Array) => void;

/**
 * Writes one search's trace. Values are integers in negamax form, from the side to move at the
 * node; any other number throws RecordError. Text (moves, positions, notes) is written as UTF-8.
 */
export declare class Recorder {
  /**
   * Without a sink the file is kept in memory and `close()` returns it; with one, each part
   * goes to the sink as it is written and `close()` returns an empty array. A path is refused
   * with RecordError (a live one, "tcp://...", is opened with `Recorder.openLive`).
   */
  constructor(sink?: RecordSink | null);

  /**
   * Opens a live recorder (Node only): "tcp://HOST:PORT" streams the trace to the viewer
   * listening there (`kibitz-desktop --listen PORT`, or `kibitz serve`), and
   * "tcp://HOST:PORT?file=F" also writes it to the file F. Event chunks are sealed every 50 ms
   * (checked every 64 events) and after each `iterationEnd`, and the header says "stream"
   * (flag 0x800). Bytes go through Node's socket, which sends the rest when the event loop runs:
   * a search that never awaits shows the viewer little before it ends. Past 16 MiB unsent, or
   * when the connection fails, the viewer is dropped: with a file the recording goes on there
   * (one line on stderr), without one every later call throws RecordError. With no viewer
   * listening, rejects with RecordError (`code` "ECONNREFUSED") without a file, and records to
   * F only with one. Close it with `await closeLive()`.
   */
  static openLive(path: string): Promise<Recorder>;

  /** Live: the events the viewer did not get (it fell behind, or was not there); else 0. */
  readonly streamMissed: number;

  /**
   * Declares the search's rule and cutoff criterion, before the first node. With
   * "alphabeta" Kibitz checks every step against its own rule, and `expand` is required
   * before each node's first successor. `null` or `undefined` is "none".
   */
  steps(rule: 'none' | 'alphabeta' | null | undefined, criterion: 'gt' | 'ge'): void;

  /** A fact about the search ("engine", "position", ...); the value is kept as `String(value)`. */
  meta(key: string, value: string | number | bigint | boolean): void;

  /** Opens an iteration of iterative deepening (one root per iteration), with no node open. */
  iterationBegin(depth: number): void;

  /** Closes the open iteration with its root's value. */
  iterationEnd(value: number): void;

  /** Enters a node with its window (alpha <= beta), by `move` (a label; none at the root). */
  enter(alpha: number, beta: number, move?: string | null): void;

  /**
   * `enter` with a modern engine's facts: `search` is SEARCH, NULL_MOVE, PROBE or RESEARCH
   * (`| QUIESCENCE`), `why` one of WHY_*, `depth` and `ply` the node's or NONE.
   */
  enterSearch(
    alpha: number,
    beta: number,
    move: string | null | undefined,
    search: number,
    why: number,
    depth: number,
    ply: number,
  ): void;

  /** The open node's static value, right after `enter`. */
  staticEval(value: number): void;

  /** The open node's position key (64 bits), right after `enter`: a BigInt, or an integer below 2^53. */
  hash(key: bigint | number): void;

  /**
   * A transposition-table probe of the open node, before its first successor: `result` one of
   * TT_*, `bound` one of BOUND_* (unused for TT_MISS), the entry's depth, value and move.
   */
  table(result: number, bound: number, depth: number, value: number, move?: string | null): void;

  /** A move of the open node skipped unsearched, `why` one of PRUNE_*. */
  prune(move: string | null | undefined, why: number): void;

  /** The open node's position (a FEN, say), right after `enter`. */
  position(text: string): void;

  /** The open node's number of moves, once, before its first successor: those never entered show as pruned. */
  expand(count: number): void;

  /** A leaf's static value (or a stand-pat value, kept as a note when successors follow). */
  evaluate(value: number): void;

  /** The successor that just returned ends the loop: best meets the criterion against beta. */
  cutoff(): void;

  /** The open node returns `value`; call it on every path out of the node. */
  leave(value: number): void;

  /** `leave` with the bound the engine knows, one of BOUND_*: it must agree with the window. */
  leaveBound(value: number, bound: number): void;

  /** Any text about the open node (or about the search, with no node open). */
  note(text?: string | null): void;

  /**
   * Triggered capture (docs/recording.md, "Triggered capture"): record only the subtrees of the
   * nodes where every condition set holds, each such node a root of the trace labelled with the
   * moves from the search's root to it ("e2e4 e7e5 g1f3"); the rest of the search is followed
   * (its calls are still checked) but not written. Before the first event (else RecordError).
   * In Node the constructor (and `openLive`, before it makes any file) also reads the conditions
   * from KIBITZ_TRIGGER_PATH, KIBITZ_TRIGGER_HASH (decimal or 0x hex), KIBITZ_TRIGGER_PLY,
   * KIBITZ_TRIGGER_ITERATION and KIBITZ_TRIGGER_LIMIT: one that is not valid is named on stderr
   * and a RecordError with `code` "EINVAL" is thrown. Facts: "trigger" (the conditions), and at
   * the end "trigger_captures" (how many).
   *
   * The node these moves reach from a root, as `enter` named them, separated by spaces ("" is
   * the root itself).
   */
  triggerPath(moves: string): void;

  /**
   * The nodes whose `hash` is `key` (a BigInt, or an integer below 2^53). Call `hash` right
   * after the enter: a `staticEval` before it is not recorded for that node.
   */
  triggerHash(key: bigint | number): void;

  /** The nodes at this ply (0: the root). */
  triggerPly(ply: number): void;

  /**
   * Within the n-th `iterationBegin` only (1: the first); alone, that whole iteration is
   * recorded with its iteration events (numbered from 1 in the trace).
   */
  triggerIteration(n: number): void;

  /** At most n subtrees (0, the default: no limit). */
  triggerLimit(n: number | bigint): void;

  /**
   * Leaves the open nodes unfinished and completes the file. Returns its bytes without a
   * sink, an empty array with one (or when already closed).
   */
  close(): Uint8Array;

  /**
   * `close()`, then, for a live recorder, waits until the viewer has taken the rest (at most
   * 5 s; then it gets no more). Resolves to what `close()` returns; rejects with RecordError
   * when the viewer was dropped and there is no file to go on in. (A plain `close()` of a live
   * recorder also ends the stream, without telling when.)
   */
  closeLive(): Promise<Uint8Array>;
}
