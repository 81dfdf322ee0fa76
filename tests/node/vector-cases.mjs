// The shared vector suite (tests/vectors/*.json) as JavaScript sees it, for the Node suite
// (tests/node/vectors.test.mjs) and the browser suite (tests/browser/), which imports this file
// over HTTP: so no Node built-ins here, only plain ECMAScript.
//
// The native runner (tests/vectors.rs) parses every vector file with serde_json and hands the
// wasm-equivalent call the text `serde_json::to_string(&payload)`. To compare outputs byte for
// byte, JavaScript must pass the very same text, and `JSON.stringify(JSON.parse(file))` is not it:
// serde_json keeps `4.0` a float (JavaScript makes it 4), keeps 64-bit integers exact, sorts
// object members by key (no `preserve_order`) and prints floats its own way (`1e20`, `-0.0`). So
// this module parses vector files keeping every number's lexeme and re-serializes the way
// serde_json 1.x does. The public `validate(kind, object)` form is additionally run on every case
// whose payload survives a JavaScript round trip unchanged (see `lossless`).

// ---------------------------------------------------------------------------------------------
// A JSON parser that keeps number lexemes.
// Nodes: {t:'null'} {t:'bool',v} {t:'num',lex} {t:'str',v} {t:'arr',items} {t:'obj',members:[[k,node]]}

export function parseAst(text) {
  let i = 0;
  const fail = (what) => {
    throw new SyntaxError(`vector JSON: ${what} at offset ${i}`);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = (depth) => {
    if (depth > 512) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const members = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { t: 'obj', members };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a member name');
        const k = string();
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        members.push([k, value(depth + 1)]);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { t: 'obj', members };
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const items = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { t: 'arr', items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { t: 'arr', items };
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return { t: 'str', v: string() };
    for (const [word, node] of [
      ['true', { t: 'bool', v: true }],
      ['false', { t: 'bool', v: false }],
      ['null', { t: 'null' }],
    ]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return node;
      }
    }
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 800));
    if (!m || m[0] === '' || m[0] === '-') fail('expected a value');
    i += m[0].length;
    return { t: 'num', lex: m[0] };
  };
  const string = () => {
    // At the opening quote. Decode exactly as JSON.parse does (then check for lone surrogates,
    // which serde_json refuses).
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail('control character in string');
      i += c === 0x5c ? 2 : 1;
    }
    i++;
    const s = JSON.parse(text.slice(start, i));
    if (!isWellFormed(s)) fail('lone surrogate in string');
    return s;
  };
  const root = value(0);
  ws();
  if (i !== text.length) fail('trailing characters');
  return root;
}

function isWellFormed(s) {
  if (typeof s.isWellFormed === 'function') return s.isWellFormed();
  // Engines before String.prototype.isWellFormed (ES2024).
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// serde_json semantics.

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);

const POW10 = Array.from({ length: 309 }, (_, n) => Number(`1e${n}`));
const I32_MAX = 2147483647;
const I32_MIN = -2147483648;

/// The number a lexeme becomes in serde_json 1.x without `float_roundtrip` (`{int: BigInt}` or
/// `{float: number}`): a step-by-step transcription of its `Deserializer::parse_integer` and
/// friends, including its float arithmetic (which is not always correctly rounded: serde_json
/// reads 9007199254740993.0 as 9007199254740994, JavaScript as 9007199254740992).
function serdeNumber(lex) {
  const positive = !lex.startsWith('-');
  const s = positive ? lex : lex.slice(1);
  let i = 0;
  const digit = () => (i < s.length && s[i] >= '0' && s[i] <= '9' ? BigInt(s.charCodeAt(i) - 48) : null);
  const overflows = (sig, d) => sig * 10n + d > U64_MAX;
  const range = () => new RangeError(`vector JSON: number out of range: ${lex}`);

  const fromParts = (sig, exponent) => {
    let f = Number(sig);
    for (;;) {
      const abs = Math.abs(exponent);
      if (abs <= 308) {
        if (exponent >= 0) {
          f *= POW10[abs];
          if (!Number.isFinite(f)) throw range();
        } else {
          f /= POW10[abs];
        }
        break;
      }
      if (f === 0) break;
      if (exponent >= 0) throw range();
      f /= 1e308;
      exponent += 308;
    }
    return positive ? f : -f;
  };
  const exponentPart = (sig, start) => {
    i++; // e or E
    let positiveExp = true;
    if (s[i] === '+') i++;
    else if (s[i] === '-') {
      positiveExp = false;
      i++;
    }
    let exp = 0;
    for (let d = digit(); d !== null; d = digit()) {
      const n = Number(d);
      if (exp > Math.floor(I32_MAX / 10) || (exp === Math.floor(I32_MAX / 10) && n > I32_MAX % 10)) {
        if (sig !== 0n && positiveExp) throw range();
        return positive ? 0 : -0;
      }
      exp = exp * 10 + n;
      i++;
    }
    const sat = (x) => Math.min(I32_MAX, Math.max(I32_MIN, x));
    return fromParts(sig, sat(positiveExp ? start + exp : start - exp));
  };
  const decimal = (sig, expBefore) => {
    i++; // .
    let expAfter = 0;
    for (let d = digit(); d !== null; d = digit()) {
      if (overflows(sig, d)) {
        while (digit() !== null) i++;
        break;
      }
      sig = sig * 10n + d;
      expAfter -= 1;
      i++;
    }
    if (s[i] === 'e' || s[i] === 'E') return exponentPart(sig, expBefore + expAfter);
    return fromParts(sig, expBefore + expAfter);
  };
  const rest = (sig, exponent) => {
    if (s[i] === '.') return decimal(sig, exponent);
    if (s[i] === 'e' || s[i] === 'E') return exponentPart(sig, exponent);
    return fromParts(sig, exponent);
  };

  let sig = 0n;
  if (s[0] === '0') {
    i = 1;
  } else {
    for (let d = digit(); d !== null; d = digit()) {
      if (overflows(sig, d)) {
        // parse_long_integer: the remaining integer digits only scale.
        let exponent = 0;
        while (digit() !== null) {
          i++;
          exponent += 1;
        }
        return { float: rest(sig, exponent) };
      }
      sig = sig * 10n + d;
      i++;
    }
  }
  if (s[i] === '.' || s[i] === 'e' || s[i] === 'E') return { float: rest(sig, 0) };
  if (positive) return { int: sig };
  // `-0` and anything below i64::MIN become floats.
  if (sig === 0n || -sig < I64_MIN) return { float: -Number(sig) };
  return { int: -sig };
}

/// serde_json's float text (zmij): shortest round-trip digits, plain decimal for
/// 1e-5 <= |f| < 1e16, scientific beyond (`1e+16`, `1.5e-7`); always a `.` or an `e`.
export function formatFloat(f) {
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  const sign = f < 0 ? '-' : '';
  const [mant, expText] = Math.abs(f).toExponential().split('e');
  const digits = mant.replace('.', '');
  const length = digits.length;
  const kk = Number(expText) + 1; // 10^(kk-1) <= |f| < 10^kk
  const k = kk - length;
  let body;
  if (k >= 0 && kk <= 16) body = digits + '0'.repeat(k) + '.0';
  else if (kk > 0 && kk <= 16) body = `${digits.slice(0, kk)}.${digits.slice(kk)}`;
  else if (kk > -5 && kk <= 0) body = `0.${'0'.repeat(-kk)}${digits}`;
  else {
    const e = kk - 1 < 0 ? `e${kk - 1}` : `e+${kk - 1}`;
    body = length === 1 ? digits + e : `${digits[0]}.${digits.slice(1)}${e}`;
  }
  return sign + body;
}

function utf8Compare(a, b) {
  // Rust's String order is UTF-8 byte order, which is code point order (not UTF-16 order).
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0);
    const cy = y.value.codePointAt(0);
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/// Members as a serde_json Map holds them: the last of repeated names wins, sorted by name.
function serdeMembers(node) {
  const map = new Map();
  for (const [k, v] of node.members) map.set(k, v);
  return [...map.entries()].sort((x, y) => utf8Compare(x[0], y[0]));
}

/// `serde_json::to_string(&value)` of the value serde_json parses from this node.
export function toSerdeText(node) {
  switch (node.t) {
    case 'null':
      return 'null';
    case 'bool':
      return node.v ? 'true' : 'false';
    case 'str':
      // For well-formed strings JSON.stringify escapes exactly like serde_json: `"`, `\`,
      // \b \f \n \r \t and other controls as \u00xx (lowercase hex).
      return JSON.stringify(node.v);
    case 'num': {
      const n = serdeNumber(node.lex);
      return 'int' in n ? n.int.toString() : formatFloat(n.float);
    }
    case 'arr':
      return `[${node.items.map(toSerdeText).join(',')}]`;
    case 'obj':
      return `{${serdeMembers(node)
        .map(([k, v]) => `${JSON.stringify(k)}:${toSerdeText(v)}`)
        .join(',')}}`;
    default:
      throw new TypeError(`unknown node ${node.t}`);
  }
}

/// The node as JSON.parse would give it.
export function toJs(node) {
  switch (node.t) {
    case 'null':
      return null;
    case 'bool':
    case 'str':
      return node.v;
    case 'num':
      return Number(node.lex);
    case 'arr':
      return node.items.map(toJs);
    case 'obj': {
      const o = {};
      for (const [k, v] of node.members) {
        Object.defineProperty(o, k, { value: toJs(v), enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
    default:
      throw new TypeError(`unknown node ${node.t}`);
  }
}

/// Whether JSON.stringify of the JavaScript value gives serde_json the same value (so the
/// object form of the public API must give the same result as the text form).
export function lossless(node) {
  const js = toJs(node);
  const text = JSON.stringify(js);
  return text !== undefined && toSerdeText(parseAst(text)) === toSerdeText(node);
}

function member(node, name) {
  if (!node || node.t !== 'obj') return undefined;
  let found;
  for (const [k, v] of node.members) if (k === name) found = v;
  return found;
}

// ---------------------------------------------------------------------------------------------
// Cases.

/// Code point order of file names (as the native runner sorts them).
export function sortFileNames(names) {
  return [...names].sort(utf8Compare);
}

/// The cases of one vector file, each with exactly the arguments the native runner uses.
export function casesFromFile(file, text) {
  const root = parseAst(text);
  if (root.t !== 'arr') throw new TypeError(`${file} is not a JSON array of cases`);
  return root.items.map((c, index) => {
    const nameNode = member(c, 'name');
    const kindNode = member(c, 'kind');
    const textNode = member(c, 'payload_text');
    const payloadNode = member(c, 'payload');
    const optionsNode = member(c, 'options');
    const name = nameNode && nameNode.t === 'str' ? nameNode.v : '?';
    let payloadText;
    let payloadForm = null; // the JavaScript value for the public object form, if faithful
    if (textNode && textNode.t === 'str') {
      payloadText = textNode.v;
    } else if (payloadNode) {
      payloadText = toSerdeText(payloadNode);
      const js = toJs(payloadNode);
      // A string would mean JSON text to `validate`: only non-strings have an object form.
      if (typeof js !== 'string' && lossless(payloadNode)) payloadForm = { value: js };
    } else {
      throw new TypeError(`${file}: ${name}: no payload`);
    }
    const noOptions = !optionsNode || optionsNode.t === 'null';
    const errorNode = member(c, 'error');
    const validNode = member(c, 'valid');
    return {
      file,
      name,
      index,
      kind: kindNode && kindNode.t === 'str' ? kindNode.v : '',
      payloadText,
      payloadForm,
      optionsText: noOptions ? '' : toSerdeText(optionsNode),
      // The options as `validate` takes them; null when a JavaScript round trip would change them.
      options: noOptions ? { value: undefined } : lossless(optionsNode) ? { value: toJs(optionsNode) } : null,
      expect: errorNode
        ? { error: toJs(errorNode) }
        : {
            valid: validNode ? toJs(validNode) : null,
            pairs: pairs(toJs(member(c, 'issues') ?? { t: 'null' })),
          },
    };
  });
}

function pairs(issues) {
  if (!Array.isArray(issues)) return [];
  const str = (x) => (typeof x === 'string' ? x : '?');
  return issues
    .map((i) => [str(i?.path), str(i?.code)])
    .sort((a, b) => utf8Compare(a[0], b[0]) || utf8Compare(a[1], b[1]));
}

/// Pairs each case with its entry of target/vectors/native.json (by file, name and occurrence).
/// Returns {matched: [[case, output|undefined]], extra: [native entries with no case]}.
export function matchNative(cases, native) {
  const key = (file, name, n) => JSON.stringify([file, name, n]);
  const byKey = new Map();
  const seen = new Map();
  for (const e of native) {
    const base = JSON.stringify([e.file, e.name]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    byKey.set(key(e.file, e.name, n), e);
  }
  const seenCases = new Map();
  const matched = cases.map((c) => {
    const base = JSON.stringify([c.file, c.name]);
    const n = seenCases.get(base) ?? 0;
    seenCases.set(base, n + 1);
    const k = key(c.file, c.name, n);
    const e = byKey.get(k);
    byKey.delete(k);
    return [c, e === undefined ? undefined : e.output];
  });
  return { matched, extra: [...byKey.values()] };
}

/// The case's own expectations (valid and the (path, code) multiset, or the error code) against
/// an envelope, independently of native.json. Returns a list of problems (empty: pass).
export function checkExpectations(c, envelopeText) {
  let env;
  try {
    env = JSON.parse(envelopeText);
  } catch {
    return [`output is not JSON: ${envelopeText}`];
  }
  const problems = [];
  if ('error' in c.expect) {
    const got = env?.error?.code ?? null;
    if (!jsonEqual(got, c.expect.error)) problems.push(`expected error ${JSON.stringify(c.expect.error)}, got ${envelopeText}`);
  } else {
    const report = env?.ok;
    if (!jsonEqual(report?.valid ?? null, c.expect.valid)) {
      problems.push(`valid: expected ${JSON.stringify(c.expect.valid)}, got ${JSON.stringify(report?.valid ?? null)}`);
    }
    const have = pairs(report?.issues);
    if (!jsonEqual(have, c.expect.pairs)) {
      problems.push(`issues: expected ${JSON.stringify(c.expect.pairs)}, got ${JSON.stringify(have)}`);
    }
  }
  return problems;
}

/// Deep equality of JSON-like values that also demands plain data: arrays and objects whose
/// prototype is Object.prototype, no undefined, no Map. Returns null or where they differ.
export function plainDiff(a, b, path = '') {
  if (a === undefined || b === undefined) return `${path || '/'}: undefined`;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? null : `${path || '/'}: ${JSON.stringify(a)} !== ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path || '/'}: array vs object`;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return `${path || '/'}: length ${a.length} !== ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = plainDiff(a[i], b[i], `${path}/${i}`);
      if (d) return d;
    }
    return null;
  }
  for (const [x, what] of [[a, 'actual'], [b, 'expected']]) {
    if (Object.getPrototypeOf(x) !== Object.prototype) return `${path || '/'}: ${what} is not a plain object`;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k) => !Object.prototype.hasOwnProperty.call(b, k))) {
    return `${path || '/'}: keys ${JSON.stringify(ka)} !== ${JSON.stringify(kb)}`;
  }
  for (const k of ka) {
    const d = plainDiff(a[k], b[k], `${path}/${k}`);
    if (d) return d;
  }
  return null;
}

function jsonEqual(a, b) {
  return plainDiff(a, b) === null;
}

/// The forms in which a case can go through the public `validate`: always the payload text; the
/// JavaScript value too when it is faithful. Empty when the options are not faithful in
/// JavaScript (then only the raw call is compared).
export function publicForms(c) {
  if (!c.options) return [];
  const forms = [{ form: 'text', payload: c.payloadText, options: c.options.value }];
  if (c.payloadForm) forms.push({ form: 'object', payload: c.payloadForm.value, options: c.options.value });
  return forms;
}

/// Runs one public form and compares it with the native envelope. Returns problems.
export function checkPublic(api, c, form, nativeOutput) {
  const want = JSON.parse(nativeOutput);
  let got;
  try {
    got = { ok: api.validate(c.kind, form.payload, form.options) };
  } catch (e) {
    got = { thrown: e };
  }
  const where = `validate (payload as ${form.form})`;
  if ('ok' in want) {
    if ('thrown' in got) return [`${where} threw ${got.thrown?.name}: ${got.thrown?.code} ${got.thrown?.message}`];
    const d = plainDiff(got.ok, want.ok);
    return d ? [`${where}: result differs from native at ${d}`] : [];
  }
  if (!('thrown' in got)) return [`${where} returned a report; native: ${nativeOutput}`];
  const e = got.thrown;
  const problems = [];
  if (!(e instanceof api.PreflightError)) problems.push(`${where} threw ${e?.name}, not PreflightError: ${e?.message}`);
  if (!(e instanceof Error)) problems.push(`${where}: the thrown value is not an Error`);
  if (e?.code !== want.error.code) problems.push(`${where}: code ${e?.code}, native ${want.error.code}`);
  if (e?.message !== want.error.message) problems.push(`${where}: message ${JSON.stringify(e?.message)}, native ${JSON.stringify(want.error.message)}`);
  return problems;
}
