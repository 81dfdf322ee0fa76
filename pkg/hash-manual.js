// Entry preflight-wasm/hash/manual (browsers): audience identifier normalization and hashing only
// (no upload bodies: buildAudienceBodies is in the full entry; the CSV/file/stream helpers are in
// preflight-wasm/helpers/manual, pkg/helpers-manual.js), without top-level await, so that it
// works in classic (iife) workers, CommonJS bundles and bundlers without top-level await. Nothing
// is loaded at import: call `await init()` (fetches preflight_hash_bg.wasm beside the glue
// pkg/wasm/preflight_hash.js), `await init(url | Response | bytes | WebAssembly.Module)` or
// `initSync(bytes | WebAssembly.Module)` once before the first call; a call before that throws
// PreflightError `not_initialized`.
import * as glue from './wasm/preflight_hash.js';
import { PreflightError, isPreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export { PreflightError, isPreflightError };
