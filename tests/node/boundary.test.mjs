// docs/BOUNDARY.md, "Arguments": no export of any build takes more than three arguments (the
// functions, the classes' constructors and their methods, as the wasm-bindgen glue declares them),
// and no shipped build has the benchmark-only exports.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const BUILDS = ['preflight', 'preflight_validate', 'preflight_hash', 'preflight_helpers', 'preflight_signing'];
const MAX_ARGUMENTS = 3;

for (const build of BUILDS) {
  test(`${build}: every export takes at most ${MAX_ARGUMENTS} arguments`, () => {
    const glue = require(`../../pkg/wasm/${build}.cjs`);
    let seen = 0;
    for (const [name, f] of Object.entries(glue)) {
      if (typeof f !== 'function' || name.startsWith('__')) continue;
      seen++;
      assert.ok(f.length <= MAX_ARGUMENTS, `${build} ${name} takes ${f.length} arguments`);
      for (const method of Object.getOwnPropertyNames(f.prototype ?? {})) {
        const m = Object.getOwnPropertyDescriptor(f.prototype, method).value;
        if (typeof m === 'function') assert.ok(m.length <= MAX_ARGUMENTS, `${build} ${name}.${method} takes ${m.length}`);
      }
      assert.ok(!name.startsWith('bench'), `${build} ships the benchmark-only ${name}`);
    }
    assert.ok(seen > 0, `${build} has exports`);
  });
}
