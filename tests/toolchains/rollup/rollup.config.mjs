// Rollup: @rollup/plugin-node-resolve with the browser condition; the /inline entries need no
// plugin for the .wasm (Rollup emits no asset for `new URL(..., import.meta.url)`), and the
// package's hashFileInWorker worker is an input of its own (hash-worker.js). Production
// (ROLLUP_MODE=production, run.mjs): every chunk minified (esbuild's transform, standing in for
// a minifier plugin).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { transform } from 'esbuild';

const minify = {
  name: 'minify',
  renderChunk: async (code) => ({ code: (await transform(code, { minify: true, target: 'es2022' })).code, map: null }),
};
const plugins = [nodeResolve({ browser: true }), ...(process.env.ROLLUP_MODE === 'production' ? [minify] : [])];
export default [
  { input: 'main.js', output: { dir: 'dist', format: 'es' }, plugins },
  { input: 'worker.js', output: { file: 'dist/worker.js', format: 'iife' }, plugins },
  { input: 'hash-worker.js', output: { file: 'dist/hash-worker.js', format: 'iife' }, plugins },
];
