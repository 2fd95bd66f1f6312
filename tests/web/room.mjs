// In the room (issue 31): full screen — the page in a window the size of the screen (F11, a
// presentation), where Emscripten's GLFW used to call the Fullscreen API every frame, and the
// page's own View → Full screen, in and out; each time a real click on a button lands on it, the
// canvas fills the window, and the console stays clean. Then what a screen reader is told (the
// live region after a step, the selected node's summary) and File → Copy link, at this step
// and from the start. Then a teacher's own tree at 1024x768 (readable, previewed, a leaf edited on
// the canvas, textbook mode's rule and K), and embed=1. Then quizzes: a phone answering three
// questions, and a student marking pruned branches by clicking edges, and the result code.
import path from 'node:path';
import { check, launch, root, startServer, viewer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const server = await startServer(webDir);
const artifacts = path.resolve(webDir, '../test-artifacts');  // screenshots to look at
const browser = await launch();
let failed = false;
try {
  const screen = { width: 1280, height: 800 };
  // Opened in a window smaller than the screen, then made the screen's size (as F11 does).
  const context = await browser.newContext({ viewport: { width: 1280, height: 680 }, screen, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Permissions check failed|already locked/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  const { view, frames, until, click } = viewer(page);
  await until('the first example searched', (s) => s.has_trace && !s.searching, 30000);
  const canvas = () => page.evaluate(() => {
    const c = document.getElementById('canvas');
    return { w: c.width, h: c.height, fullscreen: document.fullscreenElement !== null };
  });
  // A button clicked: the step button moves the cursor one event (the click landed on it).
  const stepLands = async (when) => {
    const before = (await view()).cursor;
    await click('step');
    const after = await until('a step', (s) => s.cursor !== before, 5000).catch(() => view());
    check(after.cursor === before + 1, `${when}: a click on "step" lands on it (${before} to ${after.cursor})`);
  };

  // 1. The window made the screen's size: the canvas fills it, nothing asks for full screen.
  await stepLands('in a window');
  await page.setViewportSize(screen);
  await frames(20);
  let c = await canvas();
  check(c.w === screen.width && c.h === screen.height && !c.fullscreen,
        `a window the size of the screen: the canvas fills it (${c.w}x${c.h}), no full screen asked`);
  await stepLands('at the screen\'s size');

  // 2. Back in a window; View → Full screen, and back to the window's size.
  const windowed = { width: 1280, height: 680 };
  await page.setViewportSize(windowed);
  await frames(10);
  await click('menu_view');
  await click('menu_full_screen');
  await page.waitForFunction(() => document.fullscreenElement !== null, null, { timeout: 10000 });
  await frames(10);
  c = await canvas();
  const inner = await page.evaluate(() => [innerWidth, innerHeight]);
  check(c.fullscreen && c.w === inner[0] && c.h === inner[1],
        `View \u2192 Full screen: the page is full screen, the canvas fills it (${c.w}x${c.h})`);
  check((await view()).status.includes('full screen'), 'the status line says how to leave');
  await stepLands('in full screen');
  await click('menu_view');
  await click('menu_full_screen');
  await page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 10000 });
  await frames(10);
  c = await canvas();
  const back = await page.evaluate(() => [innerWidth, innerHeight]);
  check(!c.fullscreen && c.w === back[0] && c.h === back[1] && c.h === windowed.height,
        `leaving full screen restores the layout (${c.w}x${c.h} in ${back[0]}x${back[1]})`);
  await stepLands('after leaving full screen');

  // 3. A screen reader: the live region says the narration after a step; the summary, the node.
  const spoken = () => page.evaluate(() => [document.getElementById('narration').textContent,
                                            document.getElementById('node-summary').textContent,
                                            document.getElementById('narration').getAttribute('aria-live')]);
  await page.evaluate(() => Kibitz.seek(0));
  await frames(3);
  await stepLands('for the live region');
  const cursor = (await view()).cursor;
  await frames(3);
  const [said, , live] = await spoken();
  const narrated = await page.evaluate(() => JSON.parse(Kibitz.viewState()).narration || null);
  check(live === 'polite' && said.length > 10 && (narrated === null || said === narrated),
        `after a step the live region says the narration of event ${cursor}: "${said.slice(0, 80)}"`);
  await page.evaluate(() => Kibitz.seek(1e9));
  await page.evaluate(() => Kibitz.select(0));
  await frames(4);
  const [, summary] = await spoken();
  const root = JSON.parse(await page.evaluate(() => Kibitz.nodeState(0)));
  check(summary.startsWith('Selected: ') && summary.includes('returned') &&
        summary.includes(String(root.ret).replace('-', '\u2212')),
        `the selected node in words: "${summary}"`);

  // 4. File → Copy link: at this step (t = the cursor) and from the start (t=0); the status says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.slice(0, -1) });
  await page.evaluate(() => Kibitz.seek(7));
  await frames(3);
  const copied = async (item) => {
    await click('menu_file');
    await click(item);
    await frames(3);
    return [await page.evaluate(() => navigator.clipboard.readText()), (await view()).status];
  };
  let [link, status] = await copied('menu_copy_link');
  check(link.includes('#') && link.includes('&t=7') && status.startsWith('link copied'),
        `Copy link at this step: "${status}", ${link.slice(link.indexOf('#'), link.indexOf('#') + 60)}\u2026`);
  [link, status] = await copied('menu_copy_link_start');
  check(link.includes('&t=0') && !link.includes('&sel=') && status.includes('from its start'),
        `Copy link from the start: "${status}"`);
  await context.close();

  // 5. A teacher's own 3-level tree at 1024x768 with both panels: the first screen shows it whole,
  //    faint and readable (text of 14 px or more), with one line saying what to press.
  const own = '#tree=' + encodeURIComponent('((3 5 (2 9)) ((1 4) 6 (8 (7 2))) (4 (6 3) 5))') + '&algo=alphabeta';
  const small = await browser.newContext({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
  const teacher = await small.newPage();
  teacher.on('pageerror', (e) => problems.push(e.message));
  await teacher.goto(server.url + own);
  await teacher.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  const t = viewer(teacher);
  let st = await t.until('the own tree searched', (x) => x.has_trace && !x.searching, 30000);
  await t.frames(5);
  st = await t.view();
  check(st.node_text_px >= 14 && st.input_tree && st.textbook,
        `the own 3-level tree at 1024x768 with the panels: text ${st.node_text_px.toFixed(1)} px, the tree as typed shown faint, textbook mode`);
  await teacher.screenshot({ path: path.join(artifacts, 'room-first-1024.png') });
  // A leaf edited on the canvas: double-click it, type its value, Enter. The search runs again
  // and the cursor stays at the same node and step.
  const leaf = await teacher.evaluate(() => {  // leaf 0.1, the 5
    const n = JSON.parse(Kibitz.viewState()).nodes;
    for (let id = 0; id < n; ++id) if (JSON.stringify(JSON.parse(Kibitz.nodeState(id)).path) === '[0,1]') return id;
    return -1;
  });
  await teacher.evaluate(() => Kibitz.seek(1e9));
  await t.frames(3);
  const node = JSON.parse(await teacher.evaluate((id) => Kibitz.nodeState(id), leaf));
  const before = await t.view();
  const at = before.cursor;
  const ratio = (await t.view()).pixel_ratio || 1;
  const [x, y] = JSON.parse(await teacher.evaluate((id) => Kibitz.nodeScreen(id), leaf)).map((v) => v / ratio);
  // A right-click on the leaf opens its editor (as a double-click does; a double-click's two
  // presses must fall in two frames 0.3 s apart, which a loaded machine cannot promise).
  await teacher.mouse.move(x, y);
  await t.frames(2);
  await teacher.mouse.click(x, y, { button: 'right' });
  await t.until('the node editor', (v) => v.widgets.edit_value !== undefined, 5000);
  const field = (v, k) => [(v.widgets.edit_value[0] + 20) / k, (v.widgets.edit_value[1] + v.widgets.edit_value[3]) / 2 / k];
  const [fx, fy] = field(await t.view(), ratio);  // the number's box, left of its - and + buttons
  await teacher.mouse.click(fx, fy);
  await t.frames(3);
  await teacher.keyboard.press('Control+A');
  await teacher.keyboard.type('42');
  await teacher.keyboard.press('Enter');
  st = await t.until('searched again', (v) => v.status.includes('set to 42'), 5000).catch(() => t.view());
  const edited = JSON.parse(await teacher.evaluate((id) => Kibitz.nodeState(id), leaf));
  check(st.status.includes('set to 42') && st.cursor === at && JSON.stringify(edited.path) === JSON.stringify(node.path),
        `a leaf edited on the canvas (right-click, type, Enter): "${st.status}", the cursor kept at event ${st.cursor} (was ${at})`);
  await teacher.waitForFunction(() => decodeURIComponent(location.hash).includes('42'), null, { timeout: 5000 }).catch(() => {});
  const hash = await teacher.evaluate(() => location.hash);
  check(decodeURIComponent(hash).includes('42'), 'the link follows the edit, so a reload keeps it');
  await teacher.reload();
  await teacher.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  await t.until('the edited tree again', (v) => v.has_trace && !v.searching, 30000);
  const reloaded = JSON.parse(await teacher.evaluate((id) => { Kibitz.seek(1e9); return Kibitz.nodeState(id); }, leaf));
  check(reloaded.ret === 42 || (reloaded.minimax && reloaded.minimax.value === 42),
        `after a reload the leaf is still 42 (${reloaded.ret})`);
  // Textbook mode: the rule said after a value comes back; K brings the node kinds back.
  await teacher.evaluate(() => Kibitz.seek(0));
  await t.frames(2);
  let ruled = '';
  for (let i = 0; i < 40 && !ruled; ++i) {
    await t.click('step');
    const n = (await t.view()).narration;
    if (n.includes('Rule: ')) ruled = n;
  }
  check(ruled.includes('Rule: at M'), `textbook mode says the rule that fired: "${ruled}"`);
  await teacher.evaluate(() => Kibitz.seek(0));
  await t.frames(2);
  check(!(await t.view()).narration.includes('expected'), 'textbook mode: no expected kinds in the narration');
  await teacher.keyboard.press('k');
  await t.frames(3);
  check((await t.view()).narration.includes('expected Pv'), 'K brings the node kinds back');
  // Tab over every control (buttons too, across the panels) reaches Run with a focus ring that
  // can be seen; Space then presses Run instead of playing.
  await teacher.mouse.click(512, 740);  // a click in the replay bar's margin: the page has the keys
  await t.frames(2);
  let tabs = 0;
  for (; tabs < 80 && (await t.view()).focus !== 'run'; ++tabs) {
    await teacher.keyboard.press('Tab');
    await t.frames(2);
  }
  st = await t.view();
  check(st.focus === 'run', `Tab reaches the Run button (${tabs} presses)`);
  if (st.focus === 'run') {
    const r = st.widgets.run, k = st.pixel_ratio || 1;
    const shot = await teacher.screenshot({ clip: { x: r[0] / k - 8, y: r[1] / k - 8, width: (r[2] - r[0]) / k + 16, height: (r[3] - r[1]) / k + 16 } });
    await teacher.screenshot({ path: path.join(artifacts, 'room-tab-run.png') });
    const ring = await teacher.evaluate(async (b64) => {  // pixels of the ring's colour around Run
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height).getContext('2d');
      c.drawImage(img, 0, 0);
      const d = c.getImageData(0, 0, img.width, img.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        const dark = d[i] > 220 && d[i + 1] > 200 && d[i + 2] < 120;   // the dark theme's yellow
        const light = d[i] < 40 && d[i + 1] < 80 && d[i + 2] > 160;    // the light theme's blue
        if (dark || light) ++n;
      }
      return n;
    }, shot.toString('base64'));
    check(ring > 40, `the focus ring around Run can be seen (${ring} pixels of its colour)`);
    const generation = st.trace_generation;
    await teacher.keyboard.press('Space');
    st = await t.until('Run pressed by Space', (v) => v.trace_generation !== generation, 5000).catch(() => t.view());
    check(st.trace_generation !== generation && !st.playing, 'Space presses the focused Run (the search runs again, no playback)');
  }
  // Colour vision: the tree under simulated deuteranopia and protanopia, for the note's eyes.
  const cdp = await small.newCDPSession(teacher);
  for (const type of ['deuteranopia', 'protanopia']) {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
    await teacher.evaluate(() => Kibitz.seek(12));
    await t.frames(4);
    await teacher.screenshot({ path: path.join(artifacts, `room-${type}.png`) });
  }
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
  await small.close();

  // 6. embed=1: the canvas, the replay bar and the narration only.
  const slide = await browser.newContext({ viewport: { width: 960, height: 540 }, deviceScaleFactor: 1 });
  const embedded = await slide.newPage();
  await embedded.goto(server.url + '#example=01-textbook-3x3&algo=alphabeta&embed=1');
  await embedded.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  const e = viewer(embedded);
  st = await e.until('the embedded search', (v) => v.has_trace && !v.searching, 30000);
  await e.frames(4);
  st = await e.view();
  check(st.widgets.canvas && st.widgets.play && !st.widgets.menu_file && !st.widgets.tab_setup,
        'embed=1: the canvas and the replay bar, no menu or panels');
  await embedded.screenshot({ path: path.join(artifacts, 'room-embed.png') });
  await slide.close();

  // 7. A phone (390x844, touch): 44-pixel targets; one tap opens a tab; a leaf's value typed on
  //    the phone's keyboard (a real text field takes the focus) reaches the tree.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
                                           hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  mobile.on('pageerror', (e) => problems.push(e.message));
  await mobile.goto(server.url + own);
  await mobile.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  const m = viewer(mobile);
  await m.until('the own tree on a phone', (v) => v.has_trace && !v.searching, 30000);
  await m.frames(4);
  st = await m.view();
  const tall = ['play', 'step', 'tab_tree', 'tab_inspector'].map((w) => [w, st.widgets[w] ? (st.widgets[w][3] - st.widgets[w][1]) / (st.pixel_ratio || 1) : 0]);
  check(tall.every(([, h]) => h >= 44), 'phone: touch targets 44 px or more: ' + tall.map(([w, h]) => `${w} ${h.toFixed(0)}`).join(', '));
  const tap = async (name) => {
    const [cx, cy] = await m.centre(name);
    await mobile.touchscreen.tap(cx, cy);
    await m.frames(6);
  };
  const phoneLeaf = await mobile.evaluate(() => {
    const n = JSON.parse(Kibitz.viewState()).nodes;
    for (let id = 0; id < n; ++id) if (JSON.stringify(JSON.parse(Kibitz.nodeState(id)).path) === '[0,1]') return id;
    return -1;
  });
  await mobile.evaluate((id) => { Kibitz.seek(1e9); Kibitz.select(id); }, phoneLeaf);
  await tap('tab_inspector');
  st = await m.view();
  check(st.widgets.edit_value !== undefined, 'phone: one tap opens the Inspector tab, with the leaf\'s value field');
  if (st.widgets.edit_value) {
    const k = st.pixel_ratio || 1;
    await mobile.touchscreen.tap((st.widgets.edit_value[0] + 20) / k, (st.widgets.edit_value[1] + st.widgets.edit_value[3]) / 2 / k);
    await m.frames(6);
    const focused = await mobile.evaluate(() => document.activeElement && document.activeElement.id);
    check(focused === 'text-proxy', `phone: tapping the value field focuses a real text field (the keyboard opens): ${focused}`);
    await mobile.keyboard.insertText('7');
    await mobile.keyboard.press('Enter');
    st = await m.until('the phone\'s edit', (v) => v.status.includes('set to 7'), 5000).catch(() => m.view());
    check(st.status.includes('set to 7'), `phone: the value typed on its keyboard edits the leaf: "${st.status}"`);
  }
  await mobile.screenshot({ path: path.join(artifacts, 'room-phone.png') });

  // 8. A phone answering three quiz questions of a practice tree: each time the asked node is on
  //    screen, the question is what the live region says, and a tap on the answer box (in the
  //    quiz panel: the narrow canvas has no room beside the node) opens the keyboard; the answer
  //    typed (or, wrong, Reveal tapped) shows what the search did, and Next question goes on.
  await mobile.goto(server.url + '#practice=b=3,d=3,lo=0,hi=20,seed=7&quiz=1');
  await mobile.reload();
  await mobile.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  st = await m.until('the practice quiz on a phone', (v) => v.has_trace && !v.searching && v.widgets.quiz, 30000);
  for (let i = 0; i < 3; ++i) {
    await m.frames(6);
    const qs = JSON.parse(await mobile.evaluate(() => Kibitz.quizState()));
    st = await m.view();
    const k = st.pixel_ratio || 1, cv = st.widgets.canvas, box = st.widgets.quiz_answer;
    const at = JSON.parse(await mobile.evaluate((id) => Kibitz.nodeScreen(id), qs.question.node));
    const inside = at && at[0] >= cv[0] && at[0] <= cv[2] && at[1] >= cv[1] && at[1] <= cv[3];
    const said = await mobile.evaluate(() => document.getElementById('narration').textContent);
    check(qs.asked === i && qs.at_question && inside && box && said === 'Question: ' + qs.question.text,
          `phone quiz question ${i + 1} ("${qs.question.text}"): its node on screen, an answer box, the question spoken`);
    if (!box) break;
    await mobile.touchscreen.tap((box[0] + 30 * k) / k, (box[1] + box[3]) / 2 / k);
    await m.frames(6);
    const focused = await mobile.evaluate(() => document.activeElement && document.activeElement.id);
    check(focused === 'text-proxy', `phone quiz: the answer box takes the keyboard (${focused})`);
    await mobile.keyboard.insertText('10');
    await mobile.keyboard.press('Enter');
    await m.frames(6);
    let after = JSON.parse(await mobile.evaluate(() => Kibitz.quizState()));
    if (after.asked === i) {  // 10 was wrong: the rule is shown, Reveal moves on
      await tap('quiz_reveal');
      after = JSON.parse(await mobile.evaluate(() => Kibitz.quizState()));
    }
    st = await m.view();
    check(after.asked === i + 1 && !after.at_question && st.widgets.quiz_next !== undefined,
          `phone quiz: answered; what the search did is shown, with Next question (${after.asked} asked)`);
    if (!st.widgets.quiz_next) break;
    await tap('quiz_next');
    after = JSON.parse(await mobile.evaluate(() => Kibitz.quizState()));
    check(after.at_question && after.question.text !== qs.question.text,
          `phone quiz: one tap on Next question asks the next: "${after.question.text}"`);
    if (i === 1) await mobile.screenshot({ path: path.join(artifacts, 'room-phone-quiz.png') });
  }
  await phone.close();

  // 9. A student marking pruned branches at 1280x800 (real clicks on the edges): a wrong mark is
  //    crossed and says why; both branches the cutoff prunes marked answer the question; the
  //    round's result code read back as a teacher would.
  const lecture = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const student = await lecture.newPage();
  student.on('pageerror', (e) => problems.push(e.message));
  await student.goto(server.url + '#tree=' + encodeURIComponent('((3 12 8) (2 4 6) (14 5 2))') + '&algo=alphabeta');
  await student.waitForFunction(() => window.Kibitz !== undefined, null, { timeout: 60000 });
  const q = viewer(student);
  await q.until('the AIMA tree', (v) => v.has_trace && !v.searching, 30000);
  await student.evaluate(() => Kibitz.startQuiz({ level: 'pruning' }));
  await q.frames(6);
  const edges = async () => JSON.parse(await student.evaluate(() => Kibitz.quizEdges()));
  const quiz = async () => JSON.parse(await student.evaluate(() => Kibitz.quizState()));
  const clickEdge = async (e) => {
    await student.mouse.move(e.x, e.y);
    await q.frames(2);
    await student.mouse.click(e.x, e.y, { delay: 60 });
    await q.frames(4);
  };
  let qs = await quiz();  // leaf 0.0 returned 3 to MIN 0, whose alpha is -inf: nothing prunes
  const unreached = (await edges()).find((e) => e.parent === qs.question.node && e.child !== undefined &&
                                             e.child > qs.question.node + 1);
  if (unreached) await clickEdge(unreached);
  qs = await quiz();
  check(qs.mark && qs.mark.grade === 'wrong' && qs.mark.text.includes('still \u2212\u221e'),
        'a wrong mark names the misconception: ' + (qs.mark && qs.mark.text));
  await student.evaluate(() => { for (let i = 0; i < 4; ++i) Kibitz.answerQuiz({ skip: true }); Kibitz.seek(1e9); });
  await q.frames(6);
  qs = await quiz();  // leaf 1.0 returned 2 to MIN 1: 4 and 6 are pruned
  const pruned = (await edges()).filter((e) => e.parent === qs.question.node && e.pruned_branch !== undefined && !e.inner);
  check(pruned.length === 2, `the cutoff's two pruned branches are drawn to be marked (${pruned.length})`);
  if (pruned.length === 2) {
    await clickEdge(pruned[0]);
    qs = await quiz();
    check(qs.mark && qs.mark.grade === 'right' && qs.marks === 1, 'the first pruned branch marked: right');
    await student.screenshot({ path: path.join(artifacts, 'room-quiz-marks.png') });
    await clickEdge(pruned[1]);
    qs = await quiz();
    check(qs.asked === 5 && qs.right === 1 && qs.feedback && qs.feedback.correct,
          `both marked: the cutoff question answered (${qs.asked} asked, ${qs.right} right the first time)`);
  }
  await student.evaluate(() => { while (JSON.parse(Kibitz.quizState()).question) Kibitz.answerQuiz({ skip: true }); });
  await q.frames(4);
  qs = await quiz();
  const read = JSON.parse(await student.evaluate((c) => Kibitz.readQuizCodes(c + '\nKQ1-x'), qs.code));
  check(qs.code.startsWith('KQ1-2-0-') && read.length === 2 && read[0].reading.includes('of 11 right') &&
        read[0].reading.includes('Missed:') && read[1].reading.startsWith('Not read'),
        `the round's result code ${qs.code} reads back: "${read[0].reading.slice(0, 70)}\u2026"; a bad one: "${read[1].reading}"`);
  await student.screenshot({ path: path.join(artifacts, 'room-quiz-end.png') });
  await lecture.close();
  for (const p of problems) {
    console.log('FAIL: console: ' + p);
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
