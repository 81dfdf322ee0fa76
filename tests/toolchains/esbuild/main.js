// esbuild (iife, in a "type": "commonjs" project): the /manual entry has no top-level await;
// esbuild's file loader emits the .wasm and gives its URL to init(). esbuild does not emit
// workers, and an iife has no import.meta.url: the package's worker is an entry point of the
// build (hash-worker.js imports preflight-wasm/hash-worker) and its address is given.
import { init, validate } from 'preflight-wasm/validate/manual';
import { hashFileInWorker } from 'preflight-wasm/worker';
import wasmUrl from 'preflight-wasm/wasm/preflight_validate_bg.wasm';
import { validateScenario, hashInWorker, hashFileScenario, publish } from '../shared/scenario.js';

publish(async () => {
  await init(new URL(wasmUrl, document.baseURI));
  const worker = new Worker(new URL('./worker.js', document.baseURI));
  return {
    ...validateScenario(validate),
    hash: await hashInWorker(worker),
    ...(await hashFileScenario(hashFileInWorker, { workerUrl: new URL('./hash-worker.js', document.baseURI) }, new URL('./no-such-worker.js', document.baseURI))),
  };
});
