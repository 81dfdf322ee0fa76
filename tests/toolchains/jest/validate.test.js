// Jest with its default configuration (no config file, CommonJS test, babel-jest): require() of
// the package resolves the "require" condition.
const { createHash } = require('node:crypto');
const { validate, hashIdentifier, PreflightError } = require('preflight-wasm');
const hashOnly = require('preflight-wasm/hash');
const PRODUCT = require('../shared/product.json');

test('validates a product', () => {
  expect(validate('product', PRODUCT)).toEqual({ valid: true, issues: [] });
  const { title, ...untitled } = PRODUCT;
  const report = validate('product', untitled);
  expect(report.valid).toBe(false);
  expect(report.issues.map((i) => i.path)).toContain('/title');
});

test('hashes an email address like node:crypto', () => {
  const want = createHash('sha256').update('alice@example.com').digest('hex');
  expect(hashIdentifier('email', 'alice@example.com')).toBe(want);
  expect(hashOnly.hashIdentifier('email', 'alice@example.com')).toBe(want);
});

test('a wrong call throws the PreflightError class it exports', () => {
  expect(() => validate('no_such_kind', '{}')).toThrow(PreflightError);
});
