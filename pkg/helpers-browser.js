// Browser entry of preflight-wasm/helpers (the "default" condition: browsers and bundlers): the
// helpers that match the command line (see pkg/helpers.js) together with everything of
// preflight-wasm/hash. Loading is preflight-wasm/hash's (pkg/hash-browser.js: top-level await
// of preflight_hash_bg.wasm); the API is helpers-manual.js's, over the same glue, so a page that
// imports both preflight-wasm/hash and preflight-wasm/helpers loads the .wasm once.
import './hash-browser.js';

export * from './helpers-manual.js';
