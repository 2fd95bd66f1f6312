// Shared by the browser tests: serve build/web, start Debian's Chromium (never a downloaded
// one) with the flags that give it WebGL here, and fail on any console error.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startServer(webDir) {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'scripts/static_server.mjs'), webDir, String(port)],
                     { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    proc.stdout.once('data', resolve);
    proc.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => proc.kill() };
}

// gpuProcess: WebGL in a separate GPU process, as real browsers run it (SwiftShader still draws);
// by default (--disable-gpu) it runs in the renderer, which the tests' timings are stable with.
export async function launch({ gpuProcess = false } = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', ...(gpuProcess ? [] : ['--disable-gpu']), '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
           '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
}

// A page whose console errors and uncaught exceptions are collected (and fail the test).
// init: a function run in the page before its scripts (page.addInitScript).
export async function openPage(browser, url, viewport = { width: 1440, height: 900 }, init = null) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  if (init) await page.addInitScript(init);
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      problems.push('console error: ' + msg.text());
    }
  });
  page.on('pageerror', (err) => problems.push('page error: ' + err.message));
  await page.goto(url);
  await page.waitForFunction(() => window.Kibitz !== undefined || !document.getElementById('error').hidden,
                             null, { timeout: 60000 });
  return { page, problems };
}

export function check(condition, message) {
  if (!condition) throw new Error('check failed: ' + message);
  console.log('ok - ' + message);
}

// The viewer's state and its widgets driven by real mouse events: viewState(), a few animation
// frames, waiting for a state, and a click at a widget's centre (widget rectangles are in canvas
// pixels).
export function viewer(page) {
  const view = async () => JSON.parse(await page.evaluate(() => Kibitz.viewState()));
  const frames = (n = 3) => page.evaluate((n) => new Promise((r) => {
    let i = 0;
    const f = () => (++i >= n ? r() : requestAnimationFrame(f));
    requestAnimationFrame(f);
  }), n);
  const until = async (what, predicate, ms = 15000) => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await view();
      if (predicate(v)) return v;
      if (Date.now() > end) throw new Error('timed out waiting for: ' + what + ' (state ' + JSON.stringify(v).slice(0, 300) + ')');
      await frames(2);
    }
  };
  const centre = async (name) => {
    const v = await view();
    const r = v.widgets[name];
    if (!r) throw new Error('no widget ' + name + ' on screen');
    const k = v.pixel_ratio || 1;
    return [((r[0] + r[2]) / 2) / k, ((r[1] + r[3]) / 2) / k];
  };
  const click = async (name) => {
    const [x, y] = await centre(name);
    await page.mouse.move(x, y);
    await frames(2);
    await page.mouse.click(x, y, { delay: 60 });
    await frames(3);
  };
  return { view, frames, until, centre, click };
}
