// Entry preflight-wasm/helpers/manual (browsers): the helpers that match the command line
// (extractColumn, createHashStream, hashFile, hashFileInWorker; see pkg/helpers.js) together with
// everything of preflight-wasm/hash/manual, over the helpers' own build (pkg/wasm/preflight_helpers.js:
// the hash-only build and the CSV reader). Nothing is loaded at import: call `await init()`
// (fetches preflight_helpers_bg.wasm beside the glue), `await init(url | Response | bytes |
// WebAssembly.Module)` or `initSync(bytes | WebAssembly.Module)` once before the first call; a
// call before that throws PreflightError `not_initialized`.
import * as glue from './wasm/preflight_helpers.js';
import { PreflightError, isPreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaderOf } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

export const { init, initSync } = loaderOf(glue);
const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export { PreflightError, isPreflightError };

// Functions of their own (not destructured from a call), so that a bundle that uses only some of
// the helpers (extractColumn, say) leaves the others out: tree-shaking.
const helpers = /* @__PURE__ */ helpersApi({ hashIdentifiers, createLineHasher }, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
export { hashFileInWorker } from './lib/hash-in-worker.js';
