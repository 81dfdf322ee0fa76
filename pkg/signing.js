// Node.js entry of preflight-wasm/signing ("node" condition, ES module): webhook signatures, CRC,
// OAuth 1.0a and app-only credentials only. The CommonJS glue (wasm-bindgen --target nodejs,
// pkg/wasm/preflight_signing.cjs) reads and instantiates preflight_signing_bg.wasm beside it
// synchronously: importing this module is all the loading there is, and init/initSync do nothing
// (they exist so that code written for the browser entries runs here). scripts/build-wasm.sh
// bundles this file into signing.cjs, the "require" condition.
import glue from './wasm/preflight_signing.cjs';
import { PreflightError, isPreflightError } from './lib/core.js';
import { signingApi } from './lib/signing.js';
import { loaded } from './lib/load.js';

const api = signingApi(glue);

export const {
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };
