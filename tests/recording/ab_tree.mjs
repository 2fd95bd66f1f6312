// ab_tree.c in JavaScript: an alpha-beta recording itself with include/kibitz/record.mjs.
//   node ab_tree.mjs TREE gt|ge OUT.kbz [extras]     prints the root's value
// The same tree and criterion give the same bytes as ab_tree.c (recording_test.py checks).
// OUT may be live, tcp://HOST:PORT[?file=F]: then Recorder.openLive and closeLive.
import fs from 'node:fs';
import { INF, Recorder } from '../../include/kibitz/record.mjs';

function parse(text) {
  const stack = [[]];
  for (const token of text.replace(/\(/g, ' ( ').replace(/\)/g, ' ) ').trim().split(/\s+/)) {
    if (token === '(') stack.push([]);
    else if (token === ')') { const done = stack.pop(); stack[stack.length - 1].push(done); }
    else stack[stack.length - 1].push(Number.parseInt(token, 10));
  }
  return stack[0][0];
}

// search! of seed 000: fail-soft negamax alpha-beta.
function search(r, node, alpha, beta, ply, ge, extras, kIn = 0) {
  r.enter(alpha, beta, extras && ply ? String.fromCharCode(97 + (kIn % 26)) + ply : null);
  if (extras) r.position(`ply "${ply}"`);
  if (typeof node === 'number') {
    const value = ply % 2 ? -node : node;
    r.evaluate(value);
    r.leave(value);
    return value;
  }
  r.expand(node.length);
  if (extras) r.evaluate(ply);
  let best = -INF;
  for (const [k, child] of node.entries()) {
    best = Math.max(best, -search(r, child, -beta, -alpha, ply + 1, ge, extras, k));
    if (ge ? best >= beta : best > beta) { r.cutoff(); break; }
    alpha = Math.max(alpha, best);
    if (extras && k === 0) r.note('first successor back: é "∞"');
  }
  r.leave(best);
  return best;
}

const [treeArg, criterion, out, extrasArg] = process.argv.slice(2);
// a tree too long for the command line: @FILE
const tree = treeArg.startsWith('@') ? fs.readFileSync(treeArg.slice(1), 'utf8') : treeArg;
const extras = extrasArg !== undefined;
const live = out.startsWith('tcp://');
const fd = live ? null : fs.openSync(out, 'w');
const r = live ? await Recorder.openLive(out) : new Recorder((bytes) => fs.writeSync(fd, bytes));
r.meta('engine', 'ab_tree.c');
r.meta('algo', 'alphabeta');
r.steps(extras ? 'none' : 'alphabeta', criterion);
if (extras) {
  r.meta('note', 'a "quoted"\nline\\');
  r.iterationBegin(1);
}
const value = search(r, parse(tree), -INF, INF, 0, criterion === 'ge', extras);
if (extras) {
  r.iterationEnd(value);
  r.note('done');
  r.meta('nodes', 'after the search');
  r.meta('engine', 'ab_tree.c again');
}
if (live) {
  await r.closeLive();
} else {
  r.close();
  fs.closeSync(fd);
}
console.log(value);
