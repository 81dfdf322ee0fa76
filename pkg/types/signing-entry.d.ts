// Types of `preflight-wasm/signing` (pkg/signing*.js): webhook signatures, CRC, OAuth 1.0a and
// app-only credentials only, with the same signatures as the full package and the same
// PreflightError class. Hand-written.
export * from './signing.js';
export { PreflightError, isPreflightError } from '../index.js';
export { init, initSync, type InitInput } from './loading.js';
export type { AnyErrorCode, InternalErrorCode, LoadErrorCode } from './codes.js';
