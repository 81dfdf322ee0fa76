// The object path of `validate`: a plain value crosses into wasm as a tape (pkg/lib/tape.js,
// src/json/tape.rs), and must give exactly what its JSON text gives. Checked three ways:
// - every payload of the shared vectors: the raw tape call returns the very string the raw text
//   call returns for JSON.stringify of it (and the tape is really taken, not refused);
// - values where JSON.stringify has something to say (toJSON, undefined, holes, NaN, -0, big
//   integers, lone surrogates, prototypes, getters, cycles, depth): the public call on the value
//   and on its JSON text agree, result or error, code and message;
// - the walk gives up where it must, and the module stays usable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { validate, PreflightError } from '../../pkg/node.js';
import { tapeOf } from '../../pkg/lib/tape.js';
import { envelopeOf } from './vector-cases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const raw = createRequire(import.meta.url)('../../pkg/wasm/preflight.cjs');
const UTF8 = new TextEncoder();

/** The raw tape call as an envelope (vector-cases.mjs); null without a tape, undefined when the engine refused it. */
const rawTape = (kind, value, options = '') => {
  const t = tapeOf(value);
  if (t === null) return null;
  let refused = false;
  const out = envelopeOf(() => raw.validateTape(kind, t, options) || ((refused = true), '""'));
  return refused ? undefined : out;
};
const rawText = (kind, value, options = '') => envelopeOf(() => raw.validateJson(kind, UTF8.encode(JSON.stringify(value)), options));

/** What a public call gives: {ok: report} or {error: {name, code, message}}. */
const outcome = (fn) => {
  try {
    return { ok: fn() };
  } catch (e) {
    return { error: { name: e?.name, code: e?.code, message: e?.message } };
  }
};

test('every vector payload: the tape is taken and gives the text path\'s output byte for byte', () => {
  const dir = path.join(root, 'tests/vectors');
  let taken = 0;
  const refused = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const c of JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) {
      if (!('payload' in c) || typeof c.payload === 'string') continue;
      const options = c.options == null ? '' : JSON.stringify(c.options);
      const viaTape = rawTape(c.kind, c.payload, options);
      const viaText = rawText(c.kind, c.payload, options);
      if (viaTape == null) {
        refused.push([`${file}: ${c.name}`, c.payload]);
        continue;
      }
      assert.equal(viaTape, viaText, `${file}: ${c.name}`);
      taken++;
    }
  }
  assert.ok(taken > 900, `only ${taken} vector payloads went by tape`);
  // The only payloads a tape may not carry are those holding an integer beyond 2^53.
  const bigInteger = (v) =>
    typeof v === 'number'
      ? Number.isInteger(v) && Math.abs(v) > 2 ** 53
      : v !== null && typeof v === 'object' && Object.values(v).some(bigInteger);
  for (const [name, payload] of refused) assert.ok(bigInteger(payload), `refused: ${name}`);
});

test('JSON.stringify semantics: the value and its JSON text give the same result', () => {
  const poll = { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' };
  class Box {
    constructor() {
      this.name = 'boxed';
    }
  }
  const nullProto = Object.assign(Object.create(null), poll);
  const cases = {
    'undefined, function and symbol members are left out': { ...poll, a: undefined, b: () => 1, c: Symbol('s') },
    'undefined, function and symbol items are null': { ...poll, extra: [undefined, () => 1, Symbol('s'), 1] },
    'holes are null': { ...poll, extra: [, 1, , 2] }, // eslint-disable-line no-sparse-arrays
    'NaN and Infinity are null': { ...poll, duration_in_minutes: NaN, extra: [Infinity, -Infinity] },
    '-0 is 0': { ...poll, duration_in_minutes: -0 },
    '2^53 is an integer': { ...poll, duration_in_minutes: 2 ** 53 },
    'beyond 2^53 the digits decide': { ...poll, duration_in_minutes: 2 ** 53 + 2, extra: [1e21, 2 ** 64] },
    'fractions': { ...poll, duration_in_minutes: 60.5, extra: [0.1 + 0.2, 1e-7, 5e-324, -1.5e300] },
    'toJSON (Date) is called': { ...poll, extra: new Date(0) },
    'toJSON on a plain object is called': { ...poll, extra: { toJSON: () => ({ x: 1 }) } },
    'a class instance inside': { ...poll, extra: new Box() },
    'boxed primitives': { ...poll, name: new String('boxed'), duration_in_minutes: new Number(60), extra: new Boolean(false) },
    'an object without a prototype': nullProto,
    'extra array properties are not serialized': { ...poll, extra: Object.assign([1, 2], { x: 3 }) },
    'integer-like names come first': { b: 1, 2: 'two', 1: 'one', a: 2, ...poll },
    'non-ASCII text and names': { ...poll, name: 'Umfrage über 😀', ünïcödé: 'ß', 'e\u0301': 'NFD' },
    'control characters': { ...poll, name: 'a\u0000b\u001f\n"\\' },
    'a lone surrogate in a value': { ...poll, name: 'x\ud800' },
    'a lone surrogate in a name': { ...poll, ['\udc00']: 1 },
    'two lone halves side by side in values': { ...poll, first_choice: '\ud83d', second_choice: '\ude00' },
    'two lone halves across a name and a value': { ...poll, extra: { '\ud83d': '\ude00' } },
    'a reversed pair': { ...poll, name: '\ude00\ud83d' },
    'an empty string name': { ...poll, '': 1 },
    'top-level array': [poll, poll],
    'top-level string value through an array': ['x'],
    'top-level number': 5,
    'top-level null': null,
    'top-level boolean': true,
    // What a prototype says is not what JSON.stringify goes by (internal slots).
    'an array whose prototype is Object.prototype': { products: Object.setPrototypeOf([{ id: 'a' }], Object.prototype) },
    'an array without a prototype, at the top': Object.setPrototypeOf([1], null),
    'a boxed boolean with the prototype of a plain object': { ...poll, name: Object.setPrototypeOf(new Boolean(true), Object.prototype) },
    'a boxed string with the prototype of a plain object': { ...poll, name: Object.setPrototypeOf(new String('ab'), Object.prototype) },
    'deep, within the limit': (() => {
      let v = 1;
      for (let i = 0; i < 127; i++) v = [v];
      return { ...poll, extra: v };
    })(),
    'deep, beyond the limit': (() => {
      let v = 1;
      for (let i = 0; i < 200; i++) v = [v];
      return { ...poll, extra: v };
    })(),
  };
  for (const [name, value] of Object.entries(cases)) {
    for (const kind of ['poll_card', 'product_batch']) {
      let text;
      try {
        text = JSON.stringify(value);
      } catch {
        continue;
      }
      const a = outcome(() => validate(kind, value));
      const b = outcome(() => validate(kind, text));
      assert.deepEqual(a, b, `${name} (${kind})`);
    }
  }
  // A class instance as the payload itself is refused (tests/node/payload-types.test.mjs).
  assert.equal(outcome(() => validate('poll_card', new Box())).error?.code, 'invalid_json');
});

test('the walk gives up where JSON.stringify must decide', () => {
  const plain = { a: [1, 'x', null, true, { b: 2.5 }] };
  assert.notEqual(tapeOf(plain), null);
  assert.notEqual(tapeOf(Object.assign(Object.create(null), plain)), null);
  for (const [name, v] of [
    ['a Date', { a: new Date(0) }],
    ['toJSON', { toJSON: () => 1 }],
    ['a class instance', { a: new (class {})() }],
    ['a Map', { a: new Map() }],
    ['a typed array', { a: new Uint8Array(2) }],
    ['a boxed string', { a: new String('x') }],
    ['a BigInt', { a: 1n }],
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a lone surrogate', { a: '\ud800' }],
    // Past what a 64 MiB JSON text can hold: given up at once, not walked into memory first.
    ['a sparse array longer than any text the engine reads', { a: new Array(2 ** 25 + 1) }],
    ['a string longer than any text the engine reads', { a: 'x'.repeat(64 * 1024 * 1024 + 1) }],
  ]) {
    assert.equal(tapeOf(v), null, name);
  }
  const cyclic = { a: 1 };
  cyclic.self = cyclic;
  assert.equal(tapeOf(cyclic), null, 'a cycle');
});

test('errors: the same code and message as the text path, and the module still works', () => {
  const poll = { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' };
  const cyclic = { ...poll };
  cyclic.self = cyclic;
  const throwing = { ...poll };
  Object.defineProperty(throwing, 'boom', { enumerable: true, get: () => { throw new Error('getter failed'); } });
  for (const [name, value, code] of [
    ['a cycle', cyclic, 'invalid_json'],
    ['a BigInt', { ...poll, extra: 10n }, 'invalid_json'],
    ['a getter that throws', throwing, 'invalid_json'],
    ['a lone surrogate', { ...poll, name: '\ud800' }, 'invalid_json'],
    ['undefined', undefined, 'invalid_json'],
  ]) {
    const got = outcome(() => validate('poll_card', value));
    assert.equal(got.error?.code, code, `${name}: ${JSON.stringify(got)}`);
    assert.equal(got.error?.name, 'PreflightError', name);
    assert.deepEqual(validate('poll_card', poll), { valid: true, issues: [] }, `usable after ${name}`);
  }
  // Boxed values whose prototype was replaced: JSON.stringify fails on them by their slots.
  for (const [name, value] of [
    ['a boxed number without a prototype', { ...poll, name: Object.setPrototypeOf(new Number(5), null) }],
    ['a boxed BigInt with the prototype of a plain object', { ...poll, name: Object.setPrototypeOf(Object(5n), Object.prototype) }],
  ]) {
    const got = outcome(() => validate('poll_card', value));
    assert.equal(got.error?.code, 'invalid_json', `${name}: ${JSON.stringify(got)}`);
  }
  // Options are checked after the payload, as on the text path.
  const bad = outcome(() => validate('poll_card', poll, { context: 5 }));
  assert.deepEqual(bad, outcome(() => validate('poll_card', JSON.stringify(poll), { context: 5 })));
  assert.equal(bad.error.code, 'bad_options');
  assert.ok(new PreflightError('x', 'y') instanceof Error);
});

test('options that validate something else while the tape is held change nothing', () => {
  const poll = { name: 'pp', duration_in_minutes: 4, first_choice: 'a', second_choice: 'b' };
  const other = { name: 'qq', duration_in_minutes: 9, first_choice: 'c', second_choice: 'd' };
  const expected = validate('poll_card', JSON.stringify(poll));
  assert.equal(expected.valid, false);
  let inner = null;
  const viaToJSON = { toJSON: () => ((inner = validate('poll_card', other)), {}) };
  assert.deepEqual(validate('poll_card', poll, viaToJSON), expected);
  assert.deepEqual(inner, { valid: true, issues: [] });
  inner = null;
  const viaGetter = {
    get context() {
      inner = validate('poll_card', other);
      return {};
    },
  };
  assert.deepEqual(validate('poll_card', poll, viaGetter), expected);
  assert.deepEqual(inner, { valid: true, issues: [] });
});

test('over the size limit, the size is the error whatever the kind and options, as on the text path', () => {
  // Fits the walk's bounds, but its JSON text (each character escaped as \u0001) passes 64 MiB.
  const big = { name: '\u0001'.repeat(11_300_000) };
  const text = JSON.stringify(big);
  for (const [kind, options] of [['nope', undefined], ['poll_card', { nope: 1 }], ['poll_card', 5]]) {
    const a = outcome(() => validate(kind, big, options));
    const b = outcome(() => validate(kind, text, options));
    assert.deepEqual(a, b, `${kind} ${JSON.stringify(options)}`);
    assert.equal(a.error?.code, 'input_too_large');
  }
});

test('a getter on the payload Object.prototype or a re-entrant call changes nothing', () => {
  const poll = { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' };
  // Enumerable members inherited from Object.prototype: JSON.stringify ignores them, for-in
  // would not, so the walk gives up while they exist.
  Object.prototype.polluted = 'x'; // eslint-disable-line no-extend-native
  try {
    assert.equal(tapeOf(poll), null);
    assert.deepEqual(validate('poll_card', poll), validate('poll_card', JSON.stringify(poll)));
  } finally {
    delete Object.prototype.polluted;
  }
  assert.notEqual(tapeOf(poll), null);
  // A getter that validates something else while the payload is being walked.
  let inner = null;
  const outer = { ...poll };
  Object.defineProperty(outer, 'extra', {
    enumerable: true,
    get: () => {
      inner = validate('poll_card', { ...poll, duration_in_minutes: 1 });
      return 1;
    },
  });
  const a = validate('poll_card', outer);
  assert.deepEqual(a, validate('poll_card', JSON.stringify({ ...poll, extra: 1 })));
  assert.equal(inner.valid, false);
  assert.equal(inner.issues[0].path, '/duration_in_minutes');
});
