// The audience tool's hashing job, run by its Web Worker (hash-worker.js): reads a CSV file as a
// stream, takes one column of every row, hashes the values with the package's hashIdentifiers and
// builds the hashed file. A module of its own so that the test can also run it outside a browser,
// against the command line, on many small inputs (tests/browser/app.mjs).
//
// The output is what `preflight hash <type> FILE --column <column>` writes on standard output,
// byte for byte: one line per data row, in input order, the 64 lowercase hex digits of the
// hash; a rejected row gives an empty line (`empty`, the default: line K is the K-th data row)
// or nothing (`drop`). Rejected rows are numbered like the command line numbers them: by their
// position in the file, the header counting as row 1.
//
// Messages posted: {type: 'progress', bytes, total, rows, hashed, rejected: [[row, code], ...]}
//                    (the rejected rows found since the last message)
//                  {type: 'done', blob, bytes, rows, hashed, byCode}
// As the command line, the job fails (a JobError) on an empty file, on a header that is not valid
// CSV, and on a column past the last field of the first record (the header, or the first row
// without one): every row would be rejected.
import { RecordSplitter, field, fields, CHUNK_BYTES } from './csv.js';

/** Values per call of hashIdentifiers: bounds the memory of one batch. */
const BATCH_ROWS = 4096;

// ignoreBOM: a value that starts with U+FEFF keeps it, as the command line keeps it.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A failure of the whole job (not of one row). */
export class JobError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * Hashes column `column` of the CSV in `file` (a Blob: a File in the page, any Blob elsewhere).
 * `post` gets the progress messages and, at the end, the `done` message.
 * @param {{file: Blob, idType: string, column: number, header: boolean, delimiter: number,
 *   options: object, onError: 'empty' | 'drop'}} job
 * @param {(type: string, values: string[], options: object) => {hashes: (string|null)[],
 *   errors: {index: number, code: string}[]}} hashIdentifiers the package's
 * @param {(message: object) => void} post
 */
export function hashFile(job, hashIdentifiers, post) {
  const { file, idType, column, header, delimiter, options, onError } = job;
  // A bad option fails the whole job before anything is read (a PreflightError).
  hashIdentifiers(idType, [], options);
  const keepRejected = onError !== 'drop';

  const out = [];
  const byCode = Object.create(null);
  let rejectedSinceLast = [];
  let rows = 0;
  let hashed = 0;
  let outBytes = 0;
  // The header, when there is one, is row 1 and is not hashed.
  let headerPending = header;
  const rowsBefore = header ? 1 : 0;

  // The current batch: per row, null (its value is next in `values`) or the code rejecting it.
  let outcomes = [];
  let values = [];

  function reject(row, code) {
    rejectedSinceLast.push([row, code]);
    byCode[code] = (byCode[code] ?? 0) + 1;
  }

  function flush() {
    if (outcomes.length === 0) return;
    const result = hashIdentifiers(idType, values, options);
    let text = '';
    let v = 0;
    let e = 0;
    for (let k = 0; k < outcomes.length; k++) {
      let code = outcomes[k];
      if (code === null) {
        const hash = result.hashes[v];
        if (hash !== null) {
          text += hash + '\n';
          hashed++;
          v++;
          continue;
        }
        // Errors come in index order.
        while (e < result.errors.length && result.errors[e].index < v) e++;
        code = result.errors[e]?.index === v ? result.errors[e].code : 'empty';
        v++;
      }
      reject(rowsBefore + rows + k + 1, code);
      if (keepRejected) text += '\n';
    }
    rows += outcomes.length;
    // A Blob per batch: the browser may keep a large result on disk rather than in memory.
    out.push(new Blob([text]));
    outBytes += text.length; // ASCII only
    outcomes = [];
    values = [];
  }

  /** The first record is not seen yet (it decides whether the column exists). */
  let first = true;

  function onRecord(record) {
    if (first) {
      first = false;
      const all = fields(record, delimiter);
      if (all === null && header) {
        throw new JobError('invalid_header', 'the header row is not valid CSV');
      }
      if (all !== null && column >= all.length) {
        throw new JobError(
          'column_out_of_range',
          `column ${column + 1}: the ${header ? 'header' : 'first row'} has ${all.length} field${all.length === 1 ? '' : 's'}`,
        );
      }
    }
    if (headerPending) {
      headerPending = false;
      return;
    }
    const f = field(record, delimiter, column);
    if (f.code !== undefined) {
      outcomes.push(f.code);
    } else {
      let value;
      try {
        value = decoder.decode(f.value);
      } catch {
        value = null;
      }
      if (value === null) {
        outcomes.push('invalid_utf8');
      } else if (idType === 'partner_user_id' && /[\r\n]/.test(value)) {
        // Cannot be written one per line (the command line's `line_break`).
        outcomes.push('line_break');
      } else {
        values.push(value);
        outcomes.push(null);
      }
    }
    if (outcomes.length >= BATCH_ROWS) flush();
  }

  function onTooLong() {
    first = false;
    if (headerPending) {
      throw new JobError('header_too_long', `the header row is longer than ${CHUNK_BYTES} bytes`);
    }
    outcomes.push('too_long');
    if (outcomes.length >= BATCH_ROWS) flush();
  }

  const splitter = new RecordSplitter(delimiter, onRecord, onTooLong);
  const progress = () => {
    post({
      type: 'progress',
      bytes: splitter.consumed,
      total: file.size,
      rows: rows + outcomes.length,
      hashed,
      rejected: rejectedSinceLast,
    });
    rejectedSinceLast = [];
  };

  return (async () => {
    let reader;
    try {
      reader = file.stream().getReader();
    } catch (err) {
      throw new JobError('unreadable', `cannot read the file: ${err && err.message}`);
    }
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw new JobError('unreadable', `cannot read the file: ${err && err.message}`);
      }
      if (chunk.done) break;
      splitter.push(chunk.value);
      flush();
      progress();
    }
    splitter.finish();
    if (first) throw new JobError('empty_file', 'the file is empty');
    flush();
    progress();
    const blob = new Blob(out, { type: 'text/csv' });
    post({ type: 'done', blob, bytes: outBytes, rows, hashed, byCode: { ...byCode } });
  })();
}
