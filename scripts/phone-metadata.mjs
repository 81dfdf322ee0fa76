#!/usr/bin/env node
// The phone number table of src/audience/phone.rs, from libphonenumber's metadata (never typed by
// hand: audience-identifiers.md, phone_number row). Dev-time only; two steps:
//
//   node scripts/phone-metadata.mjs extract    re-extracts the kept copy,
//        scripts/data/phone-metadata.tsv, from the npm package google-libphonenumber (the
//        devDependency pinned in package.json, which the differential test also uses), recording
//        the package's version in the file;
//   node scripts/phone-metadata.mjs generate   writes src/audience/phone_table.rs from the kept
//        copy (no package needed).
//
// tests/node/phone-table.test.mjs renders the table from the kept copy and compares it with the
// committed file, so a hand edit of either fails the tests.
//
// Kept per assigned country calling code: the territories sharing it (the main one first), the
// main territory's national (trunk) prefix and international call prefix (a regular expression
// in the metadata), and the union of `possible_length` of the general descriptions of all its
// territories (not `possible_length_local_only`: a number that needs an area code is refused).
// The territories (ISO 3166-1 alpha-2 regions; `001` is non-geographic) also give the table of
// regions, each with its calling code: a per-row country written as a region (`GB`) reads as the
// code whose territories list it (tests/node/phone-table.test.mjs compares every region with
// google-libphonenumber's getCountryCodeForRegion).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA = 'scripts/data/phone-metadata.tsv';
export const TABLE = 'src/audience/phone_table.rs';
const COLUMNS = ['calling_code', 'territories', 'national_prefix', 'international_prefix', 'possible_lengths'];

/** The kept copy's text, from the installed google-libphonenumber. */
export function extract() {
  const require = createRequire(import.meta.url);
  const lib = require('google-libphonenumber');
  const { version } = require('google-libphonenumber/package.json');
  const util = lib.PhoneNumberUtil.getInstance();
  const map = lib.metadata.countryCodeToRegionCodeMap;
  const lines = [
    `# libphonenumber metadata from the npm package google-libphonenumber ${version}`,
    '# (scripts/phone-metadata.mjs extract). One row per assigned country calling code: the',
    '# territories sharing it (main first), the main territory\'s national_prefix and',
    '# international_prefix (a regular expression), the union of the possible_length of every',
    '# territory\'s general description.',
    `# version\t${version}`,
    COLUMNS.join('\t'),
  ];
  for (const cc of Object.keys(map).map(Number).sort((a, b) => a - b)) {
    const regions = map[cc];
    const metas = regions.map((r) => (r === '001' ? util.getMetadataForNonGeographicalRegion(cc) : util.getMetadataForRegion(r)));
    const lengths = new Set(metas.flatMap((m) => m.getGeneralDesc().possibleLengthArray()));
    const main = metas[0];
    lines.push(
      [
        cc,
        regions.join(','),
        main.getNationalPrefix() ?? '',
        main.getInternationalPrefix() ?? '',
        [...lengths].filter((n) => n > 0).sort((a, b) => a - b).join(','),
      ].join('\t'),
    );
  }
  return lines.join('\n') + '\n';
}

/** Rows of the kept copy: {version, rows: [{cc, territories, np, ip, lengths}]}. */
export function parse(text) {
  let version = null;
  const rows = [];
  for (const line of text.split('\n')) {
    if (line === '' || line === COLUMNS.join('\t')) continue;
    if (line.startsWith('# version\t')) version = line.slice('# version\t'.length);
    if (line.startsWith('#')) continue;
    const [cc, territories, np, ip, lengths] = line.split('\t');
    rows.push({ cc: Number(cc), territories, np, ip, lengths: lengths.split(',').map(Number) });
  }
  if (version === null) throw new Error(`${DATA}: no "# version" line`);
  return { version, rows };
}

// E.164: at most 15 digits with the calling code (1 digit at least), so a national number has at
// most 14; none in the metadata is shorter than MIN_LENGTH. Bit n - MIN_LENGTH of an entry says
// whether n is a possible length.
const MIN_LENGTH = 4;
const MAX_LENGTH = 14;

/** The generated Rust file's text. */
export function render(text) {
  const { version, rows } = parse(text);
  const plain = (ip) => (/^[0-9]+$/.test(ip) && ip !== '00' ? ip : '');
  const pairs = [];
  const entries = [];
  const steps = [];
  let prev = 0;
  const codes = new Set(rows.map((r) => String(r.cc)));
  for (const r of rows) {
    // Calling codes are prefix-free: reading 1, 2 then 3 digits finds at most one.
    for (const c of codes) {
      if (c !== String(r.cc) && String(r.cc).startsWith(c)) throw new Error(`${c} is a prefix of ${r.cc}`);
    }
    if (!/^[0-9]*$/.test(r.np)) throw new Error(`${r.cc}: national prefix ${r.np}`);
    if (r.cc - prev < 1 || r.cc - prev > 255) throw new Error(`${r.cc}: step from ${prev}`);
    const pair = `${r.np}/${plain(r.ip)}`;
    if (!pairs.includes(pair)) pairs.push(pair);
    let bits = 0;
    for (const n of r.lengths) {
      if (n < MIN_LENGTH) throw new Error(`${r.cc}: possible length ${n}`);
      if (n <= MAX_LENGTH) bits |= 1 << (n - MIN_LENGTH);
    }
    if (pairs.length > 16) throw new Error('more than 16 prefix pairs');
    entries.push(bits | (pairs.indexOf(pair) << 12));
    steps.push(r.cc - prev);
    prev = r.cc;
  }
  // Regions, sorted, each with the index of its calling code in CODE_STEPS order.
  const regions = [];
  rows.forEach((r, i) => {
    for (const t of r.territories.split(',')) {
      if (t === '001') continue;
      if (!/^[A-Z]{2}$/.test(t)) throw new Error(`${r.cc}: territory ${t}`);
      if (regions.some(([name]) => name === t)) throw new Error(`${t} listed twice`);
      regions.push([t, i]);
    }
  });
  regions.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (rows.length > 256) throw new Error('more than 256 calling codes: a region index no longer fits a byte');
  const wrap = (xs) => {
    const out = [];
    for (let i = 0; i < xs.length; i += 12) out.push(`    ${xs.slice(i, i + 12).join(', ')},`);
    return out.join('\n');
  };
  const hex = (n) => `0x${n.toString(16).padStart(2, '0')}`;
  const padded = (digits, width) => {
    if (digits.length > width) throw new Error(`prefix ${digits} longer than ${width}`);
    return `${digits.length}, ${[...digits.padEnd(width, '-')].map((d) => (d === '-' ? '0' : `b'${d}'`)).join(', ')}`;
  };
  const prefixes = (np, ip) => `[${padded(np, 2)}, ${padded(ip, 3)}]`;
  return `// GENERATED by scripts/phone-metadata.mjs from ${DATA}: do not edit (a test compares).
//! The country calling codes of libphonenumber's metadata (google-libphonenumber ${version}).

/// Where the table comes from.
pub const SOURCE: &str = "libphonenumber metadata of google-libphonenumber ${version}";

/// The shortest national number length the entries can hold.
pub(super) const MIN_LENGTH: usize = ${MIN_LENGTH};

/// The assigned calling codes in increasing order, each as its difference from the previous one.
pub(super) const CODE_STEPS: [u8; ${steps.length}] = [
${wrap(steps.map(String))}
];

/// Per calling code, the low byte of a 16-bit entry (in two arrays: smaller once compressed):
/// bit \`n - MIN_LENGTH\` (bits 0-10) set when \`n\` is a possible length of the national number
/// in one of the code's territories (lengths ${MIN_LENGTH} to ${MAX_LENGTH}; longer ones cannot fit E.164); bits
/// 12-15 index [\`PREFIXES\`].
pub(super) const ENTRIES_LOW: [u8; ${entries.length}] = [
${wrap(entries.map((e) => hex(e & 0xff)))}
];

/// The high byte of each entry.
pub(super) const ENTRIES_HIGH: [u8; ${entries.length}] = [
${wrap(entries.map((e) => hex(e >> 8)))}
];

/// National (trunk) prefix and international call prefix of a code's main territory, as
/// \`[national length, 2 digits, international length, 3 digits]\`; length 0: none (the
/// international prefix only where it is a plain digit string other than \`00\`, which always
/// introduces a calling code).
pub(super) const PREFIXES: [[u8; 7]; ${pairs.length}] = [
${pairs.map((p) => `    ${prefixes(...p.split('/'))},`).join('\n')}
];

/// The ISO 3166-1 alpha-2 regions of the territories, in increasing order, two letters each.
pub(super) const REGIONS: &[u8; ${2 * regions.length}] = b"\\
${(() => {
    const names = regions.map(([name]) => name).join('');
    const out = [];
    for (let i = 0; i < names.length; i += 96) out.push(`    ${names.slice(i, i + 96)}\\`);
    return out.join('\n');
  })()}
";

/// Per region of [\`REGIONS\`], the index of its calling code in [\`CODE_STEPS\`] order.
pub(super) const REGION_CODES: [u8; ${regions.length}] = [
${wrap(regions.map(([, i]) => String(i)))}
];
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cmd = process.argv[2];
  if (cmd === 'extract') {
    writeFileSync(path.join(root, DATA), extract());
    console.log(`wrote ${DATA}`);
  } else if (cmd === 'generate') {
    writeFileSync(path.join(root, TABLE), render(readFileSync(path.join(root, DATA), 'utf8')));
    console.log(`wrote ${TABLE}`);
  } else {
    console.error('usage: node scripts/phone-metadata.mjs extract|generate');
    process.exit(2);
  }
}
