// The browser suite: every vector case of tests/vectors/ through the browser build of the
// package (pkg/browser.js -> pkg/wasm/preflight.js), in headless Chromium, against the native calls and
// outputs (target/vectors/native.json, written by `cargo test --test vectors`;
// PREFLIGHT_NATIVE_JSON=path reads another file). The checks are those of the Node suite
// (tests/node/vector-cases.mjs): the cases are matched here and run in the page.
//
// Serves the package and the page read-only on 127.0.0.1 (a free port), opens
// tests/browser/index.html, runs the cases in the page and prints one line `N passed, N failed`. Fails on any difference,
// on any page error or console error/warning, on any 404, and on any request that is not to the
// local server: the page's are recorded and aborted by Playwright; everything else Chromium sends
// goes through a recording loopback proxy that refuses it (Chromium's own Google endpoints are
// pointed at a local sink, see below). Bounded: the whole run is killed after
// BROWSER_TEST_TIMEOUT_MS (default 180000).
//
// Run: cargo test --test vectors && scripts/build-wasm.sh && node tests/browser/run.mjs
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).

import { readFileSync, readdirSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, createHmac } from 'node:crypto';
import { matchNative } from '../node/vector-cases.mjs';
import { TRAP_INPUTS } from '../node/trap-checks.mjs';
import {
  root, executablePath, requireFiles, listen, fileServer, offlineNetwork, session, watchPage, watchdog, browserName,
} from './harness.mjs';

const timeoutMs = Number(process.env.BROWSER_TEST_TIMEOUT_MS || 180_000);
const nativePath = path.resolve(process.env.PREFLIGHT_NATIVE_JSON || path.join(root, 'target/vectors/native.json'));

// What the page may load: nothing else of the repository is served.
const SERVED = ['pkg/', 'tests/browser/', 'tests/node/vector-cases.mjs', 'tests/node/trap-checks.mjs'];
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

const failures = [];
let passed = 0;
let failed = 0;
let finished = false;

function summary() {
  if (finished) return;
  finished = true;
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`${passed} passed, ${failed} failed`);
}

function fail(message) {
  failures.push(message);
  failed += 1;
}

function die(message) {
  console.error(`browser test: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Resolved at the first sign that the page cannot load (a 404, a page error), so that the run
// does not wait for a timeout to say so.
let signalBroken = () => {};
const broken = new Promise((resolve) => {
  signalBroken = resolve;
});

requireFiles([
  ['the browser build (run scripts/build-wasm.sh)', path.join(root, 'pkg/wasm/preflight_bg.wasm')],
  ['the native outputs (run cargo test --test vectors)', nativePath],
], die);
if (!existsSync(executablePath)) die(`no Chromium at ${executablePath} (apt-get install chromium, or set CHROMIUM)`);

const vectorsDir = path.join(root, 'tests/vectors');
const vectorFiles = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, text: readFileSync(path.join(vectorsDir, file), 'utf8') }));
const { cases, problems: matchProblems } = matchNative(vectorFiles, JSON.parse(readFileSync(nativePath, 'utf8')));
if (vectorFiles.length === 0) die('no vector files in tests/vectors/');
for (const p of matchProblems) fail(p);

// --- the server ---------------------------------------------------------------------------------

const served = new Map(); // path -> count
const notFound = [];
const server = fileServer({
  allow: (rel) => SERVED.some((s) => rel === s || (s.endsWith('/') && rel.startsWith(s))),
  mime: MIME,
  onRequest: ({ method, url, rel, ok }) => {
    if (ok) {
      served.set(rel, (served.get(rel) ?? 0) + 1);
    } else {
      notFound.push(`${method} ${url}`);
      signalBroken();
    }
  },
});
const origin = await listen(server);

// --- where anything else goes --------------------------------------------------------------------

const network = await offlineNetwork();
const foreignRequests = network.foreign;
const pageProblems = [];

// --- the browser --------------------------------------------------------------------------------

const userDataDir = mkdtempSync(path.join(tmpdir(), 'preflight-chromium-'));
const browser = session(userDataDir, [server, ...network.servers]);
const timer = watchdog(timeoutMs, () => {
  fail(`timed out after ${timeoutMs} ms`);
  summary();
}, browser.cleanup);

try {
  const context = await browser.launch({ network });
  // Anything not to the local server is recorded and never leaves the machine.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    foreignRequests.add(url);
    return route.abort('blockedbyclient');
  });
  context.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) foreignRequests.add(url);
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);
  watchPage(page, pageProblems, signalBroken);

  await page.goto(`${origin}/tests/browser/index.html`);
  const ready = await Promise.race([
    page.waitForFunction(() => window.preflightTest !== undefined).then(() => true),
    broken.then(() => false),
  ]);
  if (!ready) throw new Error('the page did not load the package (see the problems below)');
  const userAgent = await page.evaluate(() => navigator.userAgent);

  const results = await page.evaluate((all) => window.preflightTest.runVectors(all), cases);
  const apiChecks = await page.evaluate(() => window.preflightTest.runApiChecks());
  // Last: traps on purpose (a fresh instance afterwards), expected values from node:crypto.
  const hmac = (text) => `sha256=${createHmac('sha256', TRAP_INPUTS.crcSecret).update(text).digest('base64')}`;
  const trapRefs = {
    hashes: TRAP_INPUTS.normalized.map((v) => createHash('sha256').update(v).digest('hex')),
    crc: hmac(TRAP_INPUTS.crcToken),
    signature: hmac(TRAP_INPUTS.body),
  };
  const trapChecks = await page.evaluate((refs) => window.preflightTest.runTraps(refs), trapRefs);
  if (trapChecks.length !== 6) fail(`the page ran ${trapChecks.length} trap checks, expected 6`);
  apiChecks.push(...trapChecks);
  if (results.length !== cases.length) fail(`the page ran ${results.length} of ${cases.length} cases`);
  for (const [i, r] of results.entries()) {
    const c = cases[i];
    if (r.problems.length === 0) passed += 1;
    else fail(`${c.file} #${c.index} ${c.name}:\n    ${r.problems.map((p) => p.replaceAll('\n', '\n    ')).join('\n    ')}`);
  }
  for (const c of apiChecks) {
    if (c.problems.length === 0) passed += 1;
    else fail(`api: ${c.name}:\n    ${c.problems.join('\n    ')}`);
  }
  const wasmLoads = served.get('pkg/wasm/preflight_bg.wasm') ?? 0;
  if (wasmLoads !== 1) fail(`the .wasm was fetched ${wasmLoads} times, expected once`);
  console.log(
    `browser: ${browserName(userAgent)}; ${vectorFiles.length} vector files, ` +
      `${cases.length} cases (validate with the payload as text: ${results.filter((r) => r.forms.includes('text')).length}, ` +
      `as an object: ${results.filter((r) => r.forms.includes('object')).length}), ${apiChecks.length} API checks; ` +
      `${[...served.values()].reduce((a, b) => a + b, 0)} local requests`,
  );
} catch (e) {
  fail(`browser run: ${e && e.stack ? e.stack : e}`);
} finally {
  await browser.cleanup();
}

for (const p of pageProblems) fail(p);
for (const u of foreignRequests) fail(`request not to the local server: ${u}`);
for (const n of notFound) fail(`404: ${n}`);
network.note();
clearTimeout(timer);
summary();
process.exit(failed === 0 && passed > 0 ? 0 : 1);
