// hashFileInWorker (pkg/lib/hash-in-worker.js, its module Worker pkg/lib/hash-worker.js) in
// headless Chromium, from every browser entry of the full build and of preflight-wasm/helpers
// (browser, manual, inline): a File hashed in the worker gives exactly the
// native `preflight hash` output (target/debug/preflight, built by `cargo build` or `cargo test`;
// PREFLIGHT_BIN overrides it) and its rejected rows, for a CSV column and for lines; progress
// reaches the file's size; an AbortSignal stops the job with its reason, and no progress comes
// after it. Prints `N passed, N failed`.
//
// Run: cargo build && bash scripts/build-wasm.sh && node tests/browser/hash-worker.mjs
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, listen, fileServer, session, watchPage, watchdog } from './harness.mjs';
import { generateCsv } from './app-csv.mjs';

const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 180_000);
const FIXTURES = 'target/browser-hash-worker';

const failures = [];
let passed = 0;
const check = (ok, message) => {
  if (ok) passed++;
  else failures.push(message);
};

/** The native command line on a fixture: {stdout, rows: [[row, code], ...]}. */
function native(file, args) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const r = spawnSync(BIN, ['hash', ...args, path.join(root, FIXTURES, file)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`preflight hash exited ${r.status}: ${r.stderr}`);
  return { stdout: r.stdout, rows: [...r.stderr.matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [+m[1], m[2]]) };
}

mkdirSync(path.join(root, FIXTURES), { recursive: true });
const csv = generateCsv(3000).bytes;
writeFileSync(path.join(root, FIXTURES, 'audience.csv'), csv);
// Lines: enough of them that the job is still running when the test aborts it.
const lines = Array.from({ length: 200_000 }, (_, i) => (i % 1000 === 7 ? 'not an email' : ` User.${i}@Example.com`)).join('\r\n') + '\n';
writeFileSync(path.join(root, FIXTURES, 'lines.txt'), lines);
// A stray quote at row 4 that never closes: the command line stops there (exit 3).
const stray = `email\r\nu1@x.com\r\nu2@x.com\r\n"broken@x.com\r\n${'v@x.com\r\n'.repeat(200_000)}`;
writeFileSync(path.join(root, FIXTURES, 'stray.csv'), stray);
const strayCli = spawnSync(BIN, ['hash', 'email', '--column', 'email', path.join(root, FIXTURES, 'stray.csv')], { encoding: 'utf8' });

const PAGE = (entry) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>hash worker</title><script type="module">
  const api = await import(${JSON.stringify(entry)});
  const file = async (name) => new File([await (await fetch('/${FIXTURES}/' + name)).blob()], name);
  // The result as plain data: the output's text, the rejected rows, the progress seen.
  window.hash = async (name, options) => {
    const progress = [];
    const r = await api.hashFileInWorker(await file(name), options, { onProgress: (p) => progress.push(p) });
    return { text: await r.blob.text(), rows: r.rejected.map((x) => [x.row, x.code]), counted: r.rows, hashed: r.hashed,
      progress: progress.map((p) => ({ bytes: p.bytes, total: p.total, rows: p.rows, rejected: p.rejected.length })) };
  };
  window.abort = async (name, options) => {
    const controller = new AbortController();
    let after = 0;
    let calls = 0;
    const started = api.hashFileInWorker(await file(name), options, {
      signal: controller.signal,
      onProgress: () => {
        calls++;
        if (controller.signal.aborted) after++;
        else controller.abort(new DOMException('stopped by the test', 'AbortError'));
      },
    });
    let outcome;
    try {
      await started;
      outcome = 'resolved';
    } catch (e) {
      outcome = e.name + ': ' + e.message;
    }
    // Whatever the worker had queued has had time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    return { outcome, calls, after };
  };
  window.wrong = async (options, name = 'lines.txt') => {
    try {
      await api.hashFileInWorker(await file(name), options);
      return 'resolved';
    } catch (e) {
      return e.name + ' ' + e.code + (e.row === undefined ? '' : ' row ' + e.row);
    }
  };
  // Object.prototype.workerUrl set to a data: worker that would receive the file (it answers
  // 'stolen'): hashFileInWorker reads its control's own members only, so the package's worker runs.
  window.polluted = async (name, options) => {
    Object.prototype.workerUrl = 'data:text/javascript,self.onmessage=()=>self.postMessage({type:"done",result:"stolen"})';
    try {
      const r = await api.hashFileInWorker(await file(name), options, { onProgress: () => {} });
      return typeof r === 'string' ? r : await r.blob.text();
    } catch (e) {
      return e.name + ' ' + e.code;
    } finally {
      delete Object.prototype.workerUrl;
    }
  };
  // The worker address policy: a string must be same-origin http(s); a URL object is the page's.
  window.workerAt = async (url, asObject) => {
    try {
      const r = await api.hashFileInWorker(await file('audience.csv'), { type: 'email', column: 'email' },
        { workerUrl: asObject ? new URL(url, location.href) : url });
      return typeof r === 'string' ? r : await r.blob.text();
    } catch (e) {
      return e.name + ' ' + e.code;
    }
  };
  window.ready = true;
</script>`;

// And their minified builds, which the "exports" map names for browsers (pkg/dist/,
// scripts/build-js.mjs: the Worker is pkg/dist/lib/hash-worker.js there).
const ENTRIES = ['helpers-browser', 'helpers-manual', 'helpers-inline', 'browser', 'manual', 'inline',
  'dist/helpers-browser', 'dist/manual', 'dist/inline'];
const server = fileServer({
  allow: (rel) => rel.startsWith('pkg/') || rel.startsWith(FIXTURES + '/'),
  mime: { '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.csv': 'text/csv', '.txt': 'text/plain' },
  // Every browser entry of the full build and of preflight-wasm/helpers (the worker loads the
  // helpers entry, over its own build, whichever entry started it; a manual entry needs no
  // init() for it).
  pages: Object.fromEntries(ENTRIES.map((e) => [`/${e}.html`, PAGE(`/pkg/${e}.js`)])),
  onRequest: (r) => process.env.DEBUG && console.log(r.ok, r.url),
});
const origin = await listen(server);
const userDataDir = mkdtempSync(path.join(tmpdir(), 'preflight-chromium-'));
const browser = session(userDataDir, [server]);
const timer = watchdog(TIMEOUT_MS, () => console.log(`timed out after ${TIMEOUT_MS} ms`), browser.cleanup);
try {
  const context = await browser.launch();
  const runs = [
    ['audience.csv', { type: 'email', column: 'email' }, ['email', '--column', 'email']],
    ['audience.csv', { type: 'phone_number', column: '3', defaultCountryCode: '1', onError: 'drop' },
      ['phone_number', '--column', '3', '--default-country-code', '1', '--on-error', 'drop']],
    ['lines.txt', { type: 'email' }, ['email']],
  ];
  const want = runs.map(([file, , args]) => native(file, args));
  for (const name of ENTRIES) {
    const page = await context.newPage();
    const errors = [];
    watchPage(page, errors);
    await page.goto(`${origin}/${name}.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
    for (let i = 0; i < runs.length; i++) {
      const [file, options] = runs[i];
      const label = `${name}: ${file} ${JSON.stringify(options)}`;
      const got = await page.evaluate(([f, o]) => window.hash(f, o), [file, options]);
      check(got.text === want[i].stdout, `${label}: the output differs from preflight hash's (${got.text.length} vs ${want[i].stdout.length} characters)`);
      check(JSON.stringify(got.rows) === JSON.stringify(want[i].rows), `${label}: rejected rows differ (${got.rows.length} vs ${want[i].rows.length})`);
      const size = file === 'lines.txt' ? Buffer.byteLength(lines) : csv.length;
      const last = got.progress.at(-1);
      check(got.progress.length >= 2 && last.bytes === size && last.total === size && last.rows === got.counted,
        `${label}: progress ${JSON.stringify(got.progress.slice(-2))}`);
      check(got.progress.reduce((n, p) => n + p.rejected, 0) === got.rows.length, `${label}: progress reported every rejected row`);
    }
    const aborted = await page.evaluate(() => window.abort('lines.txt', { type: 'email' }));
    check(aborted.outcome === 'AbortError: stopped by the test', `${name}: abort: ${aborted.outcome}`);
    check(aborted.calls === 1 && aborted.after === 0, `${name}: progress after the abort: ${JSON.stringify(aborted)}`);
    // The page goes on: a new job after the aborted one.
    const again = await page.evaluate(([f, o]) => window.hash(f, o), [runs[0][0], runs[0][1]]);
    check(again.text === want[0].stdout, `${name}: a job after an aborted one`);
    check(await page.evaluate(() => window.wrong({ type: 'mail' })) === 'PreflightError unknown_id_type', `${name}: an unknown type`);
    check(await page.evaluate(() => window.wrong({ type: 'email', column: 'nope' })) === 'PreflightError unknown_column', `${name}: an unknown column`);
    const stolen = await page.evaluate(([f, o]) => window.polluted(f, o), [runs[0][0], runs[0][1]]);
    check(stolen === want[0].stdout, `${name}: Object.prototype.workerUrl: ${stolen.slice(0, 80)}`);
    const data = 'data:text/javascript,self.onmessage=()=>self.postMessage({type:"done",result:"stolen"})';
    for (const refused of [data, 'blob:' + origin + '/0b7c2e4a-1f0e-4c1c-9f3e-6d1f2d3c4b5a', 'http://localhost.invalid/pkg/lib/hash-worker.js']) {
      const got = await page.evaluate(([u]) => window.workerAt(u, false), [refused]);
      check(got === 'PreflightError bad_options', `${name}: workerUrl ${refused.slice(0, 40)}: ${got.slice(0, 80)}`);
    }
    const sameOrigin = await page.evaluate(() => window.workerAt('/pkg/lib/hash-worker.js', false));
    check(sameOrigin === want[0].stdout, `${name}: a same-origin workerUrl string: ${sameOrigin.slice(0, 80)}`);
    // A URL object is the page's own choice, whatever its scheme: a data: one runs as given.
    const own = await page.evaluate(([u]) => window.workerAt(u, true), [data]);
    check(own === 'stolen', `${name}: a data: URL object: ${own.slice(0, 80)}`);
    const strayRow = strayCli.stderr.match(/unclosed_quote: row (\d+)/)?.[1];
    check(strayCli.status === 3 && strayRow === '4', `the command line on stray.csv: ${strayCli.status} ${strayCli.stderr}`);
    const strayGot = await page.evaluate(() => window.wrong({ type: 'email', column: 'email' }, 'stray.csv'));
    check(strayGot === `PreflightError unclosed_quote row ${strayRow}`, `${name}: a stray quote: ${strayGot}`);
    check(errors.length === 0, `${name}: page errors: ${errors.join('; ')}`);
    await page.close();
  }
} catch (e) {
  failures.push(`error: ${e?.stack ?? e}`);
} finally {
  await browser.cleanup();
  clearTimeout(timer);
  rmSync(path.join(root, FIXTURES), { recursive: true, force: true });
}
for (const f of failures) console.log(`FAIL ${f}`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
