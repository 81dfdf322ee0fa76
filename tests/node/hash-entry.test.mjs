// The hash-only entry `preflight-wasm/hash` (pkg/hash.js and pkg/hash-browser.js over
// pkg/wasm/preflight_hash.*): preflight-wasm built with only its `audience` feature. It must give the
// full package's results, byte for byte, and carry nothing of validation, signing or upload
// bodies, neither in its JavaScript nor in its .wasm.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as full from 'preflight-wasm';
import * as hash from 'preflight-wasm/hash';

const VALUES = {
  email: [' Support@X.com ', 'Jose\u0301@Example.com', 'a@b@c', '', 'ÅNGSTRÖM@lab.se', 'x'.repeat(70) + '@example.com'],
  phone_number: ['+1 (617) 555-1212', '0044 20 7946 0958', '(657) 777-0000', '+1-617-555-CALL', '020 7946 0958'],
  handle: ['@AdsAPI', '＠jack_1', '@@jack', 'a'.repeat(21)],
  device_id: ['0B2A5F3E-8C1D-4E6F-9A7B-1C2D3E4F5A6B', '0b2a5f3e8c1d4e6f9a7b1c2d3e4f5a6b', '38400000-8cf0-11bd-b23e-10b96e40000d',
    '00000000-0000-0000-0000-000000000000', 'cdda802e-fb9c-47ad-9866-0794d394c912x'],
  service_id: ['00123', '0', '18446744073709551615', '18446744073709551616', '12a'],
  partner_user_id: ['customer 42', ' keeps spaces ', ''],
};
const OPTIONS = [undefined, { phoneFormat: 'digits', defaultCountryCode: '44' }, { prehashed: false }];

/** A call's outcome as data: its value or its error's name and code. */
function outcome(f) {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: e?.name, code: e?.code, message: e?.message };
  }
}

test('preflight-wasm/hash exports the hashing functions, PreflightError, isPreflightError and the loading functions, nothing else (the helpers are in preflight-wasm/helpers)', () => {
  assert.deepEqual(Object.keys(hash).sort(), [
    'PreflightError',
    'createLineHasher',
    'hashIdentifier',
    'hashIdentifiers',
    'hashLines',
    'init',
    'initSync',
    'isPreflightError',
    'normalizeIdentifier',
  ]);
  // One class for both entries: `instanceof` works whichever entry threw.
  assert.equal(hash.PreflightError, full.PreflightError);
});

test('preflight-wasm/hash gives the full package results, value for value, errors included', () => {
  let compared = 0;
  for (const [type, values] of Object.entries(VALUES)) {
    for (const options of OPTIONS) {
      for (const v of values) {
        assert.deepEqual(
          outcome(() => hash.normalizeIdentifier(type, v, options)),
          outcome(() => full.normalizeIdentifier(type, v, options)),
          `${type} normalize ${JSON.stringify(v)}`,
        );
        const h = outcome(() => hash.hashIdentifier(type, v, options));
        assert.deepEqual(h, outcome(() => full.hashIdentifier(type, v, options)), `${type} ${JSON.stringify(v)}`);
        compared += 'ok' in h ? 1 : 0;
      }
      const many = hash.hashIdentifiers(type, values, options);
      assert.deepEqual(many, full.hashIdentifiers(type, values, options), `${type} hashIdentifiers`);
      assert.ok(many.hashes.length === values.length);
      const text = values.filter((v) => !v.includes('\n')).join('\r\n');
      assert.deepEqual(hash.hashLines(type, text, options), full.hashLines(type, text, options), `${type} hashLines`);
      const bytes = new TextEncoder().encode(text);
      assert.deepEqual(hash.hashLines(type, bytes, options), full.hashLines(type, bytes, options));
    }
  }
  // Most values hash (a comparison of nothing but errors would prove little).
  assert.ok(compared > 40, `${compared} values hashed`);
  // Against node:crypto, independent of both builds.
  assert.equal(hash.hashIdentifier('handle', '@AdsAPI'), createHash('sha256').update('adsapi').digest('hex'));
  assert.equal(hash.normalizeIdentifier('email', '  Support@X.com '), 'support@x.com');
});

test('preflight-wasm/hash: streaming line hashing matches the full package, chunk boundaries anywhere', () => {
  const text = VALUES.email.concat(VALUES.email).join('\n') + '\n';
  const bytes = new TextEncoder().encode(text);
  const run = (api, step) => {
    const h = api.createLineHasher('email');
    const results = [];
    for (let i = 0; i < bytes.length; i += step) results.push(h.push(bytes.subarray(i, i + step)));
    results.push(h.finish());
    return results;
  };
  for (const step of [1, 3, 7, 64, bytes.length]) {
    const a = run(hash, step);
    assert.deepEqual(a, run(full, step), `chunks of ${step}`);
    assert.equal(a.reduce((n, r) => n + r.hashes.length, 0), VALUES.email.length * 2);
  }
  assert.deepEqual(outcome(() => hash.hashIdentifier('nope', 'x')), outcome(() => full.hashIdentifier('nope', 'x')));
  assert.equal(outcome(() => hash.hashIdentifier('nope', 'x')).code, 'unknown_id_type');
});

// Which files each entry loads and what each build's .wasm exports: tests/node/entries.test.mjs.
