// Every relative link of the documentation resolves: README.md, pkg/README.md, SECURITY.md,
// CHANGELOG.md, docs/*.md and every README.md under examples/. A link `[text](path)` or a
// reference definition `[name]: path` must name a file or folder of the repository (relative to
// the page; `/path` from the root), and a `#fragment` must be a heading of the page it points
// at, spelled as GitHub makes heading anchors. Links with a scheme (`https:`, `mailto:`) are
// not followed; links inside code (fenced blocks, `inline code`) are not links.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { docPages } from './doc-pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The pages whose links are checked: the documentation pages, SECURITY.md and CHANGELOG.md. */
const pages = () => [...docPages(), 'SECURITY.md', 'CHANGELOG.md'];

/**
 * The page's lines outside fenced code blocks: [line number, text with its inline code spans
 * blanked, the text as written].
 */
function prose(markdown) {
  const out = [];
  let fence = null;
  markdown.split('\n').forEach((line, i) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = null;
      return;
    }
    if (open) {
      fence = open[1];
      return;
    }
    out.push([i + 1, line.replace(/(`+)[\s\S]*?\1/g, (m) => ' '.repeat(m.length)), line]);
  });
  return out;
}

/** The anchors GitHub gives the headings of a page. */
export function anchors(markdown) {
  const seen = new Map();
  const out = new Set();
  for (const [, , line] of prose(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    // The heading's text as GitHub reads it: a code span keeps its text, a link its text.
    const slug = m[1]
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** The relative link targets of a page: [line number, target]. */
export function links(markdown) {
  const out = [];
  for (const [n, line] of prose(markdown)) {
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push([n, m[1]]);
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(line);
    if (def) out.push([n, def[1]]);
  }
  return out.filter(([, t]) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/**
 * The broken links of `page` (relative to the root), whose text is `markdown`: a file that does
 * not exist, or a fragment that is no heading of its page. `read(file)` gives a page's text.
 */
export function problems(page, markdown, exists, read) {
  const out = [];
  for (const [n, target] of links(markdown)) {
    const [file, fragment] = target.split('#', 2);
    const decoded = decodeURIComponent(file);
    const resolved = decoded === '' ? page : decoded.startsWith('/') ? decoded.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(page), decoded));
    if (resolved.startsWith('..') || !exists(resolved)) {
      out.push(`${page}:${n}: ${target}: no such file`);
      continue;
    }
    if (fragment !== undefined && resolved.endsWith('.md') && !anchors(read(resolved)).has(decodeURIComponent(fragment))) {
      out.push(`${page}:${n}: ${target}: no heading #${fragment} in ${resolved}`);
    }
  }
  return out;
}

const onDisk = (rel) => existsSync(path.join(root, rel));
const readPage = (rel) => readFileSync(path.join(root, rel), 'utf8');

test('the link reader finds links and anchors, and reports broken ones', () => {
  const files = {
    'docs/A.md': '# Title\n\n## The `code` part: x/y\n\n## Same\n\n## Same\n',
    'README.md': [
      '# R',
      'See [a](docs/A.md), [a part](docs/A.md#the-code-part-xy), [b](docs/B.md), [c](docs/A.md#nope).',
      '[d](docs/A.md#same-1) [e](#r) [f](#s) [web](https://example.com/x) [mail](mailto:a@b.c)',
      '`[not a link](nowhere.md)`',
      '```md',
      '[also not](nowhere.md)',
      '```',
      '[ref]: docs/C.md',
      '[up](../outside.md)',
    ].join('\n'),
  };
  const exists = (rel) => rel in files || rel === 'docs';
  const read = (rel) => files[rel];
  assert.deepEqual(problems('README.md', files['README.md'], exists, read), [
    'README.md:2: docs/B.md: no such file',
    'README.md:2: docs/A.md#nope: no heading #nope in docs/A.md',
    'README.md:3: #s: no heading #s in README.md',
    'README.md:8: docs/C.md: no such file',
    'README.md:9: ../outside.md: no such file',
  ]);
});

test('every relative link of the documentation resolves', () => {
  const all = pages();
  assert.ok(all.length >= 10, `only ${all.length} pages found`);
  const found = all.flatMap((page) => problems(page, readPage(page), onDisk, readPage));
  assert.deepEqual(found, [], 'broken links');
});
