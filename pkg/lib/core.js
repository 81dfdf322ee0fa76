// Shared by every area of the public API (the hash-only entry included): the typed error and the
// well-formedness check of strings. JSON text in: lib/json-text.js.

// One PreflightError class for every entry and both module systems: each CommonJS bundle
// (pkg/*.cjs), the ES module source and its minified copy in pkg/dist/ carry a copy of this module,
// so the class is kept once per realm on globalThis under a Symbol.for key: whichever copy loads
// first defines it, the others take it, and `instanceof` holds across entries. `isPreflightError`
// checks a brand (also a Symbol.for key, on the prototype) and so holds across realms too.
const CLASS_KEY = Symbol.for('preflight-wasm.PreflightError.v1');
const BRAND = Symbol.for('preflight-wasm.error');

function defineClass() {
  /** A wrong call (never a bad payload: that is a report). `code` is a stable snake_case name. */
  class PreflightError extends Error {
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
  // Like the built-in errors: `name` lives on the prototype, not on each instance (writable,
  // configurable, not enumerable); the brand is fixed.
  Object.defineProperties(PreflightError.prototype, {
    name: { value: 'PreflightError', writable: true, configurable: true },
    [BRAND]: { value: true },
  });
  return PreflightError;
}

/** The realm's class: an own, fixed property of globalThis (never one inherited from a prototype). */
function sharedClass() {
  const kept = Object.getOwnPropertyDescriptor(globalThis, CLASS_KEY)?.value;
  if (typeof kept === 'function' && kept.prototype?.[BRAND] === true) return kept;
  const made = defineClass();
  try {
    Object.defineProperty(globalThis, CLASS_KEY, { value: made });
  } catch {
    // A frozen or otherwise locked globalThis: this copy keeps its own class.
  }
  return made;
}

export const PreflightError = sharedClass();

/**
 * Whether `e` is a PreflightError of any copy of the package (another entry, the other module
 * system, another realm): it carries the package's brand and a string `code`.
 * @param {unknown} e
 * @returns {boolean}
 */
export function isPreflightError(e) {
  try {
    return e != null && e[BRAND] === true && typeof e.code === 'string';
  } catch {
    // A Proxy whose trap throws is no PreflightError.
    return false;
  }
}

export function isWellFormed(s) {
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

const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

/**
 * The caller's object `o`'s own property `key`, or undefined when `o` has none: how every option
 * object and request object is read (never `o.key`, which would take a value from a polluted
 * `Object.prototype`: `Object.prototype.nonce = 'x'` must not fix every OAuth nonce). A getter or
 * Proxy trap that throws becomes a PreflightError `code` with the thrown value as `cause`; the
 * message names the member, never a value.
 * @param {object} o
 * @param {string} key
 * @param {string} what how the message names `o` ("options", "the request")
 * @param {string} code
 */
export function own(o, key, what = 'options', code = 'bad_options') {
  try {
    return hasOwn(o, key) ? o[key] : undefined;
  } catch (e) {
    throw new PreflightError(code, `${what}: the member ${key} could not be read (see cause)`, { cause: e });
  }
}

/**
 * The own enumerable string keys of `o` (Object.keys), with a throwing Proxy trap turned into a
 * PreflightError as in `own`.
 * @param {object} o
 * @param {string} what
 * @param {string} code
 */
export function ownKeys(o, what = 'options', code = 'bad_options') {
  try {
    return Object.keys(o);
  } catch (e) {
    throw new PreflightError(code, `${what}: its members could not be listed (see cause)`, { cause: e });
  }
}

/**
 * The caller's options for the engine, which reads and checks them (names, types, values:
 * bindings/shared/src/opts.rs): `undefined` for none (`undefined` or `null`), a copy of a plain
 * object's own members that are given (not `undefined` or `null`) on an object without a
 * prototype, so that the engine never reads an inherited member (a polluted Object.prototype) or
 * calls a getter, and `null` for anything else, which the engine refuses (`bad_options`).
 * @param {unknown} o
 * @param {string} [what] @param {string} [code] of a member that cannot be read (`own`)
 * @returns {object | null | undefined}
 */
export function plain(o, what, code) {
  if (o === undefined || o === null) return undefined;
  if (!isPlainObject(o)) return null;
  const copy = Object.create(null);
  for (const key of ownKeys(o, what, code)) {
    const v = own(o, key, what, code);
    if (v !== undefined && v !== null) copy[key] = v;
  }
  return copy;
}

/** Whether `o` is an object other than an array (a record, an options object). */
export const isPlainObject = (o) => o !== null && typeof o === 'object' && !Array.isArray(o);
