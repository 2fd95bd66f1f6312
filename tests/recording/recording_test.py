"""The recorder other engines use (include/kibitz/): C, JavaScript and Python write the same
bytes for the same calls, and Kibitz reads what they write as its own.

    python3 recording_test.py KIBITZ WORKDIR

- ab_tree.c, an alpha-beta written as search! reads, recording itself through record.h (built
  here as C99 with -pedantic -Werror, under AddressSanitizer + UBSan when the compiler has
  them, and as C++17), gives on the AIMA tree and on generated trees, with both cutoff tests,
  the root value `kibitz search` gives, and a trace Kibitz opens with every step checked
  against its alpha-beta rule, event for event the one Kibitz records itself;
- ab_tree.py and ab_tree.mjs write the same bytes as ab_tree.c, plain and with every other
  call (labels, positions, notes, a stand-pat value, an iteration, facts with quotes);
- a recording of more than one chunk, cut after its first chunk as a kill would leave it,
  opens with a notice; calls out of order are refused with a message and write nothing;
- live (OUT = tcp://HOST:PORT?file=F): a viewer here gets exactly F's bytes, flagged a stream,
  which Kibitz opens with the events of a file recording; with no viewer, "tcp://HOST:PORT" fails
  to open and "...?file=F" records to F; a viewer that closes at once leaves F complete; chunks
  are sealed after 50 ms (checked every 64 events) and after each iteration.
"""
import json
import os
import random
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KIBITZ, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failures.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def compile_recorders():
    """ab_tree built three ways; returns the binary the tests run (sanitized if possible)."""
    src = os.path.join(HERE, "ab_tree.c")
    flags = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", os.path.join(ROOT, "include")]
    plain = os.path.join(WORK, "ab_tree")
    r = run(["cc"] + flags + ["-O2", src, "-o", plain])
    check(r.returncode == 0, "record.h compiles as C99 with -Wall -Wextra -pedantic -Werror " + r.stderr[:300])
    r = run(["c++", "-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I",
             os.path.join(ROOT, "include"), src, "-o", os.path.join(WORK, "ab_tree_cpp")])
    check(r.returncode == 0, "record.h compiles as C++17 " + r.stderr[:300])
    sanitized = os.path.join(WORK, "ab_tree_san")
    r = run(["cc"] + flags + ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                             src, "-o", sanitized])
    if r.returncode == 0:
        print("# ab_tree runs under AddressSanitizer + UBSan")
        return sanitized
    print("# no sanitizer runtime here; ab_tree runs unsanitized")
    return plain


def random_tree(rng, depth):
    if depth == 0 or (depth < 3 and rng.random() < 0.2):
        return str(rng.randint(-9, 9))
    return "(" + " ".join(random_tree(rng, depth - 1) for _ in range(rng.randint(1, 4))) + ")"


def write_full_tree(name, depth, seed):
    """A bracket tree of 4^depth leaves valued in [-999, 999], written to WORK/name: its path."""
    rng = random.Random(seed)

    def full(d):
        if d == 0:
            return str(rng.randint(-999, 999))
        return "(" + " ".join(full(d - 1) for _ in range(4)) + ")"
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(full(depth))
    return path


def export_events(path, v1=True):
    args = [KIBITZ, "export", path, "--json"] + (["--v1"] if v1 else [])
    r = run(args)
    if r.returncode != 0:
        return None, r.stderr.strip()
    events = json.loads(r.stdout)["events"]
    for e in events:
        e.pop("move_index", None)  # Kibitz numbers its own moves; another engine need not
    return events, ""


def kibitz_value(tree, criterion, record):
    r = run([KIBITZ, "search", "--tree", tree, "--algo", "alphabeta", "--criterion", criterion,
             "--record", record])
    for line in r.stdout.splitlines():
        if line.startswith("value:"):
            return int(line.split()[1])
    return None


def same_as_kibitz(ab, tree, criterion, n):
    mine, theirs = os.path.join(WORK, "c%d.kbz" % n), os.path.join(WORK, "k%d.kbz" % n)
    r = run([ab, tree, criterion, mine])
    if r.returncode != 0:
        return "ab_tree failed: " + r.stderr
    if int(r.stdout) != kibitz_value(tree, criterion, theirs):
        return "root value %s, kibitz says %s" % (r.stdout.strip(), kibitz_value(tree, criterion, theirs))
    a, err = export_events(mine)
    if a is None:
        return "Kibitz refuses the recording: " + err
    b, _ = export_events(theirs)
    if a != b:
        first = next(i for i, (x, y) in enumerate(zip(a + [None], b + [None])) if x != y)
        return "event %d differs: %s vs Kibitz's %s" % (first, a[first:first + 1], b[first:first + 1])
    replay = run([KIBITZ, "replay", mine, "--at", str(len(a) - 1)])
    if replay.returncode != 0:
        return "the model refuses it: " + replay.stderr
    return ""


def three_writers_agree(ab, tree, criterion, n, extras):
    outs = []
    for i, cmd in enumerate([[ab], [sys.executable, os.path.join(HERE, "ab_tree.py")],
                             ["node", os.path.join(HERE, "ab_tree.mjs")]]):
        out = os.path.join(WORK, "w%d_%d.kbz" % (n, i))
        r = run(cmd + [tree, criterion, out] + (["extras"] if extras else []))
        if r.returncode != 0:
            return "%s failed: %s" % (cmd[-1], r.stderr[-500:])
        with open(out, "rb") as f:
            outs.append(f.read())
    if not outs[0] == outs[1] == outs[2]:
        return "the C, Python and JavaScript files differ (sizes %s)" % [len(o) for o in outs]
    events, err = export_events(os.path.join(WORK, "w%d_0.kbz" % n), v1=False)
    if events is None:
        return "Kibitz refuses it: " + err
    return ""


def chunks(data):
    """(tag, start, end) of each chunk of a .kbz file."""
    at, out = 16, []
    while at < len(data):
        tag, _, length = struct.unpack_from("<4sIQ", data, at)
        out.append((tag.decode(), at, at + 16 + length))
        at += 16 + length
    return out


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    ab = compile_recorders()
    aima = "((3 12 8) (2 4 6) (14 5 2))"
    rng = random.Random(20261126)
    trees = [aima] + [random_tree(rng, rng.randint(1, 5)) for _ in range(59)]
    bad = []
    for n, tree in enumerate(trees):
        for criterion in ("gt", "ge"):
            why = same_as_kibitz(ab, tree, criterion, n)
            if why:
                bad.append("%s %s: %s" % (tree, criterion, why))
    check(not bad, "ab_tree.c's recordings of %d trees x 2 criteria are Kibitz's own, every step "
          "checked against its alpha-beta rule %s" % (len(trees), bad[:2]))

    bad = []
    for n, tree in enumerate(trees[:12]):
        for extras in (False, True):
            why = three_writers_agree(ab, tree, "ge" if n % 2 else "gt", n, extras)
            if why:
                bad.append("%s%s: %s" % (tree, " extras" if extras else "", why))
    check(not bad, "record.h, record.py and record.mjs write the same bytes, with and without "
          "the other calls, and Kibitz reads them %s" % bad[:2])

    # More than one chunk: a tree of 4^9 leaves searched with every call.
    big = write_full_tree("big.tree", 9, 7)
    why = three_writers_agree(ab, "@" + big, "gt", 99, True)
    path = os.path.join(WORK, "w99_0.kbz")
    with open(path, "rb") as f:
        data = f.read()
    evts = [c for c in chunks(data) if c[0] in ("EVTS", "EVTV")]
    check(not why and len(evts) >= 2, "a recording of %d event chunks: the three writers agree %s"
          % (len(evts), why))
    if evts:
        cut = os.path.join(WORK, "cut.kbz")
        with open(cut, "wb") as f:
            f.write(data[:evts[0][2]])  # what a kill after the first chunk leaves on disk
        r = run([KIBITZ, "replay", cut, "--at", "100", "--json"])
        check(r.returncode == 0 and "cut short" in r.stdout + r.stderr,
              "a recording killed after its first chunk opens, with a notice: " +
              (r.stdout + r.stderr).strip()[:160])

    # Calls out of order are refused with a message; the file still closes and opens.
    misuse = os.path.join(WORK, "misuse.mjs")
    with open(misuse, "w") as f:
        f.write("""import fs from 'node:fs';
import { Recorder, RecordError } from '%s';
const r = new Recorder();
const said = [];
const tryIt = (f) => { try { f(); } catch (e) { if (!(e instanceof RecordError)) throw e; said.push(e.message); } };
tryIt(() => r.leave(0));
r.enter(-5, 5, 'e4');
tryIt(() => r.cutoff());
tryIt(() => r.enter(3, 1, 'd4'));
r.evaluate(2);
r.leave(2);
tryIt(() => r.iterationEnd(2));
fs.writeFileSync(process.argv[2], r.close());
console.log(JSON.stringify(said));
""" % os.path.join(ROOT, "include", "kibitz", "record.mjs").replace("\\", "/"))
    out = os.path.join(WORK, "misuse.kbz")
    r = run(["node", misuse, out])
    said = json.loads(r.stdout) if r.returncode == 0 else []
    events, err = export_events(out, v1=False)
    check(len(said) == 4 and events is not None and len(events) == 4,
          "calls out of order are refused, the rest is written: %s; %s" % (said, err))

    audit_findings(ab)
    live(ab)

    if failures:
        print("%d failed" % len(failures))
        sys.exit(1)


EDGE_C = r"""
#include <stdio.h>
#define KIBITZ_RECORD_IMPLEMENTATION
#include "kibitz/record.h"
/* Ill-formed UTF-8 in a label, a fact and a note; a note about no node; a cutoff that is not
 * one (refused, and the recording goes on); a rule without kbz_expand (refused at once). */
int main(int argc, char** argv) {
  kbz_recorder* r = kbz_open(argv[1]);
  const char* e;
  (void)argc;
  kbz_meta(r, "engine", "edge \xff\xfe");
  kbz_note(r, "before any node \xc3");
  kbz_enter(r, -5, 5, "e4\xc3");
  kbz_expand(r, 1);
  kbz_enter(r, -5, 5, "\xe2\x82");
  kbz_leave(r, 3);
  if (kbz_cutoff(r) == 0) return 3; /* best -3 < beta 5: not a cutoff */
  kbz_note(r, "a note \xf0\x9f\x98\x80 \xed\xa0\x80");
  kbz_leave(r, -3);
  e = kbz_close(r);
  printf("%s\n", e ? e : "(none)");
  r = kbz_open(argv[2]);
  kbz_steps(r, "alphabeta", "ge");
  kbz_enter(r, -5, 5, NULL);
  if (kbz_enter(r, -5, 5, NULL) == 0) return 4; /* no kbz_expand: refused */
  printf("%s\n", kbz_error(r));
  kbz_close(r);
  return 0;
}
"""


def audit_findings(ab):
    """What an audit as a new user found, each checked."""
    src, exe = os.path.join(WORK, "edge.c"), os.path.join(WORK, "edge")
    with open(src, "w") as f:
        f.write(EDGE_C)
    r = run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I",
             os.path.join(ROOT, "include"), src, "-o", exe])
    check(r.returncode == 0, "the edge-case program builds " + r.stderr[:300])
    one, two = os.path.join(WORK, "edge.kbz"), os.path.join(WORK, "edge_rule.kbz")
    r = run([exe, one, two])
    said = r.stdout.splitlines()
    check(r.returncode == 0 and len(said) == 2 and "not a cutoff" not in said[0]
          and "below beta" in said[0] and "kbz_expand" in said[1],
          "a cutoff that is not one and a missing kbz_expand under a rule are refused: %s" % said)
    # Ill-formed UTF-8 and a note about no node survive JSON and back.
    js, back = os.path.join(WORK, "edge.json"), os.path.join(WORK, "edge_back.kbz")
    a = run([KIBITZ, "export", one, "--json", "--out", js])
    b = run([KIBITZ, "export", js, "--kbz", "--out", back])
    events, _ = export_events(back, v1=False)
    texts = [e.get("text") for e in (events or []) if e["type"] in ("label", "note")]
    check(a.returncode == 0 and b.returncode == 0 and events is not None and
          "e4\ufffd" in texts and "before any node \ufffd" in texts,
          "ill-formed UTF-8 becomes U+FFFD, and a note about no node goes to JSON and back: %s %s"
          % (texts, (a.stderr + b.stderr).strip()[:200]))
    # A recording with a declared rule, cut after its first chunk, opens with its notice.
    big = write_full_tree("big9.tree", 9, 9)
    rule_file = os.path.join(WORK, "rule_big.kbz")
    run([ab, "@" + big, "gt", rule_file])
    with open(rule_file, "rb") as f:
        data = f.read()
    evts = [c for c in chunks(data) if c[0] in ("EVTS", "EVTV")]
    cut = os.path.join(WORK, "rule_cut.kbz")
    with open(cut, "wb") as f:
        f.write(data[:evts[0][2]] if evts else b"")
    r = run([KIBITZ, "replay", cut, "--at", "100"])
    check(len(evts) >= 2 and r.returncode == 0 and "cut short" in r.stdout + r.stderr,
          "a recording whose steps are checked by a rule, cut after its first chunk, opens: " +
          (r.stdout + r.stderr).strip()[:160])
    # Killed before its first chunk: the header and the facts are on disk from the first event.
    py = os.path.join(WORK, "killed.py")
    killed = os.path.join(WORK, "killed.kbz")
    with open(py, "w") as f:
        f.write("import os, sys\nsys.path.insert(0, %r)\nfrom record import Recorder\n"
                "r = Recorder(%r)\nr.meta('engine', 'killed')\nr.enter(-9, 9, 'e4')\n"
                "r.enter(-9, 9, 'e5')\nos._exit(0)\n"
                % (os.path.join(ROOT, "include", "kibitz"), killed))
    run([sys.executable, py])
    r = run([KIBITZ, "replay", killed, "--at", "0"])
    check(os.path.getsize(killed) > 16 and "cut short" in r.stdout + r.stderr and
          "killed" in run([KIBITZ, "export", killed, "--json"]).stdout,
          "a recording killed before its first chunk still has its header and facts: " +
          (r.stdout + r.stderr).strip()[:160])


class Viewer:
    """A viewer listening on 127.0.0.1 (any free port) for one connection: it keeps the bytes,
    or with close_at_once closes the connection as soon as it has taken it."""

    def __init__(self, close_at_once=False):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.sock.settimeout(20)
        self.port = self.sock.getsockname()[1]
        self.data = bytearray()
        self.close_at_once = close_at_once
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        try:
            conn, _ = self.sock.accept()
        except OSError:
            return
        with conn:
            while not self.close_at_once:
                got = conn.recv(65536)
                if not got:
                    break
                self.data += got

    def bytes(self):
        self.thread.join(20)
        self.sock.close()
        return bytes(self.data)


def free_port():
    """A port nothing listens on."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def header_flags(path):
    with open(path, "rb") as f:
        return struct.unpack("<I", f.read(16)[12:16])[0] if os.path.getsize(path) >= 16 else 0


def event_chunks(data):
    """(count, first event's type) of each event chunk of a .kbz file's bytes."""
    return [(struct.unpack_from("<I", data, at + 16)[0], data[at + 20] if end > at + 20 else None)
            for tag, at, end in chunks(data) if tag == "EVTV"]


SEALS_PY = r"""import sys, time
sys.path.insert(0, %r)
from record import INF, Recorder
r = Recorder(sys.argv[1])
for it in (1, 2):
    r.iteration_begin(it)
    r.enter(-INF, INF)
    r.expand(150)
    for k in range(150):
        r.enter(-INF, INF, "m%%d" %% k)
        r.evaluate(k)
        r.leave(k)
        if k == 40:
            time.sleep(0.06)
    r.leave(149)
    r.iteration_end(149)
r.close()
print(r.stream_missed)
"""

SEALS_MJS = r"""import { INF, Recorder, RecordError } from %s;
let refused = '';
try { new Recorder(process.argv[2]); } catch (e) { if (e instanceof RecordError) refused = e.message; }
const r = await Recorder.openLive(process.argv[2]);
for (const it of [1, 2]) {
  r.iterationBegin(it);
  r.enter(-INF, INF);
  r.expand(150);
  for (let k = 0; k < 150; ++k) {
    r.enter(-INF, INF, 'm' + k);
    r.evaluate(k);
    r.leave(k);
    if (k === 40) await new Promise((done) => setTimeout(done, 60));
  }
  r.leave(149);
  r.iterationEnd(149);
}
await r.closeLive();
console.log(r.streamMissed);
console.error(refused);
"""


def live(ab):
    """Live recording (tcp://) with the three writers."""
    # record.h streams on POSIX systems; strict C99 (ab_tree.c includes <stdio.h> first) hides
    # the sockets unless asked, so this build asks
    exe = os.path.join(WORK, "ab_tree_live")
    flags = ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-pedantic", "-Werror",
             "-I", os.path.join(ROOT, "include")]
    sanitize = ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    r = run(["cc"] + flags + (sanitize if ab.endswith("_san") else ["-O2"])
            + [os.path.join(HERE, "ab_tree.c"), "-o", exe])
    check(r.returncode == 0, "record.h with live streams compiles as C99 (POSIX) " + r.stderr[:300])
    writers = [("C", [exe]), ("Python", [sys.executable, os.path.join(HERE, "ab_tree.py")]),
               ("JavaScript", ["node", os.path.join(HERE, "ab_tree.mjs")])]
    tree, args = "((3 12 8) (2 4 6) (14 5 2))", ["ge", "extras"]
    ref = os.path.join(WORK, "live_ref.kbz")
    run([ab, tree, args[0], ref, args[1]])
    want, _ = export_events(ref, v1=False)

    def opens_as_file(path):
        """'' when Kibitz opens `path` with the events of the file recording, else why not."""
        if not os.path.exists(path):
            return "no %s" % os.path.basename(path)
        events, err = export_events(path, v1=False)
        if events is None:
            return "Kibitz refuses it: " + err[:200]
        return "" if events == want else "its events differ from the file recording's"

    for name, cmd in writers:
        tag = name.lower()
        # a viewer: it gets F's bytes, flagged a stream
        viewer, out = Viewer(), os.path.join(WORK, "live_%s.kbz" % tag)
        r = run(cmd + [tree, args[0], "tcp://127.0.0.1:%d?file=%s" % (viewer.port, out), args[1]],
                timeout=30)
        got = viewer.bytes()
        same = os.path.exists(out) and open(out, "rb").read() == got
        why = opens_as_file(out)
        check(r.returncode == 0 and r.stdout.strip() == "3" and same and
              header_flags(out) & 0x800 and not why,
              "%s live to a viewer and a file: the viewer gets the file's %d bytes, flagged a "
              "stream, and Kibitz opens them %s" % (name, len(got), (why + r.stderr)[:300]))
        # no viewer, no file: it fails to open, saying so (ab_tree.c then exits without freeing
        # its tree: no leak report)
        port = free_port()
        r = run(cmd + [tree, args[0], "tcp://127.0.0.1:%d" % port, args[1]], timeout=30,
                env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        said = re.findall(r"\w*Error: .*no viewer listens at tcp://\S+.*|tcp://\S+: Connection refused",
                          r.stderr) or [r.stderr]
        check(r.returncode != 0 and ("tcp://127.0.0.1:%d: Connection refused" % port in r.stderr or
                                     "no viewer listens at tcp://127.0.0.1:%d" % port in r.stderr),
              "%s live with no viewer and no file fails to open: %s" % (name, said[0].strip()[:160]))
        # no viewer, a file: the recording goes to the file
        out = os.path.join(WORK, "live_%s_alone.kbz" % tag)
        r = run(cmd + [tree, args[0], "tcp://127.0.0.1:%d?file=%s" % (port, out), args[1]], timeout=30)
        why = opens_as_file(out)
        check(r.returncode == 0 and "no viewer listens at tcp://127.0.0.1:%d: recording to %s only"
              % (port, out) in r.stderr and not why,
              "%s live with no viewer records to its file, saying so: %s"
              % (name, (why + r.stderr.strip())[:200]))
        # a viewer that closes the connection at once: the file is still complete
        viewer, out = Viewer(close_at_once=True), os.path.join(WORK, "live_%s_closed.kbz" % tag)
        r = run(cmd + [tree, args[0], "tcp://127.0.0.1:%d?file=%s" % (viewer.port, out), args[1]],
                timeout=30)
        viewer.bytes()
        why = opens_as_file(out)
        check(r.returncode == 0 and not why,
              "%s live to a viewer that closes at once: the file is complete %s"
              % (name, (why + r.stderr.strip())[:200]))

    # Sealing: after 50 ms (checked every 64 events) and after each iteration; the missed count.
    scripts = [("Python", "seals.py", SEALS_PY % os.path.join(ROOT, "include", "kibitz"), [sys.executable]),
               ("JavaScript", "seals.mjs", SEALS_MJS % json.dumps(
                   os.path.join(ROOT, "include", "kibitz", "record.mjs").replace("\\", "/")), ["node"])]
    for name, file, text, interpreter in scripts:
        script = os.path.join(WORK, file)
        with open(script, "w") as f:
            f.write(text)
        viewer, out = Viewer(), os.path.join(WORK, "seals_%s.kbz" % file[-2:])
        r = run(interpreter + [script, "tcp://127.0.0.1:%d?file=%s" % (viewer.port, out)], timeout=30)
        got = viewer.bytes()
        counts = event_chunks(got)
        # a chunk not of a multiple of 64 events ends an iteration (the next begins one), or is last
        sealed = all(n % 64 == 0 or i + 1 == len(counts) or counts[i + 1][1] == 1
                     for i, (n, _) in enumerate(counts))
        total = sum(n for n, _ in counts)
        check(r.returncode == 0 and r.stdout.strip() == "0" and sealed and len(counts) >= 4 and
              total == 1210 and os.path.exists(out) and open(out, "rb").read() == got,
              "%s live: chunks sealed after 50 ms and at each iteration's end %s, nothing missed "
              "(%s)" % (name, [n for n, _ in counts], r.stdout.strip()))
        if name == "JavaScript":
            check("Recorder.openLive" in r.stderr, "JavaScript: new Recorder('tcp://...') is "
                  "refused, naming Recorder.openLive: " + r.stderr.strip()[:200])
        port = free_port()
        r = run(interpreter + [script, "tcp://127.0.0.1:%d?file=%s" % (port, out)], timeout=30)
        check(r.returncode == 0 and r.stdout.strip() == "1210",
              "%s live with no viewer: every event is counted missed (%s of 1210)"
              % (name, r.stdout.strip()))


main()
