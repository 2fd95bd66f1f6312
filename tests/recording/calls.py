"""Makes the recorder calls a CALLS.txt lists (modern.c writes one) through record.py.

    python3 calls.py CALLS.txt OUT.kbz

The file must come out byte for byte as modern.c's (recording_test.py checks)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "include", "kibitz"))
from record import Recorder  # noqa: E402


def text(word):
    return None if word == "-" else word


def main():
    calls, out = sys.argv[1:3]
    with open(calls) as f, Recorder(out) as r:
        for line in f:
            call, _, rest = line.rstrip("\n").partition(" ")
            w = rest.split(" ")
            if call == "steps":
                r.steps(w[0], w[1])
            elif call == "meta":
                r.meta(w[0], " ".join(w[1:]))
            elif call == "note":
                r.note(rest)
            elif call == "enter_search":
                r.enter_search(int(w[0]), int(w[1]), text(w[2]), *map(int, w[3:7]))
            elif call == "leave":
                r.leave(int(w[0]))
            elif call == "leave_bound":
                r.leave_bound(int(w[0]), int(w[1]))
            elif call == "cutoff":
                r.cutoff()
            elif call == "hash":
                r.hash(int(w[0]))
            elif call == "table":
                r.table(int(w[0]), int(w[1]), int(w[2]), int(w[3]), text(w[4]))
            elif call == "prune":
                r.prune(text(w[0]), int(w[1]))
            else:  # evaluate, static_eval, iteration_begin, iteration_end
                getattr(r, call)(int(w[0]))


if __name__ == "__main__":
    main()
