// Node.js entry of preflight-wasm/hash ("node" condition, ES module): audience identifier
// normalization and hashing only (no upload bodies: buildAudienceBodies is in the full entry; the
// CSV/file/stream helpers are in preflight-wasm/helpers, pkg/helpers.js). The
// CommonJS glue (wasm-bindgen --target nodejs, pkg/wasm/preflight_hash.cjs) reads and instantiates
// preflight_hash_bg.wasm beside it synchronously: importing this module is all the loading there
// is, and init/initSync do nothing (they exist so that code written for the browser entries runs
// here). scripts/build-wasm.sh bundles this file into hash.cjs, the "require" condition.
import glue from './wasm/preflight_hash.cjs';
import { PreflightError, isPreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaded } from './lib/load.js';

const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };
