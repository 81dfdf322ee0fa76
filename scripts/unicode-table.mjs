#!/usr/bin/env node
// Unicode 15.1's data for the identifier checks of src/audience/unicode.rs, taken from Node 18
// (ICU 74: Unicode 15.1, the version of the oldest Node of package.json `engines`). Dev-time only:
//
//   tests/toolchains/node_modules/node18/bin/node scripts/unicode-table.mjs
//
// (the Node 18 of tests/toolchains; the script refuses any other version) writes
// scripts/data/unicode-15.1.txt: the ranges of code points unassigned in Unicode 15.1 (General
// Category Cn, from `\p{Assigned}`) and SHA-256 fingerprints of what 15.1 says about every
// assigned character (`normalize`, `toLowerCase`, the Final_Sigma rule). Node's ICU is an
// implementation independent of the unicode-normalization crate and Rust's standard library that
// the native build uses: the Rust tests recompute the fingerprints from the native tables (the
// drift test) and derive from the ranges the table of refused characters
// (src/audience/unicode_table.rs). tests/node/unicode-version.test.mjs checks the file against
// the Node running it and, when tests/toolchains has Node 18, regenerates and compares it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const VERSION = '15.1';
export const DATA = 'scripts/data/unicode-15.1.txt';

// Assigned in Unicode 15.1 whose Cased or Case_Ignorable property changed in a later version (so
// the Final_Sigma rule of lowercase reads them differently by version): U+0295 (Ll, cased, in
// 15.1; Lo in 16.0) and U+1171E (Mn, case-ignorable, in 15.1; Mc in 16.0). Found by comparing
// the General Category of every code point in Unicode 15.1 and 18.0 and Final_Sigma in Node 18
// (15.1) and Node 20 and 22 (17.0); the Rust drift test checks that no other character differs.
export const SIGMA_UNSTABLE = [0x295, 0x1171e];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The ranges `[first, last]` of code points unassigned in the running engine's Unicode. */
export function unassignedRanges() {
  const assigned = /\p{Assigned}/u;
  const ranges = [];
  let start = -1;
  for (let c = 0; c <= 0x110000; c++) {
    const un = c < 0x110000 && !(c >= 0xd800 && c < 0xe000) && !assigned.test(String.fromCodePoint(c));
    if (un && start < 0) start = c;
    if (!un && start >= 0) {
      ranges.push([start, c - 1]);
      start = -1;
    }
  }
  return ranges;
}

/** The ranges `[first, last]` of the kept file (scripts/data/unicode-15.1.txt). */
export function keptRanges() {
  return readFileSync(path.join(root, DATA), 'utf8')
    .split('\n')
    .filter((l) => /^[0-9A-F]/.test(l))
    .map((l) => l.split(' ').map((x) => parseInt(x, 16)));
}

// Marks of combining classes 1, 220, 230 and 240, written before and after a character: where NFD
// puts them tells the character's own class.
const MARKS = ['\u0334', '\u0316', '\u0301', '\u0345'];

/**
 * SHA-256 fingerprints, over every assigned code point (surrogates excepted) in increasing order,
 * of the texts `src/audience/unicode.rs`'s test writes the same way: `normalization` (NFD, NFKD,
 * NFC and NFKC of the character, and NFD of each mark before and after it), `lowercase` (its
 * lowercase) and `sigma` (whether `Σ` lowercases to `ς` in `AΣc`, `cΣ` and `AcΣ`; the
 * `SIGMA_UNSTABLE` characters left out). Each text ends with U+0000.
 */
export function fingerprints(isUnassigned) {
  const h = { normalization: createHash('sha256'), lowercase: createHash('sha256'), sigma: createHash('sha256') };
  const unstable = new Set(SIGMA_UNSTABLE);
  for (let c = 0; c < 0x110000; c++) {
    if ((c >= 0xd800 && c < 0xe000) || isUnassigned(c)) continue;
    const s = String.fromCodePoint(c);
    const parts = [s.normalize('NFD'), s.normalize('NFKD'), s.normalize('NFC'), s.normalize('NFKC')];
    for (const m of MARKS) parts.push((m + s).normalize('NFD'), (s + m).normalize('NFD'));
    h.normalization.update(`${parts.join('\u0001')}\u0000`);
    h.lowercase.update(`${s.toLowerCase()}\u0000`);
    if (!unstable.has(c)) {
      const bits = [`A\u03a3${s}`, `${s}\u03a3`, `A${s}\u03a3`].map((t) => (t.toLowerCase().includes('\u03c2') ? '1' : '0'));
      h.sigma.update(`${bits.join('')}\u0000`);
    }
  }
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, v.digest('hex')]));
}

export function render() {
  const ranges = unassignedRanges();
  const set = new Uint8Array(0x110000);
  for (const [a, b] of ranges) set.fill(1, a, b + 1);
  const fp = fingerprints((c) => set[c] === 1);
  const count = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  const hex = (c) => c.toString(16).toUpperCase().padStart(4, '0');
  return [
    `# Unicode ${VERSION} from Node ${process.version} (ICU ${process.versions.icu}): scripts/unicode-table.mjs; do not edit.`,
    `# fingerprint ${Object.entries(fp).map(([k, v]) => `${k}=${v}`).join(' ')}`,
    `# ${ranges.length} ranges of code points unassigned in Unicode ${VERSION} (${count} code points), first last:`,
    ...ranges.map(([a, b]) => `${hex(a)} ${hex(b)}`),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.versions.unicode !== VERSION) {
    console.error(`unicode-table: this Node has Unicode ${process.versions.unicode}; run it under Node 18 (Unicode ${VERSION}):`);
    console.error('  tests/toolchains/node_modules/node18/bin/node scripts/unicode-table.mjs');
    process.exit(1);
  }
  writeFileSync(path.join(root, DATA), render());
  console.log(`wrote ${DATA}`);
}
