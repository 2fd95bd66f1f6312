#!/usr/bin/env bash
# The trace corpus: a fixed set of searches (every algorithm, every source and game, both
# criteria, interest schedules, forward-estimation bounds, Greenblatt options), recorded, plus
# their JSON exports (format 2 as recorded, and format 1 with every step derived), the bench
# signature and the experiments' outputs. A refactoring that must
# not change what Kibitz records is checked by running this before and after and comparing the
# files byte for byte (tests/corpus/expected.sha256 holds the hashes of the current outputs).
#
# Usage: corpus.sh KIBITZ OUTDIR            record the corpus into OUTDIR, print "sha256  name"
#        corpus.sh --check KIBITZ OUTDIR    ... and compare with tests/corpus/expected.sha256
set -u
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
kibitz="$1"; out="$2"
case "$kibitz" in */*) kibitz="$(cd "$(dirname "$kibitz")" && pwd)/$(basename "$kibitz")" ;; esac
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$out"; mkdir -p "$out" || exit 1
fails=0
i=0
while IFS= read -r args; do
  [ -z "$args" ] && continue
  case "$args" in \#*) continue ;; esac
  i=$((i + 1))
  name=$(printf 'trace_%03d' "$i")
  eval "set -- $args"
  if ! "$kibitz" search "$@" --record "$out/$name.kbz" > /dev/null 2> "$out/$name.err"; then
    echo "FAIL: kibitz search $args: $(cat "$out/$name.err")" >&2
    fails=$((fails + 1))
    continue
  fi
  rm -f "$out/$name.err"
  "$kibitz" export "$out/$name.kbz" --json > "$out/$name.json" || fails=$((fails + 1))
  # Every step, the derived ones included (format 1): what the viewer steps through.
  "$kibitz" export "$out/$name.kbz" --json --v1 > "$out/$name.v1.json" || fails=$((fails + 1))
done < "$here/searches.txt"
# Every command's text and JSON (tests/corpus/commands.txt), run among the traces just recorded,
# with the figures that depend on the machine's speed blanked (corpus_filter.sed).
c=0
while IFS= read -r args; do
  [ -z "$args" ] && continue
  case "$args" in \#*) continue ;; esac
  c=$((c + 1))
  name=$(printf 'command_%03d.txt' "$c")
  eval "set -- $args"
  (cd "$out" && { echo "\$ kibitz $args"; "$kibitz" "$@" 2>&1; echo "exit $?"; } |
    sed -f "$here/corpus_filter.sed" > "$name")
done < "$here/commands.txt"
# The UCI engines: a handshake, bad input, and a search to a depth and to a node budget. The
# end of the input is "quit" (it stops a search), so the input stays open until the bestmove.
uci_session() {  # ALGO INPUT: the engine's output once it said bestmove
  local log
  log=$(mktemp)
  { printf "$2"
    for _ in $(seq 600); do grep -q '^bestmove' "$log" && break; sleep 0.1; done
  } | "$kibitz" uci --algo "$1" > "$log" 2>&1
  cat "$log"
  rm -f "$log"
}
for algo in greenblatt alphabeta pvs interest; do
  { uci_session "$algo" 'uci\nisready\nsetoption name Hash value x\nfoo\nposition startpos moves e2e4\ngo depth 3\n'
    uci_session "$algo" 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo nodes 3000\n'
  } | sed -f "$here/corpus_filter.sed" > "$out/uci_$algo.txt"
done
# The bench signature (the node count of its fixed set of searches): its classic part, the
# searches of minimax, alpha-beta and alpha-beta with bounds (all of it before other algorithms
# joined the bench).
"$kibitz" bench --rounds 1 --json > "$out/bench.json"
if grep -q '"signature_classic"' "$out/bench.json"; then
  sed -n 's/.*"signature_classic": *\([0-9]*\).*/signature \1/p' "$out/bench.json"
else
  sed -n 's/.*"signature": *\([0-9]*\).*/signature \1/p' "$out/bench.json"
fi > "$out/bench_signature.txt"
rm "$out/bench.json"
# The experiments' small, seeded versions: tables (CSV) and charts (SVG).
for e in fe-table1 fe-figure1 fe-figure2 fe-games; do
  "$kibitz" experiment "$e" --trials 4 --seed 7 --threads 1 --out "$out/$e" > /dev/null 2>&1 ||
    { echo "FAIL: experiment $e" >&2; fails=$((fails + 1)); }
done
"$kibitz" greenblatt-workload --depth 2 --json > "$out/greenblatt_workload.json" 2>/dev/null ||
  { echo "FAIL: greenblatt-workload" >&2; fails=$((fails + 1)); }
(cd "$out" && find . -type f | LC_ALL=C sort | sed 's|^\./||' | xargs sha256sum) > "$out.sha256"
cat "$out.sha256"
echo "corpus: $i searches, $c commands, $(find "$out" -type f | wc -l) files, $(du -sb "$out" | cut -f1) bytes" >&2
if [ $check -eq 1 ]; then
  if diff <(LC_ALL=C sort -k2 "$here/expected.sha256") <(LC_ALL=C sort -k2 "$out.sha256") >&2; then
    echo "corpus identical to tests/corpus/expected.sha256" >&2
  else
    echo "FAIL: the corpus differs from tests/corpus/expected.sha256 (lines above: < expected, > now)" >&2
    fails=$((fails + 1))
  fi
fi
[ $fails -eq 0 ]
