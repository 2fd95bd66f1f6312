// In the room (issue 31): full screen — the page in a window the size of the screen (F11, a
// presentation), where Emscripten's GLFW used to call the Fullscreen API every frame, and the
// page's own View → Full screen, in and out; each time a real click on a button lands on it, the
// canvas fills the window, and the console stays clean. Then what a screen reader is told (the
// live region after a step, the selected node's summary) and File → Copy link, at this step
// and from the start. Then a teacher's own tree at 1024x768 (readable, previewed, a leaf edited on
// the canvas, textbook mode's rule and K), and embed=1.
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
  await phone.close();
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
