#!/usr/bin/env bash
# The Windows UCI engine (kibitz-uci.exe, cross-compiled with mingw-w64: scripts/build windows)
# under Debian's wine: its version, a UCI handshake and a searched move of every algorithm.
# Usage: tests/packaging/windows_test.sh KIBITZ_UCI_EXE
set -euo pipefail
exe="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
fail() { echo "not ok - $*"; exit 1; }
ok() { echo "ok - $*"; }
[ -f "$exe" ] || fail "$exe is missing (scripts/build windows)"
wine=$(command -v wine64 || command -v wine || ls /usr/lib/wine/wine64 2>/dev/null || true)
[ -n "$wine" ] || fail "wine is not installed (scripts/deps installs wine64)"
export WINEDEBUG=-all WINEPREFIX="${KIBITZ_WINEPREFIX:-$(mktemp -d)}"
trap '"${wine%wine64}wineserver" -k 2>/dev/null || true; [ -z "${KIBITZ_WINEPREFIX:-}" ] && rm -rf "$WINEPREFIX"' EXIT
"$wine" wineboot --init > /dev/null 2>&1 || true  # the prefix first: its set-up is slow
version="$("$wine" "$exe" --version | tr -d '\r')" || fail "kibitz-uci.exe --version"
grep -Eq '^kibitz-uci [0-9]+\.[0-9]+\.[0-9]+$' <<<"$version" || fail "--version: '$version'"
ok "$version runs under $("$wine" --version 2>/dev/null || echo wine)"
for algo in alphabeta pvs greenblatt interest; do
  # The input stays open until the bestmove (the end of the input is quit).
  log="$WINEPREFIX/out-$algo.txt"
  : > "$log"
  { printf 'uci\nisready\nposition startpos moves e2e4\ngo depth 3\n'
    for _ in $(seq 600); do grep -q '^bestmove' "$log" && break; sleep 0.1; done
  } | "$wine" "$exe" --algo "$algo" > "$log" 2>&1 || fail "$algo: kibitz-uci.exe exited $?"
  out="$(tr -d '\r' < "$log")"
  grep -q '^uciok$' <<<"$out" || fail "$algo: no uciok: $out"
  grep -q '^readyok$' <<<"$out" || fail "$algo: no readyok: $out"
  grep -Eq '^info depth 3 .* pv [a-h][1-8][a-h][1-8]' <<<"$out" || fail "$algo: no depth 3 info line: $out"
  grep -Eq '^bestmove [a-h][1-8][a-h][1-8]' <<<"$out" || fail "$algo: no bestmove: $out"
  ok "$algo: handshake and a searched move ($(grep '^bestmove' <<<"$out"))"
done
