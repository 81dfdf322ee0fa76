// Browser entry of preflight-wasm/signing (the "default" condition: browsers and bundlers): webhook
// signatures, CRC, OAuth 1.0a and app-only credentials only. Loads preflight_signing_bg.wasm with
// top-level await: the glue (wasm-bindgen --target web, pkg/wasm/preflight_signing.js) fetches it
// with `new URL('preflight_signing_bg.wasm', import.meta.url)`, which Vite and webpack 5 emit as an
// asset by themselves. Without top-level await or with another URL: preflight-wasm/signing/manual;
// with the module inlined (no second file at all): preflight-wasm/signing/inline.
import * as glue from './wasm/preflight_signing.js';
import { PreflightError } from './lib/core.js';
import { signingApi } from './lib/signing.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
await init();
const api = signingApi(glue);

export const {
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError };
