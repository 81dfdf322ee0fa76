// The documentation pages the doc tests read (doc-links, readme-snippets, readme-figures), as
// paths relative to the repository root, in a stable order.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every README.md under examples/ (node_modules skipped). */
export function exampleReadmes() {
  const found = [];
  const walk = (dir) => {
    for (const f of readdirSync(path.join(root, dir)).sort()) {
      const p = `${dir}/${f}`;
      if (f === 'node_modules') continue;
      if (statSync(path.join(root, p)).isDirectory()) walk(p);
      else if (f === 'README.md') found.push(p);
    }
  };
  walk('examples');
  return found;
}

/** README.md, pkg/README.md, docs/*.md and every README.md under examples/. */
export function docPages() {
  const docs = readdirSync(path.join(root, 'docs')).sort().filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', 'pkg/README.md', ...docs, ...exampleReadmes()];
}
