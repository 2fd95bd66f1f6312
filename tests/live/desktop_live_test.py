"""Live streams into the desktop viewer under Xvfb: a recorder (tests/recording/modern.c, through
include/kibitz/record.h's tcp:// path) streams its search to kibitz-desktop --listen.

- A whole stream: the desktop's saved file equals the recorder's own ?file= copy byte for byte,
  and the view at its end (nodes, events) is what `kibitz replay` of that file gives.
- An engine killed midway: the saved file opens cut short (a notice), and the view says so.
- A second recorder with the viewer gone: the recording goes on in its file alone.

    desktop_live_test.py KIBITZ_DESKTOP KIBITZ WORK_DIR"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DESKTOP, KIBITZ, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what, flush=True)
    if not ok:
        failures.append(what)


def replay(path):
    r = subprocess.run([KIBITZ, "replay", path, "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    j = json.loads(r.stdout)
    return (j["counters"]["nodes"], j["events"]), r.stderr


def numbers(text):
    return int(text.replace(",", ""))


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
engine = os.path.join(WORK, "modern")
r = subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-I",
                    os.path.join(ROOT, "include"), os.path.join(ROOT, "tests/recording/modern.c"),
                    "-o", engine], capture_output=True, text=True)
check(r.returncode == 0, "modern.c (record.h with tcp://) compiles as C99 " + r.stderr[:300])
spool = os.path.join(WORK, "spool")
os.makedirs(spool, exist_ok=True)

# xvfb-run -a can race another X server for a display number: that failure (no window, so no
# "listening" line) is tried again, up to three times; any other is shown.
for attempt in range(3):
    desktop = subprocess.Popen(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", DESKTOP, "--listen", "0", "--spool",
         spool, "--streams", "2", "--frames", "3", "--size", "1280x800", "--screenshot",
         os.path.join(WORK, "live_end.png")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = desktop.stdout.readline()
    m = re.search(r"tcp://127\.0\.0\.1:(\d+)", line)
    if m:
        break
    out, err = desktop.communicate(timeout=60)
    print("the desktop did not start (attempt %d): %s %s" % (attempt + 1, out, err[-600:]))
    time.sleep(1)
check(m is not None, "the desktop says where it listens: " + line.strip())
if m is None:
    sys.exit(1)
port = m.group(1)
lines = []

# 1. A whole stream, watched as it goes (a pause after each iteration).
own = os.path.join(WORK, "whole.kbz")
env = dict(os.environ, MODERN_PAUSE_MS="60")
r = subprocess.run([engine, "11", "8", "tcp://127.0.0.1:%s?file=%s" % (port, own),
                    os.path.join(WORK, "calls.txt")], capture_output=True, text=True, env=env)
check(r.returncode == 0, "the engine records to the viewer and its file " + r.stderr[:200])

# 2. An engine killed after its third iteration (where it waits to be killed).
env = dict(os.environ, MODERN_PAUSE_MS="400", MODERN_HOLD_DEPTH="3")
killed = subprocess.Popen([engine, "11", "12", "tcp://127.0.0.1:%s" % port,
                           os.path.join(WORK, "calls2.txt")], stdout=subprocess.PIPE, text=True,
                          env=env)
for out in killed.stdout:
    if out.startswith("iteration 3 "):
        break
time.sleep(0.1)
killed.send_signal(signal.SIGKILL)
killed.wait()

out, err = desktop.communicate(timeout=120)
lines = (line + out).splitlines()
print("\n".join(lines))
check(desktop.returncode == 0, "the desktop exits 0 once both streams are shown " + err[-300:])
saved = [re.search(r"saved to (\S+)$", l).group(1) for l in lines if "saved to" in l]
check(len(saved) == 2, "both streams saved")
ends = [l for l in lines if "live stream" in l]
check(len(ends) == 2, "both streams' ends are shown")
if len(saved) == 2 and len(ends) == 2:
    check(open(saved[0], "rb").read() == open(own, "rb").read(),
          "the desktop's file of the whole stream equals the recorder's own, byte for byte")
    (nodes, events), _ = replay(saved[0])
    m = re.search(r"live stream ended: ([\d,]+) nodes, ([\d,]+) events", ends[0])
    check(m is not None and (numbers(m.group(1)), numbers(m.group(2))) == (nodes, events),
          "the view at the end is the saved file's: %s nodes, %s events" % (nodes, events))
    check("live stream cut short" in ends[1] and "without its END chunk" in ends[1],
          "the killed engine's stream is shown cut short, with the notice")
    counts, notice = replay(saved[1])
    check(counts is not None and counts[0] > 0, "the killed engine's file opens: %s" % (counts,))
    m = re.search(r"live stream cut short: ([\d,]+) nodes, ([\d,]+) events", ends[1])
    check(m is not None and counts is not None and
          (numbers(m.group(1)), numbers(m.group(2))) == counts,
          "the cut-short view is the cut-short file's")
check(os.path.getsize(os.path.join(WORK, "live_end.png")) > 10000, "the last frame is written")

# 3. The viewer gone: with ?file= the recording goes on there, said on stderr.
alone = os.path.join(WORK, "alone.kbz")
r = subprocess.run([engine, "11", "6", "tcp://127.0.0.1:%s?file=%s" % (port, alone),
                    os.path.join(WORK, "calls3.txt")], capture_output=True, text=True)
check(r.returncode == 0 and "no viewer listens" in r.stderr,
      "with no viewer, the recorder says so and records to its file " + r.stderr[:200])
check(replay(alone)[0] is not None, "that file opens")
r = subprocess.run([engine, "11", "6", "tcp://127.0.0.1:%s" % port,
                    os.path.join(WORK, "calls4.txt")], capture_output=True, text=True)
check(r.returncode != 0 and "refused" in r.stderr.lower(),
      "with no viewer and no file, opening fails with a message: " + r.stderr.strip()[:120])

if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("all live desktop checks passed")
