// Node.js entry of preflight-wasm/helpers ("node" condition, ES module): the helpers that match
// the command line (issue 16) — extractColumn (lib/csv.js, the engine's CSV reader), createHashStream (lib/hash-stream.js),
// hashFile (lib/hash-file.js), hashFileInWorker (lib/hash-in-worker.js, browsers only: in Node.js
// it rejects with worker_unavailable) — together with everything of preflight-wasm/hash. Over a
// build of its own (pkg/wasm/preflight_helpers.cjs: the hash-only build and the CSV reader), so
// that preflight-wasm/hash, without the reader, stays small for a page that only hashes; an
// application importing both entries loads both modules. scripts/build-wasm.sh bundles this file
// into helpers.cjs, the "require" condition.
import glue from './wasm/preflight_helpers.cjs';
import { PreflightError, isPreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { loaded } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

const api = audienceApi(glue);

export const {
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher,
} = api;
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };

// Functions of their own (not destructured from a call), so that a bundle that uses only some of
// the helpers (extractColumn, say) leaves the others out: tree-shaking.
const helpers = /* @__PURE__ */ helpersApi({ hashIdentifiers, createLineHasher }, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
export { hashFileInWorker } from './lib/hash-in-worker.js';
