// Writes the page as a static folder any web server can serve (docs/publish.md): the page's
// files (web/), its two modules (kibitz_web.js/.wasm, kibitz_worker.js/.wasm) and gifenc, each
// text and wasm file also precompressed next to it as FILE.gz (gzip -9) and FILE.br (brotli 11),
// and a _headers file with the headers it needs (Netlify and Cloudflare Pages read it).
//   node scripts/publish.mjs [BUILD_WEB] [OUT]   (defaults: build/web, build/web/publish)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(process.argv[2] || path.join(root, 'build/web'));
const out = path.resolve(process.argv[3] || path.join(build, 'publish'));
const modules = ['kibitz_web.js', 'kibitz_web.wasm', 'kibitz_worker.js', 'kibitz_worker.wasm', 'gifenc.esm.js'];
const page = fs.readdirSync(path.join(root, 'web')).filter((f) => fs.statSync(path.join(root, 'web', f)).isFile());
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt']);

const missing = modules.filter((f) => !fs.existsSync(path.join(build, f)));
if (missing.length) {
  console.error(`publish: ${build} has no ${missing.join(', ')} (build the page first: scripts/build web)`);
  process.exit(2);
}
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
let raw = 0, br = 0, gz = 0;
for (const name of [...page, ...modules]) {
  const built = path.join(build, name);  // the page's files as the build copied them, else web/'s
  const bytes = fs.readFileSync(fs.existsSync(built) ? built : path.join(root, 'web', name));
  fs.writeFileSync(path.join(out, name), bytes);
  raw += bytes.length;
  if (!compressible.has(path.extname(name))) continue;
  const g = zlib.gzipSync(bytes, { level: 9 });
  const b = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              [zlib.constants.BROTLI_PARAM_LGWIN]: 24 } });
  fs.writeFileSync(path.join(out, name + '.gz'), g);
  fs.writeFileSync(path.join(out, name + '.br'), b);
  gz += g.length;
  br += b.length;
}
// What a server must send (docs/publish.md): wasm's type (streaming compilation needs it), and
// no caching of the page's entry points beyond a revalidation (the module names do not change).
fs.writeFileSync(path.join(out, '_headers'), [
  '/*.wasm', '  Content-Type: application/wasm', '  Cache-Control: no-cache',
  '/*.js', '  Content-Type: text/javascript; charset=utf-8', '  Cache-Control: no-cache',
  '/*', '  Cache-Control: no-cache', '  X-Content-Type-Options: nosniff', ''].join('\n'));
const mb = (n) => (n / 1e6).toFixed(2) + ' MB';
console.log(`publish: ${out}: ${page.length + modules.length} files, ${mb(raw)} raw, ${mb(gz)} gzip, ${mb(br)} brotli`);
