#!/usr/bin/env bash
# kibitz render as a teacher uses it: an SVG that parses as XML and holds each node's value, a
# TikZ file that pdflatex compiles as it is (rendered to PNG by pdftoppm for looking at), DOT
# that Graphviz reads, and clear messages for bad requests.
#   render_test.sh KIBITZ ARTIFACTS_DIR
set -euo pipefail
kibitz="$1"
art="$2"
mkdir -p "$art"
rm -f "$art"/render-*  # made again: an old file keeps its old mode when written over
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
link='#tree=A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))&algo=alphabeta'

"$kibitz" render --link "$link" --out "$work/t.svg" --caption
python3 - "$work/t.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
texts = [t.text for t in root.iter('{http://www.w3.org/2000/svg}text')]
# A small tree's leaves are large cards: the value alone.
for want in ['MAX A', 'MIN B', 'MIN C', 'MIN D', 'value 3', '3', '12', '8', '2', '14', '5',
             'value ≤ 2', '4', '6', 'pruned']:
    assert want in texts, (want, texts)
print('svg: parses, %d texts' % len(texts))
PY

"$kibitz" render --link "$link" --out "$work/t.tex"
(cd "$work" && pdflatex -interaction=nonstopmode -halt-on-error t.tex > latex.log 2>&1) ||
  { tail -30 "$work/latex.log"; fail "the TikZ file does not compile"; }
pdftoppm -png -r 100 -singlefile "$work/t.pdf" "$art/render-tikz" ||
  fail "pdftoppm could not render the PDF"
echo "tikz: compiles; $art/render-tikz.png"

"$kibitz" render --link "$link" --at 30 --out "$work/t.dot"
dot -Tsvg "$work/t.dot" -o "$work/dot.svg" || fail "Graphviz does not read the DOT file"
grep -q "value 3" "$work/dot.svg" || fail "the DOT drawing lacks B's value"
echo "dot: Graphviz draws it"

"$kibitz" render --link "$link" --format png --width 3840 --out "$art/render-3840.png" > /dev/null
"$kibitz" render --link "$link" --from 0 --to 61 --step 2 --width 800 --caption \
  --out "$art/render-replay.gif" | grep -q "31 frames" || fail "GIF frame count"

# Bad requests: a message naming what is wrong, exit status 2, no crash.
expect_error() {
  local want="$1"; shift
  set +e
  out=$("$kibitz" render "$@" 2>&1)
  rc=$?
  set -e
  [ "$rc" -ne 0 ] || fail "render $* succeeded"
  [ "$rc" -eq 2 ] || fail "render $*: exit $rc, not 2 (bad input): $out"
  grep -q -- "$want" <<<"$out" || fail "render $*: '$out' does not say '$want'"
}
expect_error "png, svg, tikz, dot or gif" --link "$link" --out "$work/x.bmp"
expect_error "--out F is required" --link "$link"
expect_error "no-such.kbz" "$work/no-such.kbz" --out "$work/x.svg"
expect_error "--at" --link "$link" --at 99999 --out "$work/x.svg"
expect_error "2000 frames" --link '#random=b=4,d=6,seed=1&algo=minimax' --out "$work/x.gif"
expect_error "--width" --link "$link" --width 100000 --out "$work/x.png"
expect_error "link" --link '#tree=((1&algo=alphabeta' --out "$work/x.svg"
expect_error "a GIF is --from" --link "$link" --at 3 --out "$work/x.gif"
expect_error "one picture is --at" --link "$link" --from 3 --out "$work/x.svg"
expect_error "needs a file name" --link "$link" --out - --format png
expect_error "could not write $work/no-such-dir/x.png" --link "$link" --out "$work/no-such-dir/x.png"
expect_error "could not write /dev/full" --link "$link" --from 0 --to 3 --out /dev/full --format gif
expect_error "--link: empty link" --link '' --out "$work/x.svg"
"$kibitz" search --tree '(1 2)' --record "$work/own.kbz" > /dev/null
expect_error "is the trace being read" "$work/own.kbz" --format png --out "$work/own.kbz"
"$kibitz" replay "$work/own.kbz" --at 0 > /dev/null || fail "render overwrote the trace it read"
expect_error "at most 150 leaves" --link '#random=b=3,d=6,seed=1&algo=alphabeta' --out "$work/x.tex"
[ "$(stat -c %a "$art/render-replay.gif")" = "$(stat -c %a "$art/render-3840.png")" ] ||
  fail "the GIF's file mode differs from the PNG's (umask)"
echo "bad requests: clear messages"
