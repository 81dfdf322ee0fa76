// Entry preflight-wasm/helpers/inline (browsers, Node, any bundler with no configuration): the
// helpers that match the command line (see pkg/helpers.js) together with everything of
// preflight-wasm/hash/inline, whose loading this is (pkg/hash-inline.js: preflight_hash_bg.wasm
// inlined as base64, instantiated at import). The API is helpers-manual.js's, over the same glue.
import './hash-inline.js';

export * from './helpers-manual.js';
