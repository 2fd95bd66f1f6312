// What the page costs to load (not a test: figures for the notes), in headless Chromium:
// the bytes transferred (encoded, as the network carried them) and the time to the first frame
// with the API ready, median of 5, for a folder served as it is and for the published one
// (scripts/publish.mjs: precompressed). Also whether the worker's module was fetched.
//   node tests/web/load.mjs [build/web] [build/web/publish]
import path from 'node:path';
import { launch, root, startServer } from './browser.mjs';

const folders = [process.argv[2] || path.join(root, 'build/web'), process.argv[3] || path.join(root, 'build/web/publish')];
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const dir of folders) {
    const server = await startServer(dir);
    const times = [], bytes = [];
    let detail = '', encoding = '';
    for (let i = 0; i < 5; ++i) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const got = [];
      page.on('requestfinished', async (r) => {
        const s = await r.sizes().catch(() => null);
        const resp = await r.response();
        got.push({ url: r.url(), body: s ? s.responseBodySize : 0, headers: s ? s.responseHeadersSize : 0,
                   enc: resp ? (await resp.allHeaders())['content-encoding'] || '' : '' });
      });
      const t0 = Date.now();
      await page.goto(server.url);
      await page.waitForFunction(() => window.Kibitz !== undefined && JSON.parse(Kibitz.viewState()).frames_drawn > 0,
                                 null, { timeout: 60000, polling: 10 });
      times.push(Date.now() - t0);
      await page.waitForTimeout(300);  // requests still finishing
      bytes.push(got.reduce((a, g) => a + g.body + g.headers, 0));
      detail = got.map((g) => `${path.basename(new URL(g.url).pathname) || '/'} ${(g.body / 1024).toFixed(0)} KiB${g.enc ? ' ' + g.enc : ''}`).join(', ');
      encoding = [...new Set(got.map((g) => g.enc).filter(Boolean))].join('+') || 'none';
      await page.close();
    }
    console.log(`${path.relative(root, dir) || dir}: first frame median ${median(times)} ms (${times.join(', ')}), ` +
                `${(median(bytes) / 1e6).toFixed(2)} MB transferred (encoding ${encoding}): ${detail}`);
    server.stop();
  }
} finally {
  await browser.close();
}
