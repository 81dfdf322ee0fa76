// Entry preflight-wasm/worker (browsers; in Node.js hashFileInWorker rejects with
// worker_unavailable): hashFileInWorker alone, for the page that hands a file to a Web Worker.
// Its module graph holds no WebAssembly: importing it downloads and instantiates no .wasm (the
// /helpers entries load theirs at import); the worker (lib/hash-worker.js, one bundled script with
// the helpers module inlined) loads its own when a file is hashed. The same function as the
// /helpers export.
export { hashFileInWorker } from './lib/hash-in-worker.js';
export { PreflightError, isPreflightError } from './lib/core.js';
