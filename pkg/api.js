// The public JavaScript API, shared by the full entries (node.js, browser.js, manual.js,
// inline.js). Each entry loads the wasm-bindgen glue its own way and hands the raw exports to
// `createApi`; what a caller sees (argument checks, JSON text in, plain objects out, typed errors)
// is defined once, in lib/: lib/validate.js, lib/audience.js, lib/bodies.js, lib/signing.js over
// the shared lib/core.js; every area calls the module through lib/engine.js, one per glue module,
// which replaces an instance that failed inside a call (internal_error) for all areas at once.
import { PreflightError, isPreflightError } from './lib/core.js';
import { validateApi } from './lib/validate.js';
import { audienceApi } from './lib/audience.js';
import { bodiesApi } from './lib/bodies.js';
import { signingApi } from './lib/signing.js';

export { PreflightError, isPreflightError };

/**
 * @param {Record<string, Function>} raw the wasm-bindgen exports
 */
export function createApi(raw) {
  return Object.freeze({ ...validateApi(raw), ...audienceApi(raw), ...bodiesApi(raw), ...signingApi(raw), PreflightError });
}
