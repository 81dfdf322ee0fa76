// The shared vector suite (tests/vectors/*.json) as JavaScript runs it, for the Node suite
// (tests/node/vectors.test.mjs) and the browser suite (tests/browser/), whose page loads this
// file: plain ECMAScript only, no Node built-ins.
//
// `cargo test --test vectors` writes target/vectors/native.json, one entry per case:
// {file, name, kind, payload_text, options_text, output}, the exact texts native gave the engine
// and the envelope it returned. JavaScript makes the same raw call and must get the same string
// (`envelopeOf`: the raw export returns the result's JSON text or throws a failed call).
// Independently of native, the vector files say which cases must be there and what each reports.

const REGENERATE = 'run `cargo test --test vectors` (without VECTORS=)';

/** Comparable text of a JSON value: keys sorted, numbers to 15 significant digits (serde_json
 *  and JSON.parse may round a long number differently). */
const canon = (value) =>
  JSON.stringify(value, (_, x) => {
    if (typeof x === 'number') return x.toPrecision(15);
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return x;
    return Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]]));
  });
const tryParse = (text, fallback) => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};
const issuePairs = (issues) => {
  const str = (x) => (typeof x === 'string' ? x : '?');
  return (Array.isArray(issues) ? issues : []).map((i) => `${str(i?.path)} ${str(i?.code)}`).sort();
};

/**
 * Pairs every case of the vector files ([{file, text}]) with its native.json entry. Returns
 * {cases, problems}: `problems` (one string each) are unreadable files, repeated names and cases
 * missing from or stale in native.json; each case is its native entry plus `index`, `expect` (the
 * vector's own expectations) and `stale` (set when native ran other arguments than the vector's).
 */
export function matchNative(vectorFiles, native) {
  const entries = new Map(native.map((e) => [`${e.file}: ${e.name}`, e]));
  const seen = new Set();
  const cases = [];
  const problems = [];
  for (const { file, text } of vectorFiles) {
    const list = tryParse(text);
    if (!Array.isArray(list)) problems.push(`${file} is not a JSON array of cases`);
    for (const [index, c] of (Array.isArray(list) ? list : []).entries()) {
      const key = `${file}: ${c.name}`;
      const e = entries.get(key);
      if (seen.has(key) || e === undefined) {
        problems.push(seen.has(key) ? `${key}: the name is used twice` : `${key}: missing from native.json; ${REGENERATE}`);
        continue;
      }
      seen.add(key);
      const sameArgs =
        e.kind === (typeof c.kind === 'string' ? c.kind : '') &&
        (typeof c.payload_text === 'string'
          ? e.payload_text === c.payload_text
          : canon(tryParse(e.payload_text)) === canon(c.payload)) &&
        (c.options == null ? e.options_text === '' : canon(tryParse(e.options_text)) === canon(c.options));
      const expect = 'error' in c ? { error: c.error } : { valid: c.valid ?? null, issues: issuePairs(c.issues) };
      // `object_form`: the value JSON.parse makes of the payload must give the same report too,
      // although JSON.stringify writes it as other text (`1e20`, digits JavaScript rounds).
      const objectForm = c.object_form === true;
      cases.push({ ...e, index, expect, objectForm, stale: sameArgs ? null : `native.json ran other arguments; ${REGENERATE}` });
    }
  }
  for (const key of entries.keys()) if (!seen.has(key)) problems.push(`${key}: stale, not in tests/vectors/; ${REGENERATE}`);
  return { cases, problems };
}

// The raw wasm exports return JSON text or throw a failed call (bindings/wasm/src/fail.rs: an
// Error with a string `code`); native writes each result as an envelope, `{"ok":<JSON text>}` or
// `{"error":{"code":...,"message":...}}` (preflight::envelope). `envelopeOf` makes the envelope
// text of a raw call, so that the comparison with native stays byte for byte: the result text
// exactly as returned, the code and message exactly as thrown (JSON.stringify escapes a message as
// serde_json does). Also used by tests/node/{differential,hostile,report-bounds}.test.mjs.

/**
 * The envelope text of a raw export's call; a throw that is not a failed call (a trap) propagates.
 * @param {() => unknown} call
 */
export function envelopeOf(call) {
  let text;
  try {
    text = call();
  } catch (e) {
    if (e !== null && typeof e === 'object' && Object.getPrototypeOf(e) === Error.prototype && typeof e.code === 'string') {
      return `{"error":${JSON.stringify({ code: e.code, message: e.message })}}`;
    }
    throw e;
  }
  if (typeof text !== 'string') throw new TypeError(`the raw call returned ${typeof text}, not JSON text`);
  return `{"ok":${text}}`;
}

/** Deep equality of JSON data that also demands plain objects and arrays, as JSON.parse makes. */
export function plainEqual(a, b) {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => plainEqual(x, b[i]));
  const plain = (o) => Object.getPrototypeOf(o) === Object.prototype;
  const keys = Object.keys(a);
  return plain(a) && plain(b) && keys.length === Object.keys(b).length &&
    keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && plainEqual(a[k], b[k]));
}

/**
 * Runs one case through the raw wasm exports and the public API. Returns {problems, forms}:
 * `forms` are the payload forms the public `validate` got ('text', and 'object' when a
 * JavaScript value carries the payload unchanged).
 */
export function checkCase(raw, api, c) {
  const problems = c.stale ? [c.stale] : [];
  // 1. The raw export: the very string native returned, and deterministic.
  const bytes = new TextEncoder().encode(c.payload_text);
  const call = () => raw.validateJson(c.kind, bytes, c.options_text);
  const out = envelopeOf(call);
  if (out !== c.output) problems.push(`raw validateJson differs from native:\n  wasm   ${out}\n  native ${c.output}`);
  if (envelopeOf(call) !== out) problems.push('raw validateJson is not deterministic');

  // 2. The case's own expectations, against the wasm output.
  const got = tryParse(out, {}) ?? {};
  if ('error' in c.expect) {
    if (canon(got.error?.code ?? null) !== canon(c.expect.error)) problems.push(`expected error ${JSON.stringify(c.expect.error)}, got ${out}`);
  } else {
    const valid = got.ok?.valid ?? null;
    if (valid !== c.expect.valid) problems.push(`valid: expected ${c.expect.valid}, got ${valid}`);
    const issues = issuePairs(got.ok?.issues);
    if (issues.join('\n') !== c.expect.issues.join('\n')) {
      problems.push(`issues (path code):\n  expected ${JSON.stringify(c.expect.issues)}\n  got      ${JSON.stringify(issues)}`);
    }
  }

  // 3. The public API, against native's envelope: the payload as text, and as a value when that
  // is lossless. Options can only go in as a value: no call when JavaScript would change them.
  const want = tryParse(c.output, {}) ?? {};
  const options = c.options_text === '' ? undefined : JSON.parse(c.options_text);
  const payload = tryParse(c.payload_text);
  const forms = options === undefined || JSON.stringify(options) === c.options_text ? [['text', c.payload_text]] : [];
  const lossless = JSON.stringify(payload) === c.payload_text || c.objectForm;
  if (forms.length && lossless && typeof payload !== 'string') forms.push(['object', payload]);
  for (const [form, arg] of forms) {
    const where = `validate (payload as ${form})`;
    let result;
    try {
      result = api.validate(c.kind, arg, options);
    } catch (e) {
      if ('ok' in want) problems.push(`${where} threw ${e?.name}: ${e?.message}`);
      else if (!(e instanceof api.PreflightError) || e.code !== want.error?.code || e.message !== want.error?.message) {
        problems.push(`${where} threw ${e?.name} ${e?.code}: ${e?.message}; native ${c.output}`);
      }
      continue;
    }
    if (!('ok' in want && plainEqual(result, want.ok))) problems.push(`${where} returned ${JSON.stringify(result)}; native ${c.output}`);
  }
  return { problems, forms: forms.map(([form]) => form) };
}
