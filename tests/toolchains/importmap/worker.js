// Workers do not see the page's import map: the entry by its path (the built one the "exports" name).
import { hashIdentifier } from '/node_modules/preflight-wasm/dist/hash-browser.js';
import { serveHashes } from '../shared/scenario.js';

serveHashes(hashIdentifier);
