// `kibitz uci` driven by a real UCI client (node-uci, from npm) as a GUI drives an engine.
// Latencies are measured and printed; the checks allow a loaded machine wide margins (tests
// never assert tight wall-clock times). Clocked games against stockfish: tournament.mjs.
// Usage: node tests/uci/uci_gui_test.mjs KIBITZ
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../web/package.json'));
const { Engine } = require('node-uci');

const kibitz = path.resolve(process.argv[2]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-uci-'));
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok' : 'FAIL'} - ${what}`);
  if (!ok) failures++;
};

// node-uci spawns a program without arguments: one small script per algorithm.
function engineFor(algo) {
  const script = path.join(work, `kibitz-${algo}`);
  fs.writeFileSync(script, `#!/bin/sh\nexec "${kibitz}" uci --algo ${algo}\n`, { mode: 0o755 });
  return new Engine(script);
}
// Every move legal: kibitz perft refuses a position text with an illegal move.
function legal(moves) {
  try {
    execFileSync(kibitz, ['perft', '--game', 'chess', '--position', `startpos moves ${moves.join(' ')}`, '--depth', '1'],
                 { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

try {
  // 1. The handshake and options, every algorithm.
  for (const algo of ['alphabeta', 'pvs', 'greenblatt', 'interest']) {
    const e = engineFor(algo);
    await e.init();
    check(e.id.name === `Kibitz ${algo}` && e.options.has('Hash') && e.options.has('Clear Hash') && e.options.has('RecordDir'),
          `${algo}: id and options (${[...e.options.keys()].join(', ')})`);
    await e.setoption('Hash', 8);
    await e.setoption('Clear Hash');
    await e.isready();
    await e.position('startpos', ['e2e4', 'e7e5']);
    const r = await e.go({ depth: 2 });
    check(legal(['e2e4', 'e7e5', r.bestmove]), `${algo}: go depth 2 plays a legal move (${r.bestmove})`);
    const info = r.info.find((i) => i.depth && i.score);
    check(info && info.nodes > 0 && info.time >= 0 && info.pv, `${algo}: info has depth, score, nodes, time, pv`);
    await e.quit();
  }

  // 2. stop, isready during a search, searchmoves, go infinite: with times.
  const e = engineFor('alphabeta');
  await e.init();
  await e.position(kiwipete);
  // stop 0.5 s into go depth 20: the bestmove comes at once (it came after 26 s).
  const deep = e.go({ depth: 20 });
  await sleep(500);
  let t0 = performance.now();
  e.write('stop');
  const stopped = await deep;
  const stopMs = performance.now() - t0;
  check(stopped.bestmove && stopMs < 1000, `stop during go depth 20: bestmove ${stopped.bestmove} after ${stopMs.toFixed(1)} ms`);
  // go infinite: no bestmove until stop; isready answered meanwhile.
  const emitter = e.goInfinite({});
  let early = null;
  emitter.on('data', (d) => { if (d.bestmove) early = d.bestmove; });
  await sleep(300);
  t0 = performance.now();
  await e.isready();
  const readyMs = performance.now() - t0;
  check(readyMs < 500, `isready during go infinite answered in ${readyMs.toFixed(1)} ms`);
  await sleep(1200);
  check(early === null, 'go infinite sends no bestmove before stop (it did after 0.17 s)');
  t0 = performance.now();
  const inf = await e.stop();
  const infMs = performance.now() - t0;
  check(inf.bestmove && infMs < 1000, `stop after go infinite: bestmove ${inf.bestmove} in ${infMs.toFixed(1)} ms`);
  // searchmoves: only a2a3 and b2b3 (it played d2d4).
  await e.position('startpos');
  const only = await e.go({ depth: 4, searchmoves: ['a2a3', 'b2b3'] });
  check(['a2a3', 'b2b3'].includes(only.bestmove), `searchmoves a2a3 b2b3: ${only.bestmove}`);
  // movetime: about the time given.
  t0 = performance.now();
  const timed = await e.go({ movetime: 300 });
  const movetimeMs = performance.now() - t0;
  check(timed.bestmove && movetimeMs < 2000, `go movetime 300: bestmove after ${movetimeMs.toFixed(0)} ms`);
  // RecordDir: each search's trace, opened by kibitz.
  const dir = path.join(work, 'games');
  await e.setoption('RecordDir', dir);
  await e.position('startpos');
  const rec = await e.go({ depth: 3 });
  await e.isready();
  await sleep(200);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const file = files.find((f) => f.endsWith(`-${rec.bestmove}.kbz`));
  let opened = false;
  if (file) {
    try {
      execFileSync(kibitz, ['export', path.join(dir, file), '--json', '--out', path.join(work, 'rec.json')],
                   { stdio: 'pipe' });
      opened = true;
    } catch { /* opened stays false */ }
  }
  check(opened, `RecordDir: ${file || 'no file'} written and opened`);
  await e.quit();

} catch (err) {
  check(false, 'the session failed: ' + (err && err.stack ? err.stack : err));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(failures ? `${failures} UCI check(s) failed` : 'all UCI checks passed');
process.exit(failures ? 1 : 0);
