// Differential test, wasm side: replays every call of target/differential/native.json (written by
// `cargo test --test differential`, see tests/differential.rs: generated payloads of every kind,
// raw texts, identifiers of every type rich in non-ASCII, bulk lists and line texts) through the
// Node build of the wasm package and requires the very output strings native produced.
//
// - validate: the raw export's result (as an envelope, vector-cases.mjs) must equal native's byte
//   for byte; the public `validate`
//   (payload as text, and as a value when JSON.parse/JSON.stringify round-trips it) must return
//   native's report, compared as JSON.stringify texts.
// - normalize / hash: the public normalizeIdentifier / hashIdentifier, tagged `o<output>` or
//   `e<code>\t<message>` (the format of native.json, not of the wasm exports) exactly as native
//   tags them.
// - hash_many / hash_lines: the public hashIdentifiers / hashLines, compared as JSON.stringify
//   texts of `{hashes, errors}` (or the tagged error).
//
// PREFLIGHT_DIFFERENTIAL_JSON=path reads another file.
// Run: cargo test --test differential && bash scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  validate,
  normalizeIdentifier,
  hashIdentifier,
  hashIdentifiers,
  hashLines,
  PreflightError,
} from '../../pkg/node.js';
import { envelopeOf } from './vector-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
const nativePath = path.resolve(
  process.env.PREFLIGHT_DIFFERENTIAL_JSON || path.join(root, 'target/differential/native.json'),
);
const native = existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : null;
const items = native?.items ?? [];
/** Mismatches listed in a failure message (the count is always given). */
const SHOWN = 12;

const utf8 = new TextEncoder();
const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

/** The result of a public call: `o<output>` or the tagged PreflightError. */
function tagged(fn) {
  try {
    return `o${fn()}`;
  } catch (e) {
    if (!(e instanceof PreflightError)) throw e;
    return `e${e.code}\t${e.message}`;
  }
}

/** A bulk public call as JSON text, or the tagged PreflightError. */
function bulk(fn) {
  try {
    return JSON.stringify(fn());
  } catch (e) {
    if (!(e instanceof PreflightError)) throw e;
    return `e${e.code}\t${e.message}`;
  }
}

/** Native's bulk output in the same form (JSON re-serialized by JavaScript, or the tag). */
const nativeBulk = (out) => (out.startsWith('e') ? out : JSON.stringify(JSON.parse(out)));

/** Checks every item of `op`; returns the mismatches. */
function replay(op, check) {
  const bad = [];
  let n = 0;
  for (const [index, item] of items.entries()) {
    if (item.op !== op) continue;
    n++;
    const problem = check(item);
    if (problem) bad.push(`#${index} ${problem}`);
  }
  return { n, bad };
}

function report(t, op, { n, bad }) {
  t.diagnostic(`${op}: ${n} cases, seed ${native?.seed}`);
  assert.ok(n > 0, `no ${op} cases in ${nativePath}`);
  assert.equal(bad.length, 0, `${bad.length} of ${n} ${op} cases differ from native:\n${bad.slice(0, SHOWN).join('\n')}`);
}

test('native.json of the differential test is there', () => {
  assert.ok(native !== null, `${nativePath} is missing: run \`cargo test --test differential\` first`);
  assert.equal(native.cases, items.length);
  assert.ok(items.length >= 1000, `only ${items.length} cases`);
  console.log(`differential: seed ${native.seed}, ${items.length} cases from ${path.relative(root, nativePath)}`);
});

test('validate: the raw export and the public API give native\'s output exactly', (t) => {
  const check = (c) => {
    const bytes = c.payload_hex !== undefined ? hexBytes(c.payload_hex) : utf8.encode(c.payload_text);
    const out = envelopeOf(() => raw.validateJson(c.kind, bytes, c.options_text));
    if (out !== c.output) return `raw ${c.kind}:\n  wasm   ${out}\n  native ${c.output}`;
    if (c.payload_text === undefined) return null;
    // The public API: payload as text (and as a value when that is lossless), options as a value.
    const options = c.options_text === '' ? undefined : JSON.parse(c.options_text);
    if (options !== undefined && JSON.stringify(options) !== c.options_text) return null;
    const want = JSON.parse(c.output);
    const forms = [c.payload_text];
    let value;
    try {
      value = JSON.parse(c.payload_text);
    } catch {
      value = undefined;
    }
    if (value !== undefined && typeof value !== 'string' && JSON.stringify(value) === c.payload_text) forms.push(value);
    for (const payload of forms) {
      let got;
      try {
        got = JSON.stringify({ ok: validate(c.kind, payload, options) });
      } catch (e) {
        if (!(e instanceof PreflightError)) throw e;
        got = JSON.stringify({ error: { code: e.code, message: e.message } });
      }
      if (got !== JSON.stringify(want)) return `public ${c.kind} (${typeof payload}):\n  wasm   ${got}\n  native ${c.output}`;
    }
    return null;
  };
  report(t, 'validate', replay('validate', check));
});

test('normalizeIdentifier and hashIdentifier give native\'s output exactly (non-ASCII included)', (t) => {
  const one = (fn) => (c) => {
    const out = tagged(() => fn(c.type, c.value, c.options));
    return out === c.output ? null : `${c.type} ${JSON.stringify(c.value)} ${JSON.stringify(c.options)}:\n  wasm   ${out}\n  native ${c.output}`;
  };
  report(t, 'normalize', replay('normalize', one(normalizeIdentifier)));
  report(t, 'hash', replay('hash', one(hashIdentifier)));
});

test('hashIdentifiers and hashLines give native\'s output exactly', (t) => {
  report(
    t,
    'hash_many',
    replay('hash_many', (c) => {
      const out = bulk(() => hashIdentifiers(c.type, c.values, c.options));
      const want = nativeBulk(c.output);
      return out === want ? null : `${c.type} ${JSON.stringify(c.values)}:\n  wasm   ${out}\n  native ${want}`;
    }),
  );
  report(
    t,
    'hash_lines',
    replay('hash_lines', (c) => {
      const out = bulk(() => hashLines(c.type, c.text, c.options));
      const want = nativeBulk(c.output);
      return out === want ? null : `${c.type} ${JSON.stringify(c.text)}:\n  wasm   ${out}\n  native ${want}`;
    }),
  );
});
