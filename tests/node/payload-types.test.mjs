// What each function takes besides plain data and strings, and what it refuses (issue 15.7):
// - validate: bytes are UTF-8 JSON text, with the string's report byte for byte (every vector
//   payload); other typed arrays, Map, Set, Date, functions and class instances are a typed error
//   at once, never serialized into something else; a large byte array is never walked;
// - verifySignature: a missing body is not verified (false), never a throw;
// - oauth1Sign: a timestamp as its decimal string or as a Date; anything else invalid_timestamp;
// - buildAudienceBodies: a Date where a date-time is expected;
// - a throwing getter (or Proxy trap) in hashIdentifiers' values, hash options and oauth1Sign's
//   request is a PreflightError with the thrown value as `cause`, as validate does.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import {
  validate, hashIdentifiers, hashIdentifier, oauth1Sign, verifySignature, buildAudienceBodies, PreflightError,
} from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');

/** What a public call gives, as text: {ok: result} or {error: {name, code, message}}. */
const outcome = (fn) => {
  try {
    return JSON.stringify({ ok: fn() });
  } catch (e) {
    return JSON.stringify({ error: { name: e?.name, code: e?.code, message: e?.message } });
  }
};

const throwsCode = (fn, code) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof PreflightError, `expected a PreflightError, got ${e?.name}: ${e?.message}`);
    assert.equal(e.code, code);
    return true;
  });

test('validate: every vector payload as UTF-8 bytes gives the string\'s report, byte for byte', () => {
  const dir = path.join(root, 'tests/vectors');
  let n = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const c of JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) {
      if (!('payload' in c)) continue;
      const text = typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload);
      const bytes = Buffer.from(text, 'utf8');
      const want = outcome(() => validate(c.kind, text, c.options));
      // In the middle of a larger buffer: only the view's bytes are the payload.
      const padded = new Uint8Array(bytes.length + 20).fill(0x7b);
      padded.set(bytes, 10);
      for (const [form, payload] of [
        ['Buffer', bytes],
        ['Uint8Array', new Uint8Array(bytes)],
        ['ArrayBuffer', new Uint8Array(bytes).buffer],
        ['a view inside a larger buffer', padded.subarray(10, 10 + bytes.length)],
      ]) {
        assert.equal(outcome(() => validate(c.kind, payload, c.options)), want, `${file}: ${c.name} as ${form}`);
      }
      n++;
    }
  }
  assert.ok(n > 1000, `only ${n} vector payloads`);
});

test('validate: a valid product as a Buffer is valid; bytes that are not UTF-8 JSON text are invalid_json', () => {
  const vector = JSON.parse(readFileSync(path.join(root, 'tests/vectors/product.json'), 'utf8'))
    .find((c) => c.name === 'product: minimal valid product');
  assert.deepEqual(validate('product', Buffer.from(JSON.stringify(vector.payload))), { valid: true, issues: [] });
  // A Uint8Array of another realm (an iframe, a vm context) is bytes too.
  const foreign = vm.runInNewContext('new Uint8Array(n)', { n: 2 });
  foreign.set([0x7b, 0x7d]);
  assert.equal(outcome(() => validate('product', foreign)), outcome(() => validate('product', '{}')));
  throwsCode(() => validate('product', Uint8Array.of(0x7b, 0xff, 0x7d)), 'invalid_json');
  throwsCode(() => validate('product', new Uint8Array(0)), 'invalid_json');
  throwsCode(() => validate('product', Buffer.from('{"id":')), 'invalid_json');
});

test('validate: a 10 MB Uint8Array is handed over as bytes, never serialized or walked', (t) => {
  const big = new Uint8Array(10_000_000).fill(0x20);
  big[0] = 0x5b;
  big[big.length - 1] = 0x5d; // "[   ...   ]": valid JSON text
  const stringify = t.mock.method(JSON, 'stringify');
  const seen = [];
  const original = raw.validateJson;
  raw.validateJson = (kind, bytes, options) => {
    seen.push(bytes);
    return original(kind, bytes, options);
  };
  try {
    assert.equal(validate('product_batch', big).valid, false);
    // Over the limit: refused before the engine is called.
    throwsCode(() => validate('product', new Uint8Array(64 * 1024 * 1024 + 1)), 'input_too_large');
  } finally {
    raw.validateJson = original;
  }
  assert.equal(stringify.mock.calls.filter((c) => ArrayBuffer.isView(c.arguments[0])).length, 0, 'JSON.stringify read the bytes');
  assert.deepEqual(seen.map((b) => b === big), [true], 'the bytes went to the engine as they are, once');
});

test('validate: Map, Set, Date, functions, class instances, boxed primitives and other typed arrays are invalid_json', () => {
  class Product {
    constructor() {
      this.id = 'x';
    }
  }
  const refused = {
    Map: new Map([['id', 'x']]),
    Set: new Set(['x']),
    Date: new Date(0),
    RegExp: /x/,
    function: () => ({ id: 'x' }),
    'class instance': new Product(),
    'boxed string': new String('{}'),
    Int16Array: new Int16Array(4),
    Float64Array: new Float64Array(4),
    DataView: new DataView(new ArrayBuffer(2)),
    Promise: Promise.resolve(),
    'a Map of another realm': vm.runInNewContext('new Map()'),
  };
  for (const [name, payload] of Object.entries(refused)) {
    assert.throws(
      () => validate('product', payload),
      (e) => e instanceof PreflightError && e.code === 'invalid_json' && /not JSON data|cannot be serialized/.test(e.message),
      name,
    );
  }
  // Inside plain data too, what JSON.stringify would turn into something else is refused.
  for (const inner of [new Map([['a', 'b']]), new Set([1]), new WeakMap(), Buffer.from('x'), new Uint8Array(2), new Float32Array(1), new ArrayBuffer(1)]) {
    for (const payload of [{ id: 'x', extra: inner }, [{ id: 'x' }, { nested: [inner] }]]) {
      throwsCode(() => validate('product', payload), 'invalid_json');
    }
  }
  // Plain data of another realm is plain data; a Date inside a payload is its toJSON text.
  const foreign = vm.runInNewContext('({ id: "SKU-1", title: "T" })');
  assert.equal(outcome(() => validate('product', foreign)), outcome(() => validate('product', '{"id":"SKU-1","title":"T"}')));
  const withDate = { id: 'x', extra: new Date(0) };
  assert.equal(outcome(() => validate('product', withDate)), outcome(() => validate('product', JSON.stringify(withDate))));
  assert.equal(outcome(() => validate('product', Object.create(null))), outcome(() => validate('product', '{}')));
});

test('verifySignature: a missing body is not verified, never a throw', () => {
  const sig = `sha256=${createHmac('sha256', 's').update('').digest('base64')}`;
  for (const body of [undefined, null]) {
    assert.equal(verifySignature('s', body, sig), false);
    assert.equal(verifySignature('s', body, { 'x-service-webhooks-signature': sig }), false);
  }
  // The signature of the empty body verifies the empty body only.
  assert.equal(verifySignature('s', '', sig), true);
  assert.equal(verifySignature('s', new Uint8Array(0), sig), true);
});

const OAUTH = {
  method: 'POST',
  url: 'https://api.example.com/1.1/statuses/update.json',
  consumerKey: 'ck',
  consumerSecret: 'cs',
  nonce: 'n0nce',
};

test('oauth1Sign: a timestamp as its decimal string or a Date signs as the number of seconds', () => {
  const want = oauth1Sign({ ...OAUTH, timestamp: 1700000000 });
  assert.ok(want.authorizationHeader.includes('oauth_timestamp="1700000000"'));
  assert.deepEqual(oauth1Sign({ ...OAUTH, timestamp: '1700000000' }), want);
  // A Date: the second it falls in (as the generated timestamp), never its milliseconds.
  assert.deepEqual(oauth1Sign({ ...OAUTH, timestamp: new Date(1700000000000) }), want);
  assert.deepEqual(oauth1Sign({ ...OAUTH, timestamp: new Date(1700000000999) }), want);
  assert.deepEqual(oauth1Sign({ ...OAUTH, timestamp: vm.runInNewContext('new Date(1700000000500)') }), want);
  for (const bad of ['01700000000', '1700000000 ', '1.7e9', '-1', '0x10', '', '9007199254740993', new Date(Number.NaN), new Date(-1000), {}, [1700000000], true]) {
    throwsCode(() => oauth1Sign({ ...OAUTH, timestamp: bad }), 'invalid_timestamp');
  }
});

test('buildAudienceBodies: a Date where a date-time is expected is that instant in UTC', () => {
  const records = [{ email: 'a@x.com' }];
  const body = (options) => buildAudienceBodies('custom_audience_users', records, { operation: 'Update', ...options }).bodies;
  assert.deepEqual(
    body({ effectiveAt: new Date(Date.UTC(2030, 0, 1)), expiresAt: new Date(Date.UTC(2031, 5, 2, 3, 4, 5)) }),
    body({ effectiveAt: '2030-01-01T00:00:00Z', expiresAt: '2031-06-02T03:04:05Z' }),
  );
  // Milliseconds are kept (the exact instant), never rounded.
  assert.deepEqual(body({ expiresAt: new Date(Date.UTC(2031, 0, 1, 0, 0, 0, 250)) }), body({ expiresAt: '2031-01-01T00:00:00.250Z' }));
  // `now` takes part in the check only.
  throwsCode(() => body({ expiresAt: new Date(Date.UTC(2030, 0, 1)), now: new Date(Date.UTC(2030, 0, 2)) }), 'expires_not_after_now');
  throwsCode(() => body({ effectiveAt: new Date(Number.NaN) }), 'invalid_effective_at');
  throwsCode(() => body({ now: new Date(Number.NaN) }), 'invalid_now');
  // Beyond year 9999 a Date has no ISO 8601 form the engine reads.
  throwsCode(() => body({ expiresAt: new Date(Date.UTC(10000, 0, 1)) }), 'invalid_expires_at');
  throwsCode(() => body({ expiresAt: 1893456000 }), 'bad_options');
});

test('a throwing getter or Proxy trap is a PreflightError with the thrown value as cause', () => {
  const boom = new Error('from the caller');
  const getter = (o, key) => Object.defineProperty(o, key, { enumerable: true, get: () => { throw boom; } });
  const withCause = (fn, code) =>
    assert.throws(fn, (e) => e instanceof PreflightError && e.code === code && e.cause === boom && !e.message.includes('from the caller'));
  // hashIdentifiers: a value, the length of a Proxy of an array, an option.
  const values = getter(['a@x.com', 'b@x.com'], 1);
  withCause(() => hashIdentifiers('email', values), 'invalid_argument');
  withCause(() => hashIdentifiers('email', new Proxy(['a@x.com'], { get: (t, k) => { if (k === 'length') throw boom; return t[k]; } })), 'invalid_argument');
  withCause(() => hashIdentifiers('email', ['a@x.com'], getter({}, 'prehashed')), 'bad_options');
  withCause(() => hashIdentifier('email', 'a@x.com', getter({}, 'phoneFormat')), 'bad_options');
  withCause(() => hashIdentifier('email', 'a@x.com', new Proxy({}, { ownKeys() { throw boom; } })), 'bad_options');
  // oauth1Sign: a member of the request, of its params.
  withCause(() => oauth1Sign(getter({ ...OAUTH, timestamp: 1 }, 'consumerSecret')), 'invalid_argument');
  withCause(() => oauth1Sign(getter({ ...OAUTH, timestamp: 1, consumerKey: undefined }, 'consumerKey')), 'invalid_argument');
  withCause(() => oauth1Sign({ ...OAUTH, timestamp: 1, params: getter({}, 'status') }), 'invalid_argument');
  // buildAudienceBodies: a record, a record's field, a value of a field.
  const update = { operation: 'Update' };
  withCause(() => buildAudienceBodies('custom_audience_users', getter([{ email: 'a@x.com' }, {}], 1), update), 'invalid_record');
  withCause(() => buildAudienceBodies('custom_audience_users', [getter({}, 'email')], update), 'invalid_record');
  withCause(() => buildAudienceBodies('custom_audience_users', [{ email: getter(['a@x.com', 'b@x.com'], 1) }], update), 'invalid_record');
  withCause(() => buildAudienceBodies('custom_audience_users', [{ email: 'a@x.com' }], getter({ operation: 'Update' }, 'expiresAt')), 'bad_options');
  // The module still works.
  assert.equal(hashIdentifiers('email', ['A@x.com']).hashes[0], hashIdentifier('email', 'a@x.com'));
});
