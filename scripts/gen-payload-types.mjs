// Generates pkg/types/payloads.d.ts, the TypeScript types of every kind's payload, from the
// engine's own description of each kind: `jsonSchema(kind)` of the built package (the same
// schema as `preflight describe --schema KIND`). Never edit the output by hand:
//
//   bash scripts/build-wasm.sh && node scripts/gen-payload-types.mjs
//
// tests/node/payload-dts.test.mjs regenerates it and fails when the committed file differs (the
// engine's rules changed and the types were not regenerated), and type-checks every valid vector
// payload against it.
//
// The types are never stricter than the engine: a payload the engine calls valid must
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
import { writeFileSync } from 'node:fs';
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(OUTPUT, await generateFromPackage());
  console.log(`gen-payload-types: wrote ${path.relative(root, OUTPUT)}`);
}
