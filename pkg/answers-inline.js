// Entry preflight-wasm/answers/inline (browsers, Node, any bundler with no configuration): the
// answer readers only, with preflight_answers_bg.wasm inlined as base64
// (pkg/wasm/preflight_answers.inline.js) and instantiated synchronously at import: no second file
// to serve, no top-level await. The price: base64 is a third larger than the .wasm, about 35% more
// once gzipped, and there is no streaming compilation. Node bundles (the "module" condition under
// "node" in package.json) get this entry.
// The API is answers-manual.js's (the same web glue, so the same instance): this entry only loads
// it before anything imports it.
import { initSync } from './answers-manual.js';
import wasm from './wasm/preflight_answers.inline.js';
import { fromBase64 } from './lib/base64.js';

export * from './answers-manual.js';
initSync(fromBase64(wasm));
