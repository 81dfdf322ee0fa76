// Node, ES modules: every entry by its bare name (the "node" condition), printed as JSON for
// run.mjs. No initialization: importing is loading.
import { validate } from 'preflight-wasm/validate';
import { hashIdentifier } from 'preflight-wasm/hash';
import { crcResponseToken } from 'preflight-wasm/signing';
import { readListPage } from 'preflight-wasm/answers';
import * as full from 'preflight-wasm';
import { createRequire } from 'node:module';
import { validateScenario, EMAIL } from '../shared/scenario.js';

// One PreflightError class across the entries, imported and required (the CommonJS bundles in
// the same process), and isPreflightError for an error of each.
const names = ['preflight-wasm', 'preflight-wasm/validate', 'preflight-wasm/hash', 'preflight-wasm/helpers', 'preflight-wasm/signing', 'preflight-wasm/answers', 'preflight-wasm/worker'];
const require = createRequire(import.meta.url);
const entries = [...(await Promise.all(names.map((e) => import(e)))), ...names.map((e) => require(e))];
const errorOf = (f) => {
  try {
    f();
  } catch (e) {
    return e;
  }
};
const errors = [errorOf(() => validate('no_such_kind', {})), errorOf(() => hashIdentifier('mail', 'x')), errorOf(() => crcResponseToken(undefined, 'x')), errorOf(() => readListPage('not JSON'))];
const oneClass = entries.every((m) => m.PreflightError === full.PreflightError && errors.every((e) => e instanceof m.PreflightError && m.isPreflightError(e)));

console.log(JSON.stringify({
  ...validateScenario(validate),
  hash: hashIdentifier('email', EMAIL),
  fullHash: full.hashIdentifier('email', EMAIL),
  crc: crcResponseToken('secret', 'crc-token-0123456789'),
  oneClass,
}));
