// Rollup (ES module output): Rollup emits no worker and no asset, so the package's worker is an
// input of the build (hash-worker.js imports preflight-wasm/hash-worker), written beside main.js,
// where the package's `new URL('./hash-worker.js', import.meta.url)` finds it: no workerUrl.
import { validate } from 'preflight-wasm/validate/inline';
import { hashFileInWorker } from 'preflight-wasm/worker';
import { validateScenario, hashInWorker, hashFileScenario, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  return {
    ...validateScenario(validate),
    hash: await hashInWorker(worker),
    ...(await hashFileScenario(hashFileInWorker, undefined, new URL('./no-such-worker.js', import.meta.url))),
  };
});
