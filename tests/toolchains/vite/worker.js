// Vite, module Worker: Vite bundles workers as iife by default, which has no top-level await, so
// the worker imports the /manual entry and awaits init() itself.
import { init, hashIdentifier } from 'preflight-wasm/hash/manual';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier, () => init());
