#!/usr/bin/env bash
# The kibitz CLI as a user meets it: outputs, exit codes, one-line errors, file round trips.
# Usage: cli_test.sh WORKDIR KIBITZ [ARGS...]   (e.g. node --no-experimental-fetch kibitz.js)
set -u
work="$1"; shift
kibitz=("$@")
mkdir -p "$work"
cd "$work" || exit 1
fails=0
pass() { :; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_ok NAME PATTERN ARGS...: exit 0 and stdout matching PATTERN (grep -E)
expect_ok() {
  local name="$1" pattern="$2"; shift 2
  local out rc
  out="$("${kibitz[@]}" "$@" 2>/tmp/kz_err_$$)"; rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat /tmp/kz_err_$$)"; return; fi
  if ! grep -Eq -- "$pattern" <<<"$out"; then fail "$name: output does not match /$pattern/: $(head -c 400 <<<"$out")"; fi
}
# expect_error NAME PATTERN ARGS...: exit 2, one line on stderr matching PATTERN
expect_error() {
  local name="$1" pattern="$2"; shift 2
  local err rc
  "${kibitz[@]}" "$@" >/dev/null 2>/tmp/kz_err_$$; rc=$?
  err="$(cat /tmp/kz_err_$$)"
  if [ $rc -ne 2 ]; then fail "$name: exit $rc, expected 2 ($err)"; return; fi
  if [ "$(wc -l <<<"$err")" -ne 1 ]; then fail "$name: error is not one line: $err"; fi
  if ! grep -Eq -- "$pattern" <<<"$err"; then fail "$name: error does not match /$pattern/: $err"; fi
}

tree='((3 12 8) (2 4 6) (14 5 2))'
expect_ok "plain report" '^value: \+3$' search --tree "$tree" --algo alphabeta
expect_ok "leaf order" '^evaluated leaves: 0\.0 0\.1 0\.2 1\.0 2\.0 2\.1 2\.2$' search --tree "$tree"
expect_ok "named pv" '^pv: B B1$' search --tree 'A:(B:(B1:3 B2:12) C:(C1:2 C2:4))' --algo alphabeta
expect_ok "json value" '"value":3,"nodes":11,"leaves_evaluated":7' search --tree "$tree" --json
expect_ok "json scores" '"ret":-2,"score":-2,"kind":"cut","expected_kind":"cut","bound":"lower","cutoff_child":0' \
  search --tree "$tree" --json --score
expect_ok "minimax" '"value":3,"nodes":13,"leaves_evaluated":9' search --tree "$tree" --algo minimax --json
expect_ok "bounds ge" '"bound":"exact"' search --tree "$tree" --algo alphabeta-bounds --criterion ge --json
expect_ok "random" '^nodes: ' search --random b=3,d=4,lo=-5,hi=5,seed=2 --algo alphabeta
expect_ok "random depth" '"nodes":13,"leaves_evaluated":9' search --random b=3,d=6,seed=2 --depth 2 --algo minimax --json
printf '# a file\n(\n (3 12)\n (2 4)\n)\n' > tree.txt
expect_ok "tree file" '^value: \+3$' search --tree-file tree.txt

expect_error "parse error" "line 1, column 11: missing '\)' to close the '\(' at line 1, column 9" search --tree '((3 12) (2'
expect_error "parse error line 3" 'line 3, column 2' search --tree $'(\n (3 12)\n ?)'
expect_error "no source" 'give exactly one of' search --algo alphabeta
expect_error "two sources" 'give exactly one of' search --tree 1 --random b=2,d=2
expect_error "bad algo" "unknown algorithm 'best'" search --tree "$tree" --algo best
expect_error "bad criterion" 'criterion must be gt or ge' search --tree "$tree" --criterion lt
expect_error "negative depth" "--depth must be an integer from 0 to 10000, not '-1'" \
  search --tree "$tree" --depth -1
expect_error "negative table" '--tt must be an integer from 0 to 67108864' search --tree "$tree" --tt -1
expect_error "switch twice" '--json is given twice' search --tree "$tree" --json --json
expect_error "flag twice" '--depth is given twice' search --tree "$tree" --depth 1 --depth 2
expect_error "bad limit named" "--limit: interest limit 'abc' is not an integer or inf" \
  search --tree "$tree" --algo interest --limit abc
expect_error "uncapped interest needs finite limits" "depth_cap none needs finite interest limits" \
  search --game tictactoe --depth 2 --algo interest --limits 1000,inf --depth-cap none
expect_ok "uncapped interest" '^value: 0$' \
  search --game tictactoe --depth 2 --algo interest --limits 1000,2000,4000 --depth-cap none
expect_ok "usage hints" 'interest: \[--limits L1,L2,...\|inf \| --limit L\|inf \| --limit-growth start=S' --help
expect_ok "usage widths" 'greenblatt: \[--widths normal\|tournament\|W1,W2,...\]' --help
expect_error "bad random" 'the depth d is missing' search --random b=5
expect_error "absurd random" 'branching above 4096' search --random b=99999,d=3
expect_error "unknown flag" 'unknown option --colour' search --tree 1 --colour
expect_error "missing value" '--tree needs a value' search --tree
expect_error "empty tree file" "is empty" search --tree-file /dev/null
expect_error "missing tree file" "cannot open 'no-such-file.txt'" search --tree-file no-such-file.txt
expect_error "unknown command" "unknown command 'serach'" serach --tree 1
expect_error "unknown game" "unknown game 'go'" perft --game go --depth 1

# Record, replay, export to JSON and back to the same bytes.
expect_ok "record" '^value: \+3$' search --tree "$tree" --criterion ge --record t.kbz
[ -s t.kbz ] || fail "record wrote no file"
expect_ok "replay" 'cutoff' replay t.kbz --at 25
expect_ok "replay json" '"t":25,"events":6[0-9]' replay t.kbz --at 25 --json
expect_ok "export json" '"format":"kibitz-trace","version":2,"steps":\{"rule":"alphabeta","criterion":"ge","lean":true\}' export t.kbz --json
expect_ok "export json v1" '"format":"kibitz-trace","version":1,"meta"' export t.kbz --json --v1
"${kibitz[@]}" export t.kbz --kbz --v1 --out t1.kbz || fail "export --kbz --v1"
"${kibitz[@]}" export t1.kbz --json --v1 --out t1.json || fail "export v1 --json --v1"
"${kibitz[@]}" export t1.json --kbz --v1 --out t1back.kbz || fail "export v1 json --kbz --v1"
cmp -s t1.kbz t1back.kbz || fail "v1 kbz -> json -> kbz changed the bytes"
"${kibitz[@]}" export t1.kbz --kbz --out t2.kbz || fail "export v1 to v2"
cmp -s t.kbz t2.kbz || fail "a v1 file exported to v2 is not the lean recording"
"${kibitz[@]}" export t.kbz --json --out t.json || fail "export --out"
"${kibitz[@]}" export t.json --kbz --out back.kbz || fail "export --kbz"
cmp -s t.kbz back.kbz || fail "kbz -> json -> kbz changed the bytes"
expect_error "replay range" 'between 0 and' replay t.kbz --at 100000
expect_ok "replay at the end" '"t":6[0-9],"events":6[0-9],"event":"leave","narration":"the root returns' replay t.kbz --json
expect_error "replay missing file" "cannot open" replay nothing.kbz --at 0
printf 'KIBITZ\r\n\x01\x00\x00\x00' > short.kbz
expect_error "truncated trace" 'truncated' replay short.kbz --at 0
printf 'hello' > text.kbz
expect_error "not a trace" 'not a trace' replay text.kbz --at 0
head -c 300 t1.kbz > cut.kbz
expect_error "cut v1 trace" 'trace file, byte' replay cut.kbz --at 0
# A version-2 recording cut short (killed) opens up to its last complete chunk, and says so.
"${kibitz[@]}" search --random b=4,d=8,lo=-9,hi=9,seed=2 --algo minimax --record big.kbz > /dev/null || fail "record big"
head -c 1200000 big.kbz > cutbig.kbz
expect_ok "cut v2 trace" '^event 10 of ' replay cutbig.kbz --at 10
"${kibitz[@]}" replay cutbig.kbz --at 10 2>&1 >/dev/null | grep -q 'the recording was cut short. Shown: its first 65536 events' ||
  fail "cut v2 trace: no notice"
printf '{"format":"kibitz-trace","version":1,"events":[{"type":"leave","node":0,"ret":1,"bound":"exact","kind":"pv"}]}' > bad.json
expect_error "bad nesting" 'trace, event 0 \(leave\): no node is open' export bad.json --json

# Forward estimation.
fe=(search --random b=3,d=5,lo=-9,hi=9,seed=4 --algo forward-estimation --criterion ge)
expect_ok "fe plain" '^forward estimation: [1-9][0-9]* pruned; bounds exact l=-9,u=9, delta 1$' "${fe[@]}"
expect_ok "fe nodes generated" '^nodes generated: [0-9]+$' "${fe[@]}"
expect_ok "fe json" '"nodes_generated":[0-9]+,"fe_prunes":[1-9][0-9]*,"fe_bounds":\{"source":"exact","l":-9,"u":9,"delta":1,"likely":false\}' "${fe[@]}" --json
expect_ok "fe pruned entry" '"id":null,.*"fe":\{"c":-?[0-9]+,"d":[0-9]+,"estimate":-?[0-9]+,"window_bound":-?[0-9]+,"pruned":true,"root":"m(in|ax)"' "${fe[@]}" --json
expect_ok "fe tested entry" '"fe":\{"c":-?[0-9]+,"d":[0-9]+,"estimate":-?[0-9]+,"window_bound":-?[0-9]+,"pruned":false' "${fe[@]}" --json
expect_ok "fe online delta" '"fe_bounds":\{"source":"online","l":-?[0-9]+,"u":[0-9]+,"delta":0.5' "${fe[@]}" --bounds online --delta 0.5 --json
expect_ok "fe offline likely" '"source":"offline","l":-?[0-9]+,"u":[0-9]+,"likely_l":-[0-9]+,"likely_u":[0-9]+,"delta":1,"likely":true' "${fe[@]}" --bounds offline --likely --json
expect_ok "fe othello" '^forward estimation: [0-9]+ pruned; bounds online' search --game othello --depth 3 --algo forward-estimation
expect_ok "alphabeta nodes generated" '"nodes_generated":10,' search --tree "$tree" --json
expect_error "fe bad delta" "delta must be a number from 0 to 1, not '1.5'" "${fe[@]}" --delta 1.5
expect_error "fe delta text" "delta must be a number from 0 to 1, not 'half'" "${fe[@]}" --delta half
expect_error "fe unknown bounds" "--bounds must be exact, online or offline, not 'guess'" "${fe[@]}" --bounds guess
expect_error "fe exact on a game" 'exact edge-cost bounds are known only for random trees' search --game tictactoe --depth 2 --algo forward-estimation --bounds exact
expect_error "fe bracket tree" 'forward estimation needs node costs' search --tree "$tree" --algo forward-estimation
expect_error "bounds without fe" '--bounds applies to --algo forward-estimation' search --tree "$tree" --bounds exact
expect_error "fe likely online" 'learned off-line' "${fe[@]}" --bounds online --likely
"${kibitz[@]}" "${fe[@]}" --record fe.kbz >/dev/null || fail "fe record"
"${kibitz[@]}" export fe.kbz --json --out fe.json || fail "fe export"
grep -q '"type":"fe_test","node":[0-9]*,"move_index":[0-9]*,"root":"m[ai][nx]","c":' fe.json || fail "fe_test not in the JSON trace"
"${kibitz[@]}" export fe.json --kbz --out fe-back.kbz || fail "fe export --kbz"
cmp -s fe.kbz fe-back.kbz || fail "fe: kbz -> json -> kbz changed the bytes"
expect_ok "fe replay" "^Forward estimation at node 0.0.0: successor 2 is a MAX root with c = −9, d = 1, so its value lies in \\[−18, 0\\]; c\\+l·d = −18 < β = −8: it might matter" replay fe.kbz --at 59

# Experiments: one-line errors; a small run; the same numbers on one and two threads.
expect_error "bad experiment" "unknown experiment 'fe-table9'" experiment fe-table9
expect_error "experiment name" 'give one experiment name' experiment
expect_error "experiment trials" '--trials must be between 1 and 1000000' experiment fe-table1 --trials 0
expect_error "experiment threads" '--threads must be between 1 and 256' experiment fe-table1 --threads 0
expect_error "experiment seed" '--seed expects a non-negative integer' experiment fe-table1 --seed -3
expect_error "experiment domain" 'random or othello' experiment fe-games --domain go
expect_error "experiment order" "the order must be interior, generation or static, not 'best'" experiment fe-table1 --order best
expect_error "experiment fe-root" "--fe-root must be on or off, not 'yes'" experiment fe-table1 --fe-root yes
expect_error "experiment fe-root games" "apply to the tree experiments" experiment fe-games --fe-root on
expect_ok "experiment first set-up" '"order":"generation","fe_root":true' \
  experiment fe-table1 --trials 2 --order generation --fe-root on --json --out exp --quiet
expect_ok "experiment json" '^\{"experiment":"fe-table1","trials":3,"seed":1,"order":"interior","fe_root":false,"rows":\[\{"depth":1,"algo":"fe-exact","decision_quality":[0-9.]*,"nodes_generated":[0-9.]*,"nodes_generated_ci95":[0-9.]*,"nodes_kept":' \
  experiment fe-table1 --trials 3 --threads 2 --json --out exp --quiet
[ -s exp/fe-table1.csv ] && [ -s exp/fe-table1-nodes.svg ] && [ -s exp/fe-table1-quality.svg ] || fail "experiment wrote no files"
grep -q '^depth,algo,decision_quality,nodes_generated' exp/fe-table1.csv || fail "experiment CSV header"
a="$("${kibitz[@]}" experiment fe-games --domain random --trials 3 --max-horizon 2 --threads 1 --out exp --quiet 2>&1)"
b="$("${kibitz[@]}" experiment fe-games --domain random --trials 3 --max-horizon 2 --threads 2 --out exp --quiet 2>&1)"
[ -n "$a" ] && [ "$a" = "$b" ] || fail "fe-games differs between one and two threads"
"${kibitz[@]}" experiment fe-table1 --trials 2 --out exp >/dev/null 2>progress.txt || fail "experiment with progress"
grep -q '100% fe-table1' progress.txt || fail "no progress bar on stderr: $(head -c 200 progress.txt)"
# The Greenblatt search and the UCI engine.
expect_ok "greenblatt" '^greenblatt: [0-9]+ plausible move generations, [0-9]+ feedovers' search --game chess --depth 2 --algo greenblatt
expect_ok "greenblatt json" '"greenblatt":\{"generations":[0-9]+,' search --game chess --depth 1 --algo greenblatt --json
expect_ok "greenblatt criterion" '"criterion":"ge"' search --game chess --depth 1 --algo greenblatt --json
expect_ok "greenblatt options" '^pv: ' search --game chess --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' --depth 2 \
  --algo greenblatt --widths tournament --feedover 1 --secondary off --pruning off
expect_ok "greenblatt mate" '^pv: Ra8#$' search --game chess --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' --depth 1 --algo greenblatt
expect_error "greenblatt othello" 'the Greenblatt search plays chess only' search --game othello --depth 2 --algo greenblatt
expect_error "bad widths" "width schedule '15,x': expected a width" search --game chess --depth 2 --algo greenblatt --widths 15,x
expect_error "absurd widths" 'every width must be between 1 and 218, not 999' search --game chess --depth 2 --algo greenblatt --widths 999
expect_error "widths need greenblatt" '--widths applies to --algo greenblatt' search --game chess --depth 2 --widths 5
expect_error "bad secondary" '--secondary must be on or off' search --game chess --depth 2 --algo greenblatt --secondary maybe
expect_error "bad feedover" "--feedover must be an integer from 0 to 8, not '9'" search --game chess --depth 2 --algo greenblatt --feedover 9
expect_error "uci unknown algo" "unknown algorithm 'minimax' for UCI" uci --algo minimax
# The end of the input is "quit" (it stops a search): the input stays open until the bestmove.
uci_session() {  # INPUT [ARGS...]
  local input="$1" log
  shift
  log="$(mktemp)"
  { printf "$input"
    for _ in $(seq 600); do grep -q '^bestmove' "$log" && break; sleep 0.1; done
  } | "${kibitz[@]}" uci "$@" > "$log" 2>&1
  cat "$log"
  rm -f "$log"
}
uci_out="$(uci_session 'uci\nisready\nposition fen x\nposition startpos moves e2e4\ngo depth 2\n')"
grep -q '^uciok$' <<<"$uci_out" || fail "uci: no uciok: $uci_out"
grep -q '^readyok$' <<<"$uci_out" || fail "uci: no readyok: $uci_out"
grep -Eq '^info depth 2 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ .* pv [a-h][1-8][a-h][1-8]' <<<"$uci_out" || fail "uci: no info line: $uci_out"
grep -Eq '^bestmove [a-h][1-8][a-h][1-8]$' <<<"$uci_out" || fail "uci: no bestmove: $uci_out"
grep -q '^info string bad position: FEN' <<<"$uci_out" || fail "uci: bad FEN not reported: $uci_out"
uci_ab="$(printf 'position startpos\ngo depth 3\nquit\n' | "${kibitz[@]}" uci --algo alphabeta 2>&1)"
grep -Eq '^bestmove [a-h][1-8][a-h][1-8]$' <<<"$uci_ab" || fail "uci alphabeta: no bestmove: $uci_ab"
uci_in="$(printf 'position startpos\ngo depth 2\nquit\n' | "${kibitz[@]}" uci --algo interest 2>&1)"
grep -Eq '^bestmove [a-h][1-8][a-h][1-8]$' <<<"$uci_in" || fail "uci interest: no bestmove: $uci_in"
# A GUI that died: the end of the input during a deep search ends the engine with a move (not
# in the wasm build: no threads, its search ends before the input is read again).
if [[ "${kibitz[*]}" != *node* ]]; then
  uci_eof="$(printf 'position startpos\ngo depth 60\n' | timeout 60 "${kibitz[@]}" uci --algo pvs 2>&1)"
  grep -Eq '^bestmove [a-h][1-8][a-h][1-8]$' <<<"$uci_eof" || fail "uci: the end of the input did not end go depth 60: $uci_eof"
fi

# Conventions: --version, COMMAND --help for every command (from its declared flags, on stdout,
# exit 0), replay defaulting to the last event, a bash completion script that bash accepts.
grep -Eq '^kibitz [0-9]+\.[0-9]+\.[0-9]+$' <<<"$("${kibitz[@]}" --version)" || fail "--version"
for c in search replay stats export bench uci greenblatt-workload match perft experiment; do
  help="$("${kibitz[@]}" "$c" --help)" || fail "$c --help exited $?"
  grep -q "^usage: kibitz $c" <<<"$help" || fail "$c --help: no usage: $help"
  grep -q '^  --help$' <<<"$help" || fail "$c --help: no option list: $help"
done
grep -q '^  --view minimax negamax$' <<<"$("${kibitz[@]}" replay --help)" || fail "replay --help: --view's values"
"${kibitz[@]}" completion bash > "$work/kibitz.bash" || fail "completion bash"
bash -c "source '$work/kibitz.bash'; COMP_WORDS=(kibitz search --alg); COMP_CWORD=2; _kibitz; [ \"\${COMPREPLY[*]}\" = --algo ]" ||
  fail "completion: kibitz search --alg does not complete to --algo"
bash -c "source '$work/kibitz.bash'; COMP_WORDS=(kibitz search --algo p); COMP_CWORD=3; _kibitz; [ \"\${COMPREPLY[*]}\" = pvs ]" ||
  fail "completion: --algo p does not complete to pvs"

expect_ok "bench json" '"signature":[0-9]+,"signature_classic":1948362,"signature_by_algorithm":\{"minimax":[0-9]+,.*"nodes":[0-9]+.*"seconds_unrecorded":.*"seconds_recorded":.*"bytes_per_event":.*"events":[0-9]+.*"classic":\{"nodes":1948362,.*"by_algorithm":\{"minimax":\{"nodes":87381,.*"pvs":\{' bench --json --rounds 1
expect_ok "bench perft" "\"game\":\"chess\",\"position\":\"start\",\"depth\":6,\"leaves\":119060324,\"expected\":119060324.*\"leaves\":193690690,\"expected\":193690690.*\"leaves\":24571056,\"expected\":24571056" bench --perft --json

# Interest search (001_...): limits, tallies, the similarity penalty, and their faults.
expect_ok "interest limit" '"interest_cutoffs":2,' search --tree "$tree" --algo interest --limit 250 --json
expect_ok "interest nodes_table" '"interest":\{"move_cost":100,"path_cost_mover":0,"path_cost_other":0,"ply_cost":0,"net_cost":100,"limit":250,"cut":false\}' \
  search --tree "$tree" --algo interest --limit 250 --json
expect_ok "interest inf" '"value":3,"nodes":11,.*"interest_cutoffs":0' search --tree "$tree" --algo interest --limit inf --json
expect_ok "interest limits" '"iterations":\[\{"depth":3,"value":[-0-9]+,"nodes":[0-9]+,"completed":true,"limit":500,' \
  search --game tictactoe --depth 3 --algo interest --limits 500,1000 --json
expect_ok "interest growth" '^iteration 3 \(limit 4000, depth 4\)' search --game connect4 --depth 4 --algo interest \
  --limit-growth start=1000,factor=2,iterations=3 --tallies joint --similarity on
expect_ok "interest random value" '"interest_cutoffs":' search --random b=3,d=4,seed=2 --algo interest --interest-costs value --limit 600 --json
expect_ok "interest record" '^value: ' search --game chess --depth 2 --algo interest --limits 3000,6000 --record interest.kbz
expect_ok "interest replay" 'a3 comes up: net cost = 0 \(path\) \+ 0 \(this ply\) \+ 2000 = 2000 ≤ limit 3000' replay interest.kbz --at 63
"${kibitz[@]}" export interest.kbz --json --out interest.json || fail "export interest"
"${kibitz[@]}" export interest.json --kbz --out interest_back.kbz || fail "export interest back"
cmp -s interest.kbz interest_back.kbz || fail "interest kbz -> json -> kbz changed the bytes"
expect_error "interest tallies" "tallies must be split or joint, not 'both'" search --tree "$tree" --algo interest --tallies both
expect_error "interest limits list" "an empty item" search --tree "$tree" --algo interest --limits 100,,200
expect_error "interest negative" 'interest limit -5 is negative' search --tree "$tree" --algo interest --limit -5
expect_error "interest two limits" 'give one of --limits, --limit: they set the same option' search --tree "$tree" --algo interest --limit 5 --limits 1,2
expect_error "interest not growing" 'must grow' search --tree "$tree" --algo interest --limits 200,100
expect_error "interest growth" 'factor must be above 1' search --tree "$tree" --algo interest --limit-growth start=100,factor=0.5,iterations=3
expect_error "interest flag without interest" '--limit applies to --algo interest' search --tree "$tree" --limit 100
expect_error "interest similarity" 'similarity must be on or off' search --tree "$tree" --algo interest --similarity maybe
expect_error "interest iterative" 'iterates by its limits' search --game chess --depth 2 --algo interest --iterative

# kibitz match: paired games, score, Elo with its error, node ratio; deterministic.
expect_ok "match" '^A wins [0-9]+, draws [0-9]+, losses [0-9]+$' match --game tictactoe --a interest --b alphabeta --pairs 2
expect_ok "match json" '"wins":[0-9]+,"draws":[0-9]+,"losses":[0-9]+,"score":[0-9.]+,"score_error":[0-9.e-]+,"elo":[-0-9.e]+,"elo_error":' \
  match --game connect4 --a interest:depth=4 --b alphabeta:depth=4 --pairs 3 --json
m1="$("${kibitz[@]}" match --game connect4 --a interest:depth=4,ext=1 --b alphabeta:depth=4 --pairs 4 --threads 1 --json --games)"
m2="$("${kibitz[@]}" match --game connect4 --a interest:depth=4,ext=1 --b alphabeta:depth=4 --pairs 4 --threads 3 --json --games)"
# CPU times differ from run to run; everything else must not.
untimed() { sed -E 's/"ms_[a-z_]+":[-0-9.e+]+,?//g; s/"ms_[a-z_]+":null,?//g' <<<"$1"; }
[ -n "$m1" ] && [ "$(untimed "$m1")" = "$(untimed "$m2")" ] || fail "match differs with the thread count"
expect_ok "match time columns" '^CPU time per move: A [0-9.]+ ms \+- [0-9.]+, B [0-9.]+ ms' \
  match --game connect4 --a interest:depth=3 --b alphabeta:depth=3 --pairs 2
# A time budget needs a watchdog thread: the wasm build (no threads) says so.
if [[ "${kibitz[*]}" == *node* ]]; then
  expect_error "match time budget" 'a time budget needs threads' \
    match --game connect4 --a interest --b alphabeta --pairs 1 --budget time=5 --json
else
  expect_ok "match time budget" '"budget":"time=5"' \
    match --game connect4 --a interest --b alphabeta --pairs 1 --budget time=5 --json
fi
err="$("${kibitz[@]}" match --game tictactoe --a interest --b alphabeta --pairs 2 --progress 2>&1 >/dev/null)"
grep -q '4/4 games, A' <<<"$err" || fail "match --progress: no progress bar on stderr: $err"
printf 'moves e4 e5\nmoves d4 d5\n' > openings.txt
expect_ok "match openings" '"pairs":2' match --game chess --a interest:depth=2 --b alphabeta:depth=2 --pairs 2 --openings openings.txt --budget nodes=300 --json
printf 'moves e4 e5\nmoves e4 e5 Ke2 Ke7 Kx\n' > bad_openings.txt
expect_error "match bad opening" "openings file bad_openings.txt, line 2: move 5 'Kx'" match --game chess --a interest --b alphabeta --openings bad_openings.txt
expect_error "match player" "unknown player 'deep-blue'" match --game chess --a deep-blue --b alphabeta
expect_error "match option" "unknown option 'width'" match --game chess --a interest:width=3 --b alphabeta
expect_error "match budget" 'nodes=K, depth=D' match --game chess --a interest --b alphabeta --budget speed=5
expect_error "match missing" '--a is required' match --game chess --b alphabeta
expect_error "match chess-only player" 'player greenblatt: the Greenblatt search plays chess only' match --game othello --a greenblatt --b alphabeta --pairs 1
expect_ok "match greenblatt" '"wins":[0-9]+' match --game chess --a greenblatt:depth=2,widths=6/4 --b interest:depth=2 --pairs 1 --json

# Othello endgames solved exactly (FFO scores: every move's disc count, empties to the winner).
ffo='XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X'
expect_ok "othello discs" '^\{"discs":6,"moves":\[\{"move":"h5","discs":6\},\{"move":"g6","discs":-2\},\{"move":"f6","discs":-4\},\{"move":"h6","discs":-10\}\],"value":600000,' \
  search --game othello --position "$ffo" --depth end --all-moves --json
expect_ok "othello discs text" '^discs: \+6 ' search --game othello --position "$ffo" --depth end
expect_error "chess depth end" 'a chess search needs a depth' search --game chess --depth end
expect_error "all-moves othello only" '--all-moves needs --game othello --depth end' search --tree "$tree" --all-moves

# Issue 18: budgets, caps and extreme inputs.
if [ ${#kibitz[@]} -eq 1 ]; then
  # Natively, under a 1 GiB address-space limit: the default node budget ends the search.
  # With --progress, a line on stderr while it runs (after its first second), erased at the end.
  out="$(prlimit --as=$((1 << 30)) "${kibitz[@]}" search --random b=50,d=12,seed=1 --progress 2>progress.txt)"; rc=$?
  [ $rc -eq 0 ] || fail "b=50,d=12 under 1 GiB: exit $rc: $(tail -c 300 <<<"$out") $(tail -c 300 progress.txt)"
  grep -q 'stopped by the node budget (50,000,000 nodes, the default).*--nodes N' <<<"$out" ||
    fail "b=50,d=12: no budget message: $(tail -c 300 <<<"$out")"
  if [ -s progress.txt ]; then
    grep -q 'searching: [0-9,]* nodes of 50,000,000, [0-9,]* events of [0-9,]* ([0-9]*%), [0-9]* s' progress.txt ||
      fail "b=50,d=12 --progress: not a progress line: $(head -c 200 progress.txt)"
    [ "$(tail -c 4 progress.txt | od -An -c | tr -d ' ')" = '\r033[K' ] ||
      fail "b=50,d=12 --progress: the line is not erased at the end"
  fi
  # --json keeps the trace in memory: under 2 GiB its event budget stops it with a partial
  # report (it used to pass the model's limit by a chunk and be refused with no report).
  out="$(prlimit --as=$((2 << 30)) "${kibitz[@]}" search --random b=50,d=12,seed=1 --json 2>&1 | grep -o '"stopped":"[^"]*"')"
  grep -q 'stopped by the event budget ([0-9,]* events, from the memory available)' <<<"$out" ||
    fail "b=50,d=12 --json under 2 GiB: no partial report: $(tail -c 300 <<<"$out")"
  # A device or pipe without end is read up to 256 MiB, then refused (it used to grow for ever).
  expect_error "tree file /dev/zero" "'/dev/zero': not a regular file, and more than 256 MiB came from it" \
    search --tree-file /dev/zero
  expect_error "replay /dev/zero" "'/dev/zero': not a regular file" replay /dev/zero
  # A report lost on a full disk is said (exit 1), not passed over with exit 0.
  "${kibitz[@]}" search --tree "$tree" --json > /dev/full 2>err.txt; rc=$?
  [ $rc -eq 1 ] || fail "search > /dev/full: exit $rc, expected 1"
  grep -q "cannot write standard output" err.txt || fail "search > /dev/full: no message: $(cat err.txt)"
  # Not on a terminal and not asked: nothing on stderr.
  "${kibitz[@]}" search --random b=4,d=6,seed=1 --nodes 0 >/dev/null 2>progress.txt
  [ -s progress.txt ] && fail "search: stderr without --progress: $(head -c 200 progress.txt)"
  # A recording killed (SIGKILL) mid-search opens up to its last complete chunk.
  rm -f killed.kbz
  "${kibitz[@]}" search --random b=10,d=9,seed=1 --algo minimax --record killed.kbz > /dev/null &
  pid=$!
  for _ in $(seq 1 300); do
    [ "$(stat -c %s killed.kbz 2>/dev/null || echo 0)" -gt 3000000 ] && break
    sleep 0.1
  done
  kill -9 $pid; wait $pid 2>/dev/null
  err="$("${kibitz[@]}" export killed.kbz --json --out killed.json 2>&1)"; rc=$?
  [ $rc -eq 0 ] && grep -q 'the recording was cut short' <<<"$err" ||
    fail "a killed recording: exit $rc: $err"
  # Under a 256 MiB limit (half of it for a trace: 8M events at 16 bytes), a recording of 12
  # million steps is refused with a message, not a crash.
  "${kibitz[@]}" search --random b=8,d=7,seed=1 --algo minimax --nodes 0 --record m7.kbz > /dev/null
  err="$(prlimit --as=$((256 << 20)) "${kibitz[@]}" replay m7.kbz --at 5 2>&1)"; rc=$?
  [ $rc -eq 2 ] && grep -q 'the trace expands to more than .* events, more than the memory available holds' <<<"$err" ||
    fail "a trace too big for the memory limit: exit $rc: $err"
  rm -f m7.kbz
  # The copy is marked partial too (its "stopped" fact), not a complete-looking trace.
  grep -q '"stopped":"the file ends at byte' killed.json || fail "the export of a cut recording is not marked"
fi
expect_ok "event budget set by hand" '^stopped by the event budget \(1,000,000 events\): .*--max-events N$' \
  search --random b=10,d=8,seed=1 --algo minimax --max-events 1000000
expect_error "score budget" 'scores need an unpruned search .* more than 50,000,000 nodes \(the node budget\)' \
  search --random b=50,d=12,seed=1 --score
expect_error "score budget by --nodes" 'more than 1,000 nodes \(the node budget\): the tree is too big to score$' \
  search --game tictactoe --depth 9 --score --nodes 1000
rm -f nodes.kbz
"${kibitz[@]}" search --random b=5,d=12,seed=1 --nodes 100000 --record nodes.kbz > /dev/null
expect_ok "a --nodes stop marks the recording partial" \
  '"stopped":"stopped by the search.s node budget \(100000 nodes\)' export nodes.kbz --json
expect_error "perft budget" 'perft\(64\) would count about .* more than the budget of 10,000,000,000: raise it with --nodes N' \
  perft --game chess --depth 64
expect_ok "perft budget raised" '^119060324$' perft --game chess --depth 6 --nodes 200000000
expect_error "perft budget lowered" 'perft\(6\) would count about' perft --game chess --depth 6 --nodes 1000000
expect_error "perft budget, counted" 'perft\(4\) counts 197,281 leaves, more than the budget of 100:' \
  perft --game chess --depth 4 --nodes 100
expect_error "perft empty position" '--position is empty' perft --game othello --position ' ' --depth 2
expect_error "a UTF-8 character whole" "unexpected character 'α'" search --tree '(1 α 2)'
expect_ok "no finished iteration: not a result" '^value: 0 \(not a result: the search was stopped, see below\)$' \
  search --random b=50,d=12,seed=1 --nodes 10 --iterative
printf '(1 2\0 3)' > nul.tree
expect_error "a NUL byte is shown" "unexpected character '\\\\x00'" search --tree-file nul.tree
expect_error "random key twice" 'random tree: b is given twice \(in b=2,d=2,b=3\)' search --random b=2,d=2,b=3
expect_error "empty fen" '--fen is empty' search --game chess --depth 2 --fen ''
echo '{"format":"kibitz-trace","version":1,"meta":{"a":1e400},"events":[]}' > huge_number.json
expect_error "JSON number too large" 'trace JSON is not valid JSON: the number 1e400 is too large' \
  export huge_number.json --json
expect_ok "event budget" '"stopped":"stopped by the event budget \(1,000,000 events' \
  search --random b=10,d=8,seed=1 --algo minimax --json --max-events 1000000
expect_error "max-events" '--max-events must be a whole number' search --tree "$tree" --max-events -3
expect_error "max-events too large" '--max-events 99999999999999999999 is too large' search --tree "$tree" --max-events 99999999999999999999
expect_error "a directory" "'.' is a directory, not a file" search --tree-file .
expect_ok "tt capped" 'note: the table has 4 entries, not 67,108,864: the tree has 3 nodes' \
  search --tree '(1 2)' --algo alphabeta --tt 67108864
expect_error "random lo overflow" 'lo=-9223372036854775807 is outside the score range' \
  search --random b=2,d=2,lo=-9223372036854775807,hi=5 --algo minimax
python3 -c 'import sys; d=100000; sys.stdout.write("{\"format\":\"kibitz-trace\",\"version\":1,\"meta\":{\"a\":" + "["*d + "]"*d + "},\"events\":[]}")' > deep.json
expect_error "deep JSON" 'trace JSON: arrays and objects nested deeper than 64 levels' export deep.json --json
"${kibitz[@]}" search --tree "$tree" --record own.kbz > /dev/null
expect_error "export over its input" "--out './own.kbz' is the trace being read" export own.kbz --kbz --out ./own.kbz
head -c 16 own.kbz > facts_only.kbz
"${kibitz[@]}" export facts_only.kbz --json --out facts_only.json 2>err.txt ||
  fail "export of a trace with no events: exit $?"
grep -q "note: the trace has no events; the copy keeps its facts" err.txt ||
  fail "export of a trace with no events: no note: $(cat err.txt)"

rm -f /tmp/kz_err_$$
if [ $fails -ne 0 ]; then echo "$fails CLI check(s) failed"; exit 1; fi
echo "all CLI checks passed"
