"""A modern engine's search through the recorder (include/kibitz/): probes and re-searches, null
moves, quiescence, table hits and cuts, pruned moves, bounds and aspiration windows.

    python3 modern_test.py KIBITZ WORKDIR

- modern.c (PVS with aspiration, a table, null move, late-move reductions with re-searches,
  futility pruning, quiescence with stand-pat) records itself through record.h on generated
  game trees; calls.py and calls.mjs make the same calls through record.py and record.mjs and
  must write the same bytes;
- Kibitz opens every trace, and for every iteration attempt that ended inside its window, the
  best move Kibitz derives at the root is the one the engine chose (a superseded probe never
  counts), with every kind of node present and classified;
- calls out of order (a re-search with no attempt before it, a table cut with successors, a
  bound that contradicts the window) are refused, naming the call, in all three languages;
- the new events go to JSON and back, and a count at its limit (2^31 - 1) survives every
  reader and writer.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
INCLUDE = os.path.join(ROOT, "include")
KIBITZ, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failures.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def build(name, source, extra=()):
    exe = os.path.join(WORK, name)
    flags = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", INCLUDE]
    r = run(["cc"] + flags + ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                              source, "-o", exe] + list(extra))
    if r.returncode != 0:  # no sanitizer runtime here
        r = run(["cc"] + flags + ["-O2", source, "-o", exe] + list(extra))
    check(r.returncode == 0, "%s builds as C99 with -pedantic -Werror %s" % (name, r.stderr[:300]))
    return exe


def root_best(table, root):
    """The move Kibitz derives as best at `root`: the successor k at which best[] first took
    its final value, k counted without the attempts a later one superseded."""
    node = table[root]
    best = node["best"]
    if not best:
        return None
    k_best = best.index(best[-1])
    k = 0
    for n in table:
        if n["parent"] != root:
            continue
        engine = n.get("engine", {})
        if engine.get("superseded"):
            continue
        if k == k_best:
            return n["name"]
        k += 1
    return None


def plain_runs(exe):
    """The same engine recorded with plain kbz_enter: probes and null moves count as results,
    and the derived best move goes wrong (the test above can fail)."""
    wrong, compared = [], 0
    for seed in range(1, 9):
        kbz = os.path.join(WORK, "plain%d.kbz" % seed)
        r = run([exe, str(seed), "6", kbz, kbz + ".txt"])
        engine = [line.split() for line in r.stdout.splitlines() if line.startswith("iteration")]
        events = run([KIBITZ, "export", kbz, "--json"])
        n = len(json.loads(events.stdout)["events"]) if events.returncode == 0 else 1
        r = run([KIBITZ, "replay", kbz, "--at", str(n - 1), "--json", "--view", "negamax"])
        if r.returncode != 0:
            continue
        table = json.loads(r.stdout)["nodes_table"]
        check_attempts(seed, engine, [t["id"] for t in table if t["parent"] is None], table, wrong)
        compared += sum(1 for it in engine if int(it[3]) < int(it[5]) < int(it[4]))
    check(len(wrong) > 0, "recorded with plain kbz_enter, the derived best move differs from the "
          "engine's in %d of %d attempts (what the modern calls fix)" % (len(wrong), compared))


def modern_runs(exe):
    kinds = {"probe": 0, "research": 0, "null_move": 0, "quiescence": 0, "table_cut": 0,
             "pruned": 0, "lower_leaf": 0}
    wrong, compared, seeds_same = [], 0, []
    for seed in range(1, 9):
        kbz, calls = os.path.join(WORK, "m%d.kbz" % seed), os.path.join(WORK, "m%d.txt" % seed)
        r = run([exe, str(seed), "6", kbz, calls])
        if r.returncode != 0:
            check(False, "modern.c seed %d runs: %s" % (seed, r.stderr[:300]))
            continue
        engine = [line.split() for line in r.stdout.splitlines() if line.startswith("iteration")]
        if seed <= 3:  # the three writers, byte for byte
            py, js = kbz + ".py.kbz", kbz + ".js.kbz"
            a = run([sys.executable, os.path.join(HERE, "calls.py"), calls, py])
            b = run(["node", os.path.join(HERE, "calls.mjs"), calls, js])
            blobs = [open(f, "rb").read() if os.path.exists(f) else b"" for f in (kbz, py, js)]
            seeds_same.append(a.returncode == 0 and b.returncode == 0 and
                              blobs[0] == blobs[1] == blobs[2])
            if not seeds_same[-1]:
                print("# seed %d: %s %s sizes %s" % (seed, a.stderr[-300:], b.stderr[-300:],
                                                     [len(x) for x in blobs]))
        r = run([KIBITZ, "export", kbz, "--json"])
        events = json.loads(r.stdout)["events"] if r.returncode == 0 else []
        r = run([KIBITZ, "replay", kbz, "--at", str(max(0, len(events) - 1)), "--json",
                 "--view", "negamax"])
        if r.returncode != 0:
            check(False, "Kibitz opens modern.c's trace (seed %d): %s" % (seed, r.stderr[:300]))
            continue
        table = json.loads(r.stdout)["nodes_table"]
        roots = [n["id"] for n in table if n["parent"] is None]
        check_attempts(seed, engine, roots, table, wrong)
        compared += sum(1 for it in engine if int(it[3]) < int(it[5]) < int(it[4]))
        for n in table:
            e = n.get("engine", {})
            kinds["probe"] += e.get("search") == "probe"
            kinds["research"] += e.get("search") == "research"
            kinds["null_move"] += e.get("search") == "null_move"
            kinds["quiescence"] += bool(e.get("quiescence"))
            kinds["pruned"] += e.get("pruned", 0)
            kinds["table_cut"] += n.get("tt", {}).get("probe") == "cutoff"
            kinds["lower_leaf"] += n["kind"] == "leaf" and n["bound"] == "lower"
    check(seeds_same and all(seeds_same),
          "record.h, record.py and record.mjs write the same bytes for modern.c's calls (%d seeds)"
          % len(seeds_same))
    check(compared >= 30 and not wrong,
          "the root's derived best move is the engine's in all %d iteration attempts that ended "
          "inside their window %s" % (compared, wrong[:5]))
    check(all(v > 0 for v in kinds.values()),
          "probes, re-searches, null moves, quiescence nodes, table cuts, pruned moves and "
          "stand-pat cuts are present and classified: %s" % kinds)


def check_attempts(seed, engine, roots, table, wrong):
    if len(engine) != len(roots):
        wrong.append("seed %d: %d attempts, %d roots" % (seed, len(engine), len(roots)))
        return
    for it, root in zip(engine, roots):
        depth, attempt, alpha, beta, value, move = it[1], it[2], int(it[3]), int(it[4]), int(it[5]), it[6]
        if table[root]["ret"] != value:
            wrong.append("seed %d depth %s: root value %s, engine %d" % (seed, depth, table[root]["ret"], value))
        if alpha < value < beta and root_best(table, root) != move:
            wrong.append("seed %d depth %s attempt %s: derived %s, engine %s"
                         % (seed, depth, attempt, root_best(table, root), move))


REFUSALS_C = r"""
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#define KIBITZ_RECORD_IMPLEMENTATION
#include "kibitz/record.h"
/* Each refused call names itself; the first refusal is kept, so one recorder per case. */
static void say(kbz_recorder* r) {
  printf("%s\n", kbz_error(r) ? kbz_error(r) : "(accepted)");
  kbz_close(r);
}
static void* other_thread(void* r) {
  kbz_enter((kbz_recorder*)r, -50, 50, "e4");
  return NULL;
}
int main(int argc, char** argv) {
  kbz_recorder* r;
  pthread_t t;
  (void)argc;
  r = kbz_open(argv[1]); /* a re-search with no attempt before it */
  kbz_enter(r, -50, 50, NULL);
  kbz_enter_search(r, -50, 50, "e4", KBZ_RESEARCH, KBZ_WHY_LMR, 3, 1);
  say(r);
  r = kbz_open(argv[1]); /* a re-search of another move */
  kbz_enter(r, -50, 50, NULL);
  kbz_enter_search(r, -50, 50, "e4", KBZ_PROBE, KBZ_WHY_LMR, 2, 1);
  kbz_leave(r, -20);
  kbz_enter_search(r, -50, 50, "d4", KBZ_RESEARCH, KBZ_WHY_LMR, 3, 1);
  say(r);
  r = kbz_open(argv[1]); /* a table cut at a node with successors */
  kbz_enter(r, -50, 50, NULL);
  kbz_enter(r, -50, 50, "e4");
  kbz_leave(r, 3);
  kbz_table(r, KBZ_TT_CUT, KBZ_BOUND_EXACT, 4, 3, NULL);
  say(r);
  r = kbz_open(argv[1]); /* a lower bound below beta */
  kbz_enter(r, -50, 50, NULL);
  kbz_enter(r, -50, 50, "e4");
  kbz_leave(r, 3);
  kbz_leave_bound(r, -3, KBZ_BOUND_LOWER);
  say(r);
  r = kbz_open(argv[1]); /* a successor of a node the table settled */
  kbz_enter(r, -50, 50, NULL);
  kbz_table(r, KBZ_TT_CUT, KBZ_BOUND_LOWER, 4, 60, "e4");
  kbz_enter(r, -50, 50, "e4");
  say(r);
  r = kbz_open(argv[1]); /* a re-search of a null move */
  kbz_enter(r, 49, 50, NULL);
  kbz_enter_search(r, -50, -49, "null", KBZ_NULL_MOVE, KBZ_WHY_NONE, 1, 1);
  kbz_leave(r, 0);
  kbz_enter_search(r, -50, -49, "null", KBZ_RESEARCH, KBZ_WHY_VERIFY, 1, 1);
  say(r);
  r = kbz_open(argv[1]); /* a call from another thread (Lazy SMP: one recorder per thread) */
  kbz_enter(r, -50, 50, NULL);
  pthread_create(&t, NULL, other_thread, r);
  pthread_join(t, NULL);
  say(r);
  return 0;
}
"""

REFUSALS_PY = r"""
import sys
sys.path.insert(0, %r)
from record import *
said = []
def case(calls):
    r = Recorder(sys.argv[1])
    try:
        calls(r)
        said.append("(accepted)")
    except RecordError as e:
        said.append(str(e))
    r.close()
case(lambda r: (r.enter(-50, 50), r.enter_search(-50, 50, "e4", RESEARCH, WHY_LMR, 3, 1)))
case(lambda r: (r.enter(-50, 50), r.enter_search(-50, 50, "e4", PROBE, WHY_LMR, 2, 1), r.leave(-20),
                r.enter_search(-50, 50, "d4", RESEARCH, WHY_LMR, 3, 1)))
case(lambda r: (r.enter(-50, 50), r.enter(-50, 50, "e4"), r.leave(3),
                r.table(TT_CUT, BOUND_EXACT, 4, 3)))
case(lambda r: (r.enter(-50, 50), r.enter(-50, 50, "e4"), r.leave(3), r.leave_bound(-3, BOUND_LOWER)))
case(lambda r: (r.enter(-50, 50), r.table(TT_CUT, BOUND_LOWER, 4, 60, "e4"), r.enter(-50, 50, "e4")))
case(lambda r: (r.enter(49, 50), r.enter_search(-50, -49, "null", NULL_MOVE, WHY_NONE, 1, 1), r.leave(0),
                r.enter_search(-50, -49, "null", RESEARCH, WHY_VERIFY, 1, 1)))
case(lambda r: (r.enter(-50, 50), r.evaluate(2.5)))
import threading
def other_thread(r):
    r.enter(-50, 50)
    refused = []
    def call():
        try:
            r.enter(-50, 50, "e4")
        except RecordError as e:
            refused.append(e)
    t = threading.Thread(target=call)
    t.start()
    t.join()
    if refused:
        raise refused[0]
case(other_thread)
print("\n".join(said))
"""

REFUSALS_JS = r"""
import * as k from %r;
const said = [];
const kase = (calls) => {
  const r = new k.Recorder();
  try { calls(r); said.push('(accepted)'); } catch (e) { if (!(e instanceof k.RecordError)) throw e; said.push(e.message); }
  r.close();
};
kase(r => { r.enter(-50, 50); r.enterSearch(-50, 50, 'e4', k.RESEARCH, k.WHY_LMR, 3, 1); });
kase(r => { r.enter(-50, 50); r.enterSearch(-50, 50, 'e4', k.PROBE, k.WHY_LMR, 2, 1); r.leave(-20);
  r.enterSearch(-50, 50, 'd4', k.RESEARCH, k.WHY_LMR, 3, 1); });
kase(r => { r.enter(-50, 50); r.enter(-50, 50, 'e4'); r.leave(3); r.table(k.TT_CUT, k.BOUND_EXACT, 4, 3); });
kase(r => { r.enter(-50, 50); r.enter(-50, 50, 'e4'); r.leave(3); r.leaveBound(-3, k.BOUND_LOWER); });
kase(r => { r.enter(-50, 50); r.table(k.TT_CUT, k.BOUND_LOWER, 4, 60, 'e4'); r.enter(-50, 50, 'e4'); });
kase(r => { r.enter(49, 50); r.enterSearch(-50, -49, 'null', k.NULL_MOVE, k.WHY_NONE, 1, 1); r.leave(0);
  r.enterSearch(-50, -49, 'null', k.RESEARCH, k.WHY_VERIFY, 1, 1); });
kase(r => { r.enter(-50, 50); r.evaluate(2.5); });
console.log(said.join('\n'));
"""

EXPECTED = ["does not follow", "another move", "already has successors", "does not reach beta",
            "table settled", "null move", "another thread"]


def refusals():
    src = os.path.join(WORK, "refusals.c")
    with open(src, "w") as f:
        f.write(REFUSALS_C)
    exe = build("refusals", src, ["-pthread"])
    out = os.path.join(WORK, "refused.kbz")
    c = run([exe, out]).stdout.splitlines()
    py_src, js_src = os.path.join(WORK, "refusals.py"), os.path.join(WORK, "refusals.mjs")
    with open(py_src, "w") as f:
        f.write(REFUSALS_PY % os.path.join(INCLUDE, "kibitz"))
    with open(js_src, "w") as f:
        f.write(REFUSALS_JS % os.path.join(INCLUDE, "kibitz", "record.mjs").replace("\\", "/"))
    py = run([sys.executable, py_src, out]).stdout.splitlines()
    js = run(["node", js_src]).stdout.splitlines()
    for lang, said in (("C", c), ("Python", py), ("JavaScript", js)):
        expected = EXPECTED if lang == "C" else EXPECTED[:6]  # threads: C's recorder
        ok = len(said) >= len(expected) and all(w in s for w, s in zip(expected, said))
        check(ok, "%s refuses calls out of order, naming them: %s" % (lang, said))
    check(len(py) == 8 and "another thread" in py[7] and len(js) == 7,
          "Python refuses a call from another thread, not silently: %s" % py[7:])
    check(len(py) >= 7 and "integer" in py[6] and len(js) == 7 and "integer" in js[6],
          "a fractional value is refused, not truncated (Python, JavaScript): %s / %s"
          % (py[6:], js[6:]))


LIMITS_PY = r"""
import sys
sys.path.insert(0, %r)
from record import *
r = Recorder(sys.argv[1])
r.enter(-INF, INF)
r.expand(2147483647)
r.enter_search(-INF, INF, "e4", PROBE | QUIESCENCE, WHY_PVS, -2147483647, 2147483647)
r.static_eval(-INF)
r.hash(0xFFFFFFFFFFFFFFFF)
r.table(TT_CUT, BOUND_LOWER, 70000, INF, "e4")
r.leave(INF)
r.prune("d4", PRUNE_HISTORY)
r.note("a note")
r.leave(-INF)
r.close()
"""


def json_round_trip():
    """Every new event and a count at its limit: .kbz to JSON to .kbz, the same events."""
    src, kbz = os.path.join(WORK, "limits.py"), os.path.join(WORK, "limits.kbz")
    with open(src, "w") as f:
        f.write(LIMITS_PY % os.path.join(INCLUDE, "kibitz"))
    r = run([sys.executable, src, kbz])
    check(r.returncode == 0, "record.py writes every new call at its limits " + r.stderr[-300:])
    js, back, js2 = (os.path.join(WORK, n) for n in ("limits.json", "limits_back.kbz", "limits2.json"))
    a = run([KIBITZ, "export", kbz, "--json", "--out", js])
    b = run([KIBITZ, "export", js, "--kbz", "--out", back])
    c = run([KIBITZ, "export", back, "--json", "--out", js2])
    same = all(x.returncode == 0 for x in (a, b, c)) and open(js).read() == open(js2).read()
    types = [e["type"] for e in json.load(open(js))["events"]] if a.returncode == 0 else []
    check(same and {"attempt", "node_facts", "static_eval", "hash_key", "tt_probe", "table_move",
                    "prune"} <= set(types),
          "the new events and a count of 2^31 - 1 go to JSON and back unchanged: %s %s"
          % (types, (a.stderr + b.stderr + c.stderr)[-300:]))
    r = run([KIBITZ, "replay", back, "--at", "16"])
    check(r.returncode == 0, "and the model opens it " + (r.stdout + r.stderr)[-300:])


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def damaged_chunks():
    """A damaged EVTV chunk (the checksum made right again) is refused, naming what is wrong."""
    with open(os.path.join(WORK, "m1.kbz"), "rb") as f:
        data = bytearray(f.read())
    at = data.find(b"EVTV")
    body = at + 16 + 4  # the first event: type, mask
    cases = {"mask": (body + 1, 0x40, "field mask"),
             "varint": (None, None, "runs past its chunk")}
    said = {}
    for name, (where, value, expected) in cases.items():
        bad = bytearray(data)
        if where is not None:
            bad[where] = value
        else:  # the chunk's last byte continues a varint past the chunk
            length = int.from_bytes(bad[at + 8:at + 16], "little")
            bad[at + 16 + length - 1] |= 0x80
        end = bad.rfind(b"END ")
        bad[end + 16:end + 24] = fnv1a64(bytes(bad[:end])).to_bytes(8, "little")
        path = os.path.join(WORK, "damaged_%s.kbz" % name)
        with open(path, "wb") as f:
            f.write(bad)
        r = run([KIBITZ, "export", path, "--json"])
        said[name] = (r.returncode, (r.stderr or r.stdout).strip()[:160])
        check(r.returncode != 0 and expected in r.stderr,
              "a damaged EVTV chunk (%s) is refused with a message: %s" % (name, said[name][1]))


def main():
    os.makedirs(WORK, exist_ok=True)
    exe = build("modern", os.path.join(HERE, "modern.c"))
    modern_runs(exe)
    plain_runs(build("modern_plain", os.path.join(HERE, "modern.c"), ["-DMODERN_AS_PLAIN"]))
    refusals()
    damaged_chunks()
    json_round_trip()
    if failures:
        print("%d failed" % len(failures))
        sys.exit(1)


main()
