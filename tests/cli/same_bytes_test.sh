#!/usr/bin/env bash
# The same searches recorded by the native kibitz and by the wasm kibitz under node must give
# byte-identical .kbz files.  Usage: same_bytes_test.sh WORKDIR NATIVE_KIBITZ WASM_KIBITZ...
set -u
work="$1"; native="$2"; shift 2
wasm=("$@")
if [ ! -x "$native" ]; then echo "FAIL: no native kibitz at $native (scripts/build native first)"; exit 1; fi
mkdir -p "$work" && cd "$work" || exit 1
fails=0
i=0
while IFS= read -r args; do
  i=$((i + 1))
  eval "set -- $args"
  "$native" search "$@" --record "native_$i.kbz" >/dev/null || { echo "FAIL: native $args"; fails=$((fails+1)); continue; }
  "${wasm[@]}" search "$@" --record "wasm_$i.kbz" >/dev/null || { echo "FAIL: wasm $args"; fails=$((fails+1)); continue; }
  if cmp -s "native_$i.kbz" "wasm_$i.kbz"; then
    echo "identical: $args ($(wc -c < "native_$i.kbz") bytes)"
  else
    echo "FAIL: traces differ for: $args"; fails=$((fails+1))
  fi
done <<'LIST'
--tree "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))" --algo alphabeta --criterion ge
--random b=5,d=8,lo=-16383,hi=16384,seed=1 --algo alphabeta
--random B=9,root=5,d=8,lo=-32767,hi=32768,seed=7 --algo alphabeta-bounds --criterion ge
--random b=3,d=7,lo=-3,hi=3,seed=11 --algo minimax
--random B=9,root=5,d=7,lo=-32767,hi=32768,seed=3 --algo forward-estimation --criterion ge --bounds online --delta 0.5
--random b=4,d=6,lo=-9,hi=9,seed=5 --algo forward-estimation --bounds offline --likely
--game chess --position "startpos moves e4 e5 Nf3 Nc6 Bc4 Nf6" --depth 2 --algo greenblatt --widths tournament
--game chess --depth 3 --algo interest --limits 4000,8000 --similarity on --extension 1
--random b=4,d=6,lo=-9,hi=9,seed=5 --algo interest --interest-costs value --tallies joint --limit-growth start=200,factor=1.5,iterations=4
LIST
[ $fails -eq 0 ] || exit 1
echo "native and wasm traces are byte-identical"
