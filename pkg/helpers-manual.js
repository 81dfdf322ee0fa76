// Entry preflight-wasm/helpers/manual (browsers): the helpers that match the command line
// (extractColumn, createHashStream, hashFile, hashFileInWorker; see pkg/helpers.js) together with
// everything of preflight-wasm/hash/manual, which they build on (pkg/hash-manual.js: the same
// module, so the same .wasm instance). Nothing is loaded at import: call `await init()` or
// `initSync(...)` (this entry's, or preflight-wasm/hash/manual's: they are the same functions)
// once before the first call; a call before that throws PreflightError `not_initialized`.
import { hashIdentifiers, createLineHasher } from './hash-manual.js';
import * as glue from './wasm/preflight_hash.js';
import { helpersApi } from './lib/helpers.js';

export * from './hash-manual.js';

// Functions of their own (not destructured from a call), so that a bundle that uses only some of
// the helpers (extractColumn, say) leaves the others out: tree-shaking.
const helpers = /* @__PURE__ */ helpersApi({ hashIdentifiers, createLineHasher }, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
export { hashFileInWorker } from './lib/hash-in-worker.js';
