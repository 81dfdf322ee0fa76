// The signing API of pkg/ (Node entry): the spec's public vectors, RFC 5849 / RFC 4231 / Twitter
// documentation vectors, every fail-closed case, a cross-check against node:crypto, that no
// secret ever reaches a thrown value, and that the hand-written types still list the core's codes.
//
// Every expected value comes from an independent public source named at its test (or from
// node:crypto), never from this package.
//
// Run: scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  crcResponseToken,
  crcResponse,
  verifySignature,
  verifyCrcRequest,
  oauth1Sign,
  basicCredentials,
  tokenRequestBody,
  PreflightError,
} from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

// signing.md "Public vectors".
const CRC_SECRET = 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu';
const CRC_TOKEN = '9b4507b3-9040-4669-9ca3-6b94edb50553';
const CRC_EXPECTED = 'sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8=';
const EV_SECRET = 'test';
const EV_FORM_BODY = 'test=1&other_test=2';
const EV_FORM_SIG = 'sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc=';
const EV_JSON_BODY = '{"test_number":1,"test_string":"two"}';
const EV_JSON_SIG = 'sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=';
const HEADER = 'x-service-webhooks-signature';

const bytes = (s) => new TextEncoder().encode(s);
const hmacHeader = (key, body) => `sha256=${createHmac('sha256', key).update(body).digest('base64')}`;

/** Asserts that `fn` throws a PreflightError with `code`; returns it. */
function throwsCode(fn, code) {
  let caught;
  assert.throws(fn, (e) => {
    caught = e;
    return true;
  });
  assert.ok(caught instanceof PreflightError, `expected PreflightError, got ${caught?.name}: ${caught?.message}`);
  assert.equal(caught.name, 'PreflightError');
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.message.length > 0);
  return caught;
}

// ---------------------------------------------------------------------------------------------
// CRC
// ---------------------------------------------------------------------------------------------

test('CRC: the spec vector, as a token and as the response object', () => {
  assert.equal(crcResponseToken(CRC_SECRET, CRC_TOKEN), CRC_EXPECTED);
  assert.equal(crcResponseToken(bytes(CRC_SECRET), CRC_TOKEN), CRC_EXPECTED);
  assert.equal(crcResponseToken(Buffer.from(CRC_SECRET), CRC_TOKEN, null), CRC_EXPECTED);
  assert.equal(crcResponseToken(bytes(CRC_SECRET).buffer, CRC_TOKEN, {}), CRC_EXPECTED);
  const answer = crcResponse(CRC_SECRET, CRC_TOKEN);
  assert.deepEqual(answer, { response_token: CRC_EXPECTED });
  assert.equal(Object.getPrototypeOf(answer), Object.prototype);
  assert.equal(JSON.stringify(answer), `{"response_token":"${CRC_EXPECTED}"}`);
});

test('CRC: the signing-oracle guard refuses every token outside the shape', () => {
  const refused = [
    'a'.repeat(15),
    'a'.repeat(129),
    '',
    EV_JSON_BODY, // a JSON event body sent as a token: the forgery the guard stops
    EV_FORM_BODY,
    'abcdefgh ijklmnop',
    'abcdefghijklmnopé',
    'abcdefghijklmnop\n',
    'abcdefghijklmnop%',
    'abcdefghijklmnop.',
    'é'.repeat(16),
    'abcdefghijklmnop\ud800', // a lone surrogate
    'a'.repeat(5000), // refused before it is copied into the module
  ];
  for (const token of refused) {
    const e = throwsCode(() => crcResponseToken(CRC_SECRET, token), 'crc_token_shape');
    throwsCode(() => crcResponse(CRC_SECRET, token), 'crc_token_shape');
    if (token.length >= 16) assert.ok(!e.message.includes(token), 'the token is not echoed');
  }
  for (const ok of ['a'.repeat(16), 'Z'.repeat(128), 'AZaz09+/=_-AZaz09+/=_-', 'dGhpcyBpcyBhIGJhc2U2NCB0b2tlbg==']) {
    assert.equal(crcResponseToken(CRC_SECRET, ok), hmacHeader(CRC_SECRET, ok), ok);
  }
});

test('CRC: a widened policy is explicit, and a bad one is refused', () => {
  const wide = { minLength: 8, maxLength: 200, extraChars: '.~' };
  assert.equal(crcResponseToken(CRC_SECRET, 'abc.def~', wide), hmacHeader(CRC_SECRET, 'abc.def~'));
  assert.equal(crcResponseToken(CRC_SECRET, 'a'.repeat(200), wide), hmacHeader(CRC_SECRET, 'a'.repeat(200)));
  throwsCode(() => crcResponseToken(CRC_SECRET, 'a'.repeat(201), wide), 'crc_token_shape');
  throwsCode(() => crcResponseToken(CRC_SECRET, 'abc def~', wide), 'crc_token_shape');
  throwsCode(() => crcResponseToken(CRC_SECRET, '{"a":"bcdefgh"}', wide), 'crc_token_shape');
  throwsCode(() => crcResponseToken(CRC_SECRET, 'abc.def~'), 'crc_token_shape');
  assert.equal(crcResponseToken(CRC_SECRET, CRC_TOKEN, wide), CRC_EXPECTED);
  // One member alone keeps the others' defaults.
  assert.equal(crcResponseToken(CRC_SECRET, 'a'.repeat(129), { maxLength: 1024 }), hmacHeader(CRC_SECRET, 'a'.repeat(129)));
  throwsCode(() => crcResponseToken(CRC_SECRET, 'a'.repeat(15), { maxLength: 1024 }), 'crc_token_shape');
  for (const bad of [
    { minLength: 0 },
    { minLength: 20, maxLength: 10 },
    { maxLength: 1025 },
    { maxLength: 2 ** 32 + 16 }, // must not wrap to 16
    { minLength: -1 },
    { minLength: 1.5 },
    { minLength: '16' },
    { maxLength: Number.NaN },
    { extraChars: ' ' },
    { extraChars: '\n' },
    { extraChars: 'é' },
    { extraChars: 7 },
  ]) {
    throwsCode(() => crcResponseToken(CRC_SECRET, CRC_TOKEN, bad), 'invalid_crc_policy');
  }
  throwsCode(() => crcResponseToken(CRC_SECRET, CRC_TOKEN, { maxlength: 200 }), 'bad_options');
  throwsCode(() => crcResponseToken(CRC_SECRET, CRC_TOKEN, 'wide'), 'bad_options');
  throwsCode(() => crcResponseToken(CRC_SECRET, CRC_TOKEN, [16, 200]), 'bad_options');
});

test('CRC: wrong calls', () => {
  throwsCode(() => crcResponseToken('', CRC_TOKEN), 'empty_secret');
  throwsCode(() => crcResponseToken(new Uint8Array(0), CRC_TOKEN), 'empty_secret');
  throwsCode(() => crcResponseToken(undefined, CRC_TOKEN), 'empty_secret');
  throwsCode(() => crcResponseToken(null, CRC_TOKEN), 'empty_secret');
  throwsCode(() => crcResponseToken(42, CRC_TOKEN), 'invalid_argument');
  throwsCode(() => crcResponseToken('s\udc00', CRC_TOKEN), 'invalid_argument');
  throwsCode(() => crcResponseToken(CRC_SECRET, undefined), 'missing_crc_token');
  throwsCode(() => crcResponseToken(CRC_SECRET, null), 'missing_crc_token');
  throwsCode(() => crcResponseToken(CRC_SECRET, 1234567890123456), 'invalid_argument');
  throwsCode(() => crcResponseToken(CRC_SECRET, [CRC_TOKEN]), 'invalid_argument');
});

// ---------------------------------------------------------------------------------------------
// Event signatures
// ---------------------------------------------------------------------------------------------

test('event signatures: the spec vectors, as bytes and as text', () => {
  for (const [body, sig] of [
    [EV_FORM_BODY, EV_FORM_SIG],
    [EV_JSON_BODY, EV_JSON_SIG],
  ]) {
    assert.equal(hmacHeader(EV_SECRET, body), sig, 'the vector itself (node:crypto)');
    assert.equal(verifySignature(EV_SECRET, body, sig), true);
    assert.equal(verifySignature(EV_SECRET, bytes(body), sig), true);
    assert.equal(verifySignature(EV_SECRET, Buffer.from(body), sig), true);
    assert.equal(verifySignature(EV_SECRET, bytes(body).buffer, sig), true);
    assert.equal(verifySignature(bytes(EV_SECRET), bytes(body), sig), true);
    assert.equal(verifySignature(EV_SECRET, new DataView(bytes(body).buffer), sig), true);
    // A view on part of a larger buffer: only its own bytes.
    const big = Buffer.from(`xx${body}yy`);
    assert.equal(verifySignature(EV_SECRET, big.subarray(2, 2 + body.length), sig), true);
  }
  // Crossed: each signature belongs to its own body only.
  assert.equal(verifySignature(EV_SECRET, EV_FORM_BODY, EV_JSON_SIG), false);
  assert.equal(verifySignature(EV_SECRET, EV_JSON_BODY, EV_FORM_SIG), false);
  // Raw bytes, never re-serialized JSON.
  assert.equal(verifySignature(EV_SECRET, '{"test_number": 1, "test_string": "two"}', EV_JSON_SIG), false);
  assert.equal(verifySignature(EV_SECRET, JSON.stringify(JSON.parse(EV_JSON_BODY), null, 1), EV_JSON_SIG), false);
});

test('event signatures: the header read from every kind of headers object', () => {
  const body = bytes(EV_JSON_BODY);
  const forms = [
    { [HEADER]: EV_JSON_SIG, 'content-type': 'application/json' },
    { 'X-Service-Webhooks-Signature': EV_JSON_SIG },
    Object.assign(Object.create(null), { [HEADER]: EV_JSON_SIG, host: 'x' }), // like IncomingHttpHeaders
    new Map([['X-SERVICE-WEBHOOKS-SIGNATURE', EV_JSON_SIG]]),
    new Headers({ 'X-Service-Webhooks-Signature': EV_JSON_SIG, 'Content-Type': 'application/json' }),
  ];
  for (const headers of forms) assert.equal(verifySignature(EV_SECRET, body, headers), true, inspect(headers));
  // A custom header name; the default one is then ignored.
  const custom = { 'x-other-signature': EV_JSON_SIG, [HEADER]: 'sha256=AAAA' };
  assert.equal(verifySignature(EV_SECRET, body, custom, { headerName: 'X-Other-Signature' }), true);
  assert.equal(verifySignature(EV_SECRET, body, custom), false);
  assert.equal(verifySignature(EV_SECRET, body, { 'x-other-signature': EV_JSON_SIG }), false);
  assert.equal(verifySignature(EV_SECRET, body, new Headers({ 'x-other-signature': EV_JSON_SIG }), { headerName: 'x-other-signature' }), true);
  // A string header ignores headerName.
  assert.equal(verifySignature(EV_SECRET, body, EV_JSON_SIG, { headerName: 'x-other' }), true);
  // Only an exact (case-insensitive) name: not a longer name, not a Unicode case fold.
  assert.equal(verifySignature(EV_SECRET, body, { [`${HEADER}-2`]: EV_JSON_SIG }), false);
  assert.equal(verifySignature(EV_SECRET, body, { 'x-other-\u212aey': EV_JSON_SIG }, { headerName: 'x-other-key' }), false);
  // Inherited properties are not headers.
  assert.equal(verifySignature(EV_SECRET, body, Object.create({ [HEADER]: EV_JSON_SIG })), false);
});

test('event signatures fail closed: every malformed header, secret and body is false, never a throw', () => {
  const body = bytes(EV_JSON_BODY);
  const b64 = EV_JSON_SIG.slice('sha256='.length);
  const b64Of = (n, fill) => Buffer.alloc(n, fill).toString('base64');
  const badHeaders = [
    undefined,
    null,
    '',
    b64,
    `SHA256=${b64}`,
    `sha1=${b64}`,
    ` sha256=${b64}`,
    `sha256= ${b64}`,
    `${EV_JSON_SIG} `,
    `${EV_JSON_SIG}\r\n`,
    'sha256=',
    EV_JSON_SIG.replace(/=+$/, ''),
    EV_JSON_SIG.replace('/', '_'),
    'sha256=!!!!',
    `${EV_JSON_SIG},${EV_JSON_SIG}`,
    `${EV_JSON_SIG}, ${EV_JSON_SIG}`, // how Node and Headers join a repeated header
    `sha256=${b64Of(31, 7)}`,
    `sha256=${b64Of(33, 7)}`,
    `sha256=${b64Of(20, 7)}`,
    `sha256=${b64Of(32, 0)}`,
    `${EV_JSON_SIG}\ud800`,
    `sha256=${'A'.repeat(10_000)}`,
    [EV_JSON_SIG], // an array value is a repeated header
    [EV_JSON_SIG, EV_JSON_SIG],
    [],
    {},
    { [HEADER]: '' },
    { [HEADER]: undefined },
    { [HEADER]: [EV_JSON_SIG] }, // Node's headersDistinct shape
    { [HEADER]: [EV_JSON_SIG, EV_JSON_SIG] },
    { [HEADER]: 42 },
    { [HEADER]: null },
    { [HEADER]: EV_JSON_SIG, 'X-Service-Webhooks-Signature': EV_JSON_SIG }, // repeated, both valid
    { [HEADER]: 'sha256=AAAA', 'X-SERVICE-WEBHOOKS-SIGNATURE': EV_JSON_SIG }, // repeated, one valid
    new Map([
      [HEADER, EV_JSON_SIG],
      ['X-Service-Webhooks-Signature', EV_JSON_SIG],
    ]),
    new Set([HEADER, EV_JSON_SIG]),
    (() => {
      const h = new Headers();
      h.append(HEADER, EV_JSON_SIG);
      h.append(HEADER, EV_JSON_SIG);
      return h;
    })(),
    {
      get [HEADER]() {
        throw new Error('a throwing getter');
      },
    },
    {
      forEach() {
        throw new Error('a throwing iterator');
      },
    },
  ];
  for (const h of badHeaders) {
    assert.equal(verifySignature(EV_SECRET, body, h), false, inspect(h));
    assert.equal(verifySignature(EV_SECRET, EV_JSON_BODY, h), false, inspect(h));
  }
  // Non-canonical base64: the two unused bits of the last character set.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const tweaked = b64.slice(0, 42) + alphabet[alphabet.indexOf(b64[42]) ^ 1] + b64.slice(43);
  assert.equal(Buffer.from(tweaked, 'base64').equals(Buffer.from(b64, 'base64')), true, 'lenient decoders accept it');
  assert.equal(verifySignature(EV_SECRET, body, `sha256=${tweaked}`), false);
  // Secrets: missing, empty, other, a lone surrogate.
  for (const secret of [undefined, null, '', new Uint8Array(0), 'Test', 'test ', ' test', 'test\ud800']) {
    assert.equal(verifySignature(secret, body, EV_JSON_SIG), false, inspect(secret));
  }
  // Bodies: tampered, empty, a lone surrogate in a string body.
  const tampered = Uint8Array.from(body);
  tampered[16] ^= 1;
  assert.equal(verifySignature(EV_SECRET, tampered, EV_JSON_SIG), false);
  assert.equal(verifySignature(EV_SECRET, new Uint8Array(0), EV_JSON_SIG), false);
  assert.equal(verifySignature(EV_SECRET, '\ud800', hmacHeader(EV_SECRET, '\ufffd')), false, 'not verified as U+FFFD');
  // Every single-bit flip of the signature.
  const good = Buffer.from(b64, 'base64');
  for (let i = 0; i < 256; i++) {
    const t = Buffer.from(good);
    t[i >> 3] ^= 1 << (i & 7);
    assert.equal(verifySignature(EV_SECRET, body, `sha256=${t.toString('base64')}`), false, `bit ${i}`);
  }
});

test('event signatures: only a wrong-typed argument or a bad option throws', () => {
  const body = bytes(EV_JSON_BODY);
  for (const secret of [42, true, {}, [], () => 'test', 10n]) {
    throwsCode(() => verifySignature(secret, body, EV_JSON_SIG), 'invalid_argument');
  }
  for (const b of [42, {}, [1, 2], JSON.parse(EV_JSON_BODY)]) {
    throwsCode(() => verifySignature(EV_SECRET, b, EV_JSON_SIG), 'invalid_argument');
  }
  // A parsed body (express.json() leaves an object in req.body): the message says the raw bytes
  // are needed and how to keep them in Express, Fastify and Next.js, and echoes nothing of it.
  try {
    verifySignature(EV_SECRET, JSON.parse(EV_JSON_BODY), EV_JSON_SIG);
    assert.fail('no error');
  } catch (e) {
    assert.equal(e.code, 'invalid_argument');
    for (const word of ['raw body bytes', 'express.raw', 'parseAs: "buffer"', 'request.arrayBuffer()']) {
      assert.ok(e.message.includes(word), `${word}: ${e.message}`);
    }
    assert.ok(!e.message.includes('test_string') && !e.message.includes('two'), e.message);
  }
  // A missing body (a framework that did not keep the raw body) is not verified, never a throw
  // (an express handler would answer 500 instead of 403).
  for (const b of [undefined, null]) {
    assert.equal(verifySignature(EV_SECRET, b, EV_JSON_SIG), false);
    assert.equal(verifySignature(EV_SECRET, b, { 'x-service-webhooks-signature': EV_JSON_SIG }), false);
  }
  for (const h of [42, true, () => EV_JSON_SIG, Symbol('x'), 1n]) {
    throwsCode(() => verifySignature(EV_SECRET, body, h), 'invalid_argument');
  }
  for (const options of ['x', 1, [], { headername: 'x' }, { headerName: '' }, { headerName: 'a b' }, { headerName: 7 }, { headerName: 'x:y' }]) {
    throwsCode(() => verifySignature(EV_SECRET, body, EV_JSON_SIG, options), 'bad_options');
  }
});

test('event signatures: a body above 64 MiB is not verified; 64 MiB is', () => {
  const limit = 64 * 1024 * 1024;
  const big = Buffer.alloc(limit + 1, 0x61);
  assert.equal(verifySignature(EV_SECRET, big, hmacHeader(EV_SECRET, big)), false);
  const exact = big.subarray(0, limit);
  assert.equal(verifySignature(EV_SECRET, exact, hmacHeader(EV_SECRET, exact)), true);
  // As text: 64 MiB of UTF-8 from fewer UTF-16 units.
  const text3 = '€'.repeat(Math.floor(limit / 3) + 1); // 3 bytes each
  assert.equal(verifySignature(EV_SECRET, text3, hmacHeader(EV_SECRET, text3)), false);
  const textOk = '€'.repeat(Math.floor(limit / 3));
  assert.equal(verifySignature(EV_SECRET, textOk, hmacHeader(EV_SECRET, textOk)), true);
  // Still usable afterwards.
  assert.equal(verifySignature(EV_SECRET, EV_JSON_BODY, EV_JSON_SIG), true);
});

test('RFC 4231 HMAC-SHA256 test cases through verifySignature (full-length outputs)', () => {
  const hex = (s) => Buffer.from(s, 'hex');
  const cases = [
    [Buffer.alloc(20, 0x0b), bytes('Hi There'), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [bytes('Jefe'), bytes('what do ya want for nothing?'), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    [Buffer.alloc(20, 0xaa), Buffer.alloc(50, 0xdd), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
    [Uint8Array.from({ length: 25 }, (_, i) => i + 1), Buffer.alloc(50, 0xcd), '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b'],
    [Buffer.alloc(131, 0xaa), bytes('Test Using Larger Than Block-Size Key - Hash Key First'), '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54'],
    [
      Buffer.alloc(131, 0xaa),
      bytes('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ];
  for (const [i, [key, data, mac]] of cases.entries()) {
    assert.equal(verifySignature(key, data, `sha256=${hex(mac).toString('base64')}`), true, `case ${i}`);
  }
});

test('cross-check against node:crypto createHmac on random bodies and secrets', () => {
  for (let i = 0; i < 300; i++) {
    const secret = i % 2 ? randomBytes(randomInt(1, 100)) : randomBytes(randomInt(1, 60)).toString('base64');
    const body = randomBytes(randomInt(0, 5000));
    const header = hmacHeader(secret, body);
    assert.equal(verifySignature(secret, body, header), true);
    assert.equal(verifySignature(secret, body, { [HEADER]: header }), true);
    if (body.length > 0) {
      const other = Buffer.from(body);
      other[randomInt(0, other.length)] ^= 1 << randomInt(0, 8);
      assert.equal(verifySignature(secret, other, header), false);
    }
    // UTF-8 text bodies, multi-byte characters included.
    const textBody = `{"id":"${i}","text":"${'é☃😀'.repeat(i % 7)}"}`;
    assert.equal(verifySignature(secret, textBody, hmacHeader(secret, Buffer.from(textBody, 'utf8'))), true);
  }
  // CRC tokens of the allowed alphabet of every allowed length.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-';
  for (let len = 16; len <= 128; len++) {
    const token = Array.from({ length: len }, () => alphabet[randomInt(0, alphabet.length)]).join('');
    const secret = randomBytes(32).toString('hex');
    assert.equal(crcResponseToken(secret, token), hmacHeader(secret, token));
  }
});

test('signed CRC GET: the raw query exactly', () => {
  const query = `crc_token=${CRC_TOKEN}&nonce=abc`;
  const header = hmacHeader(CRC_SECRET, query);
  assert.equal(verifyCrcRequest(CRC_SECRET, query, header), true);
  assert.equal(verifyCrcRequest(CRC_SECRET, query, { [HEADER]: header }), true);
  assert.equal(verifyCrcRequest(CRC_SECRET, query, { 'x-crc-sig': header }, { headerName: 'X-Crc-Sig' }), true);
  assert.equal(verifyCrcRequest(CRC_SECRET, `?${query}`, header), false);
  assert.equal(verifyCrcRequest(CRC_SECRET, `nonce=abc&crc_token=${CRC_TOKEN}`, header), false);
  assert.equal(verifyCrcRequest(CRC_SECRET, query, undefined), false);
  assert.equal(verifyCrcRequest('', query, header), false);
  assert.equal(verifyCrcRequest(undefined, query, header), false);
  assert.equal(verifyCrcRequest(CRC_SECRET, query, [header, header]), false);
  assert.equal(verifyCrcRequest(CRC_SECRET, `${query}\ud800`, header), false);
  throwsCode(() => verifyCrcRequest(CRC_SECRET, undefined, header), 'invalid_argument');
  throwsCode(() => verifyCrcRequest(CRC_SECRET, query, 5), 'invalid_argument');
  throwsCode(() => verifyCrcRequest(CRC_SECRET, query, header, { nope: 1 }), 'bad_options');
});

// ---------------------------------------------------------------------------------------------
// OAuth 1.0a
// ---------------------------------------------------------------------------------------------

/** Twitter developer documentation, "Creating a signature" (tests/signing.rs, same inputs). */
const twitter = (url, extra = {}) => ({
  method: 'post', // lowercase on purpose: the base string uppercases it
  url,
  params: [['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']],
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
  ...extra,
});
const TWITTER_URL = 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true';

test('OAuth 1.0a: Twitter docs "Creating a signature"', () => {
  const signed = oauth1Sign(twitter(TWITTER_URL));
  assert.deepEqual(Object.keys(signed), ['signature', 'baseString', 'authorizationHeader', 'nonce', 'timestamp']);
  assert.equal(
    signed.baseString,
    'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities' +
      '%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFab' +
      'xSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp' +
      '%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb' +
      '%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520' +
      'a%2520signed%2520OAuth%2520request%2521',
  );
  assert.equal(signed.signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  assert.equal(
    signed.authorizationHeader,
    'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", ' +
      'oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", ' +
      'oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D", ' +
      'oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", ' +
      'oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", ' +
      'oauth_version="1.0"',
  );
  assert.equal(signed.nonce, 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg');
  assert.equal(signed.timestamp, 1318622958);
  // The same key, independently (node:crypto): key = enc(consumer secret) & enc(token secret).
  const key = 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw&LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE';
  assert.equal(createHmac('sha1', key).update(signed.baseString).digest('base64'), signed.signature);
  // The earlier revision of the docs used the /1/ URL.
  assert.equal(oauth1Sign(twitter(TWITTER_URL.replace('/1.1/', '/1/'))).signature, 'tnnArxj06cWHq44gCs1OSKk/jLY=');
  // Every params form signs the same, and query or body parameters sign the same.
  const status = 'Hello Ladies + Gentlemen, a signed OAuth request!';
  for (const params of [
    { status },
    { status: [status] },
    new URLSearchParams({ status }),
    new URLSearchParams('status=Hello+Ladies+%2B+Gentlemen%2C+a+signed+OAuth+request%21'),
    new Map([['status', status]]),
  ]) {
    assert.equal(oauth1Sign(twitter(TWITTER_URL, { params })).signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=', inspect(params));
  }
  const moved = twitter(TWITTER_URL.split('?')[0], { params: [['include_entities', 'true'], ['status', status]] });
  assert.equal(oauth1Sign(moved).signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
});

test('OAuth 1.0a: RFC 5849 §3.4.1.1 base string and §1.2 walk-through signatures', () => {
  // §3.1 request with the form body "c2&a3=2+q" (decoded: c2="", a3="2 q").
  const rfc = {
    method: 'POST',
    url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
    params: new URLSearchParams('c2&a3=2+q'),
    consumerKey: '9djdj82h48djs9d2',
    consumerSecret: 'j49sk3j29djd',
    token: 'kkk9d7dh3k39sjv7',
    tokenSecret: 'dh893hdasih9',
    nonce: '7d8f3e4a',
    timestamp: 137131201,
    realm: 'Example',
    omitVersion: true,
  };
  const signed = oauth1Sign(rfc);
  assert.equal(
    signed.baseString,
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q' +
      '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_' +
      'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m' +
      'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk' +
      '9d7dh3k39sjv7',
  );
  assert.ok(signed.authorizationHeader.startsWith('OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", '));
  assert.ok(!signed.authorizationHeader.includes('oauth_version'));
  // The RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw=, which no implementation reproduces from its
  // printed base string and key (see tests/signing.rs); node:crypto is the independent check.
  assert.equal(signed.signature, createHmac('sha1', 'j49sk3j29djd&dh893hdasih9').update(signed.baseString).digest('base64'));
  assert.equal(signed.signature, 'r6/TJjbCOr97/+UU0NsvSne7s5g=');
  assert.deepEqual(oauth1Sign({ ...rfc, params: [['c2', ''], ['a3', '2 q']] }), signed);

  // §1.2: client credentials dpf43f3p2l4k3l03 / kd94hf93k423kf44, realm "Photos", no version.
  const photos = { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', realm: 'Photos', omitVersion: true };
  const initiate = oauth1Sign({
    ...photos,
    method: 'POST',
    url: 'https://photos.example.net/initiate',
    nonce: 'wIjqoS',
    timestamp: 137131200,
    callback: 'http://printer.example.com/ready',
    step: 'request_token',
  });
  assert.equal(initiate.signature, '74KNZJeDHnMBp0EMJ9ZHt/XKycU=');
  assert.ok(initiate.authorizationHeader.includes('oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"'));
  assert.ok(initiate.authorizationHeader.includes('oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready"'));
  const token = oauth1Sign({
    ...photos,
    method: 'POST',
    url: 'https://photos.example.net/token',
    token: 'hh5s93j4hdidpola',
    tokenSecret: 'hdhd0244k9j7ao03',
    nonce: 'walatlh',
    timestamp: 137131201,
    verifier: 'hfdp7dh39dks9884',
    step: 'access_token',
  });
  assert.equal(token.signature, 'gKgrFCywp7rO0OXSjdot/IHF7IU=');
  const resource = oauth1Sign({
    ...photos,
    method: 'GET',
    url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
    token: 'nnch734d00sl2jdk',
    tokenSecret: 'pfkkdhi9sl3r4s00',
    nonce: 'chapoH',
    timestamp: 137131202,
  });
  assert.equal(resource.signature, 'MdpQcU8iPSUjWoN/UDMsK2sui9I=');

  // OAuth Core 1.0 Appendix A.5 (with oauth_version).
  const a5 = oauth1Sign({
    method: 'GET',
    url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
    consumerKey: 'dpf43f3p2l4k3l03',
    consumerSecret: 'kd94hf93k423kf44',
    token: 'nnch734d00sl2jdk',
    tokenSecret: 'pfkkdhi9sl3r4s00',
    nonce: 'kllo9940pd9333jh',
    timestamp: 1191242096,
  });
  assert.equal(a5.signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
});

test('OAuth 1.0a: nonce and timestamp are generated from crypto.getRandomValues and Date.now', () => {
  const req = { method: 'POST', url: 'https://api.example.com/oauth/request_token', consumerKey: 'ck', consumerSecret: 'cs', callback: 'oob' };
  const before = Math.floor(Date.now() / 1000);
  const a = oauth1Sign(req);
  const b = oauth1Sign({ ...req, step: 'request_token' });
  const after = Math.floor(Date.now() / 1000);
  assert.match(a.nonce, /^[0-9a-f]{64}$/);
  assert.notEqual(a.nonce, b.nonce);
  assert.ok(a.timestamp >= before && a.timestamp <= after);
  assert.ok(a.authorizationHeader.includes(`oauth_nonce="${a.nonce}"`));
  assert.ok(a.authorizationHeader.includes(`oauth_timestamp="${a.timestamp}"`));
  assert.equal(createHmac('sha1', 'cs&').update(a.baseString).digest('base64'), a.signature);
  // Given values win; only the missing one is generated.
  const fixedNonce = oauth1Sign({ ...req, nonce: 'n0nce' });
  assert.equal(fixedNonce.nonce, 'n0nce');
  assert.ok(fixedNonce.timestamp >= before);
  assert.equal(oauth1Sign({ ...req, timestamp: 42 }).timestamp, 42);

  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  try {
    // A broken random source (all zeros) is refused by the core.
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: (x) => x }, configurable: true, writable: true });
    throwsCode(() => oauth1Sign(req), 'weak_entropy');
    assert.equal(oauth1Sign({ ...req, nonce: 'n', timestamp: 1 }).nonce, 'n', 'no entropy needed');
    // No random source at all.
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true, writable: true });
    throwsCode(() => oauth1Sign(req), 'missing_entropy');
  } finally {
    Object.defineProperty(globalThis, 'crypto', saved);
  }
  assert.match(oauth1Sign(req).nonce, /^[0-9a-f]{64}$/);
});

test('OAuth 1.0a: Document A flow rules through step', () => {
  const base = {
    method: 'POST',
    url: 'https://api.example.com/oauth/request_token',
    consumerKey: 'ck',
    consumerSecret: 'cs',
    callback: 'oob',
    nonce: 'n',
    timestamp: 1,
    step: 'request_token',
  };
  assert.ok(oauth1Sign(base).signature);
  assert.ok(oauth1Sign({ ...base, callback: 'myapp://oauth' }).signature);
  assert.ok(oauth1Sign({ ...base, params: { x_auth_access_type: 'write' } }).signature);
  throwsCode(() => oauth1Sign({ ...base, callback: undefined }), 'missing_oauth_callback');
  throwsCode(() => oauth1Sign({ ...base, callback: '/cb' }), 'invalid_oauth_callback');
  throwsCode(() => oauth1Sign({ ...base, callback: 'OOB' }), 'invalid_oauth_callback');
  throwsCode(() => oauth1Sign({ ...base, params: { x_auth_access_type: 'admin' } }), 'invalid_access_type');
  throwsCode(() => oauth1Sign({ ...base, params: { x_auth_access_type: ['read', 'read'] } }), 'unexpected_parameter');
  throwsCode(() => oauth1Sign({ ...base, token: 't' }), 'unexpected_oauth_token');
  throwsCode(() => oauth1Sign({ ...base, verifier: 'v' }), 'unexpected_oauth_verifier');
  throwsCode(() => oauth1Sign({ ...base, method: 'GET' }), 'wrong_method');
  throwsCode(() => oauth1Sign({ ...base, url: 'http://api.example.com/oauth/request_token' }), 'insecure_url');
  // The same request without a step is signed: the rules are the step's.
  assert.ok(oauth1Sign({ ...base, step: undefined, url: 'http://api.example.com/x', method: 'GET' }).signature);

  const authorize = { method: 'GET', url: 'https://api.example.com/oauth/authorize?oauth_token=req', consumerKey: 'ck', consumerSecret: 'cs', nonce: 'n', timestamp: 1 };
  for (const step of ['authorize', 'authenticate']) {
    throwsCode(() => oauth1Sign({ ...authorize, step, callback: 'https://app.example.com/cb' }), 'forbidden_oauth_callback');
    throwsCode(() => oauth1Sign({ ...authorize, step, url: 'https://api.example.com/oauth/authorize' }), 'missing_oauth_token');
    throwsCode(() => oauth1Sign({ ...authorize, step, method: 'POST' }), 'wrong_method');
    // The core refuses oauth_ names in the query when signing (protocol parameters travel in the header).
    throwsCode(() => oauth1Sign({ ...authorize, step }), 'oauth_parameter_in_params');
    assert.ok(oauth1Sign({ ...authorize, step, url: 'https://api.example.com/oauth/authorize', token: 'req' }).signature);
  }

  const access = {
    method: 'POST',
    url: 'https://api.example.com/oauth/access_token',
    consumerKey: 'ck',
    consumerSecret: 'cs',
    token: 'req-token',
    tokenSecret: 'req-secret',
    verifier: '1234567',
    nonce: 'n',
    timestamp: 1,
    step: 'access_token',
  };
  assert.ok(oauth1Sign(access).signature);
  throwsCode(() => oauth1Sign({ ...access, verifier: undefined }), 'missing_oauth_verifier');
  throwsCode(() => oauth1Sign({ ...access, token: undefined, tokenSecret: undefined }), 'missing_oauth_token');

  const invalidate = { ...access, url: 'https://api.example.com/1.1/oauth/invalidate_token', verifier: undefined, step: 'invalidate_token' };
  assert.ok(oauth1Sign(invalidate).signature);
  throwsCode(() => oauth1Sign({ ...invalidate, params: { x: '1' } }), 'unexpected_parameter');
  throwsCode(() => oauth1Sign({ ...invalidate, verifier: 'v' }), 'unexpected_oauth_verifier');

  throwsCode(() => oauth1Sign({ ...base, step: 'RequestToken' }), 'unknown_flow_step');
  throwsCode(() => oauth1Sign({ ...base, step: 'nope' }), 'unknown_flow_step');
  throwsCode(() => oauth1Sign({ ...base, step: 3 }), 'invalid_argument');
});

test('OAuth 1.0a: refusals of the core and of the wrapper', () => {
  const base = { method: 'POST', url: 'https://api.example.com/x', consumerKey: 'ck', consumerSecret: 'cs', nonce: 'n0nce', timestamp: 1_700_000_000 };
  const cases = [
    [{ consumerSecret: '' }, 'empty_secret'],
    [{ consumerKey: '' }, 'empty_consumer_key'],
    [{ method: '' }, 'invalid_method'],
    [{ method: 'PO ST' }, 'invalid_method'],
    [{ url: 'ftp://example.com/x' }, 'unsupported_url_scheme'],
    [{ url: 'https://user:pw@example.com/x' }, 'url_userinfo'],
    [{ url: 'https://example.com/a b' }, 'invalid_url'],
    [{ url: 'https://exämple.com/' }, 'invalid_url'],
    [{ url: 'example.com/x' }, 'invalid_url'],
    [{ url: 'https://example.com/%zz' }, 'invalid_percent_encoding'],
    [{ token: '' }, 'empty_oauth_parameter'],
    [{ callback: '' }, 'empty_oauth_parameter'],
    [{ verifier: '' }, 'empty_oauth_parameter'],
    [{ tokenSecret: 'ts' }, 'missing_oauth_token'],
    [{ params: [['oauth_signature', 'x']] }, 'oauth_parameter_in_params'],
    [{ params: { OAuth_Token: 'x' } }, 'oauth_parameter_in_params'],
    [{ url: 'https://example.com/x?oauth_nonce=1' }, 'oauth_parameter_in_params'],
    [{ realm: 'a"b' }, 'invalid_realm'],
    [{ realm: 'a\nb' }, 'invalid_realm'],
    [{ nonce: 'nönce' }, 'non_ascii_nonce'],
    [{ nonce: '' }, 'invalid_nonce'],
    [{ nonce: 'a b' }, 'invalid_nonce'],
    [{ timestamp: 0 }, 'invalid_timestamp'],
    [{ timestamp: -1 }, 'invalid_timestamp'],
    [{ timestamp: 1.5 }, 'invalid_timestamp'],
    [{ timestamp: 2 ** 53 }, 'invalid_timestamp'],
    [{ timestamp: '01700000000' }, 'invalid_timestamp'],
    [{ timestamp: ' 1700000000' }, 'invalid_timestamp'],
    [{ timestamp: '1.7e9' }, 'invalid_timestamp'],
    [{ timestamp: '+1700000000' }, 'invalid_timestamp'],
    [{ timestamp: '1700000000.0' }, 'invalid_timestamp'],
    [{ timestamp: '9007199254740992' }, 'invalid_timestamp'],
    [{ timestamp: '' }, 'invalid_timestamp'],
    [{ timestamp: new Date(Number.NaN) }, 'invalid_timestamp'],
    [{ timestamp: {} }, 'invalid_timestamp'],
    [{ timestamp: Number.NaN }, 'invalid_timestamp'],
    // Wrapper: wrong types, lone surrogates, unknown members.
    [{ method: undefined }, 'invalid_argument'],
    [{ url: 42 }, 'invalid_argument'],
    [{ consumerSecret: undefined }, 'invalid_argument'],
    [{ consumerSecret: bytes('cs') }, 'invalid_argument'],
    [{ token: 7 }, 'invalid_argument'],
    [{ params: [['a']] }, 'invalid_argument'],
    [{ params: [['a', 1]] }, 'invalid_argument'],
    [{ params: [[1, 'a']] }, 'invalid_argument'],
    [{ params: { a: 1 } }, 'invalid_argument'],
    [{ params: { a: ['1', 2] } }, 'invalid_argument'],
    [{ params: 'a=1' }, 'invalid_argument'],
    [{ params: new Set(['a']) }, 'invalid_argument'],
    [{ params: [['a', 'x\ud800']] }, 'invalid_argument'],
    [{ consumerSecret: 'cs\udfff' }, 'invalid_argument'],
    [{ omitVersion: 'yes' }, 'invalid_argument'],
    [{ tokensecret: 'x' }, 'bad_options'],
    [{ body: '{"a":1}' }, 'bad_options'],
  ];
  for (const [patch, code] of cases) throwsCode(() => oauth1Sign({ ...base, ...patch }), code);
  // Date.now() where seconds belong: refused, and the message says why (every millisecond
  // timestamp since March 1973 is over 10^11 - 1, the largest count of seconds taken).
  for (const timestamp of [Date.now(), 100_000_000_000, String(Date.now())]) {
    try {
      oauth1Sign({ ...base, timestamp });
      assert.fail(`signed ${timestamp}`);
    } catch (e) {
      assert.equal(e.code, 'invalid_timestamp');
      assert.match(e.message, /can only be milliseconds \(Date\.now\(\)\): divide it by 1000/);
    }
  }
  assert.equal(oauth1Sign({ ...base, timestamp: 99_999_999_999 }).timestamp, 99_999_999_999);
  for (const bad of [undefined, null, 'x', [], new Map()]) throwsCode(() => oauth1Sign(bad), 'invalid_argument');
  // null and undefined optional fields are absent.
  assert.deepEqual(oauth1Sign({ ...base, token: null, realm: undefined, params: null }), oauth1Sign(base));
  // token secret "" and none sign the same.
  assert.deepEqual(oauth1Sign({ ...base, token: 't', tokenSecret: '' }), oauth1Sign({ ...base, token: 't' }));
});

// ---------------------------------------------------------------------------------------------
// OAuth 2.0 app-only
// ---------------------------------------------------------------------------------------------

test('app-only: Basic credentials (Twitter docs "Application-only authentication") and the body', () => {
  assert.equal(
    basicCredentials('xvz1evFS4wEEPTGEFPHBog', 'L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg'),
    'eHZ6MWV2RlM0d0VFUFRHRUZQSEJvZzpMOHFxOVBaeVJnNmllS0dFS2hab2xHQzB2SldMdzhpRUo4OERSZHlPZw==',
  );
  assert.equal(basicCredentials('a:b', 'c d'), Buffer.from('a%3Ab:c%20d').toString('base64'));
  throwsCode(() => basicCredentials('', 's'), 'empty_api_key');
  throwsCode(() => basicCredentials('k', ''), 'empty_secret');
  throwsCode(() => basicCredentials(undefined, 's'), 'invalid_argument');
  throwsCode(() => basicCredentials('k', 5), 'invalid_argument');
  throwsCode(() => basicCredentials('k', 's\ud800'), 'invalid_argument');
  assert.equal(tokenRequestBody(), 'grant_type=client_credentials');
});

// ---------------------------------------------------------------------------------------------
// Secrets never leak; failures leave the module usable
// ---------------------------------------------------------------------------------------------

test('no secret, token or marker reaches any thrown value', () => {
  const SECRET = 'MaRkErSeCrEt-0123456789';
  const TSECRET = 'MaRkErToKeNsEcReT-987';
  const TOKEN = 'MaRkErToKeN-4567';
  const markers = [SECRET, TSECRET, TOKEN, 'MaRkEr'];
  const errors = [];
  const capture = (fn) => {
    try {
      fn();
    } catch (e) {
      errors.push(e);
      return;
    }
    assert.fail('expected a throw');
  };
  // CRC: secret marker as key and as token, every failing path.
  capture(() => crcResponseToken(SECRET, `${SECRET} ${TOKEN}`));
  capture(() => crcResponseToken(SECRET, SECRET.repeat(20)));
  capture(() => crcResponseToken(SECRET, SECRET.repeat(200)));
  capture(() => crcResponseToken(SECRET, `{"secret":"${SECRET}"}`));
  capture(() => crcResponseToken(SECRET, 'short'));
  capture(() => crcResponseToken(`${SECRET}\ud800`, CRC_TOKEN));
  capture(() => crcResponseToken(SECRET, CRC_TOKEN, { minLength: SECRET }));
  capture(() => crcResponseToken(SECRET, CRC_TOKEN, { extraChars: `${SECRET} ` }));
  capture(() => crcResponseToken(SECRET, CRC_TOKEN, { [SECRET]: 1 }));
  capture(() => crcResponse(SECRET, { token: TOKEN }));
  // Verification: only wrong calls throw; the secret rides along in every one.
  capture(() => verifySignature(SECRET, { body: SECRET }, TOKEN));
  capture(() => verifySignature(SECRET, SECRET, 42));
  capture(() => verifySignature({ secret: SECRET }, 'x', TOKEN));
  capture(() => verifySignature(SECRET, 'x', TOKEN, { headerName: `${SECRET} x` }));
  capture(() => verifySignature(SECRET, 'x', TOKEN, { [SECRET]: TOKEN }));
  capture(() => verifyCrcRequest(SECRET, { q: SECRET }, TOKEN));
  // OAuth 1.0a: secrets everywhere, failing at every stage.
  const req = {
    method: 'POST',
    url: `https://example.com/${TOKEN}?x=${SECRET}`,
    consumerKey: TOKEN,
    consumerSecret: SECRET,
    token: TOKEN,
    tokenSecret: TSECRET,
    nonce: `${TOKEN}é`,
    timestamp: 1,
    verifier: TOKEN,
    callback: `${TOKEN} x`,
    params: [['status', SECRET]],
  };
  capture(() => oauth1Sign(req));
  capture(() => oauth1Sign({ ...req, step: 'request_token' }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', step: 'authorize' }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', url: `https://${SECRET}@example.com/` }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', url: `https://example.com/ ${SECRET}` }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', params: [[`oauth_${SECRET}`, TSECRET]] }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', params: [[SECRET, 42]] }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', realm: `"${SECRET}"` }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', step: SECRET }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', timestamp: SECRET }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', [SECRET]: TSECRET }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', tokenSecret: `${TSECRET}\ud800` }));
  capture(() => oauth1Sign({ ...req, nonce: 'n', consumerSecret: '' }));
  capture(() => basicCredentials(TOKEN, ''));
  capture(() => basicCredentials('', SECRET));
  capture(() => basicCredentials(TOKEN, `${SECRET}\ud800`));
  assert.ok(errors.length >= 30);
  for (const e of errors) {
    assert.ok(e instanceof PreflightError, `${e?.name}: ${e?.message}`);
    const texts = [
      e.message,
      String(e.stack),
      String(e),
      inspect(e, { depth: 5, showHidden: true }),
      JSON.stringify(e, Object.getOwnPropertyNames(e)),
      JSON.stringify(e.cause ?? null),
      e.code,
    ];
    for (const t of texts) for (const m of markers) assert.ok(!t.includes(m), `${m} leaked: ${t}`);
  }
});

test('a failing call leaves the module usable', () => {
  for (let i = 0; i < 200; i++) {
    assert.throws(() => crcResponseToken(CRC_SECRET, EV_JSON_BODY));
    assert.throws(() => oauth1Sign({ method: 'POST', url: 'x', consumerKey: 'k', consumerSecret: 's' }));
    assert.throws(() => basicCredentials('', 's'));
    assert.equal(verifySignature('', EV_JSON_BODY, EV_JSON_SIG), false);
    assert.equal(verifySignature(EV_SECRET, EV_JSON_BODY, { [HEADER]: [EV_JSON_SIG] }), false);
  }
  assert.equal(crcResponseToken(CRC_SECRET, CRC_TOKEN), CRC_EXPECTED);
  assert.equal(verifySignature(EV_SECRET, EV_JSON_BODY, EV_JSON_SIG), true);
  assert.equal(oauth1Sign(twitter(TWITTER_URL)).signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
});

// ---------------------------------------------------------------------------------------------
// The package surface
// ---------------------------------------------------------------------------------------------

test('SigningErrorCode in types/codes.d.ts lists exactly the core codes and the wrapper codes', () => {
  const src = read('src/signing/mod.rs');
  const body = /pub fn code\(&self\) -> &'static str \{([\s\S]*?)\n {4}\}/.exec(src);
  assert.ok(body, 'SigningError::code() not found');
  const core = [...body[1].matchAll(/=> "([a-z0-9_]+)"/g)].map((m) => m[1]);
  assert.ok(core.length >= 40, `only ${core.length} codes read`);
  const dts = read('pkg/types/codes.d.ts');
  const union = /export type SigningErrorCode =([^;]*);/.exec(dts);
  assert.ok(union);
  const declared = [...union[1].matchAll(/'([^']*)'/g)].map((m) => m[1]);
  assert.deepEqual([...declared].sort(), [...core, 'invalid_argument', 'bad_options'].sort());
});

test('both entry points export the signing functions', async () => {
  const names = ['crcResponseToken', 'crcResponse', 'verifySignature', 'verifyCrcRequest', 'oauth1Sign', 'basicCredentials', 'tokenRequestBody'];
  const node = await import('../../pkg/node.js');
  for (const n of names) assert.equal(typeof node[n], 'function', n);
  const pkg = await import('preflight-wasm');
  for (const n of names) assert.equal(pkg[n], node[n], n);
  // browser.js and inline.js re-export manual.js (tests/node/entries.test.mjs).
  const browser = read('pkg/manual.js');
  for (const n of names) assert.match(browser, new RegExp(`\\b${n}\\b`), n);
  const dts = read('pkg/types/signing.d.ts');
  for (const n of names) assert.match(dts, new RegExp(`export declare function ${n}\\(`), n);
});
