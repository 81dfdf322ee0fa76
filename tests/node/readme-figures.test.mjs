// A README holds no size or speed figure that a script did not write: README.md and every
// README.md under examples/ hold none, and pkg/README.md's only in its entry table, whose size
// cells `node bench/size.mjs --write-readme` writes and `--check-readme` (in the test command)
// holds to the build. Speed figures, which no test can check, are kept in docs/PERFORMANCE.md
// beside the command that printed them. A figure is a number with a unit of measured size or time
// (KB, µs, ns, ms, ops/s, rows/s) or a ratio to a peer (`1.07x ajv`); limits written in other
// units (64 KiB, 5,000,000 bytes) are rules, not measurements.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleReadmes } from './doc-pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIGURE = /\b\d[\d,.]*\s?(?:KB|kB|µs|ns|ms|ops\/s|rows\/s)\b|\b\d[\d.]*x (?:ajv|zod|node:crypto)\b/;
/** pkg/README.md's generated rows: the entry table's, as bench/size.mjs finds them. */
const GENERATED_ROW = /^\| `preflight-wasm(\/[a-z]+)?` \|/;

/** The lines of `markdown` that state a figure no script wrote: [line number, line]. */
export function unscripted(markdown, generatedRow = null) {
  return markdown
    .split('\n')
    .map((line, i) => [i + 1, line])
    .filter(([, line]) => FIGURE.test(line) && !(generatedRow !== null && generatedRow.test(line)));
}

test('the figure finder tells measured figures from limits and generated rows', () => {
  const md = [
    'A batch takes 38.8 µs; the page 285 ms, 1.07x ajv.',
    'Pieces of 64 KiB, bodies of at most 5,000,000 bytes, 2500 users.',
    '| `preflight-wasm/hash` | ... | 31 KB | 26 KB |',
    'The worker is 67 KB gzipped.',
  ].join('\n');
  assert.deepEqual(unscripted(md, GENERATED_ROW).map(([n]) => n), [1, 4]);
  assert.deepEqual(unscripted(md).map(([n]) => n), [1, 3, 4]);
});

test('no README states a size or speed figure a script did not write', () => {
  const readmes = ['README.md', ...exampleReadmes()];
  const found = [];
  for (const r of readmes) {
    for (const [n, line] of unscripted(readFileSync(path.join(root, r), 'utf8'))) found.push(`${r}:${n}: ${line}`);
  }
  const pkg = readFileSync(path.join(root, 'pkg/README.md'), 'utf8');
  for (const [n, line] of unscripted(pkg, GENERATED_ROW)) found.push(`pkg/README.md:${n}: ${line}`);
  assert.ok(pkg.split('\n').filter((l) => GENERATED_ROW.test(l)).length >= 5, "pkg/README.md's entry table is missing");
  assert.deepEqual(found, [], 'figures to move to docs/PERFORMANCE.md (with their command) or into a generated table');
});
