// Kind names at run time (issue 16): isKind(x) is exactly "one of kinds()", and the unknown_kind
// error suggests the nearest kind with the same message as the native command line (the
// suggestion is made in the engine, src/kind.rs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate, describe, jsonSchema, kinds, isKind, PreflightError } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = process.env.PREFLIGHT_BIN ?? path.join(root, 'target/debug/preflight');

/** The message of the PreflightError `fn` throws (code unknown_kind). */
function unknownKind(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof PreflightError);
    assert.equal(e.code, 'unknown_kind');
    return e.message;
  }
  assert.fail('no error');
}

test('isKind: true exactly for the engine\'s kind names', () => {
  for (const k of kinds()) assert.equal(isKind(k), true, k);
  for (const x of ['POLL_CARD', 'poll_card ', 'poll_crd', '', 'toString', '__proto__', 'constructor', 42, null, undefined, {}, ['card'], new String('card')]) {
    assert.equal(isKind(x), false, String(x));
  }
});

test('unknown_kind suggests the nearest kind, as the native command line does', () => {
  const cases = [
    ['poll_crd', 'poll_card'],
    ['POLL_CARD', 'poll_card'],
    ['prodcut', 'product'],
    ['webhook_creat', 'webhook_create'],
    ['xyzzy_plugh', null],
    ['', null],
  ];
  for (const [name, nearest] of cases) {
    const message = unknownKind(() => validate(name, {}));
    const hint = nearest === null ? 'unknown kind; ' : `unknown kind; did you mean ${nearest}? `;
    assert.equal(message, `${hint}kinds() or \`preflight kinds\` lists the ${kinds().length} kinds`, name);
    // A suggestion, not the whole list (43 names made a message of over 1,000 characters).
    assert.ok(message.length <= 120, `${name}: ${message.length} characters`);
    assert.equal(unknownKind(() => describe(name)), message);
    assert.equal(unknownKind(() => jsonSchema(name)), message);
    // The name given is never repeated (unless it is part of a kind name: 'webhook_creat').
    if (!kinds().some((k) => k.includes(name))) assert.ok(!message.includes(name), name);
    const cli = spawnSync(BIN, ['validate', name], { input: '{}', encoding: 'utf8' });
    assert.equal(cli.status, 2, name);
    assert.equal(cli.stderr, `preflight: validate: unknown_kind: ${message}\n`, name);
  }
});
