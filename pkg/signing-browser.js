// Browser entry of preflight-wasm/signing (the "default" condition: browsers and bundlers): webhook
// signatures, CRC, OAuth 1.0a and app-only credentials only. Loads preflight_signing_bg.wasm with
// top-level await: the glue (wasm-bindgen --target web, pkg/wasm/preflight_signing.js) fetches it
// with `new URL('preflight_signing_bg.wasm', import.meta.url)`, which Vite and webpack 5 emit as an
// asset by themselves. Without top-level await or with another URL: preflight-wasm/signing/manual;
// with the module inlined (no second file at all): preflight-wasm/signing/inline.
// The API is signing-manual.js's (the same web glue, so the same instance): this entry only loads it
// before anything imports it.
import { init } from './signing-manual.js';

export * from './signing-manual.js';
await init();
