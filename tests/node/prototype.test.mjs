// A polluted Object.prototype changes nothing: every option object and request object of every
// export is read through its own members only (lib/core.js `own`). For each option name of each
// export (the lists beside the code, checked here against the .d.ts types, so that a new option
// cannot be missed), the test first shows that the value changes the outcome when given as the
// caller's own member (so the check can fail), then sets it on Object.prototype and checks that
// the outcome without it is the unpolluted one. The prototype is cleaned after every check.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from '../../pkg/node.js';
import * as hashOnly from '../../pkg/hash.js';
import { HASH_KEYS } from '../../pkg/lib/audience.js';
import { BODY_KEYS } from '../../pkg/lib/bodies.js';
import { CRC_OPTION_KEYS, VERIFY_OPTION_KEYS, OAUTH1_FIELDS } from '../../pkg/lib/signing.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

/** The member names of `interface name {...}` (and of its `extends` parents) in a .d.ts text. */
function members(dts, name) {
  const m = new RegExp(`export interface ${name}(?: extends (\\w+))? \\{([\\s\\S]*?)\\n\\}`).exec(dts);
  assert.ok(m, `interface ${name} not found`);
  const own = [...m[2].matchAll(/^ {2}(\w+)\??:/gm)].map((x) => x[1]);
  return [...new Set([...(m[1] ? members(dts, m[1]) : []), ...own])];
}

const audienceDts = read('pkg/types/audience.d.ts');
const signingDts = read('pkg/types/signing.d.ts');
const indexDts = read('pkg/index.d.ts');

const RECORD_VALUES = [
  ['email', 'polluter@example.com'],
  ['phone_number', '+1 212 555 0100'],
  ['handle', '@polluter'],
  ['device_id', '38400000-8cf0-11bd-b23e-10b96e40000d'],
  ['service_id', '12345'],
  ['partner_user_id', 'polluter'],
];

/** The options of validate beside context, with values that change the report of `clockPayload`. */
const VALIDATE_VALUES = [
  ['now', '2000-01-01T00:00:00Z'],
  ['max_issues', 0],
];

const CONTEXT_VALUES = [
  ['objective', 'ENGAGEMENTS'],
  ['placements', ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK']],
  ['budget_optimization', 'LINE_ITEM'],
  ['current', { bid_amount_local_micro: 1000000 }],
  ['media_types', { '13_1153584529292270722': 'VIDEO' }],
  ['authenticated_user_id', '756201191646691328'],
];

test('the option lists beside the code are the members of the .d.ts option types', () => {
  const sorted = (a) => [...a].sort();
  assert.deepEqual(sorted(HASH_KEYS), sorted(members(audienceDts, 'HashOptions')));
  assert.deepEqual(sorted(BODY_KEYS), sorted(members(audienceDts, 'AudienceBodyOptions')));
  assert.deepEqual(sorted(CRC_OPTION_KEYS), sorted(members(signingDts, 'CrcTokenOptions')));
  assert.deepEqual(sorted(VERIFY_OPTION_KEYS), sorted(members(signingDts, 'VerifyOptions')));
  const oauth = new Set();
  for (const i of ['Oauth1PlainRequest', 'Oauth1RequestTokenRequest', 'Oauth1AuthorizeRequest', 'Oauth1AccessTokenRequest', 'Oauth1InvalidateTokenRequest']) {
    for (const k of members(signingDts, i)) oauth.add(k);
  }
  assert.deepEqual(sorted(OAUTH1_FIELDS), sorted(oauth));
  assert.deepEqual(sorted(members(indexDts, 'ValidateOptions')), sorted(['context', ...VALIDATE_VALUES.map(([k]) => k)]));
  assert.deepEqual(sorted(CONTEXT_VALUES.map(([k]) => k)), sorted([...indexDts.matchAll(/^ {4}(\w+)\?:/gm)].map((x) => x[1])));
  assert.deepEqual(sorted(RECORD_VALUES.map(([k]) => k)), sorted(/export type IdType =([^;]*);/.exec(audienceDts)[1].match(/\w+/g)));
});

/** A call's outcome as comparable text: its result, or its error's name and code. */
function outcome(fn) {
  try {
    return JSON.stringify({ ok: fn() });
  } catch (e) {
    return JSON.stringify({ error: e?.name, code: e?.code });
  }
}

/** Runs `fn` with Object.prototype[name] = value (enumerable, as an assignment makes it). */
function polluted(name, value, fn) {
  assert.ok(!Object.prototype.hasOwnProperty.call(Object.prototype, name), `Object.prototype.${name} exists`);
  Object.prototype[name] = value;
  try {
    return fn();
  } finally {
    delete Object.prototype[name];
  }
}

/**
 * The check of one option: `probe(options)` returns the outcomes of some calls with that options
 * argument. Given as an own member the value must change them; on the prototype it must not.
 */
function check(name, value, probe, bases = [undefined, {}]) {
  const clean = bases.map((b) => probe(b === undefined ? undefined : { ...b }));
  const withOwn = bases.map((b) => probe({ ...b, [name]: value }));
  assert.notDeepEqual(withOwn, clean, `${name}: the value changes nothing even as an own member`);
  const after = polluted(name, value, () => bases.map((b) => probe(b === undefined ? undefined : { ...b })));
  assert.deepEqual(after, clean, `${name} on Object.prototype changed the outcome`);
}

const HASH_VALUES = [
  ['phoneFormat', 'digits'],
  ['defaultCountryCode', '44'],
  ['prehashed', true],
];
const PHONE = ['020 7946 0958', '+44 20 7946 0958'];
const DIGEST = 'AB'.repeat(32);

for (const [entry, mod] of [['preflight-wasm', api], ['preflight-wasm/hash', hashOnly]]) {
  test(`${entry}: every hash option on Object.prototype changes nothing, in every hash function`, () => {
    const probe = (o) => [
      ...PHONE.map((v) => outcome(() => mod.normalizeIdentifier('phone_number', v, o))),
      ...PHONE.map((v) => outcome(() => mod.hashIdentifier('phone_number', v, o))),
      outcome(() => mod.hashIdentifier('email', DIGEST, o)),
      outcome(() => mod.hashIdentifiers('phone_number', PHONE, o)),
      outcome(() => mod.hashIdentifiers('email', [DIGEST], o)),
      outcome(() => mod.hashLines('phone_number', PHONE.join('\n'), o)),
      outcome(() => mod.hashLines('email', DIGEST, o)),
      outcome(() => {
        const h = mod.createLineHasher('phone_number', o);
        return [h.push(`${PHONE[0]}\n`), h.finish()];
      }),
      outcome(() => {
        const h = mod.createLineHasher('email', o);
        return [h.push(DIGEST), h.finish()];
      }),
    ];
    for (const [name, value] of HASH_VALUES) check(name, value, probe);
  });
}

const RECORDS = [{ email: 'A@x.com' }, { phone_number: '+1 617 555 1212' }];
const BODY_VALUES = [
  ...HASH_VALUES,
  ['operation', 'Delete'],
  ['effectiveAt', '2030-01-01T00:00:00Z'],
  ['expiresAt', '2031-01-01T00:00:00Z'],
  ['now', 'not a date'],
  ['maxUsersPerBody', 1],
  ['maxBodyBytes', 1],
];

test('buildAudienceBodies: every option and every record field on Object.prototype changes nothing', () => {
  const probe = (o) => [
    outcome(() => api.buildAudienceBodies('custom_audience_users', RECORDS, o)),
    outcome(() => api.buildAudienceBodies('custom_audience_users', [{ phone_number: '020 7946 0958' }, { email: DIGEST }], o)),
    outcome(() => api.buildAudienceBodies('do_not_reach_users', RECORDS, o)),
    outcome(() => api.buildAudienceBodies('custom_audience_users', RECORDS, { operation: 'Update', ...o, expiresAt: '2035-01-01T00:00:00Z' })),
  ];
  for (const [name, value] of BODY_VALUES) {
    check(name, value, probe, name === 'operation' ? [{}] : [{ operation: 'Update' }]);
  }
  // Record fields: a record's own members only.
  const records = (extra) => [{ phone_number: '+1 617 555 1212', ...extra }, { ...extra }];
  for (const [name, value] of RECORD_VALUES) {
    const probeRecords = (extra) => outcome(() => api.buildAudienceBodies('custom_audience_users', records(extra), { operation: 'Update' }));
    const clean = probeRecords({});
    assert.notEqual(probeRecords({ [name]: value }), clean, `record field ${name} changes nothing even as an own member`);
    assert.equal(polluted(name, value, () => probeRecords({})), clean, `record field ${name} on Object.prototype changed the bodies`);
  }
});

const SECRET = 'prototype-secret';
const CRC_TOKENS = ['{"event_id":"x1"}', 'abcdefghijklmnopqrstuvwx', 'abcdef', 'a'.repeat(200)];

test('crcResponseToken, crcResponse: no CRC policy member on Object.prototype switches the guard', () => {
  const probe = (o) => CRC_TOKENS.flatMap((t) => [outcome(() => api.crcResponseToken(SECRET, t, o)), outcome(() => api.crcResponse(SECRET, t, o))]);
  for (const [name, value] of [['minLength', 1], ['maxLength', 300], ['extraChars', '{}":,']]) check(name, value, probe);
  // The exact attack: both together sign a JSON body.
  Object.prototype.minLength = 1;
  Object.prototype.extraChars = '{}":,';
  try {
    assert.throws(() => api.crcResponseToken(SECRET, '{"event":"x"}'), (e) => e.code === 'crc_token_shape');
  } finally {
    delete Object.prototype.minLength;
    delete Object.prototype.extraChars;
  }
});

test('verifySignature, verifyCrcRequest: headerName on Object.prototype changes nothing', async () => {
  const { createHmac } = await import('node:crypto');
  const body = '{"event_id":"1"}';
  const query = 'crc_token=abcdefghijklmnopqrstuvwx';
  const sign = (t) => `sha256=${createHmac('sha256', SECRET).update(t).digest('base64')}`;
  const headers = { 'x-service-webhooks-signature': sign(body), 'x-other': 'sha256=AAAA' };
  const crcHeaders = { 'x-service-webhooks-signature': sign(query) };
  const probe = (o) => [
    outcome(() => api.verifySignature(SECRET, body, headers, o)),
    outcome(() => api.verifySignature(SECRET, body, new Headers(headers), o)),
    outcome(() => api.verifyCrcRequest(SECRET, query, crcHeaders, o)),
  ];
  assert.deepEqual(probe(undefined), ['{"ok":true}', '{"ok":true}', '{"ok":true}']);
  check('headerName', 'x-other', probe);
  // A headers object is read by its own keys; a forEach and get on the prototype are not its.
  const fake = (cb) => cb(sign('forged'), 'x-service-webhooks-signature');
  Object.prototype.forEach = fake;
  Object.prototype.get = () => sign('forged');
  try {
    assert.equal(api.verifySignature(SECRET, 'forged', {}), false);
    assert.equal(api.verifySignature(SECRET, body, headers), true);
  } finally {
    delete Object.prototype.forEach;
    delete Object.prototype.get;
  }
});

const OAUTH_BASE = {
  method: 'POST',
  url: 'https://api.example.com/1.1/statuses/update.json',
  consumerKey: 'ck',
  consumerSecret: 'cs',
  nonce: 'ownnonce',
  timestamp: 1700000000,
};
const OAUTH_VALUES = [
  ['method', 'GET'],
  ['url', 'https://api.example.com/other'],
  ['params', { status: 'polluted' }],
  ['consumerKey', 'other-key'],
  ['consumerSecret', 'other-secret'],
  ['token', 'polluted-token'],
  ['tokenSecret', 'polluted-token-secret'],
  ['nonce', 'fixednonce'],
  ['timestamp', 1600000000],
  ['callback', 'oob'],
  ['verifier', 'polluted-verifier'],
  ['realm', 'polluted'],
  ['step', 'request_token'],
  ['omitVersion', true],
];

test('oauth1Sign: no request member on Object.prototype changes the signature', () => {
  assert.deepEqual(OAUTH_VALUES.map(([k]) => k).sort(), [...OAUTH1_FIELDS].sort());
  for (const [name, value] of OAUTH_VALUES) {
    // The request without that member (required ones: an error either way), with a fixed nonce
    // and timestamp unless it is one of those; then the random nonce and the clock's timestamp
    // must not be the polluted value.
    const base = { ...OAUTH_BASE };
    delete base[name];
    const sign = (o) => {
      const r = api.oauth1Sign(o);
      if (name === 'nonce') return r.nonce === value ? 'polluted nonce' : 'random nonce';
      if (name === 'timestamp') return r.timestamp === value ? 'polluted timestamp' : 'clock timestamp';
      return r;
    };
    const probe = (o) => [outcome(() => sign({ ...base, ...o }))];
    check(name, value, probe, [{}]);
  }
  // The example: every call would reuse the polluted nonce.
  const nonces = polluted('nonce', 'fixed', () => [1, 2].map(() => api.oauth1Sign({ ...OAUTH_BASE, nonce: undefined }).nonce));
  assert.notEqual(nonces[0], 'fixed');
  assert.notEqual(nonces[0], nonces[1]);
});

test('validate: options.context and every context fact on Object.prototype change nothing', () => {
  // The payloads of the vectors that give each fact (tests/vectors/: their rules need it).
  const payloads = [];
  const dir = path.join(root, 'tests/vectors');
  for (const [name] of CONTEXT_VALUES) {
    const c = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
      .find((v) => v.options?.context && name in v.options.context && typeof v.payload !== 'string');
    payloads.push([c.kind, c.payload]);
  }
  const probe = (o) => payloads.flatMap(([kind, p]) => [outcome(() => api.validate(kind, p, o)), outcome(() => api.validate(kind, JSON.stringify(p), o))]);
  check('context', Object.fromEntries(CONTEXT_VALUES), probe);
  for (const [name, value] of CONTEXT_VALUES) {
    const inContext = (o) => probe(o === undefined ? undefined : { context: { ...o } });
    check(name, value, inContext, [{}]);
  }
});

test('validate: every other option (now, max_issues) on Object.prototype changes nothing', () => {
  // A vector whose rules read the clock and that has issues, so both options change its report.
  const dir = path.join(root, 'tests/vectors');
  const c = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
    .find((v) => v.options?.now && typeof v.payload !== 'string' && v.valid === false);
  assert.ok(c, 'a vector that pins now and is invalid');
  const probe = (o) => [outcome(() => api.validate(c.kind, c.payload, o)), outcome(() => api.validate(c.kind, JSON.stringify(c.payload), o))];
  for (const [name, value] of VALIDATE_VALUES) check(name, value, probe);
});
