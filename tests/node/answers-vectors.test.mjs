// The answer vectors (tests/vectors/answers/*.json, every case) through the Node build of
// preflight-wasm/answers, against the native calls and outputs that
// `cargo test --test answers_vectors` writes to target/vectors/answers-native.json
// (PREFLIGHT_ANSWERS_NATIVE_JSON=path reads another file) and answers-names.json beside it.
// What is checked: see tests/node/answer-cases.mjs. The CommonJS entry and the inline entry give
// the same results as the ES module entry.
//
// Run: cargo test --test answers_vectors && bash scripts/build-wasm.sh && node --test tests/node/answers-vectors.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as api from '../../pkg/answers.js';
import * as inline from '../../pkg/answers-inline.js';
import { matchAnswers, checkAnswer, checkNames } from './answer-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const raw = require('../../pkg/wasm/preflight_answers.cjs');
const cjs = require('../../pkg/answers.cjs');
const nativePath = path.resolve(process.env.PREFLIGHT_ANSWERS_NATIVE_JSON || path.join(root, 'target/vectors/answers-native.json'));
const namesPath = path.join(path.dirname(nativePath), 'answers-names.json');
const vectorsDir = path.join(root, 'tests/vectors/answers');
const vectorFiles = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, text: readFileSync(path.join(vectorsDir, file), 'utf8') }));
const native = existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : null;
const { entries, problems } = matchAnswers(vectorFiles, native ?? []);

test('answers-native.json has exactly the cases of tests/vectors/answers/', () => {
  assert.ok(native !== null, `${nativePath} is missing: run \`cargo test --test answers_vectors\` first`);
  assert.deepEqual(problems, []);
});

test('answersNames() is the native list, in every entry', () => {
  const names = JSON.parse(readFileSync(namesPath, 'utf8'));
  assert.deepEqual(checkNames(api, names), []);
  assert.deepEqual(checkNames(cjs, names), []);
  assert.deepEqual(checkNames(inline, names), []);
});

for (const e of entries) {
  test(`${e.file}: ${e.name}`, () => {
    assert.deepEqual(checkAnswer(raw, api, e), []);
    assert.deepEqual(checkAnswer(raw, cjs, e), []);
  });
}
