// The result encoding across the wasm boundary, measured (docs/BOUNDARY.md, docs/PERFORMANCE.md):
// a validation report as JSON text written by the engine's writer and read with JSON.parse (what
// the package ships), against the same report built as a JavaScript value by serde-wasm-bindgen.
// Builds bench/encoding/ (its own crate) three times, as scripts/build-wasm.sh builds a module
// (wasm-release-like profile, wasm-opt -Oz): JSON only, serde-wasm-bindgen only (the size each
// side adds), and both (the speed of both in one module, interleaved, as ratios).
// Run: node bench/encoding.mjs   (BENCH_SECONDS, BENCH_ROUNDS as the other benchmarks)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const crate = path.join(root, 'bench/encoding');
const targetDir = path.join(root, 'target/encoding-bench');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** What rustc emits for wasm32 with .cargo/config.toml's SIMD (scripts/build-wasm.sh reads it). */
const FEATURES = ['simd', 'bulk-memory', 'sign-ext', 'mutable-globals', 'nontrapping-float-to-int', 'multivalue', 'reference-types'].map((f) => `--enable-${f}`);

function build(features) {
  execFileSync('cargo', ['build', '-q', '--release', '--target', 'wasm32-unknown-unknown', '--features', features], {
    cwd: crate,
    env: { ...process.env, CARGO_TARGET_DIR: targetDir },
    stdio: 'inherit',
  });
  const out = path.join(targetDir, features.replace(',', '-'));
  mkdirSync(out, { recursive: true });
  const wasm = path.join(targetDir, 'wasm32-unknown-unknown/release/preflight_encoding_bench.wasm');
  execFileSync('wasm-bindgen', ['--target', 'nodejs', '--out-dir', out, wasm]);
  const bg = path.join(out, 'preflight_encoding_bench_bg.wasm');
  execFileSync(path.join(root, 'node_modules/.bin/wasm-opt'), ['-Oz', ...FEATURES, bg, '-o', bg]);
  // CommonJS glue under a "type": "module" package: a package.json of its own.
  writeFileSync(path.join(out, 'package.json'), '{"type": "commonjs"}\n');
  return out;
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const sizes = {};
for (const f of ['json', 'serde']) sizes[f] = gz(path.join(build(f), 'preflight_encoding_bench_bg.wasm'));
const both = createRequire(import.meta.url)(path.join(build('json,serde'), 'preflight_encoding_bench.js'));

// The benchmark's batch (bench/validate.mjs), and the same batch with every string a number: a
// report of many issues.
const text = readFileSync(path.join(root, 'bench/fixtures/product_batch_25.json'), 'utf8');
const broken = JSON.stringify(JSON.parse(text), (_, v) => (typeof v === 'string' ? 1 : v));
const enc = new TextEncoder();
const cases = [
  ['25 products, valid', enc.encode(text)],
  ['25 products, every string a number', enc.encode(broken)],
];

function rate(fn) {
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    fn();
    n++;
  }
  return n / SECONDS;
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

console.log(`Node ${process.version}; ${ROUNDS} rounds of ${SECONDS}s each, interleaved (median)`);
console.log('\n.wasm of the validation engine and one export, wasm-opt -Oz, gzip -9:');
console.log(`  JSON text (engine writer)    ${sizes.json} B`);
console.log(`  serde-wasm-bindgen value     ${sizes.serde} B  (${sizes.serde - sizes.json >= 0 ? '+' : ''}${sizes.serde - sizes.json} B)`);
for (const [name, bytes] of cases) {
  const a = JSON.parse(both.viaJson('product_batch', bytes));
  const b = both.viaSerde('product_batch', bytes);
  const issues = a.issues?.length ?? 0;
  const json = [];
  const serde = [];
  // Both give the same value (the engine's report), or the comparison means nothing.
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${name}: the two encodings differ`);
  for (let r = 0; r < ROUNDS; r++) {
    // Each round in the other order, so that neither side always runs first.
    const sides = [
      () => json.push(rate(() => JSON.parse(both.viaJson('product_batch', bytes)))),
      () => serde.push(rate(() => both.viaSerde('product_batch', bytes))),
    ];
    if (r % 2) sides.reverse();
    for (const side of sides) side();
  }
  console.log(`\n${name} (${issues} issues)`);
  console.log(`  JSON text + JSON.parse       ${median(json).toFixed(0)} calls/s  1.00x`);
  console.log(`  serde-wasm-bindgen value     ${median(serde).toFixed(0)} calls/s  ${(median(serde) / median(json)).toFixed(2)}x`);
}

// The bulk identifier results (hashIdentifiers, hashLines, the line and CSV hashers): the packed
// text the module returns (`<slots>,<first>|<errors>|<lengths>|<outputs>`, 64 hex digits per
// hash back to back), read by lib/audience.js `unpack`, against the same block as JSON text
// (`{"hashes":[...],"errors":[...]}`) read by JSON.parse: the decoding alone, for one block of
// 32768 values with one error in 64 (the engine writes either text at about the same cost).
const { unpack } = await import('../pkg/lib/audience.js');
const BLOCK = 32768;
const hex = (i) => (i.toString(16).padStart(8, '0')).repeat(8);
let packedErrors = '';
let outputs = '';
const hashes = [];
const errors = [];
for (let i = 0; i < BLOCK; i++) {
  if (i % 64 === 63) {
    packedErrors += `${i}:empty,`;
    errors.push({ index: i, code: 'empty' });
    hashes.push(null);
  } else {
    outputs += hex(i);
    hashes.push(hex(i));
  }
}
const packed = `${BLOCK},0|${packedErrors}||${outputs}`;
const json = JSON.stringify({ hashes, errors });
if (JSON.stringify(unpack(packed).hashes) !== JSON.stringify(hashes)) throw new Error('packed: not the same hashes');
const pk = [];
const js = [];
for (let r = 0; r < ROUNDS; r++) {
  const sides = [() => pk.push(rate(() => unpack(packed))), () => js.push(rate(() => JSON.parse(json)))];
  if (r % 2) sides.reverse();
  for (const side of sides) side();
}
console.log(`\nbulk hashing results, one block of ${BLOCK} values (${packed.length} B packed, ${json.length} B as JSON)`);
console.log(`  packed text + unpack         ${median(pk).toFixed(0)} blocks/s  1.00x`);
console.log(`  JSON text + JSON.parse       ${median(js).toFixed(0)} blocks/s  ${(median(js) / median(pk)).toFixed(2)}x`);
