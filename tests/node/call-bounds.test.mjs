// No input of any size or shape makes one call of the module run out of memory (a trap, which
// discards the instance and every caller's line hashers): what one call takes in, and so what it
// allocates, is bounded (MAX_CALL_BYTES, MAX_STAGE_BYTES, MAX_VALUE_BYTES in pkg/lib/audience.js
// and bindings/wasm/src/audience.rs). Each check runs on a fresh instance of the glue whose memory
// is first grown to 16 MiB below the 4 GiB limit of wasm32 (address space only), then fed inputs
// whose results are many times their size (all "\n", all "\r\n", "1\n" for service_id, ...): a
// call that allocated in proportion to its whole input would trap there. Expected results come
// from node:crypto and the line rules, never from the module.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { audienceApi, MAX_CALL_BYTES, MAX_STAGE_BYTES, MAX_VALUE_BYTES } from '../../pkg/lib/audience.js';
import * as hashEntry from '../../pkg/hash.js';
import { bodiesApi } from '../../pkg/lib/bodies.js';

const require = createRequire(import.meta.url);
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const HEADROOM = 16 << 20;

/** A new instance of a glue (the hash-only one by default), its memory grown to HEADROOM below the limit. */
function cramped(build = 'preflight_hash') {
  const glue = require.resolve(`../../pkg/wasm/${build}.cjs`);
  const cached = require.cache[glue];
  delete require.cache[glue];
  const raw = require(glue);
  require.cache[glue] = cached;
  const memory = raw.audienceMemory();
  memory.grow(65536 - memory.buffer.byteLength / 65536 - HEADROOM / 65536);
  return { raw, api: audienceApi(raw), limit: memory.buffer.byteLength + HEADROOM };
}

/** `n` lines' results: every line the same `hash` (or error `code`). */
function same(result, n, hash, code) {
  assert.equal(result.hashes.length, n);
  const wrong = result.hashes.findIndex((h) => h !== hash);
  assert.equal(wrong, -1, `slot ${wrong}: ${result.hashes[wrong]}`);
  assert.equal(result.errors.length, code === null ? 0 : n);
  if (code !== null) {
    const bad = result.errors.findIndex((e, i) => e.index !== i || e.code !== code);
    assert.equal(bad, -1, `error ${bad}: ${JSON.stringify(result.errors[bad])}`);
  }
}

// The shapes whose results are largest for their size: [type, line, its hash (null: error code)].
const SHAPES = [
  ['email', '\n', null, 'empty'],
  ['email', '\r\n', null, 'empty'],
  ['service_id', '1\n', sha256('1'), null],
  ['partner_user_id', 'a\n', 'a', null],
  ['email', ',\n', null, 'invalid_email'],
];
// 2 MB of each: ~130 MB of results in one call for "1\n" had the text gone in whole.
const LINES = 1_000_000;

for (const [type, line, hash, code] of SHAPES) {
  test(`hashLines, createLineHasher: ${LINES} lines of ${JSON.stringify(line)} (${type}) with 16 MiB of memory left`, () => {
    const { api } = cramped();
    const text = line.repeat(LINES);
    same(api.hashLines(type, text), LINES, hash, code);
    same(api.hashLines(type, new TextEncoder().encode(text)), LINES, hash, code);
    const h = api.createLineHasher(type);
    const pushed = h.push(text);
    assert.equal(pushed.firstIndex, 0);
    const end = h.finish();
    same({ hashes: [...pushed.hashes, ...end.hashes], errors: [...pushed.errors, ...end.errors] }, LINES, hash, code);
  });
}

// The issue's own call, 45 MB: slow (about 150 s and 4.7 GB of JavaScript heap for its 45 million
// error objects), so only with PREFLIGHT_HEAVY=1; the 1,000,000-line checks above, in 16 MiB, show
// the same bound.
test('the issue\'s call: hashLines of 45,000,000 bytes of "\\n" gives 45,000,000 empty lines, and the module stays as it was', { skip: !process.env.PREFLIGHT_HEAVY }, () => {
  const { api, raw } = cramped();
  const memory = raw.audienceMemory();
  const h = api.createLineHasher('email');
  h.push('live@x.co');
  const r = api.hashLines('email', new Uint8Array(45_000_000).fill(0x0a));
  assert.equal(r.hashes.length, 45_000_000);
  assert.equal(r.errors.length, 45_000_000);
  assert.deepEqual([r.errors[0], r.errors.at(-1)], [{ index: 0, code: 'empty' }, { index: 44_999_999, code: 'empty' }]);
  assert.equal(raw.audienceMemory(), memory, 'the same instance');
  // Another caller's line hasher lives on.
  assert.deepEqual(h.push('m\n').hashes, [sha256('live@x.com')]);
  h.free();
});

test('hashIdentifiers: many tiny values, long values and values over the limit, with 16 MiB of memory left', () => {
  const { api } = cramped();
  same(api.hashIdentifiers('service_id', Array(300_000).fill('1')), 300_000, sha256('1'), null);
  same(api.hashIdentifiers('email', Array(300_000).fill('')), 300_000, null, 'empty');
  // Values of the longest length accepted (in UTF-8 bytes), verbatim: more than two staging
  // areas' worth (three bytes per UTF-16 unit).
  const longest = Array.from({ length: 120 }, (_, i) => (i % 2 ? `${i}`.padEnd(MAX_VALUE_BYTES, 'x') : 'é'.repeat(MAX_VALUE_BYTES / 2)));
  assert.ok(longest.reduce((n, v) => n + v.length, 0) * 3 > 2 * MAX_STAGE_BYTES);
  assert.deepEqual(api.hashIdentifiers('partner_user_id', longest), { hashes: longest, errors: [] });
  // One unit over: too_long, whatever the value holds, without being copied in (V8 builds the
  // repeats lazily: they cost little memory here).
  const over = ['x'.repeat(MAX_VALUE_BYTES + 1), 'é'.repeat(300_000_000), '@'.repeat(500_000_000), 'ok'];
  assert.deepEqual(api.hashIdentifiers('partner_user_id', over), {
    hashes: [null, null, null, 'ok'],
    errors: [0, 1, 2].map((index) => ({ index, code: 'too_long' })),
  });
  // The rule the stand-in relies on: the engine's own verdict at the limit.
  assert.equal(api.hashIdentifier('partner_user_id', 'é'.repeat(MAX_VALUE_BYTES / 2)).length, MAX_VALUE_BYTES / 2);
  assert.throws(() => api.hashIdentifier('partner_user_id', `${'é'.repeat(MAX_VALUE_BYTES / 2)}x`), (e) => e.code === 'too_long');
});

test('hashIdentifier, normalizeIdentifier: a value of any length, with 16 MiB of memory left', () => {
  const { api } = cramped();
  for (const type of ['email', 'phone_number', 'partner_user_id']) {
    for (const v of ['x'.repeat(MAX_VALUE_BYTES + 1), 'é'.repeat(400_000_000), ' '.repeat(500_000_000)]) {
      for (const f of [api.hashIdentifier, api.normalizeIdentifier]) {
        assert.throws(() => f(type, v), (e) => e.code === 'too_long', `${type} ${v.length}`);
      }
    }
    // The type and the options are checked first, as for any value.
    assert.throws(() => api.hashIdentifier(type, 'x'.repeat(1e8), { phoneFormat: 'nope' }), (e) => e.code === 'unknown_phone_format');
  }
  assert.throws(() => api.hashIdentifier('mail', 'x'.repeat(1e8)), (e) => e.code === 'unknown_id_type');
  assert.equal(api.hashIdentifier('partner_user_id', 'x'.repeat(MAX_VALUE_BYTES)), 'x'.repeat(MAX_VALUE_BYTES));
});

test('lines across the pieces hashLines and a line hasher cut the text into: the same results as line by line', () => {
  // Line endings (and a "\r\n" split between its two bytes, a character split between its
  // bytes) right at, before and after each piece boundary.
  const values = [];
  let text = '';
  let k = 0;
  for (const at of [MAX_CALL_BYTES - 2, MAX_CALL_BYTES - 1, MAX_CALL_BYTES, MAX_CALL_BYTES + 1, 2 * MAX_CALL_BYTES]) {
    for (const ending of ['\n', '\r\n']) {
      for (const filler of ['x', 'é']) {
        // A value that makes the next line ending start `at` bytes into the current piece.
        const base = Buffer.byteLength(text) % MAX_CALL_BYTES;
        const room = ((at - base) % MAX_CALL_BYTES + MAX_CALL_BYTES) % MAX_CALL_BYTES || MAX_CALL_BYTES;
        const head = `v${k++}@`;
        const fill = Math.max(0, room - Buffer.byteLength(head) - 5);
        const v = `${head}${filler === 'x' ? 'x'.repeat(fill) : 'é'.repeat(fill >> 1)}.com`;
        values.push(v);
        text += v + ending;
      }
    }
  }
  const want = values.map((v) => {
    try {
      return hashEntry.hashIdentifier('partner_user_id', v);
    } catch (e) {
      return e.code;
    }
  });
  assert.deepEqual(want, values, 'partner ids are verbatim');
  const r = hashEntry.hashLines('partner_user_id', text);
  assert.deepEqual(r, { hashes: values, errors: [] });
  const emails = hashEntry.hashLines('email', text);
  assert.equal(emails.hashes.length, values.length);
  const bytes = Buffer.from(text);
  for (const size of [MAX_CALL_BYTES - 1, MAX_CALL_BYTES, MAX_CALL_BYTES + 1, 3 * MAX_CALL_BYTES + 7]) {
    const h = hashEntry.createLineHasher('partner_user_id');
    const got = [];
    for (let at = 0; at < bytes.length; at += size) got.push(...h.push(bytes.subarray(at, at + size)).hashes);
    got.push(...h.finish().hashes);
    assert.deepEqual(got, values, `chunks of ${size}`);
  }
});

test('the module refuses more than one call takes: input_too_large, and the next call works', () => {
  const raw = require('../../pkg/wasm/preflight_hash.cjs');
  const h = new raw.AudienceLineHasher('partner_user_id', undefined);
  assert.match(h.pushBytes(new Uint8Array(MAX_CALL_BYTES).fill(0x61)), /^0,0\|/);
  assert.throws(() => h.pushBytes(new Uint8Array(MAX_CALL_BYTES + 1)), (e) => e.code === 'input_too_large');
  h.free();
  assert.equal(raw.audienceStage(MAX_STAGE_BYTES + 1), 0);
  assert.equal(typeof raw.audienceStage(MAX_STAGE_BYTES), 'number');
  raw.audienceReleaseStage();
  // The values' lengths, then the bytes written (0).
  assert.throws(() => raw.audienceHashStaged('email', undefined, new Uint32Array(32769 + 1)), (e) => e.code === 'input_too_large');
  assert.match(raw.audienceHashStaged('email', undefined, new Uint32Array(32768 + 1)), /^32768,0\|0:empty,/);
  raw.audienceReleaseStage();
  assert.deepEqual(hashEntry.hashIdentifiers('email', ['A@x.com']).hashes, [sha256('a@x.com')]);
});

test('buildAudienceBodies: a value of any length is too_long past MAX_VALUE_BYTES, without being copied in', async () => {
  const { buildAudienceBodies } = await import('../../pkg/node.js');
  const raw = require('../../pkg/wasm/preflight.cjs');
  const before = raw.audienceMemory().buffer.byteLength;
  const r = buildAudienceBodies(
    'custom_audience_users',
    [{ email: ['A@x.com', 'é'.repeat(400_000_000)] }, { email: 'x'.repeat(MAX_VALUE_BYTES + 1) }, { partner_user_id: 'x'.repeat(MAX_VALUE_BYTES) }],
    { operation: 'Update' },
  );
  assert.deepEqual(r.rejected, [{ index: 1, field: 'email', valueIndex: 0, code: 'too_long' }]);
  assert.deepEqual(r.dropped, [{ index: 0, field: 'email', valueIndex: 1, code: 'too_long' }]);
  assert.deepEqual(r.records, [[0, 2]]);
  assert.ok(r.bodies[0].includes(sha256('a@x.com')) && r.bodies[0].includes('x'.repeat(MAX_VALUE_BYTES)));
  assert.ok(raw.audienceMemory().buffer.byteLength - before < 16 << 20, 'the long value was not copied in');
});

test('buildAudienceBodies: 400,000 records with 16 MiB of memory left, in bounded calls', async () => {
  const { raw } = cramped('preflight');
  const memory = raw.audienceMemory();
  const { buildAudienceBodies } = bodiesApi(raw);
  const records = Array.from({ length: 400_000 }, (_, i) => ({ service_id: String(10000 + (i % 10)) }));
  const r = buildAudienceBodies('custom_audience_users', records, { operation: 'Update' });
  assert.deepEqual([r.rejected, r.dropped], [[], []]);
  assert.equal(r.records.flat().length, 400_000);
  assert.ok(r.records.flat().every((x, i) => x === i));
  assert.ok(r.bodies.every((b, k) => b.includes(sha256(String(10000 + (r.records[k][0] % 10))))));
  assert.equal(raw.audienceMemory(), memory, 'the same instance');
});

test('buildAudienceBodies in chunks of any size: the same bodies, records, rejections and drops as in one call', () => {
  const raw = require('../../pkg/wasm/preflight.cjs');
  const whole = bodiesApi(raw, { records: Infinity, values: Infinity, units: Infinity }).buildAudienceBodies;
  const chunked = [
    { records: 1, values: 1, units: 1 },
    { records: 2, values: 3, units: 30 },
    { records: 5, values: 1000, units: 1e9 },
    { records: 1000, values: 4, units: 1e9 },
  ].map((c) => bodiesApi(raw, c).buildAudienceBodies);
  let seed = 22;
  const rnd = (k) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const value = () => [
    `User${rnd(50)}@Example.com`, 'not an email', '', 42, '+1 617 555 ' + String(1000 + rnd(9000)), '@handle' + rnd(9),
    'x'.repeat(rnd(300)), `p-${rnd(1000)}`, '12345', 'é\u0301@x.com',
  ][rnd(10)];
  const FIELDS = ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id'];
  const outcome = (f) => {
    try {
      return JSON.stringify(f());
    } catch (e) {
      return `${e.code}`;
    }
  };
  let compared = 0;
  for (let round = 0; round < 300; round++) {
    const records = Array.from({ length: rnd(40) }, () => {
      const rec = {};
      for (let k = rnd(3); k > 0; k--) {
        const field = FIELDS[rnd(6)];
        rec[field] = rnd(3) === 0 ? Array.from({ length: rnd(4) }, value) : value();
      }
      return rec;
    });
    const options = { operation: rnd(2) ? 'Update' : 'Delete', expiresAt: '2031-01-01T00:00:00Z' };
    const users = [undefined, 1, 2, 3, 5][rnd(5)];
    if (users !== undefined) options.maxUsersPerBody = users;
    const bytes = [undefined, 300, 500, 900, 2000][rnd(5)];
    if (bytes !== undefined) options.maxBodyBytes = bytes;
    const endpoint = rnd(4) ? 'custom_audience_users' : 'do_not_reach_users';
    const want = outcome(() => whole(endpoint, records, options));
    for (const f of chunked) assert.equal(outcome(() => f(endpoint, records, options)), want, `round ${round}`);
    if (want.includes('"bodies":["')) compared++;
  }
  assert.ok(compared > 150, `${compared} rounds with bodies`);
});
