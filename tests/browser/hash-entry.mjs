// The hash-only browser entry (pkg/hash-browser.js -> pkg/wasm/preflight_hash.js) and Unicode normalization
// through the browser's own String.prototype.normalize, in headless Chromium: a page that imports
// only `hash-browser.js` fetches exactly its files (never the full build's glue, .wasm,
// validation or signing wrapper, nor the helpers of preflight-wasm/helpers), one that imports
// `helpers-browser.js` its own build's files (the hash API and the CSV reader in one .wasm) and
// the helpers, and the entries hash non-ASCII emails (composed, decomposed,
// Greek, Hangul, combining marks) exactly as the native CLI does (target/debug/preflight, built by
// `cargo build` or `cargo test`; PREFLIGHT_BIN overrides it), and both give every shared
// identifier vector's hash or error code (tests/vectors/identifiers/, the format of
// tests/identifier_vectors.rs). Prints `N passed, N failed`.
//
// Run: cargo build && bash scripts/build-wasm.sh && node tests/browser/hash-entry.mjs
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, listen, fileServer, session, watchPage, watchdog } from './harness.mjs';
import { TRAP_INPUTS } from '../node/trap-checks.mjs';
import { keptRanges } from '../../scripts/unicode-table.mjs';

const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const TIMEOUT_MS = 120_000;

const EMAILS = [
  'José@Example.com',
  'Jose\u0301@Example.com',
  'A\u030ANGSTRO\u0308M@lab.se',
  '\u212Bngstrom@lab.se',
  'nguye\u0302\u0323n@vn.example',
  'ΟΔΥΣΣΕΥΣ@ithaca.gr',
  '\u0391\u0301@athens.gr',
  '\u1F71lpha@athens.gr',
  '\u0399\u0308\u0301@greek.example',
  '한국@mail.kr',
  '\u1112\u1161\u11AB\u1100\u116E\u11A8@mail.kr',
  '\u0418\u0306ошкар@mail.ru',
  '\u0958\u093F@mail.in',
  '\uF900@mail.cn',
  '\u304B\u3099@mail.jp',
  'İstanbul@mail.tr',
  'user@mu\u0308nchen.de',
  '\u3000Zoë@café.fr\u00A0',
  'a\u0301@b@c.example',
  'plain.ascii@example.com',
];

const vectorDir = path.join(root, 'tests/vectors/identifiers');
const VECTORS = readdirSync(vectorDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(path.join(vectorDir, f), 'utf8')).map((c) => ({
    name: `${f}: ${c.name}`,
    type: c.type,
    raw: c.raw.map(([text, times]) => text.repeat(times)).join(''),
    options: { defaultCountryCode: c.default_country_code, phoneFormat: c.phone_format },
    want: 'error' in c ? `e${c.error}` : `o${c.sha256}`,
  })));

const sha256 = (v) => createHash('sha256').update(v, 'utf8').digest('hex');
const failures = [];
let passed = 0;
const check = (ok, message) => {
  if (ok) passed++;
  else failures.push(message);
};

/** `o<hash>` or `e<code>` of each email, natively (the CLI's standard error names the codes). */
function nativeOutcomes(values) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-hash-entry-'));
  try {
    const file = path.join(dir, 'emails.txt');
    writeFileSync(file, values.map((v) => `${v}\n`).join(''));
    const r = spawnSync(BIN, ['hash', 'email', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0 && r.status !== 1) throw new Error(`preflight hash exited ${r.status}: ${r.stderr}`);
    const codes = new Map([...r.stderr.matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [Number(m[1]) - 1, m[2]]));
    return r.stdout.split('\n').slice(0, values.length).map((l, i) => (l === '' ? `e${codes.get(i)}` : `o${l}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Every code point unassigned in Unicode 15.1 in planes 0-3 (scripts/data/unicode-15.1.txt) and
// the assigned ones beside each range, after a letter before an acute (where a mark the engine
// knows would be reordered) and after a capital sigma: the browser's answer is the native one,
// whatever the browser's Unicode version (src/audience/unicode.rs).
const BOUNDARY = (() => {
  const points = [];
  for (const [a, b] of keptRanges()) {
    if (a >= 0x40000) continue;
    for (let c = a - 1; c <= Math.min(b, 0x3ffff) + 1; c++) points.push(c);
  }
  return points
    .filter((c) => c >= 0 && !(c >= 0xd800 && c < 0xe000) && c !== 0x0a && c !== 0x0d)
    .flatMap((c) => [`a${String.fromCodePoint(c)}\u0301b@example.com`, `A\u03A3${String.fromCodePoint(c)}@x.example`]);
})();

function nativeHashes(values) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-hash-entry-'));
  try {
    const file = path.join(dir, 'emails.txt');
    writeFileSync(file, values.map((v) => `${v}\n`).join(''));
    const r = spawnSync(BIN, ['hash', 'email', file, '--quiet'], { encoding: 'utf8' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`preflight hash exited ${r.status}: ${r.stderr}`);
    return r.stdout.split('\n').slice(0, values.length).map((l) => (l === '' ? null : l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PAGE = (entry) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>hash entry</title><script type="module">
  const api = await import(${JSON.stringify(entry)});
  window.result = (values) => values.map((v) => { try { return api.hashIdentifier('email', v); } catch (e) { return null; } });
  window.bulk = (values) => api.hashIdentifiers('email', values).hashes;
  // Several of hashIdentifiers' 32,768-value blocks (the first grows the module's memory): the
  // slots that differ from the one-value call, and a few hashes for the runner to check.
  window.blocks = (n, sample) => {
    const values = Array.from({ length: n }, (_, i) => 'User.' + i + '@Example.COM');
    const r = api.hashIdentifiers('email', values);
    const differ = r.hashes.flatMap((h, i) => (h === api.hashIdentifier('email', values[i]) ? [] : [i]));
    return { differ, errors: r.errors.length, length: r.hashes.length, sample: sample.map((i) => r.hashes[i]) };
  };
  // One identifier vector: \`o<hash>\` or \`e<code>\`, by the one-value and the bulk call.
  window.vectors = (cases) => cases.map(({ type, raw, options }) => {
    let single;
    try { single = 'o' + api.hashIdentifier(type, raw, options); } catch (e) { single = 'e' + e.code; }
    const r = api.hashIdentifiers(type, [raw], options);
    return [single, r.hashes[0] != null ? 'o' + r.hashes[0] : 'e' + (r.errors[0] && r.errors[0].code)];
  });
  // \`o<hash>\` or \`e<code>\` of each email by the bulk call; and the engine's Unicode (whether it
  // knows U+1C89, new in 16.0, and U+05C8, new in 18.0).
  window.outcomes = (values) => {
    const r = api.hashIdentifiers('email', values);
    const out = r.hashes.map((h) => (h == null ? null : 'o' + h));
    for (const e of r.errors) out[e.index] = 'e' + e.code;
    return out;
  };
  window.knows = () => [0x1c89, 0x5c8].map((c) => /\\p{Assigned}/u.test(String.fromCodePoint(c)));
  window.ready = true;
</script>`;

// A trap on purpose in the hash-only entry, then hashing again (tests/node/trap-checks.mjs).
const TRAP_PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>trap</title><script type="module">
  import * as api from '/pkg/hash-browser.js';
  import * as raw from '/pkg/wasm/preflight_hash.js';
  import { runTrapChecks } from '/tests/node/trap-checks.mjs';
  window.trap = (refs) => runTrapChecks(api, raw, refs, false);
  window.ready = true;
</script>`;
const trapRefs = {
  hashes: TRAP_INPUTS.normalized.map(sha256),
  crc: '',
  signature: `sha256=${createHmac('sha256', TRAP_INPUTS.crcSecret).update(TRAP_INPUTS.body).digest('base64')}`,
};

const server = fileServer({
  allow: (rel) => rel.startsWith('pkg/') || rel === 'tests/node/trap-checks.mjs',
  mime: { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' },
  pages: { '/hash.html': PAGE('/pkg/hash-browser.js'), '/helpers.html': PAGE('/pkg/helpers-browser.js'), '/full.html': PAGE('/pkg/browser.js'), '/trap.html': TRAP_PAGE },
});
const origin = await listen(server);
const userDataDir = mkdtempSync(path.join(tmpdir(), 'preflight-chromium-'));
const browser = session(userDataDir, [server]);
const timer = watchdog(TIMEOUT_MS, () => console.log(`timed out after ${TIMEOUT_MS} ms`), browser.cleanup);
try {
  const context = await browser.launch();
  const native = nativeHashes(EMAILS);
  check(native.filter((h) => h !== null).length === EMAILS.length - 1, 'the native CLI hashes all but one email');
  for (const name of ['hash', 'helpers', 'full']) {
    const page = await context.newPage();
    const requested = [];
    const errors = [];
    page.on('request', (r) => requested.push(r.url().replace(origin, '')));
    watchPage(page, errors);
    await page.goto(`${origin}/${name}.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
    const single = await page.evaluate((v) => window.result(v), EMAILS);
    const bulk = await page.evaluate((v) => window.bulk(v), EMAILS);
    const n = 70_000;
    const sample = [0, 32767, 32768, 65536, n - 1];
    const blocks = await page.evaluate(([count, at]) => window.blocks(count, at), [n, sample]);
    check(blocks.length === n && blocks.errors === 0 && blocks.differ.length === 0,
      `${name}: hashIdentifiers over blocks: ${blocks.length} slots, ${blocks.errors} errors, differ at ${blocks.differ.slice(0, 5)}`);
    sample.forEach((i, k) => check(blocks.sample[k] === sha256(`user.${i}@example.com`),
      `${name}: hashIdentifiers over blocks, slot ${i}: ${blocks.sample[k]}`));
    EMAILS.forEach((v, i) => {
      check(single[i] === native[i], `${name}: hashIdentifier ${JSON.stringify(v)}: ${single[i]} != native ${native[i]}`);
      check(bulk[i] === native[i], `${name}: hashIdentifiers ${JSON.stringify(v)}: ${bulk[i]} != native ${native[i]}`);
    });
    const vectors = await page.evaluate((v) => window.vectors(v), VECTORS.map(({ type, raw, options }) => ({ type, raw, options })));
    check(VECTORS.length >= 15, `${VECTORS.length} identifier vectors`);
    VECTORS.forEach((c, i) => {
      check(vectors[i][0] === c.want, `${name}: vector ${c.name}: hashIdentifier ${vectors[i][0]}, expected ${c.want}`);
      check(vectors[i][1] === c.want, `${name}: vector ${c.name}: hashIdentifiers ${vectors[i][1]}, expected ${c.want}`);
    });
    if (name === 'hash') {
      const knows = await page.evaluate(() => window.knows());
      console.log(`Chromium knows U+1C89 (Unicode 16): ${knows[0]}, U+05C8 (Unicode 18): ${knows[1]}`);
      const got = await page.evaluate((v) => window.outcomes(v), BOUNDARY);
      const want = nativeOutcomes(BOUNDARY);
      const differ = BOUNDARY.flatMap((v, i) => (got[i] === want[i] ? [] : [`${[...v].map((c) => c.codePointAt(0).toString(16)).join(' ')}: ${got[i]}, natively ${want[i]}`]));
      check(BOUNDARY.length > 200_000 && differ.length === 0,
        `hash: ${BOUNDARY.length} emails around the code points unassigned in Unicode 15.1: ${differ.length} differ from native: ${differ.slice(0, 5).join('; ')}`);
      check(want.includes('eunsupported_character') && want.some((o) => o.startsWith('o')), 'hash: both outcomes occur');
    }
    check(errors.length === 0, `${name}: page errors: ${errors.join('; ')}`);
    if (name === 'hash' || name === 'helpers') {
      // hash-browser.js loads hash-manual.js's API (its export list), then the module; nothing of
      // the helpers that match the command line (preflight-wasm/helpers).
      const want = [`/${name}.html`, '/pkg/lib/core.js', '/pkg/lib/audience.js', '/pkg/lib/engine.js', '/pkg/lib/load.js'];
      if (name === 'hash') {
        want.push('/pkg/hash-browser.js', '/pkg/hash-manual.js', '/pkg/wasm/preflight_hash.js', '/pkg/wasm/preflight_hash_bg.wasm');
      }
      // helpers-browser.js: the same API over its own build (the hash build and the CSV reader,
      // one .wasm) and the helpers (CSV, files, streams, the worker's launcher).
      if (name === 'helpers') {
        want.push('/pkg/helpers-browser.js', '/pkg/helpers-manual.js', '/pkg/wasm/preflight_helpers.js', '/pkg/wasm/preflight_helpers_bg.wasm',
          '/pkg/lib/helpers.js', '/pkg/lib/csv.js', '/pkg/lib/hash-stream.js', '/pkg/lib/hash-file.js', '/pkg/lib/hash-in-worker.js', '/pkg/lib/control.js');
      }
      check(
        JSON.stringify([...requested].sort()) === JSON.stringify([...want].sort()),
        `${name}: requested ${JSON.stringify(requested)}, expected ${JSON.stringify(want)}`,
      );
    } else {
      check(requested.includes('/pkg/wasm/preflight_bg.wasm'), 'full: loads pkg/wasm/preflight_bg.wasm');
    }
    await page.close();
  }
  {
    const page = await context.newPage();
    const errors = [];
    watchPage(page, errors);
    await page.goto(`${origin}/trap.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
    const results = await page.evaluate((refs) => window.trap(refs), trapRefs);
    check(results.length === 3, `trap: ${results.length} checks ran, expected 3`);
    for (const r of results) check(r.problems.length === 0, `hash-only entry: ${r.name}: ${r.problems.join('; ')}`);
    check(errors.length === 0, `trap: page errors: ${errors.join('; ')}`);
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
