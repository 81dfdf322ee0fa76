// End to end: the example receiver (examples/node/webhook-receiver/server.mjs) on 127.0.0.1 at a
// free port, driven by real HTTP requests (fetch and node:http). Every request has a deadline and
// every server is closed at the end.
//
// Run: scripts/build-wasm.sh && node --test tests/node/

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { createHmac } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createReceiver, eventKey, DEFAULTS, UNVERIFIED_STATUS } from '../../examples/node/webhook-receiver/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverFile = path.resolve(here, '../../examples/node/webhook-receiver/server.mjs');

// signing.md "Public vectors".
const CRC_SECRET = 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu';
const CRC_TOKEN = '9b4507b3-9040-4669-9ca3-6b94edb50553';
const CRC_EXPECTED = 'sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8=';
const HEADER = 'x-service-webhooks-signature';
const DEADLINE_MS = 5_000;
/** Every test ends within this, whatever happens. */
const BOUND = { timeout: 30_000 };

const sign = (body, secret = CRC_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

let receiver;
let base;
const processed = [];
const logs = [];
const sentBodies = [];

before(async () => {
  receiver = createReceiver({
    consumerSecret: CRC_SECRET,
    onEvent: (event) => {
      processed.push(event);
    },
    log: (...args) => logs.push(JSON.stringify(args)),
  });
  const { host, port, url } = await receiver.listen(0, '127.0.0.1');
  assert.equal(host, '127.0.0.1');
  assert.ok(port > 0);
  base = url;
  assert.equal(base, `http://127.0.0.1:${port}/webhook`);
});

after(async () => {
  await receiver?.close();
});

/** fetch with a deadline; returns {status, type, text}. */
async function request(url, init = {}) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(DEADLINE_MS) });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), headers: res.headers };
}

const crc = (query) => request(`${base}?${query}`);

/** POSTs a signed event (raw bytes); `header` overrides the signature header value (null: none). */
function post(body, { header = sign(body), headers = {} } = {}) {
  sentBodies.push(Buffer.isBuffer(body) ? body.toString('utf8') : body);
  const h = { 'content-type': 'application/json', ...headers };
  if (header !== null) h[HEADER] = header;
  return request(base, { method: 'POST', body, headers: h });
}

/** A raw node:http request, for what fetch cannot send (a repeated header). */
function rawRequest(options, body) {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, timeout: DEADLINE_MS, ...options }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error('deadline')));
    req.on('error', reject);
    if (options.setup) options.setup(req);
    req.end(body);
  });
}

/**
 * Sends `text` as it is over a TCP connection to `url`'s host and port (what no HTTP client
 * sends: repeated names, hundreds of header lines, folded lines, a fragment in the target) and
 * resolves {status, text} once the server closes. `lines` are header lines, each without its CRLF.
 */
function rawHttp(url, requestLine, lines, body = '') {
  const target = new URL(url);
  const text = `${requestLine}\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n${body}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(target.port), target.hostname, () => socket.end(text, 'latin1'));
    const chunks = [];
    socket.setTimeout(DEADLINE_MS, () => socket.destroy(new Error('deadline')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      const head = all.slice(0, split);
      let rest = all.slice(split + 4);
      if (/\r\ntransfer-encoding: chunked/i.test(head)) {
        let out = '';
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, eol), 16);
          if (!(size > 0)) break;
          out += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        rest = out;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]), text: rest });
    });
  });
}

/** `n` header lines that mean nothing to the receiver. */
const filler = (n) => Array.from({ length: n }, (_, i) => `x-filler-${i}: ${i}`);

test('CRC: the spec vector over real HTTP', BOUND, async () => {
  const r = await crc(`crc_token=${CRC_TOKEN}`);
  assert.equal(r.status, 200);
  assert.match(r.type, /^application\/json\b/);
  assert.deepEqual(JSON.parse(r.text), { response_token: CRC_EXPECTED });
  assert.equal(r.text, `{"response_token":"${CRC_EXPECTED}"}`);
  assert.equal(r.headers.get('cache-control'), 'no-store');
  // Other query parameters do not matter; a percent-encoded base64 token is decoded first.
  const b64 = 'ab+cd/ef=gh_ij-kl01==';
  const r2 = await crc(`nonce=1&crc_token=${encodeURIComponent(b64)}`);
  assert.equal(r2.status, 200);
  assert.equal(JSON.parse(r2.text).response_token, sign(b64));
});

test('CRC: no crc_token, a repeated one, or one of a bad shape is 400 and never signed', BOUND, async () => {
  for (const query of ['', 'nonce=1', 'crc_token_x=abcdefghijklmnopq']) {
    const r = await crc(query);
    assert.equal(r.status, 400, query);
    assert.deepEqual(JSON.parse(r.text), { error: 'missing_crc_token' });
  }
  const dup = await crc(`crc_token=${CRC_TOKEN}&crc_token=${CRC_TOKEN}`);
  assert.equal(dup.status, 400);
  assert.deepEqual(JSON.parse(dup.text), { error: 'duplicate_crc_token' });

  // The signing-oracle attack: an event body sent as crc_token, to replay the answer as its
  // signature. Refused, and nothing signed comes back.
  const forged = '{"event_id":"forged-1","type":"post.create","text":"pay attacker"}';
  const hostile = [forged, 'test=1&other_test=2', 'short', 'a'.repeat(129), 'abcdefghijklmnop.json', 'a b c d e f g h i j k'];
  for (const token of hostile) {
    const r = await crc(`crc_token=${encodeURIComponent(token)}`);
    assert.equal(r.status, 400, token);
    assert.deepEqual(JSON.parse(r.text), { error: 'crc_token_shape' });
    assert.ok(!r.text.includes('sha256='));
    assert.ok(!r.text.includes(sign(token).slice(7)));
  }
  // A raw '+' is a space once decoded: refused too.
  assert.equal((await crc('crc_token=abcdefgh+ijklmnop')).status, 400);
  // And the forged event cannot be delivered without the secret.
  const before = processed.length;
  assert.equal((await post(forged, { header: null })).status, UNVERIFIED_STATUS);
  assert.equal(processed.length, before);
});

test('events: a signed event is processed once; a duplicate id is answered 200 and dropped', BOUND, async () => {
  const body = '{"event_id":"e-100","type":"post.create","data":{"text":"hello"}}';
  const before = processed.length;
  const first = await post(body);
  assert.equal(first.status, 200);
  assert.equal(first.text, '');
  assert.equal(processed.length, before + 1);
  assert.deepEqual(processed.at(-1), JSON.parse(body));
  assert.ok(receiver.hasSeen('event_id:e-100'));

  const dropped = receiver.stats.duplicatesDropped;
  const again = await post(body);
  assert.equal(again.status, 200);
  assert.equal(again.text, '');
  assert.equal(processed.length, before + 1, 'not processed twice');
  assert.equal(receiver.stats.duplicatesDropped, dropped + 1);
  // The same id in another serialization (another delivery) is the same event.
  assert.equal((await post('{"type":"post.create","event_id":"e-100"}')).status, 200);
  assert.equal(processed.length, before + 1);

  // `id` is used when there is no `event_id`; a numeric id too.
  assert.equal((await post('{"id":12345,"type":"dm.received"}')).status, 200);
  assert.equal((await post('{"id": 12345, "type": "dm.received"}')).status, 200);
  assert.equal(processed.length, before + 2);
  // Without an id an event cannot be deduplicated: processed each time, and counted.
  const noId = receiver.stats.eventsWithoutId;
  assert.equal((await post('{"type":"spaces.start"}')).status, 200);
  assert.equal((await post('{"type":"spaces.start"}')).status, 200);
  assert.equal(processed.length, before + 4);
  assert.equal(receiver.stats.eventsWithoutId, noId + 2);
});

test('events: the raw bytes are verified, as sent (spacing, key order, UTF-8)', BOUND, async () => {
  const body = Buffer.from('{ "event_id" : "e-raw",\n  "text": "caf\u00e9 \u2603 \ud83d\ude00" }\n', 'utf8');
  const r = await post(body, { header: sign(body) });
  assert.equal(r.status, 200);
  assert.equal(processed.at(-1).text, 'caf\u00e9 \u2603 \ud83d\ude00');
  // Re-serialized JSON is another body: not verified.
  const reserialized = JSON.stringify(JSON.parse(body.toString('utf8')));
  assert.equal((await post(reserialized, { header: sign(body) })).status, UNVERIFIED_STATUS);
});

test('events: tampered, unsigned, badly signed and repeated-header requests are refused', BOUND, async () => {
  const body = '{"event_id":"e-200","type":"post.delete"}';
  const good = sign(body);
  const before = processed.length;
  const unverified = receiver.stats.unverified;
  const refused = [
    post('{"event_id":"e-200","type":"post.create"}', { header: good }), // tampered body
    post(body, { header: null }), // missing header
    post(body, { header: '' }),
    post(body, { header: good.slice(7) }), // no prefix
    post(body, { header: `SHA256=${good.slice(7)}` }),
    post(body, { header: 'sha256=not-base64!' }),
    post(body, { header: sign(body, 'another secret') }),
    post(body, { header: `sha256=${Buffer.alloc(20, 1).toString('base64')}` }), // wrong length
    post(body, { header: `${good}, ${good}` }),
  ];
  for (const r of await Promise.all(refused)) {
    assert.equal(r.status, UNVERIFIED_STATUS);
    assert.deepEqual(JSON.parse(r.text), { error: 'signature_not_verified' });
  }
  // The header sent twice (two header lines): refused even though both copies are valid.
  const twice = await rawRequest(
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setup: (req) => req.setHeader(HEADER, [good, good]),
    },
    body,
  );
  assert.equal(twice.status, UNVERIFIED_STATUS);
  // A header name in other case is the same header (HTTP names are case-insensitive).
  const mixed = await rawRequest({ method: 'POST', headers: { 'X-Service-Webhooks-Signature': good } }, body);
  assert.equal(mixed.status, 200);
  assert.equal(processed.length, before + 1, 'only the good one');
  assert.equal(receiver.stats.unverified, unverified + refused.length + 1);
  assert.equal(processed.at(-1).event_id, 'e-200');
  assert.ok(receiver.hasSeen('event_id:e-200'));
});

test('headers: over maxHeaders (100) lines is 431 before any signature check: a repeated signature header cannot hide past the limit', BOUND, async () => {
  const body = '{"event_id":"e-hidden","type":"post.create"}';
  const good = sign(body);
  const wrong = `sha256=${Buffer.alloc(32, 7).toString('base64')}`;
  // Three lines of every request here: host, connection, content-length.
  const send = (lines) =>
    rawHttp(base, 'POST /webhook HTTP/1.1', ['host: receiver', 'connection: close', `content-length: ${Buffer.byteLength(body)}`, ...lines], body);
  const before = processed.length;
  const unverified = receiver.stats.unverified;
  // A valid signature, then enough lines for a second one to land past a limit on kept lines:
  // dropped unseen, the request would be verified by its first copy.
  for (const lines of [
    [`${HEADER}: ${good}`, ...filler(97), `${HEADER}: ${wrong}`],
    [`${HEADER}: ${good}`, ...filler(97), `${HEADER}: ${good}`],
    [`${HEADER}: ${good}`, ...filler(200), `${HEADER.toUpperCase()}: ${wrong}`],
  ]) {
    const r = await send(lines);
    assert.equal(r.status, 431, `${lines.length + 3} lines`);
    assert.deepEqual(JSON.parse(r.text), { error: 'too_many_headers' });
  }
  assert.equal(processed.length, before, 'never processed');
  assert.equal(receiver.stats.unverified, unverified, 'refused before the signature is looked at');
  assert.equal(DEFAULTS.maxHeaders, 100);
  // 101 lines with one good signature: 431 all the same, for a POST and a CRC GET.
  assert.equal((await send([...filler(97), `${HEADER}: ${good}`])).status, 431);
  const crc101 = await rawHttp(base, `GET /webhook?crc_token=${CRC_TOKEN} HTTP/1.1`, ['host: receiver', 'connection: close', ...filler(99)]);
  assert.equal(crc101.status, 431);
  assert.ok(!crc101.text.includes('sha256='), 'not answered');
  // Exactly 100 lines: every one is read. Two signature lines are refused, one is verified.
  assert.equal((await send([`${HEADER}: ${good}`, ...filler(95), `${HEADER}: ${good}`])).status, UNVERIFIED_STATUS);
  assert.equal(receiver.stats.unverified, unverified + 1);
  assert.equal(processed.length, before);
  assert.equal((await send([...filler(96), `${HEADER}: ${good}`])).status, 200);
  assert.equal(processed.length, before + 1);
  assert.equal(processed.at(-1).event_id, 'e-hidden');
  const crc100 = await rawHttp(base, `GET /webhook?crc_token=${CRC_TOKEN} HTTP/1.1`, ['host: receiver', 'connection: close', ...filler(98)]);
  assert.equal(crc100.status, 200);
  assert.deepEqual(JSON.parse(crc100.text), { response_token: CRC_EXPECTED });
});

test('headers: a repeated signature header is refused however it is written; malformed header lines never reach the receiver', BOUND, async () => {
  const body = '{"event_id":"e-spelled","type":"post.create"}';
  const good = sign(body);
  const half = 20;
  const send = (lines, framing = [`content-length: ${Buffer.byteLength(body)}`], payload = body) =>
    rawHttp(base, 'POST /webhook HTTP/1.1', ['host: receiver', 'connection: close', ...framing, ...lines], payload);
  const before = processed.length;
  const refused = {
    'the name in two cases': [`X-Service-Webhooks-Signature: ${good}`, `x-service-webhooks-signature: ${good}`],
    'a good line, then an empty one': [`${HEADER}: ${good}`, `${HEADER}:`],
    'an empty line, then a good one': [`${HEADER}:`, `${HEADER}: ${good}`],
    'one signature split over two lines': [`${HEADER}: ${good.slice(0, half)}`, `${HEADER}: ${good.slice(half)}`],
    'two signatures in one line': [`${HEADER}: ${good},${good}`],
    'the name with underscores (another header)': [`x_service_webhooks_signature: ${good}`],
  };
  for (const [what, lines] of Object.entries(refused)) {
    const r = await send(lines);
    assert.equal(r.status, UNVERIFIED_STATUS, what);
    assert.deepEqual(JSON.parse(r.text), { error: 'signature_not_verified' }, what);
  }
  // Node's parser answers 400 itself (RFC 9112 5.1, 5.2): the receiver never sees these.
  const malformed = {
    'a folded continuation line': [`${HEADER}: ${good.slice(0, half)}`, ` ${good.slice(half)}`],
    'a space before the colon': [`${HEADER} : ${good}`],
    'a tab before the colon': [`${HEADER}\t: ${good}`],
  };
  for (const [what, lines] of Object.entries(malformed)) assert.equal((await send(lines)).status, 400, what);
  // A signature in the trailer of a chunked body is not the header: not verified.
  const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n${HEADER}: ${good}\r\n\r\n`;
  const trailer = await send([`trailer: ${HEADER}`], ['transfer-encoding: chunked'], chunked);
  assert.equal(trailer.status, UNVERIFIED_STATUS);
  assert.equal(processed.length, before, 'none processed');
  // Whitespace around a value is not part of it (RFC 9110 5.5): one line so written verifies.
  assert.equal((await send([`${HEADER}: \t ${good} \t`])).status, 200);
  assert.equal(processed.length, before + 1);
});

test('headers: a repeated custom signature header is refused where Node keeps only the first line (authorization)', BOUND, async () => {
  const events = [];
  const custom = createReceiver({
    consumerSecret: CRC_SECRET,
    headerName: 'Authorization',
    crcSignatureHeader: 'authorization',
    log: () => {},
    onEvent: (event) => {
      events.push(event);
    },
  });
  const { url } = await custom.listen(0, '127.0.0.1');
  try {
    const body = '{"event_id":"e-auth"}';
    const good = sign(body);
    const wrong = sign(body, 'another secret');
    const send = (lines) =>
      rawHttp(url, 'POST /webhook HTTP/1.1', ['host: receiver', 'connection: close', `content-length: ${Buffer.byteLength(body)}`, ...lines], body);
    // Node's req.headers.authorization holds the first of the two lines only.
    assert.equal((await send([`authorization: ${good}`, `Authorization: ${wrong}`])).status, UNVERIFIED_STATUS);
    assert.equal((await send([`authorization: ${good}`, `authorization: ${good}`])).status, UNVERIFIED_STATUS);
    assert.equal(events.length, 0);
    assert.equal((await send([`AUTHORIZATION: ${good}`])).status, 200);
    assert.equal(events.length, 1);
    // The signed CRC GET, the same way.
    const query = `crc_token=${CRC_TOKEN}`;
    const get = (lines) => rawHttp(url, `GET /webhook?${query} HTTP/1.1`, ['host: receiver', 'connection: close', ...lines]);
    const twice = await get([`authorization: ${sign(query)}`, `authorization: ${sign(query, 'another secret')}`]);
    assert.equal(twice.status, UNVERIFIED_STATUS);
    assert.ok(!twice.text.includes('sha256='));
    const once = await get([`Authorization: ${sign(query)}`]);
    assert.equal(once.status, 200);
    assert.deepEqual(JSON.parse(once.text), { response_token: CRC_EXPECTED });
  } finally {
    await custom.close();
  }
});

test('events: signed non-JSON is 400, an oversized body 413, other paths and methods 404/405', BOUND, async () => {
  assert.equal((await post('not json')).status, 400);
  assert.equal((await post(Buffer.from([0x7b, 0xff, 0x7d]))).status, 400, 'invalid UTF-8');
  // Above the default 1 MiB by its declared length: refused before a byte of it is read.
  const declared = await rawRequest({ method: 'POST', headers: { 'content-length': String(1024 * 1024 + 1), [HEADER]: sign('') } });
  assert.equal(declared.status, 413);
  assert.deepEqual(JSON.parse(declared.text), { error: 'body_too_large' });
  const other = await request(base.replace('/webhook', '/other?crc_token=' + CRC_TOKEN));
  assert.equal(other.status, 404);
  const put = await request(base, { method: 'PUT', body: '{}' });
  assert.equal(put.status, 405);
  assert.equal(put.headers.get('allow'), 'GET, POST');
});

test('events: only a JSON object is an event; a CRC answer replayed as the signature of its token is refused', BOUND, async () => {
  const before = processed.length;
  // The signing-oracle replay: a 40-digit crc_token is inside the CRC alphabet, so the server
  // signs it; the same digits posted as a body are a JSON number carrying a valid signature.
  const digits = '1234567890123456789012345678901234567890';
  const answer = await crc(`crc_token=${digits}`);
  assert.equal(answer.status, 200);
  const replay = await post(digits, { header: JSON.parse(answer.text).response_token });
  assert.equal(replay.status, 400);
  assert.deepEqual(JSON.parse(replay.text), { error: 'event_not_an_object' });
  for (const body of ['1.23e39', '"an event"', '["event"]', 'null', 'true', '[{"event_id":"e-arr"}]']) {
    const r = await post(body);
    assert.equal(r.status, 400, body);
    assert.deepEqual(JSON.parse(r.text), { error: 'event_not_an_object' }, body);
  }
  assert.equal(processed.length, before, 'onEvent never ran');
  assert.equal(receiver.stats.notAnObject, 7);
  // An object is still an event.
  assert.equal((await post('{"event_id":"e-object"}')).status, 200);
  assert.equal(processed.length, before + 1);
});

test('the seen-id set is bounded; a failed processing forgets its id', BOUND, async () => {
  const seen = [];
  let fail = true;
  const small = createReceiver({
    consumerSecret: CRC_SECRET,
    maxSeenIds: 3,
    maxBodyBytes: 1024,
    log: () => {},
    onEvent: async (event) => {
      if (event.event_id === 'flaky' && fail) {
        fail = false;
        throw new Error('downstream unavailable');
      }
      seen.push(event.event_id);
    },
  });
  const { url } = await small.listen(0, '127.0.0.1');
  try {
    const send = (id) => {
      const body = JSON.stringify({ event_id: id });
      return fetch(url, { method: 'POST', body, headers: { [HEADER]: sign(body) }, signal: AbortSignal.timeout(DEADLINE_MS) }).then((r) => r.status);
    };
    for (const id of ['a', 'b', 'c', 'd']) assert.equal(await send(id), 200);
    assert.equal(small.hasSeen('event_id:a'), false, 'the oldest was forgotten');
    assert.equal(small.hasSeen('event_id:d'), true);
    assert.equal(await send('d'), 200);
    assert.equal(await send('a'), 200);
    assert.deepEqual(seen, ['a', 'b', 'c', 'd', 'a']);
    // Processing failure: 500, and the redelivery is processed.
    assert.equal(await send('flaky'), 500);
    assert.equal(small.hasSeen('event_id:flaky'), false);
    assert.equal(await send('flaky'), 200);
    assert.equal(await send('flaky'), 200);
    assert.deepEqual(seen, ['a', 'b', 'c', 'd', 'a', 'flaky']);
    assert.equal(small.stats.failed, 1);
    // The body limit, counted while reading (a chunked body declares no length).
    const target = new URL(url);
    const chunked = await rawRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        setup: (req) => {
          req.write(Buffer.alloc(600, 0x20));
          req.write(Buffer.alloc(600, 0x20));
        },
      },
      undefined,
    );
    assert.equal(chunked.status, 413);
    const fits = Buffer.alloc(1024, 0x20);
    const exact = await fetch(url, { method: 'POST', body: fits, headers: { [HEADER]: sign(fits) }, signal: AbortSignal.timeout(DEADLINE_MS) });
    assert.equal(exact.status, 400, 'read and verified (1024 spaces are not JSON)');
  } finally {
    await small.close();
  }
});

test('optional signed CRC GET: with crcSignatureHeader, the raw query must be signed too', BOUND, async () => {
  const signed = createReceiver({ consumerSecret: CRC_SECRET, crcSignatureHeader: 'x-crc-signature', log: () => {} });
  const { url } = await signed.listen(0, '127.0.0.1');
  try {
    const get = (query, headers = {}) =>
      fetch(`${url}?${query}`, { headers, signal: AbortSignal.timeout(DEADLINE_MS) }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const query = `crc_token=${CRC_TOKEN}&nonce=n-1`;
    const ok = await get(query, { 'X-Crc-Signature': sign(query) });
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { response_token: CRC_EXPECTED });
    assert.equal((await get(query)).status, UNVERIFIED_STATUS);
    assert.equal((await get(`crc_token=${CRC_TOKEN}&nonce=n-2`, { 'x-crc-signature': sign(query) })).status, UNVERIFIED_STATUS);
    assert.equal((await get(query, { 'x-crc-signature': sign(query, 'other') })).status, UNVERIFIED_STATUS);
    // The shape check still applies to a signed query.
    const hostile = `crc_token=${encodeURIComponent('{"event_id":"x"}')}`;
    assert.equal((await get(hostile, { 'x-crc-signature': sign(hostile) })).status, 400);
    assert.equal(signed.stats.crcAnswered, 1);
  } finally {
    await signed.close();
  }
});

test('eventKey: the documented id fields', BOUND, () => {
  assert.equal(eventKey({ event_id: 'x', id: 'y' }), 'event_id:x');
  assert.equal(eventKey({ id: 'y' }), 'id:y');
  assert.equal(eventKey({ id: 7 }), 'id:7');
  assert.equal(eventKey({ id: 2 ** 60 }), null, 'rounded by JSON.parse: not an id');
  assert.equal(eventKey({ event_id: '', id: 'y' }), 'id:y');
  assert.equal(eventKey({ id: 'x'.repeat(257) }), null);
  assert.equal(eventKey({ id: { nested: 1 } }), null);
  assert.equal(eventKey([{ id: 'x' }]), null);
  assert.equal(eventKey('x'), null);
  assert.equal(eventKey(null), null);
});

test('createReceiver refuses to run without a secret', BOUND, () => {
  for (const consumerSecret of [undefined, '', 42]) {
    assert.throws(() => createReceiver({ consumerSecret }), TypeError);
  }
  assert.throws(() => createReceiver(), TypeError);
});

test('logs hold neither the secret, nor a body, a token or a signature', BOUND, () => {
  assert.ok(logs.length > 20);
  const forbidden = [CRC_SECRET, CRC_TOKEN, CRC_EXPECTED.slice(7), 'pay attacker', 'crc_token='];
  for (const body of sentBodies) if (body.length >= 8) forbidden.push(body.slice(0, 64));
  for (const line of logs) for (const f of forbidden) assert.ok(!line.includes(f), `log leaked: ${line}`);
});

test('logs: no path but the served one, no query, no token, whatever the answer (404, 400, 403, 431, CRC 200)', BOUND, async () => {
  const lines = [];
  const r = createReceiver({ consumerSecret: CRC_SECRET, crcSignatureHeader: 'x-crc-signature', log: (...args) => lines.push(JSON.stringify(args)) });
  const { url } = await r.listen(0, '127.0.0.1');
  // Inside the CRC token shape, so that the 200 answer signs it.
  const token = 'LogMarker7f3a9LogMarker7f3a9';
  const q = `crc_token=${token}`;
  const get = (target, extra = []) => rawHttp(url, `GET ${target} HTTP/1.1`, ['host: receiver', 'connection: close', ...extra]);
  const checkLogs = (count) => {
    assert.equal(lines.length, count, 'one line per request');
    for (const line of lines) {
      for (const f of [token, '7f3a9', 'crc_token=', '%3F', '%3f', ';', '#']) assert.ok(!line.includes(f), `log leaked: ${line}`);
    }
    for (const line of lines) {
      const [level, message, fields] = JSON.parse(line);
      assert.deepEqual([level, message], ['info', 'request']);
      assert.deepEqual(Object.keys(fields).filter((k) => !['method', 'path', 'status', 'reason'].includes(k)), [], line);
      assert.ok(fields.path === undefined || fields.path === '/webhook', line);
    }
  };
  try {
    const cases = [
      [`/other?${q}`, 404],
      [`/webhook%3F${q}`, 404],
      [`/webhook%3f${q}`, 404],
      [`/webhook;${q}`, 404],
      [`/webhook/${token}`, 404],
      [`/${token}`, 404],
      [`/webhook#${q}`, 404],
      [`http://receiver/other?${q}`, 404],
      [`/webhook?${q}&${q}`, 400],
      [`/webhook?${q}%7B%7D`, 400, [`x-crc-signature: ${sign(`${q}%7B%7D`)}`]],
      [`/webhook?${q}`, UNVERIFIED_STATUS],
      [`/webhook?${q}`, 200, [`x-crc-signature: ${sign(q)}`]],
    ];
    for (const [target, status, extra] of cases) {
      const res = await get(target, extra);
      assert.equal(res.status, status, target);
      // An encoded '?' or a ';' is part of the path: never a CRC.
      if (status !== 200) assert.ok(!res.text.includes('sha256='), target);
    }
    assert.ok(lines.some((l) => l.includes('"path":"/webhook"') && l.includes('"status":200')));
    checkLogs(cases.length);
    // Over the header limit, wherever the token is.
    assert.equal((await get(`/webhook?${q}`, filler(99))).status, 431);
    assert.equal((await get(`/other%3F${q}`, [...filler(99), `x-crc-signature: ${sign(q)}`])).status, 431);
    checkLogs(cases.length + 2);
  } finally {
    await r.close();
  }
});

test('createReceiver refuses a bad limit or header name', BOUND, () => {
  const consumerSecret = CRC_SECRET;
  for (const maxHeaders of [0, -1, 1.5, '100', Infinity]) assert.throws(() => createReceiver({ consumerSecret, maxHeaders }), TypeError);
  for (const name of ['', 'x sig', 'x-sig:', 'x-sig\r\n', 'sign\u00e9', 7]) {
    assert.throws(() => createReceiver({ consumerSecret, headerName: name }), TypeError);
    assert.throws(() => createReceiver({ consumerSecret, crcSignatureHeader: name }), TypeError);
  }
});

/** Runs server.mjs as a process; resolves {code, stdout, stderr} at exit (killed at the deadline). */
function runServer(env, whileRunning) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server.mjs did not finish in time; stderr: ${stderr}`));
    }, 15_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m && !started) {
        started = true;
        Promise.resolve(whileRunning?.(m[1]))
          .catch((e) => reject(e))
          .finally(() => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test('server.mjs: refuses to start without CONSUMER_SECRET; serves on PORT=0 from the environment', BOUND, async () => {
  const env = { PATH: process.env.PATH };
  const refused = await runServer({ ...env });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /CONSUMER_SECRET is not set/);
  const badPort = await runServer({ ...env, CONSUMER_SECRET: CRC_SECRET, PORT: 'eighty' });
  assert.equal(badPort.code, 1);
  assert.match(badPort.stderr, /PORT must be/);

  const body = '{"event_id":"cli-1","secret_text":"body-marker-xyz"}';
  let url;
  const ran = await runServer({ ...env, CONSUMER_SECRET: CRC_SECRET, PORT: '0' }, async (u) => {
    url = u;
    const c = await fetch(`${u}?crc_token=${CRC_TOKEN}`, { signal: AbortSignal.timeout(DEADLINE_MS) });
    assert.equal(c.status, 200);
    assert.deepEqual(await c.json(), { response_token: CRC_EXPECTED });
    const e = await fetch(u, { method: 'POST', body, headers: { [HEADER]: sign(body) }, signal: AbortSignal.timeout(DEADLINE_MS) });
    assert.equal(e.status, 200);
    const bad = await fetch(u, { method: 'POST', body, signal: AbortSignal.timeout(DEADLINE_MS) });
    assert.equal(bad.status, UNVERIFIED_STATUS);
  });
  assert.equal(ran.code, 0, ran.stderr);
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
  const output = ran.stdout + ran.stderr;
  for (const f of [CRC_SECRET, CRC_TOKEN, 'body-marker-xyz', CRC_EXPECTED.slice(7), sign(body).slice(7)]) {
    assert.ok(!output.includes(f), 'the process output leaked a secret, token, signature or body');
  }
  assert.match(ran.stderr, /"status":200/);
});
