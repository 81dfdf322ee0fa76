// hashFile(file, options, {onProgress, signal}): hashes a Blob (a File) as `preflight hash TYPE
// FILE [--column COLUMN]` does, streaming, and returns its standard output byte for byte (a Blob)
// with the rejected rows as its standard error lists them (row numbers, codes; never values).
// Runs in the calling thread; lib/hash-worker.js runs it in a Web Worker (hashFileInWorker).
import { PreflightError } from './core.js';
import { controlOf } from './control.js';
import { CSV_KEYS, csvOptions } from './csv.js';
import { splitOptions, onErrorOption, resultText } from './hash-stream.js';

/** The options of hashFile besides the hash options. */
const FILE_KEYS = ['type', 'onError', ...CSV_KEYS];

/** The members of hashFile's `control` (lib/core.js `controlOf`). */
const CONTROL_KEYS = ['onProgress', 'signal'];

/** A Blob (a File) of this realm; never an object that only inherits a `stream`. */
const isBlob = (file) => typeof Blob === 'function' && file instanceof Blob;

/** The reason an aborted signal gives (an AbortError DOMException when it has none). */
function abortReason(signal) {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * @param {{hashIdentifiers: Function, createLineHasher: Function, createCsvHasher: Function}} api
 *   the package's functions
 */
export function hashFileApi(api) {
  /**
   * @param {Blob} file
   * @param {object} options `type`; `column` (the command line's --column text), `header`,
   *   `delimiter`, `countryColumn` (--country-column); `onError`; the hash options
   * @param {{onProgress?: Function, signal?: AbortSignal}} [control]
   */
  const hashFile = async (file, options, control) => {
    const { mine, hash } = splitOptions(options, FILE_KEYS);
    const type = mine.type;
    const keepRejected = onErrorOption(mine.onError);
    const csv = csvOptions(mine);
    // A wrong type or option fails before anything is read.
    api.hashIdentifiers(type, [], hash);
    const { onProgress, signal } = controlOf(control, CONTROL_KEYS);
    if (signal?.aborted) throw abortReason(signal);
    if (!isBlob(file)) throw new PreflightError('invalid_argument', 'the file must be a Blob (a File)');

    const out = [];
    const rejected = [];
    const byCode = Object.create(null);
    let rows = 0;
    let hashed = 0;
    let rowsBefore = 0;
    let sinceProgress = [];
    const reject = (row, code) => {
      const r = { row, code };
      rejected.push(r);
      sinceProgress.push(r);
      byCode[code] = (byCode[code] ?? 0) + 1;
    };

    const take = (result) => {
      for (const h of result.hashes) if (h !== null) hashed++;
      rows += result.hashes.length;
      const text = resultText(result, keepRejected);
      // A Blob per batch: the browser may keep a large result on disk rather than in memory.
      if (text !== '') out.push(new Blob([text]));
    };

    let reader;
    let consumed = 0;
    // CSV: the command line's reader in the engine (lib/csv.js); rows count its header.
    let hasher = csv === null ? api.createLineHasher(type, hash) : api.createCsvHasher(type, hash, csv);
    const lines = (r) => {
      for (const e of r.errors) reject(e.index + 1 + rowsBefore, e.code);
      take(r);
    };
    const push = (bytes) => {
      const r = hasher.push(bytes);
      if (csv !== null) rowsBefore = hasher.rowsBefore();
      lines(r);
    };
    const finish = () => lines(hasher.finish());
    const progress = () => {
      if (onProgress === undefined) return;
      const rejectedNow = sinceProgress;
      sinceProgress = [];
      onProgress({ bytes: consumed, total: file.size, rows, hashed, rejected: rejectedNow });
    };
    const onAbort = () => {
      reader?.cancel(abortReason(signal)).catch(() => {});
    };
    signal?.addEventListener('abort', onAbort);
    try {
      reader = file.stream().getReader();
      for (;;) {
        const chunk = await reader.read();
        if (signal?.aborted) throw abortReason(signal);
        if (chunk.done) break;
        consumed += chunk.value.byteLength;
        push(chunk.value);
        progress();
      }
      finish();
      hasher = null;
      progress();
    } finally {
      signal?.removeEventListener('abort', onAbort);
      hasher?.free();
    }
    return {
      blob: new Blob(out, { type: 'text/plain' }),
      rows,
      hashed,
      rejected,
      byCode: { ...byCode },
    };
  };
  return { hashFile };
}
