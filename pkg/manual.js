// Entry preflight-wasm/manual (browsers): everything: validation, audience identifiers, signing,
// without top-level await, so that it works in classic (iife) workers, CommonJS bundles and
// bundlers without top-level await. Nothing is loaded at import: call `await init()` (fetches
// preflight_bg.wasm beside the glue pkg/wasm/preflight.js), `await init(url | Response | bytes |
// WebAssembly.Module)` or `initSync(bytes | WebAssembly.Module)` once before the first call; a call
// before that throws PreflightError `not_initialized`.
import * as glue from './wasm/preflight.js';
import { createApi, PreflightError, isPreflightError } from './api.js';
import { loaderOf } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

export const { init, initSync } = loaderOf(glue);
const api = createApi(glue);

export const {
  validate, kinds, describe, jsonSchema, isKind,
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher, buildAudienceBodies,
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export { PreflightError, isPreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
// Functions of their own (not destructured from a call), so that a bundle that uses none of the
// helpers leaves them out (lib/helpers.js, lib/csv.js, ...): tree-shaking.
const helpers = /* @__PURE__ */ helpersApi(api, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
export { hashFileInWorker } from './lib/hash-in-worker.js';
