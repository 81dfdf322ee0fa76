// Entry preflight-wasm/validate/inline (browsers, Node, any bundler with no configuration):
// validation only (validate, kinds, describe, jsonSchema), with preflight_validate_bg.wasm inlined
// as base64 (pkg/wasm/preflight_validate.inline.js) and instantiated synchronously at import: no
// second file to serve, no top-level await. The price: base64 is a third larger than the .wasm,
// about 35% more once gzipped, and there is no streaming compilation. Node bundles (the "module"
// condition under "node" in package.json) get this entry.
import * as glue from './wasm/preflight_validate.js';
import wasm from './wasm/preflight_validate.inline.js';
import { PreflightError } from './lib/core.js';
import { validateApi } from './lib/validate.js';
import { loaderOf } from './lib/load.js';
import { fromBase64 } from './lib/base64.js';

export const { init, initSync } = loaderOf(glue);
initSync(fromBase64(wasm));
const api = validateApi(glue);

export const {
  validate, kinds, describe, jsonSchema,
} = api;
export { PreflightError };
