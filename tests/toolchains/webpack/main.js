// webpack 5: the package's `new URL(..., import.meta.url)` .wasm files become assets, and its
// `new Worker(new URL('./hash-worker.js', import.meta.url), {type: 'module'})` (hashFileInWorker)
// a worker chunk. No configuration.
import { validate } from 'preflight-wasm/validate';
import { hashFileInWorker } from 'preflight-wasm/worker';
import { validateScenario, hashInWorker, hashFileScenario, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  return {
    ...validateScenario(validate),
    hash: await hashInWorker(worker),
    ...(await hashFileScenario(hashFileInWorker, undefined, new URL('/no-such-worker.js', location.href))),
  };
});
