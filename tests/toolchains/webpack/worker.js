import { hashIdentifier } from 'preflight-wasm/hash';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier);
