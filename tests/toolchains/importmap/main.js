import { validate } from 'preflight-wasm/validate';
import { hashFileInWorker } from 'preflight-wasm/worker';
import { validateScenario, hashInWorker, hashFileScenario, publish } from '../shared/scenario.js';

publish(async () => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    ...validateScenario(validate),
    hash: await hashInWorker(worker),
    ...(await hashFileScenario(hashFileInWorker, undefined, new URL('./no-such-worker.js', import.meta.url))),
  };
});
