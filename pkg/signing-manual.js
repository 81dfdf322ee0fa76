// Entry preflight-wasm/signing/manual (browsers): webhook signatures, CRC, OAuth 1.0a and app-only
// credentials only, without top-level await, so that it works in classic (iife) workers, CommonJS
// bundles and bundlers without top-level await. Nothing is loaded at import: call `await init()`
// (fetches preflight_signing_bg.wasm beside the glue pkg/wasm/preflight_signing.js), `await
// init(url | Response | bytes | WebAssembly.Module)` or `initSync(bytes | WebAssembly.Module)` once
// before the first call; a call before that throws PreflightError `not_initialized`.
import * as glue from './wasm/preflight_signing.js';
import { PreflightError, isPreflightError } from './lib/core.js';
import { signingApi } from './lib/signing.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
const api = signingApi(glue);

export const {
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError, isPreflightError };
