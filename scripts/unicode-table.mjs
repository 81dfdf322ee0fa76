#!/usr/bin/env node
// The table of src/audience/unicode.rs: every code point unassigned in Unicode 15.1 (General
// Category Cn), the version every supported runtime knows (Node 18's ICU 74, the oldest Node of
// package.json `engines`), and fingerprints of what Unicode 15.1 says about every assigned one,
// which a Rust test recomputes from the native tables (the drift test). Dev-time only:
//
//   tests/toolchains/node_modules/node18/bin/node scripts/unicode-table.mjs
//
// (the Node 18 of tests/toolchains, whose `process.versions.unicode` is 15.1; the script refuses
// any other version) writes src/audience/unicode_table.rs. The data come from the running
// JavaScript engine's ICU (`\p{Assigned}`, `String.prototype.normalize`, `toLowerCase`): an
// implementation independent of the unicode-normalization crate and of Rust's standard library
// that the native build uses. tests/node/unicode-version.test.mjs decodes the committed table and
// checks it against the Node running it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const VERSION = '15.1';
export const TABLE = 'src/audience/unicode_table.rs';

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

/** LEB128 bytes: for each range, its distance from the end of the previous one, then its length - 1. */
export function encode(ranges) {
  const out = [];
  const leb = (n) => {
    for (;;) {
      const b = n & 0x7f;
      n >>>= 7;
      out.push(n ? b | 0x80 : b);
      if (!n) return;
    }
  };
  let next = 0;
  for (const [a, b] of ranges) {
    leb(a - next);
    leb(b - a);
    next = b + 1;
  }
  return out;
}

/** The ranges back from [`encode`]'s bytes. */
export function decode(bytes) {
  const ranges = [];
  let i = 0;
  const leb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[i++];
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  let next = 0;
  while (i < bytes.length) {
    const a = next + leb();
    const b = a + leb();
    ranges.push([a, b]);
    next = b + 1;
  }
  return ranges;
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
  const bytes = encode(ranges);
  const set = new Uint8Array(0x110000);
  for (const [a, b] of ranges) set.fill(1, a, b + 1);
  const fp = fingerprints((c) => set[c] === 1);
  const count = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  const rows = [];
  for (let i = 0; i < bytes.length; i += 16) rows.push(`    ${bytes.slice(i, i + 16).join(', ')},`);
  return `// GENERATED by scripts/unicode-table.mjs under Node 18 (Unicode ${VERSION}): do not edit (a test compares).
//! The code points unassigned in Unicode ${VERSION} and fingerprints of Unicode ${VERSION}'s data.

/// The Unicode version of the table.
pub const VERSION: (u8, u8) = (${VERSION.replace('.', ', ')});

/// The ${ranges.length} ranges of code points unassigned in Unicode ${VERSION} (General Category Cn;
/// ${count} code points), in increasing order, LEB128: for each range its distance from the end of
/// the previous one, then its length minus one.
pub(super) const UNASSIGNED: [u8; ${bytes.length}] = [
${rows.join('\n')}
];

/// The number of ranges and of code points in [\`UNASSIGNED\`].
#[cfg(test)]
pub(super) const UNASSIGNED_COUNTS: (usize, u32) = (${ranges.length}, ${count});

/// Assigned characters whose Cased or Case_Ignorable property changed after Unicode ${VERSION}.
pub(super) const SIGMA_UNSTABLE: [char; ${SIGMA_UNSTABLE.length}] = [${SIGMA_UNSTABLE.map((c) => `'\\u{${c.toString(16).toUpperCase()}}'`).join(', ')}];

/// SHA-256 of Unicode ${VERSION}'s normalization, lowercase and Final_Sigma reading of every
/// assigned character (scripts/unicode-table.mjs \`fingerprints\`).
#[cfg(test)]
pub(super) const FINGERPRINTS: [(&str, &str); 3] = [
${Object.entries(fp).map(([k, v]) => `    ("${k}", "${v}"),`).join('\n')}
];
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.versions.unicode !== VERSION) {
    console.error(`unicode-table: this Node has Unicode ${process.versions.unicode}; run it under Node 18 (Unicode ${VERSION}):`);
    console.error('  tests/toolchains/node_modules/node18/bin/node scripts/unicode-table.mjs');
    process.exit(1);
  }
  writeFileSync(path.join(root, TABLE), render());
  console.log(`wrote ${TABLE}`);
}
