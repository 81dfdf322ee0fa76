// The public JavaScript API of pkg/ (Node entry): argument forms, errors, plain results, the
// package's exports map, and that the types (pkg/types/codes.d.ts, generated) list exactly the
// names the Rust sources define.
//
// Run: scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { validate, kinds, PreflightError } from '../../pkg/node.js';
import { installPacked } from './packed.mjs';
import { tableKinds } from '../../scripts/gen-payload-types.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

const POLL = { name: 'Lunch poll', duration_in_minutes: 4, first_choice: 'Pizza', second_choice: 'Salad' };
const VALID_POLL = { ...POLL, duration_in_minutes: 1440 };

/** Asserts that `fn` throws a PreflightError with `code`; returns the error. */
function throwsCode(fn, code) {
  let caught;
  assert.throws(fn, (e) => {
    caught = e;
    return true;
  });
  assert.ok(caught instanceof PreflightError, `expected PreflightError, got ${caught?.name}: ${caught?.message}`);
  assert.ok(caught instanceof Error);
  assert.equal(caught.name, 'PreflightError');
  assert.equal(caught.code, code, caught.message);
  assert.equal(typeof caught.message, 'string');
  assert.ok(caught.message.length > 0);
  assert.match(String(caught.stack), /PreflightError/);
  return caught;
}

/** Every object in the value is a plain object or array; no undefined, no Map. */
function assertPlain(value, where = '') {
  assert.notEqual(value, undefined, `undefined at ${where || '/'}`);
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertPlain(v, `${where}/${i}`));
    return;
  }
  assert.equal(Object.getPrototypeOf(value), Object.prototype, `not a plain object at ${where || '/'}`);
  for (const [k, v] of Object.entries(value)) assertPlain(v, `${where}/${k}`);
}

/** The string literals of `export type NAME = 'a' | 'b' ...;` in pkg/types/codes.d.ts. */
function dtsUnion(name) {
  const m = new RegExp(`export type ${name} =([^;]*);`).exec(read('pkg/types/codes.d.ts'));
  assert.ok(m, `codes.d.ts declares no type ${name}`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
}

/**
 * The `Variant => "name",` names inside `macro! { ... }` of a Rust source. (The kinds are read
 * from their table, src/spec/v12/kinds.md, by the generator's `tableKinds`.)
 */
function rustNames(file, macro) {
  const src = read(file);
  const start = src.indexOf(`\n${macro}! {`);
  assert.ok(start >= 0, `${file} has no ${macro}! list`);
  const body = src.slice(start, src.indexOf('\n}', start));
  return [...body.matchAll(/=>\s*"([^"]+)"/g)].map((x) => x[1]);
}

test('a payload as a value and as JSON text give the same report', () => {
  const asObject = validate('poll_card', POLL);
  assert.deepStrictEqual(validate('poll_card', JSON.stringify(POLL)), asObject);
  // Member order and whitespace in the text do not matter.
  const reordered = `{ "second_choice": "Salad",\n "first_choice": "Pizza", "duration_in_minutes": 4, "name": "Lunch poll" }`;
  assert.deepStrictEqual(validate('poll_card', reordered), asObject);
  assert.equal(asObject.valid, false);
  assert.deepEqual(
    asObject.issues.map((i) => [i.path, i.code, i.severity]),
    [['/duration_in_minutes', 'out_of_range', 'error']],
  );
  assert.deepStrictEqual(validate('poll_card', VALID_POLL), { valid: true, issues: [] });
});

test('reports are plain data of the documented shape', () => {
  const codes = new Set(dtsUnion('IssueCode'));
  for (const kind of kinds()) {
    for (const payload of [{}, [], 'null', '"text"', '3', { unknown_member: 1 }, POLL]) {
      const report = validate(kind, payload);
      assertPlain(report);
      assert.deepEqual(Object.keys(report).sort(), ['issues', 'valid']);
      assert.equal(typeof report.valid, 'boolean');
      assert.ok(Array.isArray(report.issues));
      for (const issue of report.issues) {
        assert.deepEqual(Object.keys(issue).sort(), ['code', 'message', 'params', 'path', 'severity']);
        assert.equal(typeof issue.path, 'string');
        assert.ok(issue.path === '' || issue.path.startsWith('/'), issue.path);
        assert.ok(codes.has(issue.code), `${issue.code} is not in IssueCode of codes.d.ts`);
        assert.ok(['error', 'warning'].includes(issue.severity));
        assert.equal(typeof issue.message, 'string');
        assert.equal(typeof issue.params, 'object');
      }
      assert.equal(report.valid, !report.issues.some((i) => i.severity === 'error'));
    }
  }
});

test('options: undefined, null, {} and {context: null} are the defaults', () => {
  const base = validate('line_item_update', {});
  for (const options of [undefined, null, {}, { context: null }, { context: {} }]) {
    assert.deepStrictEqual(validate('line_item_update', {}, options), base);
  }
  // A given fact is used (no context_missing warning for it).
  const ctx = { context: { objective: 'REACH', placements: ['ALL_ON_TWITTER'], budget_optimization: 'LINE_ITEM', current: {} } };
  assertPlain(validate('line_item_update', {}, ctx));
});

test('kinds() lists the stable names, a fresh array each time', () => {
  const names = kinds();
  assert.ok(Array.isArray(names));
  assert.deepEqual(names, tableKinds());
  assert.ok(names.includes('poll_card'));
  names.push('mutated');
  assert.ok(!kinds().includes('mutated'));
  for (const kind of kinds()) assert.doesNotThrow(() => validate(kind, {}));
});

test('PreflightError: unknown kind', () => {
  const e = throwsCode(() => validate('poll_crd', {}), 'unknown_kind');
  assert.match(e.message, /poll_card/);
  throwsCode(() => validate('', {}), 'unknown_kind');
  throwsCode(() => validate('POLL_CARD', {}), 'unknown_kind');
  throwsCode(() => validate(42, {}), 'unknown_kind');
  throwsCode(() => validate(undefined, {}), 'unknown_kind');
});

test('PreflightError: bad options', () => {
  for (const options of [[], 'x', 3, true, () => {}, { contxt: {} }, { context: [] }, { context: { objectiv: 'REACH' } },
    { context: { budget_optimization: 'line_item' } }, { context: { placements: 'PUBLISHER_NETWORK' } },
    { context: { current: [] } }, { context: { objective: '' } }]) {
    throwsCode(() => validate('poll_card', VALID_POLL, options), 'bad_options');
  }
  const cyclic = { context: {} };
  cyclic.context.current = cyclic;
  throwsCode(() => validate('poll_card', VALID_POLL, cyclic), 'bad_options');
  throwsCode(() => validate('poll_card', VALID_POLL, { context: { current: { n: 1n } } }), 'bad_options');
  // The engine's message names the culprit but never a value.
  const e = throwsCode(() => validate('poll_card', VALID_POLL, { contxt: { secret: 's3cr3t' } }), 'bad_options');
  assert.match(e.message, /contxt/);
  assert.doesNotMatch(e.message, /s3cr3t/);
});

test('PreflightError: unparsable JSON text', () => {
  for (const text of ['', '{', '{"name": }', 'nul', '{"a":1}x', "{'a':1}", '[1,]', '1e400', '"\\ud800"']) {
    throwsCode(() => validate('poll_card', text), 'invalid_json');
  }
  // A lone surrogate in the string itself (TextEncoder would silently make it U+FFFD).
  throwsCode(() => validate('poll_card', '{"name":"\ud800"}'), 'invalid_json');
});

test('lone surrogates are refused on engines without String.prototype.isWellFormed too', () => {
  const saved = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
  delete String.prototype.isWellFormed;
  try {
    for (const bad of ['{"name":"\ud800"}', '{"name":"\udc00x"}', '{"name":"x\ud83d"}', '"\ude00\ud83d"']) {
      throwsCode(() => validate('poll_card', bad), 'invalid_json');
    }
    const astral = validate('poll_card', JSON.stringify({ ...VALID_POLL, name: '\ud83d\ude00 poll' }));
    assert.equal(astral.valid, true);
  } finally {
    if (saved) Object.defineProperty(String.prototype, 'isWellFormed', saved);
  }
});

test('PreflightError: values JSON.stringify refuses', () => {
  const e = throwsCode(() => validate('poll_card', { ...POLL, duration_in_minutes: 10n }), 'invalid_json');
  assert.ok(e.cause instanceof TypeError);
  const cyclic = { ...POLL };
  cyclic.self = cyclic;
  throwsCode(() => validate('poll_card', cyclic), 'invalid_json');
  throwsCode(() => validate('poll_card', undefined), 'invalid_json');
  throwsCode(() => validate('poll_card', () => {}), 'invalid_json');
  throwsCode(() => validate('poll_card', Symbol('x')), 'invalid_json');
  throwsCode(
    () =>
      validate('poll_card', {
        toJSON() {
          throw new Error('boom');
        },
      }),
    'invalid_json',
  );
});

test('PreflightError: too deep and too large', () => {
  let deep = {};
  for (let i = 0; i < 200; i++) deep = { next: deep };
  throwsCode(() => validate('poll_card', deep), 'too_deep');
  throwsCode(() => validate('poll_card', '['.repeat(1000) + ']'.repeat(1000)), 'too_deep');
  // Deeper than JSON.stringify's own stack can go.
  let deeper = [];
  for (let i = 0; i < 200_000; i++) deeper = [deeper];
  throwsCode(() => validate('poll_card', deeper), 'too_deep');
  const big = `"${'x'.repeat(64 * 1024 * 1024)}"`;
  throwsCode(() => validate('poll_card', big), 'input_too_large');
});

test('the module keeps working after failing calls', () => {
  const want = validate('poll_card', POLL);
  const failing = [
    () => validate('nope', POLL),
    () => validate('poll_card', '{'),
    () => validate('poll_card', POLL, []),
    () => validate('poll_card', { n: 1n }),
    () => validate('poll_card', '['.repeat(500)),
  ];
  for (let round = 0; round < 50; round++) {
    for (const f of failing) {
      assert.throws(f, PreflightError);
      assert.deepStrictEqual(validate('poll_card', POLL), want);
    }
  }
  assert.deepEqual(kinds(), tableKinds());
});

test('the package name resolves to the Node entry through the exports map', async () => {
  const viaName = await import('preflight-wasm');
  assert.equal(viaName.validate, validate);
  assert.equal(viaName.PreflightError, PreflightError);
  const manifest = JSON.parse(read('pkg/package.json'));
  assert.equal(manifest.type, 'module');
  // Only the entries that load their module at import (browser: await init(); inline:
  // initSync) have side effects; they re-export the manual entry, so a bundler that took them
  // for side-effect free would skip the loading (tests/node/entries.test.mjs); and the worker of
  // hashFileInWorker, which sets its message handler (imported for that alone).
  assert.ok(Array.isArray(manifest.sideEffects) && manifest.sideEffects.every((f) => /^\.\/(dist\/)?((\w+-)?(browser|inline)|lib\/hash-worker)\.js$/.test(f)));
  assert.deepEqual(Object.keys(manifest.exports['.']), ['types', 'node', 'default']);
  // Node: a Node bundle (bundlers' "module" condition) takes the inlined module, require() the
  // CommonJS entry, import the ES module entry; everything else the browser entry (its minified
  // build, scripts/build-js.mjs).
  assert.deepEqual(manifest.exports['.'].node, { module: './inline.js', require: './node.cjs', default: './node.js' });
  assert.equal(manifest.exports['.'].default, './dist/browser.js');
});

test('the packed package (npm pack) works where it is installed', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-pack-'));
  try {
    installPacked(dir);
    const script = `
      import { validate, kinds, PreflightError } from 'preflight-wasm';
      const r = validate('poll_card', ${JSON.stringify(JSON.stringify(POLL))});
      let code = null;
      try { validate('nope', {}); } catch (e) { code = e instanceof PreflightError ? e.code : 'wrong'; }
      console.log(JSON.stringify({ valid: r.valid, codes: r.issues.map((i) => i.code), kinds: kinds().length, code }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { valid: false, codes: ['out_of_range'], kinds: kinds().length, code: 'unknown_kind' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('codes.d.ts lists exactly the names the Rust sources define', () => {
  const diff = (label, dts, rust) => {
    const missing = rust.filter((n) => !dts.includes(n));
    const stale = dts.filter((n) => !rust.includes(n));
    assert.deepEqual(
      { missing, stale },
      { missing: [], stale: [] },
      `pkg/types/codes.d.ts ${label}: add ${JSON.stringify(missing)}, remove ${JSON.stringify(stale)}`,
    );
  };
  diff('Kind', dtsUnion('Kind'), tableKinds());
  diff('IssueCode', dtsUnion('IssueCode'), rustNames('src/report/mod.rs', 'codes'));
  // ErrorCode::code: the validation codes, then, from its `// --- answers` line, the answer
  // readers' (AnswersErrorCode, with the answer text's own invalid_json, too_deep and
  // input_too_large, and the wrappers' invalid_argument and bad_options).
  const errorRs = read('src/error.rs');
  const at = errorRs.indexOf('// --- answers');
  assert.ok(at > 0, 'no `// --- answers` line in src/error.rs');
  const codesIn = (text) => [...text.matchAll(/ErrorCode::\w+\s*=>\s*"([a-z_]+)"/g)].map((x) => x[1]);
  const errorCodes = codesIn(errorRs.slice(0, at));
  assert.ok(errorCodes.length > 0, 'no ErrorCode names found in src/error.rs');
  diff('ErrorCode', dtsUnion('ErrorCode'), errorCodes);
  const answerCodes = codesIn(errorRs.slice(at));
  assert.ok(answerCodes.includes('unknown_call'), 'no answer reader codes after `// --- answers`');
  diff('AnswersErrorCode', dtsUnion('AnswersErrorCode'), [...answerCodes, 'invalid_json', 'too_deep', 'input_too_large', 'invalid_argument', 'bad_options']);
});

test('the raw export takes UTF-8 bytes; invalid UTF-8 is invalid_json and the module stays usable', async () => {
  const { createRequire } = await import('node:module');
  const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
  // A failed call throws the one error shape: a plain Error with the code (lib/engine.js makes it
  // a PreflightError).
  assert.throws(
    () => raw.validateJson('poll_card', new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), ''),
    (e) => Object.getPrototypeOf(e) === Error.prototype && e.code === 'invalid_json',
  );
  const ok = raw.validateJson('poll_card', new TextEncoder().encode('{"name":"é"}'), '');
  assert.equal(JSON.parse(ok).valid, false);
  assert.equal(validate('poll_card', '{"name":"é"}').valid, false);
});
