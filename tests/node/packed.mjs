// The package as its users get it (used by tests/node/api.test.mjs and types-resolution.test.mjs):
// `npm pack` of pkg/ (only the files of its "files" list), extracted into
// DIR/node_modules/preflight-wasm.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Packs pkg/ and installs it under `dir`; returns the installed package's directory. */
export function installPacked(dir) {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: path.join(root, 'pkg'), stdio: ['ignore', 'pipe', 'pipe'] });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack wrote no tarball');
  const installed = path.join(dir, 'node_modules/preflight-wasm');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', installed, '--strip-components=1']);
  return installed;
}

/**
 * Whether a types file of the package (a path relative to pkg/) exports nothing: `export {};`
 * and comments. Such a subpath is a script (`preflight-wasm/hash-worker`, the worker bundlers
 * emit), with no PreflightError or code unions to check.
 */
export function exportsNothing(typesFile) {
  return readFileSync(path.join(root, 'pkg', typesFile), 'utf8').replace(/\/\/.*$/gm, '').trim() === 'export {};';
}
