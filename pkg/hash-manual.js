// Entry preflight-wasm/hash/manual (browsers): audience identifier normalization and hashing only
// (no upload bodies: buildAudienceBodies is in the full entry), without top-level await, so that it
// works in classic (iife) workers, CommonJS bundles and bundlers without top-level await. Nothing
// is loaded at import: call `await init()` (fetches preflight_hash_bg.wasm beside the glue
// pkg/wasm/preflight_hash.js), `await init(url | Response | bytes | WebAssembly.Module)` or
// `initSync(bytes | WebAssembly.Module)` once before the first call; a call before that throws
// PreflightError `not_initialized`.
import * as glue from './wasm/preflight_hash.js';
import { PreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaderOf } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

export const { init, initSync } = loaderOf(glue);
const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
// Functions of their own (not destructured from a call), so that a bundle that uses none of the
// helpers leaves them out (lib/helpers.js, lib/csv.js, ...): tree-shaking.
const helpers = /* @__PURE__ */ helpersApi(api);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export { extractColumn } from './lib/csv.js';
export { hashFileInWorker } from './lib/hash-in-worker.js';
