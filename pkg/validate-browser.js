// Browser entry of preflight-wasm/validate (the "default" condition: browsers and bundlers):
// validation only (validate, kinds, describe, jsonSchema). Loads preflight_validate_bg.wasm with
// top-level await: the glue (wasm-bindgen --target web, pkg/wasm/preflight_validate.js) fetches it
// with `new URL('preflight_validate_bg.wasm', import.meta.url)`, which Vite and webpack 5 emit as
// an asset by themselves. Without top-level await or with another URL:
// preflight-wasm/validate/manual; with the module inlined (no second file at all):
// preflight-wasm/validate/inline.
// The API is validate-manual.js's (the same web glue, so the same instance): this entry only loads it
// before anything imports it.
import { init } from './validate-manual.js';

export * from './validate-manual.js';
await init();
