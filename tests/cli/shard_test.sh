#!/usr/bin/env bash
# Experiments and matches split into shards (--shard I/N) run under GNU parallel, put together
# with kibitz merge, give what one run gives: the same tables, CSV and charts byte for byte; the
# same match result (CPU times aside, which no two runs share). Bad shard specs are refused.
# Usage: tests/cli/shard_test.sh KIBITZ
set -euo pipefail
kibitz="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "not ok - $*"; exit 1; }
ok() { echo "ok - $*"; }
command -v parallel > /dev/null || fail "GNU parallel is not installed (scripts/deps installs it)"
export kibitz

# An experiment: one run, and four shards at once.
"$kibitz" experiment fe-figure2 --trials 8 --seed 11 --threads 1 --quiet --out one > one.txt
parallel --will-cite -j 4 "\"\$kibitz\" experiment fe-figure2 --trials 8 --seed 11 --threads 1 --quiet --out parts --shard {}/4" ::: 0 1 2 3
"$kibitz" merge parts/fe-figure2.shard-*-of-4.json --out merged > merged.txt 2> merge.log
cmp one.txt merged.txt || fail "the merged table differs from one run's"
diff -r one merged > /dev/null || fail "the merged CSV or charts differ from one run's"
ok "fe-figure2 in 4 shards under GNU parallel, merged: the same table, CSV and charts as one run"

# A match: one run, and three shards (pairs 0,3 / 1,4 / 2).
args=(match --game tictactoe --a alphabeta:depth=2 --b pvs:depth=3 --pairs 5 --seed 5 --no-progress)
"$kibitz" "${args[@]}" --json --games > match_one.json
parallel --will-cite -j 3 "\"\$kibitz\" ${args[*]} --shard {}/3 > match_{}.json" ::: 0 1 2
"$kibitz" merge match_2.json match_0.json match_1.json --json --games > match_merged.json
strip() { sed -E 's/"ms_[a-z_]+":[-0-9.e+null]+,?//g' "$1"; }
[ "$(strip match_one.json)" = "$(strip match_merged.json)" ] ||
  fail "the merged match differs from one run's: $(strip match_one.json | head -c 300) / $(strip match_merged.json | head -c 300)"
ok "a match in 3 shards under GNU parallel, merged: the same games and result as one run"

# Refused: a bad spec, a shard missing or given twice, mixed runs, an experiment that cannot split.
expect() {  # MESSAGE ARGS...
  local want="$1" out
  shift
  if out="$("$kibitz" "$@" 2>&1)"; then fail "kibitz $*: accepted"; fi
  grep -qF -- "$want" <<<"$out" || fail "kibitz $*: '$out' does not say '$want'"
}
expect "--shard I/N: I from 0 to N-1" experiment fe-table1 --trials 4 --shard 4/4 --out x
expect "--shard I/N: I from 0 to N-1" "${args[@]}" --shard two/3
expect "shards missing: 1/3" merge match_0.json match_2.json
expect "shard 0/3 is given twice" merge match_0.json match_0.json match_1.json match_2.json
expect "give the shards of one experiment or one match" merge match_0.json parts/fe-figure2.shard-0-of-4.json
expect "fe-games cannot be split" experiment fe-games --trials 2 --shard 0/2 --out x
expect "is not a shard file" merge one.txt
ok "bad shard specs and incomplete merges refused with their reason"
