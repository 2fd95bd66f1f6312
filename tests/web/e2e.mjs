// The web page end to end: load it, run a textbook example through the UI with the mouse and
// the keyboard, step and scrub, check the state through the JS API, open and save traces,
// and take a screenshot (build/test-artifacts/web-e2e.png). Any console error fails the test.
import fs from 'node:fs';
import path from 'node:path';
import { check, launch, openPage, root, startServer, viewer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const artifacts = path.join(root, 'build/test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const server = await startServer(webDir);
const browser = await launch();
let failed = false;
try {
  const { page, problems } = await openPage(browser, server.url);
  check(await page.evaluate(() => document.getElementById('error').hidden), 'the page starts without an error');
  check(await page.evaluate(() => document.getElementById('loading').classList.contains('done')),
        'the loading indicator goes away');
  const api = (expr, ...args) => page.evaluate(expr, ...args);
  // Every function docs/js-api.md lists is on window.Kibitz.
  const documented = [...fs.readFileSync(path.join(root, 'docs/js-api.md'), 'utf8')
    .matchAll(/^\| `([A-Za-z]+)\(/gm)].map((m) => m[1]);
  const missing = await api((names) => names.filter((n) => typeof Kibitz[n] !== 'function'), documented);
  check(documented.length > 20 && missing.length === 0,
        `every function docs/js-api.md lists is on window.Kibitz (${documented.length}; missing: ${missing})`);
  const { view, frames, until, centre, click } = viewer(page);

  // 1. The page opens on the first example, searched (in the worker: the page is live meanwhile).
  let v = await until('the first example searched', (s) => s.has_trace && !s.searching, 30000);
  check(v.has_trace && v.events > 0, 'the first example is searched on load');

  // 2. Through the UI: pick the textbook example, the >= criterion, press Run.
  await click('source_example');
  await click('example_combo');
  await click('example_01-textbook-3x3');
  await click('criterion_ge');
  await click('run');
  v = await until('the search run', (s) => !s.searching);
  check(v.error === '', 'no error after Run');
  const root0 = JSON.parse(await api(() => Kibitz.nodeState(0)));
  check(v.cursor === 0 && v.events === Number(await api(() => Kibitz.eventCount())), 'Run resets the cursor to 0');
  const summaryAtEnd = async () => {
    await api(() => Kibitz.seek(1e9));
    return JSON.parse(await api(() => Kibitz.nodeState(0)));
  };
  const rootEnd = await summaryAtEnd();
  check(rootEnd.ret === 3 && rootEnd.kind === 'pv', 'the textbook root returns +3 and is a Pv node');
  check(rootEnd.alpha0 === '-inf' && rootEnd.beta === '+inf', 'the root window is (-inf, +inf)');
  check(root0.ret === null && root0.kind === null, 'nodeState is as of the cursor: at event 0 the root has no ret yet');
  const second = JSON.parse(await api(() => Kibitz.nodeState(5)));
  check(second.kind === 'cut' && second.cutoff_child === 0 && second.bound === 'lower',
        'the second MIN node is cut by its first leaf (>=)');
  await api(() => Kibitz.seek(0));
  await frames(2);

  // 3. Keyboard: arrows step, Shift+arrows go by node, Home/End.
  await page.locator('#canvas').focus();
  for (let i = 0; i < 3; ++i) await page.keyboard.press('ArrowRight');
  await until('three steps', (s) => s.cursor === 3);
  await frames(6);
  check(Number(await api(() => Kibitz.cursor())) === 3, 'three Right arrows step three events');
  await page.keyboard.press('Shift+ArrowRight');
  const afterShift = await until('a jump to a node', (s) => s.cursor > 3);
  check(afterShift.cursor > 3 && JSON.parse(await api((id) => Kibitz.nodeState(id), afterShift.current_node)).ret === null,
        'Shift+Right jumps to the next node entered');
  await page.keyboard.press('ArrowLeft');
  await until('one step back', (s) => s.cursor !== afterShift.cursor);
  check(Number(await api(() => Kibitz.cursor())) === afterShift.cursor - 1, 'Left steps back one event');
  await page.keyboard.press('End');
  await until('the end', (s) => s.cursor === v.events - 1);
  check(true, 'End goes to the last event');
  await page.keyboard.press('Home');
  await until('the start', (s) => s.cursor === 0);
  check(true, 'Home goes to the first event');

  // 4. Scrub: drag the scrub bar's grab to its middle.
  const scrub = (await view()).widgets.scrub;
  const y = (scrub[1] + scrub[3]) / 2;
  await page.mouse.move(scrub[0] + 4, y);
  await page.mouse.down();
  await page.mouse.move((scrub[0] + scrub[2]) / 2, y, { steps: 8 });
  await page.mouse.up();
  await frames(2);
  const mid = Number(await api(() => Kibitz.cursor()));
  check(Math.abs(mid - (v.events - 1) / 2) <= 4, `dragging the scrub bar to its middle seeks near the middle (${mid})`);

  // 5. Play with Space, pause with Space.
  await page.keyboard.press('Home');
  await until('the start', (s) => s.cursor === 0);
  await api(() => Kibitz.setSpeed(40));
  await page.keyboard.press('Space');
  await until('playing', (s) => s.playing);
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const played = await until('paused', (s) => !s.playing);
  check(played.cursor > 5, `Space plays and pauses (reached event ${played.cursor})`);

  // 5b. One wheel notch zooms the tree by one step (x1.15) about the pointer, the right way
  // round; the viewer's Ctrl shortcuts do not also zoom or save the page.
  {
    const before = await view();
    const c = before.widgets.canvas;
    await page.mouse.move((c[0] + c[2]) / 2, (c[1] + c[3]) / 2);
    await frames(2);
    await page.mouse.wheel(0, -100);
    const zoomedIn = await until('a zoom step', (s) => Math.abs(s.zoom - before.zoom) > 1e-4, 5000);
    const ratio = zoomedIn.zoom / before.zoom;
    check(ratio > 1.1 && ratio < 1.2, `one wheel notch up zooms in by one step (x${ratio.toFixed(3)})`);
    await page.mouse.wheel(0, 100);
    const back = await until('a zoom step back', (s) => Math.abs(s.zoom - zoomedIn.zoom) > 1e-4, 5000);
    check(Math.abs(back.zoom / before.zoom - 1) < 0.01, 'one notch down zooms back out');
    await page.evaluate(() => {
      window.__prevented = [];
      window.addEventListener('keydown', (e) => { if (e.ctrlKey && e.key !== 'Control') window.__prevented.push(e.defaultPrevented); });
    });
    await page.locator('#canvas').focus();
    const scale = before.font_scale;
    await page.keyboard.press('Control+Equal');
    const larger = await until('larger text', (s) => s.font_scale > scale, 5000);
    await page.keyboard.press('Control+Minus');
    await until('the text size back', (s) => Math.abs(s.font_scale - scale) < 1e-3, 5000);
    const prevented = await page.evaluate(() => window.__prevented);
    check(larger.font_scale > scale && prevented.length === 2 && prevented.every((p) => p),
          'Ctrl+= and Ctrl+- change the viewer\'s text size and not the page\'s zoom ' +
          JSON.stringify({ scale, larger: larger.font_scale, prevented }));
  }

  // 6. Type a tree into the text box, run it with Ctrl+Enter.
  await click('tab_setup');
  await click('source_tree');
  await click('tree_text');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('A:(B:(3 12) C:(2 4))');
  await page.keyboard.press('Control+Enter');
  v = await until('the typed tree searched', (s) => s.nodes === 6 || s.error !== '');
  check(v.error === '' && v.nodes === 6, 'a typed tree runs with Ctrl+Enter (6 nodes searched)');
  check(JSON.parse(await api(() => Kibitz.nodeState(1))).name === 'B', 'node names come from the typed tree');

  // 7. A bad tree shows an error in the page, not a crash.
  await click('tree_text');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('((1 2) (3');
  await page.keyboard.press('Control+Enter');
  v = await until('an error', (s) => s.error !== '');
  check(v.error.includes('line 1, column 10'), 'a malformed tree is reported with line and column');
  check(v.nodes === 6, 'the last good trace stays on screen');

  // 8. Save and open traces through the API; a damaged file is refused with a message.
  const saved = await api(() => Array.from(Kibitz.saveTrace()));
  // An engine's recording from record.mjs (variable-length events, steps derived by the
  // reader) opens in the page: a probe superseded by its re-search, which alone counts.
  {
    const rec = await import(path.join(root, 'include/kibitz/record.mjs'));
    const r = new rec.Recorder();
    r.enterSearch(-100, 100, null, rec.SEARCH, rec.WHY_NONE, 2, 0);
    r.enterSearch(-100, 100, 'e4', rec.SEARCH, rec.WHY_NONE, 1, 1); r.leave(-10);
    r.enterSearch(-11, -10, 'd4', rec.PROBE, rec.WHY_LMR, 0, 1); r.leave(-20);
    r.enterSearch(-100, -10, 'd4', rec.RESEARCH, rec.WHY_PVS, 1, 1); r.leave(-15);
    r.leave(15);
    const bytes = Array.from(r.close());
    const opened = JSON.parse(await api((b) => Kibitz.loadTrace(new Uint8Array(b), 'engine.kbz'), bytes));
    const probe = JSON.parse(await api(() => Kibitz.nodeState(2)));
    const again = JSON.parse(await api(() => Kibitz.nodeState(3)));
    check(opened.error === undefined && opened.value === 15 && opened.pv[0] === 'd4' &&
          probe.engine.superseded && again.engine.search === 'research' && again.engine.k === 1,
          `an engine's recording opens, its probe superseded by the re-search (${JSON.stringify(opened).slice(0, 120)})`);
  }
  check(saved.length > 100 && String.fromCharCode(...saved.slice(0, 6)) === 'KIBITZ', 'saveTrace gives .kbz bytes');
  const reopened = JSON.parse(await api((bytes) => Kibitz.loadTrace(new Uint8Array(bytes), 'saved.kbz'), saved));
  check(reopened.nodes === 6 && reopened.value === 3, 'loadTrace opens the saved bytes');
  const damaged = saved.slice();
  damaged[damaged.length - 4] ^= 0x40;  // in the END chunk's checksum (a flipped length would read as cut short)
  const bad = JSON.parse(await api((bytes) => Kibitz.loadTrace(new Uint8Array(bytes), 'damaged.kbz'), damaged));
  check(typeof bad.error === 'string' && bad.error.includes('damaged.kbz: trace file, byte'),
        'a damaged trace is refused: ' + bad.error);
  // A file cut short (a recording killed) opens up to its last complete chunk, and says so.
  const cut = JSON.parse(await api((bytes) => Kibitz.loadTrace(new Uint8Array(bytes), 'cut.kbz'),
                                   saved.slice(0, saved.length - 1)));
  check(cut.error === undefined, 'a trace cut short opens: ' + cut.error);
  const cutState = JSON.parse(await api(() => Kibitz.viewState()));
  check(cutState.status.includes('the recording was cut short'), 'its notice is shown: ' + cutState.status);
  // Cut before its first chunk of events: nothing to show, refused, the view as it was.
  const empty = JSON.parse(await api((bytes) => Kibitz.loadTrace(new Uint8Array(bytes), 'empty.kbz'),
                                     saved.slice(0, 60)));
  check(typeof empty.error === 'string' && empty.error.includes('empty.kbz: the trace has no events'),
        'a trace without events is refused: ' + empty.error);
  check(JSON.parse(await api(() => Kibitz.viewState())).nodes === cutState.nodes, 'the view stays');
  await api((bytes) => Kibitz.loadTrace(new Uint8Array(bytes), 'saved.kbz'), saved);
  const json = await api(() => Kibitz.saveTraceJson());
  const fromJson = JSON.parse(await api((text) => Kibitz.loadTrace(new TextEncoder().encode(text), 't.json'), json));
  check(fromJson.nodes === 6, 'a JSON trace opens too');
  // The file input, as a user opens a file: read a slice at a time (Blob.slice) and indexed where
  // it lies (Module.loadTraceFile), never copied whole into the wasm heap.
  await page.setInputFiles('#file-input', { name: 'picked.kbz', mimeType: 'application/octet-stream',
                                            buffer: Buffer.from(saved) });
  v = await until('the picked file opened', (s) => /picked\.kbz/.test(s.status), 20000);
  check(v.nodes === 6 && v.error === '', `a file picked in the page opens (${v.status})`);
  await page.setInputFiles('#file-input', { name: 'picked-damaged.kbz', mimeType: 'application/octet-stream',
                                            buffer: Buffer.from(damaged) });
  v = await until('the damaged file refused', (s) => /picked-damaged\.kbz/.test(s.error), 20000);
  check(v.nodes === 6 && /trace file, byte/.test(v.error),
        `a damaged file picked is refused with a message, the view as it was (${v.error})`);

  // 9. runSearch with options, the link in the address bar, select().
  const sum = JSON.parse(await api(() => Kibitz.runSearch({ tree: '((3 12 8)(2 4 6)(14 5 2))', algo: 'alphabeta',
                                                            criterion: 'ge' })));
  check(sum.value === 3 && sum.nodes === 11 && sum.events > 0, 'runSearch returns value, nodes and events');
  const badOpts = JSON.parse(await api(() => Kibitz.runSearch('{"tree":"(1","algo":"alphabeta"}')));
  check(typeof badOpts.error === 'string', 'runSearch with a bad tree returns an error: ' + badOpts.error);
  await api(() => Kibitz.seek(42));
  check(await api(() => Kibitz.select(4)) === true && (await view()).selected === 4, 'select(id) selects');
  // The value views: a tree opens in the textbook's MAX/MIN form; the first MIN node is worth 3.
  check((await view()).value_view === 'minimax', 'a tree opens in the minimax (textbook) view');
  const minNode = JSON.parse(await api(() => Kibitz.nodeState(1)));
  check(minNode.player === 'min' && minNode.minimax.value === 3 && minNode.ret === -3,
        'nodeState gives the first MIN node\'s textbook value 3 beside its negamax ret -3');
  const pruned = JSON.parse(await api(() => Kibitz.prunedLeaves()));
  check(pruned.map((l) => l.value).join(' ') === '4 6', 'with >=, prunedLeaves() gives the leaves 4 and 6');
  check(await api(() => Kibitz.setValueView('negamax')) === true && (await view()).value_view === 'negamax',
        'setValueView switches to the negamax view');
  check(await api(() => Kibitz.setValueView('sideways')) === false, 'setValueView refuses an unknown view');
  await page.waitForTimeout(600);
  await frames(2);
  const hash = await page.evaluate(() => location.hash);
  check(hash.includes('tree=') && hash.includes('algo=alphabeta') && hash.includes('criterion=ge') && hash.includes('t=42') &&
        hash.includes('view=negamax'),
        'the address bar carries the set-up and the cursor: ' + hash);

  // 10. A link reproduces the view in a fresh page.
  await frames(2);
  await page.screenshot({ path: path.join(artifacts, 'web-e2e.png') });
  const second_page = await openPage(browser, server.url + hash);
  await second_page.page.waitForFunction(() => {
    const s = JSON.parse(Kibitz.viewState());
    return s.has_trace && !s.searching;
  }, null, { timeout: 30000 });
  const v2 = JSON.parse(await second_page.page.evaluate(() => Kibitz.viewState()));
  check(v2.cursor === 42 && v2.events === sum.events && v2.value_view === 'negamax',
        'opening the link shows the same search at event 42, in the same value view');
  await second_page.page.close();
  // ... and the whole view: the camera (zoom), the theme, the text size, the value view.
  await api(() => Kibitz.setTheme('light'));
  await api(() => Kibitz.setTextSize(1.5));  // before the camera: a larger text zooms in
  await frames(2);
  await api(() => Kibitz.setCamera(140.5, 90, 1.5));
  const wholeLink = await api(() => Kibitz.link());
  const third = await openPage(browser, server.url + wholeLink);
  await third.page.waitForFunction(() => {
    const s = JSON.parse(Kibitz.viewState());
    return s.has_trace && !s.searching;
  }, null, { timeout: 30000 });
  await third.page.waitForTimeout(300);
  const v4 = JSON.parse(await third.page.evaluate(() => Kibitz.viewState()));
  check(Math.abs(v4.zoom - 1.5) < 1e-4 && Math.abs(v4.camera[0] - 140.5) < 0.1 && v4.theme === 'light' &&
        Math.abs(v4.font_scale - 1.5) < 1e-4 && v4.value_view === 'negamax' && v4.cursor === 42,
        'a link restores zoom, camera, theme, text size and value view: ' + wholeLink);
  await third.page.close();
  await api(() => Kibitz.setTheme('dark'));
  await api(() => Kibitz.setTextSize(1));
  const bad_link = await openPage(browser, server.url + '#tree=((1&algo=best');
  const v3 = JSON.parse(await bad_link.page.evaluate(() => Kibitz.viewState()));
  check(v3.error.length > 0 && await bad_link.page.evaluate(() => document.getElementById('error').hidden),
        'a bad link shows a message in the viewer, not a crashed page: ' + v3.error);

  // 11. A game: chess with iterative deepening, its Board tab and positions in the nodes.
  const chess = JSON.parse(await api(() => Kibitz.runSearch({ game: 'chess', position: 'startpos', depth: 2, iterative: true })));
  check(chess.nodes > 20 && chess.pv.length === 2 && /^[a-hNBRQKO]/.test(chess.pv[0]),
        'a chess search: moves in SAN on the principal variation ' + JSON.stringify(chess.pv));
  await frames(2);
  await click('tab_board');
  const boardView = await until('the board drawn', (s) => s.widgets.board !== undefined, 5000).catch(async (e) => {
    console.log('widgets: ' + Object.keys((await view()).widgets).join(' '));
    throw e;
  });
  check(boardView.widgets.board !== undefined, 'the Board tab draws a board');
  const chessNode = JSON.parse(await api(() => Kibitz.nodeState(1)));
  check(chessNode.iteration === 1 && typeof chessNode.name === 'string', 'nodes know their iteration and move');
  await frames(2);
  await page.screenshot({ path: path.join(artifacts, 'web-chess.png') });

  // 11b. Pruned branches: a random tree's from its seed; a game's when asked for.
  await api(() => Kibitz.runSearch({ random: 'b=3,d=3,seed=1', algo: 'alphabeta' }));
  const randomPruned = JSON.parse(await api(() => Kibitz.prunedLeaves()));
  check(randomPruned.length > 0 && randomPruned.every((l) => Number.isInteger(l.value) && l.path.split('.').length === 3),
        'a random tree\'s pruned leaves come with their values: ' + randomPruned.length);
  await api(() => Kibitz.runSearch({ game: 'tictactoe', algo: 'alphabeta', depth: 2 }));
  check(JSON.parse(await api(() => Kibitz.prunedLeaves())).length === 0, 'a game\'s pruned branches wait to be asked for');
  check(await api(() => Kibitz.searchPrunedBranches()) > 0 && JSON.parse(await api(() => Kibitz.prunedLeaves())).length > 0,
        'searchPrunedBranches() searches them again');

  // 12. The later algorithms in the page: interest search (its costs on the edges, the
  // iteration selector, its options in the link), forward estimation, Greenblatt.
  const interest = JSON.parse(await api(() => Kibitz.runSearch({ random: 'b=3,d=4,lo=-9,hi=9,seed=3', algo: 'interest',
                                                                  limits: '600,900' })));
  check(interest.algo === 'interest' && interest.nodes === 65 && !interest.error,
        'an interest search runs in the page: ' + JSON.stringify(interest).slice(0, 120));
  await api(() => Kibitz.seek(1e9));
  const cost = JSON.parse(await api(() => Kibitz.nodeState(1))).interest;
  check(cost && cost.move_cost === 100 && cost.net_cost === 100 && cost.limit === 600 && cost.cut === false,
        'a node knows the interest cost of the move into it: ' + JSON.stringify(cost));
  await api(() => Kibitz.seek(0));
  await frames(3);
  const beforeIteration = (await view()).cursor;
  await click('iteration_next');
  const nextIteration = await until('the next iteration', (s) => s.cursor !== beforeIteration, 5000);
  check(nextIteration.cursor > beforeIteration, 'the iteration selector goes to the next limit (event ' + nextIteration.cursor + ')');
  await page.waitForTimeout(600);
  const interestHash = await page.evaluate(() => location.hash);
  check(interestHash.includes('algo=interest') && interestHash.includes('limits=600'),
        'the link keeps the interest options: ' + interestHash);
  await frames(2);
  await page.screenshot({ path: path.join(artifacts, 'web-interest.png') });
  const badLimits = JSON.parse(await api(() => Kibitz.runSearch({ random: 'b=3,d=4', algo: 'interest', limits: '900,600' })));
  check(typeof badLimits.error === 'string' && badLimits.error.includes('grow'), 'shrinking limits are refused: ' + badLimits.error);
  const fe = JSON.parse(await api(() => Kibitz.runSearch({ random: 'B=9,root=5,d=4,lo=-32767,hi=32768,seed=1',
                                                            algo: 'forward-estimation' })));
  check(fe.algo === 'forward-estimation' && fe.nodes > 0 && !fe.error, 'forward estimation runs in the page');
  const gb = JSON.parse(await api(() => Kibitz.runSearch({ game: 'chess', algo: 'greenblatt', depth: 2 })));
  check(gb.algo === 'greenblatt' && gb.pv.length >= 1 && !gb.error, 'the Greenblatt search runs in the page: pv ' + JSON.stringify(gb.pv));

  // 13. Searches too big for a tab: refused with what to lower, or stopped at the viewer's
  // limits and shown partial; the page answers keys throughout and nothing is uncaught.
  const huge = [
    '#random=b%3D50%2Cd%3D12%2Cseed%3D1',
    '#game=chess&position=' + encodeURIComponent('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1') + '&depth=99',
    '#random=b%3D50%2Cd%3D12%2Cseed%3D1&algo=minimax',
  ];
  for (const link of huge) {
    const p = await openPage(browser, server.url + link);
    const s = JSON.parse(await p.page.evaluate(() => Kibitz.viewState()));
    check(s.error.includes('lower') && !s.searching && await p.page.evaluate(() => document.getElementById('error').hidden),
          'an oversized link is refused with what to lower: ' + s.error.slice(0, 90));
    for (const q of p.problems) problems.push(q);
    await p.page.close();
  }
  // A key pressed while the search runs moves the shown trace's cursor. The search may end
  // first on a fast or loaded machine (its result then replaces the view at event 0): that
  // try proves nothing either way, so it is cancelled and made again, up to three times.
  await page.bringToFront();
  await api(() => Kibitz.runSearch({ tree: '((3 12 8) (2 4 6) (14 5 2))' }));
  await api(() => Kibitz.seek(0));
  await page.mouse.click(...(await centre('canvas')));
  let answered = null;
  for (let attempt = 1; attempt <= 3 && !answered; ++attempt) {
    await api(() => Kibitz.seek(0));
    const started = JSON.parse(await api(() => Kibitz.startSearch({ game: 'chess', depth: 7 })));
    check(started.started === true, 'a big search starts in the background (try ' + attempt + ')');
    await until('the search to report progress', (s) => s.searching);
    await page.keyboard.press('ArrowRight');
    v = await until('a key moving the cursor while the search runs', (s) => s.cursor === 1 || !s.searching, 10000);
    if (v.cursor === 1 && v.searching) answered = v;
    else await api(() => Kibitz.runSearch({ tree: '((3 12 8) (2 4 6) (14 5 2))' }));
  }
  check(answered !== null, 'the page answers keys while a search runs');
  await page.screenshot({ path: path.join(artifacts, 'web-searching.png') });
  v = await until('the limit to stop the search', (s) => !s.searching, 120000);
  check(v.error === '' && v.status.includes('partial') && v.nodes >= 2500000,
        'a search that reaches the limit is shown partial: ' + v.status);
  await page.screenshot({ path: path.join(artifacts, 'web-partial.png') });
  const cancelled = JSON.parse(await api(() => Kibitz.startSearch({ game: 'chess', depth: 8 })));
  check(cancelled.started === true, 'another starts');
  await until('it to run', (s) => s.searching);
  await api(() => Kibitz.cancelSearch());
  v = await until('Cancel', (s) => !s.searching);
  check(v.status.includes('cancelled') && v.nodes >= 2500000, 'Cancel stops it and keeps the view: ' + v.status);

  // 14. Idle is idle: with nothing changing the page draws no frames (reading the state is not
  // a change); a key brings them back at once, and moves the cursor.
  await api(() => Kibitz.runSearch({ tree: '((3 12 8)(2 4 6)(14 5 2))', algo: 'alphabeta' }));
  await api(() => Kibitz.seek(10));
  await page.waitForTimeout(2500);
  const idle0 = (await view()).frames_drawn;
  await page.waitForTimeout(1500);
  const idle1 = (await view()).frames_drawn;
  check(idle1 === idle0, `no frame drawn while idle (${idle0} then ${idle1})`);
  await page.mouse.click(...(await centre('canvas')));
  await page.keyboard.press('ArrowRight');
  v = await until('a key after idling', (s) => s.cursor === 11);
  check(v.frames_drawn > idle1, 'a key wakes the page and moves the cursor');

  // Projector mode: the side panels go, the canvas takes the width, the light theme.
  await api(() => Kibitz.setPresent(true));
  v = await until('projector mode', (s) => s.present && s.widgets.canvas &&
                  s.widgets.canvas[2] - s.widgets.canvas[0] > 1300 && !s.widgets.tab_setup);
  check(v.theme === 'light' && v.panels === 'none', 'projector mode hides the panels and goes light');
  // On a 1280x800 projector, a 40-node tree (27 leaves) whole with its text at 24 px or more.
  const tree40 = '(((3 12 8) (2 4 6) (14 5 2)) ((7 1 9) (11 3 5) (6 13 2)) ((4 8 15) (9 2 7) (1 10 6)))';
  const projector = await openPage(browser, server.url + '#tree=' + encodeURIComponent(tree40) +
                                   '&algo=alphabeta&t=199&present=1', { width: 1280, height: 800 });
  await projector.page.waitForFunction(() => {
    const s = JSON.parse(Kibitz.viewState());
    return s.has_trace && !s.searching && s.present && s.widgets.canvas;
  }, null, { timeout: 30000 });
  await projector.page.waitForTimeout(1500);  // the camera's glide
  const pj = JSON.parse(await projector.page.evaluate(() => Kibitz.viewState()));
  check(pj.node_text_px >= 24 && pj.nodes > 30,
        `projector mode at 1280x800: a 40-node tree's text at ${pj.node_text_px.toFixed(1)} px`);
  await projector.page.screenshot({ path: path.join(artifacts, 'web-projector-40.png') });
  await projector.page.close();
  await api(() => Kibitz.setPresent(false));
  v = await until('projector mode off', (s) => !s.present && s.widgets.tab_setup);
  check(v.theme === 'dark', 'leaving projector mode brings the panels and the theme back');

  // Export (File → Export…): SVG parses with every value, PNG 3840 wide, GIF frames, TikZ text.
  await api(() => Kibitz.runSearch({ tree: '((3 12 8)(2 4 6)(14 5 2))', algo: 'alphabeta' }));
  await api(() => Kibitz.seek(61));
  await api(() => Kibitz.setValueView('minimax'));
  const ex = await page.evaluate(async () => {
    const svg = await Kibitz.exportFile({ format: 'svg' });
    const doc = new DOMParser().parseFromString(await svg.blob.text(), 'image/svg+xml');
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent);
    const png = await Kibitz.exportFile({ format: 'png', width: 3840 });
    const bitmap = await createImageBitmap(png.blob);
    const gif = await Kibitz.exportFile({ format: 'gif', from: 0, to: 60, step: 10, width: 480, delay: 40 });
    const decoder = new ImageDecoder({ data: await gif.blob.arrayBuffer(), type: 'image/gif' });
    await decoder.tracks.ready;
    const tikz = await (await Kibitz.exportFile({ format: 'tikz' })).blob.text();
    let bad = '';
    try { await Kibitz.exportFile({ format: 'bmp' }); } catch (e) { bad = e.message; }
    return { parsed: !doc.querySelector('parsererror'), texts, pngWidth: bitmap.width, pngType: png.blob.type,
             gifFrames: decoder.tracks.selectedTrack.frameCount, gifWidth: gif.width, tikz: tikz.includes('\\begin{forest}'), bad };
  });
  check(ex.parsed && ['value 3', '12', '8', 'value ≤ 2', '4', '6', 'MIN 1'].every((t) => ex.texts.includes(t)),
        'an exported SVG parses and says every value: ' + ex.texts.slice(0, 8).join(' | '));
  check(ex.pngWidth === 3840 && ex.pngType === 'image/png', `an exported PNG decodes ${ex.pngWidth} px wide`);
  check(ex.gifFrames === 7 && ex.gifWidth === 480, `an exported GIF decodes with ${ex.gifFrames} frames`);
  check(ex.tikz && ex.bad.includes('png, svg, tikz, dot or gif'), 'TikZ exports; a bad format is refused: ' + ex.bad);

  // Quiz: a scripted student on the AIMA tree scores 100%; a wrong answer is explained; a
  // practice tree from a seed is the one the native build makes.
  const quiz = await page.evaluate(() => {
    Kibitz.runSearch({ tree: '((3 12 8)(2 4 6)(14 5 2))', algo: 'alphabeta' });
    const started = JSON.parse(Kibitz.startQuiz({ level: 'pruning' }));
    const answers = [{ cutoff: false }, { cutoff: false }, { value: 3 }, { cutoff: false },
      { cutoff: true, pruned: 2 }, { value: 2 }, { cutoff: false }, { cutoff: false }, { cutoff: false },
      { value: 2 }, { value: 3 }];
    const cursors = [];
    const results = answers.map((a) => {
      const q = JSON.parse(Kibitz.quizState()).question;
      Kibitz.seek(1e9);  // the replay stops before the answer's event
      cursors.push(JSON.parse(Kibitz.viewState()).cursor + 1 === q.t);
      return JSON.parse(Kibitz.answerQuiz(a)).correct;
    });
    const end = JSON.parse(Kibitz.quizState());
    Kibitz.startQuiz({ level: 2 });
    const wrong = JSON.parse(Kibitz.answerQuiz({ cutoff: true }));  // leaf 0.0's 3 cuts nothing off
    const practice = JSON.parse(Kibitz.startQuiz({ level: 2, practice: 'b=3,d=3,lo=0,hi=20,seed=7' }));
    return { total: started.total, results, cursors, end, wrong, practice, link: Kibitz.link() };
  });
  check(quiz.total === 11 && quiz.results.every((r) => r) && quiz.end.done && quiz.end.right === 11,
        `a scripted student scores ${quiz.end.right} of ${quiz.total} on the AIMA tree`);
  check(quiz.cursors.every((c) => c), 'the replay never passes the question being asked');
  check(!quiz.wrong.correct && quiz.wrong.right_answer === '' && quiz.wrong.explanation.includes('pseudocode line'),
        'a wrong answer is marked wrong, with an explanation: ' + quiz.wrong.explanation);
  check(quiz.practice.tree === '(((10 4 0) (16 11 8) (12 1 9)) ((16 0 3) (4 5 16) (17 5 2)) ((12 10 12) (13 15 11) (18 6 20)))' &&
        quiz.link.startsWith('#practice=b=3,d=3,lo=0,hi=20,seed=7&') && quiz.link.includes('&quiz=2'),
        'the same seed makes the same practice tree as natively; the link names the seed: ' + quiz.link);
  const quizPage = await openPage(browser, server.url + quiz.link, { width: 1280, height: 800 });
  await quizPage.page.waitForFunction(() => {
    const s = JSON.parse(Kibitz.viewState());
    return s.has_trace && !s.searching && s.widgets.quiz;
  }, null, { timeout: 30000 });
  await quizPage.page.waitForTimeout(800);
  await quizPage.page.screenshot({ path: path.join(artifacts, 'web-quiz.png') });
  const qs = JSON.parse(await quizPage.page.evaluate(() => Kibitz.quizState()));
  check(qs.active && qs.level === 2 && qs.question !== null, 'a quiz link opens the quiz at its level');
  await quizPage.page.close();
  await api(() => Kibitz.startQuiz({ level: 1 }));
  await page.evaluate(() => { while (JSON.parse(Kibitz.quizState()).question) Kibitz.answerQuiz({ skip: true }); });

  // Compare: best against worst ordering of a perfect tree, Knuth and Moore's leaf counts side
  // by side; the link carries it; a screenshot at 1280x800.
  const best = '(((9 4 2) (15 12 10) (16 13 11)) ((6 3 1) (8 7 5) (19 17 14)) ((5 2 0) (7 6 4) (21 20 18)))';
  const worst = '(((18 20 21) (4 6 7) (0 2 5)) ((14 17 19) (5 7 8) (1 3 6)) ((11 13 16) (10 12 15) (2 4 9)))';
  const cmp = JSON.parse(await page.evaluate(([a, b]) => Kibitz.compare({ tree: a, algo: 'alphabeta' }, { tree: b, algo: 'alphabeta' }),
                                             [best, worst]));
  check(cmp.active && cmp.a.figures.leaves === 11 && cmp.b.figures.leaves === 27,
        `compare: best ordering ${cmp.a && cmp.a.figures.leaves} leaves, worst ${cmp.b && cmp.b.figures.leaves} (b^2 + b - 1 = 11, b^3 = 27)`);
  await api(() => Kibitz.seek(70));
  await frames(3);
  const cmpLink = await api(() => Kibitz.link());
  const cmpPage = await openPage(browser, server.url + cmpLink, { width: 1280, height: 800 });
  await cmpPage.page.waitForFunction(() => JSON.parse(Kibitz.compareState()).active &&
                                     JSON.parse(Kibitz.viewState()).widgets.compare_table, null, { timeout: 30000 });
  await cmpPage.page.waitForTimeout(800);
  await cmpPage.page.screenshot({ path: path.join(artifacts, 'web-compare.png') });
  const cs = JSON.parse(await cmpPage.page.evaluate(() => Kibitz.compareState()));
  check(cs.a.cursor === 70 && cs.b.cursor > 0 && cs.only_b === cs.b.figures.nodes - cs.a.figures.nodes,
        'a compare link opens both searches, B following A: ' + cmpLink);
  await cmpPage.page.close();
  await api(() => Kibitz.endCompare());
  check(!JSON.parse(await api(() => Kibitz.compareState())).active, 'endCompare goes back to one search');

  // 15. The theme, the text size, the value view and the pruned toggle survive a reload.
  check(await api(() => Kibitz.setTheme('light')) && await api(() => Kibitz.setTextSize(1.25)),
        'setTheme and setTextSize take effect');
  await api(() => Kibitz.setValueView('negamax'));
  await api(() => Kibitz.setShowPruned(false));
  check(await api(() => Kibitz.setTextSize(40)) === false, 'setTextSize refuses an absurd size');
  await page.waitForTimeout(1500);  // saved once a second
  await page.goto(server.url);
  await page.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  v = await until('preferences after a reload', (s) => s.has_trace && !s.searching);
  check(v.theme === 'light' && Math.abs(v.font_scale - 1.25) < 1e-6,
        `a reload keeps the theme and the text size (${v.theme}, ${v.font_scale})`);
  check(v.value_view === 'negamax' && v.show_pruned === false,
        `a reload keeps the chosen value view and the pruned toggle (${v.value_view}, ${v.show_pruned})`);
  await api(() => Kibitz.setShowPruned(true));

  // 16. A phone (390x844): one column of tabs, the tree first and full width, every transport
  // control on screen.
  const phone = await openPage(browser, server.url, { width: 390, height: 844 });
  await phone.page.waitForFunction(() => {
    const s = JSON.parse(Kibitz.viewState());
    return s.has_trace && !s.searching && s.widgets.canvas;
  }, null, { timeout: 30000 });
  const pv = JSON.parse(await phone.page.evaluate(() => Kibitz.viewState()));
  const onScreen = (r) => r && r[0] >= 0 && r[2] <= 390 && r[1] >= 0 && r[3] <= 844;
  check(pv.widgets.tab_tree && !pv.widgets.tab_legend === false && pv.widgets.canvas[2] - pv.widgets.canvas[0] > 340,
        'a phone shows one column of tabs with the tree full width');
  check(['start', 'prev_node', 'step_back', 'play', 'step', 'next_node', 'end', 'next_exit', 'next_cutoff', 'scrub']
    .every((w) => onScreen(pv.widgets[w])), 'every replay control is on a phone\'s screen');
  check(phone.problems.length === 0, 'no console errors on a phone');
  // Touch: one finger drags the view, two pinch-zoom, a tap selects.
  const touchCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const tp = await touchCtx.newPage();
  await tp.goto(server.url);
  await tp.waitForFunction(() => window.Kibitz && JSON.parse(Kibitz.viewState()).has_trace &&
                           !JSON.parse(Kibitz.viewState()).searching, null, { timeout: 60000 });
  const tview = async () => JSON.parse(await tp.evaluate(() => Kibitz.viewState()));
  const tframes = (n) => tp.evaluate((n) => new Promise((r) => {
    let i = 0;
    const f = () => (++i >= n ? r() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
  await tp.evaluate(() => { Kibitz.seek(1e9); Kibitz.select(5); });
  await tframes(5);
  let tv = await tview();
  const cdp = await touchCtx.newCDPSession(tp);
  const touch = async (type, pts) => {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
    await tframes(2);
  };
  const tc = tv.widgets.canvas, tx = (tc[0] + tc[2]) / 2, ty = (tc[1] + tc[3]) / 2;
  const camX = tv.camera[0];
  await touch('touchStart', [[tx, ty]]);
  for (let i = 1; i <= 5; ++i) await touch('touchMove', [[tx + i * 20, ty]]);
  await touch('touchEnd', []);
  tv = await tview();
  check(tv.camera[0] < camX - 10, 'a finger dragged across the canvas pans the tree');
  const zoomBefore = tv.zoom;
  await touch('touchStart', [[tx - 40, ty], [tx + 40, ty]]);
  for (let i = 1; i <= 5; ++i) await touch('touchMove', [[tx - 40 - i * 15, ty], [tx + 40 + i * 15, ty]]);
  await touch('touchEnd', []);
  tv = await tview();
  check(tv.zoom > zoomBefore * 1.5, `two fingers pinch-zoom (${zoomBefore} to ${tv.zoom})`);
  await tp.evaluate(() => Kibitz.fit());
  await tframes(5);
  tv = await tview();  // F on a phone: the neighbourhood of the current node, the root at the end
  const rootY = ty + (0 - tv.camera[1]) * tv.zoom;
  await touch('touchStart', [[tx, rootY]]);
  await touch('touchEnd', []);
  tv = await tview();
  check(tv.selected !== 5, 'a tap on a node selects it');
  await touchCtx.close();

  // 17. When the WebAssembly cannot be fetched the page says so (never a blank page).
  const broken = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await broken.route('**/kibitz_web.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await broken.goto(server.url);
  await broken.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 30000 });
  const shown = await broken.evaluate(() => document.getElementById('error-text').textContent);
  check(shown.length > 10 && await broken.evaluate(() => document.getElementById('loading').classList.contains('done')),
        'a missing .wasm shows an error instead of a blank page: ' + shown.slice(0, 100));
  // index.html opened from disk explains how to serve it.
  const fromDisk = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await fromDisk.goto('file://' + path.resolve(webDir, 'index.html'));
  await fromDisk.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 30000 });
  const diskText = await fromDisk.evaluate(() => document.getElementById('error-text').textContent);
  check(diskText.includes('scripts/serve') && !diskText.includes('ProgressEvent'),
        'index.html opened from disk says to serve it: ' + diskText.slice(0, 80));
  await broken.screenshot({ path: path.join(artifacts, 'web-error.png') });
  await broken.close();

  for (const p of [...problems, ...second_page.problems, ...bad_link.problems]) {
    console.log('FAIL: ' + p);
    failed = true;
  }
  check(!failed, 'no console errors');
} catch (e) {
  console.log('FAIL: ' + (e.stack || e));
  failed = true;
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
