// The shared vector suite (tests/vectors/*.json, every file and every case in it) through the
// Node build of the wasm package (pkg/node), compared with the native outputs that
// `cargo test --test vectors` writes to target/vectors/native.json.
//
// For every case:
// - the raw wasm export `validateJson` gets exactly the arguments the native runner used and must
//   return exactly native's envelope text (strict string equality);
// - the public `validate` must return JSON.parse of native's report as plain objects, or throw
//   the PreflightError native's envelope names (code and message); it is called with the payload
//   as JSON text and, when a JavaScript value can carry it unchanged, as that value;
// - the case's own expectations (valid and the (path, code) multiset, or the error code) are
//   checked against the wasm output independently of native.json.
//
// Run: cargo test --test vectors && scripts/build-wasm.sh && node --test tests/node/

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as api from '../../pkg/node.js';
import { casesFromFile, sortFileNames, matchNative, checkExpectations, publicForms } from './vector-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vectorsDir = path.join(root, 'tests/vectors');
const nativePath = path.join(root, 'target/vectors/native.json');
const raw = createRequire(import.meta.url)('../../pkg/node/preflight_wasm.js');

const files = sortFileNames(readdirSync(vectorsDir).filter((f) => f.endsWith('.json')));
const unreadable = new Map(); // file -> error
const cases = files.flatMap((f) => {
  try {
    return casesFromFile(f, readFileSync(path.join(vectorsDir, f), 'utf8'));
  } catch (e) {
    unreadable.set(f, e);
    return [];
  }
});
const native = existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : null;
const { matched, extra } = matchNative(cases, native ?? []);

test('the vector suite is present', () => {
  assert.ok(files.length > 0, `no vector files in ${vectorsDir}`);
  assert.ok(cases.length > 0, 'no vector cases');
  assert.ok(native !== null, `${nativePath} is missing: run \`cargo test --test vectors\` first`);
});

test('target/vectors/native.json has no case that tests/vectors/ lacks (not stale)', () => {
  assert.deepEqual(
    extra.map((e) => `${e.file}: ${e.name}`),
    [],
    'native.json is from other vectors: run `cargo test --test vectors` again',
  );
});

for (const file of files) {
  describe(file, () => {
    if (unreadable.has(file)) {
      test('is a JSON array of cases', () => {
        throw unreadable.get(file);
      });
    }
    for (const [c, nativeOutput] of matched.filter(([c]) => c.file === file)) {
      test(`#${c.index} ${c.name}`, (t) => {
        assert.ok(
          nativeOutput !== undefined,
          'no native output for this case in target/vectors/native.json: run `cargo test --test vectors` (without VECTORS=)',
        );

        // 1. The raw export: byte-identical to native, and deterministic.
        const out = raw.validateJson(c.kind, c.payloadText, c.optionsText);
        assert.equal(out, nativeOutput, 'raw validateJson differs from native');
        assert.equal(raw.validateJson(c.kind, c.payloadText, c.optionsText), out, 'not deterministic');

        // 2. The case's own expectations.
        assert.deepEqual(checkExpectations(c, out), [], 'the case expectations do not hold');

        // 3. The public API.
        const want = JSON.parse(nativeOutput);
        const forms = publicForms(c);
        if (forms.length === 0) t.diagnostic('options do not survive a JavaScript round trip: public API not compared');
        for (const form of forms) {
          const call = () => api.validate(c.kind, form.payload, form.options);
          if ('ok' in want) {
            assert.deepStrictEqual(call(), want.ok, `validate (payload as ${form.form}) differs from native`);
          } else {
            assert.throws(
              call,
              (e) => {
                assert.ok(e instanceof api.PreflightError, `threw ${e?.name}, not PreflightError`);
                assert.ok(e instanceof Error);
                assert.equal(e.code, want.error.code);
                assert.equal(e.message, want.error.message);
                return true;
              },
              `validate (payload as ${form.form}) must throw`,
            );
          }
        }
      });
    }
  });
}
