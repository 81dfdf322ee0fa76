// Entry preflight-wasm/inline (browsers, Node, any bundler with no configuration): everything:
// validation, audience identifiers, signing, with preflight_bg.wasm inlined as base64
// (pkg/wasm/preflight.inline.js) and instantiated synchronously at import: no second file to serve,
// no top-level await. The price: base64 is a third larger than the .wasm, about 35% more once
// gzipped, and there is no streaming compilation. Node bundles (the "module" condition under "node"
// in package.json) get this entry.
import * as glue from './wasm/preflight.js';
import wasm from './wasm/preflight.inline.js';
import { createApi, PreflightError } from './api.js';
import { loaderOf } from './lib/load.js';
import { fromBase64 } from './lib/base64.js';

export const { init, initSync } = loaderOf(glue);
initSync(fromBase64(wasm));
const api = createApi(glue);

export const {
  validate, kinds, describe, jsonSchema,
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher, buildAudienceBodies,
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError };
