import { validate } from 'preflight-wasm/validate';
import { validateScenario, hashInWorker, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return { ...validateScenario(validate), hash: await hashInWorker(worker) };
});
