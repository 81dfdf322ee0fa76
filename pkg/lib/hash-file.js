// hashFile(file, options, {onProgress, signal}): hashes a Blob (a File) as `preflight hash TYPE
// FILE [--column COLUMN]` does, streaming, and returns its standard output byte for byte (a Blob)
// with the rejected rows as its standard error lists them (row numbers, codes; never values).
// Runs in the calling thread; lib/hash-worker.js runs it in a Web Worker (hashFileInWorker).
import { PreflightError } from './core.js';
import { controlOf } from './control.js';
import { ColumnReader, csvOptions } from './csv.js';
import { splitOptions, onErrorOption, resultText } from './hash-stream.js';

/** Values per call of hashIdentifiers: bounds the memory of one batch. */
export const BATCH_ROWS = 4096;

/** The options of hashFile besides the hash options. */
const FILE_KEYS = ['type', 'column', 'header', 'delimiter', 'onError'];

/** The members of hashFile's `control` (lib/core.js `controlOf`). */
const CONTROL_KEYS = ['onProgress', 'signal'];

/** A Blob (a File) of this realm; never an object that only inherits a `stream`. */
const isBlob = (file) => typeof Blob === 'function' && file instanceof Blob;

/** The reason an aborted signal gives (an AbortError DOMException when it has none). */
function abortReason(signal) {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * @param {{hashIdentifiers: Function, createLineHasher: Function}} api the package's functions
 */
export function hashFileApi(api) {
  /**
   * @param {Blob} file
   * @param {object} options `type`; `column` (the command line's --column text), `header`,
   *   `delimiter`; `onError`; the hash options
   * @param {{onProgress?: Function, signal?: AbortSignal}} [control]
   */
  const hashFile = async (file, options, control) => {
    const { mine, hash } = splitOptions(options, FILE_KEYS);
    const type = mine.type;
    const keepRejected = onErrorOption(mine.onError);
    const csv = mine.column !== undefined && mine.column !== null;
    if (!csv && (mine.header !== undefined || mine.delimiter !== undefined)) {
      throw new PreflightError('bad_options', 'header and delimiter go with column (CSV input)');
    }
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

    /** Rows of the current CSV batch: null (its value is next in `values`) or a code. */
    let outcomes = [];
    let values = [];
    const flushCsv = () => {
      if (outcomes.length === 0) return;
      const result = api.hashIdentifiers(type, values, hash);
      const slots = [];
      let v = 0;
      let e = 0;
      for (let k = 0; k < outcomes.length; k++) {
        let code = outcomes[k];
        if (code === null) {
          const h = result.hashes[v];
          if (h !== null) {
            slots.push(h);
            v++;
            continue;
          }
          while (e < result.errors.length && result.errors[e].index < v) e++;
          code = result.errors[e]?.index === v ? result.errors[e].code : 'empty';
          v++;
        }
        reject(rowsBefore + rows + k + 1, code);
        slots.push(null);
      }
      take({ hashes: slots });
      outcomes = [];
      values = [];
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
    let push;
    let finish;
    let hasher = null;
    if (csv) {
      const columns = new ColumnReader(mine.column, csvOptions({ header: mine.header, delimiter: mine.delimiter }), (value, code) => {
        rowsBefore = columns.hasHeader ? 1 : 0;
        if (code !== null) outcomes.push(code);
        else if (type === 'partner_user_id' && /[\r\n]/.test(value)) {
          // Cannot be written one per line (the command line's line_break).
          outcomes.push('line_break');
        } else {
          values.push(value);
          outcomes.push(null);
        }
        if (outcomes.length >= BATCH_ROWS) flushCsv();
      });
      push = (bytes) => {
        columns.push(bytes);
        flushCsv();
      };
      finish = () => {
        columns.finish();
        flushCsv();
      };
    } else {
      hasher = api.createLineHasher(type, hash);
      const lines = (r) => {
        for (const e of r.errors) reject(e.index + 1, e.code);
        take(r);
      };
      push = (bytes) => lines(hasher.push(bytes));
      finish = () => lines(hasher.finish());
    }
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
