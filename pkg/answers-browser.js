// Browser entry of preflight-wasm/answers (the "default" condition: browsers and bundlers): the
// answer readers only. Loads preflight_answers_bg.wasm with top-level await: the glue
// (wasm-bindgen --target web, pkg/wasm/preflight_answers.js) fetches it with
// `new URL('preflight_answers_bg.wasm', import.meta.url)`, which Vite and webpack 5 emit as an
// asset by themselves. Without top-level await or with another URL: preflight-wasm/answers/manual;
// with the module inlined (no second file at all): preflight-wasm/answers/inline.
// The API is answers-manual.js's (the same web glue, so the same instance): this entry only loads
// it before anything imports it.
import { init } from './answers-manual.js';

export * from './answers-manual.js';
await init();
