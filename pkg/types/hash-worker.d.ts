// Types of `preflight-wasm/hash-worker` (pkg/dist/lib/hash-worker.js): the worker script of
// hashFileInWorker, for bundlers to emit as an entry point of its own (esbuild, Rollup); it
// exports nothing. Hand-written.
export {};
