// The phone number table is generated, never hand-edited (audience-identifiers.md, phone_number):
// src/audience/phone_table.rs must be scripts/data/phone-metadata.tsv (the kept copy of
// libphonenumber's metadata) rendered by scripts/phone-metadata.mjs, and the kept copy must be
// what the pinned devDependency google-libphonenumber holds (the package the differential test,
// tests/node/phone-differential.test.mjs, compares against).
//
// Run: node --test tests/node/phone-table.test.mjs (no wasm build needed)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, TABLE, extract, parse, render } from '../../scripts/phone-metadata.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

test(`${TABLE} is ${DATA} rendered by scripts/phone-metadata.mjs (regenerate: node scripts/phone-metadata.mjs generate)`, () => {
  assert.equal(read(TABLE), render(read(DATA)));
});

test(`${DATA} is the metadata of the pinned google-libphonenumber (re-extract: node scripts/phone-metadata.mjs extract)`, () => {
  const pinned = JSON.parse(read('package.json')).devDependencies['google-libphonenumber'];
  const { version } = createRequire(import.meta.url)('google-libphonenumber/package.json');
  assert.equal(version, pinned);
  assert.equal(parse(read(DATA)).version, pinned);
  assert.equal(read(DATA), extract());
});

test('the kept copy has the rows the spec names', () => {
  const rows = new Map(parse(read(DATA)).rows.map((r) => [r.cc, r]));
  // audience-identifiers.md: national prefixes 1 (+1), 8 (+7), 06 (+36), 0 (+44, +49), none
  // (+39, +34); international prefixes 011 (+1), 810 (+7), 010 (+81).
  const np = Object.fromEntries([1, 7, 36, 44, 49, 39, 34].map((cc) => [cc, rows.get(cc).np]));
  assert.deepEqual(np, { 1: '1', 7: '8', 36: '06', 44: '0', 49: '0', 39: '', 34: '' });
  assert.deepEqual([1, 7, 81].map((cc) => rows.get(cc).ip), ['011', '810', '010']);
  assert.equal(rows.has(28), false);
  assert.ok(rows.size > 200);
});

test('every region of google-libphonenumber reads as its calling code, with its own prefixes', () => {
  // A per-row country written as a region (`GB`) is read as the calling code whose territories
  // list it, with that code's main territory's prefixes (src/audience/phone.rs): both must be
  // what libphonenumber says of the region itself.
  const require = createRequire(import.meta.url);
  const lib = require('google-libphonenumber');
  const util = lib.PhoneNumberUtil.getInstance();
  const byRegion = new Map();
  for (const r of parse(read(DATA)).rows) {
    for (const t of r.territories.split(',')) byRegion.set(t, r);
  }
  const regions = util.getSupportedRegions();
  assert.ok(regions.length > 240);
  for (const region of regions) {
    const row = byRegion.get(region);
    assert.ok(row, `${region} is in the kept copy`);
    assert.equal(row.cc, util.getCountryCodeForRegion(region), region);
    const meta = util.getMetadataForRegion(region);
    assert.equal(meta.getNationalPrefix() ?? '', row.np, `${region}: national prefix`);
    assert.equal(meta.getInternationalPrefix() ?? '', row.ip, `${region}: international prefix`);
  }
  // And the generated table lists exactly those regions.
  const table = read(TABLE);
  const names = table.match(/REGIONS: &\[u8; \d+\] = b"\\\n([\s\S]*?)\n";/)[1].replace(/[\s\\]/g, '');
  assert.deepEqual(names.match(/../g), [...regions].sort());
});
