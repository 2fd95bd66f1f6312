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
"""

import struct

INF = 1000000000
CHUNK_EVENTS = 65536
NO_NODE = 0xFFFFFFFF

ITERATION_BEGIN, ITERATION_END, ENTER, LABEL, POSITION, EXPAND, EVALUATE = 1, 2, 3, 4, 5, 6, 7
CHILD_RETURN, BEST_SET, ALPHA_SET, CUTOFF, LEAVE, NOTE = 8, 9, 10, 11, 12, 64
UPPER, EXACT, LOWER = 0, 1, 2
UNKNOWN, PV, CUT, ALL, LEAF = 0, 1, 2, 3, 4
RULES = {"none": 0, "alphabeta": 2}  # the .kbz header's rule numbers


class RecordError(Exception):
    """A call the recorder refused: out of order, or a bad argument."""


def _clamp(v):
    try:
        v = int(v)
    except (TypeError, ValueError, OverflowError):
        raise RecordError("a value must be an integer, not %r" % (v,)) from None
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
                 "alpha_due", "cut", "entered", "expanded")

    def __init__(self, node_id, alpha, beta):
        self.id = node_id
        self.alpha0 = self.alpha = alpha
        self.beta = beta
        self.best = -INF
        self.k = 0
        self.evaluated = False
        self.static_value = 0
        self.alpha_due = False
        self.cut = False
        self.entered = 0
        self.expanded = False


class Recorder:
    """Writes the trace to `path` (or to a binary file object) as the search goes."""

    def __init__(self, path):
        self._own_file = isinstance(path, (str, bytes)) or hasattr(path, "__fspath__")
        self._file = open(path, "wb") if self._own_file else path  # a binary file object: kept open
        self._hash = 0xCBF29CE484222325
        self._events = bytearray()
        self._count = 0
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
        self._event(ITERATION_BEGIN, 0, 0, self._iteration, _clamp(depth), 0)

    def iteration_end(self, value):
        self._open()
        if self._stack:
            raise RecordError("iteration_end with a node open")
        if not self._iteration_open:
            raise RecordError("iteration_end without iteration_begin")
        self._iteration_open = False
        self._last_iteration_value = _clamp(value)
        self._event(ITERATION_END, 0, 0, self._iteration, self._last_iteration_value, 0)

    def enter(self, alpha, beta, move=None):
        self._open()
        alpha, beta = _clamp(alpha), _clamp(beta)
        if alpha > beta:
            raise RecordError("enter: alpha is above beta")
        if self._next_id == NO_NODE:
            raise RecordError("enter: more than 2^32 - 1 nodes")
        self._settle()
        parent = self._stack[-1] if self._stack else None
        if parent is not None and parent.cut:
            raise RecordError("enter: a successor after a cutoff")
        if parent is not None and self._expand_due and not parent.expanded and not parent.entered:
            raise RecordError("enter: with a rule declared (steps), call expand before a node's first successor")
        if parent is not None and parent.evaluated and not parent.entered:
            self._event(NOTE, 0, 0, parent.id, self._intern("static value %d" % parent.static_value), 0)
        label = self._intern(move)
        if parent is not None:
            parent.entered += 1
        node = _Node(self._next_id, alpha, beta)
        self._next_id += 1
        self._stack.append(node)
        self._event(ENTER, 0, 0xFFFF, node.id, alpha, beta)
        if label:
            self._event(LABEL, 0, 0, node.id, label, 0)

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
        if node is None or not node.alpha_due:
            raise RecordError("cutoff: no successor has just returned")
        if node.best < node.beta if self._ge else node.best <= node.beta:
            raise RecordError("cutoff: best is below beta (the criterion is >=)" if self._ge else
                              "cutoff: best is not above beta (the criterion is >)")
        node.alpha_due = False
        node.cut = True
        self._event(CUTOFF, 0, 0, node.id, node.k - 1, node.best)

    def leave(self, value):
        self._open()
        ret = _clamp(value)
        if not self._stack:
            raise RecordError("leave with no node open")
        self._settle()
        node = self._stack[-1]
        if not node.entered:
            self._event(EVALUATE, 0, 0, node.id, node.static_value if node.evaluated else ret, 0)
        self._event(LEAVE, self._leave_flags(node, ret), 0, node.id, ret, 0)
        self._stack.pop()
        if not self._stack:
            return
        parent = self._stack[-1]
        best = max(-ret, parent.best)
        self._event(CHILD_RETURN, EXACT, 0, parent.id, parent.k, ret)
        self._event(BEST_SET, EXACT, 0, parent.id, parent.k, best)
        parent.best = best
        parent.alpha_due = True
        parent.k += 1

    def note(self, text):
        self._open()
        self._settle()
        node = self._stack[-1].id if self._stack else NO_NODE
        self._event(NOTE, 0, 0, node, self._intern(text or ""), 0)

    def close(self):
        """Leaves the open nodes unfinished, writes the rest of the file and closes it."""
        if self._closed:
            return
        self._closed = True
        self._settle()
        while self._stack:
            node = self._stack.pop()
            ret = node.best if node.k else node.alpha0
            self._event(LEAVE, EXACT | UNKNOWN << 2, 0, node.id, ret, 0)
        if self._iteration_open:
            self._event(ITERATION_END, 0, 0, self._iteration, self._last_iteration_value, 0)
        self._flush()
        self._write_strings()
        if len(self._meta) > self._meta_first:
            self._write_meta(self._meta[self._meta_first:])
        h = self._hash
        self._chunk_head(b"END ", 8)
        self._write(struct.pack("<Q", h))
        if self._own_file:
            self._file.close()
        else:
            self._file.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # -- the file -----------------------------------------------------------------------------
    def _write(self, data):
        h = self._hash
        for byte in data:
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        self._hash = h
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
        self._write(b"KIBITZ\r\n" + struct.pack("<II", 2, self._flags | (0x100 if self._ge else 0)))
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
        self._chunk_head(b"EVTS", 4 + 16 * self._count)
        self._write(struct.pack("<I", self._count) + bytes(self._events))
        self._events = bytearray()
        self._count = 0
        self._file.flush()

    def _event(self, kind, flags, aux, node, a, b):
        if not self._started:  # the header and the facts go out with the first event
            self._start()
            self._file.flush()
        self._events += struct.pack("<BBHIii", kind, flags, aux, node, a, b)
        self._count += 1
        if self._count == CHUNK_EVENTS:
            self._flush()

    def _intern(self, text):
        if not text:
            return 0
        data = _utf8(text)
        found = self._ids.get(data)
        if found is None:
            self._strings.append(data)
            found = self._ids[data] = len(self._strings)
        return found

    # -- the steps ----------------------------------------------------------------------------
    def _open(self):
        if self._closed:
            raise RecordError("the recording is closed")

    def _fresh(self, what):
        self._open()
        node = self._stack[-1] if self._stack else None
        if node is None or node.entered or node.evaluated:
            raise RecordError(what + ": not right after enter")
        return node

    def _settle(self):
        node = self._stack[-1] if self._stack else None
        if node is None or not node.alpha_due:
            return
        node.alpha_due = False
        alpha = max(node.best, node.alpha)
        if alpha > node.beta:
            return
        self._event(ALPHA_SET, 1 if alpha > node.alpha else 0, 0, node.id, node.k, alpha)
        node.alpha = alpha

    def _leave_flags(self, node, ret):
        cut = ret >= node.beta if self._ge else ret > node.beta
        low = ret <= node.alpha0 if self._ge else ret < node.alpha0
        if not node.entered:
            return EXACT | LEAF << 2
        if cut:
            return LOWER | CUT << 2
        if low:
            return UPPER | ALL << 2
        return EXACT | PV << 2
