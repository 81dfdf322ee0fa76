// The public JavaScript API, shared by both entry points (node.js, browser.js). Each entry
// loads the wasm-bindgen glue its own way and hands the raw exports to `createApi`; everything a
// caller sees (argument checks, JSON text in, plain objects out, typed errors) is defined here,
// once. New wasm exports (hashing, signing, ...) get their wrapper in `createApi` and one name in
// each entry's export list.
//
// The raw exports take and return strings only: `validateJson(kind, payloadText, optionsText)`
// returns an envelope `{"ok": <result>}` or `{"error": {"code", "message"}}`, so nothing throws
// across the wasm boundary and results are byte-identical to the native crate's.

/** The largest payload text the engine reads, in UTF-8 bytes (preflight::MAX_INPUT_BYTES). */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** A wrong call (never a bad payload: that is a report). `code` is a stable snake_case name. */
export class PreflightError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {{cause?: unknown}} [options]
   */
  constructor(code, message, options) {
    super(message, options);
    this.code = code;
  }
}
// Like the built-in errors: `name` lives on the prototype, not on each instance.
Object.defineProperty(PreflightError.prototype, 'name', {
  value: 'PreflightError',
  writable: true,
  configurable: true,
  enumerable: false,
});

function isWellFormed(s) {
  if (typeof s.isWellFormed === 'function') return s.isWellFormed();
  // Engines before String.prototype.isWellFormed (ES2024).
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * JSON text of a caller's value, with the failures of JSON.stringify turned into PreflightErrors.
 * @param {unknown} value
 * @param {string} what "payload" or "options"
 * @param {string} code the error code for a value that cannot be JSON
 */
function stringify(value, what, code) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (e) {
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
function checkText(text, what, code) {
  if (text.length > MAX_INPUT_BYTES) {
    // UTF-16 length <= UTF-8 length, so the UTF-8 text is larger than the limit too.
    throw new PreflightError('input_too_large', `the ${what} is larger than ${MAX_INPUT_BYTES} bytes`);
  }
  if (!isWellFormed(text)) {
    throw new PreflightError(code, `the ${what} is not valid JSON: it contains a lone UTF-16 surrogate`);
  }
  return text;
}

/**
 * Parses an envelope: returns its `ok` value or throws its error.
 * @param {string} envelope
 */
function unwrap(envelope) {
  const parsed = JSON.parse(envelope);
  if (parsed !== null && typeof parsed === 'object') {
    if (Object.prototype.hasOwnProperty.call(parsed, 'ok')) return parsed.ok;
    const err = parsed.error;
    if (err && typeof err.code === 'string') throw new PreflightError(err.code, String(err.message));
  }
  throw new TypeError(`preflight: malformed result from the wasm module: ${envelope.slice(0, 200)}`);
}

/**
 * Builds the public API over the raw wasm-bindgen exports.
 * @param {{validateJson(kind: string, payload: string, options: string): string, kinds(): string}} raw
 */
export function createApi(raw) {
  let kindList = null;
  const kinds = () => {
    if (kindList === null) {
      const text = raw.kinds();
      kindList = Object.freeze(text === '' ? [] : text.split(','));
    }
    return [...kindList];
  };

  /** Kind names are checked by the engine; only a non-string is refused here. */
  const kindName = (kind) => {
    if (typeof kind !== 'string') {
      throw new PreflightError('unknown_kind', `the kind must be a string; expected one of: ${kinds().join(', ')}`);
    }
    return kind;
  };

  /** Options: undefined or null for defaults, otherwise a plain object (checked by the engine). */
  const optionsText = (options) => {
    if (options === undefined || options === null) return '';
    if (typeof options !== 'object' || Array.isArray(options)) {
      // The engine's own message for a non-object.
      throw new PreflightError('bad_options', 'options must be an object');
    }
    return stringify(options, 'options', 'bad_options');
  };

  /** A payload: JSON text as a string, or any other value to be serialized with JSON.stringify. */
  const payloadText = (payload) =>
    typeof payload === 'string'
      ? checkText(payload, 'payload', 'invalid_json')
      : checkText(stringify(payload, 'payload', 'invalid_json'), 'payload', 'invalid_json');

  /**
   * Validates a payload of `kind`. Returns the report (a plain object); throws PreflightError for
   * a wrong call (unknown kind, bad options, a payload that is not JSON, too deep or too large).
   * @param {string} kind
   * @param {unknown} payload
   * @param {object} [options]
   */
  const validate = (kind, payload, options) =>
    unwrap(raw.validateJson(kindName(kind), payloadText(payload), optionsText(options)));

  return Object.freeze({ validate, kinds, PreflightError });
}
