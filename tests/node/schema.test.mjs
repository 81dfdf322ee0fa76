// jsonSchema(kind) and describe(kind) through the wasm package, against ajv (draft 2020-12, strict
// mode) and the shared vectors:
// - every kind's schema compiles under ajv's strict mode (no unknown keyword, no ignored format);
// - every vector the engine calls valid passes its kind's schema, so the schema never refuses
//   what the engine accepts; except a member the spec does not list, which the engine warns of
//   (`unknown_field`) and the schema forbids (`additionalProperties` / `unevaluatedProperties`
//   false): those vectors fail the schema, for that reason only;
// - the failures a schema can express fail it: every vector the engine refuses with a wrong type,
//   a format a pattern holds (price, https, country, currency), too few items or characters;
// - the schema refuses what it claims to express: for each described maxLength / enum / maximum
//   / format a valid payload is broken and ajv must refuse it (as the engine does:
//   tests/describe.rs);
// - describe and jsonSchema give the same bounds for every field;
// - a one-of group (brand / gtin / mpn) is one rule;
// - pkg/schemas/<kind>.schema.json (preflight-wasm/schemas/...) is jsonSchema(kind), and the
//   text `preflight schema --all --out DIR` writes, byte for byte.
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/schema.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe as describeKind, jsonSchema, kinds, validate, PreflightError } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vectorsDir = path.join(root, 'tests/vectors');
const cases = readdirSync(vectorsDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((file) => JSON.parse(readFileSync(path.join(vectorsDir, file), 'utf8')).map((c) => ({ file, ...c })));

const ajv = new Ajv2020({ strict: true, allErrors: true });
const compiled = new Map();
const schemaOf = (kind) => {
  if (!compiled.has(kind)) compiled.set(kind, ajv.compile(jsonSchema(kind)));
  return compiled.get(kind);
};

test('every kind has a schema that compiles in strict mode, and a description', () => {
  for (const kind of kinds()) {
    const schema = jsonSchema(kind);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', kind);
    assert.doesNotThrow(() => schemaOf(kind), kind);
    const d = describeKind(kind);
    assert.equal(d.kind, kind);
    assert.ok(d.fields.length > 0, `${kind}: describe lists no field`);
  }
});

test('an unknown kind is a PreflightError with code unknown_kind', () => {
  for (const f of [describeKind, jsonSchema]) {
    assert.throws(() => f('no_such_kind'), (e) => e instanceof PreflightError && e.code === 'unknown_kind');
  }
});

/** The engine's report of a vector's payload (null for a call the engine refuses). */
const reportOf = (c) => {
  try {
    return validate(c.kind, c.payload, c.options ?? undefined);
  } catch (e) {
    if (e instanceof PreflightError) return null;
    throw e;
  }
};

/** The ajv errors that only say "a member not listed" (and the `then` holding one). */
const onlyUnlisted = (errors) => errors.every((e) => ['additionalProperties', 'unevaluatedProperties', 'if'].includes(e.keyword))
  && errors.some((e) => e.keyword !== 'if');

test('every vector the engine calls valid passes its kind\'s JSON Schema, but for members not listed', () => {
  let passed = 0;
  let unlisted = 0;
  const failures = [];
  for (const c of cases.filter((c) => 'payload' in c && c.kind)) {
    const report = reportOf(c);
    if (!report?.valid) continue;
    const check = schemaOf(c.kind);
    const ok = check(c.payload);
    const warned = report.issues.some((i) => i.code === 'unknown_field');
    if (!warned) {
      if (ok) passed++;
      else failures.push(`${c.file}: ${c.name}: ${ajv.errorsText(check.errors)}`);
    } else if (ok) {
      failures.push(`${c.file}: ${c.name}: unknown_field warned, but the schema allows the member`);
    } else if (!onlyUnlisted(check.errors)) {
      failures.push(`${c.file}: ${c.name}: ${ajv.errorsText(check.errors)}`);
    } else {
      unlisted++;
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(passed > 300, `only ${passed} valid vectors passed`);
  assert.ok(unlisted > 30, `only ${unlisted} vectors with members not listed`);
});

// Engine codes that always name something a schema says (a type, a pattern, a count, a length):
// a vector refused with one of them must fail the schema.
const EXPRESSED = ['wrong_type', 'not_an_integer', 'invalid_price', 'invalid_currency', 'url_not_https',
  'invalid_country_code', 'too_few_items', 'too_short'];

test('every vector refused for a type, pattern or bound the schema expresses fails the schema', () => {
  const failures = [];
  const seen = new Set();
  for (const c of cases.filter((c) => 'payload' in c && c.kind)) {
    const report = reportOf(c);
    if (!report || report.valid) continue;
    const codes = report.issues.filter((i) => i.severity === 'error').map((i) => i.code).filter((code) => EXPRESSED.includes(code));
    if (codes.length === 0) continue;
    codes.forEach((code) => seen.add(code));
    if (schemaOf(c.kind)(c.payload)) failures.push(`${c.file}: ${c.name}: ${codes.join(', ')} passes the schema`);
  }
  assert.deepEqual(failures, []);
  assert.deepEqual([...seen].sort(), [...EXPRESSED].sort());
});

/** Sets the value at a concrete pointer of a copy of `payload`. */
const setAt = (payload, pointer, value) => {
  const copy = structuredClone(payload);
  const keys = pointer.split('/').slice(1);
  let at = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  at[keys.at(-1)] = value;
  return copy;
};

test('the schema refuses what it expresses: maxLength, enum, maximum of top-level fields', () => {
  let checked = 0;
  const failures = [];
  for (const c of cases.filter((c) => c.valid === true && 'payload' in c && !Array.isArray(c.payload))) {
    const check = schemaOf(c.kind);
    for (const f of describeKind(c.kind).fields) {
      const name = f.path.slice(1);
      if (name.includes('/') || !(name in c.payload)) continue;
      const current = c.payload[name];
      const broken = [];
      if (f.maxLength !== null && typeof current === 'string') broken.push('k'.repeat(f.maxLength + 1));
      if (f.enum !== null && typeof current === 'string') broken.push('NOT_A_DOCUMENTED_VALUE');
      if (f.maximum !== null && typeof current === 'number') broken.push(f.maximum + 1);
      for (const value of broken) {
        checked++;
        const payload = setAt(c.payload, f.path, value);
        if (check(payload)) failures.push(`${c.name}: ${f.path} = ${JSON.stringify(value).slice(0, 40)} passes the schema`);
        // The engine refuses it too (the schema never says more than the engine).
        const report = validate(c.kind, payload, c.options ?? undefined);
        if (report.valid) failures.push(`${c.name}: ${f.path} = ${JSON.stringify(value).slice(0, 40)} passes the engine`);
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} mutations checked`);
  assert.deepEqual(failures, []);
});

// One broken value per format a pattern expresses: the engine refuses each, and so must the
// schema (on every valid vector holding a member of that format, outside arrays).
const BROKEN = {
  price: ['89,99 $', '89.99 usd', '89.99 ABC', '.5 USD'],
  https_url: ['http://example.com/p', 'example.com', 'https://exa mple.com/'],
  url: ['ftp://example.com/a.png', 'example.com/a.png', 'https://example.com/a b.png'],
  url_list: ['ftp://example.com/a.png', Array(11).fill('https://example.com/a.png').join(',')],
  country_code: ['XX', 'us', 'USA'],
  iso8601: ['2026-13-01', 'yesterday', '2026-01-01T24:00:00Z'],
  iso8601_with_offset: ['2026-01-01T10:00:00', '2026-01-01'],
  iso8601_utc: ['2026-01-01T10:00:00+01:00', '2026-01-01T10:00:00'],
  iso8601_whole_hour: ['2026-01-01T10:30:00Z', '2026-01-01T10:00:00'],
  iso8601_range: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z/2026-01-02'],
  gtin: ['12345', '0123456789ABC', '4006381333931 '],
  domain: ['https://example.com', 'example.com/path', 'exa mple.com'],
  plain_text: ['<b>bold</b> words', 'a <br/> b'],
  no_hex_color: ['#ff0000', 'a1b2c3', 'red #FFF'],
  hashtag: ['no hash', '#two words', '#a#b'],
  digits: ['12a', ''],
  numeric: ['id123'],
  iab_category_list: ['IAB1,XYZ', 'IAB1,,IAB2'],
  ascii: ['nonc\u00e9', '\u0080'],
  https_url_or_oob: ['http://example.com/cb', 'OOB', 'myapp://callback', 'oob '],
  http_basic_credentials: ['Bearer YTpi', 'Basic', 'Basic YTpi=', 'YTpi'],
};

test('the schema refuses a broken value of every format its patterns express, as the engine does', () => {
  let checked = 0;
  const formats = new Set();
  const failures = [];
  for (const c of cases.filter((c) => c.valid === true && 'payload' in c && !Array.isArray(c.payload))) {
    const check = schemaOf(c.kind);
    for (const f of describeKind(c.kind).fields) {
      const name = f.path.slice(1);
      if (name.includes('/') || !(name in c.payload) || !(f.format in BROKEN)) continue;
      if (typeof c.payload[name] !== 'string') continue;
      for (const value of BROKEN[f.format]) {
        if (value === '' && f.required !== 'always') continue;
        checked++;
        formats.add(f.format);
        const payload = setAt(c.payload, f.path, value);
        if (check(payload)) failures.push(`${c.name}: ${f.path} (${f.format}) = ${JSON.stringify(value).slice(0, 50)} passes the schema`);
        const report = validate(c.kind, payload, c.options ?? undefined);
        if (report.valid) failures.push(`${c.name}: ${f.path} (${f.format}) = ${JSON.stringify(value).slice(0, 50)} passes the engine`);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 100, `only ${checked} broken values checked`);
  // Every format a top-level member of a valid vector has.
  assert.ok(formats.size >= 12, [...formats].join(' '));
});

/**
 * The subschemas that may apply at `segments` (member names, `*` for any array item): through
 * alternatives and the variants of a tagged object, not through the conditions of an object (an
 * `allOf` entry with words: "required when ...", a one-of group), which say when a member is
 * needed, not what it is.
 */
function at(schema, segments) {
  if (schema === true || schema === false || schema === undefined) return [];
  const here = [schema];
  for (const s of schema.anyOf ?? []) here.push(...at(s, []));
  for (const s of schema.allOf ?? []) if (!('$comment' in s) && !('description' in s)) here.push(...at(s, []));
  if (schema.then) here.push(...at(schema.then, []));
  if (segments.length === 0) return here;
  const [first, ...rest] = segments;
  return here.flatMap((s) => (first === '*' ? at(s.items, rest) : at(s.properties?.[first], rest)));
}

test('describe and jsonSchema give the same bounds for every field', () => {
  const failures = [];
  let compared = 0;
  for (const kind of kinds()) {
    const schema = jsonSchema(kind);
    for (const f of describeKind(kind).fields) {
      const found = at(schema, f.path.split('/').slice(1));
      if (found.length === 0) {
        failures.push(`${kind} ${f.path}: not in the schema`);
        continue;
      }
      const arrays = found.filter((s) => s.type === 'array');
      // A list's text alternative ("a,b") is the list, not a string of its own: its items are
      // compared below. A long's integer alternative has the range of its type (an id JavaScript
      // holds exactly), not a bound of the field.
      const scalars = f.type === 'list' ? [] : found.filter((s) => s.type !== 'array');
      const same = (key, among, want, what) => {
        const values = [...new Set(among.filter((s) => key in s).map((s) => s[key]))];
        compared++;
        if (JSON.stringify(values) !== JSON.stringify(want === null ? [] : [want])) {
          failures.push(`${kind} ${f.path}${what} ${key}: describe ${JSON.stringify(want)}, schema ${JSON.stringify(values)}`);
        }
      };
      for (const key of ['minLength', 'maxLength', 'minimum', 'maximum']) {
        if (f.type === 'long' && (key === 'minimum' || key === 'maximum')) {
          same(key, scalars, key === 'minimum' ? 0 : Number.MAX_SAFE_INTEGER, '');
        } else {
          same(key, scalars, f[key], '');
        }
      }
      for (const key of ['minItems', 'maxItems']) same(key, arrays, f[key], '');
      if (f.items !== null && f.type === 'list') {
        for (const key of ['minLength', 'maxLength', 'minimum', 'maximum']) same(key, arrays.map((a) => a.items), f.items[key], '/*');
      }
      const enums = scalars.filter((s) => s.type === 'string' && Array.isArray(s.enum));
      if (f.enum !== null && !enums.some((s) => JSON.stringify(s.enum) === JSON.stringify(f.enum))) {
        failures.push(`${kind} ${f.path} enum: describe ${JSON.stringify(f.enum)}, not in the schema`);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(compared > 1000, `only ${compared} bounds compared`);
});

test('product: the formats and members an editor shows, and brand / gtin / mpn as one rule', () => {
  const product = cases.find((c) => c.kind === 'product' && c.valid === true && c.issues.length === 0 && c.payload.gtin);
  assert.ok(product, 'a valid product vector with a gtin');
  const check = schemaOf('product');
  assert.ok(check(product.payload), ajv.errorsText(check.errors));
  const refused = (payload, keyword, instancePath) => {
    assert.equal(check(payload), false, JSON.stringify(payload));
    assert.ok(check.errors.some((e) => e.keyword === keyword && e.instancePath === instancePath), ajv.errorsText(check.errors));
  };
  refused({ ...product.payload, price: '89,99 $' }, 'pattern', '/price');
  refused({ ...product.payload, link: 'http://example.com/p' }, 'pattern', '/link');
  refused({ ...product.payload, colour: 'red' }, 'additionalProperties', '');
  // None of brand, gtin and mpn: one rule (one anyOf), not three "required" of their own.
  const { brand, gtin, mpn, ...none } = product.payload;
  assert.equal(check(none), false);
  const top = check.errors.filter((e) => e.instancePath === '' && !e.schemaPath.includes('/anyOf/'));
  assert.deepEqual(top.map((e) => e.keyword), ['anyOf'], ajv.errorsText(check.errors));
  const groups = jsonSchema('product').allOf.filter((s) => JSON.stringify(s).includes('"gtin"'));
  assert.equal(groups.length, 1);
  assert.deepEqual(groups[0].anyOf.map((s) => s.required), [['brand'], ['gtin'], ['mpn']]);
  assert.match(groups[0].description, /brand, gtin and mpn/);
  // An empty string counts as absent, as in the engine.
  assert.equal(check({ ...none, gtin: '' }), false);
  assert.equal(validate('product', { ...none, gtin: '' }).issues.some((i) => i.code === 'one_of_required'), true);
});

test('pkg/schemas: jsonSchema(kind) of every kind, reachable as preflight-wasm/schemas/<kind>.schema.json, and what the CLI writes', () => {
  const dir = path.join(root, 'pkg/schemas');
  const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
  assert.deepEqual(files, kinds().map((k) => `${k}.schema.json`).sort(), 'run bash scripts/build-wasm.sh');
  // Shipped: "files" of pkg/package.json has them.
  const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: path.join(root, 'pkg'), encoding: 'utf8' });
  const shipped = new Set(JSON.parse(packed)[0].files.map((f) => f.path));
  for (const f of files) assert.ok(shipped.has(`schemas/${f}`), `schemas/${f} is not in the package`);
  const require = createRequire(import.meta.url);
  for (const kind of kinds()) {
    const text = readFileSync(path.join(dir, `${kind}.schema.json`), 'utf8');
    assert.deepEqual(JSON.parse(text), jsonSchema(kind), kind);
    assert.deepEqual(require(`preflight-wasm/schemas/${kind}.schema.json`), jsonSchema(kind), kind);
  }
  // The CLI: `preflight schema --all --out DIR` writes the same bytes, and `preflight schema KIND`
  // prints them.
  const out = mkdtempSync(path.join(tmpdir(), 'preflight-schemas-'));
  try {
    const cargo = (args) => execFileSync('cargo', ['run', '-q', '-p', 'preflight-cli', '--', ...args], { cwd: root, encoding: 'utf8' });
    cargo(['schema', '--all', '--out', out]);
    assert.deepEqual(readdirSync(out).sort(), files);
    for (const f of files) assert.equal(readFileSync(path.join(out, f), 'utf8'), readFileSync(path.join(dir, f), 'utf8'), f);
    assert.equal(cargo(['schema', 'product']), readFileSync(path.join(dir, 'product.schema.json'), 'utf8'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

// Values at the edges of each format, accepted or refused by the engine's check of the member (no
// error at its path; rules across members, like a start before an end, are not the format's): the
// schema accepts every one the engine accepts (a pattern may be looser than the engine, never
// stricter), and refuses the ones marked as a pattern's to refuse.
const EDGES = {
  price: { accept: ['0 EUR', '010 USD', '9.990 JPY', '123456789012345678901234567890.5 CHF'], refuse: ['10USD', '10  USD', '-1 USD', '5. USD', '1,000.00 USD', '10 usd'] },
  https_url: {
    accept: ['HTTPS://Example.COM/a/b?c=d&e=%20#frag', 'https://user:pw@example.com/', 'https://192.168.0.1/x', 'https://[2001:db8::1]:443/',
      'https://bücher.example/straße', 'https://example.com.', 'https://example.com?q=a,b', 'https://ex_ample.com/%41'],
    refuse: ['http://example.com', 'https//example.com', 'https://', 'https://exa mple.com', 'https://example.com/a\tb', 'https://example.com/<x>'],
  },
  url: { accept: ['http://example.com:8080/p', 'HTTP://EXAMPLE.COM', 'https://example.com/#a'], refuse: ['ftp://example.com', 'example.com', 'http:/example.com'] },
  iso8601: {
    accept: ['2026-11-21', '2026-11-21T09:30', '2026-11-21t09:30:00z', '2026-11-21T09:30:00.123456789123+01:00', '2024-02-29T00:00:00,5-0530', '0001-01-01T00:00:00+23'],
    refuse: ['2026-11-21T24:00:00Z', '2026-11-21T09:60Z', '2026-11-21T09:30:60Z', '2026-11-21 09:30:00Z', '2026-1-21', '2026-11-21T09:30:00+24:00'],
  },
  iso8601_utc: { accept: ['2026-11-21T09:30Z', '2026-11-21T09:30:00Z', '2026-11-21T09:30:00-00:00', '2026-11-21T09:30:00+0000', '2026-11-21T09:30:00+00'], refuse: ['2026-11-21T09:30:00+01:00', '2026-11-21'] },
  iso8601_whole_hour: {
    accept: ['2026-11-21T09:00:00Z', '2026-11-21T09:00+01:00', '2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00.0000000001Z'],
    refuse: ['2026-11-21T09:30:00Z', '2026-11-21T09:00:01Z', '2026-11-21T09:00:00.1Z', '2026-11-21T09:00:00'],
  },
  iso8601_range: { accept: ['2026-01-01T00:00:00Z/2026-01-02T00:00:00+01:00', '2026-01-01T00:00+0100/2026-01-02T00:00:00.5Z'], refuse: ['2026-01-01/2026-01-02', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z/2026-01-02T00:00:00Z/x'] },
  country_code: { accept: ['US', 'GB', 'JP'], refuse: ['us', 'UK', 'USA', 'XX'] },
  gtin: { accept: ['4006381333931', '036000291452', '96385074', '0306406152', '080442957X'], refuse: ['4006381333931 ', '40063813339310', '080442957x'] },
  domain: { accept: ['example.com', 'bücher.example', 'ex_ample.com', 'example.com.', 'a-b.c'], refuse: ['https://example.com', 'example.com/a', 'example.com:80', 'exa mple.com', 'user@example.com'] },
  plain_text: { accept: ['a < b and c > d', 'x<1>', '< b>', '</ b>', 'a <b', '<3 >'], refuse: ['<<b>', '<b>x</b>', 'a <br/> b', '<!-- x -->', '<?xml ?>', '</p>'] },
  no_hex_color: { accept: ['red', 'navy blue 2', '#abcde', '#abcg', 'ABCDEF', '123456', 'xa1b2c3', 'a1b2c3d', '#12345'], refuse: ['#ff0000', 'a1b2c3', 'red #FFF', '#abcd', '#12345678', '_a1b2c3', 'red/a1b2c3'] },
  hashtag: { accept: ['#a', '#a\ufeff', '#ünï', '#a.b'], refuse: ['a', '#', '#a b', '#a\u0085', '#a#b', '#a\u3000'] },
  url_list: { accept: ['https://a.example/1.png, http://b.example/2.png', ' https://a.example/1.png ', 'https://a.example/1.png;https://b.example'], refuse: ['https://a.example/1.png,,https://b.example', 'https://a.example/1.png https://b.example'] },
  iab_category_list: { accept: ['IAB1', 'IAB1, IAB9-30', ' IAB2 ,\tIAB3-1'], refuse: ['IAB', 'IAB1-', 'iab1', 'IAB1,'] },
  ascii: { accept: ['', 'a b~', '\u007f', '\u0000x'], refuse: ['\u0080', 'nonc\u00e9', '\u{1F600}'] },
  https_url_or_oob: { accept: ['oob', 'https://example.com/cb', 'HTTPS://localhost:8443/x?y=1'], refuse: ['OOB', 'oob ', 'http://example.com/cb', 'https//example.com', 'myapp://cb'] },
  http_basic_credentials: {
    accept: ['Basic YTpi', 'basic   YTo6', 'BASIC eHZ6MWV2RlM0d0VFUFRHRUZQSEJvZzpMOHFxOVBaeVJnNmllS0dFS2hab2xHQzB2SldMdzhpRUo4OERSZHlPZw=='],
    refuse: ['Basic', 'Basic ', 'Bearer YTpi', 'Basic YTpi=', 'Basic YT pi', 'Basic\tYTpi', 'Basic YTpi\n'],
  },
};

/** The first concrete pointer matching describe's `pointer` (`*`: any item) where `payload` has a string. */
const firstString = (payload, pointer) => {
  const walk = (at, keys, done) => {
    if (keys.length === 0) return typeof at === 'string' ? `/${done.join('/')}` : null;
    if (at === null || typeof at !== 'object') return null;
    const [k, ...rest] = keys;
    const options = k === '*' && Array.isArray(at) ? at.map((_, i) => String(i)) : [k];
    for (const o of options) {
      const found = o in at ? walk(at[o], rest, [...done, o]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(payload, pointer.split('/').slice(1), []);
};

test('at the edges of each format the schema accepts what the engine accepts', () => {
  const failures = [];
  const done = new Set();
  for (const c of cases.filter((c) => c.valid === true && c.issues?.length === 0 && 'payload' in c)) {
    const check = schemaOf(c.kind);
    for (const d of describeKind(c.kind).fields) {
      const path = firstString(c.payload, d.path);
      if (path === null || !(d.format in EDGES) || done.has(d.format)) continue;
      const f = { path, format: d.format };
      done.add(f.format);
      const { accept, refuse } = EDGES[f.format];
      for (const value of [...accept, ...refuse]) {
        const payload = setAt(c.payload, f.path, value);
        // invalid_date_range: an order of dates (or against now), not the format, but for a
        // range (whose malformed text is reported with that code too).
        const order = (i) => i.code === 'invalid_date_range' && f.format !== 'iso8601_range';
        const engine = !validate(c.kind, payload, c.options ?? undefined).issues
          .some((i) => i.severity === 'error' && i.path === f.path && !order(i));
        const schema = check(payload);
        const what = `${c.kind} ${f.path} (${f.format}) ${JSON.stringify(value)}: engine ${engine ? 'accepts' : 'refuses'}, schema ${schema ? 'accepts' : 'refuses'}`;
        if (accept.includes(value) && !(engine && schema)) failures.push(what);
        if (refuse.includes(value) && (engine || schema)) failures.push(what);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual([...done].sort(), Object.keys(EDGES).sort());
});
