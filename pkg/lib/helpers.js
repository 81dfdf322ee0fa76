// The helpers that match the command line (issue 16), over an entry's audience functions and its
// glue (the CSV reader, lib/csv.js): createHashStream (lib/hash-stream.js), hashFile
// (lib/hash-file.js), extractColumn. hashFileInWorker (lib/hash-in-worker.js) is for browsers.
import { hashStreamApi } from './hash-stream.js';
import { hashFileApi } from './hash-file.js';
import { csvApi } from './csv.js';

/**
 * @param {{hashIdentifiers: Function, createLineHasher: Function}} api
 * @param {Record<string, any>} raw the entry's wasm-bindgen exports
 */
export const helpersApi = (api, raw) => {
  const csv = csvApi(raw);
  const all = { ...api, createCsvHasher: csv.createCsvHasher };
  return { ...hashStreamApi(all), ...hashFileApi(all), extractColumn: csv.extractColumn };
};
