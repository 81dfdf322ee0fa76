// Types of `preflight-wasm/answers` (pkg/answers*.js): the answer readers only, with the same
// PreflightError class as the full package. Hand-written; one line per area.
export * from './answers.js';
export * from './answers-lists.js';
export * from './answers-errors.js';
export * from './answers-batches.js';
export { PreflightError, isPreflightError } from '../index.js';
export { init, initSync, type InitInput } from './loading.js';
export type { AnyErrorCode, AnswersErrorCode, InternalErrorCode, LoadErrorCode } from './codes.js';
