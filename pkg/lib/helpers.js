// The helpers that match the command line (issue 16), over an entry's audience functions:
// createHashStream (lib/hash-stream.js) and hashFile (lib/hash-file.js). CSV extraction
// (lib/csv.js) needs no engine; hashFileInWorker (lib/hash-in-worker.js) is for browsers.
import { hashStreamApi } from './hash-stream.js';
import { hashFileApi } from './hash-file.js';

/** @param {{hashIdentifiers: Function, createLineHasher: Function}} api */
export const helpersApi = (api) => ({ ...hashStreamApi(api), ...hashFileApi(api) });
