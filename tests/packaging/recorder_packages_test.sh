#!/usr/bin/env bash
# The recorders as packages (include/kibitz): record.mjs as the npm package kibitz-record, with
# its TypeScript types, and record.py as the Python package kibitz-record (import kibitz.record).
# Each is packed, installed into a fresh project (npm) or venv (pip) without any registry,
# records the same small alpha-beta search from its installed name, and `kibitz replay` opens
# the file; the two files are the same bytes. include/kibitz is left as it was (the wheel is
# built from a copy). No TypeScript compiler is needed: the types are checked to be packed and
# to name what the module exports.
#   tests/packaging/recorder_packages_test.sh KIBITZ_BINARY
# Python: $KIBITZ_PYTHON, else the first of python3, /usr/bin/python3 with setuptools >= 61
# and wheel (Debian: python3-setuptools python3-wheel python3-venv).
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 KIBITZ_BINARY" >&2
  exit 2
fi
started=$SECONDS
fail() { echo "not ok - $*" >&2; exit 1; }
ok() { echo "ok - $*"; }

[ -x "$1" ] || fail "no kibitz binary at $1"
KIBITZ="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="$root/include/kibitz"
version=0.1.0
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export npm_config_update_notifier=false PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
before="$(ls -A "$src")"

# replay_check FILE WHAT: kibitz replay opens FILE and shows the whole search: 6 nodes (3
# leaves), one cutoff, the root returning 3, the replay at its last event.
replay_check() {
  local file="$1" what="$2"
  "$KIBITZ" replay "$file" --json > "$file.json" 2> "$file.err" ||
    fail "$what: kibitz replay $file exited $?: $(head -c 400 "$file.err")"
  node -e '
    const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const c = s.counters, root = s.nodes_table.find((n) => n.parent === null);
    const got = `nodes ${c.nodes}, leaves ${c.leaves}, cutoffs ${c.cutoffs}, pv ${c.pv}, cut ${c.cut}, ` +
      `root ${root && root.ret}, at ${s.t} of ${s.events} events`;
    const want = `nodes 6, leaves 3, cutoffs 1, pv 2, cut 1, root 3, at ${s.events - 1} of ${s.events} events`;
    if (got !== want || s.events < 1) { console.error(`got ${got}; want ${want}`); process.exit(1); }
    console.log(`${c.nodes} nodes, ${s.events} events`);
  ' "$file.json" > "$file.summary" 2>&1 || fail "$what: kibitz replay shows $(cat "$file.summary")"
}

# --- npm: pack, install from the tarball, import 'kibitz-record' ----------------------------
command -v node > /dev/null && command -v npm > /dev/null || fail "node and npm are needed"
mkdir -p "$tmp/pack" "$tmp/js"
npm pack --ignore-scripts --pack-destination "$tmp/pack" "$src" > "$tmp/pack.log" 2>&1 ||
  fail "npm pack include/kibitz: $(tail -n 5 "$tmp/pack.log")"
tarball="$tmp/pack/kibitz-record-$version.tgz"
[ -f "$tarball" ] || fail "npm pack made no kibitz-record-$version.tgz: $(ls "$tmp/pack")"
packed="$(tar tzf "$tarball" | sort | tr '\n' ' ')"
want="package/README.md package/package.json package/record.d.ts package/record.mjs "
[ "$packed" = "$want" ] || fail "the npm tarball holds: $packed(want: $want)"
ok "npm pack: kibitz-record-$version.tgz holds record.mjs, record.d.ts, README.md, package.json"

(cd "$tmp/js" && npm init -y > /dev/null 2>&1 &&
  npm install --offline --no-audit --no-fund "$tarball") > "$tmp/install.log" 2>&1 ||
  fail "npm install --offline of the tarball: $(tail -n 5 "$tmp/install.log")"
ok "npm install --offline kibitz-record-$version.tgz into a fresh project"

cat > "$tmp/js/search.mjs" <<'EOF'
// A small alpha-beta, recorded through the installed package.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as kibitz from 'kibitz-record';
import { Recorder, RecordError, INF } from 'kibitz-record';

// the types name every export, and only those (record.d.ts beside record.mjs)
const require = createRequire(import.meta.url);
const pkg = require('kibitz-record/package.json');
const dts = fs.readFileSync(new URL(`./node_modules/kibitz-record/${pkg.types}`, import.meta.url), 'utf8');
const declared = [...dts.matchAll(/^export declare (?:const|class) (\w+)/gm)].map((m) => m[1]).sort();
const exported = Object.keys(kibitz).sort();
if (declared.join() !== exported.join()) {
  console.error(`record.d.ts declares ${declared.join()}\nrecord.mjs exports ${exported.join()}`);
  process.exit(1);
}

const r = new Recorder();
r.meta('engine', 'recorder_packages_test');
r.steps('alphabeta', 'ge');
function search(node, alpha, beta, ply, move) {
  r.enter(alpha, beta, move);
  if (typeof node === 'number') {
    const v = ply % 2 ? -node : node;
    r.evaluate(v);
    r.leave(v);
    return v;
  }
  r.expand(node.length);
  let best = -INF;
  for (const [k, child] of node.entries()) {
    best = Math.max(best, -search(child, -beta, -alpha, ply + 1, `m${ply}${k}`));
    if (best >= beta) { r.cutoff(); break; }
    alpha = Math.max(alpha, best);
  }
  r.leave(best);
  return best;
}
const value = search([[3, 5], [2, 9]], -INF, INF, 0, null);
try { r.leave(0); process.exit(1); } catch (e) { if (!(e instanceof RecordError)) throw e; }
fs.writeFileSync(process.argv[2], r.close());
console.log(value);
EOF
(cd "$tmp/js" && node search.mjs "$tmp/js.kbz") > "$tmp/js.out" 2>&1 ||
  fail "node: import from 'kibitz-record' and record: $(tail -n 5 "$tmp/js.out")"
[ "$(cat "$tmp/js.out")" = 3 ] || fail "the JavaScript search returned $(cat "$tmp/js.out"), not 3"
ok "import { Recorder, INF } from 'kibitz-record' records a search; record.d.ts declares every export"
replay_check "$tmp/js.kbz" "npm package"
ok "kibitz replay opens the npm package's recording: $(cat "$tmp/js.kbz.summary")"

# --- Python: a wheel built offline from a copy, installed into a venv, kibitz.record ----------
python=""
for p in ${KIBITZ_PYTHON:-} python3 /usr/bin/python3; do
  command -v "$p" > /dev/null 2>&1 || continue
  if "$p" -c '
import importlib.util, setuptools
v = tuple(int(x) for x in setuptools.__version__.split(".")[:2])
wheel = importlib.util.find_spec("wheel") is not None or v >= (70, 1)
ok = v >= (61, 0) and wheel and importlib.util.find_spec("ensurepip") is not None
raise SystemExit(0 if ok else 1)' > /dev/null 2>&1; then
    python="$p"
    break
  fi
done
[ -n "$python" ] || fail "no python3 with setuptools >= 61, wheel and venv (Debian: python3-setuptools python3-wheel python3-venv)"

cp -R "$src" "$tmp/pysrc"
rm -rf "$tmp/pysrc/build" "$tmp/pysrc"/*.egg-info
"$python" -m pip wheel --no-build-isolation --no-index --no-deps -w "$tmp/wheel" "$tmp/pysrc" \
  > "$tmp/wheel.log" 2>&1 || fail "pip wheel include/kibitz with $python: $(tail -n 15 "$tmp/wheel.log")"
wheel="$tmp/wheel/kibitz_record-$version-py3-none-any.whl"
[ -f "$wheel" ] || fail "pip wheel made no kibitz_record-$version-py3-none-any.whl: $(ls "$tmp/wheel")"
contents="$("$python" -c 'import sys, zipfile
print(" ".join(sorted(n for n in zipfile.ZipFile(sys.argv[1]).namelist() if ".dist-info/" not in n)))' "$wheel")"
[ "$contents" = "kibitz/record.py" ] || fail "the wheel holds $contents, not kibitz/record.py alone"
ok "pip wheel (offline, $python): kibitz_record-$version-py3-none-any.whl holds kibitz/record.py"

"$python" -m venv "$tmp/venv" > "$tmp/venv.log" 2>&1 || fail "python3 -m venv: $(tail -n 5 "$tmp/venv.log")"
"$tmp/venv/bin/pip" install --no-index "$wheel" > "$tmp/pip.log" 2>&1 ||
  fail "pip install --no-index of the wheel: $(tail -n 5 "$tmp/pip.log")"
ok "pip install --no-index of the wheel into a fresh venv"

mkdir -p "$tmp/run"
(cd "$tmp/run" && "$tmp/venv/bin/python" -I -c '
import importlib.util, os, sys
import kibitz.record
from kibitz.record import INF, Recorder, RecordError

venv = os.path.realpath(sys.argv[2])
assert os.path.realpath(kibitz.record.__file__).startswith(venv + os.sep), kibitz.record.__file__
assert importlib.util.find_spec("record") is None, "a top-level module named record is installed"

def search(r, node, alpha, beta, ply, move):
    r.enter(alpha, beta, move)
    if isinstance(node, int):
        v = -node if ply % 2 else node
        r.evaluate(v)
        r.leave(v)
        return v
    r.expand(len(node))
    best = -INF
    for k, child in enumerate(node):
        best = max(best, -search(r, child, -beta, -alpha, ply + 1, "m%d%d" % (ply, k)))
        if best >= beta:
            r.cutoff()
            break
        alpha = max(alpha, best)
    r.leave(best)
    return best

with Recorder(sys.argv[1]) as r:
    r.meta("engine", "recorder_packages_test")
    r.steps("alphabeta", "ge")
    value = search(r, [[3, 5], [2, 9]], -INF, INF, 0, None)
    try:
        r.leave(0)
        sys.exit("leave with no node open was not refused")
    except RecordError:
        pass
print(value)
' "$tmp/py.kbz" "$tmp/venv") > "$tmp/py.out" 2>&1 ||
  fail "python: from kibitz.record import Recorder and record: $(tail -n 5 "$tmp/py.out")"
[ "$(cat "$tmp/py.out")" = 3 ] || fail "the Python search returned $(cat "$tmp/py.out"), not 3"
ok "from kibitz.record import Recorder, INF (the venv's; no top-level 'record') records a search"
replay_check "$tmp/py.kbz" "Python package"
ok "kibitz replay opens the Python package's recording: $(cat "$tmp/py.kbz.summary")"
cmp -s "$tmp/js.kbz" "$tmp/py.kbz" || fail "the npm and the Python package wrote different bytes for one search"
ok "the npm and the Python package write the same bytes for the same search"

[ "$(ls -A "$src")" = "$before" ] || fail "include/kibitz changed: $(ls -A "$src" | tr '\n' ' ')"
ok "include/kibitz left as it was ($((SECONDS - started)) s)"
