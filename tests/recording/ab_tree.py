"""ab_tree.c in Python: an AIMA-style alpha-beta recording itself with include/kibitz/record.py.

    python3 ab_tree.py TREE gt|ge OUT.kbz [extras]     prints the root's value

The same tree and criterion give the same bytes as ab_tree.c (recording_test.py checks)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "include", "kibitz"))
from record import INF, Recorder  # noqa: E402


def parse(text):
    """Bracket text to nested lists of ints."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    stack = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(int(token))
    return stack[0][0]


def search(r, node, alpha, beta, ply, ge, extras, k_in=0):
    """search! of seed 000: fail-soft negamax alpha-beta."""
    r.enter(alpha, beta, "%c%d" % (chr(97 + k_in % 26), ply) if extras and ply else None)
    if extras:
        r.position('ply "%d"' % ply)
    if isinstance(node, int):
        value = -node if ply % 2 else node
        r.evaluate(value)
        r.leave(value)
        return value
    r.expand(len(node))
    if extras:
        r.evaluate(ply)
    best = -INF
    for k, child in enumerate(node):
        best = max(best, -search(r, child, -beta, -alpha, ply + 1, ge, extras, k))
        if best >= beta if ge else best > beta:
            r.cutoff()
            break
        alpha = max(alpha, best)
        if extras and k == 0:
            r.note('first successor back: é "∞"')
    r.leave(best)
    return best


def main():
    tree, criterion, out = sys.argv[1:4]
    if tree.startswith("@"):  # a tree too long for the command line: from a file
        with open(tree[1:]) as f:
            tree = f.read()
    extras = len(sys.argv) == 5
    with Recorder(out) as r:
        r.meta("engine", "ab_tree.c")
        r.meta("algo", "alphabeta")
        r.steps("none" if extras else "alphabeta", criterion)
        if extras:
            r.meta("note", 'a "quoted"\nline\\')
            r.iteration_begin(1)
        value = search(r, parse(tree), -INF, INF, 0, criterion == "ge", extras)
        if extras:
            r.iteration_end(value)
            r.note("done")
            r.meta("nodes", "after the search")
            r.meta("engine", "ab_tree.c again")
    print(value)


if __name__ == "__main__":
    main()
