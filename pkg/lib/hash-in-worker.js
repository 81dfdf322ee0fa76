// hashFileInWorker(file, options, {onProgress, signal, workerUrl}): hashFile (lib/hash-file.js) in
// a module Web Worker (lib/hash-worker.js, shipped in the package; as browsers get it, one
// self-contained script with the helpers module inlined, scripts/build-js.mjs), for pages: the
// page stays responsive on a file of any size, `onProgress` hears from the worker, and an aborted
// `signal` stops it at once (the worker is terminated). Browsers only (a Worker of `type:
// 'module'`); the result is the same as hashFile's, byte for byte, and so the same as `preflight
// hash`'s output. This module loads no WebAssembly (preflight-wasm/worker exports it alone).
import { PreflightError } from './core.js';
import { controlOf } from './control.js';

/** The members of hashFileInWorker's `control` (lib/core.js `controlOf`). */
const CONTROL_KEYS = ['onProgress', 'signal', 'workerUrl'];

/**
 * The caller's `workerUrl`, checked: a URL object is taken as given (one the caller built); a
 * string must name a same-origin http(s) address (resolved against the document's base URL, as
 * Worker does): a `data:`, `blob:` or other-origin string is refused (`bad_options`), so that a
 * string that came from somewhere else (a polluted prototype, a query parameter, a configuration
 * value) cannot run code of its choice with the file of raw identifiers.
 * @param {unknown} given the caller's own control.workerUrl (not undefined)
 * @returns {URL | PreflightError}
 */
function workerAddress(given) {
  if (given instanceof URL) return given;
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

/**
 * Starts the worker: at `url` when the caller gave one, else the package's own
 * lib/hash-worker.js, by the literal `new Worker(new URL('./hash-worker.js', import.meta.url),
 * {type: 'module'})` that Vite and webpack recognize (they bundle the file as a worker and emit it;
 * esbuild and Rollup leave it to be copied, or to `workerUrl`). Any failure to start is a
 * PreflightError `worker_unavailable`, never a bare TypeError.
 * @param {URL | undefined} url
 * @returns {Worker | PreflightError}
 */
function startWorker(url) {
  try {
    if (url !== undefined) return new Worker(url, { type: 'module' });
    // `import.meta.url` is empty where this module was bundled to CommonJS or an iife (pkg/*.cjs,
    // an esbuild --format=iife bundle): there is no address to resolve the worker against.
    if (!import.meta.url) {
      return new PreflightError('worker_unavailable', 'this build of the package cannot locate its hash-worker.js (no import.meta.url): pass control.workerUrl, or import the ES module entry');
    }
    return new Worker(new URL('./hash-worker.js', import.meta.url), { type: 'module' });
  } catch (e) {
    return new PreflightError('worker_unavailable', 'the hashing worker could not be started (see cause)', { cause: e });
  }
}

/** The reason an aborted signal gives (an AbortError DOMException when it has none). */
function abortReason(signal) {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * @param {Blob} file
 * @param {object} options as hashFile's
 * @param {{onProgress?: Function, signal?: AbortSignal, workerUrl?: string | URL}} [control]
 *   own members only; `workerUrl`: where lib/hash-worker.js is served, when the bundler did not
 *   emit it from the `new Worker(new URL(...))` below (see `workerAddress`)
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
    const url = workerUrl == null ? undefined : workerAddress(workerUrl);
    if (url instanceof PreflightError) return reject(url);
    const worker = startWorker(url);
    if (worker instanceof PreflightError) return reject(worker);
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
    // A worker script that cannot be fetched or parsed (a 404, a wrong MIME type, a bundle that did
    // not emit it) or that throws outside a job: `error`. A message that cannot be read: `messageerror`.
    worker.onerror = (event) => {
      done();
      event.preventDefault?.();
      reject(new PreflightError('worker_unavailable', `the hashing worker failed to load or run${event.message ? `: ${event.message}` : ''} (is hash-worker.js served? see control.workerUrl)`));
    };
    worker.onmessageerror = () => {
      done();
      reject(new PreflightError('internal_error', 'a message of the hashing worker could not be read'));
    };
    worker.postMessage({ file, options });
  });
}
