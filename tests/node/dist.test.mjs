// The minified browser JavaScript of the package (pkg/dist/, scripts/build-js.mjs, issue 17): what
// the "default" conditions of the "exports" map name, so what browsers and bundlers get. Each
// module is its source minified alone: the same imports (so the same module graph: one glue per
// build, one PreflightError, tree-shaking as with the source), the references out of pkg/dist/
// pointing at files that are there, and the same results as the source entries.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundleSnippet, HELPER_CODE } from './bundle.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = path.join(root, 'pkg');
const dist = path.join(pkg, 'dist');
const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));

/** Every .js file under dir, relative to it. */
function jsFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return jsFiles(path.join(dir, e.name), `${prefix}${e.name}/`);
    return e.name.endsWith('.js') ? [`${prefix}${e.name}`] : [];
  });
}

/** The relative specifiers a module imports statically (minified or not), in order. */
function specifiers(src) {
  const re = /(?:^|\n|;)\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...src.matchAll(re)].map((m) => m[1]);
}

test('every browser target of the "exports" map is a built file in pkg/dist/', () => {
  const targets = [];
  for (const [spec, cond] of Object.entries(manifest.exports)) {
    if (typeof cond === 'string') continue;
    targets.push(cond.default);
    assert.match(cond.default, spec === './hash-worker' ? /^\.\/dist\/lib\/hash-worker\.js$/ : /^\.\/dist\/[a-z-]+\.js$/, spec);
    // The Node conditions keep the readable source (and the CommonJS bundles).
    if (cond.node) for (const t of Object.values(cond.node)) assert.doesNotMatch(t, /dist/, spec);
  }
  assert.equal(targets.length, 20);
  for (const t of targets) assert.ok(existsSync(path.join(pkg, t)), `${t} (run bash scripts/build-wasm.sh)`);
});

test('each built module is its source minified: the same imports, references out of pkg/dist/ that exist', () => {
  const files = jsFiles(dist);
  assert.ok(files.includes('wasm/preflight_validate.js') && files.includes('lib/hash-worker.js'), files.join(' '));
  // The Worker is bundled, not minified alone (next test).
  for (const f of files.filter((x) => x !== 'lib/hash-worker.js')) {
    const built = readFileSync(path.join(dist, f), 'utf8');
    const source = readFileSync(path.join(pkg, f), 'utf8');
    assert.ok(built.length < source.length, `${f}: ${built.length} bytes built, ${source.length} source`);
    // The base64 modules stay in pkg/wasm/: the inline entries import them from there.
    const want = specifiers(source).map((s) => (/^\.\/wasm\/[a-z_]+\.inline\.js$/.test(s) ? s.replace('./wasm/', '../wasm/') : s));
    assert.deepEqual(specifiers(built), want, f);
    for (const s of specifiers(built)) assert.ok(existsSync(path.resolve(path.dirname(path.join(dist, f)), s)), `${f}: ${s}`);
    // The .wasm the web glue fetches, and the Worker of hashFileInWorker.
    for (const [, url] of built.matchAll(/new URL\("([^"]+)",import\.meta\.url\)/g)) {
      const file = fileURLToPath(new URL(url, pathToFileURL(path.join(dist, f))));
      assert.ok(existsSync(file), `${f}: ${url}`);
      if (url.endsWith('.wasm')) assert.equal(path.dirname(file), path.join(pkg, 'wasm'), `${f}: one copy of each .wasm`);
    }
  }
  // Only the glue fetches a .wasm, each its own build's.
  for (const b of ['preflight', 'preflight_validate', 'preflight_hash', 'preflight_helpers', 'preflight_signing', 'preflight_answers']) {
    assert.match(readFileSync(path.join(dist, 'wasm', `${b}.js`), 'utf8'), new RegExp(`new URL\\("\\.\\./\\.\\./wasm/${b}_bg\\.wasm",import\\.meta\\.url\\)`));
  }
});

// The Worker of hashFileInWorker as browsers get it: one script that imports nothing at run time
// (a relative import fails where a bundler moved or inlined the file: issue 23) and carries the
// helpers module itself, so nothing it needs is a URL for a bundler to rewrite.
test('the built Worker (pkg/dist/lib/hash-worker.js) is self-contained: no import, no import.meta, the helpers module inlined', () => {
  const built = readFileSync(path.join(dist, 'lib/hash-worker.js'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
  assert.deepEqual(specifiers(built), []);
  assert.doesNotMatch(built, /\bimport\s*[(.]/);
  assert.doesNotMatch(built, /new URL\([^)]*import\.meta/);
  const base64 = readFileSync(path.join(pkg, 'wasm/preflight_helpers.inline.js'), 'utf8').match(/'([A-Za-z0-9+/=]+)'/)[1];
  assert.ok(built.includes(base64), 'the helpers module, as base64');
  // A classic script too (an iife): it parses outside a module.
  assert.doesNotThrow(() => new Function(built));
  // The package's page side starts it by the literal pattern bundlers recognize.
  assert.match(readFileSync(path.join(dist, 'lib/hash-in-worker.js'), 'utf8'), /new Worker\(new URL\("\.\/hash-worker\.js",import\.meta\.url\),\{type:"module"\}\)/);
});

test('the built /inline entries give the source entries\' results (they run in Node)', async () => {
  const product = readFileSync(path.join(root, 'tests/toolchains/shared/product.json'), 'utf8');
  const email = createHash('sha256').update('alice@example.com').digest('hex');
  const crc = `sha256=${createHmac('sha256', 'secret').update('crc-token-0123456789').digest('base64')}`;
  for (const [built, source] of [['validate-inline.js', 'validate.js'], ['inline.js', 'node.js']]) {
    const a = await import(pathToFileURL(path.join(dist, built)).href);
    const b = await import(`../../pkg/${source}`);
    assert.deepEqual(a.validate('product', product), b.validate('product', product), built);
    assert.deepEqual(a.validate('product', '{"id": 1}'), b.validate('product', '{"id": 1}'), built);
    assert.deepEqual(a.kinds(), b.kinds(), built);
    assert.throws(() => a.validate('no_such_kind', '{}'), (e) => e instanceof a.PreflightError && e.code === 'unknown_kind', built);
  }
  for (const built of ['hash-inline.js', 'helpers-inline.js', 'inline.js']) {
    const m = await import(pathToFileURL(path.join(dist, built)).href);
    assert.equal(m.hashIdentifier('email', ' Alice@Example.com '), email, built);
  }
  for (const built of ['signing-inline.js', 'inline.js']) {
    const m = await import(pathToFileURL(path.join(dist, built)).href);
    assert.equal(m.crcResponseToken('secret', 'crc-token-0123456789'), crc, built);
  }
  // The flavours of one build share its glue (one instance): the manual entry is loaded by the
  // inline one.
  const inline = await import(pathToFileURL(path.join(dist, 'validate-inline.js')).href);
  const manual = await import(pathToFileURL(path.join(dist, 'validate-manual.js')).href);
  assert.equal(inline.validate, manual.validate);
  assert.equal(manual.validate('product', '{}').valid, false);
});

test('a bundle of the built entries leaves out what it does not use, as with the source', async () => {
  for (const spec of ['preflight-wasm', 'preflight-wasm/manual', 'preflight-wasm/helpers', 'preflight-wasm/helpers/manual']) {
    assert.doesNotMatch(await bundleSnippet(`import { hashIdentifier } from '${spec}'; console.log(hashIdentifier);`), HELPER_CODE, spec);
    assert.match(await bundleSnippet(`import { hashFile } from '${spec}'; console.log(hashFile);`), HELPER_CODE, spec);
  }
  assert.doesNotMatch(await bundleSnippet("import { hashIdentifier } from 'preflight-wasm/hash'; console.log(hashIdentifier);"), HELPER_CODE);
});
