// Live in the page: a recorder (tests/recording/modern.c, through record.h's tcp:// path)
// streams its search to the native `kibitz serve`, which relays it over a WebSocket to the page
// opened with #live=PORT. The tree grows while the engine searches (several snapshots); at the
// end the page shows what opening the saved file gives (nodes, events); an engine killed midway
// leaves the view cut short, with the notice; a page opened late gets the stream so far.
//
//   node tests/web/live.mjs BUILD_WEB NATIVE_KIBITZ
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { check, launch, openPage, root, startServer, viewer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const kibitz = process.argv[3] || path.join(root, 'build/native/src/app/kibitz');
const work = path.resolve(webDir, 'tests/live_work');
const artifacts = path.resolve(webDir, '../test-artifacts');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(path.join(work, 'spool'), { recursive: true });
fs.mkdirSync(artifacts, { recursive: true });

const engine = path.join(work, 'modern');
execFileSync('cc', ['-std=c99', '-O2', '-I', path.join(root, 'include'),
                    path.join(root, 'tests/recording/modern.c'), '-o', engine]);
const replay = (file) => {
  const j = JSON.parse(execFileSync(kibitz, ['replay', file, '--json'], { maxBuffer: 1 << 30 }).toString());
  return { nodes: j.counters.nodes, events: j.events };
};

// The relay, on free ports (it prints them).
const relay = spawn(kibitz, ['serve', '--listen', '0', '--ws', '0', '--spool', path.join(work, 'spool')],
                    { stdio: ['ignore', 'pipe', 'inherit'] });
const relayLines = [];
const lines = readline.createInterface({ input: relay.stdout });
const ports = await new Promise((resolve, reject) => {
  lines.on('line', (l) => {
    relayLines.push(l);
    console.log('relay: ' + l);
    const m = /tcp:\/\/127\.0\.0\.1:(\d+).*ws:\/\/127\.0\.0\.1:(\d+)/.exec(l);
    if (m) resolve({ engines: m[1], pages: m[2] });
  });
  relay.once('exit', (code) => reject(new Error('kibitz serve exited with ' + code)));
});
const savedFiles = () => relayLines.map((l) => / ended: \d+ bytes in (\S+)$/.exec(l)).filter(Boolean).map((m) => m[1]);

// holdDepth: the engine waits there to be killed (on a busy machine it must not finish first).
const runEngine = (seed, depth, pauseMs, holdDepth = 0) => spawn(engine, [String(seed), String(depth),
  `tcp://127.0.0.1:${ports.engines}`, path.join(work, `calls-${seed}.txt`)],
  { env: { ...process.env, MODERN_PAUSE_MS: String(pauseMs), MODERN_HOLD_DEPTH: String(holdDepth || '') },
    stdio: ['ignore', 'pipe', 'inherit'] });

const server = await startServer(webDir);
const browser = await launch();
let failed = false;
try {
  const { page, problems } = await openPage(browser, `${server.url}#live=${ports.pages}`,
                                            { width: 1280, height: 800 });
  const { view, frames, until } = viewer(page);
  const live = async () => JSON.parse(await page.evaluate(() => Kibitz.liveState()));
  await until('connected to the relay', (s) => /connected to the relay/.test(s.status), 20000);
  check(true, 'the page connects to the relay (#live=PORT)');

  // 1. A whole stream, watched as it goes.
  const first = runEngine(11, 8, 150);
  const seen = new Set();
  let exited = false;
  first.once('exit', () => { exited = true; });
  while (!exited) {
    const l = await live();
    if (l.events > 0) seen.add(l.events);
    await frames(2);
  }
  await until('the stream shown to its end', (s) => /live stream ended/.test(s.status), 30000);
  check(seen.size >= 3, `the tree grew on screen while the engine searched (${seen.size} sizes seen)`);
  await page.screenshot({ path: path.join(artifacts, 'live-page-1280x800.png') });
  for (let i = 0; i < 50 && savedFiles().length < 1; ++i) await new Promise((r) => setTimeout(r, 100));
  const whole = replay(savedFiles()[0]);
  let v = await view();
  check(v.events === whole.events && v.nodes === whole.nodes,
        `the view at the end is the saved file's (${whole.nodes} nodes, ${whole.events} events): ${v.status.slice(0, 90)}`);
  check(v.cursor === v.events - 1, 'the cursor followed the search to its last event');

  // 2. An engine killed midway; a second page opens while it runs and gets the stream so far.
  const second = runEngine(12, 12, 400, 6);
  const out = readline.createInterface({ input: second.stdout });
  await new Promise((resolve) => out.on('line', (l) => { if (l.startsWith('iteration 3 ')) resolve(); }));
  const late = await openPage(browser, `${server.url}#live=${ports.pages}`, { width: 1024, height: 768 });
  const lateView = viewer(late.page);
  await lateView.until('the late page has the stream so far', (s) => s.events > 0 && /^live:/.test(s.status), 20000);
  check(true, 'a page opened late gets the stream so far');
  second.kill('SIGKILL');
  await until('the killed stream shown cut short', (s) => /live stream cut short/.test(s.status), 30000);
  await lateView.until('the late page sees it cut short too', (s) => /live stream cut short/.test(s.status), 30000);
  for (let i = 0; i < 50 && savedFiles().length < 2; ++i) await new Promise((r) => setTimeout(r, 100));
  const cut = replay(savedFiles()[1]);
  v = await view();
  check(/without its END chunk/.test(v.status) && v.events === cut.events,
        `the cut-short view is the cut-short file's (${cut.events} events) and says so`);
  const lateState = await lateView.view();
  check(lateState.events === cut.events, 'the late page ends with the same trace');
  await page.screenshot({ path: path.join(artifacts, 'live-page-cut-short.png') });

  // 3. The relay gone: the page says so and keeps what it shows.
  relay.kill('SIGTERM');
  await until('the page notices the relay is gone', (s) => /no relay at/.test(s.status), 20000);
  v = await view();
  check(v.events === cut.events, 'the view stays when the relay goes away');
  check(problems.length === 0 && late.problems.length === 0,
        'no console errors: ' + problems.concat(late.problems).join(' | '));
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await browser.close();
  server.stop();
  relay.kill('SIGKILL');
}
process.exit(failed ? 1 : 0);
