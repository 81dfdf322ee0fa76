// Node.js entry of preflight-wasm/hash ("node" condition, ES module): audience identifier
// normalization and hashing only (no upload bodies: buildAudienceBodies is in the full entry). The
// CommonJS glue (wasm-bindgen --target nodejs, pkg/wasm/preflight_hash.cjs) reads and instantiates
// preflight_hash_bg.wasm beside it synchronously: importing this module is all the loading there
// is, and init/initSync do nothing (they exist so that code written for the browser entries runs
// here). scripts/build-wasm.sh bundles this file into hash.cjs, the "require" condition.
import glue from './wasm/preflight_hash.cjs';
import { PreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaded } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export const { init, initSync } = loaded;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
// Functions of their own (not destructured from a call), so that a bundle that uses none of the
// helpers leaves them out (lib/helpers.js, lib/csv.js, ...): tree-shaking.
const helpers = /* @__PURE__ */ helpersApi(api);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export { extractColumn } from './lib/csv.js';
// Browsers only (a module Worker); in Node.js it rejects with worker_unavailable.
export { hashFileInWorker } from './lib/hash-in-worker.js';
