// jsonSchema(kind) and describe(kind) through the wasm package, against ajv (draft 2020-12, strict
// mode) and the shared vectors:
// - every kind's schema compiles under ajv's strict mode (no unknown keyword, no ignored format);
// - every valid vector (tests/vectors/*.json, `valid: true` with a `payload`) passes its kind's
//   schema, so the schema never refuses what the engine accepts;
// - the schema refuses what it claims to express: for each described maxLength / enum / maximum
//   a valid payload is broken and ajv must refuse it (as the engine does: tests/describe.rs).
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/schema.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe as describeKind, jsonSchema, kinds, validate, PreflightError } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vectorsDir = path.join(root, 'tests/vectors');
const cases = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((file) => JSON.parse(readFileSync(path.join(vectorsDir, file), 'utf8')).map((c) => ({ file, ...c })));

const ajv = new Ajv2020({ strict: true, allErrors: true });
const compiled = new Map();
const schemaOf = (kind) => {
  if (!compiled.has(kind)) compiled.set(kind, ajv.compile(jsonSchema(kind)));
  return compiled.get(kind);
};

test('every kind has a schema that compiles in strict mode, and a description', () => {
  for (const kind of kinds()) {
    const schema = jsonSchema(kind);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', kind);
    assert.doesNotThrow(() => schemaOf(kind), kind);
    const d = describeKind(kind);
    assert.equal(d.kind, kind);
    assert.ok(d.fields.length > 0, `${kind}: describe lists no field`);
  }
});

test('an unknown kind is a PreflightError with code unknown_kind', () => {
  for (const f of [describeKind, jsonSchema]) {
    assert.throws(() => f('no_such_kind'), (e) => e instanceof PreflightError && e.code === 'unknown_kind');
  }
});

test('every valid vector passes its kind\'s JSON Schema under ajv', () => {
  const valid = cases.filter((c) => c.valid === true && 'payload' in c);
  assert.ok(valid.length > 100, `only ${valid.length} valid vectors found`);
  const failures = [];
  for (const c of valid) {
    const check = schemaOf(c.kind);
    if (!check(c.payload)) {
      failures.push(`${c.file}: ${c.name}: ${ajv.errorsText(check.errors)}`);
    }
  }
  assert.deepEqual(failures, []);
});

/** Sets the value at a concrete pointer of a copy of `payload`. */
const setAt = (payload, pointer, value) => {
  const copy = structuredClone(payload);
  const keys = pointer.split('/').slice(1);
  let at = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  at[keys.at(-1)] = value;
  return copy;
};

test('the schema refuses what it expresses: maxLength, enum, maximum of top-level fields', () => {
  let checked = 0;
  const failures = [];
  for (const c of cases.filter((c) => c.valid === true && 'payload' in c && !Array.isArray(c.payload))) {
    const check = schemaOf(c.kind);
    for (const f of describeKind(c.kind).fields) {
      const name = f.path.slice(1);
      if (name.includes('/') || !(name in c.payload)) continue;
      const current = c.payload[name];
      const broken = [];
      if (f.maxLength !== null && typeof current === 'string') broken.push('k'.repeat(f.maxLength + 1));
      if (f.enum !== null && typeof current === 'string') broken.push('NOT_A_DOCUMENTED_VALUE');
      if (f.maximum !== null && typeof current === 'number') broken.push(f.maximum + 1);
      for (const value of broken) {
        checked++;
        const payload = setAt(c.payload, f.path, value);
        if (check(payload)) failures.push(`${c.name}: ${f.path} = ${JSON.stringify(value).slice(0, 40)} passes the schema`);
        // The engine refuses it too (the schema never says more than the engine).
        const report = validate(c.kind, payload, c.options ?? undefined);
        if (report.valid) failures.push(`${c.name}: ${f.path} = ${JSON.stringify(value).slice(0, 40)} passes the engine`);
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} mutations checked`);
  assert.deepEqual(failures, []);
});
