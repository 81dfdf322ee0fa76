// Generates the package's generated types. Never edit the outputs by hand:
//
//   bash scripts/build-wasm.sh && node scripts/gen-payload-types.mjs
//
// - pkg/types/codes.d.ts: every name and code union of the types (Kind, IssueCode, ErrorCode,
//   IdType, the audience, signing, helper and loading error codes, AnyErrorCode), read from the
//   Rust sources that define them (the kind table src/spec/v12/kinds.md, `codes!`, the
//   `code()` of each error enum and the `name()` of each named enum, the binding's own `Fail::of` codes) and
//   from JS_CODES below, the one list of the codes only the package's JavaScript throws
//   (`not_initialized`, `init_failed`, ...);
// - pkg/types/payloads.d.ts: the TypeScript types of every kind's payload, from the engine's own
//   description of each kind: `jsonSchema(kind)` of the built package (the same schema as
//   `preflight describe --schema KIND`);
// - the `types` of each export of pkg/package.json as `{require: ".d.cts", default: ".d.ts"}`, and
//   its `typesVersions`, from its `exports` map (TypeScript's node10 resolution reads no
//   `exports`: each subpath is mapped to the types of its export);
// - build output, not in git (scripts/build-wasm.sh runs `node scripts/gen-payload-types.mjs
//   --cjs-twins`): the CommonJS twins pkg/index.d.cts and pkg/types/*.d.cts of the .d.ts files
//   (the package is "type": "module", so TypeScript's node16 refuses to `require()` its .d.ts).
//
// tests/node/payload-dts.test.mjs regenerates them all and fails when one differs
// (a Rust list, the engine's rules or the exports map changed and the types were not
// regenerated), checks that every code the JavaScript and the binding throw is in
// AnyErrorCode, and type-checks every valid vector payload against the payload types.
//
// The payload types are never stricter than the engine: a payload the engine calls valid must
// type-check. So they carry what a type can say soundly and drop the rest:
// - kept: member names and value types, enums and constants (as literal unions), alternatives
//   (`anyOf`, as unions: a query's number as a number or a decimal string), array item types,
//   members required always;
// - dropped (the engine checks them): lengths, ranges, patterns, item counts, `not`, and
//   conditions: a member required only when another is present (or absent) is optional here, and
//   a member of one variant of a tagged object (card components by `type`) is an optional member
//   of the object, its type the union of the variants' types;
// - members not listed are allowed (the engine warns `unknown_field` about them, which leaves the
//   payload valid): TypeScript takes extra members of an argument whose type parameter is
//   inferred (validate's `P`), and an object type whose members are all optional gets an index
//   signature `[member: string]: unknown` (TypeScript's weak type check would otherwise refuse
//   an object of unlisted members only).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(root, 'pkg/types/payloads.d.ts');

const INDENT = '  ';

/** `poll_card` -> `PollCardPayload`. */
export const typeName = (kind) => kind.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Payload';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A schema that says nothing (`true`, `{}`, or only annotations). */
function saysNothing(s) {
  if (s === true) return true;
  if (!isObject(s)) return false;
  return Object.keys(s).every((k) => ['description', '$comment', 'title', '$id', '$schema'].includes(k));
}

const literal = (v) => JSON.stringify(v);

/** A JSDoc comment of `text` (never closing early). */
function doc(text, pad) {
  if (typeof text !== 'string' || text === '') return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1
    ? `${pad}/** ${lines[0]} */\n`
    : `${pad}/**\n${lines.map((l) => `${pad} * ${l}`.trimEnd()).join('\n')}\n${pad} */\n`;
}

/** Union of type texts, without repeats; `unknown` absorbs everything. */
function union(types) {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 1 ? unique[0] : unique.map((t) => (t.includes('\n') || / [|&] /.test(t) ? `(${t})` : t)).join(' | ');
}

/**
 * The members of an object schema: its `properties`, and the members of each `allOf` entry
 * (conditional `then` parts included) as optional members. Returns name -> {schemas, required}.
 */
function members(s, out = new Map(), requiredHere = true) {
  const required = new Set(requiredHere && Array.isArray(s.required) ? s.required : []);
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    const m = out.get(name) ?? { schemas: [], required: false, description: undefined };
    if (!saysNothing(sub)) m.schemas.push(sub);
    m.required ||= required.has(name);
    m.description ??= isObject(sub) ? sub.description : undefined;
    out.set(name, m);
  }
  for (const part of s.allOf ?? []) {
    if (!isObject(part)) continue;
    // A conditional part adds members (optional: the condition may not hold); its `if` only
    // tests members and adds none.
    if (isObject(part.then)) members(part.then, out, false);
    if (isObject(part.else)) members(part.else, out, false);
    if (part.properties || part.allOf) members(part, out, false);
  }
  // A member required only in some cases is optional.
  return out;
}

/** The TypeScript type of a schema. */
function convert(s, depth) {
  if (saysNothing(s) || !isObject(s)) return 'unknown';
  if ('const' in s) return literal(s.const);
  let base;
  if (Array.isArray(s.enum)) {
    base = union(s.enum.map(literal));
  } else {
    const types = Array.isArray(s.type) ? s.type : s.type !== undefined ? [s.type] : [];
    if (types.length === 0 && (s.properties || s.allOf)) types.push('object');
    base = types.length === 0 ? 'unknown' : union(types.map((t) => typeOf(t, s, depth)));
  }
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0) {
    const alternatives = union(s.anyOf.map((a) => convert(a, depth)));
    if (base === 'unknown') return alternatives;
    if (alternatives === 'unknown') return base;
    return `(${base}) & (${alternatives})`;
  }
  return base;
}

function typeOf(t, s, depth) {
  switch (t) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = s.items === undefined ? 'unknown' : convert(s.items, depth);
      return /^[\w"]+$/.test(item) ? `${item}[]` : `(${item})[]`;
    }
    case 'object':
      return objectType(s, depth);
    default:
      throw new Error(`gen-payload-types: JSON Schema type ${t} is not handled`);
  }
}

function objectType(s, depth) {
  const pad = INDENT.repeat(depth + 1);
  let body = '';
  const all = members(s);
  for (const [name, m] of all) {
    const type = m.schemas.length === 0 ? 'unknown' : union(m.schemas.map((x) => convert(x, depth + 1)));
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
    body += doc(m.description, pad) + `${pad}${key}${m.required ? '' : '?'}: ${type};\n`;
  }
  if (![...all.values()].some((m) => m.required)) {
    // Every member optional: TypeScript's weak type check would refuse an object holding only
    // members not listed, which the engine takes (with unknown_field warnings).
    body += `${pad}/** Members not listed: the engine warns \`unknown_field\` (the payload stays valid). */\n`;
    body += `${pad}[member: string]: unknown;\n`;
  }
  return `{\n${body}${INDENT.repeat(depth)}}`;
}

/**
 * The text of payloads.d.ts.
 * @param {string[]} kinds the engine's kinds, in its order
 * @param {(kind: string) => Record<string, unknown>} jsonSchema
 */
export function generate(kinds, jsonSchema) {
  let out = `// GENERATED by scripts/gen-payload-types.mjs from the engine's jsonSchema(kind) of every kind:
// do not edit (tests/node/payload-dts.test.mjs fails when this file and the engine differ).
// Never stricter than the engine: every payload it calls valid type-checks. Lengths, ranges,
// patterns, item counts and conditions are the engine's to check (see the generator's notes).\n`;
  for (const kind of kinds) {
    const schema = jsonSchema(kind);
    out += `\n${doc(`A \`${kind}\` payload: ${schema.description ?? kind}.`, '')}`;
    out += `export type ${typeName(kind)} = ${convert(schema, 0)};\n`;
  }
  out += `\n/** The payload type of each kind. */\nexport interface Payloads {\n`;
  for (const kind of kinds) out += `${INDENT}${kind}: ${typeName(kind)};\n`;
  out += `}\n\n/** The payload of \`K\` as plain data (\`validate\` also takes JSON text). */\n`;
  out += `export type PayloadOf<K extends keyof Payloads> = Payloads[K];\n`;
  return out;
}

/** The text from the built package (pkg/node.js: run scripts/build-wasm.sh first). */
export async function generateFromPackage() {
  const api = await import(pathToFileURL(path.join(root, 'pkg/node.js')).href);
  return generate(api.kinds(), api.jsonSchema);
}

// --- the name and code unions (pkg/types/codes.d.ts) ---------------------------------------------

export const CODES_OUTPUT = path.join(root, 'pkg/types/codes.d.ts');

const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** The `Variant => "name",` names inside `macro! { ... }` of a Rust source, in order. */
function macroNames(file, macro) {
  const src = read(file);
  const start = src.indexOf(`\n${macro}! {`);
  if (start < 0) throw new Error(`gen-payload-types: ${file} has no ${macro}! list`);
  const body = src.slice(start, src.indexOf('\n}', start));
  return [...body.matchAll(/^\s+\w+ => "([a-z0-9_]+)",$/gm)].map((x) => x[1]);
}

/**
 * The `name` column of the kind table (src/spec/v12/kinds.md, which build.rs turns into `Kind`),
 * in order. The table's lines are the `|` lines after its header; a line of another width, or
 * no line at all, is an error (as it is for build.rs), never a kind left out.
 */
export function tableKinds(file = 'src/spec/v12/kinds.md') {
  const rows = read(file)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|'))
    .map((l) => l.slice(1, -1).split('|').map((c) => c.trim()));
  const [header, ...lines] = rows;
  const name = header?.indexOf('name') ?? -1;
  if (name < 0) throw new Error(`gen-payload-types: ${file} has no name column`);
  const kinds = lines.filter((cells) => !cells.every((c) => /^-+$/.test(c)));
  for (const cells of kinds) {
    if (cells.length !== header.length || !/^[a-z0-9_]+$/.test(cells[name])) {
      throw new Error(`gen-payload-types: ${file}: malformed line | ${cells.join(' | ')} |`);
    }
  }
  return kinds.map((cells) => cells[name]);
}

/**
 * The string literals a method returns: `impl Type { ... pub fn method(...) -> &'static str {
 * ... } }` of a Rust source (each arm's `"code"`, or the one literal returned), in order.
 */
function methodStrings(file, type, method) {
  const src = read(file);
  const impl = src.indexOf(`\nimpl ${type} {`);
  if (impl < 0) throw new Error(`gen-payload-types: ${file} has no impl ${type}`);
  const start = src.indexOf(`pub fn ${method}(`, impl);
  if (start < 0 || start > src.indexOf('\n}', impl)) throw new Error(`gen-payload-types: ${type}::${method} not found in ${file}`);
  const body = src.slice(start, src.indexOf('\n    }\n', start));
  const names = [...body.matchAll(/"([a-z0-9_]+)"/g)].map((x) => x[1]);
  if (names.length === 0) throw new Error(`gen-payload-types: ${type}::${method} in ${file} returns no literal`);
  return names;
}

/** `ErrorCode::code`'s literals before and after its `// --- answers` line. */
function errorCodes() {
  const all = methodStrings('src/error.rs', 'ErrorCode', 'code');
  const src = read('src/error.rs');
  const body = src.slice(src.indexOf('pub fn code('), src.indexOf('// --- answers'));
  if (!src.includes('// --- answers')) throw new Error('gen-payload-types: no `// --- answers` line in ErrorCode::code');
  const validation = [...body.matchAll(/"([a-z0-9_]+)"/g)].map((x) => x[1]);
  return { validation, answers: all.slice(validation.length) };
}

/**
 * The codes the wasm binding fails with itself (`Fail::of("code", ...)` in bindings/wasm/src/ and
 * in the readers it shares with the other bindings, bindings/shared/src/).
 */
export function bindingCodes() {
  const codes = new Set();
  for (const dir of ['bindings/wasm/src', 'bindings/shared/src']) {
    for (const f of readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.rs')).sort()) {
      for (const m of read(`${dir}/${f}`).matchAll(/Fail::of\(\s*"([a-z0-9_]+)"/g)) codes.add(m[1]);
    }
  }
  return [...codes];
}

/** The Rust lists, each as its source names it. */
export function rustLists() {
  const lists = {
    kinds: tableKinds(),
    issueCodes: macroNames('src/report/mod.rs', 'codes'),
    // Split at the `// --- answers` line of `ErrorCode::code`: the validation codes, then the
    // answer readers' (src/answers/).
    errorCodes: errorCodes().validation,
    answerErrorCodes: errorCodes().answers,
    idTypes: methodStrings('src/audience/mod.rs', 'IdType', 'name'),
    phoneFormats: methodStrings('src/audience/mod.rs', 'PhoneFormat', 'name'),
    unknownIdType: methodStrings('src/audience/error.rs', 'UnknownIdType', 'code'),
    unknownPhoneFormat: methodStrings('src/audience/mod.rs', 'UnknownPhoneFormat', 'code'),
    idErrors: methodStrings('src/audience/error.rs', 'IdError', 'code'),
    recordErrors: methodStrings('src/audience/batch/rejection.rs', 'RecordError', 'code'),
    batchErrors: methodStrings('src/audience/batch/options.rs', 'BatchError', 'code'),
    csvErrors: methodStrings('src/audience/csv.rs', 'CsvError', 'code'),
    signingErrors: methodStrings('src/signing/mod.rs', 'SigningError', 'code'),
    binding: bindingCodes(),
  };
  // A list read short would silently drop codes from the types: check the counts the sources
  // state where they state one (`ALL: [IdError; 20]`, `ALL: [IdType; 6]`).
  const stated = (file, type) => Number(new RegExp(`pub const ALL: \\[${type}; (\\d+)\\]`).exec(read(file))?.[1]);
  const expect = [
    ['idErrors', stated('src/audience/error.rs', 'IdError')],
    ['idTypes', stated('src/audience/mod.rs', 'IdType')],
  ];
  for (const [name, n] of expect) {
    if (lists[name].length !== n) throw new Error(`gen-payload-types: read ${lists[name].length} of ${n} ${name}`);
  }
  for (const [name, list] of Object.entries(lists)) {
    if (list.length === 0) throw new Error(`gen-payload-types: no ${name} read`);
  }
  return lists;
}

/**
 * The codes only the package's JavaScript (pkg/lib/) or the wasm binding throws, never the
 * crate: the one place they are listed, with the unions of codes.d.ts they belong to (an empty
 * list: never seen by a caller, with the reason). tests/node/payload-dts.test.mjs checks that
 * every code thrown in pkg/lib/ and bindings/wasm/src/ is a Rust code or listed here, and that
 * each listed one is still thrown.
 */
export const JS_CODES = {
  not_initialized: { unions: ['LoadErrorCode'], where: 'pkg/lib/engine.js: a call from a /manual entry before init() or initSync() loaded its module' },
  init_failed: { unions: ['LoadErrorCode'], where: 'pkg/lib/load.js: init() or initSync() could not load the module (the cause is the original error)' },
  invalid_argument: {
    unions: ['LoadErrorCode', 'AudienceErrorCode', 'SigningErrorCode', 'AnswersErrorCode'],
    where: 'pkg/lib/: an argument of the wrong type (or a string with a lone UTF-16 surrogate)',
  },
  bad_options: { unions: ['AudienceErrorCode', 'SigningErrorCode', 'AnswersErrorCode'], where: 'pkg/lib/: an options object with an unknown or malformed member' },
  not_a_string: { unions: ['ValueErrorCode'], where: 'pkg/lib/audience.js: an identifier that is not a string' },
  invalid_record: { unions: ['AudienceErrorCode'], where: 'pkg/lib/bodies.js: a record of buildAudienceBodies that is not an object of id lists' },
  hasher_finished: { unions: ['AudienceErrorCode'], where: 'bindings/wasm, pkg/lib/audience.js: a line hasher used after finish()' },
  hasher_invalidated: { unions: ['AudienceErrorCode'], where: 'pkg/lib/audience.js: a line hasher of an instance discarded after an internal_error' },
  input_too_large: { unions: ['AudienceErrorCode'], where: 'bindings/wasm, pkg/lib/: more input in one call than the module takes' },
  internal_error: { unions: ['InternalErrorCode'], where: 'pkg/lib/engine.js: a call that failed inside the module' },
  worker_unavailable: { unions: ['HelperErrorCode'], where: 'pkg/lib/hash-in-worker.js: hashFileInWorker where no module Worker can start' },
  split_character: { unions: [], where: 'bindings/wasm: caught in pkg/lib/audience.js, which stages the values again' },
};

const jsCodes = (union) => Object.keys(JS_CODES).filter((c) => JS_CODES[c].unions.includes(union));

/** `codes` minus `drop`, without repeats, in order. */
const unique = (codes, drop = []) => [...new Set(codes)].filter((c) => !drop.includes(c));

/**
 * Each union of codes.d.ts: [name, JSDoc, members], a member a code or the name of a union
 * above it. Sorted where the source has no meaningful order.
 */
export function codeUnions(rust = rustLists()) {
  const sorted = (codes) => [...codes].sort();
  const idErrors = rust.idErrors;
  const valueErrors = unique([...idErrors, ...jsCodes('ValueErrorCode')], ['invalid_default_country_code']);
  const csvCodes = rust.csvErrors.filter((c) => c !== 'bad_options');
  const csvRowCodes = ['invalid_csv', 'missing_column', 'invalid_utf8', 'too_long', 'invalid_country'];
  for (const c of csvRowCodes) if (!idErrors.includes(c)) throw new Error(`gen-payload-types: CsvRowCode ${c} is no IdError code`);
  const unions = [
    ['Kind', 'The stable payload kind names (the kind table, src/spec/v12/kinds.md), in the engine\'s order.', rust.kinds],
    ['IssueCode', 'Stable issue codes (`codes!` in src/report/mod.rs). Never renamed; new ones may be added.', rust.issueCodes],
    ['ErrorCode', 'Stable codes of a wrong call of validation (`ErrorCode::code` in src/error.rs).', rust.errorCodes],
    [
      'InternalErrorCode',
      'A call that failed inside the WebAssembly module (out of memory, stack overflow: never an\ninput\'s doing). `cause` holds the original error; the next call, of any function, runs on a\nfresh instance of the module (README, "A call that fails inside the module").',
      jsCodes('InternalErrorCode'),
    ],
    [
      'LoadErrorCode',
      'Codes of loading the module (types/loading.d.ts): `init_failed` when `init`/`initSync` could\nnot load it (the cause is the original error: a 404, another build\'s module), `invalid_argument`\nfor an input of another type, and `not_initialized` for a call from a `/manual` entry before\nits module is loaded.',
      jsCodes('LoadErrorCode'),
    ],
    ['IdType', 'An identifier type: the field name in the API\'s user objects (`IdType::name` in src/audience/mod.rs).', rust.idTypes],
    ['PhoneFormat', 'How a phone number is written before hashing: `\'e164\'` keeps the `+`, `\'digits\'` drops it.', rust.phoneFormats],
    [
      'IdErrorCode',
      'Why the engine rejects one value (`IdError::code` in src/audience/error.rs).\n`normalization_unavailable`: in this package only on a JavaScript engine older than Unicode 15,\nwhose `String.prototype.normalize` is not used (a Rust build without its Unicode tables and\nwithout a registered normalizer also gives it). `unsupported_character`: an email address\nholding a character added after Unicode 15.1 that normalizes or has case, refused by every\nbuild alike. `line_break`: a partner_user_id written one per line (line or CSV input) holding\na line break or NUL; `invalid_csv` and `missing_column`: CSV input only (text after a closing\nquote; fewer fields than the column); `invalid_country`: a row\'s own country (`countryColumn`)\nthat is neither a calling code nor an ISO 3166-1 alpha-2 region.',
      idErrors,
    ],
    [
      'ValueErrorCode',
      'Why one value was rejected: an engine code, or `not_a_string` (the wrapper accepts strings\nonly: ids above 2^53 lose precision as numbers). `invalid_utf8` also covers a string holding a\nlone UTF-16 surrogate, which has no UTF-8 form. (`invalid_default_country_code` is never a\nper-value error: a bad option fails the whole call.)',
      valueErrors,
    ],
    [
      'RecordErrorCode',
      'Why a record, or one of its values, was left out (`RecordError::code` in src/audience/batch/).',
      unique([...valueErrors, ...rust.recordErrors]),
    ],
    ['BatchErrorCode', 'A wrong call of buildAudienceBodies (`BatchError::code` in src/audience/batch/).', rust.batchErrors],
    [
      'AudienceErrorCode',
      'The `code` of a PreflightError thrown by an audience function: the value\'s own error\n(normalizeIdentifier, hashIdentifier) or a wrong call. Messages never contain a value.\n`hasher_invalidated`: the hasher lived in an instance discarded after an `internal_error`\n(create another one); `internal_error`: a call failed inside the WebAssembly module (the next\none runs on a fresh instance).',
      unique([
        ...valueErrors,
        ...rust.batchErrors,
        ...rust.unknownIdType,
        ...rust.unknownPhoneFormat,
        'invalid_default_country_code',
        ...jsCodes('AudienceErrorCode'),
        ...jsCodes('InternalErrorCode'),
      ]),
    ],
    [
      'SigningErrorCode',
      'The `code` of a PreflightError thrown by a signing function. The core\'s codes\n(`SigningError::code` in src/signing/mod.rs) and the wrapper\'s own: `invalid_argument` (a\nwrong-typed argument, or a string with a lone UTF-16 surrogate that has no UTF-8 form) and\n`bad_options` (an options object that is not a plain object, has an unknown member or a bad\n`headerName`). Messages never contain a secret, a token, a nonce, a signature or any other\nargument value.',
      unique([...rust.signingErrors, ...jsCodes('SigningErrorCode')]),
    ],
    [
      'HelperErrorCode',
      'Codes of a wrong call of the CSV helpers (`CsvError::code` in src/audience/csv.rs; besides\n`bad_options`, `invalid_argument` and the hash functions\' codes): the column name matches no\nheader field, or several; the header record is not valid CSV, or longer than 1 MiB; a quoted\nfield that never closes (`unclosed_quote`: the error has `row`, the row where the quote\nopened); hashFileInWorker outside a browser (`worker_unavailable`).',
      unique([...csvCodes, ...jsCodes('HelperErrorCode')]),
    ],
    [
      'AnswersErrorCode',
      'The `code` of a PreflightError thrown by an answer reader (preflight-wasm/answers): the\ncore\'s (`ErrorCode::code` in src/error.rs, after its `// --- answers` line), `invalid_json` and\n`too_deep` for an answer text that is not JSON, `input_too_large` for one beyond\nMAX_INPUT_BYTES, `invalid_argument` and `bad_options` (the wrapper\'s: an argument of the wrong\ntype, an options object with an unknown or malformed member). Messages never contain a value of\nthe answer.',
      unique([...rust.answerErrorCodes, 'invalid_json', 'too_deep', 'input_too_large', ...jsCodes('AnswersErrorCode')]),
    ],
    ['CsvRowCode', 'Why one CSV row gives no value: as `preflight hash --column` reports it (IdError codes).', csvRowCodes],
  ];
  const errorUnions = ['ErrorCode', 'AnswersErrorCode', 'AudienceErrorCode', 'SigningErrorCode', 'HelperErrorCode', 'LoadErrorCode', 'InternalErrorCode'];
  const all = new Set();
  for (const [name, , members] of unions) if (errorUnions.includes(name)) for (const c of members) all.add(c);
  unions.push([
    'AnyErrorCode',
    'Every code a PreflightError can carry: validation, audience identifiers, signing, the helpers,\nthe answer readers, loading. Every code the package throws is one of them (tests/node/payload-dts.test.mjs).',
    sorted(all),
  ]);
  return unions;
}

/**
 * The members of each union as written: the largest unions above it that it holds whole (by
 * name), then its other codes. The same codes as the flat list, in less text.
 */
function written(unions) {
  const sets = [];
  return unions.map(([name, , members]) => {
    const own = new Set(members);
    const covered = new Set();
    const refs = [];
    for (const [other, set] of [...sets].sort((a, b) => b[1].size - a[1].size)) {
      if (set.size > 1 && [...set].every((c) => own.has(c)) && [...set].some((c) => !covered.has(c))) {
        refs.push(other);
        for (const c of set) covered.add(c);
      }
    }
    sets.push([name, own]);
    return [...refs, ...members.filter((c) => !covered.has(c)).map((c) => `'${c}'`)];
  });
}

/** The text of codes.d.ts. */
export function generateCodes(unions = codeUnions()) {
  let out = `// GENERATED by scripts/gen-payload-types.mjs from the Rust lists named on each type and the
// script's JS_CODES (codes only the package's JavaScript throws): do not edit
// (tests/node/payload-dts.test.mjs fails when this file and the sources differ).\n`;
  const members = written(unions);
  unions.forEach(([name, text], i) => {
    out += `\n${doc(text, '')}export type ${name} =\n${members[i].map((m) => `  | ${m}`).join('\n')};\n`;
  });
  return out;
}

// --- CommonJS twins, exports types and typesVersions (pkg/package.json) ---------------------------

export const PACKAGE_JSON = path.join(root, 'pkg/package.json');

/** The ES module types file of an export's `types`: `./x.d.ts`, or the `default` of `{require, default}`. */
export const esmTypes = (types) => (typeof types === 'string' ? types : types?.default);

/** `./types/hash.d.ts` -> `./types/hash.d.cts`. */
export const ctsOf = (file) => file.replace(/\.d\.ts$/, '.d.cts');

/**
 * The CommonJS twin of every .d.ts of the package (index.d.ts, types/*.d.ts), by its path in
 * pkg/: the same declarations, relative imports `./x.js` made `./x.cjs` (whose types are
 * `./x.d.cts`). The package is `"type": "module"`, so its .d.ts files describe ES modules, which
 * TypeScript's node16 refuses to `require()` (TS1479); a CommonJS consumer (a .cts file, a
 * `"type": "commonjs"` project) gets the twins through the `require` condition of each export's
 * `types`.
 */
export function cjsTwins() {
  const types = readdirSync(path.join(root, 'pkg/types')).filter((f) => f.endsWith('.d.ts')).sort();
  const twins = {};
  for (const file of ['index.d.ts', ...types.map((f) => `types/${f}`)]) {
    const text = read(`pkg/${file}`).replace(/(from\s+'\.{1,2}\/[^']*)\.js'/g, "$1.cjs'");
    twins[ctsOf(file)] = `// GENERATED by scripts/gen-payload-types.mjs from ${path.basename(file)}, for CommonJS consumers: do not edit.\n${text}`;
  }
  return twins;
}

/**
 * The `typesVersions` map of an `exports` map: each subpath with a `types` condition (other
 * than the root, which node10 finds by `types`), mapped to its ES module types.
 */
export function typesVersionsOf(exports) {
  const map = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (subpath === '.' || typeof target !== 'object' || target === null || typeof esmTypes(target.types) !== 'string') continue;
    map[subpath.replace(/^\.\//, '')] = [esmTypes(target.types)];
  }
  return { '*': map };
}

/**
 * pkg/package.json with each export's `types` as `{require: twin, default: file}`, its
 * `typesVersions` made from its `exports`, and `index.d.cts` in its `files`, as text.
 */
export function generatePackageJson(text = readFileSync(PACKAGE_JSON, 'utf8')) {
  const pkg = JSON.parse(text);
  for (const target of Object.values(pkg.exports)) {
    if (typeof target !== 'object' || target === null || typeof esmTypes(target.types) !== 'string') continue;
    const file = esmTypes(target.types);
    target.types = { require: ctsOf(file), default: file };
  }
  pkg.typesVersions = typesVersionsOf(pkg.exports);
  if (!pkg.files.includes('index.d.cts')) pkg.files.splice(pkg.files.indexOf('index.d.ts') + 1, 0, 'index.d.cts');
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Writes the CommonJS twins (scripts/build-wasm.sh runs `node scripts/gen-payload-types.mjs --cjs-twins`). */
export function writeCjsTwins() {
  for (const [file, text] of Object.entries(cjsTwins())) writeFileSync(path.join(root, 'pkg', file), text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--cjs-twins') {
  writeCjsTwins();
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CODES_OUTPUT, generateCodes());
  console.log(`gen-payload-types: wrote ${path.relative(root, CODES_OUTPUT)}`);
  writeFileSync(PACKAGE_JSON, generatePackageJson());
  console.log(`gen-payload-types: wrote the types and typesVersions of ${path.relative(root, PACKAGE_JSON)}`);
  writeFileSync(OUTPUT, await generateFromPackage());
  console.log(`gen-payload-types: wrote ${path.relative(root, OUTPUT)}`);
  // Last: the twins copy the files written above.
  writeCjsTwins();
  console.log('gen-payload-types: wrote the CommonJS twins (pkg/index.d.cts, pkg/types/*.d.cts)');
}
