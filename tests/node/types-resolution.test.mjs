// The package's types resolve under every moduleResolution mode its TypeScript users have
// (issue 16): tests/types/resolution/consumer.ts imports 'preflight-wasm' and
// 'preflight-wasm/hash' and must compile under node10 (which ignores package.json "exports" and
// reads "types" and "typesVersions"), node16, nodenext and bundler. node10 was removed in
// TypeScript 7, so it is checked with TypeScript 5.9 (the devDependency `typescript5`), and the
// other modes with both compilers. The consumer's @ts-expect-error lines fail when an entry
// resolves to `any`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compilers = {
  'TypeScript 5.9': path.join(root, 'node_modules/typescript5/bin/tsc'),
  'TypeScript 7': path.join(root, 'node_modules/typescript/bin/tsc'),
};
const modes = {
  node10: ['TypeScript 5.9'],
  node16: ['TypeScript 5.9', 'TypeScript 7'],
  nodenext: ['TypeScript 5.9', 'TypeScript 7'],
  bundler: ['TypeScript 5.9', 'TypeScript 7'],
};

for (const [mode, names] of Object.entries(modes)) {
  for (const name of names) {
    test(`moduleResolution ${mode} (${name}): both entries resolve to their types`, () => {
      const config = path.join(root, `tests/types/resolution/tsconfig.${mode}.json`);
      let out = '';
      try {
        execFileSync(process.execPath, [compilers[name], '--noEmit', '-p', config], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        out = `${e.stdout}${e.stderr}`;
      }
      assert.equal(out, '');
    });
  }
}
