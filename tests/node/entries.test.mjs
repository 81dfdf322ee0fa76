// The package's entry points (issue 16): one .wasm build per entry (full, validate, hash,
// signing, answers), each under its own file name and carrying only its area; the loading functions of the
// browser entries (init, initSync: what they accept, what a wrong module or an early call gives);
// the CommonJS entries; and a "files" list that ships every file the "exports" map names. The
// toolchains themselves: tests/toolchains/run.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundleSnippet, HELPER_CODE } from './bundle.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = path.join(root, 'pkg');
const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));

const BUILDS = {
  full: { glue: 'preflight', entries: ['node.js', 'browser.js', 'manual.js', 'inline.js'], wrappers: ['validate', 'audience', 'bodies', 'signing'] },
  validate: { glue: 'preflight_validate', entries: ['validate.js', 'validate-browser.js', 'validate-manual.js', 'validate-inline.js'], wrappers: ['validate'] },
  hash: { glue: 'preflight_hash', entries: ['hash.js', 'hash-browser.js', 'hash-manual.js', 'hash-inline.js'], wrappers: ['audience'] },
  signing: { glue: 'preflight_signing', entries: ['signing.js', 'signing-browser.js', 'signing-manual.js', 'signing-inline.js'], wrappers: ['signing'] },
  // The answer readers: their own build only, not in the full one (docs/ANSWERS.md).
  answers: { glue: 'preflight_answers', entries: ['answers.js', 'answers-browser.js', 'answers-manual.js', 'answers-inline.js'], wrappers: ['answers'] },
};
const WRAPPERS = ['validate', 'audience', 'bodies', 'signing', 'answers'];
// preflight-wasm/helpers: the command-line helpers and the hash API, over a build of their own
// (preflight_helpers: the hash build and the CSV reader), so that the hash build has no reader.
const HELPERS = { glue: 'preflight_helpers', entries: ['helpers.js', 'helpers-browser.js', 'helpers-manual.js', 'helpers-inline.js'], wrappers: ['audience'] };
// The modules of the helpers: in the full entries and preflight-wasm/helpers, never in the hash
// entries (a page that only hashes pays nothing for them).
const HELPER_MODULES = ['helpers', 'csv', 'hash-stream', 'hash-file', 'hash-in-worker'];

/** The relative modules a module loads, transitively (static imports and requires). */
function imports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (file.endsWith('.wasm')) return seen;
  const src = readFileSync(file, 'utf8');
  // `import ... from './x.js'`, `export ... from './x.js'` and `import './x.js'`, minified
  // (pkg/dist/: `import{a as b}from"./x.js";`) or not.
  for (const m of src.matchAll(/(?:^|\n|;)\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    imports(path.resolve(path.dirname(file), m[1]), seen);
  }
  return seen;
}

test('each entry loads its own build\'s glue and only the wrappers of its areas', () => {
  for (const [name, b] of [...Object.entries(BUILDS), ['helpers', HELPERS]]) {
    for (const entry of b.entries) {
      const files = [...imports(path.join(pkg, entry))].map((f) => path.relative(pkg, f));
      const glues = files.filter((f) => f.startsWith('wasm/'));
      const want = entry.endsWith('inline.js') ? [`wasm/${b.glue}.js`, `wasm/${b.glue}.inline.js`] : [entry === `${name === 'full' ? 'node' : name}.js` ? `wasm/${b.glue}.cjs` : `wasm/${b.glue}.js`];
      assert.deepEqual(glues.sort(), want.sort(), entry);
      for (const w of WRAPPERS) {
        assert.equal(files.includes(`lib/${w}.js`), b.wrappers.includes(w), `${entry}: lib/${w}.js`);
      }
      for (const h of HELPER_MODULES) {
        assert.equal(files.includes(`lib/${h}.js`), name === 'full' || name === 'helpers', `${entry}: lib/${h}.js`);
      }
    }
  }
});

const exportsOf = (file) =>
  WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path.join(pkg, 'wasm', file))))
    .map((e) => e.name)
    .filter((n) => !n.startsWith('__'));

test('each build\'s .wasm has its own file name and exports its area only', () => {
  const names = [...Object.values(BUILDS), HELPERS].map((b) => `${b.glue}_bg.wasm`);
  assert.equal(new Set(names).size, names.length);
  for (const b of [...Object.values(BUILDS), HELPERS]) {
    // The web glue fetches its own module by default, the nodejs glue reads it.
    assert.match(readFileSync(path.join(pkg, 'wasm', `${b.glue}.js`), 'utf8'), new RegExp(`new URL\\('${b.glue}_bg\\.wasm', import\\.meta\\.url\\)`));
    assert.match(readFileSync(path.join(pkg, 'wasm', `${b.glue}.cjs`), 'utf8'), new RegExp(`/${b.glue}_bg\\.wasm`));
  }
  const full = exportsOf('preflight_bg.wasm');
  // The CSV reader (bindings/wasm/src/csv.rs): in the helpers' build, not in the hash build.
  const csv = (n) => /^audience_?csv/i.test(n);
  const area = {
    validate: (n) => ['validateJson', 'validateTape', 'kinds', 'describe', 'jsonSchema'].includes(n),
    hash: (n) => n.startsWith('audience') && n !== 'audienceBuildBodies' && !csv(n),
    helpers: (n) => n.startsWith('audience') && n !== 'audienceBuildBodies',
    signing: (n) => n.startsWith('signing'),
    answers: (n) => n.startsWith('answers'),
  };
  assert.ok(full.some(csv));
  for (const [name, inArea] of Object.entries(area)) {
    const own = exportsOf(`${(BUILDS[name] ?? HELPERS).glue}_bg.wasm`);
    const publicNames = own.filter((n) => n !== 'start' && !n.startsWith('memory') && !n.startsWith('__'));
    assert.ok(publicNames.length > 0, name);
    assert.deepEqual(publicNames.filter((n) => !inArea(n)), [], `${name}: exports outside its area`);
    // The answer readers are in their own build only.
    if (name === 'answers') assert.deepEqual(full.filter(inArea), [], 'the full build has no answer reader');
    else assert.deepEqual(full.filter(inArea).sort(), publicNames.sort(), `${name}: exports all of its area`);
  }
});

/** A fresh instance of a build's web glue (its own module record, so its own engine). */
let fresh = 0;
const freshGlue = (glue) => import(`${pathToFileURL(path.join(pkg, 'wasm', `${glue}.js`)).href}?fresh=${fresh++}`);
const wasmBytes = (glue) => readFileSync(path.join(pkg, 'wasm', `${glue}_bg.wasm`));

test('a browser entry\'s loader: not_initialized before init, invalid_argument, init_failed for another build\'s module', async () => {
  const { loaderOf } = await import('../../pkg/lib/load.js');
  const { validateApi } = await import('../../pkg/lib/validate.js');
  const glue = await freshGlue('preflight_validate');
  const { init, initSync } = loaderOf(glue);
  const api = validateApi(glue);
  const code = (f) => {
    try {
      f();
      return 'no error';
    } catch (e) {
      return `${e.name} ${e.code}`;
    }
  };
  assert.equal(code(() => api.validate('product', '{}')), 'PreflightError not_initialized');
  await assert.rejects(init(42), { name: 'PreflightError', code: 'invalid_argument' });
  assert.equal(code(() => initSync('bytes')), 'PreflightError invalid_argument');
  // The hash build's module imports from its own glue's name: it does not link here.
  assert.equal(code(() => initSync(wasmBytes('preflight_hash'))), 'PreflightError init_failed');
  await assert.rejects(init(wasmBytes('preflight_signing')), (e) => e.code === 'init_failed' && /preflight_signing_bg/.test(e.cause.message));
  assert.equal(code(() => api.validate('product', '{}')), 'PreflightError not_initialized');
  // Its own module: loaded, and the results are the Node entry's.
  await init(new Response(wasmBytes('preflight_validate'), { headers: { 'content-type': 'application/wasm' } }));
  const node = await import('../../pkg/validate.js');
  assert.deepEqual(api.validate('product', '{}'), node.validate('product', '{}'));
  assert.ok(api.validate('product', '{}').issues.length > 0);
  // Once loaded, init and initSync do nothing (even with a wrong argument, as wasm-bindgen's).
  await init();
  initSync(wasmBytes('preflight_hash'));
  assert.deepEqual(api.kinds(), node.kinds());
});

test('initSync takes a compiled WebAssembly.Module as well as bytes', async () => {
  const { loaderOf } = await import('../../pkg/lib/load.js');
  const { signingApi } = await import('../../pkg/lib/signing.js');
  const glue = await freshGlue('preflight_signing');
  loaderOf(glue).initSync(new WebAssembly.Module(wasmBytes('preflight_signing')));
  assert.equal(signingApi(glue).basicCredentials('key', 'secret'), Buffer.from('key:secret').toString('base64'));
});

test('the CommonJS entries: require() gives the same functions and results, init and initSync included', async () => {
  const require = createRequire(import.meta.url);
  for (const [sub, esm] of [['preflight-wasm', 'node.js'], ['preflight-wasm/validate', 'validate.js'], ['preflight-wasm/hash', 'hash.js'], ['preflight-wasm/helpers', 'helpers.js'], ['preflight-wasm/signing', 'signing.js'], ['preflight-wasm/answers', 'answers.js']]) {
    const resolved = require.resolve(sub);
    assert.ok(resolved.endsWith('.cjs'), `${sub} resolves to ${resolved}`);
    const cjs = require(sub);
    const mod = await import(`../../pkg/${esm}`);
    assert.deepEqual(Object.keys(cjs).sort(), Object.keys(mod).sort(), sub);
    assert.equal(typeof cjs.init, 'function');
  }
  const cjs = require('preflight-wasm');
  assert.deepEqual(cjs.validate('product', '{"id": 1}'), (await import('../../pkg/node.js')).validate('product', '{"id": 1}'));
  assert.throws(() => cjs.validate('no_such_kind', '{}'), (e) => e instanceof cjs.PreflightError && e.code === 'unknown_kind');
  await cjs.init();
});

test('"files" ships every file the "exports" map and "main"/"module" name', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8' });
  const shipped = new Set(JSON.parse(out)[0].files.map((f) => f.path));
  const targets = new Set([manifest.main, manifest.module]);
  const walk = (v) => (typeof v === 'string' ? targets.add(v) : Object.values(v).forEach(walk));
  walk(manifest.exports);
  for (const t of targets) {
    if (t.includes('*')) continue;
    const rel = t.replace(/^\.\//, '');
    assert.ok(shipped.has(rel), `${t} is not in the package`);
    // And what it loads.
    if (rel.endsWith('.js')) for (const f of imports(path.join(pkg, rel))) assert.ok(shipped.has(path.relative(pkg, f)), `${path.relative(pkg, f)} (loaded by ${rel})`);
  }
  for (const b of Object.values(BUILDS)) assert.ok(shipped.has(`wasm/${b.glue}_bg.wasm`) && shipped.has(`wasm/${b.glue}.cjs`));
  // Nothing of the old layout (pkg/node/, pkg/hash-node/: aliases of the glue an older build left).
  assert.ok(![...shipped].some((f) => f.startsWith('node/') || f.startsWith('hash-node/')));
});

// Every flavour of a build exports the same API (the browser and inline entries re-export the
// manual one's; the Node entry has its own list), and each area's functions are the same wherever
// the area is: isKind with validate; the command-line helpers in the full entries and
// preflight-wasm/helpers (with the hash functions), not in preflight-wasm/hash.
const AREA = {
  validate: ['validate', 'kinds', 'describe', 'jsonSchema', 'isKind'],
  hash: ['normalizeIdentifier', 'hashIdentifier', 'hashIdentifiers', 'hashLines', 'createLineHasher'],
  helpers: ['createHashStream', 'hashFile', 'extractColumn', 'hashFileInWorker'],
  signing: ['crcResponseToken', 'crcResponse', 'verifySignature', 'verifyCrcRequest', 'oauth1Sign', 'basicCredentials', 'tokenRequestBody'],
  // The door, then one line per area of readers.
  answers: [
    'answersCall', 'answersCallText', 'answersNames',
    'readListPage', 'nextListQuery', 'pages',
    'readErrorBody', 'readRequestToken', 'readAccessToken', 'readInvalidateToken',
    'readProductAnswer', 'audienceOutcome',
  ],
};
const LOADING = ['init', 'initSync', 'PreflightError', 'isPreflightError'];

test('every flavour of a build exports the same names: its areas\' functions, init, initSync, PreflightError, isPreflightError', async () => {
  const want = {
    full: [...AREA.validate, ...AREA.hash, ...AREA.helpers, 'buildAudienceBodies', ...AREA.signing, ...LOADING],
    validate: [...AREA.validate, ...LOADING],
    hash: [...AREA.hash, ...LOADING],
    helpers: [...AREA.hash, ...AREA.helpers, ...LOADING],
    signing: [...AREA.signing, ...LOADING],
    answers: [...AREA.answers, ...LOADING],
  };
  for (const [name, b] of [...Object.entries(BUILDS), ['helpers', HELPERS]]) {
    // The browser entries (top-level await fetching the .wasm: not in Node) re-export the manual
    // entry and export nothing else.
    const [nodeEntry, browser, manual, inline] = b.entries;
    const src = readFileSync(path.join(pkg, browser), 'utf8');
    assert.deepEqual([...src.matchAll(/^export\s.*$/gm)].map((m) => m[0]), [`export * from './${manual}';`], browser);
    for (const entry of [nodeEntry, manual, inline]) {
      const mod = await import(`../../pkg/${entry}`);
      assert.deepEqual(Object.keys(mod).sort(), [...want[name]].sort(), entry);
      for (const f of want[name]) assert.equal(typeof mod[f], 'function', `${entry}: ${f}`);
    }
  }
});

test('preflight-wasm/helpers has preflight-wasm/hash\'s functions over its own module, with the same results', async () => {
  const values = ['a@b.co', ' Alice@Example.com', 'not an email', '+1 (415) 555-0100', ''];
  for (const [helpers, hash] of [['helpers.js', 'hash.js'], ['helpers-inline.js', 'hash-inline.js']]) {
    const a = await import(`../../pkg/${helpers}`);
    const b = await import(`../../pkg/${hash}`);
    for (const f of [...AREA.hash, ...LOADING]) assert.equal(typeof a[f], typeof b[f], `${helpers}: ${f}`);
    assert.notEqual(a.hashIdentifiers, b.hashIdentifiers, `${helpers}: its own module`);
    for (const type of ['email', 'phone_number', 'partner_user_id']) {
      assert.deepEqual(a.hashIdentifiers(type, values, { defaultCountryCode: '1' }), b.hashIdentifiers(type, values, { defaultCountryCode: '1' }), `${helpers}: ${type}`);
      assert.deepEqual(a.hashLines(type, values.join('\n')), b.hashLines(type, values.join('\n')), `${helpers}: ${type} lines`);
    }
  }
  const require = createRequire(import.meta.url);
  assert.equal(require('preflight-wasm/helpers').hashIdentifier('email', 'a@b.co'), require('preflight-wasm/hash').hashIdentifier('email', 'a@b.co'));
});

test('isKind and the helpers work from the inline entries as from the Node ones', async () => {
  for (const [inline, node] of [['validate-inline.js', 'validate.js'], ['inline.js', 'node.js']]) {
    const a = await import(`../../pkg/${inline}`);
    const b = await import(`../../pkg/${node}`);
    assert.equal(a.isKind('product'), true, inline);
    assert.equal(a.isKind('prodcut'), false, inline);
    assert.deepEqual(a.kinds().filter(a.isKind), b.kinds());
  }
  const csv = 'id,email\n1, Alice@Example.com\n2,not an email\n';
  const want = createHash('sha256').update('alice@example.com').digest('hex');
  for (const entry of ['helpers-inline.js', 'inline.js', 'helpers.js', 'node.js']) {
    const m = await import(`../../pkg/${entry}`);
    const { values } = m.extractColumn(csv, 'email');
    assert.deepEqual(values, [' Alice@Example.com', 'not an email'], entry);
    const r = await m.hashFile(new Blob([csv]), { type: 'email', column: 'email' });
    assert.equal(await r.blob.text(), `${want}\n\n`, entry);
    assert.deepEqual(r.rejected, [{ row: 3, code: 'invalid_email' }], entry);
    const chunks = [];
    for await (const c of new Blob([' Alice@Example.com\n']).stream().pipeThrough(m.createHashStream('email', { output: 'text' }))) chunks.push(c);
    assert.deepEqual(chunks, [`${want}\n`], entry);
  }
});

test('a bundle that uses none of the helpers leaves them out (tree-shaking), one that does keeps them', async () => {
  for (const entry of ['hash-browser.js', 'hash-manual.js', 'hash-inline.js', 'helpers-browser.js', 'helpers-manual.js', 'helpers-inline.js', 'browser.js', 'manual.js']) {
    const js = await bundleSnippet(`import { hashIdentifier } from './pkg/${entry}'; console.log(hashIdentifier('email', 'a@b.co'));`);
    assert.doesNotMatch(js, HELPER_CODE, `${entry}: hashIdentifier alone`);
    if (entry.startsWith('hash-')) continue;
    assert.match(await bundleSnippet(`import { hashFile } from './pkg/${entry}'; console.log(hashFile);`), HELPER_CODE, `${entry}: hashFile`);
  }
});

test('"sideEffects" names exactly the entries that load their module at import (they re-export the manual entry)', async () => {
  const loading = [];
  for (const b of [...Object.values(BUILDS), HELPERS]) {
    for (const entry of b.entries) {
      const src = readFileSync(path.join(pkg, entry), 'utf8');
      if (/^(await init\(\)|initSync\()/m.test(src)) loading.push(`./${entry}`);
    }
  }
  assert.equal(loading.length, 12);
  // Each with its minified build in pkg/dist/ (scripts/build-js.mjs), which the "exports" name.
  // And the worker of hashFileInWorker (source and built), whose one effect is its message
  // handler: `import 'preflight-wasm/hash-worker'` as a worker's entry must keep it.
  const worker = ['./lib/hash-worker.js', './dist/lib/hash-worker.js'];
  assert.deepEqual([...manifest.sideEffects].sort(), [...loading, ...loading.map((e) => e.replace('./', './dist/')), ...worker].sort());
  // A bundle of the helpers' inline entry keeps its build's loading.
  const { build: b } = await import('esbuild');
  const h = await b({
    stdin: { contents: "import { hashFile } from 'preflight-wasm/helpers/inline'; console.log(await (await hashFile(new Blob(['a@b.co\\n']), { type: 'email' })).blob.text());", resolveDir: root, loader: 'js' },
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, outdir: 'not-written', logLevel: 'silent',
  });
  const hdir = mkdtempSync(path.join(tmpdir(), 'preflight-side-effects-'));
  try {
    writeFileSync(path.join(hdir, 'app.mjs'), h.outputFiles[0].text);
    assert.equal(execFileSync(process.execPath, [path.join(hdir, 'app.mjs')], { encoding: 'utf8' }).trim(), createHash('sha256').update('a@b.co').digest('hex'));
  } finally {
    rmSync(hdir, { recursive: true, force: true });
  }
  // What a bundler makes of it: importing a function of the inline entry keeps its loading.
  const { build } = await import('esbuild');
  const r = await build({
    stdin: { contents: "import { validate } from 'preflight-wasm/validate/inline'; console.log(validate('product', '{}').valid);", resolveDir: root, loader: 'js' },
    bundle: true, format: 'esm', platform: 'browser', write: false, outdir: 'not-written', logLevel: 'silent',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-side-effects-'));
  try {
    writeFileSync(path.join(dir, 'app.mjs'), r.outputFiles[0].text);
    assert.equal(execFileSync(process.execPath, [path.join(dir, 'app.mjs')], { encoding: 'utf8' }).trim(), 'false');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// preflight-wasm/worker (issue 23): hashFileInWorker for a page, whose module graph (source and
// built) loads no glue and no .wasm: importing it downloads and instantiates nothing (the
// /helpers entries instantiate their module at import). Its worker loads its own module.
test('preflight-wasm/worker exports hashFileInWorker with no WebAssembly in its module graph', async () => {
  for (const entry of ['worker.js', 'dist/worker.js']) {
    const graph = [...imports(path.join(pkg, entry))].map((f) => path.relative(pkg, f));
    assert.ok(graph.some((f) => f.endsWith('hash-in-worker.js')), `${entry}: ${graph.join(' ')}`);
    assert.deepEqual(graph.filter((f) => f.includes('wasm/') || f.endsWith('.wasm') || /helpers|manual|engine/.test(path.basename(f))), [], entry);
  }
  const mod = await import('../../pkg/worker.js');
  assert.deepEqual(Object.keys(mod).sort(), ['PreflightError', 'hashFileInWorker', 'isPreflightError']);
  assert.equal(mod.hashFileInWorker, (await import('../../pkg/helpers.js')).hashFileInWorker);
  // No Worker in Node.js: a coded rejection.
  await assert.rejects(mod.hashFileInWorker(new Blob(['a\n']), { type: 'email' }), { name: 'PreflightError', code: 'worker_unavailable' });
  const require = createRequire(import.meta.url);
  await assert.rejects(require('preflight-wasm/worker').hashFileInWorker(new Blob(['a\n']), { type: 'email' }), { code: 'worker_unavailable' });
});
