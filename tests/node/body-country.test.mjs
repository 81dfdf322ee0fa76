// buildAudienceBodies with a `country` per record (the native AudienceRecord's `country`): the
// bodies, rejections and dropped values are those of the native `preflight audience-batch` on the
// same records as NDJSON (target/debug/preflight; PREFLIGHT_BIN overrides it), and each phone
// number is hashed as the E.164 text of its own country (SHA-256 by node:crypto).
// Run: cargo build -p preflight-cli && bash scripts/build-wasm.sh && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAudienceBodies } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');
const sha256 = (s) => createHash('sha256').update(s).digest('hex');
const NOW = '2026-01-01T00:00:00Z';

// Every form the native record takes (a calling code with and without + or 00, an ISO region),
// one that is ambiguous, one that names no country, none at all (the default), and an empty one.
const RECORDS = [
  { phone_number: '020 7183 8750', country: 'GB' },
  { phone_number: '(657) 777-0000', country: '1', email: 'a@x.com' },
  { phone_number: '919876543210', country: '+91' },
  { phone_number: '020 7183 8750', email: 'b@x.com', country: 'UK' },
  { phone_number: '06 12 34 56 78', country: '0033' },
  { phone_number: '030 901820', country: '+49' },
  { phone_number: '555 0100' },
  { phone_number: '(657) 777-0001', country: '' },
  { phone_number: '06 12 34 56 79', country: 'FR', email: 'c@x.com' },
];

/** The native command's bodies (one per line) and its report lines, on `records` as NDJSON. */
function native(records, args) {
  const input = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const r = spawnSync(
    BIN,
    ['audience-batch', '--endpoint', 'custom_audience_users', '--operation', 'Update', '--now', NOW, '--ndjson', '--input-format', 'ndjson', ...args],
    { input, encoding: 'utf8' },
  );
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
  return { bodies: r.stdout.split('\n').filter((l) => l !== ''), report: r.stderr };
}

test('a country per record: the same bodies, rejections and dropped values as the native crate', { skip: !existsSync(BIN) && `${BIN} not built` }, () => {
  for (const [options, args] of [
    [{}, []],
    [{ defaultCountryCode: '1' }, ['--default-country-code', '1']],
  ]) {
    const got = buildAudienceBodies('custom_audience_users', RECORDS, { operation: 'Update', now: NOW, ...options });
    const want = native(RECORDS, args);
    assert.deepEqual(got.bodies, want.bodies);
    // The native report names each problem by record (0-based) and code.
    const lines = (list) => list.map((p) => `record ${p.index} ${p.code}`);
    const nativeLines = [...want.report.matchAll(/^record (\d+) \(row \d+\): [^:]+: (\w+)/gm)].map((m) => `record ${m[1]} ${m[2]}`);
    assert.deepEqual([...lines(got.rejected), ...lines(got.dropped)].sort(), nativeLines.sort());
  }
});

test("a country per record: each phone number hashed as the E.164 text of the record's own country", () => {
  const { bodies, rejected, dropped } = buildAudienceBodies('custom_audience_users', RECORDS, { operation: 'Update', now: NOW });
  const users = bodies.flatMap((b) => JSON.parse(b)[0].params.users);
  const phones = users.flatMap((u) => u.phone_number ?? []);
  assert.deepEqual(phones, ['+442071838750', '+16577770000', '+33612345678', '+4930901820', '+33612345679'].map(sha256));
  assert.deepEqual(rejected.map((p) => [p.index, p.code]), [[2, 'ambiguous_country_code'], [6, 'missing_country_code'], [7, 'missing_country_code']]);
  assert.deepEqual(dropped.map((p) => [p.index, p.field, p.code]), [[3, 'phone_number', 'invalid_country']]);
});

test('a country that is not a string is a wrong record', () => {
  for (const country of [44, true, ['GB'], { code: '44' }, 'G\ud800']) {
    assert.throws(
      () => buildAudienceBodies('custom_audience_users', [{ phone_number: '020 7183 8750', country }], { operation: 'Update' }),
      (e) => e.code === 'invalid_record',
    );
  }
  // null and undefined: no country of its own.
  for (const country of [null, undefined]) {
    const r = buildAudienceBodies('custom_audience_users', [{ phone_number: '020 7183 8750', country }], { operation: 'Update', defaultCountryCode: '44' });
    assert.equal(JSON.parse(r.bodies[0])[0].params.users[0].phone_number[0], sha256('+442071838750'));
  }
});
