// No secret and no identifier in any message, error or log, through the JavaScript API (the wasm
// build in Node). The same marked values as tests/no_leak.rs (the native library and the CLI) go
// through every failing path of every area; everything a person or a log could see is searched
// for every form of them: the report JSON (messages, params, paths) of validation, and for every
// thrown error its message, code, stack, String(), util.inspect (own and hidden properties,
// cause included) and JSON of its own properties; console output during the calls is captured
// and searched too.
//
// The rule (as natively): an output whose purpose is to carry a value may carry it (the hash of
// an accepted identifier, a partner id sent verbatim, a signed base string holding the request's
// parameters); nothing else may, and a secret never appears anywhere. Names are not values: a
// report's path names the member, and an unknown option may be named in the error (the marks go
// into values, secrets and identifiers here, never into member or option names).
//
// tests/node/signing.test.mjs and tests/node/audience.test.mjs hold narrower checks of their own
// areas; this file is the one sweep over all of them with one set of marks.
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  validate,
  kinds,
  normalizeIdentifier,
  hashIdentifier,
  hashIdentifiers,
  hashLines,
  createLineHasher,
  buildAudienceBodies,
  crcResponseToken,
  crcResponse,
  verifySignature,
  verifyCrcRequest,
  oauth1Sign,
  basicCredentials,
  PreflightError,
} from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SECRET = 'MARK_SECRET_7f3a9';
const TOKEN_SECRET = 'MARK_TOKENSECRET_7f3a9';
const TOKEN = 'MARKtoken7f3a9';
const EMAIL = 'Mark.Email.7f3a9@Example.com';
const PHONE = '+1 (555) 000-1234';
const HANDLE = '@Mark_7f3a9';
const DEVICE = '7F3A9000-AAAA-4BBB-8CCC-7F3A9DDDEEEE';
const SERVICE = '73930001234';
const PARTNER = 'partner-7f3a9-MARK';
const MARKS = [SECRET, TOKEN_SECRET, TOKEN, EMAIL, PHONE, HANDLE, DEVICE, SERVICE, PARTNER];
/** Every form that must not appear (as in tests/no_leak.rs). */
const NEEDLES = [
  ...MARKS.flatMap((m) => [m, m.toLowerCase(), m.toUpperCase()]),
  '7f3a9', '7F3A9', '5550001234', '0001234', '73930001',
];
const leaks = (text) => NEEDLES.filter((n) => text.includes(n));

/** Collects what a person or a log could see; `assertClean` fails with every leak. */
class Seen {
  texts = [];
  consoleTexts = [];

  add(what, text) {
    this.texts.push([what, String(text)]);
  }

  /** Everything a thrown value exposes. */
  error(what, e) {
    assert.ok(e instanceof PreflightError, `${what}: ${e?.name}: ${e?.message}`);
    this.add(what, [
      e.code,
      e.message,
      String(e),
      String(e.stack),
      inspect(e, { depth: 8, showHidden: true }),
      JSON.stringify(e, Object.getOwnPropertyNames(e)),
      inspect(e.cause ?? null, { depth: 8, showHidden: true }),
    ].join('\n'));
  }

  /** Runs `fn`; a throw is collected, a result is returned. Console output is captured. */
  call(what, fn) {
    const saved = {};
    for (const k of ['log', 'info', 'warn', 'error', 'debug']) {
      saved[k] = console[k];
      console[k] = (...args) => this.consoleTexts.push([what, args.map((a) => inspect(a)).join(' ')]);
    }
    try {
      return fn();
    } catch (e) {
      this.error(what, e);
      return undefined;
    } finally {
      Object.assign(console, saved);
    }
  }

  assertClean(atLeast) {
    assert.ok(this.texts.length >= atLeast, `only ${this.texts.length} texts`);
    const bad = [];
    for (const [what, text] of [...this.texts, ...this.consoleTexts]) {
      const found = leaks(text);
      if (found.length) bad.push(`${what}: ${JSON.stringify(found)} in ${text.slice(0, 400)}`);
    }
    assert.equal(bad.length, 0, `${bad.length} leaks:\n${bad.slice(0, 20).join('\n')}`);
  }
}

const markStrings = (v, f) =>
  typeof v === 'string'
    ? f(v)
    : Array.isArray(v)
      ? v.map((x) => markStrings(x, f))
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, markStrings(x, f)]))
        : v;

test('validation: no report or error carries a marked value', () => {
  const seen = new Seen();
  const run = (what, kind, payload, options) => {
    const r = seen.call(what, () => validate(kind, payload, options));
    if (r !== undefined) seen.add(what, JSON.stringify(r));
  };
  const long = (m) => m.repeat(40);
  const payloads = [
    ['product', {
      id: long(SECRET), title: long(EMAIL), description: `<b>${EMAIL}</b>`, availability: SECRET, condition: TOKEN,
      price: `${PHONE} USD`, sale_price: `1 ${SERVICE}`, link: `http://x.example/${EMAIL}`, image_link: `not a url ${SECRET}`,
      gtin: SERVICE, color: `#ABCDEF ${SECRET}`, additional_image_link: `https://a.example/x,,${EMAIL}`,
      sale_price_effective_date: `${SECRET}/${EMAIL}`, inventory: SECRET, gender: EMAIL, age_group: PHONE, mpn: long(DEVICE),
    }],
    ['product_batch', { products: [{ id: SECRET }, { id: SECRET }, { id: EMAIL }, { id: EMAIL }] }],
    ['card', { name: long(EMAIL), components: [{ type: SECRET, media_key: EMAIL }, { type: 'DETAILS', title: long(PHONE), destination: { type: 'WEBSITE', url: `javascript:${SECRET}` } }] }],
    ['poll_card', { name: long(SECRET), duration_in_minutes: `${SERVICE}x`, first_choice: long(EMAIL), second_choice: PHONE, third_choice: long(HANDLE) }],
    ['webhook_create', { url: `http://${SECRET}.example.com/${EMAIL}` }],
    ['webhook_create', { url: `https://10.0.0.1/${SECRET}?e=${EMAIL}` }],
    ['webhook_id', { webhook_id: SECRET }],
    ['activity_subscription', { event_type: SECRET, filter: { user_id: EMAIL, direction: PHONE } }],
    ['custom_audience_users', [{ operation_type: SECRET, params: { users: [{ email: [EMAIL], phone_number: [PHONE], handle: [HANDLE], device_id: [DEVICE], service_id: [SERVICE], partner_user_id: [''] }, { email: EMAIL }], effective_at: SECRET, expires_at: EMAIL } }]],
    ['do_not_reach_users', [{ operation_type: 'Update', params: { users: [{ email: [EMAIL], phone_number: [PHONE] }], expires_at: PHONE } }]],
    ['line_item_update', { name: long(EMAIL), entity_status: SECRET }],
  ];
  for (const [kind, p] of payloads) {
    run(kind, kind, p);
    run(`${kind} (text)`, kind, JSON.stringify(p));
  }
  // Every vector payload of every kind, every string marked.
  const dir = path.join(root, 'tests/vectors');
  const marks = [() => SECRET, (s) => `${s}${EMAIL}`, (s) => `${PHONE} ${s} ${SERVICE}`];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const c of JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) {
      if (!('payload' in c) || !kinds().includes(c.kind)) continue;
      for (const m of marks) run(`${file}: ${c.name}`, c.kind, markStrings(c.payload, m));
    }
  }
  // Wrong calls holding marks: text that is not JSON, lone surrogates, options, kind names.
  for (const text of [`{"name":"${SECRET}`, `{"name":"${EMAIL}",}`, `{"name":"${SECRET}\ud800"}`, `{"n":${SERVICE}e999}`, `[${'['.repeat(200)}"${SECRET}"`]) {
    run('not JSON', 'poll_card', text);
  }
  run('lone surrogate value', 'poll_card', { name: `${EMAIL}\ud800` });
  run('bigint', 'poll_card', { name: EMAIL, n: 10n });
  const cyclic = { name: SECRET };
  cyclic.self = cyclic;
  run('cyclic', 'poll_card', cyclic);
  run('toJSON throws', 'poll_card', { toJSON() { throw new Error('x'); } });
  for (const options of [
    { context: { objective: SECRET } },
    { context: { placements: [EMAIL] } },
    { context: { budget_optimization: PHONE } },
    { context: { current: { name: SECRET, x: EMAIL } } },
    { context: { objective: { x: SECRET } } },
    { context: [SECRET] },
    { context: { current: { n: 10n, s: SECRET } } },
  ]) {
    run('options', 'line_item_update', {}, options);
  }
  run('kind', SECRET, {});
  run('kind', { kind: SECRET }, {});
  seen.assertClean(1000);
});

test('audience identifiers: no error or rejection carries a marked value', () => {
  const seen = new Seen();
  const TYPES = ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id'];
  const bad = [
    `${EMAIL}@${EMAIL}`, `${EMAIL} ${SECRET}`, `${PHONE} x12 ${SERVICE}`, `${HANDLE} ${SECRET}`, `${DEVICE}-${SERVICE}`,
    `${SERVICE}${SECRET}`, `${SECRET}${'0'.repeat(70_000)}`, `${EMAIL}\ud800`, '', `\u00a0${EMAIL}\u3000x`,
  ];
  const optionSets = [undefined, { prehashed: true }, { phoneFormat: 'digits', defaultCountryCode: '44' }, { defaultCountryCode: SECRET }, { phoneFormat: SERVICE }];
  for (const type of TYPES) {
    for (const options of optionSets) {
      for (const v of [...bad, ...MARKS, 42, null, { v: SECRET }]) {
        seen.call(`normalize ${type}`, () => normalizeIdentifier(type, v, options));
        const h = seen.call(`hash ${type}`, () => hashIdentifier(type, v, options));
        // Accepted hashed values come back as 64 hex digits, never as the value.
        if (h !== undefined && type !== 'partner_user_id' && !options?.prehashed) assert.match(h, /^[0-9a-f]{64}$/);
      }
      const many = seen.call('hashIdentifiers', () => hashIdentifiers(type, [...bad, 7, null], options));
      if (many) seen.add('hashIdentifiers errors', JSON.stringify(many.errors));
      const lines = seen.call('hashLines', () => hashLines(type, bad.join('\n'), options));
      if (lines) seen.add('hashLines errors', JSON.stringify(lines.errors));
      const h = seen.call('createLineHasher', () => createLineHasher(type, options));
      if (h) {
        seen.add('push', JSON.stringify(seen.call('push', () => h.push(`${bad.join('\n')}\n`))?.errors));
        seen.call('push bad chunk', () => h.push({ chunk: SECRET }));
        seen.add('finish', JSON.stringify(seen.call('finish', () => h.finish())?.errors));
        seen.call('after finish', () => h.push(SECRET));
      }
    }
    seen.call('unknown type', () => hashIdentifier(`${type}${SECRET}`, EMAIL));
  }
  const records = [
    { email: `${EMAIL}@` }, { phone_number: [`${PHONE}x`] }, { handle: HANDLE.repeat(3) }, { device_id: `${DEVICE}0` },
    { service_id: `${SERVICE}a` }, { partner_user_id: '' }, {}, { email: EMAIL }, { email: [EMAIL, 7] }, { email: `${EMAIL}\ud800` },
  ];
  for (const endpoint of ['custom_audience_users', 'do_not_reach_users', SECRET]) {
    for (const options of [
      { operation: 'Update', expiresAt: '2030-01-01T00:00:00Z', now: '2026-01-01T00:00:00Z' },
      { operation: 'Update', effectiveAt: SECRET },
      { operation: SECRET },
      { operation: 'Update', expiresAt: EMAIL, now: PHONE },
      { operation: 'Update', unknown: EMAIL },
    ]) {
      const out = seen.call(`bodies ${endpoint}`, () => buildAudienceBodies(endpoint, records, options));
      if (out) {
        seen.add('rejected', JSON.stringify(out.rejected));
        for (const b of out.bodies) assert.ok(leaks(b).length === 0, b.slice(0, 200));
      }
    }
    seen.call('bad record', () => buildAudienceBodies(endpoint, [{ emial: EMAIL }], { operation: 'Update' }));
    seen.call('bad record', () => buildAudienceBodies(endpoint, [EMAIL], { operation: 'Update' }));
  }
  seen.assertClean(500);
});

test('signing: no thrown value carries a secret, a token or a marked value; verification never throws on bad input', () => {
  const seen = new Seen();
  for (const token of [`${SECRET} ${TOKEN}`, `{"a":"${EMAIL}"}`, SECRET.repeat(10), 'MARK', `${TOKEN}é${TOKEN}`, '']) {
    for (const key of [SECRET, '', `${SECRET}\ud800`]) {
      seen.call('crc', () => crcResponseToken(key, token));
      seen.call('crc response', () => crcResponse(key, token));
    }
  }
  seen.call('crc policy', () => crcResponseToken(SECRET, '9b4507b3-9040-4669-9ca3-6b94edb50553', { extraChars: `${SECRET} ` }));
  seen.call('crc policy', () => crcResponseToken(SECRET, '9b4507b3-9040-4669-9ca3-6b94edb50553', { minLength: SECRET }));
  seen.call('crc policy', () => crcResponseToken(SECRET, '9b4507b3-9040-4669-9ca3-6b94edb50553', { [SECRET]: 1 }));
  const body = `{"email":"${EMAIL}","secret":"${SECRET}"}`;
  for (const header of [undefined, '', `sha256=${SECRET}`, `SHA256=${TOKEN}`, TOKEN, { 'x-service-webhooks-signature': [TOKEN, SECRET] }, { 'X-Service-Webhooks-Signature': TOKEN, 'x-service-webhooks-signature': SECRET }]) {
    for (const key of [SECRET, '', `${SECRET}\ud800`, null]) {
      const v = seen.call('verify', () => verifySignature(key, body, header));
      assert.ok(v === undefined || v === false);
      const c = seen.call('verify crc', () => verifyCrcRequest(key, `crc_token=${TOKEN}&e=${EMAIL}`, header));
      assert.ok(c === undefined || c === false);
    }
  }
  seen.call('verify bad body', () => verifySignature(SECRET, { body: SECRET }, TOKEN));
  seen.call('verify bad options', () => verifySignature(SECRET, body, TOKEN, { headerName: `${SECRET} x` }));
  seen.call('verify bad options', () => verifySignature(SECRET, body, TOKEN, { [SECRET]: TOKEN }));
  const req = {
    method: 'POST',
    url: `https://api.example.com/1.1/statuses/update.json?q=${EMAIL}`,
    consumerKey: TOKEN,
    consumerSecret: SECRET,
    token: TOKEN,
    tokenSecret: TOKEN_SECRET,
    nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
    timestamp: 1318622958,
    params: [['status', `${PHONE} ${SERVICE}`]],
  };
  const refusals = [
    { method: 'PO ST' }, { url: `ftp://example.com/?s=${SECRET}` }, { url: `https://${TOKEN}:${SECRET}@example.com/` },
    { url: `https://example.com/?oauth_token=${TOKEN}` }, { consumerKey: '' }, { consumerSecret: '' }, { token: '' },
    { nonce: `${SECRET}é` }, { nonce: `${SECRET} ${TOKEN}` }, { realm: `"${SECRET}` }, { params: [[`oauth_${SECRET}`, TOKEN_SECRET]] },
    { params: [[SECRET, 42]] }, { callback: `${SECRET} not a url`, step: 'request_token' }, { step: 'access_token' },
    { step: SECRET }, { timestamp: SECRET }, { tokenSecret: `${TOKEN_SECRET}\ud800` }, { [SECRET]: TOKEN_SECRET },
    { token: undefined, step: 'authorize', callback: 'oob' },
  ];
  for (const change of refusals) seen.call('oauth1', () => oauth1Sign({ ...req, ...change }));
  // A successful signature: its outputs and its inspection carry no secret (the base string
  // holds the key, the token and the parameters by purpose).
  const signed = oauth1Sign(req);
  const all = `${JSON.stringify(signed)} ${inspect(signed, { showHidden: true, depth: 8 })}`;
  assert.ok(!all.includes(SECRET) && !all.includes(TOKEN_SECRET));
  for (const [key, secret] of [[TOKEN, ''], ['', SECRET], [TOKEN, `${SECRET}\ud800`], [null, SECRET]]) {
    seen.call('basic', () => basicCredentials(key, secret));
  }
  seen.assertClean(60);
});
