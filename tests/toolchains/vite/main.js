// Vite, main thread: the default entry loads its .wasm with top-level await; Vite emits the
// .wasm as an asset from the package's `new URL(..., import.meta.url)`, and the package's
// hashFileInWorker worker from its `new Worker(new URL('./hash-worker.js', import.meta.url),
// {type: 'module'})`. No configuration.
import { validate } from 'preflight-wasm/validate';
import { hashFileInWorker } from 'preflight-wasm/worker';
import { validateScenario, hashInWorker, hashFileScenario, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    ...validateScenario(validate),
    hash: await hashInWorker(worker),
    ...(await hashFileScenario(hashFileInWorker, undefined, new URL('/no-such-worker.js', location.href))),
  };
});
