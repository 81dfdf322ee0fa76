// Types of the entry `preflight-wasm/helpers` (pkg/helpers.js, pkg/helpers-browser.js,
// pkg/helpers-manual.js, pkg/helpers-inline.js): everything of `preflight-wasm/hash`
// (types/hash.d.ts), which the helpers build on, and the helpers that match the command line
// (types/helpers.d.ts). Hand-written.

export * from './hash.js';
export type * from './helpers.js';
export { extractColumn, createHashStream, hashFile, hashFileInWorker } from './helpers.js';
