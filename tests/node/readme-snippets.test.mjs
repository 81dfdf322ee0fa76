// Every JavaScript and TypeScript snippet of the READMEs and docs compiles against the package's
// types: the fenced ```js, ```javascript, ```ts and ```typescript blocks of README.md, pkg/README.md,
// docs/*.md and every README.md under examples/, each as a TypeScript module, resolving
// 'preflight-wasm' as a bundler does (the package through node_modules, its "exports" map and
// `types` conditions): the TypeScript ones strict, the JavaScript ones strict but for implicit
// `any` (a JavaScript parameter has no type), one tsc program each.
//
// A snippet uses names defined in the prose around it (a `file`, the `req` of a server): an HTML
// comment on the line just before its fence declares them, as TypeScript:
//   <!-- snippet context: declare const file: File; import { validate } from 'preflight-wasm'; -->
// and a snippet is left out only with its reason written in the markdown:
//   <!-- snippet not compiled: REASON -->
// Relative imports (`./server.mjs`) resolve beside the README. An import of a path of the package
// as a browser sees it (`/node_modules/preflight-wasm/dist/hash-browser.js`) gets the types
// "exports" gives that file; a `.wasm` import is a URL string (a bundler's file loader).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { esmTypes } from '../../scripts/gen-payload-types.mjs';
import { docPages } from './doc-pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const LANGUAGES = new Set(['js', 'javascript', 'ts', 'typescript']);

/**
 * The snippets of a markdown text: {line, lang, code, context, skip}, `line` the fence's
 * (1-based). `context` and `skip` come from an HTML comment on the line before the fence.
 */
export function snippets(markdown) {
  const lines = markdown.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[end])) end++;
    if (LANGUAGES.has(lang.toLowerCase())) {
      const before = i > 0 ? lines[i - 1].trim() : '';
      const context = /^<!-- snippet context: ([\s\S]*) -->$/.exec(before)?.[1] ?? '';
      const skip = /^<!-- snippet not compiled: (.*) -->$/.exec(before)?.[1] ?? null;
      const code = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l)).join('\n');
      out.push({ line: i + 1, lang, code, context, skip });
    }
    i = end;
  }
  return out;
}

test('the snippet reader finds fences, contexts and skip reasons', () => {
  const md = [
    'text', '```js', "import { a } from 'x';", '```', '```sh', 'ls', '```',
    '<!-- snippet context: declare const file: File; -->', '```ts', 'file;', '```',
    '<!-- snippet not compiled: a fragment of a config file -->', '```javascript', 'x', '```',
  ].join('\n');
  assert.deepEqual(snippets(md).map(({ line, lang, context, skip }) => [line, lang, context, skip]), [
    [2, 'js', '', null],
    [9, 'ts', 'declare const file: File;', null],
    [13, 'javascript', '', 'a fragment of a config file'],
  ]);
});

/** The types file of each browser file of the exports map (`./dist/hash-browser.js` -> `./types/hash.d.ts`). */
function browserFileTypes() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'pkg/package.json'), 'utf8'));
  const map = {};
  for (const target of Object.values(pkg.exports)) {
    if (typeof target !== 'object' || target === null || typeof esmTypes(target.types) !== 'string') continue;
    if (typeof target.default === 'string') map[target.default] = esmTypes(target.types);
  }
  return map;
}

test('every JavaScript and TypeScript snippet of the READMEs compiles against the package', () => {
  const dir = path.join(root, 'target/readme-snippets');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // What a bundler project declares for its asset imports (esbuild's file loader, Vite's ?url).
  writeFileSync(path.join(dir, 'assets.d.ts'), "declare module '*.wasm' {\n  const url: string;\n  export default url;\n}\n");
  const programs = { js: ['assets.d.ts'], ts: ['assets.d.ts'] };
  const where = new Map();
  let count = 0;
  for (const readme of docPages()) {
    const readmeDir = path.dirname(path.join(root, readme));
    for (const s of snippets(readFileSync(path.join(root, readme), 'utf8'))) {
      if (s.skip !== null) {
        assert.ok(s.skip.trim().length >= 10, `${readme}:${s.line}: a snippet left out needs its reason`);
        continue;
      }
      // Relative imports resolve beside the README.
      const code = s.code.replace(/(from\s+|import\s*\(\s*)'(\.\.?\/[^']+)'/g, (_, head, rel) => `${head}'${path.join(readmeDir, rel)}'`);
      const name = `${readme.replace(/[/.]/g, '_')}_${s.line}.ts`;
      writeFileSync(path.join(dir, name), `${s.context}\n${code}\nexport {};\n`);
      where.set(name, [readme, s.line]);
      programs[/^(ts|typescript)$/i.test(s.lang) ? 'ts' : 'js'].push(name);
      count++;
    }
  }
  assert.ok(count >= 10, `only ${count} snippets found`);
  const paths = {};
  for (const [file, types] of Object.entries(browserFileTypes())) {
    paths[`/node_modules/preflight-wasm/${file.slice(2)}`] = [path.join(root, 'pkg', types)];
  }
  const errors = [];
  for (const [lang, files] of Object.entries(programs)) {
    const config = `tsconfig.${lang}.json`;
    writeFileSync(
      path.join(dir, config),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022', lib: ['es2022', 'dom'], module: 'esnext', moduleResolution: 'bundler', types: [],
          strict: true, noImplicitAny: lang === 'ts', allowJs: true, checkJs: false, skipLibCheck: false, noEmit: true, paths,
        },
        files,
      }),
    );
    try {
      execFileSync(process.execPath, [tsc, '--noEmit', '-p', path.join(dir, config)], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      // Name each error by its README and line.
      for (const l of `${e.stdout}${e.stderr}`.split('\n').filter((l) => l.trim() !== '')) {
        errors.push(l.replace(/^target\/readme-snippets\/([^(]+)\((\d+),\d+\)/, (m, f, n) => (where.has(f) ? `${where.get(f)[0]}:${where.get(f)[1] + Number(n) - 1}` : m)));
      }
    }
  }
  assert.deepEqual(errors, [], 'README snippets that do not compile');
});
