// Payload validation: validate(kind, payload, options?), kinds(), and the rules as data:
// describe(kind), jsonSchema(kind).
import { PreflightError } from './core.js';
import { stringify, checkText, checkLength, unwrap } from './envelope.js';
import { withTape, NO_TAPE } from './tape.js';
import { engineOf } from './engine.js';

/** The payload crosses into wasm as UTF-8 bytes (one copy), never as a string (see validate.rs). */
const UTF8 = new TextEncoder();

/**
 * The validation API over the raw wasm-bindgen exports.
 * @param {{validateJson(kind: string, payload: Uint8Array, options: string): string, kinds(): string}} raw
 */
export function validateApi(raw) {
  const engine = engineOf(raw);
  let kindList = null;
  const kinds = () => {
    if (kindList === null) {
      const text = engine.call(() => raw.kinds());
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
      : checkLength(stringify(payload, 'payload', 'invalid_json'), 'payload');

  /** The engine's report on JSON text given as UTF-8 bytes. */
  const json = (name, bytes, opts) => unwrap(engine.call(() => raw.validateJson(name, bytes, opts)));

  /**
   * Validates a payload of `kind`. Returns the report (a plain object); throws PreflightError for
   * a wrong call (unknown kind, bad options, a payload that is not JSON, too deep or too large).
   *
   * A plain value crosses as a tape (lib/tape.js: no JSON.stringify, no parsing in the engine);
   * JSON text, and any value the tape cannot carry exactly, crosses as UTF-8 JSON text. Both give
   * the same result.
   * @param {string} kind
   * @param {unknown} payload
   * @param {object} [options]
   */
  const validate = (kind, payload, options) => {
    const name = kindName(kind);
    if (typeof payload !== 'string') {
      // Options are read while the tape is held (see withTape), after the walk: the order the
      // text path reads them in (payload first, so the same error wins when both are wrong).
      let opts;
      const out = withTape(payload, (t) => {
        opts = optionsText(options);
        return engine.call(() => raw.validateTape(name, t.words, t.numbers, t.text, t.units, opts));
      });
      if (out !== NO_TAPE && out !== '') return unwrap(out);
      // No tape, or one the engine refused: the value's JSON text.
      if (out === '') return json(name, UTF8.encode(payloadText(payload)), opts);
    }
    return json(name, UTF8.encode(payloadText(payload)), optionsText(options));
  };

  /**
   * The rules of `kind` as data: each field's type, whether it is required (and when), length
   * bounds, enum values and format; and the rules across fields. A fresh object on every call.
   * @param {string} kind
   */
  const describe = (kind) => {
    const name = kindName(kind);
    return unwrap(engine.call(() => raw.describe(name)));
  };

  /**
   * A JSON Schema (draft 2020-12) of `kind`: what JSON Schema can express of describe(kind).
   * @param {string} kind
   */
  const jsonSchema = (kind) => {
    const name = kindName(kind);
    return unwrap(engine.call(() => raw.jsonSchema(name)));
  };

  return { validate, kinds, describe, jsonSchema };
}
