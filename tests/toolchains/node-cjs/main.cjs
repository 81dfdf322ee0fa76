// Node, CommonJS: require() of every entry (the "require" condition: a CommonJS file, so Node 18
// and 20 before require(esm) load it too), printed as JSON for run.mjs.
const { validate } = require('preflight-wasm/validate');
const { hashIdentifier } = require('preflight-wasm/hash');
const { crcResponseToken } = require('preflight-wasm/signing');
const full = require('preflight-wasm');

const PRODUCT = require('../shared/product.json');
const { title, ...untitled } = PRODUCT;
const good = validate('product', PRODUCT);
const bad = full.validate('product', untitled);
console.log(JSON.stringify({
  goodValid: good.valid,
  goodIssues: good.issues.length,
  badValid: bad.valid,
  badPaths: bad.issues.map((i) => i.path),
  hash: hashIdentifier('email', 'alice@example.com'),
  fullHash: full.hashIdentifier('email', 'alice@example.com'),
  crc: crcResponseToken('secret', 'crc-token-0123456789'),
}));
