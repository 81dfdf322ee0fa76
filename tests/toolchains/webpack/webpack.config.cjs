// webpack 5: no loader or experiment to add (top-level await and `new URL(..., import.meta.url)`
// assets are on by default).
const path = require('node:path');
module.exports = {
  mode: 'production',
  entry: './main.js',
  output: { path: path.resolve(__dirname, 'dist'), clean: true },
};
