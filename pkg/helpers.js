// Node.js entry of preflight-wasm/helpers ("node" condition, ES module): the helpers that match
// the command line (issue 16) — extractColumn (lib/csv.js, the engine's CSV reader), createHashStream (lib/hash-stream.js),
// hashFile (lib/hash-file.js), hashFileInWorker (lib/hash-in-worker.js, browsers only: in Node.js
// it rejects with worker_unavailable) — together with everything of preflight-wasm/hash, which
// they build on: the same module (pkg/hash.js), so the same .wasm instance, loaded once however
// many of the two entries an application imports. They live in an entry of their own so that
// preflight-wasm/hash stays small for a page that only hashes. scripts/build-wasm.sh bundles this
// file into helpers.cjs, the "require" condition.
import { hashIdentifiers, createLineHasher } from './hash.js';
import glue from './wasm/preflight_hash.cjs';
import { helpersApi } from './lib/helpers.js';

export * from './hash.js';

// Functions of their own (not destructured from a call), so that a bundle that uses only some of
// the helpers (extractColumn, say) leaves the others out: tree-shaking.
const helpers = /* @__PURE__ */ helpersApi({ hashIdentifiers, createLineHasher }, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
export { hashFileInWorker } from './lib/hash-in-worker.js';
