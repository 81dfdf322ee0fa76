// hashFileInWorker(file, options, {onProgress, signal}): hashFile (lib/hash-file.js) in a module
// Web Worker (lib/hash-worker.js, shipped in the package), for pages: the page stays responsive
// on a file of any size, `onProgress` hears from the worker, and an aborted `signal` stops it at
// once (the worker is terminated). Browsers only (a Worker of `type: 'module'`); the result is
// the same as hashFile's, byte for byte, and so the same as `preflight hash`'s output.
import { PreflightError } from './core.js';
import { controlOf } from './control.js';

/** The members of hashFileInWorker's `control` (lib/core.js `controlOf`). */
const CONTROL_KEYS = ['onProgress', 'signal', 'workerUrl'];

/**
 * Where the worker is started from: the package's own lib/hash-worker.js by default. A caller's
 * `workerUrl` is taken as given when it is a URL object (one the caller built); a string must name
 * a same-origin http(s) address (resolved against the document's base URL, as Worker does): a
 * `data:`, `blob:` or other-origin string is refused (`bad_options`), so that a string that came
 * from somewhere else (a polluted prototype, a query parameter, a configuration value) cannot run
 * code of its choice with the file of raw identifiers.
 * @param {unknown} given the caller's own control.workerUrl
 * @returns {URL | PreflightError}
 */
function workerAddress(given) {
  if (given instanceof URL) return given;
  if (given === undefined) {
    // `import.meta.url` is empty where this module was bundled to CommonJS (pkg/helpers.cjs,
    // which a bundler may still serve to a page): there is no address to resolve the worker
    // against, so say what to pass rather than throw a URL TypeError.
    if (!import.meta.url) {
      return new PreflightError('worker_unavailable', 'this CommonJS build cannot locate lib/hash-worker.js: pass control.workerUrl, or import the ES module entry');
    }
    // The literal `new URL('./hash-worker.js', import.meta.url)` is what bundlers recognize.
    return new URL('./hash-worker.js', import.meta.url);
  }
  if (typeof given !== 'string') return new PreflightError('bad_options', 'workerUrl must be a string or a URL');
  const here = globalThis.location;
  let url;
  try {
    url = new URL(given, globalThis.document?.baseURI ?? here?.href);
  } catch {
    return new PreflightError('bad_options', 'workerUrl is not a valid URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || here === undefined || url.origin !== here.origin) {
    return new PreflightError(
      'bad_options',
      'workerUrl given as a string must be a same-origin http(s) address (data:, blob: and other origins are refused); pass a URL object to use another',
    );
  }
  return url;
}

/** The reason an aborted signal gives (an AbortError DOMException when it has none). */
function abortReason(signal) {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * @param {Blob} file
 * @param {object} options as hashFile's
 * @param {{onProgress?: Function, signal?: AbortSignal, workerUrl?: string | URL}} [control]
 *   own members only; `workerUrl`: where lib/hash-worker.js is served, when a bundler did not
 *   emit it next to this module (see `workerAddress`)
 */
export function hashFileInWorker(file, options, control) {
  return new Promise((resolve, reject) => {
    let onProgress;
    let signal;
    let workerUrl;
    try {
      ({ onProgress, signal, workerUrl } = controlOf(control, CONTROL_KEYS));
    } catch (e) {
      return reject(e);
    }
    if (signal?.aborted) return reject(abortReason(signal));
    if (typeof Worker !== 'function') {
      return reject(new PreflightError('worker_unavailable', 'hashFileInWorker needs a module Worker (a browser); use hashFile elsewhere'));
    }
    const url = workerAddress(workerUrl ?? undefined);
    if (url instanceof PreflightError) return reject(url);
    let worker;
    try {
      worker = new Worker(url, { type: 'module' });
    } catch (e) {
      return reject(e);
    }
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      done();
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'progress') {
        if (onProgress !== undefined && !signal?.aborted) onProgress(m.progress);
      } else if (m.type === 'done') {
        done();
        resolve(m.result);
      } else if (m.type === 'error') {
        done();
        const e = m.error;
        const error = e.code !== undefined ? new PreflightError(e.code, e.message) : Object.assign(new Error(e.message), { name: e.name });
        if (e.row !== undefined) error.row = e.row;
        reject(error);
      }
    };
    worker.onerror = (event) => {
      done();
      event.preventDefault?.();
      reject(new PreflightError('internal_error', `the hashing worker failed to load or run: ${event.message ?? 'unknown error'}`));
    };
    worker.postMessage({ file, options });
  });
}
