// A Node bundle (a serverless function): esbuild --bundle --platform=node (and Rollup with
// node-resolve and the node condition, rollup.config.mjs) pick the "module"
// condition, the /inline entries, so the bundle is one file that runs anywhere, with no
// node_modules beside it.
import { validate } from 'preflight-wasm/validate';
import { hashIdentifier } from 'preflight-wasm/hash';
import { validateScenario, EMAIL } from '../shared/scenario.js';

console.log(JSON.stringify({ ...validateScenario(validate), hash: hashIdentifier('email', EMAIL) }));
