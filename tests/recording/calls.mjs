// Makes the recorder calls a CALLS.txt lists (modern.c writes one) through record.mjs.
//
//   node calls.mjs CALLS.txt OUT.kbz
//
// The file must come out byte for byte as modern.c's (recording_test.py checks).
import { readFileSync, writeFileSync } from 'node:fs';
import { Recorder } from '../../include/kibitz/record.mjs';

const [calls, out] = process.argv.slice(2);
const r = new Recorder();
const text = w => (w === '-' ? null : w);
const camel = { evaluate: 'evaluate', static_eval: 'staticEval', iteration_begin: 'iterationBegin',
  iteration_end: 'iterationEnd' };
for (const line of readFileSync(calls, 'utf8').split('\n')) {
  if (!line) continue;
  const at = line.indexOf(' ');
  const call = at < 0 ? line : line.slice(0, at), rest = at < 0 ? '' : line.slice(at + 1);
  const w = rest.split(' ');
  const n = i => Number(w[i]);
  switch (call) {
    case 'steps': r.steps(w[0], w[1]); break;
    case 'meta': r.meta(w[0], w.slice(1).join(' ')); break;
    case 'note': r.note(rest); break;
    case 'enter_search': r.enterSearch(n(0), n(1), text(w[2]), n(3), n(4), n(5), n(6)); break;
    case 'leave': r.leave(n(0)); break;
    case 'leave_bound': r.leaveBound(n(0), n(1)); break;
    case 'cutoff': r.cutoff(); break;
    case 'hash': r.hash(BigInt(w[0])); break;
    case 'table': r.table(n(0), n(1), n(2), n(3), text(w[4])); break;
    case 'prune': r.prune(text(w[0]), n(1)); break;
    default: r[camel[call]](n(0));
  }
}
writeFileSync(out, r.close());
