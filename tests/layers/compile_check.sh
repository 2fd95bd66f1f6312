#!/usr/bin/env bash
# The compiler enforces the layers: each layer compiles against its include root (src/
# CMakeLists.txt, kibitz_include_root), which holds only the folders it may include. Here, for
# each layer, a file that includes a header of a layer it may not use must fail to compile
# ("No such file or directory"), and one that includes an allowed header must compile.
# Usage: compile_check.sh CXX INCLUDE_ROOTS
set -u
cxx="$1"; roots="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0; checks=0
# try LAYER HEADER ok|refused
try() {
  local layer="$1" header="$2" want="$3" out rc
  printf '#include "%s"\n' "$header" > "$tmp/probe.cpp"
  out=$("$cxx" -std=c++17 -fsyntax-only -I "$roots/$layer" "$tmp/probe.cpp" 2>&1); rc=$?
  checks=$((checks + 1))
  if [ "$want" = ok ] && [ $rc -ne 0 ]; then
    echo "FAIL: the $layer layer cannot include \"$header\": $(head -c 300 <<<"$out")"; fails=$((fails + 1))
  elif [ "$want" = refused ] && { [ $rc -eq 0 ] || ! grep -q "$header: No such file" <<<"$out"; }; then
    echo "FAIL: the $layer layer can include \"$header\" (rc $rc): $(head -c 300 <<<"$out")"; fails=$((fails + 1))
  fi
}
try core core/score.hpp ok
try core games/game.hpp refused
try games games/game.hpp ok
try games search/alphabeta.hpp refused
try sink search/sink/sink.hpp ok
try sink search/alphabeta.hpp refused
try search search/alphabeta.hpp ok
try search trace/model.hpp refused
try trace search/sink/sink.hpp ok
try trace search/alphabeta.hpp refused
try trace session/run.hpp refused
try session session/run.hpp ok
try session viewer/viewer_state.hpp refused
try session app/play/uci/uci_session.hpp refused
try viewer viewer/compare.hpp ok
try viewer session/search_spec.hpp refused
try viewer app/viewer_app/viewer_app.hpp refused
try platform session/run.hpp refused
echo "compile check: $checks includes tried, $fails not as the layers say"
[ $fails -eq 0 ]
