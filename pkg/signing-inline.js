// Entry preflight-wasm/signing/inline (browsers, Node, any bundler with no configuration): webhook
// signatures, CRC, OAuth 1.0a and app-only credentials only, with preflight_signing_bg.wasm inlined
// as base64 (pkg/wasm/preflight_signing.inline.js) and instantiated synchronously at import: no
// second file to serve, no top-level await. The price: base64 is a third larger than the .wasm,
// about 35% more once gzipped, and there is no streaming compilation. Node bundles (the "module"
// condition under "node" in package.json) get this entry.
import * as glue from './wasm/preflight_signing.js';
import wasm from './wasm/preflight_signing.inline.js';
import { PreflightError } from './lib/core.js';
import { signingApi } from './lib/signing.js';
import { loaderOf } from './lib/load.js';
import { fromBase64 } from './lib/base64.js';

export const { init, initSync } = loaderOf(glue);
initSync(fromBase64(wasm));
const api = signingApi(glue);

export const {
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError };
