// One esbuild bundle of a snippet, as a browser app's bundler would make it (ESM, minified,
// tree-shaken), for the tests that check what an entry leaves out: entries.test.mjs (the source
// entries) and dist.test.mjs (the built ones).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Strings of lib/csv.js and lib/hash-file.js that minifying keeps: present iff the helpers are. */
export const HELPER_CODE = /invalid_csv|onProgress must be a function/;

/**
 * The JavaScript of a bundle of `contents` (resolved from the repository root).
 * @param {string} contents
 */
export async function bundleSnippet(contents) {
  const { build } = await import('esbuild');
  const r = await build({
    stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser',
    target: 'es2022', write: false, outdir: 'not-written', logLevel: 'silent',
  });
  return r.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => f.text).join('');
}
