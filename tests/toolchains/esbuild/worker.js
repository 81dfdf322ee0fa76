// esbuild, classic (iife) worker: the /inline entry carries its module, instantiated at import.
import { hashIdentifier } from 'preflight-wasm/hash/inline';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier);
