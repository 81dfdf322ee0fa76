// The shared identifier vectors (tests/vectors/identifiers/*.json) through the wasm build, as
// tests/identifier_vectors.rs runs them natively (format described there): every path that hashes
// (normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher fed whole and
// a character at a time, buildAudienceBodies) gives the vector's hash or error code, with the
// case's options (`default_country_code`, `phone_format`). The hashes are also recomputed with
// node:crypto.
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/identifier-vectors.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  normalizeIdentifier,
  hashIdentifier,
  hashIdentifiers,
  hashLines,
  createLineHasher,
  buildAudienceBodies,
} from '../../pkg/node.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vectors/identifiers');
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const joined = (pieces) => pieces.map(([text, times]) => text.repeat(times)).join('');

const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')).map((c) => ({ ...c, file: f })));

/** `o<hash>` or `e<code>` of a call that returns a hash or throws a PreflightError. */
const outcome = (fn) => {
  try {
    return `o${fn()}`;
  } catch (e) {
    return `e${e.code}`;
  }
};
/** The hashing options of a case, as the package names them. */
const options = (c) => ({ defaultCountryCode: c.default_country_code, phoneFormat: c.phone_format });
const slot = (r) => (r.hashes[0] != null ? `o${r.hashes[0]}` : `e${r.errors[0]?.code}`);

test('identifier vectors: every hashing path gives each vector hash or code', () => {
  assert.ok(cases.length >= 15, `${cases.length} cases`);
  for (const c of cases) {
    const name = `${c.file}: ${c.name}`;
    const raw = joined(c.raw);
    const o = options(c);
    let want;
    if ('error' in c) {
      want = `e${c.error}`;
    } else {
      const normalized = joined(c.normalized);
      assert.equal(sha256(normalized), c.sha256, `${name}: the vector's own hash`);
      assert.equal(outcome(() => normalizeIdentifier(c.type, raw, o)), `o${normalized}`, `${name}: normalizeIdentifier`);
      want = `o${c.sha256}`;
    }
    if ('error' in c) assert.equal(outcome(() => normalizeIdentifier(c.type, raw, o)), want, `${name}: normalizeIdentifier`);
    assert.equal(outcome(() => hashIdentifier(c.type, raw, o)), want, `${name}: hashIdentifier`);
    assert.equal(slot(hashIdentifiers(c.type, [raw], o)), want, `${name}: hashIdentifiers`);
    assert.equal(slot(hashLines(c.type, `${raw}\r\n`, o)), want, `${name}: hashLines`);
    assert.equal(slot(hashLines(c.type, new TextEncoder().encode(raw), o)), want, `${name}: hashLines (bytes)`);
    const whole = createLineHasher(c.type, o);
    whole.push(raw);
    assert.equal(slot(whole.finish()), want, `${name}: createLineHasher`);
    const bit = createLineHasher(c.type, o);
    const parts = [];
    for (const ch of `${raw}\n`) parts.push(bit.push(ch));
    parts.push(bit.finish());
    const done = parts.find((r) => r.hashes.length > 0);
    assert.equal(done && slot(done), want, `${name}: createLineHasher, a character at a time`);
    const b = buildAudienceBodies('custom_audience_users', [{ [c.type]: raw }], { operation: 'Update', expiresAt: '2030-01-01T00:00:00Z', ...o });
    const inBody = b.rejected.length > 0 ? `e${b.rejected[0].code}` : b.bodies[0]?.includes(`["${c.sha256}"]`) ? want : `body ${b.bodies[0]}`;
    assert.equal(inBody, want, `${name}: buildAudienceBodies`);
  }
});
