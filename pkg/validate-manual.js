// Entry preflight-wasm/validate/manual (browsers): validation only (validate, kinds, describe,
// jsonSchema), without top-level await, so that it works in classic (iife) workers, CommonJS
// bundles and bundlers without top-level await. Nothing is loaded at import: call `await init()`
// (fetches preflight_validate_bg.wasm beside the glue pkg/wasm/preflight_validate.js), `await
// init(url | Response | bytes | WebAssembly.Module)` or `initSync(bytes | WebAssembly.Module)` once
// before the first call; a call before that throws PreflightError `not_initialized`.
import * as glue from './wasm/preflight_validate.js';
import { PreflightError, isPreflightError } from './lib/core.js';
import { validateApi } from './lib/validate.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
const api = validateApi(glue);

export const {
  validate, kinds, describe, jsonSchema, isKind,
} = api;
export { PreflightError, isPreflightError };
