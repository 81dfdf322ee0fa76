// The engine's pieces against the crates they stand for, in wasm (Node/V8), each pair
// interleaved in one run, best of 15, ns per item: SHA-256 of e-mail-sized messages (four at a
// time, one at a time, sha2), shortest digits of doubles of every exponent and of amounts (ryu), RFC 3339 date-times (chrono),
// percent-encoding (percent-encoding). Pairs that do the same work must give the same checksum.
// Usage: bash bench/libsize/run.sh speed (builds), then node bench/libsize/speed.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const wasm = fileURLToPath(new URL('../../target/libsize/wasm32-unknown-unknown/release/libsize.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(readFileSync(wasm), {});
const x = instance.exports;
const groups = [
  ['SHA-256, e-mail-sized messages', 4096, 50, true, [['four lanes (sha256x4)', x.four], ['one message (sha256x1)', x.one], ['sha2', x.sha2]]],
  ['shortest digits of doubles of every exponent', 4096, 3, false, [['write_f64 (shortest.rs)', x.f64_ours], ['ryu', x.f64_ryu]]],
  ['shortest digits of amounts (0.01 to 99999.99)', 4096, 20, false, [['write_f64 (shortest.rs)', x.f64_ours], ['ryu', x.f64_ryu]]],
  ['RFC 3339 date-times', 4096, 50, true, [['parse_iso8601 (dates.rs)', x.date_ours], ['chrono', x.date_chrono]]],
  ['percent-encoding', 4096, 50, true, [['encode (percent.rs)', x.pct_ours], ['percent-encoding', x.pct_crate]]],
];
for (const [title, n, rounds, same, paths] of groups) {
  const best = new Map();
  const sums = new Set();
  for (let run = 0; run < 15; run++) {
    for (const [name, f] of paths) {
      const t = process.hrtime.bigint();
      sums.add(f(n, rounds));
      const ns = Number(process.hrtime.bigint() - t) / (n * rounds);
      best.set(name, Math.min(best.get(name) ?? Infinity, ns));
    }
  }
  if (same && sums.size !== 1) throw new Error(`${title}: the paths disagree`);
  const crate = best.get(paths[paths.length - 1][0]);
  console.log(title);
  for (const [name, ns] of best) {
    console.log(`  ${name.padEnd(26)} ${ns.toFixed(1).padStart(8)} ns  ${(crate / ns).toFixed(2)}x the crate's speed`);
  }
}
