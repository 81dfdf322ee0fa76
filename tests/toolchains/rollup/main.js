import { validate } from 'preflight-wasm/validate/inline';
import { validateScenario, hashInWorker, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  return { ...validateScenario(validate), hash: await hashInWorker(worker) };
});
