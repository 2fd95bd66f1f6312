// Viewer figures in headless Chromium (not a test: it prints numbers for the notes).
//   node tests/web/perf.mjs [build/web] [random-tree-spec] [algo]
// For a random tree of about 10^5 nodes: the layout build time, the frame time while panning
// at full zoom-out, and memory.
import path from 'node:path';
import { launch, openPage, root, startServer } from './browser.mjs';

const webDir = process.argv[2] || path.join(root, 'build/web');
const spec = process.argv[3] || 'b=4,d=8,lo=-1000,hi=1000,seed=1';  // 87,381 nodes with minimax
const algo = process.argv[4] || 'minimax';
const server = await startServer(webDir);
const browser = await launch();
try {
  const { page, problems } = await openPage(browser, server.url);
  const out = await page.evaluate(async ({ spec, algo }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const t0 = performance.now();
    const summary = JSON.parse(Kibitz.runSearch({ random: spec, algo }));
    const searchMs = performance.now() - t0;
    Kibitz.seek(1e12);
    await frame();
    const layoutGrowingMs = Kibitz.layoutMs();  // the layout of the whole tree, built for the last event
    await frame();
    // Full zoom-out: the whole tree in the canvas.
    Kibitz.fit();
    await frame();
    const v0 = JSON.parse(Kibitz.viewState());
    // Pan across the tree for 120 frames and time them.
    const times = [], work = [];
    let last = performance.now();
    const span = (v0.zoom > 0 ? 300 / v0.zoom : 2000);
    for (let i = 0; i < 120; ++i) {
      Kibitz.setCamera(v0.camera[0] + Math.sin(i / 10) * span, v0.camera[1], v0.zoom);
      await frame();
      const now = performance.now();
      times.push(now - last);
      work.push(JSON.parse(Kibitz.viewState()).work_ms);
      last = now;
    }
    times.sort((a, b) => a - b);
    work.sort((a, b) => a - b);
    const v = JSON.parse(Kibitz.viewState());
    // Seek across the trace (layout rebuilt for each cursor).
    const seeks = [];
    for (let i = 1; i <= 10; ++i) {
      Kibitz.seek(Math.floor(summary.events * i / 10) - 1);
      const a = performance.now();
      await frame();
      seeks.push(performance.now() - a);
    }
    return {
      nodes: summary.nodes, events: summary.events, search_and_model_ms: searchMs,
      layout_ms: layoutGrowingMs, zoom: v0.zoom,
      frame_ms_median: times[60], frame_ms_p90: times[108], frame_ms_max: times[119],
      kibitz_work_ms_median: work[60], kibitz_work_ms_p90: work[108], kibitz_work_ms_max: work[119],
      seek_frame_ms_median: seeks.sort((a, b) => a - b)[5],
      wasm_heap_mb: Module.HEAPU8.length / 1048576,
      js_heap_mb: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null,
    };
  }, { spec, algo });
  console.log(JSON.stringify(out, null, 2));
  if (problems.length) console.log('console problems:', problems);
} finally {
  await browser.close();
  server.stop();
}
