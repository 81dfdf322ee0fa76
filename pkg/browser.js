// Browser entry point (the "browser" and "default" conditions of package.json "exports"). Loads
// the ES module glue that wasm-bindgen --target web generated into ./web/ and initializes it with
// top-level await; `init()` fetches ./web/preflight_wasm_bg.wasm relative to the glue's
// import.meta.url, so serve that file (as application/wasm for streaming compilation) or let
// your bundler emit it as an asset.
import init, * as raw from './web/preflight_wasm.js';
import { createApi, PreflightError } from './api.js';
import { helpersApi } from './lib/helpers.js';

await init();
const api = createApi(raw);

// Every public function, by area: validation, audience identifiers, signing.
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
