#!/usr/bin/env bash
# The layers (src/CMakeLists.txt): every #include in src/ must point down, never up or sideways.
#   core      core
#   games     core games
#   sink      core search/sink          (src/search/sink: what a search reports)
#   search    core games search         (search/sink included)
#   trace     core trace search/sink    (the sink interface, nothing else of search)
#   session   core games search trace session   (a search as data; no UI)
#   viewer    core trace viewer
#   platform  core platform
#   app       anything; nothing outside app includes app/
# Third-party headers too: ImGui only in viewer, platform and app; GLFW, GL and Emscripten only
# in platform and app; nlohmann/json only in trace, session and app.
# Usage: check_layers.sh SRC_DIR        prints each violation, then a summary; exit 1 on any
#        check_layers.sh --self-test    checks that an include pointing up is caught
set -u
if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d)
  mkdir -p "$tmp/viewer" "$tmp/core" "$tmp/extras"
  printf '#include "core/score.hpp"\n' > "$tmp/extras/c.cpp"
  printf '#include "core/score.hpp"\n#include "search/alphabeta.hpp"\n' > "$tmp/viewer/a.cpp"
  printf '#include <imgui.h>\n' > "$tmp/core/b.cpp"
  out=$(bash "$0" "$tmp" 2>&1); rc=$?
  rm -rf "$tmp"
  if [ $rc -ne 1 ] || ! grep -q 'viewer/a.cpp:2: "search/alphabeta.hpp"' <<<"$out" ||
     ! grep -q 'core/b.cpp:1: <imgui.h>' <<<"$out" || ! grep -q 'extras/c.cpp: in no layer' <<<"$out"; then
    echo "FAIL: the layer check did not catch injected violations:"; echo "$out"; exit 1
  fi
  echo "the layer check catches an include that points up, a library out of its layer and a" \
    "folder in no layer"
  exit 0
fi
src="$1"
allowed() {  # layer of the including file -> allowed prefixes of quoted includes
  case "$1" in
    core) echo "core/" ;;
    games) echo "core/ games/" ;;
    sink) echo "core/ search/sink/" ;;
    search) echo "core/ games/ search/" ;;
    trace) echo "core/ trace/ search/sink/" ;;
    session) echo "core/ games/ search/ trace/ session/" ;;
    viewer) echo "core/ trace/ viewer/" ;;
    platform) echo "core/ platform/" ;;
    app) echo "core/ games/ search/ trace/ session/ viewer/ platform/ app/" ;;
  esac
}
allowed_system() {  # third-party headers a layer may use
  case "$2" in
    imgui*|misc/cpp/imgui*) [[ "$1" =~ ^(viewer|platform|app)$ ]] ;;
    GLFW/*|GLES*|GL/*|emscripten*) [[ "$1" =~ ^(platform|app)$ ]] ;;
    nlohmann/*) [[ "$1" =~ ^(trace|session|app)$ ]] ;;
    *) return 0 ;;
  esac
}
layer_of() {
  case "$1" in
    search/sink/*) echo sink ;;
    *) echo "${1%%/*}" ;;
  esac
}
files=0; includes=0; bad=0
while IFS= read -r path; do
  rel="${path#"$src"/}"
  layer=$(layer_of "$rel")
  ok=$(allowed "$layer")
  if [ -z "$ok" ]; then  # a new folder must be given a layer before it is used
    echo "$rel: in no layer (add its folder to this script's table and to src/CMakeLists.txt)"
    bad=$((bad + 1)); continue
  fi
  files=$((files + 1))
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    if [[ "$line" =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
      inc="${BASH_REMATCH[1]}"; includes=$((includes + 1))
      good=0
      for p in $ok; do [[ "$inc" == "$p"* ]] && good=1; done
      # Within search, search/sink is below search: allowed. Nothing but app includes app/.
      if [ $good -eq 0 ]; then
        echo "$rel:$n: \"$inc\" (the $layer layer may include only: $ok)"; bad=$((bad + 1))
      fi
    elif [[ "$line" =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<([^\>]+)\> ]]; then
      inc="${BASH_REMATCH[1]}"; includes=$((includes + 1))
      if ! allowed_system "$layer" "$inc"; then
        echo "$rel:$n: <$inc> (not in the $layer layer)"; bad=$((bad + 1))
      fi
    fi
  done < "$path"
done < <(find "$src" -type f \( -name '*.cpp' -o -name '*.hpp' \) | LC_ALL=C sort)
echo "layer check: $files files, $includes includes, $bad pointing up or sideways or in no layer"
[ $bad -eq 0 ]
