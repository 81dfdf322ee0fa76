// Browser entry of preflight-wasm/helpers (the "default" condition: browsers and bundlers): the
// helpers that match the command line (see pkg/helpers.js) together with everything of
// preflight-wasm/hash. Loads preflight_helpers_bg.wasm with top-level await (the glue
// pkg/wasm/preflight_helpers.js fetches it with `new URL('preflight_helpers_bg.wasm',
// import.meta.url)`); the API is helpers-manual.js's (the same web glue, so the same instance).
import { init } from './helpers-manual.js';

export * from './helpers-manual.js';
await init();
