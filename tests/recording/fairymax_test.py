"""A chess engine no one here wrote records its search through include/kibitz/record.h.

    python3 fairymax_test.py KIBITZ FAIRYMAX_SOURCE_DIR WORKDIR

Fairy-Max 5.0b (H.G. Muller), from Debian's source package (scripts/deps unpacks it into
build/_deps), is patched with fairymax.patch (37 added lines) that open a recording when
KIBITZ_RECORD names a file, enter each node with its window, label it with its move and leave
it with what it returns, one root per iteration of its root's deepening loop. Driven as
XBoard drives it (`st 1000`, `sd 5`, `post`, `go`), it plays its move; Kibitz then opens the trace (the
model checks the nesting and every window), and each iteration's root value is the score
Fairy-Max printed last at that depth."""
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KIBITZ, SOURCE, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failures.append(what)


def main():
    if not os.path.isfile(os.path.join(SOURCE, "fairymax.c")):
        print("FAIL - no Fairy-Max source in %s: scripts/deps fetches it" % SOURCE)
        sys.exit(1)
    shutil.rmtree(WORK, ignore_errors=True)
    shutil.copytree(SOURCE, os.path.join(WORK, "fairymax"))
    src = os.path.join(WORK, "fairymax")
    r = subprocess.run(["patch", "-p1", "-i", os.path.join(HERE, "fairymax.patch")], cwd=src,
                       capture_output=True, text=True)
    check(r.returncode == 0, "our patch applies to Debian's Fairy-Max source " + r.stdout + r.stderr)
    binary = os.path.join(WORK, "fairymax-recording")
    r = subprocess.run(["cc", "-O2", "-w", "-I", os.path.join(ROOT, "include"),
                        '-DFAIRYDIR="%s"' % os.path.join(src, "data"), "fairymax.c", "-o", binary],
                       cwd=src, capture_output=True, text=True)
    check(r.returncode == 0, "the patched engine builds " + r.stderr[-400:])

    trace = os.path.join(WORK, "fairymax.kbz")
    env = dict(os.environ, KIBITZ_RECORD=trace)
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env=env, cwd=WORK)
    moves = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6".split()
    # st 1000: time enough that the depth limit, not the clock, ends the search
    engine.stdin.write("xboard\nprotover 2\nnew\nst 1000\nforce\n" + "".join(m + "\n" for m in moves) +
                       "sd 5\npost\ngo\n")
    engine.stdin.flush()
    printed, move, start = {}, None, time.time()
    for line in engine.stdout:
        m = re.match(r"\s*(\d+)\s+(-?\d+)\s+\d+\s+\d+\s+(.*)", line)
        if m:
            printed[int(m.group(1))] = int(m.group(2))  # the last line of a depth counts
        if line.startswith("move "):
            move = line.split()[1]
            break
        if line.startswith("# kibitz:"):
            check(False, "the recorder says: " + line.strip())
    seconds = time.time() - start
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(timeout=30)
    check(move is not None and len(printed) >= 4,
          "Fairy-Max searched to depth %d in %.2f s and played %s" % (max(printed or [0]), seconds, move))

    r = subprocess.run([KIBITZ, "export", trace, "--json"], capture_output=True, text=True)
    check(r.returncode == 0, "Kibitz reads the recording " + r.stderr)
    if r.returncode != 0:
        sys.exit(1)
    t = json.loads(r.stdout)
    events = t["events"]
    nodes = sum(1 for e in events if e["type"] == "enter")
    iterations = {}
    for e in events:
        if e["type"] == "iteration_begin":
            depth = e["depth"]
        elif e["type"] == "iteration_end":
            iterations[depth] = e["value"]
    r = subprocess.run([KIBITZ, "replay", trace, "--at", str(len(events) - 1), "--json"],
                       capture_output=True, text=True)
    check(r.returncode == 0, "the model opens it: nesting and windows checked " + r.stderr[:300])
    state = json.loads(r.stdout) if r.returncode == 0 else {}
    print("# trace: %d bytes, %d events, %d nodes, %d iterations (meta %s)" %
          (os.path.getsize(trace), len(events), nodes, len(iterations), t["meta"]))
    check(nodes > 1000 and state.get("counters", {}).get("nodes", nodes) == nodes,
          "the trace holds the search's %d nodes" % nodes)
    same = {d: (printed[d], iterations.get(d)) for d in printed}
    check(all(a == b for a, b in same.values()),
          "each iteration's root value is the score Fairy-Max printed for that depth: %s" % same)
    labels = [e["text"] for e in events if e["type"] == "label"]
    check(move in labels and "null" in labels,
          "nodes are labelled with their moves (%s played, null moves marked)" % move)
    if failures:
        sys.exit(1)


main()
