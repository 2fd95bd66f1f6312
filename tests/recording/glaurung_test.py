"""A modern chess engine no one here wrote records its search through record.h's modern calls.

    python3 glaurung_test.py KIBITZ GLAURUNG_SOURCE_DIR WORKDIR

Glaurung 2.2 (Tord Romstad; Stockfish's ancestor), from Debian's source package with Debian's
own patch applied (scripts/deps unpacks both into build/_deps), is patched with
glaurung.patch: PVS at PV nodes, zero-window search elsewhere, null move (with a verification
search), late-move reductions with re-searches, futility and move-count pruning, razoring,
quiescence with stand-pat and SEE pruning, a transposition table; run with one thread. Driven
over UCI (`go depth 7` in three positions), each finished iteration's root value and best move
as Kibitz derives them from the trace must be what the engine's last `info depth N score` line
said, and the last iteration's best move its `bestmove`; probes, re-searches, null moves,
quiescence nodes, table cuts and pruned moves must be present and classified."""
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
PAWN = 0xCC  # Glaurung's PawnValueMidgame: cp = value * 100 / PAWN, truncated
failures = []

POSITIONS = [
    ("start", "startpos"),
    ("italian", "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"),
    ("kiwipete", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
]


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failures.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def centipawns(v):
    return int(v * 100 / PAWN)  # C's division truncates towards zero


def build():
    src = os.path.join(WORK, "glaurung")
    shutil.copytree(SOURCE, src)
    r = run(["patch", "-p1", "-i", os.path.join(HERE, "glaurung.patch")], cwd=src)
    check(r.returncode == 0, "our patch applies to Debian's Glaurung source " + r.stdout + r.stderr)
    binary = os.path.join(WORK, "glaurung-recording")
    sources = [f for f in sorted(os.listdir(os.path.join(src, "src")))
               if f.endswith(".cpp") and f != "timeoday.cpp"]  # timeoday.cpp: Windows only
    r = run(["g++", "-O1", "-w", "-I", os.path.join(ROOT, "include"), "-o", binary] + sources +
            ["-pthread"], cwd=os.path.join(src, "src"))
    check(r.returncode == 0, "the patched engine builds " + r.stderr[-400:])
    return binary


def search(binary, name, position):
    trace = os.path.join(WORK, name + ".kbz")
    env = dict(os.environ, KIBITZ_RECORD=trace)
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env=env, cwd=WORK)
    engine.stdin.write("uci\nsetoption name Threads value 1\nsetoption name OwnBook value false\n"
                       "isready\nposition %s\ngo depth 7\n" % position)
    engine.stdin.flush()
    said, best, start = {}, None, time.time()
    for line in engine.stdout:
        m = re.match(r"info depth (\d+) score cp (-?\d+) .* pv (\S+)", line)
        if m:
            said[int(m.group(1))] = (int(m.group(2)), m.group(3))  # the last line of a depth
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
        if "kibitz" in line:
            check(False, "the recorder says: " + line.strip())
    seconds = time.time() - start
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(timeout=60)
    return trace, said, best, seconds


def open_trace(trace):
    r = run([KIBITZ, "export", trace, "--json"])
    if r.returncode != 0:
        return None, None, r.stderr
    events = json.loads(r.stdout)["events"]
    r = run([KIBITZ, "replay", trace, "--at", str(len(events) - 1), "--json", "--view", "negamax"])
    if r.returncode != 0:
        return events, None, r.stderr
    return events, json.loads(r.stdout)["nodes_table"], ""


def root_best(table, root):
    """The move Kibitz derives as best at the root: the successor at which best[] first took
    its final value, counting only the attempts no later one superseded."""
    best = table[root]["best"]
    if not best:
        return None
    k_best, k = best.index(best[-1]), 0
    for n in table:
        if n["parent"] != root or n.get("engine", {}).get("superseded"):
            continue
        if k == k_best:
            return n["name"]
        k += 1
    return None


def main():
    if not os.path.isfile(os.path.join(SOURCE, "src", "search.cpp")):
        print("FAIL - no Glaurung source in %s: scripts/deps fetches it" % SOURCE)
        sys.exit(1)
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    binary = build()
    kinds = {"probe": 0, "research": 0, "null_move": 0, "quiescence": 0, "table_cut": 0,
             "pruned": 0, "stand_pat_cut": 0}
    compared, wrong = 0, []
    for name, position in POSITIONS:
        trace, said, best, seconds = search(binary, name, position)
        events, table, error = open_trace(trace)
        check(table is not None, "%s: Kibitz opens Glaurung's trace %s" % (name, error[:300]))
        if table is None:
            continue
        roots = [n["id"] for n in table if n["parent"] is None]
        depths = [e["depth"] for e in events if e["type"] == "iteration_begin"]
        print("# %s: %d nodes, %d events, %d bytes, %d iterations, %.2f s" %
              (name, len(table), len(events), os.path.getsize(trace), len(roots), seconds))
        for root, depth in zip(roots, depths):
            if depth not in said:
                continue
            compared += 1
            value, move = said[depth]
            derived = (centipawns(table[root]["ret"]), root_best(table, root))
            if derived != (value, move):
                wrong.append("%s depth %d: Kibitz %s, Glaurung %s" % (name, depth, derived, (value, move)))
        if roots and root_best(table, roots[-1]) != best:
            wrong.append("%s: bestmove %s, derived %s" % (name, best, root_best(table, roots[-1])))
        for n in table:
            e = n.get("engine", {})
            kinds["probe"] += e.get("search") == "probe"
            kinds["research"] += e.get("search") == "research"
            kinds["null_move"] += e.get("search") == "null_move"
            kinds["quiescence"] += bool(e.get("quiescence"))
            kinds["pruned"] += e.get("pruned", 0)
            kinds["table_cut"] += n.get("tt", {}).get("probe") == "cutoff"
            kinds["stand_pat_cut"] += bool(e.get("quiescence")) and n["kind"] == "leaf" and \
                n["bound"] == "lower"
    check(compared >= 15 and not wrong,
          "each finished iteration's root value and best move as Kibitz derives them are "
          "Glaurung's (%d iterations, and bestmove) %s" % (compared, wrong[:5]))
    check(all(v > 0 for v in kinds.values()),
          "probes, re-searches, null moves, quiescence nodes, table cuts, pruned moves and "
          "stand-pat cuts are present and classified: %s" % kinds)
    if failures:
        sys.exit(1)


main()
