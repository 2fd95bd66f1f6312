#!/usr/bin/env bash
# A short fuzzing run: TARGET over a working corpus (kept between runs) grown from SEEDS, for
# SECONDS; any finding fails (libFuzzer exits non-zero and leaves the input in WORK/../).
# Usage: run_smoke.sh TARGET WORK SEEDS SECONDS [libFuzzer flags...]
set -euo pipefail
target="$1" work="$2" seeds="$3" seconds="$4"
shift 4
mkdir -p "$work" "$seeds"
cd "$(dirname "$work")"
"$target" "$work" "$seeds" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 \
  -malloc_limit_mb=2048 -print_final_stats=1 "$@" 2>&1 | tail -25
exit "${PIPESTATUS[0]}"
