// Viewer figures in headless Chromium (not a test: it prints numbers for the notes).
//   node tests/web/perf.mjs [build/web] [random-tree-spec] [algo]
// In one run: the floor (frame time panning a 15-node tree: the software rasteriser's own
// cost), then for the big tree: search and model time, layout time, the frame time and
// Kibitz's own work per frame panning at full zoom-out (and what the GPU drew: boxes, and the
// nodes folded into the far zoom's bins), the work of 20 random seeks, and the wasm heap.
// Twice: with WebGL in the renderer (--disable-gpu, the budgets' set-up) and in a GPU process,
// as real browsers run it, where a synchronous GL call waits for the GPU process and Kibitz's
// "work" absorbs the rasteriser's back-pressure. So each frame's WebGL calls are also counted
// (all of them, the synchronous ones by name, the bytes uploaded) and timed: "work without GL"
// is Kibitz's work less the time spent inside WebGL calls.
import path from 'node:path';
import { launch, openPage, root, startServer } from './browser.mjs';

// Wraps every WebGL 2 method: counts and times the calls between two reads of __glFrame().
function instrumentWebGL() {
  const sync = new Set(['getParameter', 'getError', 'getProgramParameter', 'getShaderParameter',
    'getUniformLocation', 'getAttribLocation', 'getActiveUniform', 'getActiveAttrib', 'readPixels',
    'getBufferSubData', 'checkFramebufferStatus', 'isEnabled', 'getShaderInfoLog', 'getProgramInfoLog',
    'clientWaitSync', 'finish', 'getSyncParameter', 'getQueryParameter', 'getTexParameter',
    'getVertexAttrib', 'getIndexedParameter', 'getUniform', 'getFramebufferAttachmentParameter',
    'getRenderbufferParameter', 'getInternalformatParameter', 'getContextAttributes']);
  let calls = 0, syncCalls = 0, ms = 0, bytes = 0, byName = {};
  // Bytes a call uploads. Emscripten passes its whole heap with an offset and a length (WebGL 2's
  // srcOffset forms), so the length is the size, not the view's.
  const size = (name, args) => {
    const bytes = (data) => (data && data.byteLength !== undefined ? data.byteLength : 0);
    if (name === 'bufferData') return args.length >= 5 ? args[4] : typeof args[1] === 'number' ? 0 : bytes(args[1]);
    if (name === 'bufferSubData') return args.length >= 5 ? args[4] : bytes(args[2]);
    if (name === 'texImage2D' && args.length >= 9) return args[3] * args[4] * 4;
    if (name === 'texSubImage2D' && args.length >= 9) return args[4] * args[5] * 4;
    return 0;
  };
  const proto = WebGL2RenderingContext.prototype;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d || typeof d.value !== 'function' || name === 'constructor') continue;
    const f = d.value;
    proto[name] = function (...args) {
      const t = performance.now();
      try {
        return f.apply(this, args);
      } finally {
        ms += performance.now() - t;
        ++calls;
        bytes += size(name, args);
        if (sync.has(name)) {
          ++syncCalls;
          byName[name] = (byName[name] || 0) + 1;
        }
      }
    };
  }
  window.__glFrame = () => {
    const out = { calls, sync: syncCalls, ms, bytes, byName };
    calls = syncCalls = ms = bytes = 0;
    byName = {};
    return out;
  };
}

const webDir = process.argv[2] || path.join(root, 'build/web');
const spec = process.argv[3] || 'b=4,d=10,lo=-1000,hi=1000,seed=1';  // 1,398,101 nodes with minimax
const algo = process.argv[4] || 'minimax';
const server = await startServer(webDir);
let browser = null;
// First load: from navigation to the first frame drawn with the API ready, median of 5.
async function firstLoadMs() {
  const times = [];
  for (let i = 0; i < 5; ++i) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const t0 = Date.now();
    await page.goto(server.url);
    await page.waitForFunction(() => window.Kibitz !== undefined && JSON.parse(Kibitz.viewState()).frames_drawn > 0,
                               null, { timeout: 60000, polling: 10 });
    times.push(Date.now() - t0);
    await page.close();
  }
  return [...times].sort((a, b) => a - b)[2];
}
async function measure() {
  const firstLoad = await firstLoadMs();
  const { page, problems } = await openPage(browser, server.url, { width: 1280, height: 800 },
                                            instrumentWebGL);
  const out = await page.evaluate(async ({ spec, algo }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
    const view = () => JSON.parse(Kibitz.viewState());
    // Pans across the fitted tree for n frames: frame times and Kibitz's work per frame.
    async function pan(n) {
      Kibitz.fit();  // a wide tree: its neighbourhood first
      await frame();
      if (view().zoom > 0.1) {
        Kibitz.fit();  // then all of it: full zoom-out
        await frame();
      }
      await frame();
      const v0 = view();
      const span = v0.zoom > 0 ? 300 / v0.zoom : 2000;
      const times = [], work = [], canvas = [], gl = [];
      let last = performance.now();
      window.__glFrame();
      for (let i = 0; i < n; ++i) {
        Kibitz.setCamera(v0.camera[0] + Math.sin(i / 10) * span, v0.camera[1], v0.zoom);
        await frame();
        const now = performance.now();
        times.push(now - last);
        { const v = view(); work.push(v.work_ms); canvas.push(v.canvas_ms); }
        gl.push(window.__glFrame());
        last = now;
      }
      const v1 = view();
      const byName = {};
      for (const g of gl) for (const [k, c] of Object.entries(g.byName)) byName[k] = (byName[k] || 0) + c / gl.length;
      return { times, work, canvas, zoom: v0.zoom, drawn: v1.canvas_drawn, folded: v1.canvas_folded,
               gl_calls: median(gl.map((g) => g.calls)), gl_sync: median(gl.map((g) => g.sync)),
               gl_ms: median(gl.map((g) => g.ms)), gl_bytes: median(gl.map((g) => g.bytes)),
               gl_sync_by_name: byName,
               work_without_gl: median(work.map((w, i) => w - gl[i].ms)) };
    }
    Kibitz.runSearch({ random: 'b=2,d=3,lo=-9,hi=9,seed=1', algo: 'minimax' });  // 15 nodes
    Kibitz.seek(1e12);
    const floor = await pan(120);

    // As the UI runs it: in the worker, then read into the page (its .kbz bytes) and shown.
    const t0 = performance.now();
    Kibitz.startSearch({ random: spec, algo });
    while (view().searching) await new Promise((r) => setTimeout(r, 50));
    const searchMs = performance.now() - t0;
    const summary = { nodes: view().nodes, events: Kibitz.eventCount() };
    Kibitz.seek(1e12);
    await frame();
    const layoutMs = Kibitz.layoutMs();
    await frame();
    const big = await pan(120);
    // Seeks to random events: the seek itself and the next frame's work.
    const seeks = [];
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20; ++i) {
      const a = performance.now();
      Kibitz.seek(Math.floor(rand() * summary.events));
      const call = performance.now() - a;
      await frame();
      seeks.push(call + view().work_ms);
    }
    const floorMs = median(floor.times), frameMs = median(big.times);
    return {
      floor_frame_ms_median_15_nodes: floorMs, floor_kibitz_work_ms_median: median(floor.work),
      floor_work_without_gl_ms_median: floor.work_without_gl,
      nodes: summary.nodes, events: summary.events, search_and_model_ms: searchMs,
      layout_ms: layoutMs, zoom: big.zoom,
      frame_ms_median: frameMs, frame_ms_p90: p90(big.times),
      frame_over_floor: frameMs / floorMs,
      kibitz_work_ms_median: median(big.work), kibitz_work_ms_p90: p90(big.work),
      work_without_gl_ms_median: big.work_without_gl,
      gl_calls_per_frame: big.gl_calls, gl_sync_calls_per_frame: big.gl_sync,
      gl_sync_calls_by_name: Object.fromEntries(Object.entries(big.gl_sync_by_name).map(([k, v]) => [k, Math.round(v * 10) / 10])),
      gl_ms_per_frame: big.gl_ms, gl_bytes_uploaded_per_frame: big.gl_bytes,
      canvas_ms_median: median(big.canvas),
      gpu_boxes_drawn: big.drawn, nodes_in_bins: big.folded,
      seek_work_ms_median_of_20: median(seeks), seek_work_ms_max: Math.max(...seeks),
      wasm_heap_mb: Module.HEAPU8.length / 1048576,
      heap_in_use_mb: Module.heapUsed() / 1048576,
      bytes_per_event: Module.HEAPU8.length / summary.events,
    };
  }, { spec, algo });
  out.first_load_ms_median_of_5 = firstLoad;
  if (problems.length) out.console_problems = problems;
  return out;
}

const results = {};
try {
  for (const [name, gpuProcess] of [['webgl_in_renderer (--disable-gpu: the budgets)', false],
                                    ['webgl_in_gpu_process (as browsers run it)', true]]) {
    browser = await launch({ gpuProcess });
    results[name] = await measure();
    await browser.close();
    browser = null;
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  if (browser) await browser.close();
  server.stop();
}
