// Serves the example as a CDN would: the repository's examples/ and pkg/ folders, compressed
// (brotli when the browser accepts it, else gzip; the .wasm is about 3 times smaller either
// way), `.wasm` as application/wasm (streaming compilation). Node's standard library only; on
// 127.0.0.1, read-only, GET and HEAD only.
//   node examples/browser/serve.mjs        then open http://127.0.0.1:8000/examples/browser/
//   PORT=8080 node examples/browser/serve.mjs
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.PORT ?? 8000);
/** The folders served, relative to the repository. */
const SERVED = ['examples/', 'pkg/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
};
/** Compressed bodies by path and modification time: each file is compressed once. */
const cache = new Map();

async function body(file, encoding) {
  const { mtimeMs } = await stat(file);
  const key = `${file}\0${encoding}\0${mtimeMs}`;
  if (!cache.has(key)) {
    const raw = await readFile(file);
    cache.set(key, encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw);
  }
  return cache.get(key);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/') {
    res.writeHead(302, { location: '/examples/browser/' }).end();
    return;
  }
  let rel;
  try {
    rel = path.posix.normalize(decodeURIComponent(url.pathname)).replace(/^\/+/, '');
  } catch {
    rel = ''; // a malformed escape: not found
  }
  if (rel.endsWith('/')) rel += 'index.html';
  const type = TYPES[path.extname(rel)];
  if (!['GET', 'HEAD'].includes(req.method) || !type || rel.split('/').includes('..') || !SERVED.some((d) => rel.startsWith(d))) {
    res.writeHead(404).end();
    return;
  }
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  try {
    const data = await body(path.join(root, rel), encoding);
    res.writeHead(200, {
      'content-type': type,
      'content-length': data.length,
      vary: 'accept-encoding',
      'cache-control': 'no-cache',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : data);
  } catch {
    res.writeHead(404).end();
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`serving ${SERVED.join(' and ')} compressed: http://127.0.0.1:${PORT}/examples/browser/`));
