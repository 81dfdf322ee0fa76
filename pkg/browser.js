// Browser entry of preflight-wasm (the "default" condition: browsers and bundlers): everything:
// validation, audience identifiers, signing. Loads preflight_bg.wasm with top-level await: the glue
// (wasm-bindgen --target web, pkg/wasm/preflight.js) fetches it with `new URL('preflight_bg.wasm',
// import.meta.url)`, which Vite and webpack 5 emit as an asset by themselves. Without top-level
// await or with another URL: preflight-wasm/manual; with the module inlined (no second file at
// all): preflight-wasm/inline.
// The API is manual.js's (the same web glue, so the same instance): this entry only loads it
// before anything imports it.
import { init } from './manual.js';

export * from './manual.js';
await init();
