// Unicode normalization in the wasm build against the native build, byte for byte. The wasm
// package is built without the core's normalization tables: NFC (email addresses) and NFKC
// (webhook host names) of text that is not already normalized come from the JavaScript engine's
// String.prototype.normalize (bindings/wasm/src/lib.rs, src/audience/nfc.rs). The native CLI
// (target/debug/preflight, built by `cargo build` or `cargo test`; PREFLIGHT_BIN overrides it)
// uses the unicode-normalization crate's tables: two independent implementations. Every value
// here is non-ASCII, most need normalizing, in composed and decomposed forms.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashIdentifier, hashIdentifiers, hashLines, normalizeIdentifier, validate } from '../../pkg/node.js';
import * as hashOnly from '../../pkg/hash.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');

// Emails: [composed or plain, decomposed or otherwise unnormalized] forms and lone cases.
const EMAILS = [
  // Latin with combining marks, composed and decomposed (NFD), upper and lower case.
  'José@Example.com',
  'Jose\u0301@Example.com',
  'ÅNGSTRÖM@lab.se',
  'A\u030ANGSTRO\u0308M@lab.se',
  // Canonical singletons: ANGSTROM SIGN and KELVIN SIGN map to other characters under NFC.
  '\u212Bngstrom@lab.se',
  '\u212Aelvin@lab.se',
  // Several marks on one letter, in both orders (canonical reordering by combining class).
  'nguye\u0323\u0302n@vn.example',
  'nguye\u0302\u0323n@vn.example',
  'nguy\u1EC7n@vn.example',
  'Dvor\u030Ca\u0301k@cz.example',
  'ł\u0301ukasz@pl.example',
  // Greek: tonos composed and decomposed, OXIA (singleton to TONOS), final sigma on lowercasing.
  'ΟΔΥΣΣΕΥΣ@ithaca.gr',
  'Ά@athens.gr',
  '\u0391\u0301@athens.gr',
  '\u1F71lpha@athens.gr',
  'ΐ@greek.example',
  '\u03B9\u0308\u0301@greek.example',
  // The Greek sequences where NFC then lowercase is not NFC again (the spec's known case).
  '\u0399\u0308\u0301@greek.example',
  '\u03A5\u0308\u0301@greek.example',
  // Hangul: precomposed syllables and the same as conjoining jamo (L V T).
  '한국@mail.kr',
  '\u1112\u1161\u11AB\u1100\u116E\u11A8@mail.kr',
  '\uD55C\u11A8@mail.kr',
  // Cyrillic: short i composed and decomposed.
  'Йошкар@mail.ru',
  '\u0418\u0306ошкар@mail.ru',
  // Devanagari: a composition exclusion (U+0958 decomposes and never recomposes).
  '\u0958\u093F@mail.in',
  '\u0915\u093C\u093F@mail.in',
  // CJK compatibility ideograph (singleton to a unified ideograph), Japanese kana with voicing.
  '\uF900@mail.cn',
  '\u304B\u3099@mail.jp',
  '\u304C@mail.jp',
  // Compatibility characters NFC keeps (fullwidth letters, ligature), lowercased.
  'ＡＤＭＩＮ@example.com',
  'ﬁnance@example.com',
  // Dotted capital I (lowercases to two characters), Turkish dotless i.
  'İstanbul@mail.tr',
  'ıstanbul@mail.tr',
  // Internationalized domains, composed and decomposed; surrounding Unicode white space.
  'user@münchen.de',
  'user@mu\u0308nchen.de',
  '\u3000Zoë@café.fr\u00A0',
  // Longer than one SHA-256 block once normalized (the bulk paths hash those one at a time).
  'Ste\u0301phane.Gonc\u0327alves.Nu\u0301n\u0303ez.Mu\u0308ller@universita\u0308t-mu\u0308nchen.example.de',
  // Rejected the same way: two @ after normalization, whitespace inside.
  'a\u0301@b@c.example',
  'e\u0301 e@x.example',
];

// Handles are ASCII after one leading @ or FULLWIDTH COMMERCIAL AT: non-ASCII ones are errors.
const HANDLES = ['＠AdsAPI', '@Jose\u0301', '@José', '@ＡＤＭＩＮ', '＠user_1', '@한국'];

/** The native CLI's output lines for `values` of `type` (an empty line for a rejected value). */
function nativeHashes(type, values) {
  assert.ok(existsSync(BIN), `${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'preflight-nfc-'));
  try {
    const file = path.join(dir, 'values.txt');
    writeFileSync(file, values.map((v) => `${v}\n`).join(''));
    const r = spawnSync(BIN, ['hash', type, file, '--quiet'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    assert.ok(r.status === 0 || r.status === 1, `preflight hash exited ${r.status}: ${r.stderr}`);
    const lines = r.stdout.split('\n');
    assert.equal(lines.pop(), '', 'the output ends with a newline');
    assert.equal(lines.length, values.length);
    return lines.map((l) => (l === '' ? null : l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const one = (type, v) => {
  try {
    return hashIdentifier(type, v);
  } catch (e) {
    if (e?.name === 'PreflightError') return null;
    throw e;
  }
};

for (const [type, values] of [
  ['email', EMAILS],
  ['handle', HANDLES],
]) {
  test(`${type}: non-ASCII values hash the same in wasm (String.prototype.normalize) and natively (tables)`, () => {
    const native = nativeHashes(type, values);
    // Most values are accepted, so the comparison is about hashes, not about errors.
    if (type === 'email') assert.ok(native.filter((h) => h !== null).length >= values.length - 2);
    const single = values.map((v) => one(type, v));
    const bulk = hashIdentifiers(type, values).hashes;
    const lines = hashLines(type, values.map((v) => `${v}\n`).join('')).hashes;
    const hashOnlyBulk = hashOnly.hashIdentifiers(type, values).hashes;
    values.forEach((v, i) => {
      const name = `${JSON.stringify(v)} (${[...v].map((c) => c.codePointAt(0).toString(16)).join(' ')})`;
      assert.equal(single[i], native[i], `hashIdentifier ${name}`);
      assert.equal(bulk[i], native[i], `hashIdentifiers ${name}`);
      assert.equal(lines[i], native[i], `hashLines ${name}`);
      assert.equal(hashOnlyBulk[i], native[i], `preflight-wasm/hash hashIdentifiers ${name}`);
    });
  });
}

test('email: every code point of planes 0-3 and 14, alone and decomposed, hashes the same in wasm and natively', () => {
  // Planes 4-13 are unassigned and 15-16 private use: nothing there normalizes. Line breaks would
  // split the input. Each character goes into `a<c>@x.example`, and so does its NFD form when it
  // has one: NFC, then Unicode lowercase (Rust's, in both builds), then the email checks.
  const values = [];
  const add = (u) => {
    if ((u >= 0xd800 && u < 0xe000) || u === 0x0a || u === 0x0d) return;
    const c = String.fromCodePoint(u);
    values.push(`a${c}@x.example`);
    const d = c.normalize('NFD');
    if (d !== c) values.push(`a${d}@x.example`);
  };
  for (let u = 0; u < 0x40000; u++) add(u);
  for (let u = 0xe0000; u < 0xe1000; u++) add(u);
  const native = nativeHashes('email', values);
  const wasm = hashLines('email', values.map((v) => `${v}\n`).join('')).hashes;
  assert.equal(wasm.length, values.length);
  const differ = [];
  wasm.forEach((h, i) => {
    if (h !== native[i]) differ.push([...values[i]].map((c) => c.codePointAt(0).toString(16)).join(' '));
  });
  assert.deepEqual(differ.slice(0, 20), [], `${differ.length} values differ`);
  assert.ok(native.filter((h) => h !== null).length > values.length * 0.99);
});

test('email: composed and decomposed forms normalize to the same NFC text', () => {
  const pairs = [
    ['José@example.com', 'Jose\u0301@example.com', 'josé@example.com'],
    ['한국@mail.kr', '\u1112\u1161\u11AB\u1100\u116E\u11A8@mail.kr', '한국@mail.kr'],
    ['Ά@athens.gr', '\u1F71@athens.gr', 'ά@athens.gr'],
    ['nguy\u1EC7n@vn.example', 'nguye\u0302\u0323n@vn.example', 'nguy\u1EC7n@vn.example'],
  ];
  for (const [a, b, want] of pairs) {
    assert.equal(normalizeIdentifier('email', a), want);
    assert.equal(normalizeIdentifier('email', b), want);
    assert.equal(hashOnly.normalizeIdentifier('email', b), want);
  }
  // Sanity of the inputs: the decomposed forms really differ from the composed ones.
  assert.notEqual('Jose\u0301@example.com'.normalize('NFC'), 'Jose\u0301@example.com');
});

test('webhook_create: host names mapped with NFKC give the same report in wasm and natively', () => {
  assert.ok(existsSync(BIN), `${BIN} is missing: run cargo build (or set PREFLIGHT_BIN)`);
  const hosts = [
    'ｌｏｃａｌｈｏｓｔ', // fullwidth letters: localhost
    'ＬＯＣＡＬＨＯＳＴ',
    'api.ｌｏｃａｌｈｏｓｔ',
    '１２７．０．０．１', // fullwidth digits and full stop: 127.0.0.1
    '１９２。１６８。０。１', // ideographic full stop
    '１２７．１', // a malformed number in fullwidth digits
    'ｈｏｏｋｓ．example．com', // fine once mapped
    'ⓛⓞⓒⓐⓛⓗⓞⓢⓣ', // circled letters
    'hooks.exa\u0301mple.com', // combining mark
    'münchen.example', // already NFKC
  ];
  for (const host of hosts) {
    const payload = { url: `https://${host}/cb` };
    // Exit status 1 for an invalid payload; the report is on standard output either way.
    const r = spawnSync(BIN, ['validate', 'webhook_create', '--json', '-'], {
      input: JSON.stringify(payload),
      encoding: 'utf8',
    });
    assert.ok(r.status === 0 || r.status === 1, `preflight validate exited ${r.status}: ${r.stderr}`);
    const wasm = validate('webhook_create', payload);
    assert.deepEqual(wasm, JSON.parse(r.stdout), host);
  }
  // Not vacuous: the mapped localhost and loopback are refused.
  assert.equal(validate('webhook_create', { url: 'https://ｌｏｃａｌｈｏｓｔ/cb' }).valid, false);
  assert.equal(validate('webhook_create', { url: 'https://１２７．０．０．１/cb' }).valid, false);
  assert.equal(validate('webhook_create', { url: 'https://hooks.example.com/cb' }).valid, true);
});
