// The modules a browser loads for an ES module entry, by following its static relative imports
// (`import … from './x.js'`, `export … from './x.js'`, `import './x.js'`; minified or not), the
// entry first. What a page lists as <link rel="modulepreload"> so that every module is requested
// at once instead of one level of imports after another (bench/first-validation.mjs,
// examples/browser/index.html, checked by tests/browser/app.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root the folder the paths are relative to
 * @param {string} entry the entry's path relative to `root` (`pkg/dist/validate-browser.js`)
 * @returns {string[]} the paths relative to `root`, `/`-separated, in the order first reached
 */
export function modulesOf(root, entry) {
  const out = [];
  const visit = (rel) => {
    if (out.includes(rel)) return;
    out.push(rel);
    const src = readFileSync(path.join(root, rel), 'utf8');
    const re = /(?:^|;)\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;
    for (const m of src.matchAll(re)) visit(path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1])));
  };
  visit(entry);
  return out;
}
