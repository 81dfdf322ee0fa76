// The cost per value of Array.prototype.join over 1,000,000 emails, at once and in pieces, with
// the UTF-8 encoding that follows (what hashIdentifiers in pkg/lib/audience.js spends reading an
// array). Pieces are cheaper here, yet joining in pieces inside hashIdentifiers lost an A/B of the
// whole path (bench/audience.mjs; docs/PERFORMANCE.md), so it keeps one join. Prints ns per value (best of 7 runs).
//   node bench/join.mjs
const N = Number(process.env.COUNT ?? 1_000_000);
const values = [];
for (let i = 0; i < N; i++) values.push(`${i % 10 === 0 ? ' ' : ''}First.Last${(i * 7919) % 100000}@Example.com`);
const enc = new TextEncoder();
const out = new Uint8Array(values.reduce((n, v) => n + v.length, 0) * 3);
function time(name, f) {
  let best = Infinity;
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  console.log(name.padEnd(36), `${((best * 1e6) / N).toFixed(1)} ns/value`);
}
time("one join('') + encode", () => enc.encode(values.join('')));
for (const piece of [256, 1024, 4096, 16384, 65536]) {
  time(`join in pieces of ${piece} + encodeInto`, () => {
    let p = 0;
    for (let i = 0; i < N; i += piece) p += enc.encodeInto(values.slice(i, i + piece).join(''), out.subarray(p)).written;
  });
}
