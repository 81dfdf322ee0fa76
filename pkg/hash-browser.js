// Browser entry of preflight-wasm/hash (the "default" condition: browsers and bundlers): audience
// identifier normalization and hashing only (no upload bodies: buildAudienceBodies is in the full
// entry). Loads preflight_hash_bg.wasm with top-level await: the glue (wasm-bindgen --target web,
// pkg/wasm/preflight_hash.js) fetches it with `new URL('preflight_hash_bg.wasm', import.meta.url)`,
// which Vite and webpack 5 emit as an asset by themselves. Without top-level await or with another
// URL: preflight-wasm/hash/manual; with the module inlined (no second file at all):
// preflight-wasm/hash/inline.
import * as glue from './wasm/preflight_hash.js';
import { PreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaderOf } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

export const { init, initSync } = loaderOf(glue);
await init();
const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
export const { createHashStream, hashFile } = helpersApi(api);
export { extractColumn } from './lib/csv.js';
export { hashFileInWorker } from './lib/hash-in-worker.js';
