// Browser entry of preflight-wasm (the "default" condition: browsers and bundlers): everything:
// validation, audience identifiers, signing. Loads preflight_bg.wasm with top-level await: the glue
// (wasm-bindgen --target web, pkg/wasm/preflight.js) fetches it with `new URL('preflight_bg.wasm',
// import.meta.url)`, which Vite and webpack 5 emit as an asset by themselves. Without top-level
// await or with another URL: preflight-wasm/manual; with the module inlined (no second file at
// all): preflight-wasm/inline.
import * as glue from './wasm/preflight.js';
import { createApi, PreflightError } from './api.js';
import { loaderOf } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

export const { init, initSync } = loaderOf(glue);
await init();
const api = createApi(glue);

export const {
  validate, kinds, describe, jsonSchema, isKind,
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher, buildAudienceBodies,
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
export const { createHashStream, hashFile } = helpersApi(api);
export { extractColumn } from './lib/csv.js';
export { hashFileInWorker } from './lib/hash-in-worker.js';
