// Node.js entry of preflight-wasm ("node" condition, ES module): everything: validation, audience
// identifiers, signing. The CommonJS glue (wasm-bindgen --target nodejs, pkg/wasm/preflight.cjs)
// reads and instantiates preflight_bg.wasm beside it synchronously: importing this module is all
// the loading there is, and init/initSync do nothing (they exist so that code written for the
// browser entries runs here). scripts/build-wasm.sh bundles this file into node.cjs, the "require"
// condition.
import glue from './wasm/preflight.cjs';
import { createApi, PreflightError, isPreflightError } from './api.js';
import { loaded } from './lib/load.js';
import { helpersApi } from './lib/helpers.js';

const api = createApi(glue);

export const {
  validate, kinds, describe, jsonSchema, isKind,
  normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher, buildAudienceBodies,
  crcResponseToken, crcResponse, verifySignature, verifyCrcRequest, oauth1Sign, basicCredentials, tokenRequestBody,
} = api;
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };

// Helpers that match the command line: CSV columns, files, streams (lib/helpers.js).
// Functions of their own (not destructured from a call), so that a bundle that uses none of the
// helpers leaves them out (lib/helpers.js, lib/csv.js, ...): tree-shaking.
const helpers = /* @__PURE__ */ helpersApi(api, glue);
export const createHashStream = (type, options) => helpers.createHashStream(type, options);
export const hashFile = (file, options, control) => helpers.hashFile(file, options, control);
export const extractColumn = (input, column, options) => helpers.extractColumn(input, column, options);
// Browsers only (a module Worker); in Node.js it rejects with worker_unavailable.
export { hashFileInWorker } from './lib/hash-in-worker.js';
