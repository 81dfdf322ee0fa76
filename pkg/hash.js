// Node.js entry point of the hash-only build (`preflight-wasm/hash`, "node" condition): the
// audience identifier functions only, over the CommonJS glue that wasm-bindgen --target nodejs
// generated into ./hash-node/ from preflight-wasm built with only its `audience` feature (no
// validation, no signing: a smaller .wasm). Same results as the full package, byte for byte.
import { createRequire } from 'node:module';
import { PreflightError } from './lib/core.js';
import { audienceApi } from './lib/audience.js';
import { helpersApi } from './lib/helpers.js';

const require = createRequire(import.meta.url);
const api = audienceApi(require('./hash-node/preflight_wasm.js'));

// Identifier normalization and hashing; buildAudienceBodies is in the full package only (the
// hash-only .wasm leaves the upload-body builder out).
export const { normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher } = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
export const { createHashStream, hashFile } = helpersApi(api);
export { extractColumn } from './lib/csv.js';
// Browsers only (a module Worker); in Node.js it rejects with worker_unavailable.
export { hashFileInWorker } from './lib/hash-in-worker.js';
