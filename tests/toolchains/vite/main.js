// Vite, main thread: the default entry loads its .wasm with top-level await; Vite emits the
// .wasm as an asset from the package's `new URL(..., import.meta.url)`. No configuration.
import { validate } from 'preflight-wasm/validate';
import { validateScenario, hashInWorker, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return { ...validateScenario(validate), hash: await hashInWorker(worker) };
});
