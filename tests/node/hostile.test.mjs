// Hostile input through the wasm build in Node: each input gives a stable code (a report issue or
// a PreflightError code), nothing is lost, and after every failing call the next normal call
// still gives its known-good result (checked against node:crypto where it is a hash), so a
// failure never leaves the module unusable. The native side of the same list is
// tests/hostile.rs; tests/node/api.test.mjs already covers 200-deep objects, a 64 MiB string and
// values JSON.stringify refuses, which are not repeated here.
//
// Run: cargo build && bash scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  validate,
  kinds,
  hashIdentifier,
  hashIdentifiers,
  hashLines,
  createLineHasher,
  buildAudienceBodies,
  crcResponseToken,
  verifySignature,
  PreflightError,
} from '../../pkg/node.js';
import { envelopeOf } from './vector-cases.mjs';

const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const utf8 = (s) => new TextEncoder().encode(s);
/** The size of the "10 MB" strings. */
const TEN_MB = 10_000_000;
/** The nesting of the deep documents. */
const DEEP = 10_000;
/** The engine's limits (src/lib.rs MAX_INPUT_BYTES, MAX_DEPTH; the audience body limit). */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;
const MAX_DEPTH = 128;
const MAX_BODY_BYTES = 5_000_000;

const VALID_POLL = { name: 'Lunch poll', duration_in_minutes: 1440, first_choice: 'Pizza', second_choice: 'Salad' };
const CRC_SECRET = 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu';
const CRC_TOKEN = '9b4507b3-9040-4669-9ca3-6b94edb50553';

/** The module still works: one known-good result of each area, each checked independently. */
function stillWorks() {
  assert.deepEqual(validate('poll_card', VALID_POLL), { valid: true, issues: [] });
  assert.equal(hashIdentifier('email', ' Support@X.com '), sha256('support@x.com'));
  const hmac = createHmac('sha256', CRC_SECRET).update(CRC_TOKEN).digest('base64');
  assert.equal(crcResponseToken(CRC_SECRET, CRC_TOKEN), `sha256=${hmac}`);
  const body = '{"a":1}';
  const sig = `sha256=${createHmac('sha256', 'k').update(body).digest('base64')}`;
  assert.equal(verifySignature('k', body, sig), true);
}

/** Runs `fn`, which must throw a PreflightError with `code`; then checks the module still works. */
function throwsThenWorks(fn, code) {
  let caught;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof PreflightError, `expected PreflightError ${code}, got ${caught?.name}: ${caught?.message}`);
  assert.equal(caught.code, code, caught.message);
  stillWorks();
  return caught;
}

/** The raw export's result as an envelope (vector-cases.mjs), parsed; then checks the module still works. */
function rawThenWorks(kind, bytes, options = '') {
  const out = JSON.parse(envelopeOf(() => raw.validateJson(kind, bytes, options)));
  stillWorks();
  return out;
}

const issue = (report, path, code) => report.issues.find((i) => i.path === path && i.code === code);

/** Whether a kind's payload is an array (the audience upload bodies). */
const arrayRoot = (kind) => issue(validate(kind, {}), '', 'wrong_type') !== undefined && !issue(validate(kind, []), '', 'wrong_type');

test('invalid UTF-8 bytes: invalid_json from the engine; invalid_utf8 per line when hashing', () => {
  const bad = [[0xff], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]];
  for (const kind of kinds()) {
    for (const b of bad) {
      const bytes = Uint8Array.from([...utf8('{"name":"'), ...b, ...utf8('"}')]);
      const out = rawThenWorks(kind, bytes);
      assert.equal(out.error?.code, 'invalid_json', `${kind} ${b}`);
      assert.match(out.error.message, /invalid UTF-8/);
    }
  }
  const text = Uint8Array.from([...utf8('a@b.com\n'), 0xff, ...utf8('@b.com\nc@d.com\n'), 0xed, 0xa0, 0x80]);
  const r = hashLines('email', text);
  assert.deepEqual(r.errors, [
    { index: 1, code: 'invalid_utf8' },
    { index: 3, code: 'invalid_utf8' },
  ]);
  assert.deepEqual(r.hashes, [sha256('a@b.com'), null, sha256('c@d.com'), null]);
  const h = createLineHasher('email');
  const first = h.push(text.subarray(0, 9));
  const rest = h.push(text.subarray(9));
  const last = h.finish();
  assert.deepEqual([...first.hashes, ...rest.hashes, ...last.hashes], r.hashes);
  stillWorks();
});

test('10 MB strings: too_long or too_large, in reasonable time, and the module keeps working', (t) => {
  const big = 'x'.repeat(TEN_MB);
  let start = Date.now();
  const product = validate('product', {
    id: 'SKU-1', title: big, description: 'd', availability: 'in stock', condition: 'new',
    price: '1.00 USD', link: 'https://s.example.com/p', image_link: 'https://s.example.com/p.jpg', brand: 'b',
  });
  const title = issue(product, '/title', 'too_long');
  assert.ok(title, JSON.stringify(product.issues.map((i) => i.code)));
  assert.deepEqual(title.params, { actual: TEN_MB, max: 150 });
  t.diagnostic(`10 MB product title: ${Date.now() - start} ms`);
  stillWorks();
  start = Date.now();
  const users = validate('custom_audience_users', [{ operation_type: 'Update', params: { users: [{ email: [big] }] } }]);
  assert.ok(issue(users, '', 'too_large'));
  assert.ok(issue(users, '/0/params/users/0/email/0', 'invalid_format'));
  t.diagnostic(`10 MB audience body: ${Date.now() - start} ms`);
  stillWorks();
  // Every kind: a 10 MB value is a report, never a crash.
  start = Date.now();
  for (const kind of kinds()) {
    const payload = arrayRoot(kind) ? [{ name: big }] : { name: big };
    assert.equal(typeof validate(kind, payload).valid, 'boolean', kind);
  }
  t.diagnostic(`10 MB value through ${kinds().length} kinds: ${Date.now() - start} ms`);
  stillWorks();
  // One identifier of 10 MB: too_long, alone and in bulk.
  for (const type of ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id']) {
    throwsThenWorks(() => hashIdentifier(type, big), 'too_long');
  }
  assert.deepEqual(hashIdentifiers('email', [big, 'a@b.com']).errors, [{ index: 0, code: 'too_long' }]);
  assert.deepEqual(hashLines('email', `a@b.com\n${big}`).errors, [{ index: 1, code: 'too_long' }]);
  stillWorks();
});

test('10,000 levels of nesting: too_deep, as text, as a value and through the raw export', () => {
  const texts = [
    '['.repeat(DEEP) + ']'.repeat(DEEP),
    '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
    '['.repeat(DEEP),
    `{"name":${'['.repeat(DEEP)}`,
  ];
  for (const kind of kinds()) {
    for (const text of texts) {
      const e = throwsThenWorks(() => validate(kind, text), 'too_deep');
      assert.equal(e.message, `the payload nests deeper than ${MAX_DEPTH} levels`);
    }
    assert.equal(rawThenWorks(kind, utf8(texts[0])).error?.code, 'too_deep');
  }
  let deep = 'x';
  for (let i = 0; i < DEEP; i++) deep = i % 2 ? { name: deep } : [deep];
  throwsThenWorks(() => validate('poll_card', deep), 'too_deep');
  // MAX_DEPTH levels are read, one more is too deep.
  const at = (d) => `{"name":${'['.repeat(d - 1)}${']'.repeat(d - 1)}}`;
  assert.equal(typeof validate('poll_card', at(MAX_DEPTH)).valid, 'boolean');
  throwsThenWorks(() => validate('poll_card', at(MAX_DEPTH + 1)), 'too_deep');
});

test('1e400 and -0: invalid_json as text; as JavaScript numbers they are what JSON.stringify makes them', () => {
  const poll = (n) => `{"name":"Lunch poll","duration_in_minutes":${n},"first_choice":"Pizza","second_choice":"Salad"}`;
  for (const n of ['1e400', '-1e400', '1E+999']) {
    const e = throwsThenWorks(() => validate('poll_card', poll(n)), 'invalid_json');
    assert.match(e.message, /number out of range/);
  }
  // A JavaScript 1e400 is Infinity, which JSON.stringify writes as null: a wrong_type.
  const inf = validate('poll_card', { ...VALID_POLL, duration_in_minutes: 1e400 });
  assert.deepEqual(issue(inf, '/duration_in_minutes', 'wrong_type')?.params, { actual: 'null', expected: 'integer or decimal string' });
  // -0 (text or number) is 0: out of range, actual 0; the same report either way.
  for (const zero of ['-0', '-0.0', '0e5']) {
    const r = validate('poll_card', poll(zero));
    assert.deepEqual(r.issues.map((i) => [i.path, i.code, i.params.actual]), [['/duration_in_minutes', 'out_of_range', 0]], zero);
    assert.deepEqual(validate('poll_card', { ...VALID_POLL, duration_in_minutes: -0 }), r);
  }
  // 1e-400 is 0 as text (its nearest double, as JSON.parse reads it) and as a JavaScript number.
  assert.deepEqual(validate('poll_card', poll('1e-400')).issues.map((i) => i.params.actual), [0]);
  assert.deepEqual(validate('poll_card', { ...VALID_POLL, duration_in_minutes: 1e-400 }).issues.map((i) => i.params.actual), [0]);
  stillWorks();
});

test('a member name written twice: duplicate_key (JSON text only: a JavaScript object cannot repeat one)', () => {
  for (const kind of kinds()) {
    const member = '"x":1,"y":2,"x":3,"x":4';
    const [text, prefix] = arrayRoot(kind) ? [`[{${member}}]`, '/0'] : [`{${member}}`, ''];
    const r = validate(kind, text);
    const dup = r.issues.filter((i) => i.code === 'duplicate_key');
    assert.equal(dup.length, 1, kind);
    assert.deepEqual(dup[0], {
      path: `${prefix}/x`,
      code: 'duplicate_key',
      message: dup[0].message,
      severity: 'error',
      params: { count: 3, first_index: 0 },
    });
    assert.equal(r.valid, false);
  }
  // The same payload as a value (JSON.parse kept the last) has no such issue.
  const text = JSON.stringify(VALID_POLL).replace('{', '{"name":"first",');
  assert.equal(issue(validate('poll_card', text), '/name', 'duplicate_key')?.params.count, 2);
  assert.deepEqual(validate('poll_card', JSON.parse(text)), { valid: true, issues: [] });
  stillWorks();
});

test('lone surrogates from JavaScript strings: invalid_json, invalid_utf8 or invalid_argument, never a silent U+FFFD', () => {
  for (const kind of kinds()) {
    const payload = arrayRoot(kind) ? [{ name: '\uD800' }] : { name: '\uD800' };
    throwsThenWorks(() => validate(kind, payload), 'invalid_json');
    throwsThenWorks(() => validate(kind, JSON.stringify(payload).replace('\\ud800', '\uD800')), 'invalid_json');
  }
  throwsThenWorks(() => validate('poll_card', { '\uDC00': 1 }), 'invalid_json');
  throwsThenWorks(() => hashIdentifier('email', 'a\uDC00@b.com'), 'invalid_utf8');
  throwsThenWorks(() => hashIdentifier('partner_user_id', '\uD83D'), 'invalid_utf8');
  const many = hashIdentifiers('email', ['a\uD800@b.com', 'ok@b.com', '\uDE00']);
  assert.deepEqual(many.errors, [
    { index: 0, code: 'invalid_utf8' },
    { index: 2, code: 'invalid_utf8' },
  ]);
  assert.deepEqual(many.hashes, [null, sha256('ok@b.com'), null]);
  assert.deepEqual(hashLines('email', 'a\uD800@b.com\nok@b.com').errors, [{ index: 0, code: 'invalid_utf8' }]);
  const bodies = buildAudienceBodies('custom_audience_users', [{ email: 'a\uD800@b.com' }, { email: 'ok@b.com' }], { operation: 'Update' });
  assert.deepEqual(bodies.rejected, [{ index: 0, field: 'email', valueIndex: 0, code: 'invalid_utf8' }]);
  assert.deepEqual(bodies.dropped, []);
  assert.deepEqual(bodies.records, [[1]]);
  throwsThenWorks(() => crcResponseToken(`${CRC_SECRET}\uD800`, CRC_TOKEN), 'invalid_argument');
  // Verification fails closed: a lone surrogate anywhere is "not verified", never a throw.
  assert.equal(verifySignature('k', '{"a":"\uD800"}', 'sha256=x'), false);
  assert.equal(verifySignature('k\uD800', '{}', 'sha256=x'), false);
  stillWorks();
});

test('null where an object is expected: wrong_type in the report (top level and nested); a wrong call for the other APIs', () => {
  for (const kind of kinds()) {
    const r = validate(kind, null);
    assert.equal(r.valid, false, kind);
    assert.equal(issue(r, '', 'wrong_type')?.params.actual, 'null', kind);
    assert.deepEqual(validate(kind, 'null'), r);
    if (arrayRoot(kind)) assert.ok(issue(validate(kind, [null]), '/0', 'wrong_type'), kind);
  }
  assert.ok(issue(validate('product_batch', { products: [null] }), '/products/0', 'wrong_type'));
  assert.ok(issue(validate('card', { name: 'c', components: [null] }), '/components/0', 'wrong_type'));
  assert.ok(issue(validate('activity_subscription', { event_type: 'post.create', filter: null }), '/filter', 'wrong_type'));
  assert.ok(issue(validate('custom_audience_users', [{ operation_type: 'Update', params: null }]), '/0/params', 'wrong_type'));
  // Options: null is the defaults.
  assert.deepEqual(validate('poll_card', VALID_POLL, null), { valid: true, issues: [] });
  throwsThenWorks(() => hashIdentifier('email', null), 'not_a_string');
  throwsThenWorks(() => hashIdentifiers('email', null), 'invalid_argument');
  throwsThenWorks(() => hashLines('email', null), 'invalid_argument');
  throwsThenWorks(() => buildAudienceBodies('custom_audience_users', [null], { operation: 'Update' }), 'invalid_record');
  throwsThenWorks(() => buildAudienceBodies('custom_audience_users', null, { operation: 'Update' }), 'invalid_argument');
  throwsThenWorks(() => buildAudienceBodies('custom_audience_users', [], null), 'bad_options');
  throwsThenWorks(() => crcResponseToken(CRC_SECRET, null), 'missing_crc_token');
  assert.equal(verifySignature('k', '{}', null), false);
});

test('bodies over the documented byte limits: too_large at 5,000,001 bytes; input_too_large past MAX_INPUT_BYTES', () => {
  const hash = 'a'.repeat(64);
  const body = (n, pad) => {
    const emails = Array(n).fill(hash);
    emails[n - 1] += 'a'.repeat(pad);
    return JSON.stringify([{ operation_type: 'Update', params: { users: [{ email: emails }], expires_at: '2030-01-01T00:00:00Z' } }]);
  };
  const n = Math.floor((MAX_BODY_BYTES - 1000) / 67);
  const short = MAX_BODY_BYTES - body(n, 0).length;
  for (const kind of ['custom_audience_users', 'do_not_reach_users']) {
    const atLimit = body(n, short);
    assert.equal(atLimit.length, MAX_BODY_BYTES);
    assert.equal(issue(validate(kind, atLimit), '', 'too_large'), undefined, kind);
    const over = validate(kind, body(n, short + 1));
    assert.deepEqual(issue(over, '', 'too_large')?.params, { actual: MAX_BODY_BYTES + 1, max: MAX_BODY_BYTES }, kind);
  }
  stillWorks();
  // Past MAX_INPUT_BYTES: refused by the wrapper before copying (a string), and by the engine
  // itself (bytes through the raw export).
  const huge = new Uint8Array(MAX_INPUT_BYTES + 1).fill(0x20);
  huge[0] = 0x7b;
  assert.equal(rawThenWorks('poll_card', huge).error?.code, 'input_too_large');
  huge[1] = 0x7d;
  assert.ok('ok' in rawThenWorks('poll_card', huge.subarray(0, MAX_INPUT_BYTES)));
  throwsThenWorks(() => validate('poll_card', `{}${' '.repeat(MAX_INPUT_BYTES)}`), 'input_too_large');
});

test('many failing calls in a row leave the module as it was', () => {
  const failing = [
    () => envelopeOf(() => raw.validateJson('poll_card', Uint8Array.of(0xff), '')),
    () => validate('poll_card', '['.repeat(DEEP)),
    () => validate('poll_card', '{"a":1e400}'),
    () => hashIdentifier('email', 'a\uD800'),
    () => hashIdentifier('email', 'x'.repeat(70_000)),
    () => crcResponseToken(CRC_SECRET, '{"forged":"event"}'),
    () => buildAudienceBodies('nope', [], { operation: 'Update' }),
  ];
  for (let round = 0; round < 30; round++) {
    for (const f of failing) {
      // Each call must fail: an error envelope of the raw export's failure, or a PreflightError.
      let out;
      try {
        out = f();
      } catch (e) {
        assert.ok(e instanceof PreflightError, `${e?.name}: ${e?.message}`);
        continue;
      }
      assert.ok(typeof out === 'string' && out.startsWith('{"error"'), `expected a failure, got ${String(out).slice(0, 80)}`);
    }
    stillWorks();
  }
});
