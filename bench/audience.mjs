// Audience identifier hashing benchmark: 1,000,000 realistic emails through preflight's wasm bulk
// paths (hashIdentifiers on the array, hashLines on the joined text, createLineHasher over 64 KiB
// chunks) against per-value JavaScript loops doing the same normalization (trim + NFC +
// toLowerCase) followed by node:crypto, hash-wasm, @noble/hashes and WebCrypto, and a raw
// SHA-256 loop inside wasm over the already normalized lines as the ceiling. All in one run.
//
// The wasm is built with WebAssembly SIMD: the bulk paths hash values whose normalized form fits
// one SHA-256 block (at most 55 UTF-8 bytes; the header line gives their share) four at a time
// (src/audience/sha256x4.rs), longer ones one at a time. The ceiling is one scalar SHA-256 per
// line (bindings/wasm/src/audience.rs), so the bulk paths can come close to it or pass it.
//
// The ceiling's export is in no shipped build: scripts/build-wasm.sh builds it (feature bench) into
// <target dir>/wasm-bench/preflight_bench.cjs (target/, or CARGO_TARGET_DIR).
//
// Run after building (bash scripts/build-wasm.sh):  node --expose-gc bench/audience.mjs
// (or bash bench/audience.sh, which builds first). COUNT=100000 node bench/audience.mjs for a
// quicker look; PATHS=regex runs only the paths whose names match (node:crypto and the ceiling are
// always run: the ratios need them). RUNS rounds of every path (3 unless set), then EXTRA more
// (10 unless set) of the paths the targets compare. A benchmark, not a test: it prints figures
// and checks that every path gives the same hashes.
import { createHash, webcrypto } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSHA256 } from 'hash-wasm';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hashIdentifiers, hashLines, createLineHasher } from '../pkg/node.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchGlue = path.resolve(root, process.env.CARGO_TARGET_DIR ?? 'target', 'wasm-bench/preflight_bench.cjs');
if (!existsSync(benchGlue)) {
  console.error(`bench/audience.mjs: ${benchGlue} not found: run bash scripts/build-wasm.sh`);
  process.exit(1);
}
const raw = createRequire(import.meta.url)(benchGlue);
const COUNT = Number(process.env.COUNT ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
// More rounds for the paths the targets compare (the wasm bulk paths, node:crypto and the
// ceiling; the others only give context and are slow): each is best of RUNS + EXTRA.
const EXTRA = Number(process.env.EXTRA ?? 10);
const CHUNK = 64 * 1024;

// --- deterministic data ----------------------------------------------------------------------
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(20260421);
const pick = (list) => list[Math.floor(rnd() * list.length)];

const FIRST = ['james', 'mary', 'john', 'patricia', 'robert', 'jennifer', 'michael', 'linda', 'david', 'elizabeth',
  'william', 'barbara', 'richard', 'susan', 'joseph', 'jessica', 'thomas', 'sarah', 'chris', 'karen', 'daniel',
  'lisa', 'matthew', 'nancy', 'anthony', 'sandra', 'mark', 'ashley', 'priya', 'wei', 'yuki', 'olga', 'ahmed',
  'fatima', 'lars', 'ingrid', 'pierre', 'marie', 'giovanni', 'sofia', 'mateo', 'lucia', 'noah', 'emma', 'liam'];
const LAST = ['smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez',
  'hernandez', 'lopez', 'gonzalez', 'wilson', 'anderson', 'thomas', 'taylor', 'moore', 'jackson', 'martin', 'lee',
  'perez', 'thompson', 'white', 'harris', 'clark', 'lewis', 'walker', 'hall', 'young', 'king', 'wright', 'scott',
  'nguyen', 'kim', 'patel', 'singh', 'chen', 'wang', 'schmidt', 'schneider', 'fischer', 'dubois', 'rossi', 'silva'];
// Accented names, some in decomposed form (NFD), as some exports have them.
const ACCENTED = ['josé', 'zoë', 'renée', 'françois', 'müller', 'ångström', 'łukasz', 'søren', 'björn', 'chloé',
  'dvořák', 'gonçalves', 'núñez', 'jürgen', 'émile', 'inès', 'andré', 'mónica', 'stéphane', 'őrs'];
const DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com',
  'aol.com', 'proton.me', 'gmx.de', 'web.de', 'orange.fr', 'free.fr', 'yahoo.co.uk', 'btinternet.com', 'live.com',
  'comcast.net', 'acme-corp.com', 'example.org', 'mail.uni-muenchen.de', 'globex.co.jp', 'initech.io',
  'shop.example.com.br', 'hooli.xyz'];
const IDN_DOMAINS = ['münchen.de', 'café.fr', 'bücher.example'];

function caseMix(s) {
  const r = rnd();
  if (r < 0.55) return s;
  if (r < 0.8) return s.replace(/(^|[._])(\p{L})/gu, (m, a, b) => a + b.toUpperCase());
  if (r < 0.9) return s.toUpperCase();
  return [...s].map((c) => (rnd() < 0.3 ? c.toUpperCase() : c)).join('');
}

function email() {
  let first = pick(FIRST);
  let last = pick(LAST);
  let domain = pick(DOMAINS);
  const u = rnd();
  if (u < 0.03) first = pick(ACCENTED);
  else if (u < 0.04) last = pick(ACCENTED);
  if (rnd() < 0.01) domain = pick(IDN_DOMAINS);
  const shape = rnd();
  let local;
  if (shape < 0.35) local = `${first}.${last}`;
  else if (shape < 0.55) local = `${first}${last}${Math.floor(rnd() * 100)}`;
  else if (shape < 0.7) local = `${first[0]}${last}`;
  else if (shape < 0.8) local = `${first}_${last}${1950 + Math.floor(rnd() * 60)}`;
  else if (shape < 0.9) local = `${first}.${last}+${pick(['news', 'shop', 'promo', 'x'])}`;
  else local = `${first}${Math.floor(rnd() * 10000)}`;
  let s = caseMix(`${local}@${domain}`);
  if (rnd() < 0.3) s = s.normalize('NFD');
  const pad = rnd();
  if (pad < 0.1) s = ` ${s}`;
  else if (pad < 0.2) s = `${s} `;
  else if (pad < 0.25) s = `  ${s}\t`;
  return s;
}

const emails = Array.from({ length: COUNT }, email);
const text = emails.join('\n');
const bytes = Buffer.from(text, 'utf8');
const normalize = (v) => v.trim().normalize('NFC').toLowerCase();
// (The normalized strings are not kept: a million more live strings would make every later
// major GC dearer.)
let singleBlock = 0;
const normalizedBytes = Buffer.from(emails.map((v) => {
  const n = normalize(v);
  if (Buffer.byteLength(n, 'utf8') <= 55) singleBlock++;
  return n;
}).join('\n'), 'utf8');
const nonAscii = emails.filter((e) => /[^\x00-\x7f]/.test(e)).length;
const spaced = emails.filter((e) => e !== e.trim()).length;

// --- paths -------------------------------------------------------------------------------------
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const toHex = (u8) => {
  let s = '';
  for (let i = 0; i < u8.length; i++) s += HEX[u8[i]];
  return s;
};
const hashWasm = await createSHA256();
const encoder = new TextEncoder();

/** Each returns the hashes in input order (null for a rejected value). */
const paths = [
  ['wasm hashIdentifiers(array)', 'wasm', () => hashIdentifiers('email', emails).hashes],
  ['wasm hashLines(text)', 'wasm', () => hashLines('email', text).hashes],
  ['wasm createLineHasher (64 KiB chunks)', 'wasm', () => {
    const h = createLineHasher('email');
    const out = [];
    const keep = (r) => {
      for (let i = 0; i < r.hashes.length; i++) out.push(r.hashes[i]);
    };
    for (let at = 0; at < bytes.length; at += CHUNK) keep(h.push(bytes.subarray(at, at + CHUNK)));
    keep(h.finish());
    return out;
  }],
  ['JS normalize + node:crypto createHash', 'js', () => emails.map((v) => createHash('sha256').update(normalize(v)).digest('hex'))],
  ['JS normalize + hash-wasm sha256 (reused hasher)', 'js', () => emails.map((v) => {
    hashWasm.init();
    hashWasm.update(normalize(v));
    return hashWasm.digest('hex');
  })],
  ['JS normalize + @noble/hashes sha256', 'js', () => emails.map((v) => bytesToHex(nobleSha256(utf8ToBytes(normalize(v)))))],
  ['JS normalize + WebCrypto subtle.digest (await each)', 'js', async () => {
    const out = new Array(emails.length);
    for (let i = 0; i < emails.length; i++) {
      out[i] = toHex(new Uint8Array(await webcrypto.subtle.digest('SHA-256', encoder.encode(normalize(emails[i])))));
    }
    return out;
  }],
  ['ceiling: raw SHA-256 loop in wasm (normalized lines)', 'ceiling', () => raw.benchRawSha256Lines(normalizedBytes)],
];

const gc = globalThis.gc ?? (() => {});
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
async function time(fn) {
  // Collect the previous path's garbage, then let V8's concurrent sweeping finish: on a small
  // machine its threads would otherwise take CPU from the next path (the WebCrypto path leaves
  // millions of promises behind).
  gc();
  await settle();
  const t0 = process.hrtime.bigint();
  const result = await fn();
  const ns = Number(process.hrtime.bigint() - t0);
  return { ns, result };
}

// Correctness first (also warms every path up): every path gives the same hashes. Then RUNS
// rounds of every path, best of each. The WebCrypto path goes through all of that after the
// others have finished theirs: its million awaited promises leave V8's heap in a state that made
// the next paths pay major collections inside their timed runs (measured: with it interleaved,
// hashIdentifiers 57-61% of the ceiling and createLineHasher 58-68%, against 64% and 71% in the
// same run without it). Run last, it slows nothing that is measured.
const results = [];
const only = process.env.PATHS ? new RegExp(process.env.PATHS, 'i') : null;
const always = (name, kind) => kind === 'ceiling' || name.includes('node:crypto');
const chosen = paths.filter(([n, k]) => !only || only.test(n) || always(n, k));
const late = (name) => name.includes('WebCrypto');
for (const phase of [chosen.filter(([n]) => !late(n)), chosen.filter(([n]) => late(n))]) {
  if (phase.length === 0) continue;
  const measured = [];
  let reference = emails.map((v) => createHash('sha256').update(normalize(v)).digest('hex'));
  for (const [name, kind, fn] of phase) {
    const { result } = await time(fn);
    if (kind === 'ceiling') {
      if (result !== COUNT) throw new Error(`${name}: hashed ${result} lines, expected ${COUNT}`);
    } else {
      let diff = 0;
      for (let i = 0; i < COUNT; i++) if (result[i] !== reference[i]) diff++;
      if (result.length !== COUNT || diff !== 0) throw new Error(`${name}: ${diff} hashes differ from node:crypto`);
    }
    measured.push({ name, kind, fn, best: Infinity });
  }
  reference = null; // a million strings less to trace in every later major GC
  for (let run = 0; run < RUNS; run++) {
    for (const r of measured) r.best = Math.min(r.best, (await time(r.fn)).ns);
  }
  // On a noisy machine one slow run is common; a path's best of more runs is closer to its cost
  // on a quiet one. Interleaved, and the same number for both sides of every ratio.
  const compared = measured.filter((r) => r.kind !== 'js' || r.name.includes('node:crypto'));
  for (let run = 0; run < EXTRA; run++) {
    for (const r of compared) r.best = Math.min(r.best, (await time(r.fn)).ns);
  }
  results.push(...measured);
}

// --- report ------------------------------------------------------------------------------------
const nsPer = (r) => r.best / COUNT;
const byName = Object.fromEntries(results.map((r) => [r.name, r]));
const nodeLoop = byName['JS normalize + node:crypto createHash'];
const ceiling = results.find((r) => r.kind === 'ceiling');
const wasmPaths = results.filter((r) => r.kind === 'wasm');

console.log(`preflight audience hashing benchmark: ${COUNT.toLocaleString('en-US')} emails, ` +
  `${(bytes.length / 1e6).toFixed(1)} MB of UTF-8, ${(100 * nonAscii / COUNT).toFixed(1)}% non-ASCII, ` +
  `${(100 * spaced / COUNT).toFixed(1)}% with surrounding whitespace, ` +
  `${(100 * singleBlock / COUNT).toFixed(1)}% one SHA-256 block (<= 55 bytes) once normalized; best of ${RUNS} runs each ` +
  `(the wasm paths, node:crypto and the ceiling: ${RUNS + EXTRA})`);
console.log(`node ${process.version}, ${process.arch}; every path's hashes checked equal to node:crypto's\n`);
const w = Math.max(...results.map((r) => r.name.length));
console.log(`${'path'.padEnd(w)}  ${'ns/value'.padStart(9)}  ${'Mvalues/s'.padStart(9)}  ${'vs node:crypto'.padStart(14)}`);
for (const r of results) {
  const ns = nsPer(r);
  console.log(`${r.name.padEnd(w)}  ${ns.toFixed(1).padStart(9)}  ${(1e3 / ns).toFixed(2).padStart(9)}  ` +
    `${(nsPer(nodeLoop) / ns).toFixed(2).padStart(13)}x`);
}
console.log('\nratios (targets: >= 3x faster than the node:crypto loop; >= 60% of the raw wasm ceiling)');
for (const r of wasmPaths) {
  const speedup = nsPer(nodeLoop) / nsPer(r);
  const ofCeiling = nsPer(ceiling) / nsPer(r);
  console.log(`  ${r.name.padEnd(w - 2)}  ${speedup.toFixed(2)}x node:crypto ${speedup >= 3 ? '(met)' : '(MISSED)'}` +
    `   ${(100 * ofCeiling).toFixed(0)}% of ceiling ${ofCeiling >= 0.6 ? '(met)' : '(MISSED)'}`);
}
