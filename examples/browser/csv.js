// CSV records in bytes arriving in pieces, read exactly as `preflight hash --column` reads them
// (cli/src/hash/csv.rs and pipeline.rs), so that the page's download can equal the
// command line's output byte for byte:
//
// - One byte-order mark at the very start is dropped.
// - A record ends at a line feed outside quotes; one `\r` right before it belongs to the line
//   ending. A last record without a line ending counts when it is not zero bytes long.
// - A field that starts with `"` is quoted: it runs to the next lone `"`, `""` stands for one
//   `"`, and it may hold delimiters and line breaks. A `"` inside an unquoted field is text.
//   Text after a closing quote, or a quote never closed, makes the record `invalid_csv`.
// - A record of CHUNK_BYTES or more (counted from its first byte, the byte-order mark included
//   for the first record, up to its line feed) is `too_long`: the command line reads its input
//   in chunks of that size and skips such a record without holding it, scanning on for its end
//   (a line feed inside quotes does not end it), and so does this reader.
//
// Used by the page (the header row) and by the worker (every row). Never throws on any input.

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

/** Concatenates byte arrays. */
function concat(parts, total) {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

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
