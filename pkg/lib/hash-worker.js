// The module Worker of hashFileInWorker (lib/hash-in-worker.js): runs hashFile (lib/hash-file.js)
// with the helpers entry's browser build (pkg/helpers-browser.js, over preflight_helpers), so
// that hashing a large file never blocks the page. The file is read here, in the browser; nothing
// is sent anywhere.
//
// In:  {file, options}                 once, the job
// Out: {type: 'progress', progress}    after each piece of the file
//      {type: 'done', result}          the result (its Blob included)
//      {type: 'error', error}          a failure: {name, code, message, row} (a PreflightError's code;
//                                     row: unclosed_quote's)
//
// The handler is set before anything is loaded: a module worker's messages that arrive while
// its top-level code still awaits (the .wasm) would be lost. The helpers entry is imported on
// the first job.
self.onmessage = async (event) => {
  const { file, options } = event.data ?? {};
  try {
    const { hashFile } = await import('../helpers-browser.js');
    const result = await hashFile(file, options, {
      onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
    });
    self.postMessage({ type: 'done', result });
  } catch (e) {
    self.postMessage({
      type: 'error',
      error: { name: e?.name ?? 'Error', code: e?.code, message: e?.message ?? String(e), row: e?.row },
    });
  }
};
