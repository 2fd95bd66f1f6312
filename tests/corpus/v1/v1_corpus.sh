#!/usr/bin/env bash
# The v1 corpus: traces in format version 1 (.kbz and JSON) recorded by Kibitz before format
# version 2 existed, kept in this folder, and what that Kibitz showed for each: the JSON
# export and the replay (node states, counters, narration) at five points. A later Kibitz must
# open every file and show exactly the same (`expected.sha256`).
#
# Usage: v1_corpus.sh --make OLD_KIBITZ     records the files and expected.sha256 (run once, by
#                                           the last version-1 Kibitz)
#        v1_corpus.sh KIBITZ OUTDIR         shows every file with KIBITZ, compares the hashes
set -u
here="$(cd "$(dirname "$0")" && pwd)"
searches=(
  '--tree "((3 12 8) (2 4 6) (14 5 2))" --algo alphabeta'
  '--tree "((3 12 8) (2 4 6) (14 5 2))" --algo alphabeta-bounds --criterion ge'
  '--tree "((3 12 8) (2 4 6) (14 5 2))" --algo minimax'
  '--tree "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))" --algo alphabeta --criterion ge --iterative'
  '--tree "((3 (5 1) 8) ((2 9) 4 6) (14 (5 7 (1 2)) 2))" --algo interest --limits 1,3,inf'
  '--tree "((3 4) (14 15) (1 2))" --algo pvs --criterion ge'
  '--random b=3,d=6,lo=-9,hi=9,seed=1 --algo alphabeta --criterion ge'
  '--random b=4,d=6,lo=-99,hi=99,seed=4 --algo alphabeta --iterative --nodes 900'
  '--random b=4,d=6,lo=-99,hi=99,seed=4 --algo minimax --nodes 300'
  '--random b=3,d=7,lo=-9,hi=9,seed=5 --algo alphabeta --tt 4096'
  '--random B=6,root=4,d=5,lo=-99,hi=99,seed=2 --algo alphabeta-bounds --criterion ge'
  '--random b=3,d=6,lo=-9,hi=9,seed=1 --algo pvs --iterative'
  '--random b=4,d=5,lo=-9,hi=9,seed=5 --algo forward-estimation --bounds offline --likely'
  '--random b=4,d=5,lo=-9,hi=9,seed=5 --algo interest --interest-costs value --tallies joint'
  '--game tictactoe --position "x.o.x...." --depth 4 --algo alphabeta'
  '--game connect4 --position 4453 --depth 4 --algo alphabeta --iterative --criterion ge'
  '--game othello --depth 3 --algo alphabeta-bounds --tt 0'
  '--game othello --depth 2 --algo forward-estimation --bounds online'
  '--game chess --depth 2 --algo minimax'
  '--game chess --depth 2 --algo greenblatt'
  '--game chess --depth 2 --algo interest'
  '--game chess --depth 3 --algo pvs --nodes 1500'
)
# The files that are also kept as JSON (the version-1 JSON reader).
json_too=(1 5 6 13 20)

# What a Kibitz shows of file F: its JSON export (version 1) and the replay at five points.
show() {
  local kibitz="$1" f="$2" out="$3" v1flag="$4"
  "$kibitz" export "$f" --json $v1flag > "$out.export.json" || return 1
  local n
  n=$("$kibitz" replay "$f" --at 0 --json | sed -n 's/.*"events":\([0-9]*\).*/\1/p')
  [ -n "$n" ] || return 1
  for at in 0 $((n / 4)) $((n / 2)) $((3 * n / 4)) $((n - 1)); do
    "$kibitz" replay "$f" --at "$at" --json > "$out.at$at.json" || return 1
  done
}

if [ "${1:-}" = "--make" ]; then
  old="$2"
  rm -f "$here"/*.kbz "$here"/*.json
  i=0
  for args in "${searches[@]}"; do
    i=$((i + 1))
    name=$(printf 'v1_%02d' "$i")
    eval "set -- $args"
    "$old" search "$@" --record "$here/$name.kbz" > /dev/null || exit 1
    for j in "${json_too[@]}"; do
      [ "$j" = "$i" ] && "$old" export "$here/$name.kbz" --json > "$here/$name.json"
    done
  done
  tmp=$(mktemp -d)
  for f in "$here"/*.kbz "$here"/*.json; do show "$old" "$f" "$tmp/$(basename "$f")" "" || exit 1; done
  (cd "$tmp" && sha256sum * | LC_ALL=C sort -k2) > "$here/expected.sha256"
  rm -rf "$tmp"
  echo "v1 corpus: $(ls "$here"/*.kbz "$here"/*.json | wc -l) files, $(du -cb "$here"/*.kbz "$here"/*.json | tail -1 | cut -f1) bytes"
  exit 0
fi

kibitz="$1"; out="$2"
rm -rf "$out"; mkdir -p "$out" || exit 1
fails=0
for f in "$here"/*.kbz "$here"/*.json; do
  show "$kibitz" "$f" "$out/$(basename "$f")" "--v1" || { echo "FAIL: cannot show $f" >&2; fails=$((fails + 1)); }
done
(cd "$out" && sha256sum * | LC_ALL=C sort -k2) > "$out.sha256"
if diff "$here/expected.sha256" "$out.sha256" >&2; then
  echo "v1 corpus: every file shows what version-1 Kibitz showed ($(wc -l < "$out.sha256") outputs)"
else
  echo "FAIL: the v1 corpus shows differently (lines above: < version-1 Kibitz, > now)" >&2
  fails=$((fails + 1))
fi
[ $fails -eq 0 ]
