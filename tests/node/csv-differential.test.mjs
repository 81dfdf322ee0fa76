// CSV differential (issue 22): generated CSV (seeded: CSV_DIFF_SEED, CSV_DIFF_CASES) with quotes,
// quoted line breaks, CRLF, byte-order marks, NUL, bytes that are not UTF-8, stray quotes that
// never close and records longer than every buffer (the 1 MiB record bound, Blob and stream
// chunks), read by the native `preflight hash --column` (target/debug/preflight; PREFLIGHT_BIN
// overrides it) and by the package's hashFile and createHashStream (fed in chunks of 1 byte, odd
// sizes and large ones): standard output and the rejected rows byte for byte, the same refusals,
// and a quote that never closes stops both at the same row.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashFile, createHashStream, PreflightError } from '../../pkg/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const dir = mkdtempSync(path.join(tmpdir(), 'preflight-csv-diff-'));
const MIB = 1 << 20;

/** `preflight hash ...args FILE`: {status, stdout, rows: [[row, code]...], stop: row | null}. */
function cli(bytes, args) {
  const file = path.join(dir, 'input.csv');
  writeFileSync(file, bytes);
  const r = spawnSync(BIN, ['hash', ...args, file], { maxBuffer: 1 << 30 });
  assert.equal(r.error, undefined, `cannot run ${BIN}: build it with cargo build`);
  const err = r.stderr.toString('utf8');
  const rows = [...err.matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [+m[1], m[2]]);
  const stop = err.match(/unclosed_quote: row (\d+):/);
  return { status: r.status, stdout: r.stdout, rows, stop: stop ? +stop[1] : null, stderr: err };
}

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const VALUES = ['a@x.com', ' B@Example.COM ', 'not-an-email', '', 'é@x.com', 'x,y@x.com', 'say "hi"@x.com', 'two\nlines@x.com', 'cr\r@x.com', 'nul\0@x.com', 'u\u2028@x.com', '@jack', '12345'];

/** One generated CSV and how to read it. */
function generate(rand, n) {
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const delimiter = pick([',', ';', 'tab']);
  const d = delimiter === 'tab' ? '\t' : delimiter;
  const crlf = rand() < 0.5;
  const parts = [];
  if (rand() < 0.3) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  const header = rand() < 0.7;
  const eol = () => (crlf ? '\r\n' : '\n');
  if (header) parts.push(Buffer.from(`id${d}email${d}note${eol()}`));
  const rows = 1 + Math.floor(rand() * 40);
  for (let i = 0; i < rows; i++) {
    const r = rand();
    const cell = () => {
      const v = pick(VALUES);
      return v.includes(d) || /["\r\n]/.test(v) || rand() < 0.2 ? `"${v.replace(/"/g, '""')}"` : v;
    };
    if (r < 0.04) parts.push(Buffer.from(`${i}${d}"stray${d}x`)); // a quote that may never close
    else if (r < 0.08) parts.push(Buffer.from(`"${i}"x${d}bad`)); // text after a closing quote
    else if (r < 0.12) parts.push(Buffer.concat([Buffer.from(`${i}${d}`), Buffer.from([0xff, 0xc3]), Buffer.from('@x.com')]));
    else if (r < 0.14) parts.push(Buffer.from(`${i}`)); // missing columns
    else if (r < 0.15) parts.push(Buffer.from(`${i}${d}v${i}@x.com\r`)); // a CR of its own before the line ending
    else if (r < 0.17 && n % 4 === 0) {
      // A record past the bound, unquoted or quoted, or just within it.
      const len = pick([MIB - 1 - 16, MIB, MIB + 70_001, 2 * MIB + 3]);
      const quoted = rand() < 0.5;
      parts.push(Buffer.from(`${i}${d}${quoted ? '"' : ''}`), Buffer.alloc(len, 0x61), Buffer.from(quoted ? `"${d}z` : `${d}z`));
    } else parts.push(Buffer.from(`${i}${d}${cell()}${d}${cell()}`));
    if (i < rows - 1 || rand() < 0.7) parts.push(Buffer.from(eol()));
  }
  return {
    bytes: Buffer.concat(parts),
    type: pick(['email', 'email', 'partner_user_id', 'handle']),
    column: header && rand() < 0.5 ? 'email' : String(1 + Math.floor(rand() * 3)),
    header,
    delimiter,
    onError: pick(['empty', 'drop']),
  };
}

const args = (c) => [c.type, '--column', c.column, ...(c.header ? [] : ['--no-header']), '--delimiter', c.delimiter, '--on-error', c.onError];
const options = (c) => ({ column: c.column, header: c.header, delimiter: c.delimiter, onError: c.onError });

/** A Blob that streams `bytes` in pieces of `size`. */
function chunked(bytes, size) {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

async function viaStream(c, size) {
  const out = [];
  const source = new ReadableStream({
    start(ctl) {
      for (const p of chunked(c.bytes, size)) ctl.enqueue(p);
      ctl.close();
    },
  });
  try {
    for await (const x of source.pipeThrough(createHashStream(c.type, { output: 'text', ...options(c) }))) out.push(x);
    return { text: out.join('') };
  } catch (e) {
    return { text: out.join(''), error: e };
  }
}

/** Compares one case on every JavaScript path with the command line. */
async function compare(c, label) {
  const want = cli(c.bytes, args(c));
  const sizes = c.bytes.length < 4000 ? [1, 7, 4093] : [4093, 65537, 3 * MIB];
  let got;
  try {
    const r = await hashFile(new Blob([c.bytes]), { type: c.type, ...options(c) });
    got = { stdout: Buffer.from(await r.blob.arrayBuffer()), rows: r.rejected.map((x) => [x.row, x.code]) };
  } catch (e) {
    got = { error: e };
  }
  if (want.status === 3) {
    assert.ok(got.error instanceof PreflightError, `${label}: hashFile read on: ${want.stderr}`);
    assert.equal(got.error.code, 'unclosed_quote', label);
    assert.equal(got.error.row, want.stop, `${label}: the row of the quote`);
  } else if (want.status === 2) {
    assert.ok(got.error instanceof PreflightError, `${label}: ${want.stderr}`);
    assert.notEqual(got.error.code, 'unclosed_quote', label);
  } else {
    assert.equal(got.error, undefined, `${label}: ${got.error}`);
    assert.ok(got.stdout.equals(want.stdout), `${label}: standard output differs`);
    assert.deepEqual(got.rows, want.rows, `${label}: rejected rows`);
  }
  for (const size of sizes) {
    const s = await viaStream(c, size);
    const where = `${label}, stream chunks of ${size}`;
    if (want.status === 0 || want.status === 1) {
      assert.equal(s.error, undefined, `${where}: ${s.error}`);
      assert.ok(Buffer.from(s.text, 'utf8').equals(want.stdout), `${where}: output differs`);
    } else {
      assert.ok(s.error instanceof PreflightError, where);
      if (want.status === 3) {
        assert.equal(s.error.code, 'unclosed_quote', where);
        assert.equal(s.error.row, want.stop, where);
        // What came out before the error is the start of what the command line wrote.
        assert.ok(want.stdout.subarray(0, Buffer.byteLength(s.text)).equals(Buffer.from(s.text, 'utf8')), where);
      }
    }
  }
  return want.status;
}

test('generated CSV: the command line and hashFile / createHashStream agree byte for byte', async () => {
  const seed = Number(process.env.CSV_DIFF_SEED ?? 22);
  const count = Number(process.env.CSV_DIFF_CASES ?? 120);
  const rand = rng(seed);
  const statuses = new Map();
  for (let n = 0; n < count; n++) {
    const c = generate(rand, n);
    const status = await compare(c, `seed ${seed} case ${n} (${c.bytes.length} bytes, ${JSON.stringify(args(c))})`);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  // Every outcome is exercised: clean, rejected rows, refused, stopped at a quote.
  for (const s of [1, 3]) assert.ok(statuses.get(s) > 0, `no case ended with status ${s}: ${[...statuses]}`);
});

test('a large file with a BOM, CRLF, bad rows and a stray quote: nothing silently lost', async () => {
  const lines = ['\u{FEFF}email,n'];
  for (let i = 0; i < 60_000; i++) {
    if (i === 40_000) lines.push('"stray@x.com,1');
    else if (i % 997 === 0) lines.push(`"bad"x,${i}`);
    else if (i % 1009 === 0) lines.push(`not-an-email,${i}`);
    else lines.push(`User${i}@Example.com,${i}`);
  }
  const c = { bytes: Buffer.from(lines.join('\r\n') + '\r\n'), type: 'email', column: 'email', header: true, delimiter: ',', onError: 'empty' };
  const want = cli(c.bytes, args(c));
  assert.equal(want.status, 3, want.stderr);
  // The stray quote opened in row 40,002 (the header is row 1); the rows before it are written.
  assert.equal(want.stop, 40_002);
  assert.equal(want.stdout.toString('utf8').split('\n').length - 1, 40_000);
  assert.equal(await compare(c, 'large file'), 3);
  // Without the stray quote, every row is there, and the bad ones are listed.
  lines.splice(40_001, 1, 'stray@x.com,1');
  const clean = { ...c, bytes: Buffer.from(lines.join('\r\n') + '\r\n') };
  const ok = cli(clean.bytes, args(clean));
  assert.equal(ok.status, 1);
  assert.equal(ok.stdout.toString('utf8').split('\n').length - 1, 60_000);
  assert.ok(ok.rows.some(([, code]) => code === 'invalid_csv') && ok.rows.some(([, code]) => code === 'invalid_email'));
  assert.equal(await compare(clean, 'large clean file'), 1);
});

test('extractColumn through the engine: unclosed_quote with its row, never a value', async () => {
  const { extractColumn } = await import('../../pkg/helpers.js');
  assert.throws(
    () => extractColumn('email\na@x.com\n"secret@x.com\nb@x.com\n', 'email'),
    (e) => e instanceof PreflightError && e.code === 'unclosed_quote' && !e.message.includes('secret') && /row 3/.test(e.message),
  );
});
