// The browser app's test (examples/browser/): serves the page on 127.0.0.1 and drives Debian's
// Chromium through playwright-core, as a person would use it:
//
// - audience tool: picks a generated CSV (tests/browser/app-csv.mjs), chooses the column and the
//   type, hashes it in the page's Web Worker and downloads the result; the download must equal
//   the standard output of the native command line (`preflight hash TYPE FILE --column NAME`)
//   byte for byte, the rejected rows shown must be the rows it reports (number and code), and
//   rows with an independent expectation (the spec's public vectors; SHA-256 of the spec's
//   normalization computed with node:crypto) must hash to it. No invalid value may show.
// - product form and card builder (tests/browser/app-forms.mjs): types invalid values, checks the
//   message at the right field, fixes them and checks the form says valid.
// - network: every request the page and its worker make is listed; each must be a GET for one of
//   the page's own files on the test server, without a body. Anything else Chromium sends goes
//   through a recording loopback proxy that refuses it and fails the test (Chromium's own Google
//   endpoints are pointed at a local sink and reported apart, as in tests/browser/run.mjs).
//
// Screenshots go to tests/browser/screenshots/. Prints one line per failure and `N passed,
// N failed`; exits non-zero on any failure. Bounded by APP_TEST_TIMEOUT_MS (default 240000).
//
// Needs: scripts/build-wasm.sh (pkg/wasm/) and the native binary (cargo build; PREFLIGHT_BIN
// overrides target/debug/preflight). Chromium: CHROMIUM (default /usr/bin/chromium).
// Run: node tests/browser/app.mjs

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  root, executablePath, requireFiles, listen, fileServer, offlineNetwork, session, watchPage, watchdog, browserName,
} from './harness.mjs';
import { generateCsv, randomCases, INVALID } from './app-csv.mjs';
import { testForms } from './app-forms.mjs';
// The page's hashing job and, for running it here, the Node build of the package.
import { hashFile } from '../../examples/browser/hash-csv.js';
import { hashIdentifiers } from 'preflight-wasm';

const timeoutMs = Number(process.env.APP_TEST_TIMEOUT_MS || 240_000);
const preflightBin = path.resolve(process.env.PREFLIGHT_BIN || path.join(root, 'target/debug/preflight'));
const shots = path.join(root, 'tests/browser/screenshots');
/** Random small CSVs read by the page's job (in Node) and by the command line. */
const RANDOM_CASES = Number(process.env.APP_TEST_RANDOM_CASES || 300);

// The page's own files: everything in examples/browser/ and the browser build of the package.
const APP_DIR = 'examples/browser/';
const PKG_FILES = ['pkg/browser.js', 'pkg/api.js', 'pkg/wasm/preflight.js', 'pkg/wasm/preflight_bg.wasm',
  'pkg/hash-browser.js', 'pkg/wasm/preflight_hash.js', 'pkg/wasm/preflight_hash_bg.wasm',
  ...readdirSync(path.join(root, 'pkg/lib')).filter((f) => f.endsWith('.js')).map((f) => `pkg/lib/${f}`)];
const OWN_FILES = new Set([...readdirSync(path.join(root, APP_DIR)).map((f) => APP_DIR + f), ...PKG_FILES]);
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

// --- results ------------------------------------------------------------------------------------

const failures = [];
let passed = 0;
/** Records one check: passes when `ok`, else fails with `detail`. */
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failures.push(`${name}${detail ? `: ${detail}` : ''}`);
  return ok;
}
function summary() {
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`${passed} passed, ${failures.length} failed`);
}
function die(message) {
  console.error(`app test: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

requireFiles([
  ['the browser build (run scripts/build-wasm.sh)', path.join(root, 'pkg/wasm/preflight_bg.wasm')],
  ['the native command line (run cargo build, or set PREFLIGHT_BIN)', preflightBin],
  [`Chromium (apt-get install chromium, or set CHROMIUM)`, executablePath],
], die);

// --- the server: the page's files, read-only, and a log of every request -----------------------

const served = []; // {method, rel, bodyBytes}
const refused = [];
const server = fileServer({
  allow: (rel) => OWN_FILES.has(rel),
  mime: MIME,
  onRequest: ({ method, url, rel, bodyBytes, ok }) => {
    served.push({ method, rel, bodyBytes });
    if (!ok) refused.push(`${method} ${url}`);
  },
});
const origin = await listen(server);
const network = await offlineNetwork();
const foreign = network.foreign;

// --- the browser --------------------------------------------------------------------------------

const work = mkdtempSync(path.join(tmpdir(), 'preflight-app-'));
const userDataDir = path.join(work, 'profile');
const browser = session(userDataDir, [server, ...network.servers], work);
const timer = watchdog(timeoutMs, () => {
  check('the whole run', false, `timed out after ${timeoutMs} ms`);
  summary();
}, browser.cleanup);

const pageRequests = []; // {url, method, body}
const pageProblems = [];

/** The native command line on `file`: {stdout (Buffer), rows: [[row, code]], summary}. */
function nativeHash(args) {
  const r = spawnSync(preflightBin, ['hash', ...args], { maxBuffer: 1 << 28 });
  const stderr = r.stderr.toString('utf8');
  const rows = [...stderr.matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [Number(m[1]), m[2]]);
  const summaryLine = stderr.match(/^preflight hash: (.*?)(;.*)?$/m)?.[1] ?? null;
  return { status: r.status, stdout: r.stdout, rows, summary: summaryLine };
}

/**
 * One run of the audience tool: the page's download and rejected rows against the command line
 * with the same choices, and the rows with an independent expectation.
 */
async function audienceRun(page, csvPath, { name, column, idType, country, onError, expected }) {
  await page.selectOption('#aud-column', { label: (await page.$$eval('#aud-column option', (os) => os.map((o) => o.label))).find((l) => l.endsWith(`: ${column}`)) });
  await page.selectOption('#aud-type', idType);
  if (country !== undefined) await page.fill('#aud-country', country);
  await page.selectOption('#aud-on-error', onError);
  await page.click('#aud-hash');
  await page.waitForSelector('#aud-download:not([hidden])');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#aud-download')]);
  const got = readFileSync(await download.path());
  const args = [idType, csvPath, '--column', column, '--on-error', onError];
  if (country !== undefined) args.push('--default-country-code', country);
  const native = nativeHash(args);
  check(`${name}: the command line ran`, native.status === 1, `exit ${native.status}`);
  check(`${name}: the download equals the command line's output byte for byte`, got.equals(native.stdout),
    `${got.length} bytes vs ${native.stdout.length}; first difference at byte ${[...got].findIndex((b, i) => b !== native.stdout[i])}`);
  check(`${name}: the download is named after the file and the type`, download.suggestedFilename() === `audience.${idType}.sha256.csv`, download.suggestedFilename());

  const shown = await page.$$eval('#aud-rejected tr', (trs) => trs.map((tr) => [Number(tr.dataset.row), tr.dataset.code]));
  check(`${name}: the rejected rows shown are the command line's (row number and code)`,
    JSON.stringify(shown) === JSON.stringify(native.rows), `${shown.length} shown, ${native.rows.length} reported`);
  check(`${name}: a reason is shown for every rejected row`,
    (await page.$$eval('#aud-rejected tr td:nth-child(3)', (tds) => tds.filter((td) => td.textContent.trim() === '').length)) === 0);
  const [listDownload] = await Promise.all([page.waitForEvent('download'), page.click('#aud-download-rejected')]);
  const list = readFileSync(await listDownload.path(), 'utf8');
  check(`${name}: the downloadable list of rejected rows is the command line's`, list === native.rows.map(([r, c]) => `row ${r}: ${c}\n`).join(''));
  const pageSummary = await page.textContent('#aud-summary');
  check(`${name}: the summary counts are the command line's`, pageSummary === native.summary, `${pageSummary} vs ${native.summary}`);
  check(`${name}: the progress bar is full`, (await page.$eval('#aud-progress', (p) => p.value)) === 1);

  // Independent expectations, by data row (output line with --on-error empty).
  if (expected) {
    const lines = got.toString('utf8').split('\n');
    const wrong = [...expected].filter(([i, h]) => lines[i] !== h);
    check(`${name}: ${expected.size} rows hash as the spec says (public vectors, node:crypto)`, wrong.length === 0,
      `${wrong.length} differ, e.g. data row ${wrong[0]?.[0]}`);
  }
  const text = await page.evaluate(() => document.body.innerText);
  const leaked = Object.values(INVALID).flat().filter((v) => text.includes(v));
  check(`${name}: no invalid value shows on the page`, leaked.length === 0, leaked.join(', '));
  return native;
}

async function testAudience(page) {
  const { bytes, expected } = generateCsv();
  const csvPath = path.join(work, 'audience.csv');
  writeFileSync(csvPath, bytes);
  await page.click('#tab-audience');
  await page.setInputFiles('#aud-file', csvPath);
  await page.waitForFunction(() => document.querySelector('#aud-column').options.length > 0);
  const labels = await page.$$eval('#aud-column option', (os) => os.map((o) => o.label));
  check('audience: the columns are read from the header row', JSON.stringify(labels) === JSON.stringify(['1: id', '2: email', '3: phone_number', '4: name', '5: note']), JSON.stringify(labels));
  check('audience: the column named after a type is preselected with its type',
    (await page.$eval('#aud-column', (s) => s.value)) === '1' && (await page.$eval('#aud-type', (s) => s.value)) === 'email');

  await audienceRun(page, csvPath, { name: 'audience email', column: 'email', idType: 'email', onError: 'empty', expected: expected.email });
  await page.screenshot({ path: path.join(shots, 'audience.png'), fullPage: true });
  await audienceRun(page, csvPath, { name: 'audience phone', column: 'phone_number', idType: 'phone_number', country: '1', onError: 'empty', expected: expected.phone_number });
  await audienceRun(page, csvPath, { name: 'audience email, rejected rows dropped', column: 'email', idType: 'email', onError: 'drop' });

  // A wrong option fails the job with the engine's code, next to the options; nothing to download.
  await page.selectOption('#aud-type', 'phone_number');
  await page.fill('#aud-country', '0');
  await page.click('#aud-hash');
  await page.waitForFunction(() => document.querySelector('#aud-option-error').textContent !== '');
  const optionError = await page.textContent('#aud-option-error');
  check('audience: a bad default country code is reported by its code', optionError.startsWith('invalid_default_country_code:'), optionError);
  check('audience: nothing to download after a failed job', await page.$eval('#aud-download', (a) => a.hidden));
  await page.screenshot({ path: path.join(shots, 'audience-option-error.png'), fullPage: true });
}

/**
 * The worker's job (examples/browser/hash-csv.js, run here with the Node build) against the
 * command line on many small random CSVs: quotes, line endings, delimiters, byte-order marks and
 * bytes that are not UTF-8 in every arrangement the generator finds.
 */
async function testRandomCsv() {
  const file = path.join(work, 'random.csv');
  const differ = [];
  for (const c of randomCases(RANDOM_CASES)) {
    writeFileSync(file, c.bytes);
    const args = [c.idType, file, '--column', String(c.column), '--delimiter', c.delimiter[0], '--on-error', c.onError];
    if (!c.header) args.push('--no-header');
    const native = nativeHash(args);
    let done = null;
    const rejected = [];
    await hashFile({ file: new Blob([c.bytes]), idType: c.idType, column: c.column - 1, header: c.header, delimiter: c.delimiter[1], options: {}, onError: c.onError },
      hashIdentifiers, (m) => {
        rejected.push(...(m.rejected ?? []));
        if (m.type === 'done') done = m;
      });
    const got = Buffer.from(await done.blob.arrayBuffer());
    if (!got.equals(native.stdout) || JSON.stringify(rejected) !== JSON.stringify(native.rows)) {
      differ.push(`${JSON.stringify(c.bytes.toString('latin1'))} with ${args.slice(2).join(' ')}`);
    }
  }
  check(`the page's CSV job and the command line agree on ${RANDOM_CASES} random CSVs (output and rejected rows)`, differ.length === 0,
    `${differ.length} differ, e.g. ${differ.slice(0, 3).join('; ')}`);
}

try {
  await testRandomCsv();
  const context = await browser.launch({
    network,
    // Chromium's own services that call Google during a longer session (autofill predictions
    // when a form is typed in, the network time check): not the page's requests.
    args: ['--disable-features=AutofillServerCommunication,NetworkTimeServiceQuerying,OptimizationHints,Translate,MediaRouter'],
    acceptDownloads: true,
    viewport: { width: 1100, height: 900 },
  });
  context.on('request', (req) => {
    pageRequests.push({ url: req.url(), method: req.method(), body: req.postDataBuffer() });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);
  watchPage(page, pageProblems);
  page.on('worker', (w) => w.on('close', () => {}));

  await page.goto(`${origin}/${APP_DIR}index.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' || document.getElementById('status').textContent.startsWith('could not'));
  check('the page starts', (await page.textContent('#status')).startsWith('ready'), await page.textContent('#status'));
  const userAgent = await page.evaluate(() => navigator.userAgent);

  mkdirSync(shots, { recursive: true });
  await testForms(page, { check, shots, origin, preflightBin });
  await testAudience(page);
  console.log(`browser: ${browserName(userAgent)}`);
} catch (e) {
  check('browser run', false, e && e.stack ? e.stack : String(e));
} finally {
  await browser.cleanup();
}

// --- network ------------------------------------------------------------------------------------

const files = [...new Set(served.map((s) => s.rel))].sort();
console.log(`requests: ${served.length} to the test server, for ${files.length} files: ${files.join(', ')}`);
check('network: every request is a GET of one of the page\'s own files',
  served.every((s) => s.method === 'GET' && OWN_FILES.has(s.rel)), refused.join(', '));
check('network: no request to the test server has a body', served.every((s) => s.bodyBytes === 0));
check('network: the page, its worker and the package were loaded (the worker: the hash-only build)',
  ['examples/browser/index.html', 'examples/browser/hash-worker.js', 'pkg/browser.js', 'pkg/wasm/preflight_bg.wasm',
    'pkg/hash-browser.js', 'pkg/wasm/preflight_hash_bg.wasm'].every((f) => files.includes(f)));
const notLocal = pageRequests.filter((r) => !r.url.startsWith(`${origin}/`) && !r.url.startsWith('blob:') && !r.url.startsWith('data:'));
check('network: every request Playwright saw went to the test server (or a blob: of the page)', notLocal.length === 0, notLocal.map((r) => r.url).join(', '));
check('network: no request Playwright saw has a body', pageRequests.every((r) => r.body === null || r.body.length === 0));
check('network: nothing left the machine', foreign.size === 0, [...foreign].join(', '));
network.note();
for (const p of pageProblems) check('page console', false, p);

clearTimeout(timer);
summary();
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
