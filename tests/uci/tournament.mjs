// A referee that plays clocked games between `kibitz uci` and Debian's stockfish, as a tournament
// manager would: its own clocks (time at `go` less the wall time to `bestmove`, plus the
// increment), chess.js (npm) for the rules, and every line of the protocol read.
//
// It fails on an illegal move, a bestmove with no `info depth` line of that search before it, a
// hang (no bestmove within the clock plus 10 s), a forfeit on time with at least 1 s left at the
// `go`, and a RecordDir file that does not open. Figures (W/D/L, move times against the time
// given, nps, a rough Elo against the opponent's set strength) are printed, not asserted.
//
// Usage: node tests/uci/tournament.mjs KIBITZ [--algos a,b] [--games N] [--tc 2+0.05]
//          [--elo 1350] [--plies 160] [--record DIR|none] [--stockfish PATH]
// CI runs two games (one a colour) per algorithm; benchmarks run a few hundred.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../web/package.json'));
const { Chess } = require('chess.js');

function options(argv) {
  const o = { algos: ['alphabeta', 'pvs', 'greenblatt', 'interest'], games: 2, tc: '2+0.05', elo: 1350,
              plies: 160, record: '', stockfish: ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => fs.existsSync(p)) };
  o.kibitz = path.resolve(argv[0] || '');
  for (let i = 1; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, ''), v = argv[i + 1];
    if (!(k in o) || v === undefined) throw new Error(`unknown or empty option ${argv[i]}`);
    o[k] = k === 'algos' ? v.split(',') : ['games', 'elo', 'plies'].includes(k) ? Number(v) : v;
  }
  const [base, inc] = o.tc.split('+').map(Number);
  if (!(base > 0) || !(inc >= 0)) throw new Error(`--tc ${o.tc}: expected SECONDS+INCREMENT like 2+0.05`);
  o.baseMs = base * 1000;
  o.incMs = inc * 1000;
  return o;
}

// One engine process, read line by line.
class Engine {
  constructor(name, cmd, args) {
    this.name = name;
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.lines = [];
    this.waiters = [];
    this.stderr = '';
    let rest = '';
    this.proc.stdout.on('data', (d) => {
      rest += d.toString();
      let i;
      while ((i = rest.indexOf('\n')) >= 0) {
        const line = rest.slice(0, i).replace(/\r$/, '');
        rest = rest.slice(i + 1);
        this.lines.push({ line, at: performance.now() });
        this.wake();
      }
    });
    this.proc.stderr.on('data', (d) => { this.stderr += d.toString(); });
    this.exited = false;
    this.proc.on('exit', () => { this.exited = true; this.wake(); });
  }
  wake() { for (const w of this.waiters.splice(0)) w(); }
  send(line) { this.proc.stdin.write(line + '\n'); }
  // The lines up to and including the first that `done` accepts, or null after `ms`.
  async until(done, ms) {
    const deadline = performance.now() + ms;
    const out = [];
    for (;;) {
      while (this.lines.length) {
        const l = this.lines.shift();
        out.push(l);
        if (done(l.line)) return out;
      }
      if (this.exited || performance.now() > deadline) return null;
      await new Promise((r) => { this.waiters.push(r); setTimeout(r, 50); });
    }
  }
  async handshake(setup) {
    this.send('uci');
    if (!(await this.until((l) => l === 'uciok', 10000))) throw new Error(`${this.name}: no uciok`);
    for (const s of setup) this.send(s);
    this.send('isready');
    if (!(await this.until((l) => l === 'readyok', 10000))) throw new Error(`${this.name}: no readyok`);
  }
  quit() { try { this.send('quit'); } catch { /* gone */ } setTimeout(() => this.proc.kill(), 2000).unref(); }
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };

// Plays one game; returns { result: '1-0'|'0-1'|'1/2-1/2', why, faults: [...], moves: [...] }.
async function playGame(o, white, black, kibitzSide, stats) {
  const chess = new Chess();
  const clock = { w: o.baseMs, b: o.baseMs };
  const moves = [];
  const faults = [];
  for (const e of [white, black]) { e.send('ucinewgame'); e.send('isready'); await e.until((l) => l === 'readyok', 10000); }
  for (let ply = 0; ply < o.plies; ply++) {
    if (chess.isGameOver()) break;
    const side = chess.turn();
    const e = side === 'w' ? white : black;
    const mine = side === kibitzSide;
    e.send(`position startpos${moves.length ? ' moves ' + moves.join(' ') : ''}`);
    const left = clock[side];
    const t0 = performance.now();
    e.send(`go wtime ${Math.round(clock.w)} btime ${Math.round(clock.b)} winc ${o.incMs} binc ${o.incMs}`);
    const got = await e.until((l) => l.startsWith('bestmove'), left + 10000);
    if (!got) {
      faults.push(`${e.name} hung at ply ${ply + 1} (no bestmove ${((left + 10000) / 1000).toFixed(1)} s after go)`);
      return { result: side === 'w' ? '0-1' : '1-0', why: 'hang', faults, moves };
    }
    const took = got[got.length - 1].at - t0;
    const infos = got.filter((l) => l.line.startsWith('info ') && / depth \d+/.test(l.line));
    const best = got[got.length - 1].line.split(/\s+/)[1];
    if (mine) {
      stats.moveMs.push(took);
      stats.share.push(took / (left / 30 + o.incMs / 2));
      const last = infos.length ? infos[infos.length - 1].line : '';
      const nps = / nps (\d+)/.exec(last);
      if (nps) stats.nps.push(Number(nps[1]));
      stats.infoLines += infos.length;
      stats.moves++;
      if (!infos.length) faults.push(`kibitz played ${best} at ply ${ply + 1} with no info line (a move not searched)`);
      for (const l of infos) {
        if (!/ score (cp -?\d+|mate -?[1-9]\d*)( |$)/.test(l.line) || !/ pv [a-h][1-8]/.test(l.line))
          faults.push(`kibitz info line without a score or pv at ply ${ply + 1} (position startpos moves ${moves.join(' ')}): ${l.line}`);
      }
    }
    clock[side] -= took;
    if (clock[side] < 0) {
      const why = `${e.name} lost on time at ply ${ply + 1} (${took.toFixed(0)} ms used, ${left.toFixed(0)} ms left at go)`;
      if (mine) stats.forfeits++;
      if (mine && left >= 1000) faults.push(why);
      return { result: side === 'w' ? '0-1' : '1-0', why, faults, moves };
    }
    clock[side] += o.incMs;
    let ok = false;
    try { ok = best && best !== '0000' && best !== '(none)' && !!chess.move({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] }); } catch { ok = false; }
    if (!ok) {
      faults.push(`${e.name} played an illegal move '${best}' at ply ${ply + 1} in ${chess.fen()}`);
      return { result: side === 'w' ? '0-1' : '1-0', why: 'illegal move', faults, moves };
    }
    moves.push(best);
  }
  if (chess.isCheckmate()) return { result: chess.turn() === 'w' ? '0-1' : '1-0', why: 'checkmate', faults, moves };
  if (chess.isGameOver()) return { result: '1/2-1/2', why: chess.isStalemate() ? 'stalemate' : chess.isThreefoldRepetition() ? 'repetition' : chess.isInsufficientMaterial() ? 'insufficient material' : 'fifty moves', faults, moves };
  return { result: '1/2-1/2', why: `adjudicated a draw at ply ${o.plies}`, faults, moves };
}

// Every recorded file opens (the viewer's reader: kibitz replay).
function checkRecordings(o, dir, faults) {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.kbz')) : [];
  let partial = 0;
  for (const f of files) {
    const r = spawnSync(o.kibitz, ['replay', path.join(dir, f), '--at', '0'], { encoding: 'utf8' });
    if (r.status !== 0) faults.push(`recording ${f} does not open: ${(r.stderr || '').trim().split('\n')[0]}`);
    else if (/partial trace/.test(r.stderr)) partial++;
  }
  return { files: files.length, partial };
}

async function main() {
  const o = options(process.argv.slice(2));
  if (!o.stockfish) { console.log('FAIL - stockfish is not installed (scripts/deps installs it)'); process.exit(1); }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-tournament-'));
  const recordRoot = o.record === 'none' ? '' : o.record || path.join(work, 'rec');
  let failures = 0;
  const summary = [];
  try {
    for (const algo of o.algos) {
      const stats = { moveMs: [], share: [], nps: [], infoLines: 0, moves: 0, forfeits: 0 };
      const score = { w: 0, d: 0, l: 0 };
      const faults = [];
      const dir = recordRoot ? path.join(recordRoot, algo) : '';
      for (let g = 0; g < o.games; g++) {
        const k = new Engine(`kibitz ${algo}`, o.kibitz, ['uci', '--algo', algo]);
        const sf = new Engine('stockfish', o.stockfish, []);
        await k.handshake(dir ? [`setoption name RecordDir value ${dir}`] : []);
        await sf.handshake(['setoption name Threads value 1', 'setoption name Hash value 16',
                            'setoption name UCI_LimitStrength value true', `setoption name UCI_Elo value ${o.elo}`]);
        const kibitzSide = g % 2 === 0 ? 'w' : 'b';
        const [white, black] = kibitzSide === 'w' ? [k, sf] : [sf, k];
        const r = await playGame(o, white, black, kibitzSide, stats);
        const won = (r.result === '1-0') === (kibitzSide === 'w');
        if (r.result === '1/2-1/2') score.d++; else if (won) score.w++; else score.l++;
        for (const f of r.faults) faults.push(f);
        if (k.stderr.trim()) faults.push(`kibitz wrote to stderr: ${k.stderr.trim().split('\n')[0]}`);
        console.log(`  ${algo} game ${g + 1} (${kibitzSide === 'w' ? 'White' : 'Black'}): ${r.result} ${r.why}, ${r.moves.length} plies`);
        k.quit();
        sf.quit();
      }
      const rec = dir ? checkRecordings(o, dir, faults) : { files: 0, partial: 0 };
      const points = score.w + score.d / 2, games = score.w + score.d + score.l;
      const p = Math.min(Math.max(points / games, 0.5 / games), 1 - 0.5 / games);
      const elo = Math.round(o.elo - 400 * Math.log10(1 / p - 1));
      const line = `${algo}: +${score.w} =${score.d} -${score.l}, rough Elo ${elo} (opponent set to ${o.elo}), ` +
        `move time median ${median(stats.moveMs).toFixed(0)} ms (max ${Math.max(...stats.moveMs).toFixed(0)}), ` +
        `time used / time given median ${median(stats.share).toFixed(2)} (max ${Math.max(...stats.share).toFixed(2)}), ` +
        `nps median ${median(stats.nps)}, ${stats.infoLines} info lines over ${stats.moves} moves, ` +
        `${stats.forfeits} forfeits, ${rec.files} recordings (${rec.partial} partial) all opened: ${faults.every((f) => !f.startsWith('recording'))}`;
      summary.push(line);
      for (const f of faults) console.log(`FAIL - ${f}`);
      failures += faults.length;
      console.log(`${faults.length ? 'FAIL' : 'ok'} - ${line}`);
    }
  } catch (err) {
    console.log('FAIL - the tournament failed: ' + (err && err.stack ? err.stack : err));
    failures++;
  } finally {
    if (!o.record) fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(summary.join('\n'));
  console.log(failures ? `${failures} tournament check(s) failed` : 'all tournament checks passed');
  process.exit(failures ? 1 : 0);
}

main();
