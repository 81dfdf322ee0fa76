// The shared vector suite (tests/vectors/*.json, every case) through the Node build of the wasm
// package (pkg/node), against the native calls and outputs that `cargo test --test vectors`
// writes to target/vectors/native.json (PREFLIGHT_NATIVE_JSON=path reads another file).
// What is checked: see tests/node/vector-cases.mjs.
//
// Run: cargo test --test vectors && bash scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as api from '../../pkg/node.js';
import { matchNative, checkCase } from './vector-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
const nativePath = path.resolve(process.env.PREFLIGHT_NATIVE_JSON || path.join(root, 'target/vectors/native.json'));
const vectorsDir = path.join(root, 'tests/vectors');
const vectorFiles = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, text: readFileSync(path.join(vectorsDir, file), 'utf8') }));
const native = existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : null;
const { cases, problems } = matchNative(vectorFiles, native ?? []);

test('native.json has exactly the cases of tests/vectors/', () => {
  assert.ok(native !== null, `${nativePath} is missing: run \`cargo test --test vectors\` first`);
  assert.ok(cases.length > 0, `no vector cases in ${vectorsDir}`);
  assert.deepEqual(problems, []);
});

for (const c of cases) {
  test(`${c.file} #${c.index} ${c.name}`, (t) => {
    const { problems, forms } = checkCase(raw, api, c);
    assert.deepEqual(problems, []);
    if (forms.length === 0) t.diagnostic('options change in a JavaScript round trip: public validate not compared');
  });
}
