import { hashIdentifier } from 'preflight-wasm/hash/inline';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier);
