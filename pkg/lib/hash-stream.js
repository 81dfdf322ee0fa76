// createHashStream(type, options): a TransformStream around the streaming line hasher
// (createLineHasher), or with `column` the CSV hasher (lib/csv.js: `preflight hash TYPE --column`):
// chunks of text or bytes in (CSV: bytes), split anywhere; out, the results of the lines or rows
// each chunk completed, or (`output: 'text'`) the text `preflight hash TYPE` writes on standard
// output for them, byte for byte.
import { PreflightError, own, ownKeys } from './core.js';
import { isPlainObject } from './core.js';
import { CSV_KEYS, csvOptions } from './csv.js';

/**
 * The hash options' names (the engine reads and checks them: bindings/shared/src/opts.rs
 * `HASH_KEYS`), which a stream's or file's options may hold beside its own.
 */
export const HASH_KEYS = ['phoneFormat', 'defaultCountryCode', 'prehashed'];

/** The stream's own options, besides the hash options. */
const STREAM_KEYS = ['output', 'onError', ...CSV_KEYS];

/**
 * Splits the caller's options into the stream's (output, onError) and the hash options.
 * @param {unknown} options
 * @param {readonly string[]} ownKeysAllowed the members this call takes besides the hash options
 */
export function splitOptions(options, ownKeysAllowed) {
  // `mine` has no prototype: a member the caller did not give is undefined, never one inherited
  // from a polluted Object.prototype (`mine.type`, `mine.output`).
  const mine = Object.create(null);
  if (options === undefined || options === null) return { mine, hash: undefined };
  if (!isPlainObject(options)) throw new PreflightError('bad_options', 'options must be an object');
  // Without a prototype too: the engine reads the hash options (bindings/shared/src/opts.rs).
  const hash = Object.create(null);
  for (const key of ownKeys(options)) {
    if (ownKeysAllowed.includes(key)) mine[key] = own(options, key);
    else if (HASH_KEYS.includes(key)) {
      // As lib/core.js `plain`: a member not given is left out.
      const v = own(options, key);
      if (v !== undefined && v !== null) hash[key] = v;
    }
    else {
      throw new PreflightError(
        'bad_options',
        `unknown option ${JSON.stringify(key)}; expected ${[...ownKeysAllowed, ...HASH_KEYS].join(', ')}`,
      );
    }
  }
  return { mine, hash };
}

/** `onError`: what a rejected row gives in text output, as the command line's --on-error. */
export function onErrorOption(v) {
  if (v === undefined || v === null || v === 'empty') return true;
  if (v === 'drop') return false;
  throw new PreflightError('bad_options', "onError must be 'empty' or 'drop'");
}

/**
 * The text of a result's rows as the command line writes them: one line per row, the hash (or
 * the partner_user_id itself); a rejected row an empty line (`keepRejected`) or nothing.
 * @param {{hashes: (string | null)[]}} result
 * @param {boolean} keepRejected
 */
export function resultText(result, keepRejected) {
  let text = '';
  for (const h of result.hashes) {
    if (h !== null) text += h + '\n';
    else if (keepRejected) text += '\n';
  }
  return text;
}

/** A chunk of CSV input: bytes (a Uint8Array, another ArrayBuffer view, an ArrayBuffer). */
function csvChunk(chunk) {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new PreflightError('invalid_argument', 'a chunk of CSV input must be bytes (a Uint8Array, another ArrayBuffer view or an ArrayBuffer)');
}

/**
 * @param {{createLineHasher: Function, createCsvHasher: Function}} api the package's functions
 */
export function hashStreamApi(api) {
  /**
   * @param {string} type
   * @param {object} [options] the hash options, and `output` ('results' or 'text') and
   *   `onError` ('empty' or 'drop', for text output)
   */
  const createHashStream = (type, options) => {
    const { mine, hash } = splitOptions(options, STREAM_KEYS);
    const output = mine.output ?? 'results';
    if (output !== 'results' && output !== 'text') {
      throw new PreflightError('bad_options', "output must be 'results' or 'text'");
    }
    const keepRejected = onErrorOption(mine.onError);
    const csv = csvOptions(mine);
    // Created now: an unknown type or a bad option throws here, not in the stream.
    const hasher = csv === null ? api.createLineHasher(type, hash) : api.createCsvHasher(type, hash, csv);
    const emit = (result, controller) => {
      if (result.hashes.length === 0) return;
      if (output === 'results') controller.enqueue(result);
      else controller.enqueue(resultText(result, keepRejected));
    };
    /** Runs a hasher call; a failure frees the hasher (the stream errors, flush never comes). */
    const guarded = (call) => {
      try {
        return call();
      } catch (e) {
        hasher.free();
        throw e;
      }
    };
    return new TransformStream({
      transform(chunk, controller) {
        emit(guarded(() => hasher.push(csv === null ? chunk : csvChunk(chunk))), controller);
      },
      flush(controller) {
        emit(guarded(() => hasher.finish()), controller);
      },
      // The readable side cancelled, or the writable side aborted (where supported).
      cancel() {
        hasher.free();
      },
    });
  };
  return { createHashStream };
}
