// hashFileInWorker(file, options, {onProgress, signal}): hashFile (lib/hash-file.js) in a module
// Web Worker (lib/hash-worker.js, shipped in the package), for pages: the page stays responsive
// on a file of any size, `onProgress` hears from the worker, and an aborted `signal` stops it at
// once (the worker is terminated). Browsers only (a Worker of `type: 'module'`); the result is
// the same as hashFile's, byte for byte, and so the same as `preflight hash`'s output.
import { PreflightError } from './core.js';

/** The reason an aborted signal gives (an AbortError DOMException when it has none). */
function abortReason(signal) {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * @param {Blob} file
 * @param {object} options as hashFile's
 * @param {{onProgress?: Function, signal?: AbortSignal, workerUrl?: string | URL}} [control]
 *   `workerUrl`: where lib/hash-worker.js is served, when a bundler did not emit it next to this
 *   module
 */
export function hashFileInWorker(file, options, control) {
  const onProgress = control?.onProgress;
  const signal = control?.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      return reject(new PreflightError('bad_options', 'onProgress must be a function'));
    }
    if (typeof Worker !== 'function') {
      return reject(new PreflightError('worker_unavailable', 'hashFileInWorker needs a module Worker (a browser); use hashFile elsewhere'));
    }
    // `import.meta.url` is empty where this module was bundled to CommonJS (pkg/helpers.cjs,
    // which a bundler may still serve to a page): there is no address to resolve the worker
    // against, so say what to pass rather than throw a URL TypeError.
    if (control?.workerUrl === undefined && !import.meta.url) {
      return reject(new PreflightError('worker_unavailable', 'this CommonJS build cannot locate lib/hash-worker.js: pass control.workerUrl, or import the ES module entry'));
    }
    // The literal `new URL('./hash-worker.js', import.meta.url)` is what bundlers recognize.
    const url = control?.workerUrl ?? new URL('./hash-worker.js', import.meta.url);
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
