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
// - page setup: the .wasm is preloaded (the package's fetch takes that response: one request) and
//   every modulepreload names a module the page imports.
//
// Every state is looked at 390 and 1280 px wide (tests/browser/app-a11y.mjs: layout and axe-core).
// Screenshots go to tests/browser/screenshots/. Prints one line per failure and `N passed,
// N failed`; exits non-zero on any failure. Bounded by APP_TEST_TIMEOUT_MS (default 240000).
//
// Needs: scripts/build-wasm.sh (pkg/wasm/) and the native binary (cargo build; PREFLIGHT_BIN
// overrides target/debug/preflight). Chromium: CHROMIUM (default /usr/bin/chromium).
// Run: node tests/browser/app.mjs

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  root, executablePath, requireFiles, listen, fileServer, offlineNetwork, session, watchPage, watchdog, browserName,
} from './harness.mjs';
import { generateCsv, randomCases, INVALID } from './app-csv.mjs';
import { testForms } from './app-forms.mjs';
import { state } from './app-a11y.mjs';
import { modulesOf } from '../../scripts/module-graph.mjs';
// The page's hashing job and, for running it here, the Node build of the package.
import { hashFile, JobError } from '../../examples/browser/hash-csv.js';
import { sniff, SNIFF_BYTES } from '../../examples/browser/audience.js';
import { hashFile as packageHashFile, PreflightError } from 'preflight-wasm';

const timeoutMs = Number(process.env.APP_TEST_TIMEOUT_MS || 240_000);
const preflightBin = path.resolve(process.env.PREFLIGHT_BIN || path.join(root, 'target/debug/preflight'));
const shots = path.join(root, 'tests/browser/screenshots');
/** Random small CSVs read by the page's job (in Node) and by the command line. */
// About half of the random cases name a column past the first record, which both refuse: 600
// leaves about 250 whose outputs are compared (at least a third must be).
const RANDOM_CASES = Number(process.env.APP_TEST_RANDOM_CASES || 600);

// The page's own files: everything in examples/browser/ and the browser build of the package.
const APP_DIR = 'examples/browser/';
// (The browser entries re-export the manual ones: pkg/manual.js, pkg/hash-manual.js,
// pkg/helpers-manual.js; the worker loads preflight-wasm/helpers, its own build.)
const PKG_FILES = ['pkg/browser.js', 'pkg/manual.js', 'pkg/api.js', 'pkg/wasm/preflight.js', 'pkg/wasm/preflight_bg.wasm',
  'pkg/hash-browser.js', 'pkg/hash-manual.js', 'pkg/wasm/preflight_hash.js', 'pkg/wasm/preflight_hash_bg.wasm',
  'pkg/helpers-browser.js', 'pkg/helpers-manual.js', 'pkg/wasm/preflight_helpers.js', 'pkg/wasm/preflight_helpers_bg.wasm',
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
const preloaded = { modules: [], wasm: [] }; // repository paths the page's <link>s preload
const pageProblems = [];

/** The native command line on `file`: {stdout (Buffer), rows: [[row, code]], summary}. */
function nativeHash(args) {
  const r = spawnSync(preflightBin, ['hash', ...args], { maxBuffer: 1 << 28 });
  const stderr = r.stderr.toString('utf8');
  const rows = [...stderr.matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [Number(m[1]), m[2]]);
  const summaryLine = stderr.match(/^preflight: hash: (.*?)(;.*)?$/m)?.[1] ?? null;
  return { status: r.status, stdout: r.stdout, rows, summary: summaryLine };
}

/**
 * One run of the audience tool: the page's download and rejected rows against the command line
 * with the same choices, and the rows with an independent expectation.
 */
async function audienceRun(page, csvPath, { name, column, idType, country, onError, expected, base = 'audience' }) {
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
  check(`${name}: the download is named after the file and the type`, download.suggestedFilename() === `${base}.${idType}.sha256.csv`, download.suggestedFilename());

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

/** The reason shown for a disabled Hash button ('' when it is enabled), checked to be its title too. */
async function hashOffBecause(page) {
  return page.$eval('#aud-hash', (b) => {
    const why = document.getElementById(b.getAttribute('aria-describedby') ?? '');
    return b.disabled && why && why.checkVisibility() && why.textContent === b.title ? why.textContent : b.disabled ? '(no reason)' : '';
  });
}

/**
 * Before any file, the bundled sample (examples/samples/identifiers.csv: a `type` column and a
 * `value` column) and files that are not UTF-8 CSV text.
 */
async function testAudienceStart(page, ctx) {
  await page.click('#tab-audience');
  check('audience: before any file, no rejected-rows table and no progress bar show', !(await page.isVisible('table.rejected')) && !(await page.isVisible('#aud-progress')));
  const before = await hashOffBecause(page);
  check('audience: before any file, Hash is off and says why', /pick a csv file/i.test(before), before);
  await state(page, ctx, 'audience-empty');

  // The sample's header names no identifier type: no column is guessed (not `type`, a column of
  // type names); the person chooses, and hashing the `value` column as emails is the command line's.
  await page.setInputFiles('#aud-file', path.join(root, 'examples/samples/identifiers.csv'));
  await page.waitForFunction(() => document.querySelector('#aud-column').options.length > 0);
  check('audience: the bundled sample gets no column guessed', (await page.$eval('#aud-column', (s) => s.value)) === '', await page.$eval('#aud-column', (s) => s.selectedOptions[0]?.label));
  const choose = await hashOffBecause(page);
  check('audience: Hash is off until a column is chosen, and says so', /choose the column/i.test(choose), choose);
  await state(page, ctx, 'audience-sample-choose-column');
  await audienceRun(page, path.join(root, 'examples/samples/identifiers.csv'), { name: 'audience sample', column: 'value', idType: 'email', onError: 'empty', base: 'identifiers' });
  await state(page, ctx, 'audience-sample-hashed');

  // A binary file (an image) is refused with a reason and no column of garbage; text that is not
  // all UTF-8 gets a warning and can still be hashed.
  const png = path.join(work, 'photo.csv');
  writeFileSync(png, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR,\xff\xfe,\n', 'latin1')]));
  await page.setInputFiles('#aud-file', png);
  await page.waitForFunction(() => document.querySelector('#aud-file-error').textContent !== '');
  const binaryError = await page.textContent('#aud-file-error');
  check('audience: a binary file is refused with a reason', /not a csv/i.test(binaryError) && /image/i.test(binaryError), binaryError);
  check('audience: a binary file offers no column and no Hash', (await page.$$('#aud-column option')).length === 0 && (await hashOffBecause(page)) !== '');
  await state(page, ctx, 'audience-binary-file');
  const nul = path.join(work, 'data.csv');
  writeFileSync(nul, Buffer.from('email\nab\u0000\u0001\u0002cd\n', 'latin1'));
  await page.setInputFiles('#aud-file', nul);
  await page.waitForFunction(() => document.querySelector('#aud-file-error').textContent !== '');
  check('audience: a file with NUL bytes is refused as binary', /binary/i.test(await page.textContent('#aud-file-error')), await page.textContent('#aud-file-error'));
  const latin1 = path.join(work, 'latin1.csv');
  writeFileSync(latin1, Buffer.from('email\nRen\xe9@example.com\n', 'latin1'));
  await page.setInputFiles('#aud-file', latin1);
  await page.waitForFunction(() => document.querySelector('#aud-column').options.length > 0);
  const warning = await page.textContent('#aud-file-warning');
  check('audience: a file that is not all UTF-8 gets a warning and can be hashed', /not utf-8/i.test(warning) && (await hashOffBecause(page)) === '', warning);
}

async function testAudience(page, ctx) {
  await testAudienceStart(page, ctx);
  const { bytes, expected } = generateCsv();
  const csvPath = path.join(work, 'audience.csv');
  writeFileSync(csvPath, bytes);
  await page.setInputFiles('#aud-file', csvPath);
  await page.waitForFunction(() => document.querySelector('#aud-column').options.length > 0);
  const labels = await page.$$eval('#aud-column option', (os) => os.map((o) => o.label));
  check('audience: the columns are read from the header row', JSON.stringify(labels) === JSON.stringify(['1: id', '2: email', '3: phone_number', '4: name', '5: note']), JSON.stringify(labels));
  check('audience: the column named after a type is preselected with its type',
    (await page.$eval('#aud-column', (s) => s.value)) === '1' && (await page.$eval('#aud-type', (s) => s.value)) === 'email');

  await audienceRun(page, csvPath, { name: 'audience email', column: 'email', idType: 'email', onError: 'empty', expected: expected.email });
  check('audience: rejected rows show in their table', await page.isVisible('table.rejected'));
  await state(page, ctx, 'audience-hashed');
  await audienceRun(page, csvPath, { name: 'audience phone', column: 'phone_number', idType: 'phone_number', country: '1', onError: 'empty', expected: expected.phone_number });
  await audienceRun(page, csvPath, { name: 'audience email, rejected rows dropped', column: 'email', idType: 'email', onError: 'drop' });

  // A wrong option fails the job with the engine's code (kept in data-code), shown in words at
  // the option's field, which is marked invalid; nothing to download.
  await page.selectOption('#aud-type', 'phone_number');
  await page.fill('#aud-country', '0');
  await page.click('#aud-hash');
  await page.waitForFunction(() => document.querySelector('#aud-country-error')?.textContent);
  const optionError = await page.$eval('#aud-country-error', (e) => ({ text: e.textContent, code: e.dataset.code }));
  check('audience: a bad default country code is reported at its field, by the engine\'s code', optionError.code === 'invalid_default_country_code', JSON.stringify(optionError));
  check('audience: the option error is words, not a code', !/\b[a-z]+_[a-z_]+\b/.test(optionError.text) && /country code/i.test(optionError.text), optionError.text);
  check('audience: the country code field is marked invalid and described by the error',
    await page.$eval('#aud-country', (c) => c.getAttribute('aria-invalid') === 'true' && c.getAttribute('aria-describedby').split(' ').includes('aud-country-error')));
  check('audience: nothing to download after a failed job', await page.$eval('#aud-download', (a) => a.hidden));
  check('audience: no progress bar is left after a failed job', !(await page.isVisible('#aud-progress')) && (await page.$eval('#aud-progress', (p) => p.value)) === 0);
  await state(page, ctx, 'audience-option-error');
}

/**
 * The worker's job (examples/browser/hash-csv.js, run here with the Node build) against the
 * command line on many small random CSVs: quotes, line endings, delimiters, byte-order marks and
 * bytes that are not UTF-8 in every arrangement the generator finds.
 */
async function testRandomCsv() {
  const file = path.join(work, 'random.csv');
  const differ = [];
  let usageErrors = 0;
  for (const c of randomCases(RANDOM_CASES)) {
    writeFileSync(file, c.bytes);
    const args = [c.idType, file, '--column', String(c.column), '--delimiter', c.delimiter[0], '--on-error', c.onError];
    if (!c.header) args.push('--no-header');
    const native = nativeHash(args);
    let done = null;
    const rejected = [];
    let jobError = null;
    try {
      await hashFile({ file: new Blob([c.bytes]), idType: c.idType, column: c.column - 1, header: c.header, delimiter: c.delimiter[0], options: {}, onError: c.onError },
        packageHashFile, (m) => {
          rejected.push(...(m.rejected ?? []));
          if (m.type === 'done') done = m;
        });
    } catch (err) {
      if (!(err instanceof JobError || err instanceof PreflightError)) throw err;
      jobError = err;
    }
    // A usage error of the command line (no such column, an empty file, a header that is not
    // CSV) is a failed job in the page, and so is a quote that never closes (exit 3: the job's
    // unclosed_quote); nothing else is.
    if (native.status === 2 || native.status === 3 || jobError !== null) {
      const same = jobError !== null && (native.status === 3) === (jobError.code === 'unclosed_quote') &&
        (native.status === 2 || native.status === 3);
      if (!same) {
        differ.push(`${JSON.stringify(c.bytes.toString('latin1'))} with ${args.slice(2).join(' ')}: ` +
          `exit ${native.status}, job ${jobError?.code ?? 'done'}`);
      } else {
        usageErrors++;
      }
      continue;
    }
    const got = Buffer.from(await done.blob.arrayBuffer());
    if (!got.equals(native.stdout) || JSON.stringify(rejected) !== JSON.stringify(native.rows)) {
      differ.push(`${JSON.stringify(c.bytes.toString('latin1'))} with ${args.slice(2).join(' ')}`);
    }
  }
  check(`the page's CSV job and the command line agree on ${RANDOM_CASES} random CSVs (output and rejected rows; ${usageErrors} refused by both)`,
    differ.length === 0 && (RANDOM_CASES - usageErrors) * 3 >= RANDOM_CASES,
    `${differ.length} differ, e.g. ${differ.slice(0, 3).join('; ')}`);
}

/** The audience tool's look at the start of a file (run here, in Node): what it refuses, warns of, takes. */
function testSniff() {
  const euro = Buffer.from('€', 'utf8'); // 3 bytes
  const cut = Buffer.concat([Buffer.from('email\n'), Buffer.alloc(SNIFF_BYTES - 7, 'a'), euro]); // the € crosses the sample's end
  const cases = [
    ['UTF-8 text', Buffer.from('email\nzoë@example.com\n'), {}],
    ['UTF-8 with a byte-order mark', Buffer.from('\ufeffemail\na@example.com\n'), {}],
    ['a character cut by the end of the sample', cut, {}],
    ['UTF-16 LE', Buffer.from('\ufeffemail\n', 'utf16le'), 'error'],
    ['an .xlsx (ZIP)', Buffer.from('PK\x03\x04\x14\x00', 'latin1'), 'error'],
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3', 'latin1'), 'error'],
    ['NUL bytes', Buffer.from('email\na\x00b\n', 'latin1'), 'error'],
    ['Latin-1 text', Buffer.from('email\nRen\xe9@example.com\n', 'latin1'), 'warning'],
  ];
  for (const [name, bytes, want] of cases) {
    const got = sniff(new Uint8Array(bytes));
    const kind = got.error ? 'error' : got.warning ? 'warning' : got;
    check(`audience file check: ${name} -> ${typeof want === 'string' ? want : 'taken'}`, JSON.stringify(kind) === JSON.stringify(want), JSON.stringify(got));
  }
}

try {
  testSniff();
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
  const links = await page.$$eval('link[rel="modulepreload"], link[rel="preload"]', (ls) => ls.map((l) => [l.rel, new URL(l.href).pathname.slice(1)]));
  preloaded.modules = links.filter(([r]) => r === 'modulepreload').map(([, p]) => p);
  preloaded.wasm = links.filter(([r]) => r === 'preload').map(([, p]) => p);

  // Only this run's screenshots in the folder.
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  await testForms(page, { check, shots, origin, preflightBin });
  await testAudience(page, { check, shots });
  console.log(`screenshots: ${shots}`);
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
check('network: the page, its worker and the package were loaded (the worker: preflight-wasm/helpers, its own build)',
  ['examples/browser/index.html', 'examples/browser/hash-worker.js', 'pkg/browser.js', 'pkg/wasm/preflight_bg.wasm',
    'pkg/helpers-browser.js', 'pkg/helpers-manual.js', 'pkg/wasm/preflight_helpers_bg.wasm'].every((f) => files.includes(f)));
// The page setup of pkg/README.md: the .wasm preloaded (and that response used: one request),
// modules preloaded only if the page imports them.
check('network: the page\'s .wasm was requested once (the preload is the response the package instantiates)',
  served.filter((s) => s.rel === 'pkg/wasm/preflight_bg.wasm').length === 1, `${served.filter((s) => s.rel === 'pkg/wasm/preflight_bg.wasm').length} requests`);
const graph = modulesOf(root, `${APP_DIR}app.js`);
check('network: every module the page preloads is one it imports', preloaded.modules.length > 0 && preloaded.modules.every((m) => graph.includes(m)),
  preloaded.modules.filter((m) => !graph.includes(m)).join(', '));
check('network: the .wasm preloaded is the one the package fetches', JSON.stringify(preloaded.wasm) === '["pkg/wasm/preflight_bg.wasm"]', JSON.stringify(preloaded.wasm));
const notLocal = pageRequests.filter((r) => !r.url.startsWith(`${origin}/`) && !r.url.startsWith('blob:') && !r.url.startsWith('data:'));
check('network: every request Playwright saw went to the test server (or a blob: of the page)', notLocal.length === 0, notLocal.map((r) => r.url).join(', '));
check('network: no request Playwright saw has a body', pageRequests.every((r) => r.body === null || r.body.length === 0));
check('network: nothing left the machine', foreign.size === 0, [...foreign].join(', '));
network.note();
for (const p of pageProblems) check('page console', false, p);

clearTimeout(timer);
summary();
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
