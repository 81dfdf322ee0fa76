// Float benchmark: JSON texts of about 8 MB, one number shape each (written by
// `cargo bench --bench floats` to target/bench/floats/), read in one run by the engine natively
// (that run's figures, target/bench/floats/native.json), by its wasm build in Node
// (`validate('poll_card', text)`: the engine's parser, then a one-issue report), by Node's
// `JSON.parse` and by Python's `json.loads` (python3 on PATH), printed as ratios; and per number,
// the engine's `json::parse` against Rust's `str::parse::<f64>` (native). Targets (issue 22,
// finding 7): 8 MB of `1e-300` at most 5x Python's json.loads; no shape over 10x str::parse.
// Run: bash bench/floats.sh. BENCH_ENTRY=validate measures the validation-only build.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ENTRY = process.env.BENCH_ENTRY === 'validate' ? 'validate.js' : 'node.js';
const { validate } = await import(`../pkg/${ENTRY}`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'target/bench/floats');
const native = JSON.parse(readFileSync(path.join(dir, 'native.json'), 'utf8'));
const MIN_MS = 1500;

/** Best time of one call in ms, over at least MIN_MS and three calls. */
function best(f) {
  f();
  let min = Infinity;
  const start = performance.now();
  for (let n = 0; n < 3 || performance.now() - start < MIN_MS; n++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const files = native.map((s) => path.join(dir, `${s.shape}.json`));
const py = spawnSync('python3', ['-c', `
import json, sys, time
out = []
for f in sys.argv[1:]:
    text = open(f).read()
    json.loads(text)
    best, start, n = float('inf'), time.perf_counter(), 0
    while n < 3 or time.perf_counter() - start < ${MIN_MS / 1000}:
        t = time.perf_counter(); json.loads(text); best = min(best, time.perf_counter() - t); n += 1
    out.append(best * 1000)
print(json.dumps(out))
`, ...files], { encoding: 'utf8', maxBuffer: 1 << 20 });
if (py.status !== 0) throw new Error(`python3 failed: ${py.stderr}`);
const python = JSON.parse(py.stdout);

let sink = 0;
const rows = native.map((s, i) => {
  const text = readFileSync(files[i], 'utf8');
  const wasm = best(() => { sink ^= validate('poll_card', text).issues.length; });
  const js = best(() => { sink ^= JSON.parse(text).length; });
  return { ...s, native: s.validate_json_ns / 1e6, wasm, js, python: python[i] };
});

const f1 = (x) => x.toFixed(1);
const pad = (s, n) => String(s).padStart(n);
console.log(`float parsing, ~8 MB of one number shape each (${ENTRY === 'node.js' ? 'full' : 'validation'} wasm build; python3 ${spawnSync('python3', ['-V'], { encoding: 'utf8' }).stdout.trim().split(' ')[1]}, node ${process.versions.node})`);
console.log(`${'shape'.padEnd(12)}${pad('native', 10)}${pad('wasm', 10)}${pad('JSON.parse', 12)}${pad('json.loads', 12)}  ${pad('native/py', 10)}${pad('wasm/py', 9)}${pad('native/JS', 10)}${pad('wasm/JS', 9)}   ns/number: engine  str::parse  ratio`);
for (const r of rows) {
  console.log(`${r.shape.padEnd(12)}${pad(f1(r.native) + ' ms', 10)}${pad(f1(r.wasm) + ' ms', 10)}${pad(f1(r.js) + ' ms', 12)}${pad(f1(r.python) + ' ms', 12)}  ${pad(f1(r.native / r.python) + 'x', 10)}${pad(f1(r.wasm / r.python) + 'x', 9)}${pad(f1(r.native / r.js) + 'x', 10)}${pad(f1(r.wasm / r.js) + 'x', 9)}   ${pad(f1(r.parse_ns_per_number), 17)}${pad(f1(r.std_ns_per_number), 12)}${pad(f1(r.parse_ns_per_number / r.std_ns_per_number) + 'x', 7)}`);
}
console.log('\nshapes:');
for (const r of rows) console.log(`  ${r.shape.padEnd(12)}${r.what}: ${r.numbers} numbers, ${(r.bytes / 1e6).toFixed(1)} MB`);
const e300 = rows.find((r) => r.shape === '1e-300');
const worst = rows.reduce((a, r) => (r.parse_ns_per_number / r.std_ns_per_number > a.parse_ns_per_number / a.std_ns_per_number ? r : a));
const met = (ok) => (ok ? 'met' : 'MISSED');
console.log('\ntargets:');
console.log(`  8 MB of 1e-300, native validate_json <= 5x Python json.loads: ${f1(e300.native / e300.python)}x (${met(e300.native / e300.python <= 5)}); wasm ${f1(e300.wasm / e300.python)}x`);
console.log(`  every shape <= 10x str::parse per number: worst ${worst.shape} ${f1(worst.parse_ns_per_number / worst.std_ns_per_number)}x (${met(worst.parse_ns_per_number / worst.std_ns_per_number <= 10)})`);
if (sink === 0.5) console.log('');
