// The minified browser JavaScript of the npm package (run by scripts/build-wasm.sh after the wasm
// builds; output gitignored): every browser flavour of every entry (pkg/browser.js, manual.js,
// inline.js and the validate-, hash-, helpers-, signing-, answers- ones), with pkg/lib/ and the
// wasm-bindgen web glue (pkg/wasm/<build>.js), minified by esbuild into ES modules in
// pkg/dist/, which the "default" conditions of pkg/package.json's "exports" name. The browser then
// downloads minified code instead of the commented source (issue 17: the validation entry's whole
// download, as shipped, at most 120 KB gzipped); bench/size.mjs measures it.
//
// Each module is minified on its own (esbuild, not bundled), into pkg/dist/ with the same layout
// (pkg/dist/lib/, pkg/dist/wasm/), so the module graph is the source's: the browser, manual and
// inline flavours of a build share one glue, so one .wasm instance; every entry shares one
// PreflightError class; a bundler leaves out what an application does not import exactly as it
// does with the source ("sideEffects" names the built entries beside the source ones); and the
// helpers stay out of preflight-wasm/hash. (One bundle per entry would have shared nothing, and
// esbuild's code splitting merges modules into chunks, which bundlers then cannot drop.)
// Two references leave pkg/dist/ for the files that are not rebuilt, rewritten by relative path:
//   pkg/wasm/<build>_bg.wasm     the module the web glue fetches: the glue's
//                                `new URL('<build>_bg.wasm', import.meta.url)` becomes
//                                `new URL('../../wasm/<build>_bg.wasm', import.meta.url)`, a form
//                                Vite and webpack 5 turn into an asset, so there is one
//                                copy of each .wasm in the package;
//   pkg/wasm/<build>.inline.js   the module as base64 (the /inline entries): nothing to minify.
// pkg/worker.js (preflight-wasm/worker: hashFileInWorker with no .wasm on the page) is built like
// the entries. The Worker it starts, lib/hash-worker.js (`new Worker(new URL('./hash-worker.js',
// import.meta.url), {type: 'module'})`, so the URL holds in pkg/dist/lib/), is the one file built
// differently: BUNDLED into one iife script, with the helpers module inlined as base64, no import
// and no import.meta left, so that it runs whatever a bundler does with it (Vite and webpack bundle
// it as a worker, Vite may inline it as a data: URL; esbuild and Rollup leave it to be copied), in
// development and production builds alike; a `.wasm` URL inside it would need each bundler to
// rewrite it, which esbuild (iife) and Rollup (no asset handling) do not.
//
// The readable source stays in the package (pkg/*.js, pkg/lib/: the Node entries and the
// CommonJS bundles use it) and each built file has a linked source map pointing at it (browsers
// fetch maps only with the developer tools open).
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pkg');
const out = path.join(pkg, 'dist');
const rel = (f) => path.relative(pkg, f).split(path.sep).join('/');

const BUILDS = ['', 'validate-', 'hash-', 'helpers-', 'signing-', 'answers-'];
const FLAVOURS = ['browser', 'manual', 'inline'];
const entries = BUILDS.flatMap((b) => FLAVOURS.map((f) => path.join(pkg, `${b}${f}.js`)));
entries.push(path.join(pkg, 'worker.js'));
const WORKER = 'lib/hash-worker.js';

// The modules the entries load (statically or by import()), from a bundling pass that writes
// nothing; the base64 modules stay outside.
const isInline = /[\\/]wasm[\\/][A-Za-z0-9_]+\.inline\.js$/;
const graph = await build({
  entryPoints: entries,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  outdir: path.join(out, 'not-written'),
  write: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [{
    name: 'inline-outside',
    setup(b) {
      b.onResolve({ filter: /\.inline\.js$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), external: true }));
    },
  }],
});
const modules = Object.keys(graph.metafile.inputs).map((f) => path.resolve(process.cwd(), f));
for (const m of modules) {
  if (!m.startsWith(pkg + path.sep) || rel(m).startsWith('dist/')) throw new Error(`build-js: ${m} is outside pkg/`);
}

// Each module minified alone; the references out of pkg/dist/ rewritten.
const fix = {
  name: 'preflight-paths',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const file = args.path;
      const up = path.relative(path.dirname(path.join(out, rel(file))), path.join(pkg, 'wasm')).split(path.sep).join('/');
      let contents = readFileSync(file, 'utf8');
      // The base64 modules, imported by the inline entries as './wasm/<build>.inline.js'.
      contents = contents.replace(/(from\s*)'\.\/wasm\/([A-Za-z0-9_]+\.inline\.js)'/g, (_, from, name) => `${from}'${up}/${name}'`);
      if (rel(file).startsWith('wasm/')) {
        let n = 0;
        contents = contents.replace(/new URL\('([A-Za-z0-9_]+_bg\.wasm)', import\.meta\.url\)/g, (_, name) => {
          n += 1;
          return `new URL('${up}/${name}', import.meta.url)`;
        });
        if (n !== 1) throw new Error(`build-js: ${rel(file)}: ${n} .wasm URLs, expected 1 (wasm-bindgen's web glue changed?)`);
      }
      return { contents, loader: 'js' };
    });
  },
};

// Built beside pkg/dist/ (at the same depth, so the relative paths hold) and renamed over it at
// the end, so that a test running meanwhile never sees it half-written.
const staging = path.join(pkg, '.build-dist');
rmSync(staging, { recursive: true, force: true });
// esbuild's whitespace minifying drops `/* @__PURE__ */` annotations, by which a bundler leaves an
// unused call out (the helpers of the full and /helpers entries): the modules that carry one keep
// their line breaks (minified names and syntax all the same).
const pure = (m) => readFileSync(m, 'utf8').includes('/* @__PURE__ */');
for (const [files, minifyWhitespace] of [[modules.filter((m) => !pure(m)), true], [modules.filter(pure), false]]) {
  if (files.length === 0) continue;
  await build({
    entryPoints: files,
    bundle: false,
    minifyWhitespace,
    minifySyntax: true,
    minifyIdentifiers: true,
    format: 'esm',
    platform: 'browser',
    // Top-level await (the browser entries) needs ES2022 anyway.
    target: 'es2022',
    outbase: pkg,
    outdir: staging,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [fix],
  });
}
for (const m of modules.filter(pure)) {
  if (!readFileSync(path.join(staging, rel(m)), 'utf8').includes('/* @__PURE__ */')) throw new Error(`build-js: ${rel(m)} lost its @__PURE__ annotation`);
}

// The Worker: one self-contained script (see the top of this file).
await build({
  entryPoints: [path.join(pkg, WORKER)],
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  outfile: path.join(staging, WORKER),
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  // The web glue's default `new URL('<build>_bg.wasm', import.meta.url)`, never taken (the worker
  // calls initSync with the inlined module), is left empty.
  logOverride: { 'empty-import-meta': 'silent' },
  logLevel: 'warning',
});
const worker = readFileSync(path.join(staging, WORKER), 'utf8');
if (/\bimport\s*[("'{*.]/.test(worker.replace(/\/\/# sourceMappingURL=.*$/m, ''))) {
  throw new Error(`build-js: ${WORKER} is not self-contained (an import or import.meta is left)`);
}

// Every relative import of a built module names a file that is there.
for (const m of modules) {
  const built = path.join(staging, rel(m));
  const src = readFileSync(built, 'utf8');
  for (const [, spec] of src.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    if (!existsSync(path.resolve(path.dirname(built), spec))) throw new Error(`build-js: ${rel(built)} imports ${spec}, which is missing`);
  }
}
rmSync(out, { recursive: true, force: true });
renameSync(staging, out);
console.log(`build-js: ${modules.length} modules minified into pkg/dist/`);
