// Compiled, never run: the helpers that match the command line, in both entries that have them
// (the full package and preflight-wasm/helpers; not preflight-wasm/hash).
import { extractColumn, createHashStream, hashFile, hashFileInWorker, PreflightError } from 'preflight-wasm';
import * as helpersEntry from 'preflight-wasm/helpers';
import * as hashOnly from 'preflight-wasm/hash';
import type { ColumnValues, HashFileResult, LineHasherResult, AnyErrorCode } from 'preflight-wasm';

const columns: ColumnValues = extractColumn('email\na@x.com\n', 'email', { header: true, delimiter: ';' });
export const first: string | null | undefined = columns.values[0];
// @ts-expect-error: the column is the command line's --column text, never a number
extractColumn('a\n', 1);

declare const file: Blob;
declare const chunks: ReadableStream<Uint8Array>;
export const results: ReadableStream<LineHasherResult> = chunks.pipeThrough(createHashStream('email'));
export const text: ReadableStream<string> = chunks.pipeThrough(createHashStream('email', { output: 'text', onError: 'drop' }));
// @ts-expect-error: not an output
createHashStream('email', { output: 'csv' });

export async function run(signal: AbortSignal): Promise<HashFileResult> {
  const r = await hashFile(file, { type: 'phone_number', column: 'phone', defaultCountryCode: '44' }, { signal });
  const s: string = await r.blob.text();
  void s;
  return hashFileInWorker(file, { type: 'email' }, { onProgress: (p) => void p.bytes, signal });
}
// @ts-expect-error: the type is required
hashFile(file, { column: 'email' });

export const sameExtract: typeof extractColumn = helpersEntry.extractColumn;
export const sameFile: typeof hashFile = helpersEntry.hashFile;
export const sameHash: typeof hashOnly.hashIdentifier = helpersEntry.hashIdentifier;
export const sameError: typeof hashOnly.PreflightError = helpersEntry.PreflightError;
// @ts-expect-error: not in the hash-only entry
export const notInHash = hashOnly.hashFile;
export const code: AnyErrorCode = 'unknown_column';
export const isError = (e: unknown): boolean => e instanceof PreflightError && e.code === 'ambiguous_column';
