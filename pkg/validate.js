// Node.js entry of preflight-wasm/validate ("node" condition, ES module): validation only
// (validate, kinds, describe, jsonSchema). The CommonJS glue (wasm-bindgen --target nodejs,
// pkg/wasm/preflight_validate.cjs) reads and instantiates preflight_validate_bg.wasm beside it
// synchronously: importing this module is all the loading there is, and init/initSync do nothing
// (they exist so that code written for the browser entries runs here). scripts/build-wasm.sh
// bundles this file into validate.cjs, the "require" condition.
import glue from './wasm/preflight_validate.cjs';
import { PreflightError, isPreflightError } from './lib/core.js';
import { validateApi } from './lib/validate.js';
import { loaded } from './lib/load.js';

const api = validateApi(glue);

export const {
  validate, kinds, describe, jsonSchema, isKind,
} = api;
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };
