// A small static file server for the web build (node only, no packages): the right MIME
// types for .wasm and .js, precompressed files where a published folder has them (.br, .gz),
// no directory listings, and only files under the served folder.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const [root, portText] = process.argv.slice(2);
if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`static_server: ${root ?? '(none)'} has no index.html (build the web app first: scripts/build web)`);
  process.exit(2);
}
const port = Number(portText ?? 8000);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8', '.kbz': 'application/octet-stream',
  '.data': 'application/octet-stream',
};
const base = path.resolve(root);
http.createServer((req, res) => {
  let rel;
  try {
    rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  if (rel.endsWith('/')) rel += 'index.html';
  const file = path.resolve(base, '.' + rel);
  if (!file.startsWith(base + path.sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  fs.stat(file, (err, st) => {
    if (err || !st.isFile()) {
      res.writeHead(404, {'Content-Type': 'text/plain'}).end('not found: ' + rel);
      return;
    }
    // A published folder (scripts/publish.mjs) holds FILE.br and FILE.gz: sent to a browser
    // that accepts them, with the type of FILE.
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = ['br', 'gzip'].find((e) => accepts.includes(e) &&
                                        fs.existsSync(file + (e === 'br' ? '.br' : '.gz')));
    const headers = {'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
                     'Cache-Control': 'no-cache', 'Vary': 'Accept-Encoding'};
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    fs.createReadStream(encoding ? file + (encoding === 'br' ? '.br' : '.gz') : file).pipe(res);
  });
}).listen(port, '127.0.0.1', () => console.log(`serving ${base} on http://127.0.0.1:${port}/`));
