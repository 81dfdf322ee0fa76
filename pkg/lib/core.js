// Shared by every area of the public API (the hash-only entry included): the typed error and the
// well-formedness check of strings. JSON text in and envelopes out: lib/envelope.js.

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
