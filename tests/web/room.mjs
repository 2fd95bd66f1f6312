// In the room (issue 31): full screen — the page in a window the size of the screen (F11, a
// presentation), where Emscripten's GLFW used to call the Fullscreen API every frame, and the
// page's own View → Full screen, in and out; each time a real click on a button lands on it, the
// canvas fills the window, and the console stays clean. Then what a screen reader is told (the
// live region after a step, the selected node's summary) and File → Copy link, at this step
// and from the start.
import path from 'node:path';
import { check, launch, root, startServer, viewer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const server = await startServer(webDir);
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
