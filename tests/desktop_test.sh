#!/usr/bin/env bash
# The desktop program under Xvfb: open a trace, render frames, write a screenshot, exit 0;
# and refuse a damaged trace with exit code 2 and a message.
set -u
desktop="$1"; kibitz="$2"; work="$3"
mkdir -p "$work" && cd "$work" || exit 1
fails=0
# xvfb-run -a can race another X server for a display number; retry only that failure. The
# program's own exit status is written to a file: xvfb-run's cleanup can replace it with its own
# (exit 5, "problem while cleaning up temporary directory"), which says nothing of the program.
run_x() {
  local attempt rc
  for attempt in 1 2 3; do
    rm -f program_rc
    xvfb-run -a -e xvfb.log -s "-screen 0 1600x1000x24" \
      bash -c '"$@"; echo $? > program_rc' run_x "$@"
    rc=$?
    if [ -s program_rc ]; then
      [ $rc -eq 0 ] || [ $rc -eq "$(cat program_rc)" ] ||
        echo "note: xvfb-run exited $rc after the program exited $(cat program_rc)" >&2
      return "$(cat program_rc)"
    fi
    if [ $rc -ne 1 ] || ! grep -qi "xvfb failed\|server already active\|cannot establish" xvfb.log 2>/dev/null; then
      return $rc
    fi
    echo "Xvfb did not start (attempt $attempt): $(cat xvfb.log)"
    sleep 1
  done
  return $rc
}
"$kibitz" search --tree 'A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))' --criterion ge --record desktop.kbz >/dev/null || exit 1
artifacts="$(cd "$(dirname "$0")/.." && pwd)/build/test-artifacts"
mkdir -p "$artifacts"
shot="$artifacts/desktop.png"
rm -f "$shot"
run_x "$desktop" desktop.kbz --at 40 --select 5 --frames 20 --screenshot "$shot"
rc=$?
[ $rc -eq 0 ] || { echo "FAIL: kibitz-desktop exited with $rc: $(cat xvfb.log 2>/dev/null)"; fails=$((fails+1)); }
# A real picture: a PNG of the window's size, and not one flat colour.
python3 - "$shot" <<'PY' || fails=$((fails+1))
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
w, h = struct.unpack('>II', data[16:24])
assert (w, h) == (1440, 900), f'size {w}x{h}'
idat = b''; pos = 8
while pos < len(data):
    n, = struct.unpack('>I', data[pos:pos+4]); kind = data[pos+4:pos+8]
    if kind == b'IDAT': idat += data[pos+8:pos+8+n]
    pos += 12 + n
raw = zlib.decompress(idat)
colours = {raw[i:i+3] for i in range(1, len(raw), 4 * 97)}
assert len(colours) > 20, f'only {len(colours)} colours: a blank window?'
print(f'ok - screenshot {w}x{h} with {len(colours)}+ colours')
PY
# A damaged file (a byte changed) is refused; one cut short (a recording killed) opens up to its
# last complete chunk and says so.
python3 -c "import sys; b = bytearray(open('desktop.kbz','rb').read()); b[len(b)//2] ^= 0x40; open('damaged.kbz','wb').write(b)"
run_x "$desktop" damaged.kbz --frames 2 2>err.txt >/dev/null
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: a damaged trace should exit 2, not $rc"; fails=$((fails+1)); }
grep -q "trace file, byte" err.txt || { echo "FAIL: no message for the damaged trace: $(cat err.txt)"; fails=$((fails+1)); }
# Two things to show: refused before any window opens, not one of them dropped.
"$desktop" desktop.kbz --run '((3 12 8) (2 4' 2>err.txt >/dev/null
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: a file and --run should exit 2, not $rc"; fails=$((fails+1)); }
grep -q "give one of a trace file, --run" err.txt || { echo "FAIL: no message for a file and --run: $(cat err.txt)"; fails=$((fails+1)); }
"$kibitz" search --random b=4,d=8,lo=-9,hi=9,seed=2 --algo minimax --record big.kbz >/dev/null || exit 1
head -c 1200000 big.kbz > cut.kbz
run_x "$desktop" cut.kbz --frames 2 2>err.txt >/dev/null
rc=$?
[ $rc -eq 0 ] || { echo "FAIL: a trace cut short should open (exit 0), not $rc"; fails=$((fails+1)); }
grep -q "the recording was cut short" err.txt || { echo "FAIL: no notice for the trace cut short: $(cat err.txt)"; fails=$((fails+1)); }
[ $fails -eq 0 ] && echo "desktop test passed"
exit $fails
