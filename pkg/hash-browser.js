// Browser entry point of the hash-only build (`preflight-wasm/hash`, "browser" and "default"
// conditions): the audience identifier functions only, for pages that hash audiences and
// validate nothing. Loads the ES module glue that wasm-bindgen --target web generated into
// ./hash-web/ (preflight-wasm built with only its `audience` feature) and initializes it with
// top-level await; `init()` fetches ./hash-web/preflight_wasm_bg.wasm relative to the glue's
// import.meta.url. Imports neither the validation nor the signing wrapper.
import init, * as raw from './hash-web/preflight_wasm.js';
import { PreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { helpersApi } from './lib/helpers.js';

await init();
const api = audienceApi(raw);

// Identifier normalization and hashing; buildAudienceBodies is in the full package only (the
// hash-only .wasm leaves the upload-body builder out).
export const { normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher } = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
export const { createHashStream, hashFile } = helpersApi(api);
export { extractColumn } from './lib/csv.js';
export { hashFileInWorker } from './lib/hash-in-worker.js';
