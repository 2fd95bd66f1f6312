#!/usr/bin/env bash
# The Debian package (packaging/packaging.cmake, docs/packages.md): made with cpack from the
# native build, unpacked with dpkg-deb -x into a temporary root, checked with lintian (no
# errors), and its programs run from there.
# Usage: tests/packaging/deb_test.sh BUILD_DIR
set -euo pipefail
build="$(cd "$1" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "not ok - $*"; exit 1; }
ok() { echo "ok - $*"; }

(cd "$build" && cpack -G DEB -B "$tmp/out" > "$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; fail "cpack -G DEB"; }
deb="$(ls "$tmp"/out/kibitz_*_*.deb)"
ok "cpack made $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

info="$(dpkg-deb -I "$deb")"
grep -q '^ Package: kibitz$' <<<"$info" || fail "control: no Package: kibitz"
grep -Eq '^ Depends: .*libc6' <<<"$info" || fail "control: no shared-library dependencies: $info"
dpkg-deb -x "$deb" "$tmp/root"
for f in usr/bin/kibitz usr/bin/kibitz-desktop usr/share/applications/kibitz.desktop \
         usr/share/mime/packages/kibitz.xml usr/share/icons/hicolor/scalable/apps/kibitz.svg \
         usr/share/man/man1/kibitz.1.gz usr/share/man/man1/kibitz-desktop.1.gz \
         usr/share/bash-completion/completions/kibitz usr/include/kibitz/record.h \
         usr/share/kibitz/assets/examples/01-textbook-3x3.tree usr/share/doc/kibitz/copyright \
         usr/share/doc/kibitz/changelog.gz; do
  [ -e "$tmp/root/$f" ] || fail "the package has no /$f"
done
grep -q '^MimeType=application/x-kibitz-trace;$' "$tmp/root/usr/share/applications/kibitz.desktop" ||
  fail "the .desktop entry does not open .kbz files"
grep -q 'pattern="\*.kbz"' "$tmp/root/usr/share/mime/packages/kibitz.xml" || fail "the MIME type has no *.kbz glob"
zcat "$tmp/root/usr/share/man/man1/kibitz.1.gz" | grep -q 'kibitz replay' || fail "the man page lacks the commands"
ok "dpkg-deb -x: programs, .desktop entry, MIME type, icon, man pages, completion, headers, assets"
# The page, when it was built and published before the package was made (scripts/test does).
if [ -f "$build/../web/publish/index.html" ]; then
  for f in index.html kibitz_web.wasm kibitz_web.wasm.br kibitz_worker.wasm _headers; do
    [ -e "$tmp/root/usr/share/kibitz/web/$f" ] || fail "the package has no /usr/share/kibitz/web/$f"
  done
  ok "the published page in /usr/share/kibitz/web"
fi

# The programs run from the unpacked root.
k="$tmp/root/usr/bin/kibitz"
version="$("$k" --version)" || fail "kibitz --version"
"$tmp/root/usr/bin/kibitz-desktop" --version > /dev/null || fail "kibitz-desktop --version"
out="$("$k" search --tree '(3 (5 2) (1 4))' --algo alphabeta --json)" || fail "kibitz search"
grep -q '"value":3' <<<"$out" || fail "kibitz search: $out"
"$k" search --game tictactoe --depth 3 --record "$tmp/t.kbz" > /dev/null || fail "kibitz search --record"
"$k" replay "$tmp/t.kbz" > /dev/null || fail "kibitz replay"
move="$(printf 'position startpos\ngo depth 2\n' | "$k" uci --algo pvs | grep '^bestmove')" || fail "kibitz uci"
bash -c "source '$tmp/root/usr/share/bash-completion/completions/kibitz'; COMP_WORDS=(kibitz rep); COMP_CWORD=1; _kibitz; [ \"\${COMPREPLY[*]}\" = replay ]" ||
  fail "the installed completion does not complete 'kibitz rep'"
ok "installed programs run: $version, search, record, replay, uci ($move), completion"

command -v lintian > /dev/null || fail "lintian is not installed (scripts/deps installs it)"
lintian --fail-on error "$deb" > "$tmp/lintian.txt" 2>&1 ||
  { cat "$tmp/lintian.txt"; fail "lintian found errors"; }
ok "lintian: no errors ($(grep -c '^W:' "$tmp/lintian.txt" || true) warnings)"
