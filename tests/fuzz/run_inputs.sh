#!/usr/bin/env bash
# Runs a fuzz target over every file in a folder (the past findings): each must pass.
# Usage: run_inputs.sh TARGET DIR
set -euo pipefail
target="$1" dir="$2"
shopt -s nullglob
files=("$dir"/*)
[ ${#files[@]} -gt 0 ] || { echo "no inputs in $dir"; exit 1; }
"$target" -rss_limit_mb=2048 -timeout=30 "${files[@]}"
echo "${#files[@]} regression input(s) pass: $dir"
