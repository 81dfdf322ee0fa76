// The module Worker of hashFileInWorker (lib/hash-in-worker.js): runs hashFile (lib/hash-file.js)
// with the helpers entry (pkg/helpers-manual.js, over preflight_helpers), so that hashing a large
// file never blocks the page. The file is read here, in the browser; nothing is sent anywhere.
//
// As shipped for browsers (pkg/dist/lib/hash-worker.js, scripts/build-js.mjs) this file is ONE
// bundled script: no import at run time and the helpers module inlined as base64
// (pkg/wasm/preflight_helpers.inline.js), so that it runs whatever a bundler does with it: emits
// it as a worker chunk (Vite, webpack), inlines it as a data: URL, or leaves it to be copied
// (esbuild, Rollup), in development and production builds alike. A `.wasm` fetched by
// `new URL(..., import.meta.url)` would need every bundler to rewrite that URL inside the worker
// bundle, which esbuild (iife: no import.meta) and Rollup (no asset handling) do not.
//
// In:  {file, options}                 once, the job
// Out: {type: 'progress', progress}    after each piece of the file
//      {type: 'done', result}          the result (its Blob included)
//      {type: 'error', error}          a failure: {name, code, message, row} (a PreflightError's code;
//                                     row: unclosed_quote's)
//
// The module is instantiated on the first job, inside its try: a module that cannot be
// instantiated (a Content-Security-Policy without 'wasm-unsafe-eval', say) is an `init_failed`
// answer, never a worker that dies without one.
import { initSync, hashFile } from '../helpers-manual.js';
import wasm from '../wasm/preflight_helpers.inline.js';
import { fromBase64 } from './base64.js';

self.onmessage = async (event) => {
  const { file, options } = event.data ?? {};
  try {
    initSync(fromBase64(wasm));
    const result = await hashFile(file, options, {
      onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
    });
    self.postMessage({ type: 'done', result });
  } catch (e) {
    self.postMessage({
      type: 'error',
      // A PreflightError's code only: a DOMException's `code` is a legacy number.
      error: { name: e?.name ?? 'Error', code: typeof e?.code === 'string' ? e.code : undefined, message: e?.message ?? String(e), row: e?.row },
    });
  }
};
