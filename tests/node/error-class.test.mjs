// One PreflightError class (issue 23): every entry, imported as an ES module and required as
// CommonJS in one process (each pkg/*.cjs bundle and the minified pkg/dist/ modules carry their
// own copy of lib/core.js), exports the same class, so `instanceof` holds across them; and
// `isPreflightError`, exported by every entry, recognizes an error thrown by any of them, and by a
// copy of the class from another realm (node:vm), by its Symbol.for brand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import vm from 'node:vm';

const require = createRequire(import.meta.url);

// The "exports" subpaths, as Node resolves them: `import` (the "node" condition's ES module, or
// the built /inline module, which is the only target of a .../inline subpath) and `require` (the
// CommonJS bundles; the /inline subpaths have none).
const IMPORTED = ['', '/manual', '/inline', '/validate', '/validate/manual', '/validate/inline', '/hash', '/hash/manual', '/hash/inline',
  '/helpers', '/helpers/manual', '/helpers/inline', '/signing', '/signing/manual', '/signing/inline', '/worker'];
const REQUIRED = ['', '/manual', '/validate', '/validate/manual', '/hash', '/hash/manual', '/helpers', '/helpers/manual', '/signing',
  '/signing/manual', '/worker'];

/** A wrong call of the entry's own API, and the error it gives (whichever area the entry has). */
async function failure(api) {
  const calls = [
    () => api.validate?.('no_such_kind', '{}'),
    () => api.hashIdentifier?.('mail', 'a@example.com'),
    () => api.crcResponseToken?.(undefined, 'secret'),
    () => api.hashFileInWorker?.(new Blob(['a@example.com\n']), { type: 'email' }),
  ];
  for (const call of calls) {
    try {
      const r = call();
      if (r === undefined) continue;
      await r;
    } catch (e) {
      return e;
    }
  }
  throw new Error('no wrong call made it throw');
}

const entries = [
  ...(await Promise.all(IMPORTED.map(async (s) => [`import preflight-wasm${s}`, await import(`preflight-wasm${s}`)]))),
  ...REQUIRED.map((s) => [`require preflight-wasm${s}`, require(`preflight-wasm${s}`)]),
];

test('every entry, imported or required, exports the one PreflightError class and isPreflightError', () => {
  const [first, api] = entries[0];
  for (const [name, other] of entries) {
    assert.equal(typeof other.PreflightError, 'function', name);
    assert.equal(other.PreflightError, api.PreflightError, `${name} and ${first}: two classes`);
    assert.equal(typeof other.isPreflightError, 'function', name);
  }
});

test('an error of each entry is an instance of every entry\'s PreflightError, and isPreflightError says so in every entry', async () => {
  for (const [name, api] of entries) {
    const e = await failure(api);
    assert.equal(e.name, 'PreflightError', `${name}: ${e}`);
    assert.equal(typeof e.code, 'string', name);
    for (const [other, o] of entries) {
      assert.ok(e instanceof o.PreflightError, `an error of ${name} is not an instance of ${other}'s PreflightError`);
      assert.equal(o.isPreflightError(e), true, `${other}'s isPreflightError on an error of ${name}`);
    }
  }
});

test('isPreflightError: false for other values (other errors, look-alikes, throwing proxies), true across realms', () => {
  const { isPreflightError, PreflightError } = entries[0][1];
  const lookAlike = Object.assign(new Error('x'), { name: 'PreflightError', code: 'bad_options' });
  const throwing = new Proxy({}, { get() { throw new Error('trap'); } });
  const values = [undefined, null, 0, 'PreflightError', {}, new Error('x'), new TypeError('x'), lookAlike, throwing, { code: 'x' }];
  values.forEach((v, i) => assert.equal(isPreflightError(v), false, `value ${i}`));
  assert.equal(isPreflightError(new PreflightError('bad_options', 'x')), true);
  // A class made in another realm (a second copy of the package there): not `instanceof` here,
  // but the brand is the same Symbol.for key.
  const other = vm.runInNewContext(`
    const BRAND = Symbol.for('preflight-wasm.error');
    class PreflightError extends Error { constructor(c, m) { super(m); this.code = c; } }
    Object.defineProperty(PreflightError.prototype, BRAND, { value: true });
    new PreflightError('bad_options', 'from another realm')`);
  assert.equal(other instanceof PreflightError, false);
  assert.equal(isPreflightError(other), true);
});

test('the class kept on globalThis cannot be replaced', () => {
  const key = Symbol.for('preflight-wasm.PreflightError.v1');
  const { PreflightError } = entries[0][1];
  const d = Object.getOwnPropertyDescriptor(globalThis, key);
  assert.equal(d.value, PreflightError);
  assert.equal(d.writable || d.configurable || d.enumerable, false);
  assert.throws(() => {
    globalThis[key] = class {};
  }, TypeError);
  assert.equal(globalThis[key], PreflightError);
});
