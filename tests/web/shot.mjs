// A screenshot of the page after a script, for looking at what was built:
//   node tests/web/shot.mjs WxH "<async body using Kibitz and frame(n)>" out.png [hash]
import path from 'node:path';
import { launch, openPage, root, startServer } from './browser.mjs';

const [size, body, out, hash = ''] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number);
const server = await startServer(path.join(root, 'build/web'));
const browser = await launch();
try {
  const { page, problems } = await openPage(browser, server.url + hash, { width, height });
  await page.waitForFunction(() => { const s = JSON.parse(Kibitz.viewState()); return s.has_trace && !s.searching; },
                             null, { timeout: 60000 });
  const result = await page.evaluate(async (src) => {
    const frame = (n = 3) => new Promise((r) => { let i = 0; const f = () => (++i >= n ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); });
    const fn = new Function('frame', 'return (async () => {' + src + '})()');
    return await fn(frame);
  }, body || '');
  if (result !== undefined) console.log(typeof result === 'string' ? result : JSON.stringify(result));
  await page.screenshot({ path: out });
  for (const p of problems) console.log(p);
} finally {
  await browser.close();
  server.stop();
}
