// The page's JavaScript API as a corpus: a fixed sequence of window.Kibitz calls (searches of
// every algorithm, seeks, node states, links, saves, loads, exports, compare, quiz, bad input),
// each call and its result written as one line. A refactoring that must not change what the page
// answers is checked by comparing the lines with tests/corpus/api_results.txt (the results of the
// code before it); a change on purpose updates that file in the same commit.
//
// Usage: node api_corpus.mjs WEB_DIR [--write FILE]   (prints the lines; exit 1 on a difference)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, root, startServer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const writeTo = process.argv[3] === '--write' ? process.argv[4] : null;
const expectedFile = path.join(root, 'tests/corpus/api_results.txt');

// Long results are kept as their hash and length; the first line of a difference shows which.
const shown = (s) => {
  const text = typeof s === 'string' ? s : JSON.stringify(s);
  if (text === undefined) return 'undefined';
  if (text.length <= 1500) return text;
  return 'sha256:' + crypto.createHash('sha256').update(text).digest('hex').slice(0, 16) +
         ' (' + text.length + ' chars)';
};
// The view's state without what depends on time or frames.
const steadyView = (json) => {
  const v = JSON.parse(json);
  const keep = ['cursor', 'events', 'selected', 'nodes', 'visible_nodes', 'present', 'panels',
                'value_view', 'theme', 'error', 'status', 'origin', 'scores', 'searching'];
  return JSON.stringify(Object.fromEntries(keep.map((k) => [k, v[k]])));
};

const server = await startServer(webDir);
const browser = await launch();
const lines = [];
let status = 0;
try {
  const { page } = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.waitForFunction(() => window.Kibitz && !JSON.parse(Kibitz.viewState()).searching,
                             null, { timeout: 60000 });
  // One call: its text, evaluated in the page, and its result.
  const call = async (text) => {
    const r = await page.evaluate(async (t) => {
      // eslint-disable-next-line no-new-func
      const v = await new Function('K', 'return (' + t + ')')(window.Kibitz);
      return v instanceof Uint8Array ? { bytes: Array.from(v) } : v;
    }, text);
    const out = r && r.bytes ? 'Uint8Array(' + r.bytes.length + ') ' + shown(r.bytes.join(',')) : shown(r);
    lines.push(text + ' => ' + out);
    return r;
  };
  const view = async () => {
    lines.push('viewState() => ' + steadyView(await page.evaluate(() => Kibitz.viewState())));
  };
  const nodes = async (ids) => { for (const id of ids) await call('K.nodeState(' + id + ')'); };

  const searches = [
    { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'alphabeta', criterion: 'ge' },
    { tree: 'A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))', algo: 'alphabeta', iterative: true },
    { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'alphabeta-bounds' },
    { tree: '((3 4) (14 15) (1 2))', algo: 'pvs', criterion: 'ge' },
    { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'minimax' },
    { random: 'B=9,root=5,d=4,lo=-32767,hi=32768,seed=3', algo: 'forward-estimation', criterion: 'ge', bounds: 'online' },
    { random: 'b=4,d=5,lo=-9,hi=9,seed=5', algo: 'interest', limits: '500,1000,2000' },
    { game: 'tictactoe', position: '....x....', depth: 4, algo: 'alphabeta' },
    { game: 'connect4', depth: 3, algo: 'pvs', iterative: true },
    { game: 'othello', depth: 2, algo: 'alphabeta' },
    { game: 'chess', depth: 2, algo: 'greenblatt' },
    { game: 'chess', depth: 2, algo: 'interest' },
  ];
  for (const s of searches) {
    await call('K.runSearch(' + JSON.stringify(s) + ')');
    await call('K.eventCount()');
    await call('K.seek(Math.floor(K.eventCount() / 2))');
    await nodes([0, 1, 2, 5]);
    await call('K.link()');
    await call('K.prunedLeaves()');
    await call('K.saveTraceJson()');
    await call('K.seek(1e9)');
    await nodes([0, 3]);
    await view();
  }
  // Scores, folds, selection, value views, the pruned branches of a game.
  await call('K.runSearch({tree: "((3 12 8) (2 4 6) (14 5 2))", algo: "alphabeta"})');
  await call('K.computeScores()');
  await call('K.seek(30)');
  await nodes([0, 4, 6]);
  await call('K.setValueView("negamax")');
  await nodes([4]);
  await call('K.setValueView("minimax")');
  await call('K.select(4)');
  await call('K.toggleFold(1)');
  await call('K.toggleFold(1)');
  await call('K.runSearch({game: "tictactoe", position: "x...o....", depth: 3, algo: "alphabeta"})');
  await call('K.searchPrunedBranches()');
  await call('K.prunedLeaves()');
  // Links: applied, read back, the cursor kept.
  await call('K.applyLink("#tree=((3 12 8)(2 4 6)(14 5 2))&algo=alphabeta&criterion=ge&t=17")');
  await call('K.cursor()');
  await call('K.link()');
  await call('K.applyLink("#example=01-textbook-3x3&algo=pvs&t=20")');
  await call('K.link()');
  await view();
  // Save and load the same bytes; a JSON trace; bad bytes.
  await call('K.runSearch({random: "b=3,d=4,lo=-9,hi=9,seed=1", algo: "alphabeta"})');
  await call('(() => { const b = K.saveTrace(); return K.loadTrace(b.slice(), "t.kbz"); })()');
  await call('K.eventCount()');
  await call('K.loadTrace(new TextEncoder().encode(K.saveTraceJson()), "t.json")');
  await call('K.loadTrace(new Uint8Array([1, 2, 3]), "bad.kbz")');
  await view();
  // Exports as text.
  await call('K.runSearch({tree: "((3 12 8) (2 4 6) (14 5 2))", algo: "alphabeta", criterion: "ge"})');
  await call('K.seek(25)');
  for (const format of ['svg', 'tikz', 'dot']) {
    await call('K.exportFile({format: "' + format + '"}).then(async (f) => ({name: f.name, text: await f.blob.text()}))');
  }
  // Compare, quiz.
  await call('K.compare({tree: "((3 12 8) (2 4 6) (14 5 2))", algo: "alphabeta"}, {tree: "((3 12 8) (2 4 6) (14 5 2))", algo: "minimax"})');
  await call('K.seek(20)');
  await call('K.compareState()');
  await call('K.endCompare()');
  await call('K.compareState()');
  await call('K.runSearch({tree: "((3 12 8) (2 4 6) (14 5 2))", algo: "alphabeta"})');
  await call('K.startQuiz({level: "values"})');
  await call('K.answerQuiz({value: 3})');
  await call('K.answerQuiz({value: 12})');
  await call('K.answerQuiz({reveal: true})');
  await call('K.quizState()');
  await call('K.startQuiz({level: 2, practice: "b=3,d=3,lo=0,hi=20,seed=7"})');
  await call('K.answerQuiz({skip: true})');
  await call('K.quizState()');
  await call('K.startQuiz({level: 9})');
  // Bad input: the message, the view kept.
  await call('K.runSearch({tree: "((3 12) (2"})');
  await call('K.runSearch({tree: "(1 2)", algo: "best"})');
  await call('K.runSearch({game: "chess", depth: 2, fen: "8/8/8"})');
  await call('K.runSearch({random: "b=5"})');
  await call('K.runSearch("{not json")');
  await call('K.applyLink("#tree=(1 2)&algo=alphabeta&nope=1")');
  await call('K.nodeState(99999)');
  await call('K.compare({tree: "(1 2)"}, {tree: "(1"})');
  await view();
} catch (e) {
  console.error(e);
  status = 1;
} finally {
  await browser.close();
  server.stop();
}
const text = lines.join('\n') + '\n';
if (writeTo) fs.writeFileSync(writeTo, text);
process.stdout.write(text);
if (status === 0 && !writeTo) {
  const expected = fs.readFileSync(expectedFile, 'utf8').split('\n');
  const have = text.split('\n');
  for (let i = 0; i < Math.max(expected.length, have.length); ++i) {
    if (expected[i] !== have[i]) {
      console.error('FAIL: the API answers differently from tests/corpus/api_results.txt at line ' + (i + 1) +
                    ':\n  expected: ' + (expected[i] || '(nothing)').slice(0, 400) +
                    '\n  now:      ' + (have[i] || '(nothing)').slice(0, 400));
      status = 1;
      break;
    }
  }
  if (status === 0) console.error('api corpus: ' + lines.length + ' calls, identical to tests/corpus/api_results.txt');
}
process.exit(status);
