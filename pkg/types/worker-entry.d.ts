// Types of the entry `preflight-wasm/worker` (pkg/worker.js): hashFileInWorker alone, with no
// WebAssembly on the page's side. Hand-written.
export type * from './helpers.js';
export { hashFileInWorker } from './helpers.js';
export { PreflightError, isPreflightError } from '../index.js';
export type { AnyErrorCode, InternalErrorCode, LoadErrorCode } from './codes.js';
