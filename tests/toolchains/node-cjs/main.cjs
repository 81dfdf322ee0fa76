// Node, CommonJS: require() of every entry (the "require" condition: a CommonJS file, so Node 18
// and 20 before require(esm) load it too), printed as JSON for run.mjs.
const { validate } = require('preflight-wasm/validate');
const { hashIdentifier } = require('preflight-wasm/hash');
const { crcResponseToken } = require('preflight-wasm/signing');
const { readListPage } = require('preflight-wasm/answers');
const full = require('preflight-wasm');
// One PreflightError class across the entries (each CommonJS bundle carries its own copy of the
// code that defines it), and isPreflightError for an error of each.
const entries = ['preflight-wasm', 'preflight-wasm/validate', 'preflight-wasm/hash', 'preflight-wasm/helpers', 'preflight-wasm/signing', 'preflight-wasm/answers', 'preflight-wasm/worker'].map((e) => require(e));
const errorOf = (f) => {
  try {
    f();
  } catch (e) {
    return e;
  }
};
const errors = [errorOf(() => validate('no_such_kind', {})), errorOf(() => hashIdentifier('mail', 'x')), errorOf(() => crcResponseToken(undefined, 'x')), errorOf(() => readListPage('not JSON'))];
const oneClass = entries.every((m) => m.PreflightError === full.PreflightError && errors.every((e) => e instanceof m.PreflightError && m.isPreflightError(e)));

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
  oneClass,
}));
