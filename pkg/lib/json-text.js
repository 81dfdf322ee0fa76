// Helpers of the validation API: the JSON text that goes in (payloads and options are handed to
// the engine as JSON text; results come back as JSON text or a thrown failure, lib/engine.js).
import { PreflightError, isWellFormed } from './core.js';

/** The largest payload text the engine reads, in UTF-8 bytes (preflight::MAX_INPUT_BYTES). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * JSON text of a caller's value, with the failures of JSON.stringify turned into PreflightErrors.
 * @param {unknown} value
 * @param {string} what "payload" or "options"
 * @param {string} code the error code for a value that cannot be JSON
 * @param {((this: any, key: string, value: unknown) => unknown) | undefined} [replacer]
 */
export function stringify(value, what, code, replacer) {
  let text;
  try {
    text = JSON.stringify(value, replacer);
  } catch (e) {
    if (e instanceof PreflightError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof RangeError && /string length/i.test(message)) {
      throw new PreflightError('input_too_large', `the ${what} is too large to serialize`, { cause: e });
    }
    if ((e instanceof RangeError || e?.name === 'InternalError') && /stack|recursion/i.test(message)) {
      throw new PreflightError(code === 'invalid_json' ? 'too_deep' : code, `the ${what} nests too deeply to serialize`, {
        cause: e,
      });
    }
    // BigInt, a cycle, a throwing toJSON or getter.
    throw new PreflightError(code, `the ${what} cannot be serialized as JSON: ${message}`, { cause: e });
  }
  if (text === undefined) {
    throw new PreflightError(code, `the ${what} cannot be serialized as JSON (it is ${typeof value})`);
  }
  return text;
}

/**
 * Checks JSON text passed in as a string: the engine reads UTF-8, which cannot hold a lone
 * surrogate (the glue would silently replace it with U+FFFD), and refuses texts above its limit
 * (checked here first so that a huge string is not copied into wasm memory for nothing).
 * @param {string} text
 * @param {string} what
 * @param {string} code
 */
export function checkText(text, what, code) {
  checkLength(text, what);
  if (!isWellFormed(text)) {
    throw new PreflightError(code, `the ${what} is not valid JSON: it contains a lone UTF-16 surrogate`);
  }
  return text;
}

/**
 * Refuses a text above the engine's limit before it is copied into wasm memory. Enough for
 * JSON.stringify's output, which is always well-formed (it escapes lone surrogates as \uXXXX,
 * and the engine refuses those escapes itself).
 * @param {string} text
 * @param {string} what
 */
export function checkLength(text, what) {
  if (text.length > MAX_INPUT_BYTES) {
    // UTF-16 length <= UTF-8 length, so the UTF-8 text is larger than the limit too.
    throw new PreflightError('input_too_large', `the ${what} is larger than ${MAX_INPUT_BYTES} bytes`);
  }
  return text;
}
