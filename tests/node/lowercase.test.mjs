// Unicode lowercase of email addresses in the wasm build against the native build, byte for byte.
// Native lowercases with the standard library (str::to_lowercase). The wasm build, without the
// standard library's case tables (src/audience/case.rs), maps every character with the crate's
// own table, except text containing U+03A3 GREEK CAPITAL LETTER SIGMA, which goes to the
// JavaScript engine's String.prototype.toLowerCase: whether Σ becomes σ or word-final ς depends
// on the Unicode properties (Cased, Case_Ignorable) of the characters around it.
//
// tests/node/nfc.test.mjs already hashes every code point alone (`a<c>@x.example`, through the
// table). Here every code point of planes 0-3 and 14 stands next to a Σ, in the three contexts
// that tell its properties apart, so that the engine's lowercase of it and its Final_Sigma
// properties are compared with the standard library's, through the native CLI
// (target/debug/preflight, built by `cargo build` or `cargo test`; PREFLIGHT_BIN overrides it).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as full from '../../pkg/node.js';
import * as hashOnly from '../../pkg/hash.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');

/** The native CLI's hashes of `values` as emails (null for a rejected value). */
function nativeHashes(values) {
  assert.ok(existsSync(BIN), `${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-lower-'));
  try {
    const file = path.join(dir, 'values.txt');
    writeFileSync(file, values.map((v) => `${v}\n`).join(''));
    const r = spawnSync(BIN, ['hash', 'email', file, '--quiet'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    assert.ok(r.status === 0 || r.status === 1, `preflight hash exited ${r.status}: ${r.stderr}`);
    const lines = r.stdout.split('\n');
    assert.equal(lines.pop(), '', 'the output ends with a newline');
    assert.equal(lines.length, values.length);
    return lines.map((l) => (l === '' ? null : l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const hex = (v) => [...v].map((c) => c.codePointAt(0).toString(16)).join(' ');

test('email: Σ beside every code point of planes 0-3 and 14 lowercases in wasm as natively', () => {
  // After Σ then a cased letter: σ unless <c> is neither case-ignorable nor cased. After Σ then
  // the end of the word: ς unless <c> is cased and not case-ignorable. Before Σ (after a cased
  // letter): ς when <c> is case-ignorable or cased.
  const values = [];
  for (const range of [[0, 0x40000], [0xe0000, 0xe1000]]) {
    for (let u = range[0]; u < range[1]; u++) {
      if ((u >= 0xd800 && u < 0xe000) || u === 0x0a || u === 0x0d) continue;
      const c = String.fromCodePoint(u);
      values.push(`aΣ${c}b@x.example`, `aΣ${c}@x.example`, `a${c}Σ@x.example`);
    }
  }
  const native = nativeHashes(values);
  const wasm = hashOnly.hashLines('email', values.map((v) => `${v}\n`).join('')).hashes;
  assert.equal(wasm.length, values.length);
  const differ = [];
  wasm.forEach((h, i) => {
    if (h !== native[i]) differ.push(hex(values[i]));
  });
  assert.deepEqual(differ.slice(0, 20), [], `${differ.length} values differ`);
  assert.ok(native.filter((h) => h !== null).length > values.length * 0.99);
});

test('email: final sigma in words, one value at a time and in bulk, both builds', () => {
  const values = [
    'ΟΔΥΣΣΕΥΣ@ithaca.gr',
    'ΣΑΣ@x.gr',
    'Σ@x.gr',
    'ΑΣ.Β@x.gr',
    'ΑΣ\u0301@x.gr', // a combining mark (case-ignorable) after the sigma
    'Α\u00ADΣ@x.gr', // a soft hyphen (case-ignorable) before it
    'ΑΣ\u00ADΒ@x.gr',
    'ΑΣ1@x.gr',
    '1Σ@x.gr',
    'İΣ@x.tr', // two characters from one before it
  ];
  const native = nativeHashes(values);
  for (const api of [full, hashOnly]) {
    assert.deepEqual(
      values.map((v) => api.hashIdentifier('email', v)),
      native,
    );
    assert.deepEqual(api.hashIdentifiers('email', values).hashes, native);
  }
  // The rule itself (Unicode 3.13, Final_Sigma): a digit is neither cased nor case-ignorable, a
  // full stop is case-ignorable (so a letter after it makes the sigma not final).
  assert.equal(full.normalizeIdentifier('email', 'ΟΔΥΣΣΕΥΣ@ithaca.gr'), 'οδυσσευς@ithaca.gr');
  assert.equal(hashOnly.normalizeIdentifier('email', 'ΑΣ1@x.gr'), 'ας1@x.gr');
  assert.equal(hashOnly.normalizeIdentifier('email', 'ΑΣ.Β@x.gr'), 'ασ.β@x.gr');
  assert.equal(hashOnly.normalizeIdentifier('email', 'ΑΣΒ@x.gr'), 'ασβ@x.gr');
});
