// Browser entry of preflight-wasm/hash (the "default" condition: browsers and bundlers): audience
// identifier normalization and hashing only (no upload bodies: buildAudienceBodies is in the full
// entry). Loads preflight_hash_bg.wasm with top-level await: the glue (wasm-bindgen --target web,
// pkg/wasm/preflight_hash.js) fetches it with `new URL('preflight_hash_bg.wasm', import.meta.url)`,
// which Vite and webpack 5 emit as an asset by themselves. Without top-level await or with another
// URL: preflight-wasm/hash/manual; with the module inlined (no second file at all):
// preflight-wasm/hash/inline.
// The API is hash-manual.js's (the same web glue, so the same instance): this entry only loads it
// before anything imports it.
import { init } from './hash-manual.js';

export * from './hash-manual.js';
await init();
