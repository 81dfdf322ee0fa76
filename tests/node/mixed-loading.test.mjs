// One Node.js process that both `import`s and `require`s the package (an application whose
// dependencies mix the two): the ES module entries (pkg/*.js) and their CommonJS bundles
// (pkg/*.cjs, each with its own copy of pkg/lib/) load the same glue module, so they share one
// WebAssembly instance, and must share what is known about it (pkg/lib/engine.js: which instance
// is live, which line hashers belong to a replaced one). A call that fails inside the module on
// one side (a trap, made on purpose as in trap-checks.mjs) must leave every other side giving the
// right hashes: SHA-256 of the normalized value by node:crypto, never a hash of stale memory.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import * as hashEsm from '../../pkg/hash.js';
import * as helpersEsm from '../../pkg/helpers.js';
import * as fullEsm from '../../pkg/node.js';

const require = createRequire(import.meta.url);
const hashCjs = require('../../pkg/hash.cjs');
const helpersCjs = require('../../pkg/helpers.cjs');
const fullCjs = require('../../pkg/node.cjs');
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * Grows the module's memory to the wasm32 limit (address space only), so that the next call
 * passing `n` bytes cannot allocate them and traps (trap-checks.mjs, `exhaust`).
 */
function exhaust(raw) {
  const memory = raw.audienceMemory();
  const before = memory.buffer.byteLength;
  memory.grow(65536 - before / 65536);
  return before + (1 << 20);
}

/** A trap inside the module through `api`; it must be reported as internal_error. */
function trapThrough(api, raw) {
  const n = exhaust(raw);
  assert.throws(
    () => api.hashLines('email', new Uint8Array(n).fill(0x61)),
    (e) => e.code === 'internal_error' && e.cause instanceof WebAssembly.RuntimeError,
  );
}

/** The problems of `api`'s hashing functions (all of them), against node:crypto. */
async function check(api) {
  const problems = [];
  const expect = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const emails = ['bob@example.com', ' Alice@Example.COM ', 'not an email'];
  const want = [sha256('bob@example.com'), sha256('alice@example.com'), null];
  expect('hashIdentifier', api.hashIdentifier('email', emails[0]), want[0]);
  expect('normalizeIdentifier', api.normalizeIdentifier('email', emails[1]), 'alice@example.com');
  expect('hashIdentifiers email', api.hashIdentifiers('email', emails), { hashes: want, errors: [{ index: 2, code: 'invalid_email' }] });
  expect('hashIdentifiers partner_user_id', api.hashIdentifiers('partner_user_id', ['u-123']), { hashes: ['u-123'], errors: [] });
  expect('hashLines', api.hashLines('email', emails.join('\n')).hashes, want);
  const h = api.createLineHasher('email');
  const a = h.push(`${emails[0]}\n${emails[1].slice(0, 4)}`);
  const b = h.push(`${emails[1].slice(4)}\n${emails[2]}`);
  expect('createLineHasher', [...a.hashes, ...b.hashes, ...h.finish().hashes], want);
  if (typeof api.hashFile === 'function') {
    const lines = await api.hashFile(new Blob([`${emails.join('\r\n')}\n`]), { type: 'email' });
    expect('hashFile lines', await lines.blob.text(), `${want[0]}\n${want[1]}\n\n`);
    const csv = await api.hashFile(new Blob([`id,email\n1,${emails[0]}\n2,"${emails[1]}"\n`]), { type: 'email', column: 'email' });
    expect('hashFile csv', [await csv.blob.text(), csv.rejected], [`${want[0]}\n${want[1]}\n`, []]);
  }
  return problems;
}

// Every group: the entries of one glue module (the same instance), ES module and CommonJS.
const GROUPS = [
  ['preflight_hash', [['hash.js', hashEsm], ['hash.cjs', hashCjs]]],
  ['preflight_helpers', [['helpers.js', helpersEsm], ['helpers.cjs', helpersCjs]]],
  ['preflight', [['node.js', fullEsm], ['node.cjs', fullCjs]]],
];

for (const [build, entries] of GROUPS) {
  const raw = require(`../../pkg/wasm/${build}.cjs`);
  for (const [trapName, trapper] of entries) {
    test(`${build}: a trap through ${trapName} leaves every other entry of the same instance right`, async () => {
      // Every entry used before (each has staged values, made line hashers, read the memory).
      for (const [name, api] of entries) assert.deepEqual(await check(api), [], `${name} before the trap`);
      const hashers = entries.map(([name, api]) => {
        const h = api.createLineHasher('partner_user_id');
        h.push('half-way through a line of the instance about to trap');
        return [name, h];
      });
      trapThrough(trapper, raw);
      for (const [name, api] of entries) assert.deepEqual(await check(api), [], `${name} after the trap through ${trapName}`);
      // A line hasher of the trapped instance is refused by every entry: its pointer means
      // nothing in the new instance.
      for (const [name, h] of hashers) {
        assert.throws(() => h.push('x\n'), (e) => e.code === 'hasher_invalidated', `${name}'s old hasher`);
        h.free();
      }
      for (const [name, api] of entries) assert.deepEqual(await check(api), [], `${name} at the end`);
    });
  }
}

test('the issue\'s calls: after a trap on the ES module side, the CommonJS side hashes right', () => {
  const raw = require('../../pkg/wasm/preflight_hash.cjs');
  // The CommonJS side in use first (its copy of pkg/lib/ has seen the instance's memory).
  assert.deepEqual(hashCjs.hashIdentifiers('email', ['bob@example.com']).hashes, [sha256('bob@example.com')]);
  trapThrough(hashEsm, raw);
  assert.deepEqual(hashCjs.hashIdentifiers('email', ['bob@example.com']), { hashes: [sha256('bob@example.com')], errors: [] });
  assert.deepEqual(hashCjs.hashIdentifiers('partner_user_id', ['u-123']), { hashes: ['u-123'], errors: [] });
});
