// The helpers that match the command line (issue 16), against the native `preflight hash` on
// the same bytes (target/debug/preflight, built by `cargo build` or `cargo test`; PREFLIGHT_BIN
// overrides it):
// - extractColumn gives the values `--column` reads (partner_user_id writes them verbatim) and
//   rejects the same rows with the same codes; a wrong column is an error where the command line
//   exits with status 2, a quote that never closes (status 3) is unclosed_quote with its row;
// - hashFile gives the command line's standard output byte for byte and its rejected rows;
// - createHashStream (output 'text') gives line mode's standard output, whatever the chunking.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractColumn, hashFile, createHashStream, PreflightError } from '../../pkg/node.js';
import * as helpersEntry from '../../pkg/helpers.js';
import { generateCsv } from '../browser/app-csv.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const dir = mkdtempSync(path.join(tmpdir(), 'preflight-csv-'));

/** `preflight hash ...args` on `bytes`: {status, stdout (a Buffer), rows: [[row, code]...]}. */
function cli(bytes, args) {
  const file = path.join(dir, 'input.csv');
  writeFileSync(file, bytes);
  const r = spawnSync(BIN, ['hash', ...args, file], { maxBuffer: 1 << 28 });
  assert.equal(r.error, undefined, `cannot run ${BIN}: build it with cargo build`);
  const rows = [...r.stderr.toString('utf8').matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [+m[1], m[2]]);
  return { status: r.status, stdout: r.stdout, rows, stderr: r.stderr.toString('utf8') };
}

/** The command line arguments of a CSV case. */
const csvArgs = (c) => [
  '--column', c.column,
  ...(c.header === false ? ['--no-header'] : []),
  ...(c.delimiter !== undefined ? ['--delimiter', c.delimiter] : []),
];

const enc = (s) => Buffer.from(s, 'utf8');
const SMALL = [
  ['plain', enc('email,name\na@example.com,A\nb@example.com,B\n')],
  ['BOM and CRLF', enc('\u{FEFF}Email,Name\r\nA@example.com,A\r\n "b@example.com" ,B\r\n')],
  ['quoted, doubled quotes, line breaks', enc('id,"e,mail",note\n1,"a@example.com","say ""hi"""\n2,"multi\r\nline",x\n3,"x""y@example.com",z\n')],
  ['ragged rows and a blank line', enc('a,b,c\n1,2,3\n1\n\n1,2\n1,2,3,4\n')],
  ['malformed rows', enc('a,b\n"x"y,1\n1,"open\n2,3\n')],
  ['a quote inside an unquoted field', enc('a,b\n5" screen,x@example.com\n')],
  ['not UTF-8', Buffer.concat([enc('a,b\n1,caf'), Buffer.from([0xe9]), enc('@example.com\n2,ok@example.com\n')])],
  ['no final line ending', enc('a,b\n1,x@example.com')],
  ['header only', enc('email\n')],
  ['empty input', enc('')],
  ['a BOM alone', Buffer.from([0xef, 0xbb, 0xbf])],
  ['CR alone is text', enc('a,b\r1,x@example.com\r\n')],
  ['names trimmed, ASCII case ignored', enc(' E-Mail\u00a0,EMAIL2\u0085,Straße,\u{FEFF}bom\nx@example.com,y@example.com,z@example.com,w@example.com\n')],
  ['the same name twice', enc('email,EMAIL\n1,2\n')],
  ['semicolons', enc('a;b\n1;"x;y@example.com"\n')],
  ['tabs', enc('a\tb\n1\tx@example.com\n')],
  ['a value with a BOM', enc('a\n\u{FEFF}x@example.com\n')],
];
const COLUMNS = ['1', '2', '3', '5', '0', '01', '99999999999999999999999', 'email', 'EMAIL', ' e-mail ', 'e-mail', 'b', 'straße', 'STRASSE', 'email2', 'bom', 'nope', ''];

function* cases() {
  for (const [name, bytes] of SMALL) {
    for (const column of COLUMNS) {
      for (const header of [true, false]) {
        const delimiter = name === 'semicolons' ? ';' : name === 'tabs' ? 'tab' : undefined;
        yield { name, bytes, column, header, delimiter };
      }
    }
  }
}

/** What a JS call gives, as comparable data: {status: 2, code} for a wrong call. */
function wrongCall(fn) {
  try {
    return { status: 0, value: fn() };
  } catch (e) {
    assert.ok(e instanceof PreflightError, `not a PreflightError: ${e}`);
    return { status: 2, code: e.code, message: e.message };
  }
}

test('extractColumn reads the values and rejected rows --column reads (partner_user_id, every case)', () => {
  let n = 0;
  for (const c of cases()) {
    const label = `${c.name} --column ${JSON.stringify(c.column)} header ${c.header}`;
    const want = cli(c.bytes, ['partner_user_id', ...csvArgs(c)]);
    const got = wrongCall(() => extractColumn(c.bytes, c.column, { header: c.header, delimiter: c.delimiter }));
    if (want.status === 2) {
      assert.equal(got.status, 2, `${label}: the command line refuses it: ${want.stderr}`);
      continue;
    }
    if (want.status === 3) {
      assert.equal(got.code, 'unclosed_quote', `${label}: ${want.stderr}`);
      assert.ok(want.stderr.includes(`unclosed_quote: ${got.message}`), `${label}: ${want.stderr}`);
      continue;
    }
    assert.equal(got.status, 0, `${label}: ${got.message}`);
    const { values, errors, rowsBefore } = got.value;
    // partner_user_id writes each value as it is (an empty line for a rejected row).
    const lines = want.stdout.toString('utf8').split('\n');
    assert.equal(lines.pop(), '', label);
    assert.equal(values.length, lines.length, `${label}: rows`);
    const cliCodes = new Map(want.rows);
    values.forEach((v, i) => {
      const row = i + 1 + rowsBefore;
      if (v === null) return;
      if (v === '') assert.equal(cliCodes.get(row), 'empty', `${label}: row ${row}`);
      else if (/[\0\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/.test(v)) assert.equal(cliCodes.get(row), 'line_break', `${label}: row ${row}`);
      else assert.equal(lines[i], v, `${label}: row ${row}`);
    });
    // Every row extractColumn rejects, the command line rejects with the same code.
    for (const e of errors) {
      assert.equal(e.row, e.index + 1 + rowsBefore);
      assert.equal(cliCodes.get(e.row), e.code, `${label}: row ${e.row}`);
    }
    n++;
  }
  assert.ok(n > 100, `only ${n} cases compared`);
});

test('extractColumn on a string: the same as on its UTF-8 bytes; a lone surrogate is invalid_utf8', () => {
  const text = '\u{FEFF}id,email\r\n1,"a@x.com"\r\n2,Zoë@x.com\n';
  assert.deepEqual(extractColumn(text, 'email'), extractColumn(enc(text), 'email'));
  assert.deepEqual(extractColumn(text, 'email').values, ['a@x.com', 'Zoë@x.com']);
  const r = extractColumn('email\nx\ud800y@x.com\nok@x.com\n', 'email');
  assert.deepEqual(r.values, [null, 'ok@x.com']);
  assert.deepEqual(r.errors, [{ index: 0, row: 2, code: 'invalid_utf8' }]);
  for (const [column, options, code] of [
    [1, undefined, 'bad_options'],
    ['email', { header: false }, 'bad_options'],
    ['email', { delimiter: '"' }, 'bad_options'],
    ['email', { delimiter: ',,' }, 'bad_options'],
    ['email', { colum: 'x' }, 'bad_options'],
  ]) {
    assert.equal(wrongCall(() => extractColumn('email\n', column, options)).code, code, JSON.stringify([column, options]));
  }
});

/** hashFile's result as the command line's: {stdout, rows}. */
async function viaHashFile(fn, bytes, options) {
  const r = await fn(new Blob([bytes]), options);
  return { stdout: Buffer.from(await r.blob.arrayBuffer()), rows: r.rejected.map((x) => [x.row, x.code]), result: r };
}

test('hashFile: the command line\'s output byte for byte, and its rejected rows (CSV and lines)', async () => {
  const big = generateCsv(3000).bytes;
  const runs = [
    ['email', big, { column: 'email' }],
    ['phone_number', big, { column: '3', defaultCountryCode: '1', onError: 'drop' }],
    ['partner_user_id', big, { column: 'note' }],
    ['email', big, {}],
    ['handle', enc('@a\r\n\r\nb\n@@c'), {}],
  ];
  for (const [name, bytes] of SMALL) {
    runs.push(['email', bytes, { column: '2', header: name !== 'plain', delimiter: name === 'semicolons' ? ';' : name === 'tabs' ? 'tab' : undefined }]);
  }
  let refused = 0;
  for (const [type, bytes, options] of runs) {
    const args = [type];
    if (options.column !== undefined) args.push(...csvArgs(options));
    if (options.defaultCountryCode) args.push('--default-country-code', options.defaultCountryCode);
    if (options.onError) args.push('--on-error', options.onError);
    const want = cli(bytes, args);
    const clean = Object.fromEntries(Object.entries({ type, ...options }).filter(([, v]) => v !== undefined));
    if (want.status === 2 || want.status === 3) {
      // Refused (an empty file, a column past the header's last field, a quote never closed):
      // refused here too.
      refused++;
      for (const fn of [hashFile, helpersEntry.hashFile]) {
        await assert.rejects(viaHashFile(fn, bytes, clean), (e) => e instanceof PreflightError && (want.status === 2) === (e.code !== 'unclosed_quote'), `${JSON.stringify(options)}: ${want.stderr}`);
      }
      continue;
    }
    for (const fn of [hashFile, helpersEntry.hashFile]) {
      const got = await viaHashFile(fn, bytes, clean);
      assert.ok(got.stdout.equals(want.stdout), `${type} ${JSON.stringify(options)}: standard output differs`);
      assert.deepEqual(got.rows, want.rows, `${type} ${JSON.stringify(options)}: rejected rows`);
      assert.equal(got.result.rows - got.result.hashed, want.rows.length);
    }
  }
  // Most runs are hashed; a few are refusals (header only, empty input, a BOM alone, a quote
  // never closed).
  assert.ok(refused > 0 && refused <= 5, `${refused} refused`);
});

test('hashFile: progress reaches the file size; an aborted signal stops it with its reason', async () => {
  const big = generateCsv(3000).bytes;
  const seen = [];
  const r = await hashFile(new Blob([big]), { type: 'email', column: 'email' }, { onProgress: (p) => seen.push(p) });
  assert.ok(seen.length >= 2);
  assert.equal(seen.at(-1).bytes, big.length);
  assert.equal(seen.at(-1).total, big.length);
  assert.equal(seen.at(-1).rows, r.rows);
  assert.equal(seen.flatMap((p) => p.rejected).length, r.rejected.length);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].bytes >= seen[i - 1].bytes);

  const controller = new AbortController();
  let calls = 0;
  await assert.rejects(
    hashFile(new Blob([big]), { type: 'email', column: 'email' }, {
      signal: controller.signal,
      onProgress: () => {
        if (++calls === 1) controller.abort();
      },
    }),
    (e) => e.name === 'AbortError',
  );
  assert.equal(calls, 1);
  const already = AbortSignal.abort(new Error('stop'));
  await assert.rejects(hashFile(new Blob(['a']), { type: 'email' }, { signal: already }), /stop/);
  await assert.rejects(hashFile(new Blob(['a']), { type: 'mail' }), (e) => e.code === 'unknown_id_type');
  await assert.rejects(hashFile(new Blob(['a']), { type: 'email', header: false }), (e) => e.code === 'bad_options');
  await assert.rejects(hashFile(new Blob(['a\n']), { type: 'email', column: 'b' }), (e) => e.code === 'unknown_column');
});

/** Feeds `chunks` through createHashStream and joins what comes out. */
async function throughStream(stream, chunks) {
  const out = [];
  const source = new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(x);
      c.close();
    },
  });
  for await (const x of source.pipeThrough(stream)) out.push(x);
  return out;
}

test('createHashStream: line mode\'s output whatever the chunking; results carry their indexes', async () => {
  const text = '\u{FEFF} A@Example.com \r\nbad\n\nb@example.com\r\n\u00e9@x.com\nlast@example.com';
  const bytes = enc(text);
  for (const onError of ['empty', 'drop']) {
    const want = cli(bytes, ['email', '--on-error', onError]).stdout.toString('utf8');
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const chunks = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const got = (await throughStream(createHashStream('email', { output: 'text', onError }), chunks)).join('');
      assert.equal(got, want, `${onError}, chunks of ${size}`);
    }
    // Strings split inside a surrogate pair.
    const s = 'a@x.com\n\u{1F600}@x.com\n';
    const want2 = cli(enc(s), ['email', '--on-error', onError]).stdout.toString('utf8');
    const got2 = (await throughStream(createHashStream('email', { output: 'text', onError }), [s.slice(0, 9), s.slice(9)])).join('');
    assert.equal(got2, want2);
  }
  const results = await throughStream(createHashStream('email'), [enc('a@x.com\nb'), enc('ad\nc@x.com\n')]);
  assert.deepEqual(results.map((r) => r.firstIndex), [0, 1]);
  assert.deepEqual(results.map((r) => r.hashes.length), [1, 2]);
  assert.deepEqual(results[1].errors, [{ index: 1, code: 'invalid_email' }]);
  assert.throws(() => createHashStream('mail'), (e) => e.code === 'unknown_id_type');
  assert.throws(() => createHashStream('email', { output: 'csv' }), (e) => e.code === 'bad_options');
  assert.throws(() => createHashStream('email', { phoneFormat: 'x' }), (e) => e instanceof PreflightError);
  await assert.rejects(throughStream(createHashStream('email'), [42]), (e) => e.code === 'invalid_argument');
});

// hashFileInWorker from the CommonJS build (pkg/helpers.cjs: import.meta.url is empty there),
// with a stand-in Worker global: without workerUrl, a PreflightError that says what to pass (it
// was a URL TypeError); with it, the Worker is started at that address.
test('hashFileInWorker from require() asks for workerUrl, and uses it', async () => {
  const { createRequire } = await import('node:module');
  const helpersCjs = createRequire(import.meta.url)('../../pkg/helpers.cjs');
  const started = [];
  globalThis.Worker = class {
    constructor(url, options) {
      started.push([String(url), options.type]);
      queueMicrotask(() => this.onmessage?.({ data: { type: 'done', result: 'ok' } }));
    }
    postMessage() {}
    terminate() {}
  };
  try {
    await assert.rejects(helpersCjs.hashFileInWorker(new Blob(['a\n']), {}), (e) => {
      assert.ok(e instanceof helpersCjs.PreflightError, String(e));
      assert.equal(e.code, 'worker_unavailable');
      assert.match(e.message, /workerUrl/);
      return true;
    });
    assert.deepEqual(started, []);
    const url = 'https://example.test/hash-worker.js';
    assert.equal(await helpersCjs.hashFileInWorker(new Blob(['a\n']), {}, { workerUrl: new URL(url) }), 'ok');
    assert.deepEqual(started, [[url, 'module']]);
  } finally {
    delete globalThis.Worker;
  }
});

test('CSV options are read and checked by the engine alone: its messages, naming no key of the caller', async () => {
  const refused = (fn, message) =>
    assert.throws(fn, (e) => e instanceof PreflightError && e.code === 'bad_options' && e.message === message);
  refused(() => extractColumn('a\n1\n', 'a', { 'x-private-name': true }), 'unknown option; expected header, delimiter');
  refused(() => extractColumn('a\n1\n', 'a', { header: 'yes' }), 'header must be a boolean');
  refused(() => extractColumn('a\n1\n', 'a', { delimiter: 9 }), 'delimiter must be a string');
  refused(() => createHashStream('email', { column: 7 }), "column is the command line's --column text");
  // A CSV option without a column is a CSV call without its column.
  refused(() => createHashStream('email', { header: false }), "column is the command line's --column text");
  await assert.rejects(
    hashFile(new Blob(['a\n']), { type: 'phone_number', column: 'a', countryColumn: 3 }),
    (e) => e.code === 'bad_options' && e.message === 'countryColumn must be a string',
  );
});
