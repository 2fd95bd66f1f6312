#!/usr/bin/env bash
# The fuzz targets' seed corpora, made by the project's own CLI and assets (nothing committed:
# they follow the formats as they change). Usage: make_seeds.sh KIBITZ OUTDIR
set -euo pipefail
kibitz="$1" out="$2"
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ -x "$kibitz" ] || { echo "make_seeds.sh: no kibitz CLI at $kibitz (scripts/build native)"; exit 1; }
rm -rf "$out"
for t in fuzz_tree fuzz_fen fuzz_game_text fuzz_kbz fuzz_trace_json fuzz_search_options \
         fuzz_random_spec fuzz_link fuzz_uci fuzz_meta; do
  mkdir -p "$out/$t"
done
n=0
seed() {  # seed TARGET CONTENT
  n=$((n + 1))
  printf '%s' "$2" > "$out/$1/seed_$n"
}

# Trees: the examples, the textbook ones.
for f in "$root"/assets/examples/*.tree; do cp "$f" "$out/fuzz_tree/"; done
seed fuzz_tree '((3 12 8) (2 4 6) (14 5 2))'
seed fuzz_tree 'A:(B:(5 6) C:(D:(1 2) E:(F:(7 8) G:9)))'

# Positions: the well-known ones of each game (one per line in assets/positions).
while IFS= read -r line; do [ -n "$line" ] && seed fuzz_fen "${line#*|}"; done \
  < <(grep -v '^#' "$root/assets/positions/chess.txt" | head -20)
seed fuzz_fen 'startpos moves e2e4 e7e5 Nf3'
seed fuzz_fen 'startpos moves P-K4 P-K4 N-KB3 N-QB3 B-N5 P-QR3 BxN QPxB O-O'
seed fuzz_fen '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 moves PxP e.p.'
for g in othello connect4 tictactoe; do
  case $g in othello) b=$'\x00' ;; connect4) b=$'\x01' ;; *) b=$'\x02' ;; esac
  while IFS= read -r line; do [ -n "$line" ] && seed fuzz_game_text "$b${line#*|}"; done \
    < <(grep -v '^#' "$root/assets/positions/$g.txt" | head -10)
done

# Traces: recorded by the CLI from each algorithm, in .kbz and JSON (both versions).
i=0
for spec in "--tree ((3_12_8)_(2_4_6)_(14_5_2)) --algo alphabeta" \
            "--tree A:(B:(5_6)_C:(D:(1_2)_E:(F:(7_8)_G:9))) --algo pvs" \
            "--random b=3,d=3,seed=2 --algo minimax" \
            "--random b=3,d=4,seed=3 --algo interest" \
            "--random b=3,d=4,seed=4 --algo forward-estimation" \
            "--game tictactoe --depth 2 --algo alphabeta --iterative" \
            "--game chess --depth 1 --algo greenblatt" \
            "--game connect4 --depth 3 --algo alphabeta --tt 1024"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  args=(${spec})
  args=("${args[@]//_/ }")
  "$kibitz" search "${args[@]}" --record "$out/fuzz_kbz/trace_$i.kbz" > /dev/null
  "$kibitz" export "$out/fuzz_kbz/trace_$i.kbz" --json --out "$out/fuzz_trace_json/trace_$i.json"
  "$kibitz" export "$out/fuzz_kbz/trace_$i.kbz" --json --v1 --out "$out/fuzz_trace_json/trace_${i}_v1.json"
  python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["meta"]))' \
    "$out/fuzz_trace_json/trace_$i.json" > "$out/fuzz_meta/meta_$i.json"
done

# Search options, links, random specs: the set-ups the tests and docs use.
seed fuzz_search_options '{"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta","criterion":"ge"}'
seed fuzz_search_options '{"random":"b=3,d=4,seed=1","algo":"interest","limits":"900,600"}'
seed fuzz_search_options '{"game":"chess","position":"startpos","depth":2,"iterative":true,"tt":4096}'
seed fuzz_search_options '{"random":"b=4,d=5","algo":"forward-estimation","bounds":"online","delta":0.5}'
seed fuzz_search_options '{"game":"othello","depth":3,"algo":"pvs","nodes":1000}'
seed fuzz_link 'tree=((3%2012%208)(2%204%206)(14%205%202))&algo=alphabeta&criterion=ge&t=42&view=negamax&sel=4'
seed fuzz_link 'random=b%3D3%2Cd%3D4%2Cseed%3D1&algo=interest&limits=900%2C600'
seed fuzz_link 'game=chess&position=startpos&depth=2&iterative=1&algo=greenblatt&widths=6%2F4'
seed fuzz_random_spec 'b=5,d=10,lo=-16383,hi=16384,seed=1'
seed fuzz_random_spec 'B=9,root=5,d=10,lo=-3,hi=4,seed=77'
seed fuzz_uci $'uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 3\n'
seed fuzz_uci $'setoption name Hash value 16\nucinewgame\nposition fen 8/8/8/8/8/8/6k1/4K2R w K - 0 1\ngo mate 2\nstop\nquit\n'
seed fuzz_uci $'position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10 movestogo 5\n'
echo "seeds in $out: $(find "$out" -type f | wc -l) files"
