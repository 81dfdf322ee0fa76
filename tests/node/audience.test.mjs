// The audience-identifier API of pkg/ (Node entry): every public vector of
// shared/spec/audience-identifiers.md, every error code, the bulk paths (hashIdentifiers,
// hashLines, createLineHasher) against each other, against hashIdentifier and against node:crypto,
// streaming chunk boundaries, error messages free of values, upload bodies and their limits, and
// that the types (pkg/types/codes.d.ts, generated, and audience.d.ts) list the codes the Rust
// sources define.
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { audienceApi, MAX_STAGE_BYTES, MAX_VALUE_BYTES } from '../../pkg/lib/audience.js';
import path from 'node:path';
import {
  normalizeIdentifier,
  hashIdentifier,
  hashIdentifiers,
  hashLines,
  createLineHasher,
  buildAudienceBodies,
  PreflightError,
} from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const TYPES = ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id'];

/** Asserts that `fn` throws a PreflightError with `code`; returns the error. */
function throwsCode(fn, code) {
  let caught;
  assert.throws(fn, (e) => {
    caught = e;
    return true;
  });
  assert.ok(caught instanceof PreflightError, `expected PreflightError, got ${caught?.name}: ${caught?.message}`);
  assert.equal(caught.name, 'PreflightError');
  assert.equal(caught.code, code, caught.message);
  assert.ok(typeof caught.message === 'string' && caught.message.length > 0);
  return caught;
}

/** The result of hashIdentifier as a slot: the output, or {code}. */
function one(type, value, options) {
  try {
    return hashIdentifier(type, value, options);
  } catch (e) {
    assert.ok(e instanceof PreflightError, String(e));
    return { code: e.code };
  }
}

/** A bulk result as slots comparable with one(): the output, or {code}. */
function slots(result) {
  const codes = new Map(result.errors.map((e) => [e.index, e.code]));
  assert.equal(codes.size, result.errors.length, 'one error per index');
  const indexes = result.errors.map((e) => e.index);
  assert.deepEqual(indexes, [...indexes].sort((a, b) => a - b), 'errors in index order');
  return result.hashes.map((h, i) => {
    if (h === null) {
      assert.ok(codes.has(i), `slot ${i} is null without an error`);
      return { code: codes.get(i) };
    }
    assert.ok(!codes.has(i), `slot ${i} has a hash and an error`);
    return h;
  });
}

// --- the public vectors of audience-identifiers.md -----------------------------------------------
// [type, raw, normalized, sha256] (sha256 null: not hashed); errors as [type, raw, code, options].
const VECTORS = [
  ['email', '  Support@X.com ', 'support@x.com', '6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381'],
  ['email', 'testemail_Organisational_baseball+884@It92I6Ev2B.Com', 'testemail_organisational_baseball+884@it92i6ev2b.com',
    'c934839719cef7e670281f3a3e281dfb93f0f4b4f0519d8df09a993971227d9e'],
  ['email', 'Jane.Doe+News@Gmail.com', 'jane.doe+news@gmail.com', 'f41439c944a763c9812d700a779941cec169de13c9ccd13aaf9424ba5231620a'],
  ['email', '\u{FEFF}alice@example.com\r\n', 'alice@example.com', 'ff8d9819fc0e12bf0d24892e45987e249a28dce836a85cad60e28eaaa8c6d976'],
  ['email', 'jose\u{0301}@example.com', 'jos\u{e9}@example.com', 'b0a53cf19e34d05b57bced7365c6b00ddbe38d62957e863de2a66a56c3b42cea'],
  ['email', 'ÉMILE@EXAMPLE.FR', 'émile@example.fr', '785a3e87c6b9f8c4a167e44c2456219325da44c27a00afb793663d9ff71dfd7c'],
  ['phone_number', '+44 20 7183 8750', '+442071838750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
  ['phone_number', '0044 20 7183 8750', '+442071838750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
  ['handle', '@AdsAPI', 'adsapi', '49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d'],
  ['device_id', '4B61639E-47CC-4056-A16A-C8217E029462', '4b61639e-47cc-4056-a16a-c8217e029462',
    '225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a'],
  ['device_id', '4b61639e47cc4056a16ac8217e029462', '4b61639e-47cc-4056-a16a-c8217e029462',
    '225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a'],
  ['device_id', ' AF3802A465767E36 ', 'af3802a465767e36', '38bb33cb239524887c276ca99f9a077bc7161629804b914f4fd52e19dcffe92c'],
  ['service_id', '143567', '143567', '617b8747525a154b1ecf75a42d883df00e0dd6d0f981bea57ac7bdce73e57eae'],
  ['partner_user_id', ' ABC-123 ', ' ABC-123 ', null],
  ['phone_number', '+44 (0) 20 7183 8750', '+442071838750', 'e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d'],
];
const PHONE_WITH_CC = ['phone_number', '(657) 777-0000', '+16577770000', 'a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb'];
// [raw, default country code, normalized, sha256]: the phone vectors with a default country code.
const PHONES_WITH_CC = [
  ['1-415-555-0123', '1', '+14155550123', '36a2cef4ff9bf7a1abd2a93359136b870393be4106e6c5d19b72ff564f9deca4'],
  ['8 (495) 123-45-67', '7', '+74951234567', '39cae6bb4e77fcd8ca8d244a9d724a620157b2ff34dadcc6565586f3a6005fbc'],
  ['06 4567 8901', '39', '+390645678901', '2764e06a2f90146ddb8290642210540cc209fcc20aabff0427dd5f59669e3a35'],
  ['447911123456', '44', '+447911123456', '20b18ac9de7b3aad174961827d8e451c410af9aedfd1d699927f4b29b81aa1fa'],
];
const VECTOR_ERRORS = [
  ['email', 'john doe@example.com', 'invalid_email'],
  ['email', 'no-at-sign.example.com', 'invalid_email'],
  ['phone_number', '(657) 777-0000', 'missing_country_code'],
  ['phone_number', '+1-800-FLOWERS', 'invalid_phone_number'],
  ['phone_number', '919876543210', 'ambiguous_country_code', { defaultCountryCode: '91' }],
  ['handle', '@@jack', 'invalid_handle'],
  ['handle', 'https://x.com/jack', 'invalid_handle'],
  ['device_id', '00000000-0000-0000-0000-000000000000', 'limited_ad_tracking'],
  ['service_id', '1.4e5', 'invalid_service_id'],
  ['service_id', '123456789012345678901234', 'invalid_service_id'],
];

test('every public vector: normalized form and hash, each hash equal to node:crypto of the normalized form', () => {
  for (const [type, input, normalized, digest] of VECTORS) {
    assert.equal(normalizeIdentifier(type, input), normalized, `${type} ${JSON.stringify(input)}`);
    const expected = digest ?? normalized;
    assert.equal(hashIdentifier(type, input), expected, `${type} ${JSON.stringify(input)}`);
    if (digest !== null) assert.equal(sha256(normalized), digest, 'the spec table is self-consistent');
  }
  const [type, input, normalized, digest] = PHONE_WITH_CC;
  assert.equal(normalizeIdentifier(type, input, { defaultCountryCode: '1' }), normalized);
  assert.equal(hashIdentifier(type, input, { defaultCountryCode: '1' }), digest);
  assert.equal(sha256(normalized), digest);
  for (const [raw, cc, want, sha] of PHONES_WITH_CC) {
    assert.equal(normalizeIdentifier('phone_number', raw, { defaultCountryCode: cc }), want, raw);
    assert.equal(hashIdentifier('phone_number', raw, { defaultCountryCode: cc }), sha, raw);
    assert.equal(sha256(want), sha, 'the spec table is self-consistent');
  }
  for (const [type, input, code, options] of VECTOR_ERRORS) {
    throwsCode(() => normalizeIdentifier(type, input, options), code);
    throwsCode(() => hashIdentifier(type, input, options), code);
  }
});

test('the vectors above are the spec table, when the spec is beside the repository', (t) => {
  const spec = path.join(root, '../shared/spec/audience-identifiers.md');
  if (!existsSync(spec)) {
    t.skip(`${spec} not found`);
    return;
  }
  const digests = new Set([...read(path.relative(root, spec)).matchAll(/\b[0-9a-f]{64}\b/g)].map((m) => m[0]));
  const ours = new Set([...VECTORS, PHONE_WITH_CC].map((v) => v[3]).filter(Boolean).concat(PHONES_WITH_CC.map((v) => v[3])));
  assert.deepEqual([...digests].sort(), [...ours].sort());
});

test('options: phoneFormat digits, prehashed, defaults', () => {
  assert.equal(normalizeIdentifier('phone_number', '+44 20 7183 8750', { phoneFormat: 'digits' }), '442071838750');
  assert.equal(hashIdentifier('phone_number', '+44 20 7183 8750', { phoneFormat: 'digits' }), sha256('442071838750'));
  assert.equal(hashIdentifier('phone_number', '020 7183 8750', { defaultCountryCode: '44' }), sha256('+442071838750'));
  const digest = sha256('support@x.com');
  assert.equal(hashIdentifier('email', ` ${digest.toUpperCase()} `, { prehashed: true }), digest);
  assert.equal(normalizeIdentifier('email', digest.toUpperCase(), { prehashed: true }), digest);
  // Defaults: undefined, null, {} and members set to undefined or null.
  for (const o of [undefined, null, {}, { phoneFormat: undefined, defaultCountryCode: null, prehashed: undefined }]) {
    assert.equal(hashIdentifier('phone_number', '+44 20 7183 8750', o), sha256('+442071838750'));
  }
  // partner_user_id is never hashed, not even with prehashed.
  assert.equal(hashIdentifier('partner_user_id', 'p-1', { prehashed: true }), 'p-1');
});

// --- errors ----------------------------------------------------------------------------------------
test('each error code of one value', () => {
  const cases = [
    ['email', '   ', 'empty'],
    ['partner_user_id', '', 'empty'],
    ['email', `${'a'.repeat(65_537)}@x.com`, 'too_long'],
    ['partner_user_id', 'a'.repeat(65_537), 'too_long'],
    ['email', 'a\uD800@x.com', 'invalid_utf8'],
    ['email', 'a@b@c', 'invalid_email'],
    ['phone_number', '617 555 1212', 'missing_country_code'],
    ['phone_number', '+1 617 555 1212 ext 3', 'invalid_phone_number'],
    ['phone_number', '39 06 4567 8901', 'ambiguous_country_code', { defaultCountryCode: '39' }],
    ['handle', 'way_too_long_handle_name_x', 'invalid_handle'],
    ['device_id', 'not-a-device', 'invalid_device_id'],
    ['device_id', '00000000000000000000000000000000', 'limited_ad_tracking'],
    ['service_id', '0', 'invalid_service_id'],
    ['service_id', '18446744073709551616', 'invalid_service_id'],
  ];
  for (const [type, value, code, options] of cases) {
    throwsCode(() => hashIdentifier(type, value, options), code);
    throwsCode(() => normalizeIdentifier(type, value, options), code);
  }
  assert.equal(hashIdentifier('service_id', '18446744073709551615'), sha256('18446744073709551615'));
  throwsCode(() => hashIdentifier('email', 'abc', { prehashed: true }), 'invalid_prehashed');
  throwsCode(() => hashIdentifier('service_id', 143567), 'not_a_string');
  throwsCode(() => hashIdentifier('email', null), 'not_a_string');
});

test('not_a_string says what was given: only a number is told about numbers', () => {
  const message = (value) => {
    try {
      hashIdentifier('email', value);
    } catch (e) {
      assert.equal(e.code, 'not_a_string');
      return e.message;
    }
    assert.fail('no error');
  };
  assert.equal(message(undefined), 'the value must be a string, not undefined');
  assert.equal(message(null), 'the value must be a string, not null');
  assert.equal(message({ email: 'a@x.com' }), 'the value must be a string, not object');
  assert.match(message(143567), /^the value must be a string \(numbers are refused: ids above 2\^53 lose precision/);
  assert.match(message(143567n), /numbers are refused/);
  assert.ok(!message(143567).includes('143567'), 'the value is never repeated');
});

test('each error code of a wrong call', () => {
  throwsCode(() => hashIdentifier('phone', '1'), 'unknown_id_type');
  throwsCode(() => hashIdentifier('Email', 'a@x.com'), 'unknown_id_type');
  throwsCode(() => hashIdentifiers(undefined, []), 'unknown_id_type');
  throwsCode(() => createLineHasher('emails'), 'unknown_id_type');
  throwsCode(() => hashIdentifier('email', 'a@x.com', { phone_format: 'e164' }), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', { prehashed: 'yes' }), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', { defaultCountryCode: 44 }), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', { phoneFormat: 1 }), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', 'e164'), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', ['e164']), 'bad_options');
  throwsCode(() => hashIdentifier('email', 'a@x.com', { phoneFormat: 'E164' }), 'unknown_phone_format');
  // A bad default country code fails the call, whatever the type and value.
  for (const cc of ['+1', '0', '1234', '']) {
    throwsCode(() => hashIdentifier('email', 'a@x.com', { defaultCountryCode: cc }), 'invalid_default_country_code');
    throwsCode(() => hashIdentifiers('phone_number', ['1'], { defaultCountryCode: cc }), 'invalid_default_country_code');
  }
  throwsCode(() => hashIdentifiers('email', 'a@x.com'), 'invalid_argument');
  throwsCode(() => hashLines('email', ['a@x.com']), 'invalid_argument');
  const h = createLineHasher('email');
  throwsCode(() => h.push(42), 'invalid_argument');
  throwsCode(() => h.push({ length: 3 }), 'invalid_argument');
  assert.deepEqual(h.push('a@x.com\n').hashes, [sha256('a@x.com')], 'a refused chunk leaves the hasher usable');
  h.finish();
  throwsCode(() => h.push('b@x.com\n'), 'hasher_finished');
  throwsCode(() => h.finish(), 'hasher_finished');
  h.free();
  h.free();
});

test('a failing call leaves the module usable', () => {
  const ok = () => assert.equal(hashIdentifier('email', 'Support@X.com'), VECTORS[0][3]);
  const failing = [
    () => hashIdentifier('email', 'bad'),
    () => hashIdentifier('email', 'a'.repeat(200_000)),
    () => hashIdentifier('nope', 'x'),
    () => hashIdentifiers('email', ['x', 1, '\uD800'], { defaultCountryCode: 'x' }),
    () => hashLines('email', new Uint8Array([0xff, 0xfe, 0x0a])),
    () => buildAudienceBodies('custom_audience_users', [{ email: 'x' }], { operation: 'Upsert' }),
    () => buildAudienceBodies('do_not_reach_users', [{ handle: 'x' }], { operation: 'Update' }),
    () => createLineHasher('email').finish(),
  ];
  for (const f of failing) {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof PreflightError, `${e?.name}: ${e?.message}`);
    }
    ok();
    assert.deepEqual(hashIdentifiers('email', ['Support@X.com']).hashes, [VECTORS[0][3]]);
  }
});

test('no error message contains the value', () => {
  const MARK = 'SECRET-MARKER-123';
  const values = [
    `${MARK}@x`, `${MARK}`, ` ${MARK} @x.com`, `@${MARK}`, `+1 ${MARK}`, `${MARK}\uD800`, `${MARK}@a@b`,
    `${MARK}`.repeat(5000), `00${MARK}`, `${'f'.repeat(63)}${MARK}`,
  ];
  const messages = [];
  const collect = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof PreflightError, `${e?.name}: ${e?.message}`);
      messages.push(e.message, String(e.stack));
    }
  };
  for (const type of TYPES) {
    for (const v of values) {
      for (const options of [undefined, { prehashed: true }]) {
        collect(() => hashIdentifier(type, v, options));
        collect(() => normalizeIdentifier(type, v, options));
      }
    }
    // Markers in every other string argument.
    collect(() => hashIdentifier(`${MARK}`, 'a@x.com'));
    collect(() => hashIdentifier(type, 'x', { phoneFormat: MARK }));
    collect(() => hashIdentifier(type, 'x', { defaultCountryCode: MARK }));
    collect(() => hashIdentifiers(type, values, { defaultCountryCode: MARK }));
    collect(() => hashLines(type, values.join('\n'), { phoneFormat: MARK }));
    collect(() => createLineHasher(type, { defaultCountryCode: MARK }));
    // Bulk results carry codes only.
    const r = hashIdentifiers(type, values);
    for (const e of r.errors) assert.deepEqual(Object.keys(e).sort(), ['code', 'index']);
    assert.ok(!JSON.stringify(r.errors).includes(MARK));
  }
  const records = values.map((v) => ({ email: v, phone_number: [v], handle: v }));
  collect(() => buildAudienceBodies(MARK, records, { operation: 'Update' }));
  collect(() => buildAudienceBodies('custom_audience_users', records, { operation: MARK }));
  collect(() => buildAudienceBodies('custom_audience_users', records, { operation: 'Update', effectiveAt: MARK }));
  collect(() => buildAudienceBodies('custom_audience_users', records, { operation: 'Update', expiresAt: MARK }));
  collect(() => buildAudienceBodies('custom_audience_users', records, { operation: 'Update', now: MARK }));
  collect(() => buildAudienceBodies('do_not_reach_users', records, { operation: 'Update' }));
  collect(() => buildAudienceBodies('custom_audience_users', [MARK], { operation: 'Update' }));
  const out = buildAudienceBodies('do_not_reach_users', records, { operation: 'Update', expiresAt: '2030-01-01T00:00:00Z' });
  assert.ok(!JSON.stringify(out.rejected).includes(MARK));
  assert.ok(messages.length > 100, `${messages.length} messages`);
  for (const m of messages) assert.ok(!m.includes(MARK), m.slice(0, 300));
});

// --- bulk paths --------------------------------------------------------------------------------
/** Values of every type: valid in many spellings, and invalid. No line breaks inside. */
function corpus() {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const spaced = (s) => pick(['', ' ', '\t', '\u00a0', '\u3000']) + s + pick(['', ' ', '\r', '\u2003']);
  const cased = (s) => [...s].map((c) => (rnd() < 0.4 ? c.toUpperCase() : c)).join('');
  const names = ['ann', 'josé', 'zoë', 'łukasz', 'jürgen', 'søren', 'émile', 'mónica', 'bob', 'lee', '李', 'ñandú'];
  const domains = ['x.com', 'gmail.com', 'example.fr', 'münchen.de', 'co.uk'];
  const out = Object.fromEntries(TYPES.map((t) => [t, []]));
  for (let i = 0; i < 400; i++) {
    const email = `${pick(names)}.${pick(names)}${i}+t@${pick(domains)}`;
    const nfd = rnd() < 0.3 ? email.normalize('NFD') : email;
    out.email.push(spaced(cased(nfd)));
    out.phone_number.push(spaced(pick(['+44 20 7183 ', '0044 (20) 7183-', '+1.617.555.', '020 7183 ']) + String(1000 + i)));
    out.handle.push(spaced(pick(['@', '＠', '']) + cased(`${pick(['ads', 'jack', 'x_y'])}${i}`)));
    const hex = sha256(String(i)).slice(0, 32);
    out.device_id.push(spaced(rnd() < 0.5 ? cased(hex) : `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`));
    out.service_id.push(spaced(`${'0'.repeat(i % 3)}${i * 7919 + 1}`));
    out.partner_user_id.push(`${pick(['', ' '])}partner-${pick(names)}-${i}😀`);
  }
  const invalid = ['', '   ', 'a b@c', '@', 'x'.repeat(70_000), '+', '00', 'no', '\u00a0', '12ab', '＠＠x', 'é'];
  for (const t of TYPES) {
    for (const v of invalid) out[t].splice(Math.floor(rnd() * out[t].length), 0, v);
  }
  return out;
}
const CORPUS = corpus();

test('hashIdentifiers gives exactly hashIdentifier for every value, in order', () => {
  for (const type of TYPES) {
    for (const options of [undefined, { phoneFormat: 'digits', defaultCountryCode: '44' }]) {
      const values = CORPUS[type];
      const r = hashIdentifiers(type, values, options);
      assert.equal(r.hashes.length, values.length);
      assert.deepEqual(slots(r), values.map((v) => one(type, v, options)), type);
      assert.ok(r.errors.length >= 2 && r.errors.length < values.length / 2, `${type}: ${r.errors.length} errors`);
    }
  }
});

test('hashIdentifiers: values that do not fit a line, non-strings, lone surrogates, empty input', () => {
  const values = ['a@x.com\n', 'a\n@x.com', '\r\nb@x.com\r\n', 'c@x.com\r', 1, null, undefined, {}, 'd\uD83D@x.com',
    '\uDE00e@x.com', 'f@x.com\uD83D', '\uDE00', '', 'g@x.com'];
  const r = hashIdentifiers('email', values);
  assert.deepEqual(slots(r), values.map((v) => one('email', v)));
  assert.deepEqual(r.errors.map((e) => e.code), ['invalid_email', 'not_a_string', 'not_a_string', 'not_a_string', 'not_a_string',
    'invalid_utf8', 'invalid_utf8', 'invalid_utf8', 'invalid_utf8', 'empty']);
  // A high and a low surrogate in neighbouring values pair up when joined: still two errors.
  const pair = hashIdentifiers('partner_user_id', ['a\uD83D', '\uDE00b', 'ok']);
  assert.deepEqual(slots(pair), [{ code: 'invalid_utf8' }, { code: 'invalid_utf8' }, 'ok']);
  // partner_user_id keeps everything verbatim: line breaks, a leading byte-order mark, a final \r.
  const partner = ['\uFEFFp', 'a\nb', 'c\r', '\r\n', ' ', '😀'];
  assert.deepEqual(hashIdentifiers('partner_user_id', partner).hashes, partner);
  assert.deepEqual(hashIdentifiers('email', []), { hashes: [], errors: [] });
  const sparse = ['a@x.com'];
  sparse[2] = 'b@x.com';
  assert.deepEqual(slots(hashIdentifiers('email', sparse)), [sha256('a@x.com'), { code: 'not_a_string' }, sha256('b@x.com')]);
});

test('hashIdentifiers over several blocks: slots and error indexes stay in input order across block and group boundaries', () => {
  // lib/audience.js hashes 32,768 values per crossing, joining 16 at a time: rejected values sit
  // on both sides of those boundaries; every other slot is checked against node:crypto.
  const n = 3 * 32768 + 100;
  const values = Array.from({ length: n }, (_, i) => `User.${i}@Example.COM`);
  const want = values.map((_, i) => sha256(`user.${i}@example.com`));
  const rejected = new Map([
    [15, ['a\uD83D', 'invalid_utf8']], [16, ['\uDE00b', 'invalid_utf8']], // a pair split across a group boundary
    [32767, ['x\uD83D', 'invalid_utf8']], [32768, ['\uDE00y', 'invalid_utf8']], // ... across a block boundary
    [32769, [42, 'not_a_string']], [65535, ['no-at-sign', 'invalid_email']], [65536, ['', 'empty']],
    [n - 1, [null, 'not_a_string']],
  ]);
  for (const [i, [v]] of rejected) {
    values[i] = v;
    want[i] = null;
  }
  // Non-ASCII values in a later block (the joined groups are then two-byte strings).
  for (let i = 70000; i < 70050; i++) {
    values[i] = `zoë.${i}@münchen.de`;
    want[i] = sha256(`zoë.${i}@münchen.de`);
  }
  const r = hashIdentifiers('email', values);
  assert.equal(r.hashes.length, n);
  const diff = r.hashes.flatMap((h, i) => (h === want[i] ? [] : [i]));
  assert.deepEqual(diff, []);
  assert.deepEqual(r.errors, [...rejected].map(([index, [, code]]) => ({ index, code })));
  // partner_user_id passes values through: non-ASCII outputs, of the UTF-16 lengths the result lists.
  const ids = Array.from({ length: 40000 }, (_, i) => (i % 1000 === 0 ? `😀ü${i}` : `id-${i}`));
  assert.deepEqual(hashIdentifiers('partner_user_id', ids).hashes, ids);
});

/** A new instance of the node glue: its own module and memory, at its initial size. */
function freshGlue() {
  const require = createRequire(import.meta.url);
  const glue = require.resolve('../../pkg/wasm/preflight.cjs');
  const cached = require.cache[glue];
  delete require.cache[glue];
  const fresh = require(glue);
  require.cache[glue] = cached;
  return fresh;
}

test('hashIdentifiers on a fresh module: its memory grows while a block is staged and while it is hashed', () => {
  // A new instance of the glue (its own memory, at its initial size): the first block grows the
  // memory when staged and again while it is hashed, so the staging view must be taken after
  // audienceStage, never kept from an earlier call.
  const fresh = freshGlue();
  assert.notEqual(fresh, raw);
  const before = fresh.audienceMemory().buffer.byteLength;
  const api = audienceApi(fresh);
  const values = Array.from({ length: 70000 }, (_, i) => `Fresh.${i}@Example.com`);
  const r = api.hashIdentifiers('email', values);
  assert.ok(fresh.audienceMemory().buffer.byteLength > before, 'the memory grew');
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.hashes.flatMap((h, i) => (h === sha256(`fresh.${i}@example.com`) ? [] : [i])), []);
});

test('hashIdentifiers frees its staging area at the end of the call', () => {
  const fresh = freshGlue();
  const api = audienceApi(fresh);
  const before = fresh.audienceMemory().buffer.byteLength;
  // 64 values of MAX_VALUE_BYTES: 4 Mi UTF-16 units, staged in blocks of about 6 MB.
  const long = Array.from({ length: 64 }, (_, i) => `${i}`.padEnd(MAX_VALUE_BYTES, 'x'));
  assert.deepEqual(api.hashIdentifiers('partner_user_id', long), { hashes: long, errors: [] });
  const grown = fresh.audienceMemory().buffer.byteLength;
  assert.ok(grown - before > 6_000_000, 'a staging area was made');
  // Nothing staged is left: hashing one staged byte finds none.
  // (One value of one unit, then one byte written.)
  assert.throws(() => fresh.audienceHashStaged('partner_user_id', undefined, Uint32Array.of(1, 1)), (e) => e.code === 'split_character');
  // The same call again takes the memory it left, and no more.
  assert.deepEqual(api.hashIdentifiers('partner_user_id', long), { hashes: long, errors: [] });
  assert.equal(fresh.audienceMemory().buffer.byteLength, grown);
});

test('hashIdentifiers: values of any length are too_long past MAX_VALUE_BYTES, never staged; the engine stages a block at most', () => {
  // (V8 builds the repeat lazily: this costs little memory here.)
  const huge = 'x'.repeat(500_000_000);
  const memory = raw.audienceMemory().buffer.byteLength;
  assert.deepEqual(hashIdentifiers('email', ['a@x.com', huge, huge, huge]), {
    hashes: [sha256('a@x.com'), null, null, null],
    errors: [1, 2, 3].map((index) => ({ index, code: 'too_long' })),
  });
  assert.ok(raw.audienceMemory().buffer.byteLength - memory < 16 << 20, 'the values were not copied in');
  // 0: no staging area that large (no allocation is at address 0).
  assert.equal(raw.audienceStage(0xffffffff), 0);
  assert.equal(raw.audienceStage(MAX_STAGE_BYTES + 1), 0);
  raw.audienceReleaseStage();
  assert.deepEqual(hashIdentifiers('email', ['A@x.com']).hashes, [sha256('a@x.com')]);
});

test('hashIdentifiers after a call that ran the module out of memory: the next call works', () => {
  const fresh = freshGlue();
  const api = audienceApi(fresh);
  // Leave the module 60 pages (about 4 MB) below its 4 GiB limit (address space only: untouched
  // pages cost nothing), so that hashing a full block traps for lack of memory.
  const memory = fresh.audienceMemory();
  memory.grow(65536 - memory.buffer.byteLength / 65536 - 60);
  const block = Array.from({ length: 32768 }, (_, i) => `user.${i}@example.com`);
  assert.throws(
    () => api.hashIdentifiers('email', block),
    (e) => e instanceof PreflightError && e.code === 'internal_error' && e.cause instanceof WebAssembly.RuntimeError,
  );
  // The next calls run on a fresh instance (lib/engine.js; tests/node/trap.test.mjs).
  assert.notEqual(fresh.audienceMemory(), memory);
  assert.deepEqual(api.hashIdentifiers('email', ['A@x.com']).hashes, [sha256('a@x.com')]);
  assert.equal(api.hashIdentifier('email', 'b@x.com'), sha256('b@x.com'));
});

test('hashLines agrees with hashIdentifiers on the lines; the line rules', () => {
  for (const type of TYPES) {
    const values = CORPUS[type];
    const expected = hashIdentifiers(type, values);
    assert.deepEqual(hashLines(type, values.join('\n')), expected, type);
    assert.deepEqual(hashLines(type, `${values.join('\r\n')}\r\n`), expected, `${type} CRLF`);
    assert.deepEqual(hashLines(type, new TextEncoder().encode(values.join('\n'))), expected, `${type} bytes`);
  }
  assert.deepEqual(hashLines('email', ''), { hashes: [], errors: [] });
  assert.deepEqual(hashLines('partner_user_id', '\n'), { hashes: [null], errors: [{ index: 0, code: 'empty' }] });
  // A lone CR stays in the line; a partner_user_id holding one is refused (line_break), since a
  // line splitter would cut the output there.
  assert.deepEqual(hashLines('partner_user_id', '\uFEFFa\r\n\rb\r\r\n\nc'), {
    hashes: ['a', null, null, 'c'],
    errors: [{ index: 1, code: 'line_break' }, { index: 2, code: 'empty' }],
  });
  assert.deepEqual(hashLines('partner_user_id', 'a\nb\n').hashes, ['a', 'b']);
  // Lines that are not UTF-8 (bytes) or hold a lone surrogate (string): invalid_utf8 for that line.
  const bytes = Uint8Array.from([...Buffer.from('a@x.com\n'), 0xff, 0x0a, ...Buffer.from('b@x.com')]);
  assert.deepEqual(slots(hashLines('email', bytes)), [sha256('a@x.com'), { code: 'invalid_utf8' }, sha256('b@x.com')]);
  assert.deepEqual(slots(hashLines('email', 'a@x.com\n\uDC00b@x.com\nc@x.com')),
    [sha256('a@x.com'), { code: 'invalid_utf8' }, sha256('c@x.com')]);
});

/** Feeds `chunks` to a new hasher; checks the indexes continue; returns the whole result. */
function stream(type, chunks, options) {
  const h = createLineHasher(type, options);
  const hashes = [];
  const errors = [];
  const take = (r) => {
    assert.equal(r.firstIndex, hashes.length, 'indexes continue across calls');
    for (const e of r.errors) assert.ok(e.index >= r.firstIndex && e.index < r.firstIndex + r.hashes.length);
    hashes.push(...r.hashes);
    errors.push(...r.errors);
  };
  for (const c of chunks) take(h.push(c));
  take(h.finish());
  return { hashes, errors };
}

const byteChunks = (bytes, size) => {
  const out = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
};

test('createLineHasher agrees with hashLines for chunk sizes 1, 3, 7 and 4096, bytes and strings', () => {
  for (const type of TYPES) {
    const text = `\uFEFF${CORPUS[type].filter((v) => v.length < 1000).join('\r\n')}`;
    const expected = hashLines(type, text);
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 3, 7, 4096]) {
      assert.deepEqual(stream(type, byteChunks(bytes, size)), expected, `${type} bytes/${size}`);
      // String chunks cut at any UTF-16 position, surrogate pairs included.
      const strings = [];
      for (let at = 0; at < text.length; at += size) strings.push(text.slice(at, at + size));
      assert.deepEqual(stream(type, strings), expected, `${type} strings/${size}`);
    }
    // Other views of the same bytes.
    assert.deepEqual(stream(type, [Buffer.from(bytes), bytes.slice().buffer]).hashes.length, expected.hashes.length * 2 - 1);
  }
});

test('createLineHasher: multibyte characters, CRLF and surrogates split across chunks', () => {
  const lines = ['josé@exämple.com', '李@例子.中国', 'x😀@y.z', 'ÉMILE@EXAMPLE.FR', 'a@b.c'];
  const text = lines.join('\r\n');
  const bytes = Buffer.from(text);
  const expected = lines.map((l) => one('email', l));
  // Every split point of the bytes, two chunks each.
  for (let cut = 0; cut <= bytes.length; cut++) {
    assert.deepEqual(slots(stream('email', [bytes.subarray(0, cut), bytes.subarray(cut)])), expected, `cut ${cut}`);
  }
  // Every split point of the string (cutting the surrogate pair of 😀 too), and mixed chunk kinds.
  for (let cut = 0; cut <= text.length; cut++) {
    assert.deepEqual(slots(stream('email', [text.slice(0, cut), text.slice(cut)])), expected, `string cut ${cut}`);
    assert.deepEqual(slots(stream('email', [text.slice(0, cut), Buffer.from(text.slice(cut))])).length, expected.length);
  }
  // Invalid bytes and lone surrogates are errors of their own line only.
  const bad = [Buffer.from('a@x.com\nb'), Uint8Array.of(0xc3), Buffer.from('@x.com\nc@x.com\n'), 'd\uD83D', '\n', 'e@x.com'];
  assert.deepEqual(slots(stream('email', bad)),
    [sha256('a@x.com'), { code: 'invalid_utf8' }, sha256('c@x.com'), { code: 'invalid_utf8' }, sha256('e@x.com')]);
  // A lone high surrogate at the very end.
  assert.deepEqual(slots(stream('email', ['a@x.com\nb@x.com\uD83D'])), [sha256('a@x.com'), { code: 'invalid_utf8' }]);
});

test('createLineHasher: memory stays bounded on a long line and a long stream', () => {
  const h = createLineHasher('email');
  const junk = new Uint8Array(64 * 1024).fill(0x61);
  for (let i = 0; i < 40; i++) assert.deepEqual(h.push(junk).hashes, []);
  const r = h.push(Buffer.from('\nok@x.com\n'));
  assert.deepEqual(r, { hashes: [null, sha256('ok@x.com')], errors: [{ index: 0, code: 'too_long' }], firstIndex: 0 });
  const line = Buffer.from('someone@example.com\n'.repeat(3000));
  let total = 2;
  for (let i = 0; i < 200; i++) {
    const out = h.push(line);
    assert.equal(out.firstIndex, total);
    total += out.hashes.length;
  }
  assert.equal(total, 2 + 200 * 3000);
  assert.deepEqual(h.finish(), { hashes: [], errors: [], firstIndex: total });
});

// --- many generated values against node:crypto ------------------------------------------------------
// The bulk paths hash values whose normalized form fits one SHA-256 block (at most 55 bytes) four
// at a time with WebAssembly SIMD, and longer ones one at a time, in input order. So: lengths on
// both sides of that limit, ASCII and not, rejected values interleaved, every bulk path, and each
// expectation computed independently: the package's own normalizeIdentifier, then node:crypto.

/** `n` generated raw values of `type` (no line breaks inside), deterministic. */
function generated(type, n) {
  let seed = 20260421;
  // Math.imul: a plain product would lose low bits above 2^53 and cycle after a few hundred draws.
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const int = (k) => Math.floor(rnd() * k);
  const pick = (a) => a[int(a.length)];
  const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-';
  const WIDE = ['é', 'E\u0301', 'ü', 'Ø', 'ł', '李', '例', 'ß', 'İ', '😀', 'ñ'];
  /** `len` characters, mostly ASCII; `wide` of them (about) from WIDE. */
  const text = (len, wide) => {
    let s = '';
    while (s.length < len) s += rnd() < wide ? pick(WIDE) : ASCII[int(ASCII.length)];
    return s;
  };
  const pad = (s) => (rnd() < 0.2 ? pick([' ', '\t', '\u00a0', '\u3000', '\uFEFF']) + s + pick(['', ' ', '\u2003']) : s);
  const out = [];
  for (let i = 0; i < n; i++) {
    const len = int(121); // 0 to 120
    const wide = rnd() < 0.25 ? 0.15 : 0;
    let v;
    if (rnd() < 0.12) {
      // Rejected: no @, two @, a space inside, nothing but spaces, or empty.
      v = pick([text(len, wide), `${text(len >> 1, wide)}@@x.io`, `a b@${text(len, 0)}.com`, ' '.repeat(len % 4), '']);
    } else if (type === 'email') {
      const domain = pick(['x.io', 'gmail.com', 'exämple.fr', 'mail.example.co.uk', '例子.中国', 'a-long-subdomain.of-a-mail.example.co.uk']);
      // Local parts up to 60 characters: with wide ones, some are over the 64 bytes of RFC 5321.
      const local = text(Math.min(60, Math.max(1, len - domain.length - 1)), wide);
      v = `${rnd() < 0.3 ? local.toUpperCase() : local}@${rnd() < 0.2 ? domain.toUpperCase() : domain}`;
    } else if (type === 'phone_number') {
      // Mostly possible lengths for the code (9 or 10 digits for +44, 10 for +1), some one off.
      const [prefix, lengths] = pick([['+44 ', [9, 10]], ['+1 (', [10]], ['0044 ', [7, 10]], ['+49-', [6, 11]]]);
      const len = pick(lengths) + (rnd() < 0.2 ? pick([-1, 1]) : 0);
      v = `${prefix}${String(int(1e12)).padStart(12, '7').slice(0, len)}`;
    } else if (type === 'handle') {
      v = `${pick(['@', '＠', ''])}${text(1 + int(20), 0).replace(/[^a-zA-Z0-9]/g, '_')}`;
    } else if (type === 'device_id') {
      const hex = createHash('sha256').update(String(i)).digest('hex').slice(0, 32);
      v = rnd() < 0.5 ? hex.toUpperCase() : `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    } else {
      v = `${'0'.repeat(int(3))}${1 + int(1e9)}${String(int(1e9))}`;
    }
    out.push(pad(v));
  }
  return out;
}

/** The expected slot of each value: node:crypto over normalizeIdentifier's output, or {code}. */
function expectedSlots(type, values, options) {
  return values.map((v) => {
    try {
      return sha256(normalizeIdentifier(type, v, options));
    } catch (e) {
      assert.ok(e instanceof PreflightError, String(e));
      return { code: e.code };
    }
  });
}

test('20,000 generated emails through every bulk path equal node:crypto of the normalized forms', () => {
  const values = generated('email', 20_000);
  const expected = expectedSlots('email', values);
  // The data covers what it should: rejected values, and accepted ones of every normalized length
  // around the one-block limit (UTF-8 bytes), both below and above it.
  const lengths = new Set();
  for (const v of values) {
    try {
      lengths.add(Buffer.byteLength(normalizeIdentifier('email', v)));
    } catch {}
  }
  for (let n = 40; n <= 70; n++) assert.ok(lengths.has(n), `no accepted value of ${n} bytes`);
  assert.ok(Math.max(...lengths) > 100 && Math.min(...lengths) < 10);
  const rejected = expected.filter((x) => typeof x !== 'string').length;
  assert.ok(rejected > 1000 && rejected < 5000, `${rejected} rejected`);
  assert.ok(values.some((v) => /[^\x00-\x7f]/.test(v)));

  assert.deepEqual(slots(hashIdentifiers('email', values)), expected, 'hashIdentifiers');
  // Every value ends its line (with join alone, an empty last value would be no line at all).
  const lines = (list, ending = '\n') => list.map((v) => v + ending).join('');
  const text = lines(values);
  assert.deepEqual(slots(hashLines('email', text)), expected, 'hashLines');
  assert.deepEqual(slots(hashLines('email', Buffer.from(lines(values, '\r\n')))), expected, 'hashLines CRLF bytes');
  const bytes = Buffer.from(text);
  for (const size of [61, 4099, 65536]) {
    assert.deepEqual(slots(stream('email', byteChunks(bytes, size))), expected, `createLineHasher ${size}-byte chunks`);
  }
  // Tiny chunks (a partial group of four at the end of nearly every call) on a slice.
  const head = values.slice(0, 1500);
  assert.deepEqual(slots(stream('email', byteChunks(Buffer.from(lines(head)), 7))), expected.slice(0, 1500));
  // Every batch size from 0 to 13 values, at every offset modulo 4.
  for (let start = 0; start < 4; start++) {
    for (let n = 0; n <= 13; n++) {
      const part = values.slice(start * 17, start * 17 + n);
      const want = expected.slice(start * 17, start * 17 + n);
      assert.deepEqual(slots(hashIdentifiers('email', part)), want, `${n} values from ${start * 17}`);
      assert.deepEqual(slots(hashLines('email', lines(part))), want, `${n} lines from ${start * 17}`);
    }
  }
});

test('generated values of the other hashed types through every bulk path equal node:crypto', () => {
  for (const type of ['phone_number', 'handle', 'device_id', 'service_id']) {
    for (const options of [undefined, { phoneFormat: 'digits', defaultCountryCode: '44' }]) {
      const values = generated(type, 2000);
      const expected = expectedSlots(type, values, options);
      const accepted = expected.filter((x) => typeof x === 'string').length;
      assert.ok(accepted > 1000, `${type}: ${accepted} accepted`);
      assert.deepEqual(slots(hashIdentifiers(type, values, options)), expected, `${type} hashIdentifiers`);
      const text = values.map((v) => `${v}\n`).join('');
      assert.deepEqual(slots(hashLines(type, text, options)), expected, `${type} hashLines`);
      const bytes = Buffer.from(text);
      assert.deepEqual(slots(stream(type, byteChunks(bytes, 333), options)), expected, `${type} createLineHasher`);
    }
  }
});

// --- upload bodies ---------------------------------------------------------------------------------
const CA = 'custom_audience_users';
const DNR = 'do_not_reach_users';

test('buildAudienceBodies: the exact body, hashes per field, rejections and dropped values with their input index', () => {
  const records = [
    { email: 'Support@X.com' },
    { email: 'not an email' },
    { email: ['A@x.com', 'a@x.com ', 'b@x.com'], phone_number: '+44 20 7183 8750', partner_user_id: ['p', 'p'], handle: null },
    {},
    { device_id: '4b61639e47cc4056a16ac8217e029462', service_id: '143567', handle: '@AdsAPI' },
    { email: ['ok@x.com', 7] },
  ];
  const out = buildAudienceBodies(CA, records, { operation: 'Update' });
  assert.deepEqual(out.records, [[0, 2, 4, 5]]);
  assert.deepEqual(out.rejected, [
    { index: 1, field: 'email', valueIndex: 0, code: 'invalid_email' },
    { index: 3, field: null, valueIndex: null, code: 'no_identifiers' },
  ]);
  // Record 5 keeps its valid email; the number beside it is left out and reported.
  assert.deepEqual(out.dropped, [{ index: 5, field: 'email', valueIndex: 1, code: 'not_a_string' }]);
  assert.equal(out.bodies.length, 1);
  assert.ok(out.bodies[0].startsWith(
    `[{"operation_type":"Update","params":{"users":[{"email":["${VECTORS[0][3]}"]},`), out.bodies[0]);
  const [op] = JSON.parse(out.bodies[0]);
  assert.deepEqual(op.params.users[1], {
    email: [sha256('a@x.com'), sha256('b@x.com')],
    phone_number: [sha256('+442071838750')],
    partner_user_id: ['p'],
  });
  assert.deepEqual(Object.keys(op.params.users[2]), ['device_id', 'handle', 'service_id']);
  assert.deepEqual(op.params.users[2].handle, [VECTORS[8][3]]);
  assert.deepEqual(op.params.users[3], { email: [sha256('ok@x.com')] });

  const dnr = buildAudienceBodies(DNR, [{ email: 'a@x.com' }, { handle: 'x', email: 'b@x.com' }], {
    operation: 'Delete', expiresAt: '2030-01-01T00:00:00Z', phoneFormat: 'digits',
  });
  assert.deepEqual(dnr.rejected, []);
  assert.deepEqual(dnr.dropped, [{ index: 1, field: 'handle', valueIndex: null, code: 'field_not_allowed' }]);
  assert.equal(dnr.bodies[0],
    `[{"operation_type":"Delete","params":{"expires_at":"2030-01-01T00:00:00Z","users":[{"email":["${sha256('a@x.com')}"]},` +
    `{"email":["${sha256('b@x.com')}"]}]}}]`);
  assert.deepEqual(buildAudienceBodies(CA, [], { operation: 'Update' }), { bodies: [], records: [], rejected: [], dropped: [] });
});

test('buildAudienceBodies: a user keeps every valid identifier; values left out before the engine keep their positions', () => {
  const records = [
    // A valid email, a phone number without a country code: the email is sent.
    { email: 'a@x.com', phone_number: '555 0100' },
    // Nothing valid: left out, with both problems.
    { email: 'nope', phone_number: '555 0100' },
    // Values the wrapper cannot pass (a number, a lone surrogate) between valid and invalid ones:
    // every position is the record's own.
    { email: [7, 'b@x.com', 'a\uD800@x.com', 'bad', 'c@x.com'], handle: 5 },
    // Only values the wrapper cannot pass: left out, without a no_identifiers of its own.
    { email: [null], device_id: {} },
  ];
  const out = buildAudienceBodies(CA, records, { operation: 'Update' });
  assert.deepEqual(out.records, [[0, 2]]);
  const [op] = JSON.parse(out.bodies[0]);
  assert.deepEqual(op.params.users, [
    { email: [sha256('a@x.com')] },
    { email: [sha256('b@x.com'), sha256('c@x.com')] },
  ]);
  assert.deepEqual(out.rejected, [
    { index: 1, field: 'email', valueIndex: 0, code: 'invalid_email' },
    { index: 1, field: 'phone_number', valueIndex: 0, code: 'missing_country_code' },
    { index: 3, field: 'email', valueIndex: 0, code: 'not_a_string' },
    { index: 3, field: 'device_id', valueIndex: null, code: 'not_a_string' },
  ]);
  assert.deepEqual(out.dropped, [
    { index: 0, field: 'phone_number', valueIndex: 0, code: 'missing_country_code' },
    { index: 2, field: 'email', valueIndex: 0, code: 'not_a_string' },
    { index: 2, field: 'email', valueIndex: 2, code: 'invalid_utf8' },
    { index: 2, field: 'handle', valueIndex: null, code: 'not_a_string' },
    { index: 2, field: 'email', valueIndex: 3, code: 'invalid_email' },
  ]);
});

test('buildAudienceBodies: 2500 users per body, exactly', () => {
  const records = Array.from({ length: 5001 }, (_, i) => ({ email: `user${i}@example.com` }));
  records[10] = { email: 'bad' };
  const out = buildAudienceBodies(CA, records, { operation: 'Update', effectiveAt: '2030-01-01T00:00:00Z' });
  assert.deepEqual(out.records.map((r) => r.length), [2500, 2500]);
  assert.deepEqual(out.rejected, [{ index: 10, field: 'email', valueIndex: 0, code: 'invalid_email' }]);
  assert.equal(out.records[0][0], 0);
  assert.equal(out.records[0][10], 11);
  assert.equal(out.records[1].at(-1), 5000);
  const exact = buildAudienceBodies(CA, records.slice(0, 2501), { operation: 'Update' });
  assert.deepEqual(exact.records.map((r) => r.length), [2500]);
  const over = buildAudienceBodies(CA, records.slice(11, 2512), { operation: 'Update' });
  assert.deepEqual(over.records.map((r) => r.length), [2500, 1]);
  for (const body of [...out.bodies, ...over.bodies]) {
    const [op] = JSON.parse(body);
    assert.ok(op.params.users.length <= 2500);
  }
  const small = buildAudienceBodies(CA, records.slice(0, 10), { operation: 'Update', maxUsersPerBody: 3 });
  assert.deepEqual(small.records, [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
});

test('buildAudienceBodies: 5,000,000 bytes per body, measured on the exact text', () => {
  // 60,000-character partner ids, some multibyte: about 80 fit in a body.
  const records = Array.from({ length: 200 }, (_, i) => ({
    partner_user_id: `${i}-${i % 3 === 0 ? 'é'.repeat(29_990) : 'x'.repeat(59_990)}`,
    email: `u${i}@x.com`,
  }));
  const out = buildAudienceBodies(CA, records, { operation: 'Update' });
  assert.equal(out.rejected.length, 0);
  assert.ok(out.bodies.length >= 2);
  let next = 0;
  for (const [b, body] of out.bodies.entries()) {
    const bytes = Buffer.byteLength(body);
    assert.ok(bytes <= 5_000_000, `body ${b}: ${bytes} bytes`);
    const [op] = JSON.parse(body);
    assert.equal(op.params.users.length, out.records[b].length);
    for (const [k, user] of op.params.users.entries()) {
      const index = out.records[b][k];
      assert.equal(index, next++, 'input order');
      assert.deepEqual(user, { email: [sha256(`u${index}@x.com`)], partner_user_id: [records[index].partner_user_id] });
    }
    if (b + 1 < out.bodies.length) {
      // Greedy: the next body's first user would not have fitted.
      const [nextOp] = JSON.parse(out.bodies[b + 1]);
      const firstUser = Buffer.byteLength(JSON.stringify(nextOp.params.users[0]));
      assert.ok(bytes + 1 + firstUser > 5_000_000, `body ${b} closed early`);
    }
  }
  assert.equal(next, records.length);
  const tight = buildAudienceBodies(CA, [{ email: 'a@x.com' }, { partner_user_id: 'y'.repeat(400) }, { email: 'b@x.com' }],
    { operation: 'Update', maxBodyBytes: 300 });
  assert.deepEqual(tight.rejected, [{ index: 1, field: null, valueIndex: null, code: 'record_too_large' }]);
  for (const body of tight.bodies) assert.ok(Buffer.byteLength(body) <= 300);
});

test('buildAudienceBodies: wrong calls', () => {
  const r = [{ email: 'a@x.com' }];
  throwsCode(() => buildAudienceBodies('custom_audience', r, { operation: 'Update' }), 'unknown_endpoint');
  throwsCode(() => buildAudienceBodies(1, r, { operation: 'Update' }), 'unknown_endpoint');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'update' }), 'unknown_operation');
  throwsCode(() => buildAudienceBodies(CA, r, {}), 'bad_options');
  throwsCode(() => buildAudienceBodies(CA, r), 'bad_options');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', effective_at: 'x' }), 'bad_options');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', expiresAt: {} }), 'bad_options');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', expiresAt: 1893456000000 }), 'bad_options');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', expiresAt: new Date(Number.NaN) }), 'invalid_expires_at');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', effectiveAt: '2030-01-01' }), 'invalid_effective_at');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', expiresAt: '2030-01-01T00:00:00+01:00' }), 'invalid_expires_at');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', now: 'now' }), 'invalid_now');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', effectiveAt: '2030-02-01T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }),
    'expires_not_after_effective');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', now: '2031-01-01T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }),
    'expires_not_after_now');
  throwsCode(() => buildAudienceBodies(DNR, r, { operation: 'Update' }), 'missing_expires_at');
  throwsCode(() => buildAudienceBodies(DNR, r, { operation: 'Update', expiresAt: '2030-01-01T00:00:00Z', effectiveAt: '2029-01-01T00:00:00Z' }),
    'effective_at_not_allowed');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', maxUsersPerBody: 2501 }), 'invalid_limits');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', maxBodyBytes: 0 }), 'invalid_limits');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', phoneFormat: 'plus' }), 'unknown_phone_format');
  throwsCode(() => buildAudienceBodies(CA, r, { operation: 'Update', defaultCountryCode: '+44' }), 'invalid_default_country_code');
  throwsCode(() => buildAudienceBodies(CA, 'a@x.com', { operation: 'Update' }), 'invalid_argument');
  throwsCode(() => buildAudienceBodies(CA, [null], { operation: 'Update' }), 'invalid_record');
  throwsCode(() => buildAudienceBodies(CA, [['a@x.com']], { operation: 'Update' }), 'invalid_record');
  throwsCode(() => buildAudienceBodies(CA, [{ emial: 'a@x.com' }], { operation: 'Update' }), 'invalid_record');
});

// --- the benchmark's ceiling and the types ----------------------------------------------------------
test('the benchmark-only raw SHA-256 is SHA-256', () => {
  // The bench build of scripts/build-wasm.sh (outside pkg/: no shipped build has these exports).
  const bench = createRequire(import.meta.url)(
    path.resolve(root, process.env.CARGO_TARGET_DIR ?? 'target', 'wasm-bench/preflight_bench.cjs'),
  );
  for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'é'.repeat(100), 'x'.repeat(1000)]) {
    assert.equal(bench.benchSha256Hex(s), sha256(s));
  }
  assert.equal(bench.benchRawSha256Lines(Buffer.from('a\nb\n\nc')), 4);
  assert.equal(bench.benchRawSha256Lines(Buffer.from('a\nb\n')), 2);
  assert.equal(bench.benchRawSha256Lines(new Uint8Array(0)), 0);
});

/** The string literals of `export type NAME = 'a' | 'b' ...;` in pkg/types/codes.d.ts or audience.d.ts. */
function dtsUnion(name) {
  const re = new RegExp(`export type ${name} =([^;]*);`);
  const m = re.exec(read('pkg/types/codes.d.ts')) ?? re.exec(read('pkg/types/audience.d.ts'));
  assert.ok(m, `codes.d.ts and audience.d.ts declare no type ${name}`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
}

/** The codes `Enum::Variant => "code"` of the Rust sources under src/audience/ (messages excluded). */
function rustCodes(enumName) {
  const files = [];
  const walk = (dir) => {
    for (const f of readdirSync(path.join(root, dir))) {
      const p = path.join(dir, f);
      if (statSync(path.join(root, p)).isDirectory()) walk(p);
      else if (f.endsWith('.rs')) files.push(p);
    }
  };
  walk('src/audience');
  const codes = new Set();
  for (const f of files) {
    for (const m of read(f).matchAll(new RegExp(`${enumName}::\\w+ => "([a-z0-9_]+)"`, 'g'))) codes.add(m[1]);
  }
  return [...codes].sort();
}

test('the types list the codes and names the Rust sources define', () => {
  assert.deepEqual(dtsUnion('IdType'), TYPES);
  assert.deepEqual(rustCodes('IdType'), [...TYPES].sort());
  assert.deepEqual([...dtsUnion('IdErrorCode')].sort(), rustCodes('IdError'));
  assert.deepEqual([...dtsUnion('BatchErrorCode')].sort(), rustCodes('BatchError'));
  const record = dtsUnion('RecordErrorCode');
  for (const c of rustCodes('RecordError')) assert.ok(record.includes(c), `RecordErrorCode lacks ${c}`);
  assert.deepEqual(dtsUnion('PhoneFormat'), ['e164', 'digits']);
  assert.deepEqual(dtsUnion('AudienceEndpoint'), [CA, DNR]);
});

test('the raw upload-body export refuses numbers that do not add up to its records', () => {
  // One record with one email (six counts and no country), then the value's UTF-16 length.
  const call = (numbers, text = 'a@b.com') =>
    JSON.parse(raw.audienceBuildBodies({ endpoint: 'custom_audience_users', options: { operation: 'Update' } }, text, Uint32Array.from(numbers)));
  const one = call([1, 1, 0, 0, 0, 0, 0, 0, 7]);
  assert.deepEqual(one.users, [1], 'seven counts build a body of one user');
  assert.deepEqual([one.bodies.length, one.rejected, one.dropped], [1, [], []]);
  const refused = (e) => Object.getPrototypeOf(e) === Error.prototype && e.code === 'split_character';
  // A record count that the counts do not fill, a length left over, a country flag other than 0 or 1.
  assert.throws(() => call([2, 1, 0, 0, 0, 0, 0, 0, 7]), refused);
  assert.throws(() => call([1, 1, 0, 0, 0, 0, 0, 0, 7, 0]), refused);
  assert.throws(() => call([1, 1, 0, 0, 0, 0, 0, 2, 7]), refused);
  assert.throws(() => call([]), refused);
});

test('hashIdentifiers: long and short, non-ASCII, rejected values and lone halves side by side: each slot is the single-value call', () => {
  const values = [
    'A@B.com', '', '  x@y.org ', 'zoë@münchen.de', 'e\u0301@x.com', '😀@x.com', 'x\ud800@y.com', 7, null,
    // Two lone halves side by side: each rejected, never joined into a pair.
    '\ud83d', '\ude00@x.com',
    'a'.repeat(40) + '@x.com',
    // Many short values, then long ones.
    ...Array.from({ length: 600 }, (_, i) => `user${i}@x.com`),
    // Long values: refused (email_too_long) before normalizing, and the longest accepted ones.
    ...Array.from({ length: 20 }, (_, i) => `${'ü'.repeat(500 * (i + 1))}@x.com`),
    ...Array.from({ length: 20 }, (_, i) => `${'ü'.repeat(32)}@${'x'.repeat(165 + i)}.com`),
    'last@x.com',
  ];
  const tooLong = values.flatMap((v, i) => (typeof v === 'string' && Buffer.byteLength(v) > 254 ? [[i, 'email_too_long']] : []));
  assert.equal(tooLong.length, 20);
  const got = hashIdentifiers('email', values);
  assert.equal(got.hashes.length, values.length);
  values.forEach((v, i) => {
    let want = null;
    try {
      want = hashIdentifier('email', v);
    } catch {
      // rejected: null
    }
    assert.equal(got.hashes[i], want, `value ${i}`);
  });
  assert.deepEqual(got.errors.map((e) => [e.index, e.code]), [
    [1, 'empty'], [6, 'invalid_utf8'], [7, 'not_a_string'], [8, 'not_a_string'], [9, 'invalid_utf8'], [10, 'invalid_utf8'],
    ...tooLong,
  ]);
  assert.ok(got.hashes.slice(-21, -1).every((h) => typeof h === 'string'), 'the longest accepted addresses');
});
