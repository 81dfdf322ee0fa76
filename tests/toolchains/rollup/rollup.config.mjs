// Rollup: @rollup/plugin-node-resolve with the browser condition; the /inline entries need no
// plugin for the .wasm (Rollup emits no asset for `new URL(..., import.meta.url)`).
import { nodeResolve } from '@rollup/plugin-node-resolve';

const plugins = [nodeResolve({ browser: true })];
export default [
  { input: 'main.js', output: { dir: 'dist', format: 'es' }, plugins },
  { input: 'worker.js', output: { file: 'dist/worker.js', format: 'iife' }, plugins },
];
