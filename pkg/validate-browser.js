// Browser entry of preflight-wasm/validate (the "default" condition: browsers and bundlers):
// validation only (validate, kinds, describe, jsonSchema). Loads preflight_validate_bg.wasm with
// top-level await: the glue (wasm-bindgen --target web, pkg/wasm/preflight_validate.js) fetches it
// with `new URL('preflight_validate_bg.wasm', import.meta.url)`, which Vite and webpack 5 emit as
// an asset by themselves. Without top-level await or with another URL:
// preflight-wasm/validate/manual; with the module inlined (no second file at all):
// preflight-wasm/validate/inline.
import * as glue from './wasm/preflight_validate.js';
import { PreflightError } from './lib/core.js';
import { validateApi } from './lib/validate.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
await init();
const api = validateApi(glue);

export const {
  validate, kinds, describe, jsonSchema,
} = api;
export { PreflightError };
