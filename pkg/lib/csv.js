// CSV as `preflight hash --column` reads it, through the engine: the reader is the command
// line's own (preflight::audience::csv, exported by bindings/wasm/src/csv.rs), so that a page or
// a Node.js script reading a column gets exactly the rows, codes and row numbers the command line
// does. The rules are in that module's docs; this file only carries bytes across and results back.
//
// Used by hashFile (lib/hash-file.js), createHashStream with a `column` (lib/hash-stream.js) and
// extractColumn. A wrong call, or an input that cannot be read, is a PreflightError with the
// engine's code: bad_options, unknown_column, ambiguous_column, invalid_header,
// column_out_of_range, header_too_long, empty_input, and unclosed_quote (with `row`, the row where
// a quote opened that never closes; never a value).
import { PreflightError, plain } from './core.js';
import { engineOf } from './engine.js';
import { MAX_CALL_BYTES, addPacked, gather, unpack, utf8 } from './audience.js';

/** The CSV options of hashFile and createHashStream, besides the hash options. */
export const CSV_KEYS = ['column', 'header', 'delimiter', 'countryColumn'];

/**
 * The CSV options `{column, header, delimiter, countryColumn}` among the caller's own members
 * (`mine`, read by lib/hash-stream.js `splitOptions`), for the engine, which checks them
 * (bindings/wasm/src/csv.rs): a copy of those given, or null when none is (the input is lines,
 * not CSV).
 */
export function csvOptions(mine) {
  let csv = null;
  for (const key of CSV_KEYS) {
    const v = mine[key];
    if (v !== undefined && v !== null) (csv ??= Object.create(null))[key] = v;
  }
  return csv;
}

/** An engine failure of a CSV call, with the row of an unclosed quote. */
function withRow(e, row) {
  if (e instanceof PreflightError && e.code === 'unclosed_quote') e.row = row();
  return e;
}

/** @param {Record<string, any>} raw the wasm-bindgen exports */
export function csvApi(raw) {
  const engine = engineOf(raw);

  /**
   * Streaming hashing of one CSV column: push bytes split anywhere; each push returns the
   * results of the rows it completed ({hashes, errors, firstIndex}; data row i is row
   * i + 1 + rowsBefore()).
   * @param {string} type @param {object | undefined} options hash options @param {{column: string, header: boolean, delimiter: string}} csv
   */
  const createCsvHasher = (type, options, csv) => {
    const o = plain(options);
    let h = engine.call(() => new raw.AudienceCsvHasher(type, o, csv));
    const born = engine.generation;
    let failedRow = 0;
    const live = () => {
      if (h === null) throw new PreflightError('hasher_finished', 'the CSV hasher is finished; create another one');
      if (engine.generation !== born) {
        throw new PreflightError('hasher_invalidated', 'the CSV hasher was lost when a call failed inside the WebAssembly module; create another one');
      }
      return h;
    };
    const release = (hasher) => {
      if (engine.generation === born) engine.call(() => hasher.free());
    };
    /** One call of the module into `into`; a failure ends the hasher, naming its row. */
    const step = (call, into) => {
      const hasher = live();
      try {
        return addPacked(into, engine.call(() => call(hasher)));
      } catch (e) {
        if (engine.generation === born) failedRow = hasher.failedRow();
        h = null;
        release(hasher);
        throw withRow(e, () => failedRow);
      }
    };
    return {
      /**
       * In pieces of at most MAX_CALL_BYTES, as the line hasher's pushes: what one call of the
       * engine returns stays bounded whatever the caller hands in at once.
       * @param {Uint8Array} bytes
       */
      push(bytes) {
        const into = gather();
        let at = 0;
        do {
          const piece = bytes.subarray(at, at + MAX_CALL_BYTES);
          step((hasher) => hasher.pushBytes(piece), into);
          at += MAX_CALL_BYTES;
        } while (at < bytes.length);
        return into;
      },
      finish() {
        const r = step((hasher) => hasher.finish(), gather());
        const hasher = h;
        h = null;
        release(hasher);
        return r;
      },
      /** Rows before the first data row: 1 once a header was read. */
      rowsBefore: () => (h === null ? 0 : h.rowsBefore()),
      free() {
        if (h !== null) {
          const hasher = h;
          h = null;
          release(hasher);
        }
      },
    };
  };

  /**
   * One column of a whole CSV text, as `preflight hash TYPE --column COLUMN` reads it.
   * @param {string | Uint8Array | ArrayBuffer} input CSV text (a string, or its UTF-8 bytes)
   * @param {string} column a header name or a 1-based index, as the command line's `--column` text
   * @param {{header?: boolean, delimiter?: string}} [options]
   */
  const extractColumn = (input, column, options) => {
    if (typeof column !== 'string') {
      throw new PreflightError('bad_options', "column is the command line's --column text: a header name, or a 1-based index as a string");
    }
    // The options `{header, delimiter}`, read and checked by the engine.
    const o = plain(options);
    let bytes;
    // A lone surrogate has no UTF-8 form: its field is invalid_utf8, never a replaced U+FFFD.
    if (typeof input === 'string') bytes = utf8(input);
    else if (input instanceof Uint8Array) bytes = input;
    else if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
    else throw new PreflightError('invalid_argument', 'the CSV must be a string, a Uint8Array or an ArrayBuffer');
    let r;
    try {
      r = engine.call(() => raw.audienceCsvExtract(bytes, column, o));
    } catch (e) {
      // The engine's message of an unclosed quote starts with its row.
      throw withRow(e, () => +(/^row (\d+):/.exec(e.message)?.[1] ?? 0));
    }
    const bar = r.indexOf('|');
    const [col, before] = r.slice(0, bar).split(',').map(Number);
    const { hashes: values, errors } = unpack(r.slice(bar + 1));
    return {
      values,
      errors: errors.map((e) => ({ index: e.index, row: e.index + 1 + before, code: e.code })),
      column: col,
      rowsBefore: before,
    };
  };

  return { createCsvHasher, extractColumn };
}

/** The longest record read (preflight::audience::csv::MAX_RECORD_BYTES): a longer one is too_long. */
export const MAX_RECORD_BYTES = 1 << 20;

/**
 * The fields of the first record of a CSV file (a page's column picker), read by the engine: the
 * file's first MAX_RECORD_BYTES bytes, `whole` when that is all of it. Fails as hashFile would
 * on that record: empty_input, header_too_long, invalid_header, unclosed_quote.
 * @param {Record<string, any>} raw the wasm-bindgen exports of an initialized entry
 * @param {Uint8Array} bytes @param {string} delimiter @param {boolean} whole
 * @returns {string[]}
 */
export function firstRecordFields(raw, bytes, delimiter, whole) {
  const r = engineOf(raw).call(() => raw.audienceCsvFirstRecord(bytes, delimiter, whole));
  const bar = r.indexOf('|');
  const lens = bar > 0 ? r.slice(0, bar - 1).split(',') : [];
  let pos = bar + 1;
  return lens.map((n) => r.slice(pos, (pos += +n)));
}
