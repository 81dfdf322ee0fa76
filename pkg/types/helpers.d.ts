// Types of the helpers that match the command line (lib/csv.js over the engine's CSV reader, lib/hash-stream.js,
// lib/hash-file.js, lib/hash-in-worker.js): in the full package `preflight-wasm` and in
// `preflight-wasm/helpers` (types/helpers-entry.d.ts), not in `preflight-wasm/hash`. Hand-written.
// Blob, TransformStream, AbortSignal and URL are the platform's: the DOM lib's, or @types/node's
// globals.
import type { HashOptions, IdType, LineHasherResult, ValueErrorCode } from './audience.js';
import type { CsvRowCode } from './codes.js';
export type { CsvRowCode, HelperErrorCode } from './codes.js';

/** How CSV is read, as the command line's `--no-header` and `--delimiter`. */
export interface CsvOptions {
  /**
   * Whether the first record is a header (default true): never a value, and where a column name
   * is looked up. `false` (`--no-header`) needs a column index.
   */
  header?: boolean | null | undefined;
  /** One ASCII character other than `"`, CR and LF, or `'tab'` (default `','`). */
  delimiter?: string | null | undefined;
}

/** What {@link extractColumn} read. */
export interface ColumnValues {
  /** One slot per data row, in order: the field's text, or null when the row is rejected. */
  values: (string | null)[];
  /** The rejected rows: `index` into `values`; `row` numbered as the command line numbers it. */
  errors: { index: number; row: number; code: CsvRowCode }[];
  /** The column, 0-based (-1 when the input had no header to find a name in). */
  column: number;
  /** 1 when a header record was read (row numbers count it), else 0. */
  rowsBefore: number;
}

/**
 * One column of CSV, read exactly as `preflight hash TYPE --column COLUMN` reads it: RFC 4180
 * quoting (`""`, delimiters and line breaks inside quotes), `\n` or `\r\n`, one byte-order mark
 * dropped, ragged and malformed rows rejected one by one (see {@link CsvRowCode}), rows of 1 MiB
 * or more `too_long`. Pure JavaScript.
 * @param input CSV text, or its UTF-8 bytes (a field that is not UTF-8 is `invalid_utf8`; so is
 *   a field of a string holding a lone surrogate).
 * @param column the command line's `--column` text: a header name (compared trimmed of white
 *   space, ignoring ASCII case; exactly one field must match) or a 1-based index as a string
 *   (`'1'` is the first column). A number is refused, so that 0- and 1-based cannot be mixed up.
 * @throws {PreflightError} `bad_options`, `unknown_column`, `ambiguous_column`,
 *   `invalid_header`, `header_too_long`; as the command line, `column_out_of_range` for a column
 *   past the last field of the first record (the header, or the first row without one) and
 *   `empty_input` when there is no record at all; `invalid_argument` for another type of input.
 */
export declare function extractColumn(input: string | Uint8Array | ArrayBuffer, column: string, options?: CsvOptions | null): ColumnValues;

/** What a rejected row gives in text output, as the command line's `--on-error`. */
export type OnError = 'empty' | 'drop';

/** Options of {@link createHashStream}. */
export interface HashStreamOptions extends HashOptions {
  /**
   * `'results'` (default): the readable side gives a {@link LineHasherResult} for each chunk that
   * completed lines. `'text'`: it gives the text `preflight hash TYPE` writes for them, one line
   * per input line.
   */
  output?: 'results' | 'text' | null | undefined;
  /** For text output: an empty line for a rejected line (`'empty'`, default) or nothing. */
  onError?: OnError | null | undefined;
  /**
   * Read CSV (byte chunks only) and hash this column, as `preflight hash TYPE --column`; with
   * `header` and `delimiter` ({@link CsvOptions}). `errors[].index` then counts data rows.
   */
  column?: string | null | undefined;
  /**
   * With `column`, type `phone_number`: each row's own country, from this column (the command
   * line's `--country-column` text: a header name or a 1-based index). A cell holds a calling code
   * (`'44'`, `'+44'`, `'0044'`) or an ISO 3166-1 alpha-2 region (`'GB'`); an empty one falls back to
   * `defaultCountryCode`; anything else rejects the row (`invalid_country`).
   */
  countryColumn?: string | null | undefined;
  header?: boolean | null | undefined;
  delimiter?: string | null | undefined;
}

/**
 * A TransformStream around {@link createLineHasher}: chunks of text or bytes (split anywhere),
 * hashed line by line as {@link hashLines} does. Cancelling or a failure frees the engine's memory.
 * @throws {PreflightError} at once for an unknown type or a bad option.
 */
export declare function createHashStream(
  type: IdType,
  options?: (HashStreamOptions & { output?: 'results' | null | undefined }) | null,
): TransformStream<string | ArrayBuffer | ArrayBufferView, LineHasherResult>;
export declare function createHashStream(type: IdType, options: HashStreamOptions & { output: 'text' }): TransformStream<string | ArrayBuffer | ArrayBufferView, string>;

/** Options of {@link hashFile} and {@link hashFileInWorker}: the command line's flags. */
export interface HashFileOptions extends HashOptions, CsvOptions {
  type: IdType;
  /** Read CSV and hash this column (`--column`); without it the file is one value per line. */
  column?: string | null | undefined;
  /**
   * With `column`, type `phone_number`: each row's own country, from this column (the command
   * line's `--country-column` text: a header name or a 1-based index). A cell holds a calling code
   * (`'44'`, `'+44'`, `'0044'`) or an ISO 3166-1 alpha-2 region (`'GB'`); an empty one falls back to
   * `defaultCountryCode`; anything else rejects the row (`invalid_country`).
   */
  countryColumn?: string | null | undefined;
  /** What a rejected row gives in the output (`--on-error`, default `'empty'`). */
  onError?: OnError | null | undefined;
}

/** A rejected row, as the command line's standard error lists it (never with its value). */
export interface RejectedRow {
  /** The row's number: line N, or CSV record N counting the header as 1. */
  row: number;
  code: ValueErrorCode | CsvRowCode | 'line_break';
}

/** Progress of a file being hashed. */
export interface HashFileProgress {
  /** Bytes of the file read so far, of `total`. */
  bytes: number;
  total: number;
  /** Rows done so far, and how many of them were hashed. */
  rows: number;
  hashed: number;
  /** The rows rejected since the last report. */
  rejected: RejectedRow[];
}

/** Control of a file being hashed. */
export interface HashFileControl {
  onProgress?: ((progress: HashFileProgress) => void) | undefined;
  /** Aborting rejects the promise with the signal's reason and stops reading (or the worker). */
  signal?: AbortSignal | undefined;
}

/** The result of hashing a file. */
export interface HashFileResult {
  /** `preflight hash`'s standard output, byte for byte: one line per row. */
  blob: Blob;
  rows: number;
  hashed: number;
  /** Every rejected row, in order. */
  rejected: RejectedRow[];
  /** How many rows each code rejected. */
  byCode: Record<string, number>;
}

/**
 * Hashes a file as `preflight hash TYPE FILE [--column COLUMN ...]` does, streaming, in this
 * thread (Node.js, or a page's own Worker).
 * @throws {PreflightError} (a rejected promise) for a wrong call, before anything is read; the
 *   signal's reason when aborted.
 */
export declare function hashFile(file: Blob, options: HashFileOptions, control?: HashFileControl): Promise<HashFileResult>;

/**
 * {@link hashFile} in a module Web Worker shipped in the package (`lib/hash-worker.js`, which
 * loads the build of preflight-wasm/helpers): the page stays responsive; aborting terminates the worker.
 * Browsers only (`worker_unavailable` elsewhere).
 * @param control own members only. `workerUrl`: where `lib/hash-worker.js` is served, when a
 *   bundler did not emit it next to the package's `lib/hash-in-worker.js`; required from the
 *   CommonJS build (`require('preflight-wasm/helpers')`), which has no module address to find it
 *   by (`worker_unavailable` without it). A string must be a same-origin `http:`/`https:` address
 *   (`data:`, `blob:` and other origins are `bad_options`: the worker receives the file); a `URL`
 *   object is taken as given.
 */
export declare function hashFileInWorker(
  file: Blob,
  options: HashFileOptions,
  control?: HashFileControl & { workerUrl?: string | URL | undefined },
): Promise<HashFileResult>;
