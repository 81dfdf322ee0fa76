// Payload validation: validate(kind, payload, options?), kinds(), isKind(x), and the rules as data:
// describe(kind), jsonSchema(kind).
import { PreflightError } from './core.js';
import { stringify, checkText, checkLength, MAX_INPUT_BYTES } from './json-text.js';
import { withTape, NO_TAPE } from './tape.js';
import { engineOf } from './engine.js';

/** The payload crosses into wasm as UTF-8 bytes (one copy), never as a string (see validate.rs). */
const UTF8 = new TextEncoder();

/** What Object.prototype.toString says of a value (its internal slots, for any realm). */
const tag = Function.prototype.call.bind(Object.prototype.toString);

/** Whether `v` is a realm's Object.prototype (its constructor is that realm's Object). */
function isObjectPrototype(v) {
  if (Object.getPrototypeOf(v) !== null) return false;
  const d = Object.getOwnPropertyDescriptor(v, 'constructor');
  return d !== undefined && typeof d.value === 'function' && d.value.prototype === v && d.value.name === 'Object';
}

/**
 * The payload's UTF-8 JSON text when it is given as bytes (a Uint8Array, Buffer included, or an
 * ArrayBuffer); null for plain data (an array, or an object whose prototype is a realm's
 * Object.prototype or null). Anything else is refused at once (`invalid_json`): another typed
 * array or a DataView (not UTF-8 text), and a Map, Set, Date, RegExp, boxed primitive or other
 * class instance, which JSON.stringify would silently turn into something else (`{}`, a date
 * string, `{"type":"Buffer","data":[...]}`). Never walks the elements of a typed array.
 * @param {object} payload
 */
function payloadBytes(payload) {
  if (Array.isArray(payload)) return null;
  if (payload instanceof Uint8Array) return payload;
  const t = tag(payload);
  if (t === '[object ArrayBuffer]' || t === '[object SharedArrayBuffer]') return new Uint8Array(payload);
  if (ArrayBuffer.isView(payload) && t === '[object Uint8Array]') {
    // A Uint8Array of another realm.
    return new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
  }
  const proto = Object.getPrototypeOf(payload);
  if ((proto === null || proto === Object.prototype || isObjectPrototype(proto)) && t === '[object Object]') return null;
  const what = ArrayBuffer.isView(payload)
    ? `${t.slice(8, -1)}; give JSON text as a string, a Uint8Array or an ArrayBuffer of UTF-8`
    : `${t === '[object Object]' ? 'a class instance' : t.slice(8, -1)}; give plain objects and arrays, or JSON text`;
  throw new PreflightError('invalid_json', `the payload is not JSON data (${what})`);
}

/**
 * JSON.stringify's replacer for a payload the tape could not carry: refuses, anywhere inside
 * it, what JSON.stringify would silently turn into something else: a Map, Set, WeakMap or
 * WeakSet (`{}`), bytes or another typed array (`{"0":...}`, or a Buffer's
 * `{"type":"Buffer","data":[...]}`). The message names no member (it could be data).
 * @this {any}
 */
function refuseNonData(key, value) {
  const original = this[key];
  if (original !== null && typeof original === 'object') {
    const t = tag(original);
    if (t === '[object Map]' || t === '[object Set]' || t === '[object WeakMap]' || t === '[object WeakSet]' ||
      ArrayBuffer.isView(original) || t === '[object ArrayBuffer]' || t === '[object SharedArrayBuffer]') {
      throw new PreflightError('invalid_json', `the payload holds a ${t.slice(8, -1)}, which is not JSON data`);
    }
  }
  return value;
}

/**
 * The validation API over the raw wasm-bindgen exports.
 * @param {{validateJson(kind: string, payload: Uint8Array, options: string): string, kinds(): string}} raw
 *   (each returns JSON text, or throws a failed call that lib/engine.js makes a PreflightError)
 */
export function validateApi(raw) {
  const engine = engineOf(raw);
  let kindList = null;
  const kinds = () => {
    if (kindList === null) {
      kindList = Object.freeze(JSON.parse(engine.call(() => raw.kinds())));
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
      : checkLength(stringify(payload, 'payload', 'invalid_json', refuseNonData), 'payload');

  /** The engine's report on JSON text given as UTF-8 bytes. */
  const json = (name, bytes, opts) => JSON.parse(engine.call(() => raw.validateJson(name, bytes, opts)));

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
    if (payload !== null && typeof payload === 'object') {
      const bytes = payloadBytes(payload);
      if (bytes !== null) {
        // UTF-8 JSON text, checked (UTF-8, syntax, size) by the engine as a string's text is.
        if (bytes.byteLength > MAX_INPUT_BYTES) {
          throw new PreflightError('input_too_large', `the payload is larger than ${MAX_INPUT_BYTES} bytes`);
        }
        return json(name, bytes, optionsText(options));
      }
    }
    if (typeof payload !== 'string') {
      // Options are read while the tape is held (see withTape), after the walk: the order the
      // text path reads them in (payload first, so the same error wins when both are wrong).
      let opts;
      const out = withTape(payload, (t) => {
        opts = optionsText(options);
        return engine.call(() => raw.validateTape(name, t, opts));
      });
      if (typeof out === 'string' && out !== '') return JSON.parse(out);
      // A tape the engine refused (''): the value's JSON text, with the options read.
      if (out !== NO_TAPE) return json(name, UTF8.encode(payloadText(payload)), opts);
      // No tape: the value's JSON text, below.
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
    return JSON.parse(engine.call(() => raw.describe(name)));
  };

  /**
   * A JSON Schema (draft 2020-12) of `kind`: what JSON Schema can express of describe(kind).
   * @param {string} kind
   */
  const jsonSchema = (kind) => {
    const name = kindName(kind);
    return JSON.parse(engine.call(() => raw.jsonSchema(name)));
  };

  /**
   * Whether `x` is one of the engine's kind names (never throws).
   * @param {unknown} x
   */
  const isKind = (x) => typeof x === 'string' && kinds().includes(x);

  return { validate, kinds, isKind, describe, jsonSchema };
}
