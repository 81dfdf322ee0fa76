// The audience tool's hashing job, run by its Web Worker (hash-worker.js): the package's
// `hashFile` (preflight-wasm/helpers: reads the CSV file as a stream, takes one column of every row,
// hashes the values) with the page's messages around it. A module of its own so that the test can
// also run it outside a browser, against the command line, on many small inputs
// (tests/browser/app.mjs).
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
// As the command line, the job fails (a PreflightError of hashFile) on an empty file
// (`empty_input`), on a header that is not valid CSV (`invalid_header`), and on a column past
// the last field of the first record (`column_out_of_range`: every row would be rejected); a file
// that cannot be read is a JobError `unreadable`.

/** A failure of the whole job that is not the package's (the file could not be read). */
export class JobError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * Hashes column `column` (0-based) of the CSV in `file` (a Blob: a File in the page, any Blob
 * elsewhere). `post` gets the progress messages and, at the end, the `done` message.
 * @param {{file: Blob, idType: string, column: number, header: boolean, delimiter: string,
 *   options: object, onError: 'empty' | 'drop'}} job
 * @param {Function} packageHashFile the package's hashFile (any entry's)
 * @param {(message: object) => void} post
 */
export async function hashFile(job, packageHashFile, post) {
  const { file, idType, column, header, delimiter, options, onError } = job;
  let result;
  try {
    result = await packageHashFile(
      file,
      // The command line's --column is 1-based text; its --delimiter one character (or `tab`).
      { ...options, type: idType, column: String(column + 1), header, delimiter, onError },
      {
        onProgress: (p) => post({
          type: 'progress', bytes: p.bytes, total: p.total, rows: p.rows, hashed: p.hashed,
          rejected: p.rejected.map((r) => [r.row, r.code]),
        }),
      },
    );
  } catch (err) {
    if (err?.name === 'PreflightError') throw err;
    throw new JobError('unreadable', `cannot read the file: ${err && err.message}`);
  }
  post({ type: 'done', blob: result.blob, bytes: result.blob.size, rows: result.rows, hashed: result.hashed, byCode: result.byCode });
}
