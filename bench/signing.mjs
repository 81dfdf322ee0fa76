// Signature verification benchmark: webhook event signatures verified per second by the wasm
// build in Node (`verifySignature`: HMAC-SHA256 and a constant-time comparison in Rust) beside
// node:crypto (`createHmac('sha256')` + `timingSafeEqual`, OpenSSL) on the same 1 KiB and 64 KiB
// JSON bodies, in the same run. Rounds alternate between the contenders; each figure is the median
// of its rounds. Not part of the test command.
//
// Run (from the repository root): bash scripts/build-wasm.sh && node bench/signing.mjs
// BENCH_SECONDS (default 1) sets the length of each measured round, BENCH_ROUNDS (default 3) their
// number.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { verifySignature } from '../pkg/node.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu';
const HEADER = 'x-service-webhooks-signature';

/** A JSON event body of exactly `size` bytes (an array of events, padded inside a string). */
function jsonBody(size) {
  const events = [];
  let text = '';
  for (let i = 0; ; i++) {
    events.push({ event_id: `e-${1_000_000 + i}`, type: 'dm.received', created_at: '2026-03-18T12:00:00Z', text: `message ${i} caf\u00e9` });
    const candidate = JSON.stringify({ events, pad: '' });
    if (Buffer.byteLength(candidate) > size) break;
    text = candidate;
  }
  const pad = size - Buffer.byteLength(text);
  const body = Buffer.from(text.replace('"pad":""', `"pad":"${'x'.repeat(pad)}"`), 'utf8');
  if (body.length !== size) throw new Error(`body of ${body.length} bytes, wanted ${size}`);
  JSON.parse(body.toString('utf8'));
  return body;
}

/** The baseline: what a hand-written Node receiver does. */
function nodeVerify(secret, body, header) {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'base64');
  if (given.length !== 32) return false;
  const mac = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(mac, given);
}

/** Calls `fn` repeatedly for `seconds`; returns operations per second. */
function measure(fn, seconds) {
  let ops = 0;
  let ok = 0;
  const batch = 64;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < batch; i++) if (fn()) ok++;
    ops += batch;
    elapsed = process.hrtime.bigint() - start;
  }
  if (ok !== ops) throw new Error('a verification failed during the benchmark');
  return ops / (Number(elapsed) / 1e9);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US').padStart(11);

const rows = [];
console.log(`Node ${process.version}, ${process.arch}; ${ROUNDS} rounds of ${SECONDS}s per contender and size (median shown)\n`);
for (const size of [1024, 64 * 1024]) {
  const body = jsonBody(size);
  const header = `sha256=${createHmac('sha256', SECRET).update(body).digest('base64')}`;
  const headers = { 'content-type': 'application/json', [HEADER]: header };
  const contenders = {
    'wasm verifySignature (Buffer, header string)': () => verifySignature(SECRET, body, header),
    'wasm verifySignature (Buffer, req.headers)': () => verifySignature(SECRET, body, headers),
    'node:crypto createHmac + timingSafeEqual': () => nodeVerify(SECRET, body, header),
  };
  for (const fn of Object.values(contenders)) {
    if (fn() !== true) throw new Error('the benchmark bodies do not verify');
    measure(fn, Math.min(0.3, SECONDS)); // warm-up
  }
  const results = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(contenders)) results[name].push(measure(fn, SECONDS));
  }
  const nodeOps = median(results['node:crypto createHmac + timingSafeEqual']);
  console.log(`${size / 1024} KiB JSON body`);
  for (const [name, xs] of Object.entries(results)) {
    const ops = median(xs);
    const mibs = (ops * size) / (1024 * 1024);
    console.log(`  ${name.padEnd(46)} ${fmt(ops)} ops/s  ${mibs.toFixed(0).padStart(6)} MiB/s  ${(ops / nodeOps).toFixed(2)}x node:crypto`);
    rows.push({ size, name, ops, ratio: ops / nodeOps });
  }
  console.log('');
}
const ratio = (size) => rows.find((r) => r.size === size && r.name.startsWith('wasm verifySignature (Buffer, header string)')).ratio;
console.log(`wasm / node:crypto ratio: ${ratio(1024).toFixed(2)} at 1 KiB, ${ratio(64 * 1024).toFixed(2)} at 64 KiB`);
