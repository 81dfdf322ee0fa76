// Node.js entry point (the "node" condition of package.json "exports"). Loads the CommonJS glue
// that wasm-bindgen --target nodejs generated into ./node/, which compiles the .wasm next to it
// synchronously: importing this module is all the initialization there is.
import { createRequire } from 'node:module';
import { createApi, PreflightError } from './api.js';
import { helpersApi } from './lib/helpers.js';

const require = createRequire(import.meta.url);
const api = createApi(require('./node/preflight_wasm.js'));

// Every public function, by area: validation, audience identifiers, signing.
export const {
  validate, kinds, describe, jsonSchema, isKind,
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher, buildAudienceBodies,
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
export const { createHashStream, hashFile } = helpersApi(api);
export { extractColumn } from './lib/csv.js';
// Browsers only (a module Worker); in Node.js it rejects with worker_unavailable.
export { hashFileInWorker } from './lib/hash-in-worker.js';
