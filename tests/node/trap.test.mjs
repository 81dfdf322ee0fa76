// A call that fails inside the WebAssembly module (a trap, made on purpose) surfaces as a
// PreflightError `internal_error` with the trap as its `cause`, and every later call, of every
// area, runs on a fresh instance (pkg/lib/engine.js); a line hasher of the trapped instance is
// refused (`hasher_invalidated`) and never touches the new one. Both Node.js entry points; the
// same checks run in Chromium (tests/browser/run.mjs, tests/browser/hash-entry.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import * as full from '../../pkg/node.js';
import * as hashOnly from '../../pkg/hash.js';
import { TRAP_INPUTS, runTrapChecks } from './trap-checks.mjs';

const require = createRequire(import.meta.url);
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key, text) => `sha256=${createHmac('sha256', key).update(text, 'utf8').digest('base64')}`;
const refs = {
  hashes: TRAP_INPUTS.normalized.map(sha256),
  crc: hmac(TRAP_INPUTS.crcSecret, TRAP_INPUTS.crcToken),
  signature: hmac(TRAP_INPUTS.crcSecret, TRAP_INPUTS.body),
};

for (const [entry, api, glue, isFull] of [
  ['pkg/node.js', full, '../../pkg/wasm/preflight.cjs', true],
  ['pkg/hash.js', hashOnly, '../../pkg/wasm/preflight_hash.cjs', false],
]) {
  // The glue module the entry point loaded (the same require cache: the same instance).
  const raw = require(glue);
  for (const { name, problems } of runTrapChecks(api, raw, refs, isFull)) {
    test(`${entry}: ${name}`, () => assert.deepEqual(problems, []));
  }
}

test('a failed restart is retried at the next call, and said so meanwhile', async () => {
  const { engineOf } = await import('../../pkg/lib/engine.js');
  let resets = 0;
  let failing = true;
  const raw = {
    __wbg_reset_state() {
      resets++;
      if (failing) throw new RangeError('no memory for a new instance');
    },
    boom() {
      throw new WebAssembly.RuntimeError('unreachable');
    },
    fine: () => 'ok',
  };
  const engine = engineOf(raw);
  assert.equal(engineOf(raw), engine, 'one engine per glue module');
  assert.throws(() => engine.call(() => raw.boom()), (e) => e.code === 'internal_error' && e.cause instanceof WebAssembly.RuntimeError);
  assert.equal(resets, 1);
  assert.throws(() => engine.call(() => raw.fine()), (e) => e.code === 'internal_error' && e.cause instanceof RangeError);
  failing = false;
  assert.equal(engine.call(() => raw.fine()), 'ok');
  assert.equal(resets, 3);
  assert.equal(engine.generation, 3);
  // The wrapper's own errors are not failures of the module.
  assert.throws(() => engine.call(() => { throw new full.PreflightError('bad_options', 'x'); }), (e) => e.code === 'bad_options');
  assert.equal(resets, 3);
});

test('a glue without __wbg_reset_state: every call after a trap is internal_error, never the trapped instance', async () => {
  const { engineOf } = await import('../../pkg/lib/engine.js');
  let calls = 0;
  const raw = { boom: () => { throw new WebAssembly.RuntimeError('unreachable'); }, fine: () => ++calls };
  const engine = engineOf(raw);
  assert.equal(engine.call(() => raw.fine()), 1);
  assert.throws(() => engine.call(() => raw.boom()), (e) => e.code === 'internal_error');
  assert.throws(() => engine.call(() => raw.fine()), (e) => e.code === 'internal_error');
  assert.equal(calls, 1);
});

// The other side of the line lib/engine.js draws: a wrong call is thrown by the module as an Error
// with a code (bindings/wasm/src/fail.rs) and is no trap. It becomes a PreflightError with the
// engine's code and message, and the instance is kept: a line hasher made before still works.
test('a wrong call thrown by the module is a PreflightError with its code, and no reset', () => {
  const { validate, hashIdentifier, createLineHasher, crcResponseToken, PreflightError } = full;
  const h = createLineHasher('email');
  const wrong = [
    [() => validate('no_such_kind', {}), 'unknown_kind'],
    [() => validate('poll_card', {}, { context: { objective: 'reach' } }), 'bad_options'],
    [() => validate('poll_card', '{'), 'invalid_json'],
    [() => hashIdentifier('email', 'x', { phoneFormat: 'nope' }), 'unknown_phone_format'],
    [() => hashIdentifier('email', 'not an email'), 'invalid_email'],
    [() => crcResponseToken('secret', '{"forged":"event"}'), 'crc_token_shape'],
  ];
  for (const [call, code] of wrong) {
    assert.throws(call, (e) => e instanceof PreflightError && e.code === code && e.cause === undefined, code);
  }
  assert.deepEqual(h.push('A@x.com\n').hashes, [sha256('a@x.com')]);
  h.free();
});
