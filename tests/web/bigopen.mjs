// Opening a big trace file in the page, as a user does (the file input), in headless Chromium
// (not a test: it prints numbers for the notes).
//   node tests/web/bigopen.mjs FILE.kbz [build/web] [runs]
// Per run, in a fresh page: the time from choosing the file to the first frame that shows it,
// the wasm heap (its size, the high-water mark, and what is in use), the JS heap, the layout's
// time, then 20 random seeks (each seek's call and the next frame's Kibitz work) and the frame
// work at full zoom-out. Medians over the runs are printed with each run's figures.
import path from 'node:path';
import { launch, openPage, root, startServer } from './browser.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node tests/web/bigopen.mjs FILE.kbz [build/web] [runs]');
  process.exit(2);
}
const webDir = process.argv[3] || path.join(root, 'build/web');
const runs = Number(process.argv[4] || 3);
const server = await startServer(webDir);
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once() {
  const { page, problems } = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  const before = await page.evaluate(() => ({ events: Kibitz.eventCount() }));
  const t0 = Date.now();
  await page.setInputFiles('#file-input', path.resolve(file));
  await page.waitForFunction((n0) => Kibitz.eventCount() !== n0 || !document.getElementById('error').hidden,
                             before.events, { timeout: 600000, polling: 20 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const openMs = Date.now() - t0;
  const out = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const view = () => JSON.parse(Kibitz.viewState());
    const events = Kibitz.eventCount();
    const seeks = [];
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20; ++i) {
      const a = performance.now();
      Kibitz.seek(Math.floor(rand() * events));
      const call = performance.now() - a;
      await frame();
      seeks.push(call + view().work_ms);
    }
    Kibitz.seek(1e12);
    Kibitz.fit();
    await frame();
    Kibitz.fit();
    await frame();
    const work = [];
    for (let i = 0; i < 30; ++i) {
      await frame();
      work.push(view().work_ms);
    }
    const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return {
      nodes: view().nodes, events, layout_ms: Kibitz.layoutMs(),
      seek_work_ms_median_of_20: med(seeks), seek_work_ms_max: Math.max(...seeks),
      frame_work_ms_median: med(work),
      wasm_heap_mb: Module.HEAPU8.length / 1048576,
      heap_in_use_mb: Module.heapUsed() / 1048576,
      js_heap_mb: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null,
      error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
      status: view().status,
    };
  });
  out.open_ms = openMs;
  if (problems.length) out.console_problems = problems;
  await page.close();
  return out;
}

try {
  const all = [];
  for (let i = 0; i < runs; ++i) all.push(await once());
  const keys = ['open_ms', 'wasm_heap_mb', 'heap_in_use_mb', 'js_heap_mb', 'layout_ms',
                'seek_work_ms_median_of_20', 'seek_work_ms_max', 'frame_work_ms_median'];
  const med = Object.fromEntries(keys.map((k) => [k, median(all.map((r) => r[k]))]));
  console.log(JSON.stringify({ file, runs: all, median: med }, null, 2));
} finally {
  await browser.close();
  server.stop();
}
