// SHA-256 in the wasm builds against published vectors and node:crypto. The wasm package hashes
// one value at a time (and values longer than one 64-byte block in the bulk paths) with the
// crate's own SHA-256 (src/audience/sha256x1.rs on v128 lanes), not the sha2 crate that native
// builds use, and single-block values four at a time (src/audience/sha256x4.rs). Both are checked
// here through the public hashing functions, in the full build and in the hash-only one, and the
// one-value SHA-256 also through the raw digest export, against the published vectors: that
// export is benchmark-only, in no shipped build, only in the bench build scripts/build-wasm.sh
// writes outside the package (<target dir>/wasm-bench/: the full build's features and `bench`).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as full from '../../pkg/node.js';
import * as hashOnly from '../../pkg/hash.js';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RAW = { bench: require(path.resolve(root, process.env.CARGO_TARGET_DIR ?? 'target', 'wasm-bench/preflight_bench.cjs')) };
const API = { full, 'hash-only': hashOnly };
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

// FIPS 180-2 appendix B (one block, two blocks, a million 'a') and the empty message.
const PUBLISHED = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  [
    'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
    'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
  ],
  ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
];

for (const [name, raw] of Object.entries(RAW)) {
  test(`${name}: the one-value SHA-256 gives the published digests`, () => {
    for (const [msg, want] of PUBLISHED) assert.equal(raw.benchSha256Hex(msg), want, `${msg.length} bytes`);
  });

  test(`${name}: the one-value SHA-256 matches node:crypto at every length up to five blocks`, () => {
    // Every padding case (0 to 63 bytes in the last block, one or two final blocks), ASCII and
    // multi-byte characters.
    for (let len = 0; len <= 320; len++) {
      const s = Array.from({ length: len }, (_, i) => String.fromCharCode(32 + ((i * 37 + len) % 95))).join('');
      assert.equal(raw.benchSha256Hex(s), sha256(s), `length ${len}`);
      const u = 'é'.repeat(len);
      assert.equal(raw.benchSha256Hex(u), sha256(u), `${len} x é`);
    }
  });
}

for (const [name, api] of Object.entries(API)) {
  test(`${name}: emails of every length from 5 to 254 bytes hash as node:crypto hashes them, one at a time and in bulk`, () => {
    // Up to 55 bytes: one block (four at a time in bulk); longer: the one-value hash, up to five
    // blocks. RFC 5321 bounds an address (local part 64 bytes, 254 in all): past 64 bytes the
    // filler moves to the domain, and a longer address is refused, never hashed.
    const values = [];
    for (let len = 5; len <= 254; len++) {
      values.push(len - 4 <= 64 ? `${'u'.repeat(len - 4)}@x.y` : `${'u'.repeat(64)}@${'x'.repeat(len - 67)}.y`);
    }
    assert.ok(values.every((v, i) => Buffer.byteLength(v) === i + 5));
    for (const v of [`${'u'.repeat(65)}@x.y`, `${'u'.repeat(64)}@${'x'.repeat(188)}.y`]) {
      assert.throws(() => api.hashIdentifier('email', v), { code: Buffer.byteLength(v) > 254 ? 'email_too_long' : 'email_local_part_too_long' });
    }
    const want = values.map(sha256);
    assert.deepEqual(values.map((v) => api.hashIdentifier('email', v)), want);
    assert.deepEqual(api.hashIdentifiers('email', values).hashes, want);
    assert.deepEqual(api.hashLines('email', values.join('\n')).hashes, want);
    // Upper case, so that normalization runs first.
    assert.deepEqual(api.hashIdentifiers('email', values.map((v) => v.toUpperCase())).hashes, want);
    // Two UTF-8 bytes a character: every padding case again, on other byte values.
    const accented = [];
    for (let len = 1; len <= 124; len++) {
      const local = Math.min(len, 32); // 64 bytes
      accented.push(`${'é'.repeat(local)}@${'é'.repeat(len - local)}x.y`);
    }
    const wantAccented = accented.map(sha256);
    assert.deepEqual(accented.map((v) => api.hashIdentifier('email', v)), wantAccented);
    assert.deepEqual(api.hashIdentifiers('email', accented).hashes, wantAccented);
  });
}

test('the shipped builds leave the benchmark-only exports out', () => {
  assert.equal(typeof RAW.bench.benchSha256Hex, 'function');
  assert.equal(typeof RAW.bench.benchRawSha256Lines, 'function');
  for (const build of ['preflight', 'preflight_validate', 'preflight_hash', 'preflight_helpers', 'preflight_signing']) {
    const shipped = require(`../../pkg/wasm/${build}.cjs`);
    assert.equal(shipped.benchSha256Hex, undefined, build);
    assert.equal(shipped.benchRawSha256Lines, undefined, build);
  }
  assert.equal(typeof require('../../pkg/wasm/preflight.cjs').audienceHashStaged, 'function');
  assert.equal(typeof require('../../pkg/wasm/preflight_hash.cjs').audienceHashStaged, 'function');
});
