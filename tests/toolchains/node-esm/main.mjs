// Node, ES modules: every entry by its bare name (the "node" condition), printed as JSON for
// run.mjs. No initialization: importing is loading.
import { validate } from 'preflight-wasm/validate';
import { hashIdentifier } from 'preflight-wasm/hash';
import { crcResponseToken } from 'preflight-wasm/signing';
import * as full from 'preflight-wasm';
import { validateScenario, EMAIL } from '../shared/scenario.js';

console.log(JSON.stringify({
  ...validateScenario(validate),
  hash: hashIdentifier('email', EMAIL),
  fullHash: full.hashIdentifier('email', EMAIL),
  crc: crcResponseToken('secret', 'crc-token-0123456789'),
}));
