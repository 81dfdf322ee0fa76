// Entry preflight-wasm/helpers/inline (browsers, Node, any bundler with no configuration): the
// helpers that match the command line (see pkg/helpers.js) together with everything of
// preflight-wasm/hash, with preflight_helpers_bg.wasm inlined as base64
// (pkg/wasm/preflight_helpers.inline.js) and instantiated at import. The API is
// helpers-manual.js's, over the same glue.
import { initSync } from './helpers-manual.js';
import wasm from './wasm/preflight_helpers.inline.js';
import { fromBase64 } from './lib/base64.js';

export * from './helpers-manual.js';
initSync(fromBase64(wasm));
