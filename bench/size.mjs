// Download size of the browser builds, beside ajv's and zod's, measured the same way: raw bytes
// and `gzip -9` bytes (GNU gzip, as the size issue states; Node's own zlib at level 9 gives about
// 7% more on the .wasm) of every file the browser downloads, and the .wasm files' brotli (quality
// 11, what CDNs serve: Node's zlib, the reference brotli encoder). A benchmark, not a test:
// it prints figures and never fails on them. Run after building: bash scripts/size.sh (which
// builds first) or node bench/size.mjs.
//
// For each preflight browser entry (as shipped: its pkg/dist/ build, see below; pkg/browser.js: everything, preflight-wasm;
// pkg/validate-browser.js: validation only, preflight-wasm/validate; pkg/hash-browser.js: audience
// hashing only, preflight-wasm/hash; pkg/helpers-browser.js: the hash API and the
// CSV/file/stream helpers, preflight-wasm/helpers (the hash-only build and the CSV reader);
// pkg/signing-browser.js: signing only, preflight-wasm/signing; pkg/answers-browser.js: the
// answer readers, preflight-wasm/answers (informational: no ceiling); each over its own .wasm build) it follows the entry's static relative imports, so the list is exactly the files
// the browser fetches: the hand-written modules, the wasm-bindgen glue and the .wasm the glue
// fetches (`new URL('preflight_wasm_bg.wasm', import.meta.url)`). Two totals:
//   as shipped  the package's files as a browser loads them: the entry of the "exports" map
//               (pkg/dist/: each module minified alone by scripts/build-js.mjs), the modules it
//               imports and the .wasm;
//   bundled     the entry bundled and minified by esbuild (as an application's build would serve
//               it) plus the .wasm, which a bundler copies as an asset.
// ajv and zod are bundled and minified by esbuild from a typical import (ajv: `new Ajv()` and one
// `compile`, whose code generator ships to the browser; zod: a small object schema).
//
// The /inline entry of each build (the .wasm as base64 inside the JavaScript, no second file) is
// measured bundled too: what a page pays for needing no bundler configuration.
//
// preflight-wasm/worker (hashFileInWorker with no .wasm on the page) is measured apart: the page's
// side, and its worker (pkg/dist/lib/hash-worker.js), downloaded when a file is hashed.
//
// Targets (ceilings against growth, as shipped): the validation .wasm at most 126 KB gzipped and
// 110 KB brotli, the full .wasm at most 180 KB gzipped and 150 KB brotli, the hash-only entry's
// whole download under 40 KB gzipped; KB = 1000 bytes.
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1000;
const TARGETS = [
  { key: 'validate', what: 'validation .wasm, gzip -9', limit: 126 * KB, of: (s) => [s.wasmGz] },
  { key: 'validate', what: 'validation .wasm, brotli 11', limit: 110 * KB, of: (s) => [s.wasmBr] },
  { key: 'full', what: 'full .wasm, gzip -9', limit: 180 * KB, of: (s) => [s.wasmGz] },
  { key: 'full', what: 'full .wasm, brotli 11', limit: 150 * KB, of: (s) => [s.wasmBr] },
  { key: 'hash', what: 'hash-only entry, whole download, gzip -9', limit: 40 * KB, of: (s) => [s.shipped, s.bundled] },
];

/** Bytes of brotli at quality 11 (the largest window the format's default allows) of `buf`. */
function br(buf) {
  return brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
}

/** Bytes of `gzip -9 -n` of `buf`. */
function gz(buf) {
  const r = spawnSync('gzip', ['-9', '-n', '-c'], { input: buf, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`gzip failed: ${r.error ?? r.stderr}`);
  return r.stdout.length;
}
const kb = (n) => (n / KB).toFixed(1);
const rel = (f) => path.relative(root, f);

/** The files an ES module entry loads: itself, its static relative imports, and the .wasm. */
function downloads(entry) {
  const seen = new Set();
  const order = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    order.push(file);
    const src = readFileSync(file, 'utf8');
    // `import ... from './x.js'`, `export ... from './x.js'`, `import './x.js'` at statement
    // starts, minified (`import{a as b}from"./x.js";`) or not.
    const re = /(?:^|;)\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;
    for (const m of src.matchAll(re)) visit(path.resolve(path.dirname(file), m[1]));
    // The wasm-bindgen web glue fetches its .wasm relative to itself.
    const wasm = src.match(/new URL\(['"]([^'"]+\.wasm)['"],\s*import\.meta\.url\)/);
    if (wasm) {
      const w = path.resolve(path.dirname(file), wasm[1]);
      if (!seen.has(w)) {
        seen.add(w);
        order.push(w);
      }
    }
  };
  visit(entry);
  return order;
}

/** Raw and gzip sizes of one esbuild bundle (ESM, minified, for browsers). */
async function bundle(options) {
  const result = await build({
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'bundle-not-written',
    logLevel: 'silent',
    absWorkingDir: root,
    ...options,
  });
  const js = result.outputFiles.filter((f) => f.path.endsWith('.js'));
  if (js.length === 0) throw new Error('esbuild wrote no JavaScript');
  const bytes = Buffer.concat(js.map((f) => Buffer.from(f.contents)));
  return { raw: bytes.length, gz: gz(bytes) };
}

/** The code and data sections of a .wasm, in bytes. */
function sections(buf) {
  let p = 8;
  const leb = () => {
    let r = 0;
    let s = 0;
    let x;
    do {
      x = buf[p++];
      r += (x & 0x7f) * 2 ** s;
      s += 7;
    } while (x & 0x80);
    return r;
  };
  const out = { code: 0, data: 0 };
  while (p < buf.length) {
    const id = buf[p++];
    const len = leb();
    if (id === 10) out.code = len;
    if (id === 11) out.data = len;
    p += len;
  }
  return out;
}

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
const row = (name, raw, gzb) => console.log(`  ${pad(name, 44)} ${num(raw, 9)} ${num(gzb, 9)}`);

const builds = [
  { key: 'full', title: 'full build (preflight-wasm: validation, audience, signing)', entry: 'pkg/browser.js', inline: 'pkg/inline.js', spec: '.' },
  { key: 'validate', title: 'validation build (preflight-wasm/validate)', entry: 'pkg/validate-browser.js', inline: 'pkg/validate-inline.js', spec: './validate' },
  { key: 'hash', title: 'hash-only build (preflight-wasm/hash)', entry: 'pkg/hash-browser.js', inline: 'pkg/hash-inline.js', spec: './hash' },
  { key: 'helpers', title: 'helpers build: hash-only + the CSV reader, with the CSV/file/stream helpers (preflight-wasm/helpers)', entry: 'pkg/helpers-browser.js', inline: 'pkg/helpers-inline.js', spec: './helpers' },
  { key: 'signing', title: 'signing build (preflight-wasm/signing)', entry: 'pkg/signing-browser.js', inline: 'pkg/signing-inline.js', spec: './signing' },
  { key: 'answers', title: 'answer readers build (preflight-wasm/answers)', entry: 'pkg/answers-browser.js', inline: 'pkg/answers-inline.js', spec: './answers' },
];
// What a browser gets for each entry: the file the "default" condition of pkg/package.json's
// "exports" names (the minified pkg/dist/ build of scripts/build-js.mjs; the readable source
// pkg/<entry> is what the bundled figures start from).
const manifest = JSON.parse(readFileSync(path.join(root, 'pkg/package.json'), 'utf8'));
const shippedEntry = (spec) => path.join(root, 'pkg', manifest.exports[spec].default);

console.log(`Download size in bytes (gzip: gzip -9); KB = ${KB} bytes; Node ${process.version}`);
const summary = [];
for (const b of builds) {
  const entry = path.join(root, b.entry);
  const shipped = shippedEntry(b.spec);
  if (!existsSync(entry)) throw new Error(`${b.entry} is missing`);
  if (!existsSync(shipped)) throw new Error(`${rel(shipped)} is missing (run bash scripts/build-wasm.sh)`);
  const files = downloads(shipped);
  const wasmFile = files.find((f) => f.endsWith('.wasm'));
  if (!wasmFile || !existsSync(wasmFile)) throw new Error(`${b.entry}: no built .wasm (run bash scripts/build-wasm.sh)`);
  console.log(`\n${b.title}: ${rel(shipped)} (source ${b.entry})`);
  row('file', 'raw', 'gzip');
  let raw = 0;
  let gzs = 0;
  for (const f of files) {
    const buf = readFileSync(f);
    const g = gz(buf);
    raw += buf.length;
    gzs += g;
    row(rel(f), buf.length, g);
  }
  row('total, as shipped', raw, gzs);
  const wasm = readFileSync(wasmFile);
  const js = await bundle({ entryPoints: [entry] });
  const wasmGz = gz(wasm);
  const wasmBr = br(wasm);
  row('  JS bundled + minified by esbuild', js.raw, js.gz);
  row('  + .wasm = total, bundled', js.raw + wasm.length, js.gz + wasmGz);
  const inline = await bundle({ entryPoints: [path.join(root, b.inline)] });
  row(`  ${b.inline} bundled (.wasm inlined)`, inline.raw, inline.gz);
  const s = sections(wasm);
  console.log(
    `  .wasm: code section ${s.code} bytes, data section ${s.data} bytes (${(((s.code + s.data) / wasm.length) * 100).toFixed(0)}% of the file)`,
  );
  const source = downloads(entry).filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(readFileSync(f)), 0);
  row('  (the readable source JavaScript instead)', '', source);
  row('  .wasm alone, brotli 11', '', wasmBr);
  summary.push({ ...b, shipped: gzs, bundled: js.gz + wasmGz, wasmGz, wasmBr, inlineGz: inline.gz });
}

// preflight-wasm/worker: hashFileInWorker on the page with no .wasm there; its worker, one
// self-contained script with the helpers module inlined, is downloaded when a file is hashed.
{
  const shipped = shippedEntry('./worker');
  if (!existsSync(shipped)) throw new Error(`${rel(shipped)} is missing (run bash scripts/build-wasm.sh)`);
  const files = downloads(shipped);
  if (files.some((f) => f.endsWith('.wasm'))) throw new Error(`${rel(shipped)} loads a .wasm`);
  console.log(`\nhashFileInWorker alone (preflight-wasm/worker): ${rel(shipped)}, no .wasm on the page`);
  row('file', 'raw', 'gzip');
  let raw = 0;
  let gzs = 0;
  for (const f of files) {
    const buf = readFileSync(f);
    raw += buf.length;
    gzs += gz(buf);
  }
  row(`the page's side, as shipped (${files.length} files)`, raw, gzs);
  const js = await bundle({ entryPoints: [path.join(root, 'pkg/worker.js')] });
  row("the page's side, bundled", js.raw, js.gz);
  const worker = readFileSync(path.join(root, 'pkg/dist/lib/hash-worker.js'));
  const workerGz = gz(worker);
  const workerBr = br(worker);
  row('its worker, pkg/dist/lib/hash-worker.js', worker.length, workerGz);
  row('  the same, brotli 11', '', workerBr);
  // Its row of pkg/README.md's table: the .wasm columns are the worker (the module inside it).
  summary.push({ key: 'worker', spec: './worker', entry: 'pkg/worker.js', shipped: gzs, bundled: js.gz, wasmGz: workerGz, wasmBr: workerBr, inlineGz: null });
}

console.log('\nfor comparison, bundled + minified by esbuild (JavaScript only; they have no .wasm)');
row('library (version)', 'raw', 'gzip');
const version = (name) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const others = [
  {
    name: `ajv ${version('ajv')}: new Ajv() + compile`,
    contents: "import Ajv from 'ajv';\nconst ajv = new Ajv();\nexport const check = ajv.compile({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });\n",
  },
  {
    name: `zod ${version('zod')}: import { z } + a schema`,
    contents: "import { z } from 'zod';\nexport const schema = z.object({ id: z.string().min(1), price: z.number().positive() });\n",
  },
];
for (const o of others) {
  const r = await bundle({ stdin: { contents: o.contents, resolveDir: root, loader: 'js', sourcefile: 'entry.js' } });
  row(o.name, r.raw, r.gz);
}

console.log('\ntargets (ceilings):');
for (const t of TARGETS) {
  const s = summary.find((x) => x.key === t.key);
  const verdict = (n) => `${kb(n)} KB = ${(n / t.limit).toFixed(2)}x the target (${n <= t.limit ? 'met' : 'MISSED'})`;
  const [first, second] = t.of(s);
  console.log(`  ${t.what} <= ${kb(t.limit)} KB`);
  if (second === undefined) console.log(`    ${verdict(first)}`);
  else {
    console.log(`    as shipped: ${verdict(first)}`);
    console.log(`    bundled:    ${verdict(second)}   (.wasm alone ${kb(s.wasmGz)} KB)`);
  }
}
console.log('\nper entry, whole download (JavaScript + .wasm, gzip -9): as shipped / bundled / /inline bundled');
for (const s of summary) console.log(`  ${pad(s.entry, 26)} ${num(kb(s.shipped), 7)} KB ${num(kb(s.bundled), 7)} KB ${s.inlineGz === null ? '      —   ' : `${num(kb(s.inlineGz), 7)} KB`}`);

// ---- pkg/README.md's table of entry points ("Entry points: pay only for what you use")
//
// Its size columns are this script's figures, never typed: `node bench/size.mjs --write-readme`
// writes them into the table, and `--check-readme` (run by scripts/test.sh after the wasm build)
// fails when a figure in the table is more than README_SLACK_KB away from what was just measured
// (builds move by a few hundred bytes; a stale table by tens of KB). The other columns
// (import, functions) are prose and stay as written.
const README = path.join(root, 'pkg/README.md');
const README_SLACK_KB = 1;
const whole = (n) => `${Math.round(n / KB)} KB`;
/** The size cells of an entry's row: .wasm gzip, .wasm brotli, as shipped, bundled, /inline. */
const cells = (s) => [whole(s.wasmGz), whole(s.wasmBr), whole(s.shipped), whole(s.bundled), s.inlineGz === null ? '—' : whole(s.inlineGz)];
const SIZE_COLUMNS = 5;
/** The table's rows: [line index, the build measured, its cells]. */
function readmeRows(lines) {
  const rows = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^\| `preflight-wasm(\/[a-z]+)?` \|/);
    if (!m) continue;
    const spec = m[1] ? `.${m[1]}` : '.';
    const s = summary.find((x) => x.spec === spec);
    if (s === undefined) throw new Error(`pkg/README.md: no build measured for preflight-wasm${m[1] ?? ''}`);
    rows.push([i, s, lines[i].split('|').slice(1, -1).map((c) => c.trim())]);
  }
  if (rows.length !== summary.length) throw new Error(`pkg/README.md: ${rows.length} rows in the entry table, ${summary.length} entries measured`);
  return rows;
}
const mode = process.argv.find((a) => a === '--write-readme' || a === '--check-readme');
if (mode !== undefined) {
  const lines = readFileSync(README, 'utf8').split('\n');
  const problems = [];
  for (const [i, s, have] of readmeRows(lines)) {
    const want = cells(s);
    const given = have.slice(-SIZE_COLUMNS);
    if (mode === '--write-readme') {
      lines[i] = `| ${[...have.slice(0, -SIZE_COLUMNS), ...want].join(' | ')} |`;
      continue;
    }
    given.forEach((cell, c) => {
      if (want[c] === '—') {
        if (cell !== '—') problems.push(`${s.spec} column ${c + 1}: the table says ${cell}, measured nothing`);
        return;
      }
      const n = Number(cell.match(/^(\d+) KB$/)?.[1]);
      const m = Number(want[c].match(/^(\d+) KB$/)[1]);
      if (!Number.isFinite(n) || Math.abs(n - m) > README_SLACK_KB) {
        problems.push(`${s.spec} column ${c + 1}: the table says ${cell}, measured ${want[c]}`);
      }
    });
  }
  if (mode === '--write-readme') {
    writeFileSync(README, lines.join('\n'));
    console.log('\npkg/README.md: the entry table written from these figures');
  } else if (problems.length > 0) {
    console.error(`\npkg/README.md's entry table is stale (run node bench/size.mjs --write-readme):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  } else {
    console.log(`\npkg/README.md: the entry table matches these figures (within ${README_SLACK_KB} KB)`);
  }
}
