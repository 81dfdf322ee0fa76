// esbuild (iife, in a "type": "commonjs" project): the /manual entry has no top-level await;
// esbuild's file loader emits the .wasm and gives its URL to init().
import { init, validate } from 'preflight-wasm/validate/manual';
import wasmUrl from 'preflight-wasm/wasm/preflight_validate_bg.wasm';
import { validateScenario, hashInWorker, publish } from '../shared/scenario.js';

publish(async () => {
  await init(new URL(wasmUrl, document.baseURI));
  const worker = new Worker(new URL('./worker.js', document.baseURI));
  return { ...validateScenario(validate), hash: await hashInWorker(worker) };
});
