// webpack 5: no loader or experiment to add (top-level await, `new URL(..., import.meta.url)`
// assets and `new Worker(new URL(..., import.meta.url))` workers are on by default). Built in
// both modes: `--mode development` and `--mode production` (run.mjs).
const path = require('node:path');
module.exports = (env, argv) => ({
  mode: argv.mode ?? 'production',
  entry: './main.js',
  output: { path: path.resolve(__dirname, 'dist'), clean: true },
});
