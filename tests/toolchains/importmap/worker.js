// Workers do not see the page's import map: the entry by its path.
import { hashIdentifier } from '/node_modules/preflight-wasm/hash-browser.js';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier);
