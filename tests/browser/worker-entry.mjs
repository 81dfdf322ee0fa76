// preflight-wasm/worker in headless Chromium (issue 23): a page that imports hashFileInWorker
// from it (the source pkg/worker.js and the built pkg/dist/worker.js, which the "exports" map
// gives browsers) downloads no .wasm and no worker until a file is hashed; hashing a CSV then
// loads only the package's self-contained worker (lib/hash-worker.js: no import of its own, the
// helpers module inlined, so still no .wasm request), and its output is node:crypto's SHA-256 of
// the normalized address; a worker that cannot be loaded (a 404, a file that is not JavaScript)
// is a PreflightError `worker_unavailable`, never a bare TypeError. The requests are recorded
// by the server, so the worker's own are seen too. Prints `N passed, N failed`.
//
// Run: bash scripts/build-wasm.sh && node tests/browser/worker-entry.mjs
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen, fileServer, session, watchPage, watchdog } from './harness.mjs';

const TIMEOUT_MS = 120_000;
const CSV = 'id,email\n1, Alice@Example.com\n2,not an email\n3,bob@example.org\n';
const sha = (s) => createHash('sha256').update(s).digest('hex');
const WANT = `${sha('alice@example.com')}\n\n${sha('bob@example.org')}\n`;

const PAGE = (entry) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>worker entry</title><script type="module">
  const api = await import(${JSON.stringify(entry)});
  window.hash = async (csv) => {
    const r = await api.hashFileInWorker(new File([csv], 'a.csv'), { type: 'email', column: 'email' });
    return { text: await r.blob.text(), rejected: r.rejected.map((x) => x.row + ':' + x.code) };
  };
  window.broken = async (url) => {
    try {
      await api.hashFileInWorker(new File(['a@b.co\\n'], 'a.txt'), { type: 'email' }, { workerUrl: new URL(url, location.href) });
      return 'resolved';
    } catch (e) {
      return e.name + ' ' + e.code + ' ' + api.isPreflightError(e);
    }
  };
  window.ready = true;
</script>`;

const ENTRIES = ['worker', 'dist/worker'];
let requests = [];
const server = fileServer({
  allow: (rel) => rel.startsWith('pkg/'),
  mime: { '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.md': 'text/markdown' },
  pages: Object.fromEntries(ENTRIES.map((e) => [`/${e}.html`, PAGE(`/pkg/${e}.js`)])),
  onRequest: (r) => requests.push(r.rel),
});
const failures = [];
let passed = 0;
const check = (ok, message) => (ok ? passed++ : failures.push(message));
const origin = await listen(server);
const browser = session(mkdtempSync(path.join(tmpdir(), 'preflight-chromium-')), [server]);
const timer = watchdog(TIMEOUT_MS, () => console.log(`timed out after ${TIMEOUT_MS} ms`), browser.cleanup);
try {
  const context = await browser.launch();
  for (const name of ENTRIES) {
    const page = await context.newPage();
    const errors = [];
    watchPage(page, errors);
    requests = [];
    await page.goto(`${origin}/${name}.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30_000 });
    // Whatever the import would start has had time to.
    await new Promise((r) => setTimeout(r, 500));
    const before = [...requests];
    check(before.some((r) => r.endsWith('hash-in-worker.js')), `${name}: the page loaded ${before.join(' ')}`);
    check(!before.some((r) => r.endsWith('.wasm') || r.includes('/wasm/') || r.includes('hash-worker')),
      `${name}: fetched before any file was hashed: ${before.join(' ')}`);
    const got = await page.evaluate((csv) => window.hash(csv), CSV);
    check(got.text === WANT, `${name}: hashFileInWorker gave ${JSON.stringify(got.text)}`);
    check(JSON.stringify(got.rejected) === '["3:invalid_email"]', `${name}: rejected ${JSON.stringify(got.rejected)}`);
    const during = requests.slice(before.length);
    const worker = name.startsWith('dist/') ? 'pkg/dist/lib/hash-worker.js' : 'pkg/lib/hash-worker.js';
    check(during.includes(worker), `${name}: the worker was not ${worker}: ${during.join(' ')}`);
    check(!requests.some((r) => r.endsWith('.wasm')), `${name}: a .wasm was fetched: ${requests.join(' ')}`);
    // The built worker imports nothing: its one request is itself.
    if (name.startsWith('dist/')) check(during.length === 1, `${name}: the built worker loaded more: ${during.join(' ')}`);
    for (const [url, why] of [['/pkg/no-such-worker.js', 'a 404'], ['/pkg/README.md', 'not JavaScript']]) {
      const e = await page.evaluate((u) => window.broken(u), url);
      check(e === 'PreflightError worker_unavailable true', `${name}: a worker that cannot load (${why}): ${e}`);
    }
    // The 404 and the refused MIME type are the console's only complaints.
    const other = errors.filter((e) => !/404|MIME type|Failed to load/i.test(e));
    check(other.length === 0, `${name}: page errors: ${other.join('; ')}`);
    await page.close();
  }
} catch (e) {
  failures.push(`error: ${e?.stack ?? e}`);
} finally {
  await browser.cleanup();
  clearTimeout(timer);
}
for (const f of failures) console.log(`FAIL ${f}`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
