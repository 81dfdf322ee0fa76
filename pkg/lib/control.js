// The `control` argument of the file helpers (lib/hash-file.js, lib/hash-in-worker.js), in a
// module of its own so that entries without the helpers do not carry it.
import { PreflightError, own } from './core.js';

/**
 * The caller's `control` argument of the file helpers (hashFile, hashFileInWorker): undefined or
 * null (nothing), or an object whose own members `keys` are read (never inherited ones: a
 * polluted `Object.prototype.signal` or `.workerUrl` is no control); `onProgress` must be a
 * function and `signal` an AbortSignal when given. Other members are left alone (one control
 * object may serve both helpers). Wrong: PreflightError `bad_options`.
 * @param {unknown} control
 * @param {readonly string[]} keys
 * @returns {Record<string, any>} every member of `keys` (undefined when not given)
 */
export function controlOf(control, keys) {
  if (control !== undefined && control !== null && (typeof control !== 'object' || Array.isArray(control))) {
    throw new PreflightError('bad_options', 'control must be an object');
  }
  // Every key set, on an object without a prototype: reading (or destructuring) a member the
  // caller did not give never finds one on Object.prototype.
  const out = Object.create(null);
  for (const key of keys) out[key] = control == null ? undefined : own(control, key, 'control');
  if (out.onProgress != null && typeof out.onProgress !== 'function') {
    throw new PreflightError('bad_options', 'onProgress must be a function');
  }
  out.onProgress ??= undefined;
  if (out.signal != null && !(typeof AbortSignal === 'function' && out.signal instanceof AbortSignal)) {
    throw new PreflightError('bad_options', 'signal must be an AbortSignal');
  }
  out.signal ??= undefined;
  return out;
}
