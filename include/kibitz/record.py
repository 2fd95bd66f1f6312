"""Record a search as a Kibitz trace (.kbz, format version 2): the Python standard library only.

The same calls as include/kibitz/record.h, which they mirror event for event and byte for
byte; the contract is written there and in docs/recording.md. In short:

    from record import Recorder, INF
    with Recorder("search.kbz") as r:          # or r = Recorder(path) ... r.close()
        r.meta("engine", "my-engine")
        r.enter(-INF, INF, None)               # a node entered with its window, by a move
        ...   r.evaluate(v) for a leaf, or successors: r.enter(...) ... r.leave(ret)
        ...   r.cutoff() after the successor whose return ends the loop
        r.leave(value)                         # the node returns value (negamax form)

A call out of order raises RecordError and writes nothing; the recording can still be closed.

Live (record.h's kbz_open tells the contract): Recorder("tcp://HOST:PORT") streams the trace to a
viewer listening there, Recorder("tcp://HOST:PORT?file=F") also writes it to the file F. Bytes the
viewer has not taken yet wait in memory (sent without blocking); past 16 MiB it is dropped: with a
file the recording goes on there alone (one line on stderr), without one every later call raises
RecordError. With no viewer listening, "tcp://HOST:PORT" raises ConnectionRefusedError and
"...?file=F" records to F only. r.stream_missed counts the events the viewer did not get.

Triggered capture (record.h's kbz_trigger_path tells the contract): r.trigger_path("e2e4 e7e5"),
r.trigger_hash(key), r.trigger_ply(n), r.trigger_iteration(n), r.trigger_limit(n), before the first
event, record only the subtrees of the nodes where every condition set holds, each a root labelled
with its path. KIBITZ_TRIGGER_PATH, _HASH, _PLY, _ITERATION and _LIMIT in the environment are read
by the constructor, before any file is made: one that is not valid is named on stderr and the
constructor raises OSError (EINVAL).
"""

import errno
import os
import socket
import struct
import sys
import threading
import time

INF = 1000000000
CHUNK_EVENTS = 65536
NO_NODE = 0xFFFFFFFF
STREAM_FLAG = 0x800  # the header's "live stream": event chunks may hold fewer than 65,536 events
BACKLOG_MAX = 16 << 20  # bytes the viewer may leave unsent before it is dropped
SEAL_SECONDS = 0.050  # live: an event chunk is sealed when this has passed (checked every 64 events)
CLOSE_WAIT_SECONDS = 5.0  # close: how long the viewer may take to take the rest

ITERATION_BEGIN, ITERATION_END, ENTER, LABEL, POSITION, EXPAND, EVALUATE = 1, 2, 3, 4, 5, 6, 7
CUTOFF, LEAVE, NOTE = 11, 12, 64  # 8-10: derived by the reader, never written
TT_PROBE, ATTEMPT, NODE_FACTS, STATIC_EVAL, HASH_KEY, PRUNE, TABLE_MOVE = 32, 34, 35, 36, 37, 38, 39
UPPER, EXACT, LOWER = 0, 1, 2
UNKNOWN, PV, CUT, ALL, LEAF = 0, 1, 2, 3, 4
RULES = {"none": 0, "alphabeta": 2}  # the .kbz header's rule numbers

# A modern engine's search (record.h, "A modern engine's search"): the same constants.
NONE = -2147483648  # a depth or ply not known
BOUND_UPPER, BOUND_EXACT, BOUND_LOWER = 0, 1, 2
SEARCH, NULL_MOVE, PROBE, RESEARCH = 0, 1, 2, 3
QUIESCENCE = 4  # added (|) to one of the four for a quiescence node
WHY_NONE, WHY_LMR, WHY_PVS, WHY_VERIFY, WHY_SINGULAR = 0, 1, 2, 3, 4
TT_MISS, TT_HIT, TT_CUT = 0, 1, 2
PRUNE_OTHER, PRUNE_FUTILITY, PRUNE_LATE_MOVE, PRUNE_SEE, PRUNE_RAZOR, PRUNE_HISTORY = 0, 1, 2, 3, 4, 5
_ATTEMPT_FLAGS = {PROBE: 1, RESEARCH: 2, NULL_MOVE: 3}


def _varint(out, v):
    """7 bits a byte, low first."""
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def _zigzag(v):
    """An int32's bits (0..2^32-1) as 0, -1, 1, -2, ... -> 0, 1, 2, 3, ..."""
    return ((v << 1) & 0xFFFFFFFF) ^ (0xFFFFFFFF if v >> 31 else 0)


class RecordError(Exception):
    """A call the recorder refused: out of order, or a bad argument."""


def _integer(v):
    """v as an int: an int, or a float with no fraction; anything else is refused."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (
            isinstance(v, float) and not v.is_integer()):
        raise RecordError("a value must be an integer, not %r" % (v,))
    return int(v)


def _clamp(v):
    v = _integer(v)
    return INF if v > INF else -INF if v < -INF else v


def _utf8(text):
    """UTF-8 bytes of `text`; a lone surrogate becomes U+FFFD (as JavaScript's TextEncoder and
    record.h's ill-formed bytes do)."""
    text = str(text)
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def _json_string(s):
    """JSON string of `s` with its quotes, as UTF-8 bytes: quote, backslash and control bytes
    escaped, everything else as it is (record.h writes the same)."""
    out = bytearray(b'"')
    for byte in _utf8(s):
        if byte in (0x22, 0x5C):
            out += bytes([0x5C, byte])
        elif byte < 0x20:
            out += b"\\u00%02x" % byte
        else:
            out.append(byte)
    out += b'"'
    return bytes(out)


class _Node:
    __slots__ = ("id", "alpha0", "beta", "alpha", "best", "k", "evaluated", "static_value",
                 "pending", "pending_ret", "pending_null", "last_label", "cut", "entered",
                 "expanded", "search", "table_cut", "table_bound", "label", "facts_mask",
                 "facts_depth", "facts_ply", "hash_candidate")

    def __init__(self, node_id, alpha, beta):
        self.id = node_id
        self.alpha0 = self.alpha = alpha
        self.beta = beta
        self.best = -INF
        self.k = 0
        self.evaluated = False
        self.static_value = 0
        self.pending = False  # a successor returned: its steps wait for the next call
        self.pending_ret = 0
        self.pending_null = False
        self.last_label = 0
        self.cut = False
        self.entered = 0
        self.expanded = False
        self.search = SEARCH
        self.table_cut = False
        self.table_bound = EXACT
        self.label = 0  # its move (string id; 0: none)
        self.facts_mask = self.facts_depth = self.facts_ply = 0  # its NODE_FACTS, to write it again
        self.hash_candidate = False  # triggered capture: it may fire once its hash comes


def _strtoull(v):
    """C's strtoull(v, &end, 0) as record.h's kbz_env_number_ takes it: the value (decimal, 0x hex
    or 0 octal, after blanks and a sign), or None when it is not a number (text after the digits,
    no digits, a leading '-', past 2^64 - 1)."""
    i, n = 0, len(v)
    while i < n and v[i] in " \t\n\v\f\r":
        i += 1
    negative = i < n and v[i] == "-"
    if i < n and v[i] in "+-":
        i += 1
    if v[i:i + 2] in ("0x", "0X") and i + 2 < n and v[i + 2] in "0123456789abcdefABCDEF":
        base, digits, i = 16, "0123456789abcdefABCDEF", i + 2
    elif v[i:i + 1] == "0":
        base, digits = 8, "01234567"
    else:
        base, digits = 10, "0123456789"
    start = i
    while i < n and v[i] in digits:
        i += 1
    if i == start or i != n or v[0] == "-":
        return None
    value = int(v[start:i], base)
    if value > 0xFFFFFFFFFFFFFFFF:
        return None  # ERANGE
    return (-value) & 0xFFFFFFFFFFFFFFFF if negative else value


def _c_text(data):
    """Bytes cut short by a C buffer as record.h's kbz_meta keeps them: the bytes of a sequence
    cut at the end each become U+FFFD."""
    for cut in range(4):
        try:
            return data[:len(data) - cut].decode("utf-8") + "\ufffd" * cut
        except UnicodeDecodeError:
            pass
    return data.decode("utf-8", "replace")


def _env_triggers():
    """KIBITZ_TRIGGER_* from the environment, as record.h's kbz_env_triggers_ reads them:
    (path or None, hash, ply, iteration, limit), each None when not set. One that is not valid is
    named on stderr (record.h's line) and OSError EINVAL is raised."""
    numbers = {}
    for name in ("HASH", "PLY", "ITERATION", "LIMIT"):
        v = os.environ.get("KIBITZ_TRIGGER_" + name)
        numbers[name] = None
        if not v:
            continue
        numbers[name] = _strtoull(v)
        if numbers[name] is None:
            _env_refusal("KIBITZ_TRIGGER_%s='%s' is not a number%s" % (
                name, v, " (decimal, or hex as 0x...)" if name == "HASH" else ""))
    ply, iteration = numbers["PLY"], numbers["ITERATION"]
    if (ply is not None and ply > 100000) or (
            iteration is not None and (iteration < 1 or iteration > 100000000)):
        _env_refusal("KIBITZ_TRIGGER_%s is out of range" % (
            "PLY" if ply is not None and ply > 100000 else "ITERATION (from 1)"))
    return (os.environ.get("KIBITZ_TRIGGER_PATH"), numbers["HASH"], ply, iteration,
            numbers["LIMIT"])


def _env_refusal(why):
    sys.stderr.write("kibitz record: %s\n" % why)
    sys.stderr.flush()
    raise OSError(errno.EINVAL, why)


def _parse_live(path):
    """(HOST, PORT, F or None) of "tcp://HOST:PORT[?file=F]" (HOST may be [IPV6]; PORT from 1 to
    65535); OSError EINVAL when it is not one."""
    hostport, query, rest = path[6:].partition("?")
    if hostport.startswith("["):
        host, bracket, after = hostport[1:].partition("]")
        colon, port = after[:1], after[1:]
        ok = bracket and colon == ":"
    else:
        host, colon, port = hostport.partition(":")
        ok = True
    valid_port = port.isdigit() and port.isascii() and 0 < int(port) <= 65535
    if (not ok or (query and (not rest.startswith("file=") or not rest[5:])) or not colon or not host
            or not valid_port):
        raise OSError(errno.EINVAL, "a live path is tcp://HOST:PORT or tcp://HOST:PORT?file=F "
                      "(PORT from 1 to 65535)", path)
    return host, port, rest[5:] if query else None


class Recorder:
    """Writes the trace to `path` (or to a binary file object) as the search goes; a path
    "tcp://HOST:PORT[?file=F]" streams it to a viewer (the module's doc string)."""

    def __init__(self, path):
        # live (tcp://): the viewer's socket (None: none, or dropped) and the bytes it has not taken
        self._sock = None
        self._streaming = False
        self._backlog = bytearray()
        self._missed = 0
        self._last_seal = 0.0
        self._where = ""
        self._stopped = None  # why no more call is taken (the viewer dropped with no file)
        self._file = None
        self._hash = 0xCBF29CE484222325
        self._events = bytearray()
        self._count = 0
        self._prev_node = 0
        self._started = False
        self._flags = 0
        self._ge = True
        self._expand_due = False
        self._meta = []  # [key, value] in the order given
        self._meta_first = 0
        self._strings = []
        self._ids = {}
        self._strings_written = 0
        self._stack = []
        self._next_id = 0
        self._iteration_open = False
        self._iteration = 0
        self._last_iteration_value = 0
        self._closed = False
        self._thread = threading.get_ident()  # a search's nesting is one thread's
        # triggered capture (trigger_*): only the subtrees of the nodes where every condition
        # holds are written; capturing inside one (from stack index _capture_depth; -1: a whole
        # iteration)
        self._trigger_on = False
        self._capturing = False
        self._capture_depth = 0
        self._trigger_path = None  # string ids of the moves, when set
        self._trigger_hash = None  # the key, when set
        self._trigger_ply = -1  # -1: any
        self._trigger_iteration = 0
        self._trigger_limit = 0
        self._captures = 0
        path_env, hash_env, ply_env, iteration_env, limit_env = _env_triggers()  # before any file
        if path_env is not None:
            self.trigger_path(path_env)
        if hash_env is not None:
            self.trigger_hash(hash_env)
        if ply_env is not None:
            self.trigger_ply(ply_env)
        if iteration_env is not None:
            self.trigger_iteration(iteration_env)
        if limit_env is not None:
            self.trigger_limit(limit_env)
        if isinstance(path, str) and path.startswith("tcp://"):
            self._own_file = True
            self._open_live(path)
        else:
            self._own_file = isinstance(path, (str, bytes)) or hasattr(path, "__fspath__")
            self._file = open(path, "wb") if self._own_file else path  # a binary file object: kept open

    @property
    def stream_missed(self):
        """Live recording: the events the viewer did not get (it fell behind, or was not
        there); 0 for a file."""
        return self._missed

    # -- the calls --------------------------------------------------------------------------
    def steps(self, rule, criterion):
        self._open()
        if self._next_id or self._started:
            raise RecordError("steps after the first event")
        rule = "none" if rule is None else rule
        if rule not in RULES:
            raise RecordError('steps: the rule is neither "none" nor "alphabeta"')
        if criterion not in ("gt", "ge"):
            raise RecordError('steps: the criterion is neither "gt" nor "ge"')
        self._flags = RULES[rule]
        self._expand_due = rule == "alphabeta"
        self._ge = criterion == "ge"
        self.meta("criterion", criterion)

    def meta(self, key, value):
        self._open()
        if not key or value is None:
            raise RecordError("meta needs a key and a value")
        self._set_meta(key, value)

    def _set_meta(self, key, value):
        start = self._meta_first if self._started else 0
        for item in self._meta[start:]:
            if item[0] == key:
                item[1] = str(value)
                return
        self._meta.append([key, str(value)])

    def iteration_begin(self, depth):
        self._open()
        if self._stack:
            raise RecordError("iteration_begin with a node open")
        if self._iteration_open:
            raise RecordError("iteration_begin inside an iteration")
        self._iteration_open = True
        self._iteration += 1
        if self._trigger_on and not self._subtree_trigger() and self._iteration == self._trigger_iteration:
            self._capturing = True  # the whole iteration
            self._capture_depth = -1
            self._captures += 1
        self._event(ITERATION_BEGIN, 0, 0, self._iteration_number(), _clamp(depth), 0)

    def iteration_end(self, value):
        self._open()
        if self._stack:
            raise RecordError("iteration_end with a node open")
        if not self._iteration_open:
            raise RecordError("iteration_end without iteration_begin")
        self._iteration_open = False
        self._last_iteration_value = _clamp(value)
        self._event(ITERATION_END, 0, 0, self._iteration_number(), self._last_iteration_value, 0)
        if self._trigger_on and self._capture_depth == -1:
            self._capturing = False
        if self._streaming:
            self._flush()  # live: a finished iteration is shown at once

    def enter(self, alpha, beta, move=None):
        self.enter_search(alpha, beta, move, SEARCH, WHY_NONE, NONE, NONE)

    def enter_search(self, alpha, beta, move, search, why, depth, ply):
        self._open()
        alpha, beta = _clamp(alpha), _clamp(beta)
        if alpha > beta:
            raise RecordError("enter: alpha is above beta")
        search, why = _integer(search), _integer(why)
        if search < 0 or search > (RESEARCH | QUIESCENCE):
            raise RecordError("enter_search: `search` is none of SEARCH ... RESEARCH (| QUIESCENCE)")
        quiescence, search = bool(search & QUIESCENCE), search & 3
        if why < WHY_NONE or why > WHY_SINGULAR:
            raise RecordError("enter_search: `why` is none of WHY_*")
        depth, ply = _integer(depth), _integer(ply)
        if self._next_id == NO_NODE:
            raise RecordError("enter: more than 2^32 - 1 nodes")
        parent = self._stack[-1] if self._stack else None
        if search == RESEARCH:
            label = self._intern(move)
            if parent is None:
                raise RecordError("enter_search: a re-search with no node open")
            if not parent.pending:
                raise RecordError("enter_search: a re-search that does not follow the leave of an attempt")
            if parent.pending_null:
                raise RecordError("enter_search: a re-search of a null move")
            if label and parent.last_label and label != parent.last_label:
                raise RecordError("enter_search: a re-search of another move than the attempt that just returned")
            parent.pending = False  # the attempt is superseded: it counts towards nothing
        else:
            self._settle()
        if parent is not None and parent.cut:
            raise RecordError("enter: a successor after a cutoff")
        if parent is not None and parent.table_cut:
            raise RecordError("enter: a successor of a node the table settled (TT_CUT)")
        if parent is not None and self._expand_due and not parent.expanded and not parent.entered:
            raise RecordError("enter: with a rule declared (steps), call expand before a node's first successor")
        if parent is not None and parent.evaluated and not parent.entered:
            self._event(NOTE, 0, 0, parent.id, self._intern("static value %d" % parent.static_value), 0)
        if search != RESEARCH:
            label = self._intern(move)
        if parent is not None:
            parent.entered += 1
            parent.last_label = label
            if search in _ATTEMPT_FLAGS:
                self._event(ATTEMPT, _ATTEMPT_FLAGS[search], 0 if search == NULL_MOVE else why,
                            parent.id, parent.k, 0)
        node = _Node(NO_NODE, alpha, beta)  # numbered when written
        node.search = search
        node.label = label
        node.facts_mask = quiescence | (depth != NONE) << 1 | (ply != NONE) << 2
        node.facts_depth = depth if depth != NONE else 0
        node.facts_ply = ply if ply != NONE else 0
        self._stack.append(node)
        if self._trigger_on and not self._capturing:  # not written, unless it fires
            if self._subtree_trigger() and self._trigger_holds():
                if self._trigger_hash is not None:
                    node.hash_candidate = True  # decided by its hash
                else:
                    self._capture(node)
            return
        node.id = self._next_id
        self._next_id += 1
        self._event(ENTER, 0, 0xFFFF, node.id, alpha, beta)
        if label:
            self._event(LABEL, 0, 0, node.id, label, 0)
        if node.facts_mask:
            self._event(NODE_FACTS, node.facts_mask, 0, node.id, node.facts_depth, node.facts_ply)

    def static_eval(self, value):
        node = self._fresh("static_eval")
        self._event(STATIC_EVAL, 0, 0, node.id, _clamp(value), 0)

    def hash(self, key):
        node = self._fresh("hash")
        key = _integer(key) & 0xFFFFFFFFFFFFFFFF
        if node.hash_candidate:
            node.hash_candidate = False
            if key == self._trigger_hash and not self._capturing:
                self._capture(node)
        lo, hi = key & 0xFFFFFFFF, key >> 32
        self._event(HASH_KEY, 0, 0, node.id, lo - (1 << 32) if lo >= 1 << 31 else lo,
                    hi - (1 << 32) if hi >= 1 << 31 else hi)

    def table(self, result, bound, depth, value, move=None):
        self._open()
        result, bound, depth = _integer(result), _integer(bound), _integer(depth)
        if result < TT_MISS or result > TT_CUT:
            raise RecordError("table: `result` is none of TT_MISS, TT_HIT, TT_CUT")
        if result != TT_MISS and (bound < BOUND_UPPER or bound > BOUND_LOWER):
            raise RecordError("table: `bound` is none of BOUND_*")
        if not self._stack:
            raise RecordError("table with no node open")
        node = self._stack[-1]
        if node.entered:
            raise RecordError("table: the node already has successors")
        if node.table_cut:
            raise RecordError("table: the table already settled the node")
        value = _clamp(value)
        label = self._intern(move) if move else 0
        aux = 0xFFFF if result == TT_MISS else max(0, min(depth, 65534))
        self._event(TT_PROBE, 0 if result == TT_MISS else result | bound << 2, aux, node.id,
                    0 if result == TT_MISS else value, -1)
        if label:
            self._event(TABLE_MOVE, 0, 0, node.id, label, 0)
        if result == TT_CUT:
            node.table_cut = True
            node.table_bound = bound

    def prune(self, move, why):
        self._open()
        why = _integer(why)
        if why < PRUNE_OTHER or why > PRUNE_HISTORY:
            raise RecordError("prune: `why` is none of PRUNE_*")
        self._settle()
        if not self._stack:
            raise RecordError("prune with no node open")
        node = self._stack[-1]
        if node.cut or node.table_cut:
            raise RecordError("prune after the node was cut")
        self._event(PRUNE, 0, why, node.id, self._intern(move) if move else 0, 0)

    def position(self, text):
        node = self._fresh("position")
        self._event(POSITION, 0, 0, node.id, self._intern(text), 0)

    def expand(self, count):
        node = self._fresh("expand")
        count = _clamp(count)
        if count < 0:
            raise RecordError("expand: a negative count")
        if node.expanded:
            raise RecordError("expand: called twice for one node")
        node.expanded = True
        self._event(EXPAND, 0, 0, node.id, count, 0)

    def evaluate(self, value):
        self._open()
        value = _clamp(value)
        if not self._stack:
            raise RecordError("evaluate with no node open")
        node = self._stack[-1]
        if node.entered:
            raise RecordError("evaluate after a successor was entered")
        node.evaluated = True
        node.static_value = _clamp(value)

    def cutoff(self):
        self._open()
        node = self._stack[-1] if self._stack else None
        if node is None or not node.pending:
            raise RecordError("cutoff: no successor has just returned")
        best = max(node.best, -node.pending_ret)
        if best < node.beta if self._ge else best <= node.beta:
            raise RecordError("cutoff: best is below beta (the criterion is >=)" if self._ge else
                              "cutoff: best is not above beta (the criterion is >)")
        node.pending = False
        self._count_return(node)  # a null move too: it caused the cutoff
        node.cut = True
        self._event(CUTOFF, 0, 0, node.id, node.k - 1, node.best)

    def leave(self, value):
        self._leave(value, None)

    def leave_bound(self, value, bound):
        self._leave(value, _integer(bound))

    def _leave(self, value, bound):
        self._open()
        ret = _clamp(value)
        if not self._stack:
            raise RecordError("leave with no node open")
        node = self._stack[-1]
        if bound is not None:
            self._check_bound(node, ret, bound)
        self._settle()
        if not node.entered and not node.table_cut:
            self._event(EVALUATE, 0, 0, node.id, node.static_value if node.evaluated else ret, 0)
        self._event(LEAVE, self._leave_flags(node, ret, bound), 0, node.id, ret, 0)
        self._stack.pop()
        self._capture_left()
        if not self._stack:
            return
        parent = self._stack[-1]
        parent.pending = True  # its steps wait for the next call: a re-search would supersede it
        parent.pending_ret = ret
        parent.pending_null = node.search == NULL_MOVE

    def note(self, text):
        self._open()
        self._settle()
        node = self._stack[-1].id if self._stack else NO_NODE
        self._event(NOTE, 0, 0, node, self._intern(text or ""), 0)

    # -- triggered capture (record.h, kbz_trigger_path) --------------------------------------
    def trigger_path(self, moves):
        """Capture the node these moves (as enter named them, separated by spaces) reach from a
        root; "" is the root itself."""
        if moves is None:
            raise RecordError('trigger_path: moves is None ("" is the root)')
        self._trigger_ready("trigger_path")
        self._trigger_path = [self._intern(word) for word in str(moves).split(" ") if word]

    def trigger_hash(self, key):
        """Capture the nodes whose hash is `key` (hash right after the enter, before static_eval)."""
        key = _integer(key) & 0xFFFFFFFFFFFFFFFF
        self._trigger_ready("trigger_hash")
        self._trigger_hash = key

    def trigger_ply(self, ply):
        """Capture the nodes at this ply (0: the root)."""
        ply = _integer(ply)
        if ply < 0:
            raise RecordError("trigger_ply: a ply is 0 (the root) or more")
        self._trigger_ready("trigger_ply")
        self._trigger_ply = ply

    def trigger_iteration(self, n):
        """Within the n-th iteration_begin only (1: the first); alone, that whole iteration."""
        n = _integer(n)
        if n < 1:
            raise RecordError("trigger_iteration: iterations count from 1")
        self._trigger_ready("trigger_iteration")
        self._trigger_iteration = n

    def trigger_limit(self, n):
        """At most n subtrees (0: no limit)."""
        n = _integer(n)
        if n < 0:
            raise RecordError("trigger_limit: a limit is 0 (none) or more")
        self._trigger_ready("trigger_limit")
        self._trigger_limit = n

    def _trigger_ready(self, call):
        self._open()
        if self._started or self._stack or self._iteration:
            raise RecordError(call + ": a trigger is set before the first event")
        self._trigger_on = True

    def _subtree_trigger(self):
        """Conditions on subtrees (path, hash, ply), as opposed to a whole iteration."""
        return self._trigger_path is not None or self._trigger_hash is not None or self._trigger_ply >= 0

    def _trigger_holds(self):
        """Whether the node on top (just entered) meets the conditions known at its enter."""
        ply = len(self._stack) - 1
        if self._trigger_limit and self._captures >= self._trigger_limit:
            return False
        if self._trigger_iteration and self._iteration != self._trigger_iteration:
            return False
        if self._trigger_ply >= 0 and ply != self._trigger_ply:
            return False
        path = self._trigger_path
        if path is not None:
            if ply != len(path):
                return False
            for i, label in enumerate(path):
                if self._stack[i + 1].label != label:
                    return False
        return True

    def _path_label(self):
        """The moves from the root to the node on top as one label ("e2e4 e7e5"; "-" for a move
        not named), interned; the root's own label for a root."""
        if len(self._stack) <= 1:
            return self._stack[0].label if self._stack else 0
        strings = self._strings
        return self._intern_bytes(b" ".join(strings[n.label - 1] if n.label else b"-"
                                            for n in self._stack[1:]))

    def _capture(self, node):
        """The node on top fires: from here to its leave the events are written, it the root."""
        label = self._path_label()
        self._capturing = True
        self._capture_depth = len(self._stack) - 1
        self._captures += 1
        node.id = self._next_id
        self._next_id += 1
        self._event(ENTER, 0, 0xFFFF, node.id, node.alpha0, node.beta)
        if label:
            self._event(LABEL, 0, 0, node.id, label, 0)
        if node.facts_mask:
            self._event(NODE_FACTS, node.facts_mask, 0, node.id, node.facts_depth, node.facts_ply)

    def _capture_left(self):
        """After a node is left (the stack popped): the capture ends with its root."""
        if self._capturing and self._capture_depth == len(self._stack):
            self._capturing = False

    def _iteration_number(self):
        """An iteration as written: its number, or the captured iteration's (the first is 1)."""
        return self._captures if self._trigger_on else self._iteration

    def _trigger_fact(self):
        """The "trigger" fact: the conditions in words, as record.h's 400-byte buffer holds them."""
        text = bytearray()
        if self._trigger_path is not None:
            text += b"path"
            for label in self._trigger_path:
                if len(text) >= 360:
                    break
                text += b" " + self._strings[label - 1]
            if not self._trigger_path:
                text += b" (the root)"
        for on, words in ((self._trigger_hash is not None, "hash 0x%016x" % (self._trigger_hash or 0)),
                          (self._trigger_ply >= 0, "ply %d" % self._trigger_ply),
                          (self._trigger_iteration, "iteration %d" % self._trigger_iteration),
                          (self._trigger_limit, "at most %d" % self._trigger_limit)):
            if on and len(text) < 360:
                text += (b", " if text else b"") + words.encode()
        return _c_text(bytes(text[:399]))

    def close(self):
        """Leaves the open nodes unfinished, writes the rest of the file and closes it. Live: the
        viewer gets what is left, waited for at most 5 s; RecordError when the recording could
        not be completed (the viewer was dropped and there is no file)."""
        if self._closed:
            return
        self._closed = True
        if self._stopped:
            self._close_live()
            raise RecordError(self._stopped)
        self._settle()
        while self._stack:
            node = self._stack.pop()
            ret = node.best if node.k else node.alpha0
            self._event(LEAVE, EXACT | UNKNOWN << 2, 0, node.id, ret, 0)
            self._capture_left()
        if self._iteration_open:
            self._event(ITERATION_END, 0, 0, self._iteration_number(), self._last_iteration_value, 0)
        if self._trigger_on:
            self._set_meta("trigger_captures", str(self._captures))
            if not self._captures:
                sys.stderr.write("kibitz record: the trigger (%s) never fired: the trace has no "
                                 "events\n" % self._trigger_fact())
        self._flush()
        self._write_strings()
        if len(self._meta) > self._meta_first:
            self._write_meta(self._meta[self._meta_first:])
        h = self._hash
        self._chunk_head(b"END ", 8)
        self._write(struct.pack("<Q", h))
        if self._streaming:
            self._close_live()
            if self._stopped:
                raise RecordError(self._stopped)
        elif self._own_file:
            self._file.close()
        else:
            self._file.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # -- live -------------------------------------------------------------------------------
    def _open_live(self, path):
        """Opens "tcp://HOST:PORT[?file=F]": F, then the socket (none when no viewer listens
        and F is given)."""
        host, port, file = _parse_live(path)
        self._where = ("tcp://[%s]:%s" if ":" in host else "tcp://%s:%s") % (host, port)
        self._streaming = True
        if file is not None:
            self._file = open(file, "wb")
        try:
            socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as e:
            if file is None:
                raise OSError(errno.EHOSTUNREACH, "the host of %s is not known" % self._where) from e
            sys.stderr.write("kibitz record: the host of %s is not known: recording to %s only\n"
                             % (self._where, file))
            sys.stderr.flush()
            return
        try:
            sock = socket.create_connection((host, port))
        except OSError as e:
            if file is None:
                raise ConnectionRefusedError(errno.ECONNREFUSED, "no viewer listens at %s (%s)"
                                             % (self._where, e.strerror or e)) from e
            sys.stderr.write("kibitz record: no viewer listens at %s: recording to %s only\n"
                             % (self._where, file))
            sys.stderr.flush()
            return
        sock.setblocking(False)
        self._sock = sock

    def _stream_drop(self, why):
        try:
            self._sock.close()
        except OSError:
            pass
        self._sock = None
        self._backlog = bytearray()
        if self._file is not None:
            sys.stderr.write("kibitz record: %s at %s: the recording goes on in its file only\n"
                             % (why, self._where))
            sys.stderr.flush()
        elif not self._stopped:  # nothing more can be written anywhere
            self._stopped = "the viewer stopped taking the stream and there is no ?file= to go on in"

    def _stream_send(self):
        """Sends what the socket takes now; the rest waits."""
        backlog = self._backlog
        while backlog:
            try:
                n = self._sock.send(backlog)
            except InterruptedError:
                continue
            except BlockingIOError:
                break
            except OSError:
                self._stream_drop("the viewer closed the connection")
                return
            if n <= 0:
                break
            del backlog[:n]  # (a bytearray drops its front without moving the rest)

    def _stream_put(self, data):
        if len(self._backlog) + len(data) > BACKLOG_MAX:
            self._stream_send()
            if self._sock is None:
                return
            if len(self._backlog) + len(data) > BACKLOG_MAX:
                self._stream_drop("the viewer is not keeping up (16 MiB unsent)")
                return
        self._backlog += data

    def _close_live(self):
        """The viewer gets what is left, waiting at most 5 s for it to take it; F is closed."""
        if self._sock is not None:
            sock = self._sock
            try:
                if self._backlog:
                    sock.settimeout(CLOSE_WAIT_SECONDS)  # sendall's whole duration (Python >= 3.5)
                    sock.sendall(self._backlog)
            except socket.timeout:
                pass  # the viewer took too long: it gets no more
            except OSError:
                self._stream_drop("the viewer closed the connection")
            self._backlog = bytearray()
            if self._sock is not None:
                self._sock = None
                sock.close()
        if self._file is not None:
            self._file.close()

    # -- the file -----------------------------------------------------------------------------
    def _write(self, data):
        h = self._hash
        for byte in data:
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        self._hash = h
        if self._sock is not None:
            self._stream_put(data)
        if self._file is not None:
            self._file.write(data)

    def _chunk_head(self, tag, length):
        self._write(tag + struct.pack("<IQ", 0, length))

    def _write_meta(self, items):
        body = b"{" + b",".join(_json_string(k) + b":" + _json_string(v) for k, v in items) + b"}"
        self._chunk_head(b"META", len(body))
        self._write(body)

    def _start(self):
        if self._started:
            return
        self._started = True
        # 0x400: the steps after a successor returns are derived by the reader (not written)
        # 0x800: a live stream, whose event chunks may hold fewer than 65,536 events
        self._write(b"KIBITZ\r\n" + struct.pack("<II", 2, self._flags | (0x100 if self._ge else 0) | 0x400
                                                 | (STREAM_FLAG if self._streaming else 0)))
        if self._trigger_on:
            self._set_meta("trigger", self._trigger_fact())
        self._meta_first = len(self._meta)
        self._write_meta(self._meta)

    def _write_strings(self):
        if self._strings_written == len(self._strings):
            return
        fresh = self._strings[self._strings_written:]
        self._chunk_head(b"STRS", 8 + sum(4 + len(s) for s in fresh))
        self._write(struct.pack("<II", self._strings_written + 1, len(fresh)))
        for s in fresh:
            self._write(struct.pack("<I", len(s)) + s)
        self._strings_written = len(self._strings)

    def _flush(self):
        self._start()
        if self._count == 0:
            return
        self._write_strings()
        self._chunk_head(b"EVTV", 4 + len(self._events))
        self._write(struct.pack("<I", self._count) + bytes(self._events))
        self._events = bytearray()
        self._count = 0
        self._prev_node = 0
        self._sent()

    def _sent(self):
        """What is written goes out: to the file, and to the viewer as far as it takes it."""
        if self._file is not None:
            self._file.flush()
        if self._sock is not None:
            self._stream_send()
        if self._streaming:
            self._last_seal = time.monotonic()

    def _event(self, kind, flags, aux, node, a, b):
        if self._trigger_on and not self._capturing:
            return  # outside the captured subtrees
        if not self._started:  # the header and the facts go out with the first event
            self._start()
            self._sent()
        # an EVTV event: type, a mask of the fields that are not zero, then those fields (the
        # node as the difference from the chunk's previous event's), as record.h writes them
        out = self._events
        out.append(kind)
        at = len(out)
        out.append(0)
        mask = 0
        delta = (node - self._prev_node) & 0xFFFFFFFF
        if flags:
            mask |= 1
            out.append(flags)
        if aux:
            mask |= 2
            _varint(out, aux)
        if delta:
            mask |= 4
            _varint(out, _zigzag(delta))
        if kind == HASH_KEY:  # a position key's halves are random bits: 4 bytes each
            mask |= 8 | 16
            out += struct.pack("<II", a & 0xFFFFFFFF, b & 0xFFFFFFFF)
        else:
            if a:
                mask |= 8
                _varint(out, _zigzag(a & 0xFFFFFFFF))
            if b:
                mask |= 16
                _varint(out, _zigzag(b & 0xFFFFFFFF))
        out[at] = mask
        self._prev_node = node & 0xFFFFFFFF
        self._count += 1
        if self._streaming:
            if self._sock is None:
                self._missed += 1
            # live: also after 50 ms (checked every 64 events), so the viewer sees the search go
            if self._count == CHUNK_EVENTS or (
                    not self._count & 63 and time.monotonic() - self._last_seal >= SEAL_SECONDS):
                self._flush()
        elif self._count == CHUNK_EVENTS:
            self._flush()

    def _intern(self, text):
        if not text:
            return 0
        return self._intern_bytes(_utf8(text))

    def _intern_bytes(self, data):
        found = self._ids.get(data)
        if found is None:
            self._strings.append(data)
            found = self._ids[data] = len(self._strings)
        return found

    # -- the steps ----------------------------------------------------------------------------
    def _open(self):
        if self._closed:
            raise RecordError("the recording is closed")
        if self._stopped:
            raise RecordError(self._stopped)
        if threading.get_ident() != self._thread:
            raise RecordError("a call from another thread than the one that opened this recorder: "
                              "give each thread its own recorder and file")

    def _fresh(self, what):
        self._open()
        node = self._stack[-1] if self._stack else None
        if node is None or node.entered or node.evaluated:
            raise RecordError(what + ": not right after enter")
        return node

    def _count_return(self, node):
        """The node's state after its successor returned; the steps (child_return, best_set,
        alpha_set) are derived by the reader, not written."""
        node.best = max(node.best, -node.pending_ret)
        node.k += 1

    def _settle(self):
        """The open node's steps for the successor that returned last, unless a cutoff or a
        re-search came; a null move that did not cut counts towards nothing."""
        node = self._stack[-1] if self._stack else None
        if node is None or not node.pending:
            return
        node.pending = False
        if node.pending_null:
            return
        self._count_return(node)
        alpha = max(node.best, node.alpha)
        if alpha > node.beta:
            return
        node.alpha = alpha

    def _check_bound(self, node, ret, bound):
        cut = ret >= node.beta if self._ge else ret > node.beta
        low = ret <= node.alpha0 if self._ge else ret < node.alpha0
        if bound < BOUND_UPPER or bound > BOUND_LOWER:
            raise RecordError("leave_bound: `bound` is none of BOUND_*")
        if bound == BOUND_LOWER and not cut:
            raise RecordError("leave_bound: a lower bound that does not reach beta")
        if bound == BOUND_UPPER and not low:
            raise RecordError("leave_bound: an upper bound above alpha")
        if bound == BOUND_EXACT and node.entered and (cut or low):
            raise RecordError("leave_bound: an exact value outside the window")

    def _leave_flags(self, node, ret, bound=None):
        cut = ret >= node.beta if self._ge else ret > node.beta
        low = ret <= node.alpha0 if self._ge else ret < node.alpha0
        if not node.entered and not node.table_cut:
            kind = LEAF
        else:
            kind = CUT if cut else ALL if low else PV
        if bound is None:
            if node.table_cut:
                bound = node.table_bound
            elif not node.entered:
                bound = EXACT
            else:
                bound = LOWER if cut else UPPER if low else EXACT
        return bound | kind << 2
