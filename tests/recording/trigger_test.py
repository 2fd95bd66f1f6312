"""Triggered capture (record.h's kbz_trigger_*, KIBITZ_TRIGGER_* in the environment): a search
recorded whole and recorded with a trigger; the triggered trace must hold exactly the subtrees
of the whole trace's nodes that meet the conditions, each a root labelled with its path. record.py
and record.mjs, making the same calls (calls.py, calls.mjs) with the same environment, must write
the same bytes, and refuse a bad condition the same way.

    trigger_test.py KIBITZ WORK_DIR"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KIBITZ, WORK = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env)


def tree(path):
    """The trace as nodes: parent, label, hash, subtree size, root index."""
    r = run([KIBITZ, "export", path, "--json"])
    assert r.returncode == 0, r.stderr
    events = json.loads(r.stdout)["events"]
    nodes, stack, roots = {}, [], []
    for e in events:
        if e["type"] == "enter":
            n = e["node"]
            nodes[n] = {"parent": stack[-1] if stack else None, "label": None, "hash": None,
                        "size": 1, "root": len(roots) if not stack else nodes[stack[0]]["root"]}
            if not stack:
                roots.append(n)
            stack.append(n)
        elif e["type"] == "label":
            nodes[e["node"]]["label"] = e.get("text", e.get("a"))
        elif e["type"] == "hash_key":
            nodes[e["node"]]["hash"] = ((e["b"] & 0xFFFFFFFF) << 32) | (e["a"] & 0xFFFFFFFF)
        elif e["type"] == "leave":
            stack.pop()
    for n in sorted(nodes, reverse=True):  # ids in entry order: children after parents
        p = nodes[n]["parent"]
        if p is not None:
            nodes[p]["size"] += nodes[n]["size"]
    return nodes, roots


def writers(env_add, calls, out):
    """calls.py and calls.mjs replaying CALLS.txt `calls` with the environment plus `env_add`,
    side by side: (the files they wrote, or None, and their stderr)."""
    env = dict(os.environ, **env_add)
    outs = [out + ".py.kbz", out + ".js.kbz"]
    for f in outs:
        if os.path.exists(f):
            os.remove(f)
    procs = [subprocess.Popen([sys.executable, os.path.join(HERE, "calls.py"), calls, outs[0]],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True),
             subprocess.Popen(["node", os.path.join(HERE, "calls.mjs"), calls, outs[1]],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)]
    errs = [p.communicate()[1] for p in procs]
    blobs = [open(f, "rb").read() if os.path.exists(f) else None for f in outs]
    return blobs, errs


def same_bytes(name, env_add, calls, out):
    """The three writers agree byte for byte on a triggered recording."""
    blobs, errs = writers(env_add, calls, out)
    with open(out, "rb") as f:
        c = f.read()
    check(blobs[0] == c and blobs[1] == c,
          "%s: record.py and record.mjs write modern.c's bytes (%d) %s" %
          (name, len(c), [len(b) if b is not None else e[-300:] for b, e in zip(blobs, errs)]))


def path_of(nodes, n):
    moves = []
    while nodes[n]["parent"] is not None:
        moves.append(nodes[n]["label"] or "-")
        n = nodes[n]["parent"]
    return " ".join(reversed(moves))


def ply_of(nodes, n):
    d = 0
    while nodes[n]["parent"] is not None:
        n, d = nodes[n]["parent"], d + 1
    return d


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
engine = os.path.join(WORK, "modern")
r = run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-I",
         os.path.join(ROOT, "include"), os.path.join(HERE, "modern.c"), "-o", engine])
check(r.returncode == 0, "modern.c compiles " + r.stderr[:300])
whole_file = os.path.join(WORK, "whole.kbz")
r = run([engine, "5", "8", whole_file, os.path.join(WORK, "calls.txt")])
check(r.returncode == 0, "the whole search records " + r.stderr[:200])
whole, whole_roots = tree(whole_file)

# A hash that recurs (a transposition), a path two moves deep.
hashes = {}
for n, v in whole.items():
    hashes[v["hash"]] = hashes.get(v["hash"], 0) + 1
key = max((c, h) for h, c in hashes.items() if h is not None)[1]
deep = [n for n in whole if ply_of(whole, n) == 2]
path = path_of(whole, deep[len(deep) // 2])

cases = [
    ("path", {"KIBITZ_TRIGGER_PATH": path}, lambda n: path_of(whole, n) == path),
    ("hash", {"KIBITZ_TRIGGER_HASH": hex(key)}, lambda n: whole[n]["hash"] == key),
    ("ply and iteration", {"KIBITZ_TRIGGER_PLY": "1", "KIBITZ_TRIGGER_ITERATION": "6"},
     lambda n: ply_of(whole, n) == 1 and whole[n]["root"] == 5),
]
for i, (name, env_add, fires) in enumerate(cases):
    out, calls = os.path.join(WORK, "trig%d.kbz" % i), os.path.join(WORK, "trig%d.txt" % i)
    r = run([engine, "5", "8", out, calls], env=dict(os.environ, **env_add))
    check(r.returncode == 0, "%s: the triggered search records %s" % (name, r.stderr[:200]))
    same_bytes(name, env_add, calls, out)
    got, roots = tree(out)
    # The first firing node of each nest: a node inside a captured subtree is not a new root.
    expected, inside = [], set()
    for n in sorted(whole):
        p = whole[n]["parent"]
        if p in inside:
            inside.add(n)
        elif fires(n):
            expected.append(n)
            inside.add(n)
    check(len(roots) == len(expected) and len(roots) > 0,
          "%s: %d subtrees captured, as the whole trace has %d" % (name, len(roots), len(expected)))
    check([got[n]["size"] for n in roots] == [whole[n]["size"] for n in expected],
          "%s: each subtree has the whole trace's nodes (%d in all)" %
          (name, sum(whole[n]["size"] for n in expected)))
    check(all(got[n]["label"] == (path_of(whole, e) or None) for n, e in zip(roots, expected)),
          "%s: each root is labelled with its path from the search's root" % name)

# The whole 3rd iteration alone, with its iteration events; a limit.
out, calls = os.path.join(WORK, "iter.kbz"), os.path.join(WORK, "iter.txt")
r = run([engine, "5", "8", out, calls], env=dict(os.environ, KIBITZ_TRIGGER_ITERATION="3"))
got, roots = tree(out)
check(len(roots) == 1 and got[roots[0]]["size"] == whole[whole_roots[2]]["size"],
      "iteration 3 alone: one root, its %d nodes" % whole[whole_roots[2]]["size"])
same_bytes("iteration 3 alone", {"KIBITZ_TRIGGER_ITERATION": "3"}, calls, out)
# The search's root (an empty path) in iteration 2, a decimal hash no node has, hex and octal
# numbers: the writers agree on the facts and on an empty trace as well.
for name, env_add in [("the root of iteration 2", {"KIBITZ_TRIGGER_PATH": "",
                                                   "KIBITZ_TRIGGER_ITERATION": "2"}),
                      ("a hash no node has", {"KIBITZ_TRIGGER_HASH": "12345",
                                              "KIBITZ_TRIGGER_LIMIT": "0x10"}),
                      ("a path, a ply and an iteration", {"KIBITZ_TRIGGER_PATH": " " + path + "  ",
                                                          "KIBITZ_TRIGGER_PLY": "02",
                                                          "KIBITZ_TRIGGER_ITERATION": "+4"})]:
    r = run([engine, "5", "4", out, calls], env=dict(os.environ, **env_add))
    check(r.returncode == 0, "%s: records %s" % (name, r.stderr[:200]))
    same_bytes(name, env_add, calls, out)
r = run([engine, "5", "8", out, calls],
        env=dict(os.environ, KIBITZ_TRIGGER_PLY="2", KIBITZ_TRIGGER_LIMIT="4"))
got, roots = tree(out)
check(len(roots) == 4, "a limit of 4 captures 4 subtrees")
same_bytes("a limit", {"KIBITZ_TRIGGER_PLY": "2", "KIBITZ_TRIGGER_LIMIT": "4"}, calls, out)
meta = json.loads(run([KIBITZ, "export", out, "--json"]).stdout)["meta"]
check(meta.get("trigger") == "ply 2, at most 4" and meta.get("trigger_captures") == "4",
      "the facts say the trigger and the captures: %s" % meta)

# Bad conditions: a clear message, no file.
bad = os.path.join(WORK, "bad.kbz")
r = run([engine, "5", "3", bad, os.path.join(WORK, "c.txt")],
        env=dict(os.environ, KIBITZ_TRIGGER_PLY="two"))
check(r.returncode != 0 and "KIBITZ_TRIGGER_PLY='two' is not a number" in r.stderr and
      not os.path.exists(bad), "a bad condition is named on stderr, and no file is made")
for env_add in ({"KIBITZ_TRIGGER_PLY": "two"}, {"KIBITZ_TRIGGER_HASH": "0xg"},
                {"KIBITZ_TRIGGER_ITERATION": "0"}):
    r = run([engine, "5", "3", bad, os.path.join(WORK, "bad.txt")], env=dict(os.environ, **env_add))
    line = r.stderr.splitlines()[0] if r.stderr else "(none)"
    blobs, errs = writers(env_add, calls, bad)
    check(r.returncode != 0 and not os.path.exists(bad) and blobs == [None, None] and
          all(e.startswith(line + "\n") for e in errs),
          "%s: record.py and record.mjs refuse it as record.h does (%s), no file" %
          (list(env_add.items())[0], line))

if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("all trigger checks passed")
