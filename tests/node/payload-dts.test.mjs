// The generated types (scripts/gen-payload-types.mjs):
// - pkg/types/codes.d.ts is what the generator makes of the Rust lists now (Kind, IssueCode,
//   ErrorCode, the audience, signing, helper and loading codes, AnyErrorCode), and every code
//   the package's JavaScript and the wasm binding throw is in AnyErrorCode, which every entry's
//   PreflightError carries (tsc);
// - the exports' types and the typesVersions map of pkg/package.json are what the generator
//   makes of the exports map, and the built CommonJS twins (pkg/index.d.cts, pkg/types/*.d.cts)
//   what it makes of the .d.ts files;
// - the payload types (pkg/types/payloads.d.ts, issue 16) are what the generator makes of the
//   engine's jsonSchema(kind) now (CI fails when the engine's rules change and the file is not
//   regenerated), cover exactly the engine's kinds, and are never stricter than the engine:
//   every payload of tests/vectors/ the engine calls valid type-checks as
//   `validate(kind, payload)` (tsc on a generated file).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportsNothing } from './packed.mjs';
import { fileURLToPath } from 'node:url';
import {
  bindingCodes,
  cjsTwins,
  codeUnions,
  CODES_OUTPUT,
  generateCodes,
  generateFromPackage,
  generatePackageJson,
  JS_CODES,
  OUTPUT,
  PACKAGE_JSON,
  rustLists,
  typeName,
} from '../../scripts/gen-payload-types.mjs';
import { kinds, validate } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/.bin/tsc');

test('pkg/types/payloads.d.ts is what the engine describes now (node scripts/gen-payload-types.mjs)', async () => {
  const committed = readFileSync(OUTPUT, 'utf8');
  const fresh = await generateFromPackage();
  assert.ok(
    committed === fresh,
    'pkg/types/payloads.d.ts differs from the engine\'s jsonSchema: run bash scripts/build-wasm.sh && node scripts/gen-payload-types.mjs',
  );
  for (const kind of kinds()) {
    assert.match(committed, new RegExp(`^export type ${typeName(kind)} = `, 'm'), kind);
    assert.match(committed, new RegExp(`^  ${kind}: ${typeName(kind)};$`, 'm'), kind);
  }
});

const REGENERATE = 'run bash scripts/build-wasm.sh && node scripts/gen-payload-types.mjs';

test('pkg/types/codes.d.ts is what the Rust lists and JS_CODES give now (node scripts/gen-payload-types.mjs)', () => {
  assert.ok(readFileSync(CODES_OUTPUT, 'utf8') === generateCodes(), `pkg/types/codes.d.ts differs from the Rust lists: ${REGENERATE}`);
});

test('the Kind union is read from the kind table and is the engine\'s kinds(), in order', () => {
  // build.rs generates the engine's Kind from src/spec/v12/kinds.md; the union is read from the
  // same table: a package built from another table (or a table the reader misreads) fails here.
  assert.deepEqual(rustLists().kinds, kinds());
  const union = /^export type Kind =\n((?:  \| '[a-z0-9_]+'\n?)+)/m.exec(readFileSync(CODES_OUTPUT, 'utf8'));
  assert.ok(union, 'pkg/types/codes.d.ts has no Kind union');
  assert.deepEqual([...union[1].matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]), kinds());
});

test('the types and typesVersions of pkg/package.json map every subpath of its exports (node scripts/gen-payload-types.mjs)', () => {
  assert.ok(readFileSync(PACKAGE_JSON, 'utf8') === generatePackageJson(), `pkg/package.json types or typesVersions differ from its exports: ${REGENERATE}`);
});

test('the built CommonJS twins pkg/index.d.cts and pkg/types/*.d.cts are the .d.ts files now', () => {
  const twins = cjsTwins();
  for (const [file, text] of Object.entries(twins)) {
    const built = existsSync(path.join(root, 'pkg', file)) ? readFileSync(path.join(root, 'pkg', file), 'utf8') : null;
    assert.ok(built === text, `pkg/${file} is not its .d.ts now: run bash scripts/build-wasm.sh (or node scripts/gen-payload-types.mjs --cjs-twins)`);
  }
  const present = readdirSync(path.join(root, 'pkg/types')).filter((f) => f.endsWith('.d.cts')).map((f) => `types/${f}`);
  assert.deepEqual(present.filter((f) => !(f in twins)), [], 'a .d.cts without its .d.ts');
});

/** The codes thrown with a literal code in pkg/lib/*.js (`new PreflightError('code', ...)`). */
function libCodes() {
  const codes = new Set();
  const dir = path.join(root, 'pkg/lib');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/PreflightError\(\s*'([a-z0-9_]+)'/g)) codes.add(m[1]);
  }
  return codes;
}

test('every code the JavaScript and the binding throw is a Rust code or in JS_CODES, and each JS_CODES entry is thrown', () => {
  const rust = new Set(Object.values(rustLists()).flat());
  const thrown = new Set([...libCodes(), ...bindingCodes()]);
  assert.ok(thrown.has('not_initialized') && thrown.has('init_failed') && thrown.size > 15, [...thrown].join(' '));
  const unlisted = [...thrown].filter((c) => !rust.has(c) && !(c in JS_CODES));
  assert.deepEqual(unlisted, [], 'codes thrown in pkg/lib or bindings/wasm that are in no Rust list: add them to JS_CODES');
  const stale = Object.keys(JS_CODES).filter((c) => !thrown.has(c));
  assert.deepEqual(stale, [], 'JS_CODES lists codes nothing throws');
  const any = new Set(codeUnions().find(([name]) => name === 'AnyErrorCode')[2]);
  const internal = Object.keys(JS_CODES).filter((c) => JS_CODES[c].unions.length === 0);
  const missing = [...thrown].filter((c) => !any.has(c) && !internal.includes(c));
  assert.deepEqual(missing, [], 'thrown codes missing from AnyErrorCode');
});

/** Runs tsc on `files` (name -> text) in a directory under target/ (so 'preflight-wasm' resolves). */
function typeCheck(dir, files) {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  try {
    execFileSync(tsc, ['--noEmit', '-p', dir], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (e) {
    return `${e.stdout}${e.stderr}` || String(e);
  }
}

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'es2022', lib: ['es2022', 'dom'], module: 'nodenext', moduleResolution: 'nodenext', types: [],
    strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, noEmit: true,
  },
  files: ['vectors.ts'],
});

test('every entry\'s PreflightError carries every code the package throws (tsc)', () => {
  const internal = Object.keys(JS_CODES).filter((c) => JS_CODES[c].unions.length === 0);
  const rust = rustLists();
  // Every code of a wrong call: the thrown literals, the binding's, and the Rust error codes.
  const codes = [...new Set([...libCodes(), ...bindingCodes(), ...rust.errorCodes, ...rust.idErrors, ...rust.batchErrors, ...rust.signingErrors])]
    .filter((c) => !internal.includes(c))
    .sort();
  const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  let body = '';
  let i = 0;
  // Every entry but a script subpath (types of `export {};`: preflight-wasm/hash-worker, the worker).
  for (const subpath of Object.keys(pkg.exports).filter((p) => typeof pkg.exports[p] === 'object' && !exportsNothing(pkg.exports[p].types.default))) {
    const name = subpath === '.' ? 'preflight-wasm' : `preflight-wasm/${subpath.slice(2)}`;
    body += `import { PreflightError as E${i} } from '${name}';\nimport type { AnyErrorCode as A${i} } from '${name}';\n`;
    body += `export const codes${i}: InstanceType<typeof E${i}>['code'][] = ${JSON.stringify(codes)};\n`;
    body += `export const any${i}: A${i}[] = codes${i};\n`;
    i++;
  }
  assert.ok(i >= 15, `${i} entries`);
  const errors = typeCheck(path.join(root, 'target/payload-types/codes'), {
    'tsconfig.json': TSCONFIG,
    'vectors.ts': body,
  });
  assert.equal(errors, '', 'codes thrown at run time that PreflightError[\'code\'] or AnyErrorCode of an entry does not allow');
});

test('every valid vector payload type-checks as validate(kind, payload)', () => {
  const dir = path.join(root, 'tests/vectors');
  let body = "import { validate } from 'preflight-wasm';\n";
  let n = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const c of JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) {
      if (c.valid !== true || !('payload' in c)) continue;
      // The engine says so today, too (a vector that drifted would prove nothing here).
      assert.equal(validate(c.kind, c.payload, c.options).valid, true, `${file}: ${c.name}`);
      body += `// ${file}: ${JSON.stringify(c.name)}\nvalidate(${JSON.stringify(c.kind)}, ${JSON.stringify(c.payload)});\n`;
      n++;
    }
  }
  assert.ok(n > 400, `only ${n} valid vector payloads`);
  const errors = typeCheck(path.join(root, 'target/payload-types/valid'), { 'tsconfig.json': TSCONFIG, 'vectors.ts': body });
  assert.equal(errors, '', 'valid payloads that do not type-check (the types are stricter than the engine)');
});

test('the payload types refuse what the engine calls a wrong type (a check that can fail)', () => {
  // The same harness on payloads the engine rejects for their types: each must be a type error.
  const cases = [
    ['poll_card', { name: 'p', duration_in_minutes: true, first_choice: 'a', second_choice: 'b' }],
    ['poll_card', { duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' }],
    ['product', { id: 'x', title: 't', description: 'd', link: 'https://x', image_link: 'https://x/i.png', price: '1 USD', availability: 'instock', condition: 'new' }],
    ['card_list_query', { count: false }],
    ['webhook_create', []],
  ];
  for (const [kind, payload] of cases) {
    assert.equal(validate(kind, payload).valid, false, `${kind} ${JSON.stringify(payload)}`);
    const errors = typeCheck(path.join(root, 'target/payload-types/invalid'), {
      'tsconfig.json': TSCONFIG,
      'vectors.ts': `import { validate } from 'preflight-wasm';\nvalidate(${JSON.stringify(kind)}, ${JSON.stringify(payload)});\n`,
    });
    assert.match(errors, /error TS2\d+/, `${kind} ${JSON.stringify(payload)} type-checks`);
  }
});
