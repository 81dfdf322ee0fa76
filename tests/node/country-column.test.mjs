// A country per row (issue 23, item 7): `preflight hash phone_number --column C --country-column K`
// (target/debug/preflight; PREFLIGHT_BIN overrides it) and the package's hashFile and
// createHashStream with `countryColumn` on a file spanning every region libphonenumber knows:
// each region's example number in national format, its country written as the region (any case),
// `+cc`, `cc` or `00cc`. Every hash must be SHA-256 (node:crypto) of libphonenumber's E.164 for
// the number parsed in that region; the one refusal allowed is ambiguous_country_code
// (audience-identifiers.md: libphonenumber settles that tie with patterns the spec does not use).
// The command line and both JavaScript paths must agree byte for byte.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashFile, createHashStream, PreflightError } from '../../pkg/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const dir = mkdtempSync(path.join(tmpdir(), 'preflight-country-'));
const lib = createRequire(import.meta.url)('google-libphonenumber');
const util = lib.PhoneNumberUtil.getInstance();
const { PhoneNumberFormat: PNF, PhoneNumberType: PNT } = lib;
const sha = (s) => createHash('sha256').update(s).digest('hex');

/** The example numbers of every region, national format, with the E.164 libphonenumber gives. */
function corpus() {
  const rows = [];
  for (const region of util.getSupportedRegions()) {
    const cc = util.getCountryCodeForRegion(region);
    for (const type of [PNT.FIXED_LINE, PNT.MOBILE]) {
      const n = util.getExampleNumberForType(region, type);
      if (!n) continue;
      const national = util.format(n, PNF.NATIONAL);
      const parsed = util.parse(national, region);
      if (!util.isPossibleNumber(parsed)) continue;
      const forms = [region, region.toLowerCase(), `+${cc}`, String(cc), `00${cc}`];
      rows.push({ national, country: forms[rows.length % forms.length], e164: util.format(parsed, PNF.E164), region });
    }
  }
  return rows;
}

/**
 * The difference tests/node/phone-differential.test.mjs lists for national numbers: the region's
 * national_prefix_for_parsing takes more than its national prefix (carrier codes, rewrites: AR
 * `15`, BY `80`), where the spec drops the national prefix only.
 */
function prefixForParsingDiffers(region, national) {
  const m = util.getMetadataForRegion(region);
  const npfp = m.getNationalPrefixForParsing();
  if (!npfp) return false;
  const match = new RegExp(`^(?:${npfp})`).exec(national.replace(/\D/g, ''));
  return match !== null && (match[0] !== (m.getNationalPrefix() ?? '') || match.slice(1).some((g) => g !== undefined));
}

const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

test('every region: the CLI and hashFile hash libphonenumber\'s E.164 of each row', async () => {
  const rows = corpus();
  assert.ok(rows.length > 400, `${rows.length} rows`);
  // A byte-order mark, CRLF, an id column, invalid countries and an empty one (the default, 1).
  const extra = [
    { national: '020 7183 8750', country: 'UK', want: 'invalid_country' },
    { national: '020 7183 8750', country: '+28', want: 'invalid_country' },
    { national: '(657) 777-0000', country: '', e164: '+16577770000' },
    { national: '919876543210', country: 'IN', want: 'ambiguous_country_code' },
    { national: '14155550123', country: 'US', e164: '+14155550123' },
  ];
  const all = [...rows, ...extra];
  const text =
    '\uFEFFid,phone,country\r\n' + all.map((r, i) => `${i + 1},${quote(r.national)},${quote(r.country)}\r\n`).join('');
  const file = path.join(dir, 'regions.csv');
  writeFileSync(file, text);
  const args = ['hash', 'phone_number', file, '--column', 'phone', '--country-column', 'country', '--default-country-code', '1'];
  const r = spawnSync(BIN, args, { maxBuffer: 1 << 28 });
  assert.equal(r.error, undefined, `cannot run ${BIN}: build it with cargo build`);
  const lines = r.stdout.toString().split('\n');
  assert.equal(lines.length, all.length + 1);
  const codes = new Map([...r.stderr.toString().matchAll(/^row (\d+): (\w+)$/gm)].map((m) => [+m[1] - 2, m[2]]));
  let agree = 0;
  const allowed = [];
  const differ = [];
  all.forEach((row, i) => {
    const label = `${row.region ?? ''} ${JSON.stringify(row.national)} ${row.country}`;
    if (row.want) {
      assert.equal(codes.get(i), row.want, label);
    } else if (lines[i] === sha(row.e164)) {
      agree++;
    } else if (prefixForParsingDiffers(row.region, row.national)) {
      allowed.push(label);
    } else if (lines[i] === '' && codes.get(i) === 'ambiguous_country_code') {
      // The one refusal audience-identifiers.md allows besides.
      allowed.push(label);
    } else {
      differ.push(`${label}: ${lines[i] === '' ? codes.get(i) : 'another hash'} (libphonenumber: ${row.e164})`);
    }
  });
  assert.deepEqual(differ, []);
  assert.ok(agree >= rows.length - 5, `${agree} of ${rows.length} agree; allowed: ${allowed.join('; ')}`);

  // The package: byte for byte the command line's standard output and rejected rows.
  const bytes = Buffer.from(text);
  const options = { type: 'phone_number', column: 'phone', countryColumn: 'country', defaultCountryCode: '1' };
  const got = await hashFile(new Blob([bytes]), options);
  assert.ok(Buffer.from(await got.blob.arrayBuffer()).equals(r.stdout));
  assert.deepEqual(
    got.rejected.map((x) => [x.row, x.code]),
    [...codes].map(([i, c]) => [i + 2, c]),
  );
  for (const size of [1, 7, 4093]) {
    const out = [];
    const source = new ReadableStream({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += size) ctl.enqueue(bytes.subarray(i, i + size));
        ctl.close();
      },
    });
    const { type, ...rest } = options;
    for await (const x of source.pipeThrough(createHashStream(type, { output: 'text', ...rest }))) out.push(x);
    assert.equal(out.join(''), r.stdout.toString(), `stream chunks of ${size}`);
  }
});

test('countryColumn is refused where it cannot apply', async () => {
  const blob = new Blob(['email,cc\na@x.com,GB\n']);
  await assert.rejects(hashFile(blob, { type: 'email', column: 'email', countryColumn: 'cc' }), (e) => e instanceof PreflightError && e.code === 'bad_options');
  await assert.rejects(hashFile(blob, { type: 'phone_number', countryColumn: 'cc' }), (e) => e instanceof PreflightError && e.code === 'bad_options');
  await assert.rejects(hashFile(blob, { type: 'phone_number', column: '1', countryColumn: 2 }), (e) => e instanceof PreflightError && e.code === 'bad_options');
  await assert.rejects(
    hashFile(blob, { type: 'phone_number', column: '1', countryColumn: 'land' }),
    (e) => e instanceof PreflightError && e.code === 'unknown_column',
  );
});
