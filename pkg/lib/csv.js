// CSV as `preflight hash --column` reads it (src/bin/preflight/hash/csv.rs, pipeline.rs and
// hash.rs `column_index`), byte for byte, so that a page or a Node.js script extracting a column
// gets exactly the values the command line hashes. Pure JavaScript: no WebAssembly.
//
// - One byte-order mark at the very start is dropped.
// - A record ends at a line feed outside quotes; one `\r` right before it belongs to the line
//   ending. A last record without a line ending counts when it is not zero bytes long.
// - A field that starts with `"` is quoted: it runs to the next lone `"`, `""` stands for one
//   `"`, and it may hold delimiters and line breaks. A `"` inside an unquoted field is text.
//   Text after a closing quote, or a quote never closed, makes the record `invalid_csv`.
// - A record with fewer fields than the column asked for is `missing_column`; a field that is
//   not UTF-8 is `invalid_utf8`.
// - A record of CHUNK_BYTES or more (counted from its first byte, the byte-order mark included
//   for the first record, up to its line feed) is `too_long`: the command line reads its input
//   in chunks of that size and skips such a record without holding it, scanning on for its end
//   (a line feed inside quotes does not end it), and so does this reader.
// - The column (resolveColumn): a header name (compared trimmed of Unicode white space and
//   ignoring ASCII case; exactly one header field must match) or a 1-based index, given as the
//   command line's `--column` text. The first record is the header, never a value, unless
//   `header: false` (an index only).
//
// Used by extractColumn (here), the file hashing job (lib/hash-job.js) and the example page
// (examples/browser/). Never throws on any input; a wrong call is a PreflightError.
import { PreflightError, own, ownKeys } from './core.js';
import { concat, utf8 } from './audience.js';

/** The command line's chunk size (pipeline::CHUNK_BYTES): a record this long or longer is too_long. */
export const CHUNK_BYTES = 1 << 20;

const BOM = [0xef, 0xbb, 0xbf];
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

// Scanner states (csv.rs State).
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3;

/**
 * Cuts a byte stream into CSV records. `onRecord(bytes)` gets each record without its line ending
 * (its `\r` dropped); `onTooLong()` is called instead for a record of CHUNK_BYTES or more.
 */
export class RecordSplitter {
  /**
   * @param {number} delimiter the field delimiter's byte (`,` is 0x2c)
   * @param {(record: Uint8Array) => void} onRecord
   * @param {() => void} onTooLong
   */
  constructor(delimiter, onRecord, onTooLong) {
    this.delimiter = delimiter;
    this.onRecord = onRecord;
    this.onTooLong = onTooLong;
    this.state = FIELD_START;
    /** Pieces of the current record seen in earlier pushes. */
    this.parts = [];
    /** Bytes of the current record so far (the byte-order mark counts for the first). */
    this.length = 0;
    /** Skipping the rest of a too long record. */
    this.skipping = false;
    /** Bytes of the byte-order mark matched so far at the very start (-1: decided). */
    this.bomSeen = 0;
    /** Bytes of the input so far. */
    this.consumed = 0;
  }

  /** Feeds the next piece of the input. */
  push(bytes) {
    this.consumed += bytes.length;
    let i = 0;
    if (this.bomSeen >= 0) {
      // The mark may itself arrive in pieces.
      while (i < bytes.length && this.bomSeen < BOM.length && bytes[i] === BOM[this.bomSeen]) {
        i++;
        this.bomSeen++;
      }
      if (this.bomSeen === BOM.length) {
        this.length = BOM.length;
        this.bomSeen = -1;
      } else if (i < bytes.length) {
        // Not a mark after all: the bytes matched so far are text.
        if (this.bomSeen > 0) this.take(Uint8Array.from(BOM.slice(0, this.bomSeen)));
        this.bomSeen = -1;
      } else {
        return;
      }
    }
    if (i < bytes.length) this.take(bytes.subarray(i));
  }

  /** Ends the input: a last record without a line ending. */
  finish() {
    if (this.bomSeen > 0) this.take(Uint8Array.from(BOM.slice(0, this.bomSeen)));
    this.bomSeen = -1;
    if (!this.skipping && this.parts.length > 0) {
      const total = this.parts.reduce((n, p) => n + p.length, 0);
      // Counted only when not zero bytes long (a byte-order mark alone is not a record).
      if (total > 0) this.emit(concat(this.parts, total));
    }
    this.parts = [];
  }

  emit(record) {
    const end = record.length > 0 && record[record.length - 1] === CR ? record.length - 1 : record.length;
    this.onRecord(record.subarray(0, end));
  }

  take(bytes) {
    let start = 0;
    let i = 0;
    const n = bytes.length;
    while (i < n) {
      if (this.skipping) {
        const end = this.findEnd(bytes, i, n);
        if (end < 0) return;
        this.skipping = false;
        this.length = 0;
        i = end + 1;
        start = i;
        continue;
      }
      // The bytes of this record that fit below the limit.
      const room = CHUNK_BYTES - this.length;
      const stop = Math.min(n, i + room);
      const end = this.findEnd(bytes, i, stop);
      if (end >= 0) {
        const piece = bytes.subarray(start, end);
        if (this.parts.length === 0) {
          this.emit(piece);
        } else {
          this.parts.push(piece);
          this.emit(concat(this.parts, this.parts.reduce((k, p) => k + p.length, 0)));
          this.parts = [];
        }
        this.length = 0;
        i = end + 1;
        start = i;
        continue;
      }
      this.length += stop - i;
      if (this.length >= CHUNK_BYTES) {
        // A whole chunk without a record end: too long. The command line goes on looking for
        // the end after the chunk, in the state the scan reached (inside quotes, say).
        this.parts = [];
        this.onTooLong();
        this.skipping = true;
        i = stop;
        start = i;
        continue;
      }
      // The record goes on in the next piece.
      this.parts.push(bytes.slice(start, n));
      return;
    }
    // Ended right after a line feed: nothing carried.
  }

  /** The index of the line feed ending the record in bytes[from, to), or -1 (state kept). */
  findEnd(bytes, from, to) {
    const d = this.delimiter;
    // The state in a local: this loop runs once per byte of the file.
    let state = this.state;
    let i = from;
    while (i < to) {
      if (state === QUOTED) {
        const q = bytes.indexOf(QUOTE, i);
        if (q < 0 || q >= to) {
          this.state = state;
          return -1;
        }
        i = q + 1;
        state = QUOTE_IN_QUOTED;
        continue;
      }
      const b = bytes[i];
      if (b === LF) {
        this.state = FIELD_START;
        return i;
      }
      if (b === d) state = FIELD_START;
      else if (b === QUOTE && state !== UNQUOTED) state = QUOTED;
      else state = UNQUOTED;
      i++;
    }
    this.state = state;
    return -1;
  }
}

/**
 * Splits one record (without its line ending) into raw fields: calls `each(index, start, end,
 * quoted)` with the field's text between the quotes for a quoted field (`""` still doubled).
 * Returns the number of fields, or -1 when the record is malformed (an empty record has one
 * empty field).
 */
function forEachField(record, delimiter, each) {
  let i = 0;
  let index = 0;
  const n = record.length;
  for (;;) {
    if (i < n && record[i] === QUOTE) {
      const start = i + 1;
      let j = start;
      for (;;) {
        const q = record.indexOf(QUOTE, j);
        if (q < 0) return -1;
        j = q;
        if (j + 1 < n && record[j + 1] === QUOTE) j += 2;
        else break;
      }
      each(index, start, j, true);
      i = j + 1;
      if (i >= n) return index + 1;
      if (record[i] !== delimiter) return -1;
      i += 1;
      index += 1;
    } else {
      const p = i < n ? record.indexOf(delimiter, i) : -1;
      if (p < 0) {
        each(index, i, n, false);
        return index + 1;
      }
      each(index, i, p, false);
      i = p + 1;
      index += 1;
    }
  }
}

/** The value of a raw field (`""` undoubled). */
function unescape(record, start, end, quoted) {
  const raw = record.subarray(start, end);
  if (!quoted || raw.indexOf(QUOTE) < 0) return raw;
  const out = new Uint8Array(raw.length);
  let k = 0;
  for (let i = 0; i < raw.length; i++) {
    out[k++] = raw[i];
    // Inside a well-formed quoted field every `"` is the first of a pair.
    if (raw[i] === QUOTE) i++;
  }
  return out.subarray(0, k);
}

/**
 * Field `column` (0-based) of a record: `{value}` (bytes), or `{code}`: `invalid_csv` for a
 * malformed record (whatever the column), `missing_column` when it has fewer fields. The same
 * walk as forEachField, without a call per field (this runs once per row).
 */
export function field(record, delimiter, column) {
  const n = record.length;
  let i = 0;
  let index = 0;
  let value = null;
  for (;;) {
    if (i < n && record[i] === QUOTE) {
      const start = i + 1;
      let j = start;
      for (;;) {
        const q = record.indexOf(QUOTE, j);
        if (q < 0) return { code: 'invalid_csv' };
        if (q + 1 < n && record[q + 1] === QUOTE) {
          j = q + 2;
        } else {
          j = q;
          break;
        }
      }
      if (index === column) value = unescape(record, start, j, true);
      i = j + 1;
      if (i >= n) break;
      if (record[i] !== delimiter) return { code: 'invalid_csv' };
      i += 1;
      index += 1;
    } else {
      const p = i < n ? record.indexOf(delimiter, i) : -1;
      const end = p < 0 ? n : p;
      if (index === column) value = record.subarray(i, end);
      if (p < 0) break;
      i = p + 1;
      index += 1;
      // The rest is only checked for quotes that do not close: nothing to find past the column
      // in a record without quotes.
      if (value !== null && record.indexOf(QUOTE, i) < 0) break;
    }
  }
  return value === null ? { code: 'missing_column' } : { value };
}

/** Every field of a record (bytes), or null when it is malformed. */
export function fields(record, delimiter) {
  const out = [];
  const count = forEachField(record, delimiter, (_, start, end, quoted) => {
    out.push(unescape(record, start, end, quoted));
  });
  return count < 0 ? null : out;
}

/** The delimiters the page offers (the command line's --delimiter takes any ASCII character). */
export const DELIMITERS = Object.freeze({ comma: 0x2c, semicolon: 0x3b, tab: 0x09 });

/** The delimiter of `--delimiter`: one ASCII character other than a quote or a line break, or `tab`. */
export function parseDelimiter(delimiter) {
  if (delimiter === undefined || delimiter === null) return 0x2c;
  if (typeof delimiter === 'string') {
    const d = delimiter === 'tab' || delimiter === '\\t' ? '\t' : delimiter;
    const c = d.charCodeAt(0);
    if (d.length === 1 && c < 0x80 && c !== QUOTE && c !== LF && c !== CR) return c;
  }
  throw new PreflightError('bad_options', 'the delimiter is one ASCII character other than a quote or a line break (or `tab`)');
}

// Rust's str::trim: Unicode White_Space (not U+FEFF, which String.prototype.trim also strips).
const RUST_TRIM = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const rustTrim = (s) => s.replace(RUST_TRIM, '');
const asciiLower = (s) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The largest index `--column` parses (usize on a 64-bit machine). */
const MAX_INDEX = 18446744073709551615n;

/**
 * Whether `--column SPEC` is an index: a non-empty run of ASCII digits (else a header name).
 * @param {string} spec
 */
export const isIndexSpec = (spec) => /^[0-9]+$/.test(spec);

/**
 * The 0-based column of `--column SPEC`, as the command line resolves it (hash.rs column_index):
 * a 1-based index, or a header name looked up in `header` (the first record's bytes, without its
 * line ending; null without a header).
 * @param {string} spec
 * @param {Uint8Array | null} header
 * @param {number} delimiter
 */
export function resolveColumn(spec, header, delimiter) {
  if (typeof spec !== 'string') {
    throw new PreflightError(
      'bad_options',
      "column is the command line's --column text: a header name, or a 1-based index as a string ('1' is the first column)",
    );
  }
  if (isIndexSpec(spec)) {
    const n = BigInt(spec);
    if (n < 1n || n > MAX_INDEX) throw new PreflightError('bad_options', 'a column index starts at 1');
    // Past the safe integers no record has that many fields anyway.
    return Number(n) - 1;
  }
  if (header === null) {
    throw new PreflightError('bad_options', 'a column name needs a header record (drop header: false, or give an index)');
  }
  const names = fields(header, delimiter);
  if (names === null) throw new PreflightError('invalid_header', 'the header record is not valid CSV');
  const wanted = rustTrim(spec);
  const matches = [];
  names.forEach((bytes, i) => {
    let name;
    try {
      name = strictUtf8.decode(bytes);
    } catch {
      return;
    }
    if (asciiLower(rustTrim(name)) === asciiLower(wanted)) matches.push(i);
  });
  // Header cells are never put in a message: without a real header they would be a row's values.
  if (matches.length === 0) {
    throw new PreflightError(
      'unknown_column',
      `no header field is named ${JSON.stringify(wanted)} (${names.length} fields; names are compared trimmed and ignoring ASCII case)`,
    );
  }
  if (matches.length > 1) {
    throw new PreflightError('ambiguous_column', `${matches.length} header fields are named ${JSON.stringify(wanted)}; give the column's index`);
  }
  return matches[0];
}

/** Reads the caller's CSV options: `{header, delimiter}`. */
export function csvOptions(options) {
  if (options === undefined || options === null) return { header: true, delimiter: 0x2c };
  if (typeof options !== 'object' || Array.isArray(options)) throw new PreflightError('bad_options', 'options must be an object');
  for (const key of ownKeys(options)) {
    if (key !== 'header' && key !== 'delimiter') {
      throw new PreflightError('bad_options', `unknown option ${JSON.stringify(key)}; expected header, delimiter`);
    }
  }
  const header = own(options, 'header') ?? true;
  if (typeof header !== 'boolean') throw new PreflightError('bad_options', 'header must be a boolean');
  return { header, delimiter: parseDelimiter(own(options, 'delimiter')) };
}

/**
 * One column of CSV arriving in pieces, row by row, as the command line reads it. `onRow(value,
 * code)` gets each data row in order: the field's text (a string) and null, or null and the code
 * rejecting the row (`invalid_csv`, `missing_column`, `invalid_utf8`, `too_long`).
 */
export class ColumnReader {
  /**
   * @param {string} column the command line's --column text
   * @param {{header: boolean, delimiter: number}} options from csvOptions
   * @param {(value: string | null, code: string | null) => void} onRow
   */
  constructor(column, options, onRow) {
    this.spec = column;
    this.delimiter = options.delimiter;
    /** The first record is the header: the column is resolved when it arrives. */
    this.headerPending = options.header;
    /** The 0-based column, -1 until known. */
    this.column = -1;
    /** Whether a header record was read (row numbers count it as row 1). */
    this.hasHeader = false;
    /** No record seen yet: the first one (header or not) decides whether the column exists. */
    this.first = true;
    this.onRow = onRow;
    // An index (and a wrong column argument) is checked before anything is read.
    if (!options.header || typeof column !== 'string' || isIndexSpec(column)) {
      this.column = resolveColumn(column, null, this.delimiter);
    }
    this.splitter = new RecordSplitter(
      this.delimiter,
      (record) => this.record(record),
      () => this.tooLong(),
    );
  }

  record(record) {
    if (this.first) this.checkFirst(record);
    if (this.headerPending) {
      this.headerPending = false;
      this.hasHeader = true;
      this.column = resolveColumn(this.spec, record, this.delimiter);
      return;
    }
    const f = field(record, this.delimiter, this.column);
    if (f.code !== undefined) return this.onRow(null, f.code);
    let value;
    try {
      value = strictUtf8.decode(f.value);
    } catch {
      return this.onRow(null, 'invalid_utf8');
    }
    this.onRow(value, null);
  }

  /**
   * As the command line (hash.rs): a header that is not CSV is `invalid_header`, and a column
   * past the last field of the first record (the header, or the first row without one) is
   * `column_out_of_range`, since every row would be rejected; a first row without a header that
   * is not CSV is only a rejected row.
   */
  checkFirst(record) {
    this.first = false;
    const all = fields(record, this.delimiter);
    if (all === null) {
      if (this.headerPending) throw new PreflightError('invalid_header', 'the header record is not valid CSV');
      return;
    }
    // A name is resolved in the header itself (resolveColumn, next).
    if (this.column >= all.length) {
      const n = all.length;
      throw new PreflightError(
        'column_out_of_range',
        `column ${this.column + 1}: the ${this.headerPending ? 'header' : 'first record'} has ${n} field${n === 1 ? '' : 's'}`,
      );
    }
  }

  tooLong() {
    // A first record too long to hold is not checked (the command line cannot read it either).
    this.first = false;
    if (this.headerPending) {
      throw new PreflightError('header_too_long', `the header record is longer than ${CHUNK_BYTES} bytes`);
    }
    this.onRow(null, 'too_long');
  }

  /** Bytes read so far. */
  get consumed() {
    return this.splitter.consumed;
  }

  /** @param {Uint8Array} bytes */
  push(bytes) {
    this.splitter.push(bytes);
  }

  finish() {
    this.splitter.finish();
    // No record at all (empty input, or a byte-order mark alone): the command line refuses it.
    if (this.first) {
      throw new PreflightError('empty_input', `the input is empty: a column needs a ${this.headerPending ? 'header record' : 'record'}`);
    }
  }
}

/**
 * One column of a whole CSV text, as `preflight hash TYPE --column COLUMN` reads it.
 * @param {string | Uint8Array | ArrayBuffer} input CSV text (a string, or its UTF-8 bytes)
 * @param {string} column a header name or a 1-based index, as the command line's `--column` text
 * @param {{header?: boolean, delimiter?: string}} [options]
 * @returns {{values: (string | null)[], errors: {index: number, row: number, code: string}[],
 *   column: number, rowsBefore: number}}
 */
export function extractColumn(input, column, options) {
  const o = csvOptions(options);
  let bytes;
  // A lone surrogate has no UTF-8 form: its field is invalid_utf8, never a replaced U+FFFD.
  if (typeof input === 'string') bytes = utf8(input);
  else if (input instanceof Uint8Array) bytes = input;
  else if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
  else throw new PreflightError('invalid_argument', 'the CSV must be a string, a Uint8Array or an ArrayBuffer');
  const values = [];
  const errors = [];
  const reader = new ColumnReader(column, o, (value, code) => {
    if (code !== null) errors.push({ index: values.length, row: 0, code });
    values.push(value);
  });
  reader.push(bytes);
  reader.finish();
  const rowsBefore = reader.hasHeader ? 1 : 0;
  for (const e of errors) e.row = e.index + 1 + rowsBefore;
  return { values, errors, column: reader.column, rowsBefore };
}
