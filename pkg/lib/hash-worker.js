// The module Worker of hashFileInWorker (lib/hash-in-worker.js): runs hashFile (lib/hash-file.js)
// with the hash-only browser build, so that hashing a large file never blocks the page. The
// file is read here, in the browser; nothing is sent anywhere.
//
// In:  {file, options}                 once, the job
// Out: {type: 'progress', progress}    after each piece of the file
//      {type: 'done', result}          the result (its Blob included)
//      {type: 'error', error}          a failure: {name, code, message} (a PreflightError's code)
import { hashFile } from '../hash-browser.js';

self.onmessage = async (event) => {
  const { file, options } = event.data ?? {};
  try {
    const result = await hashFile(file, options, {
      onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
    });
    self.postMessage({ type: 'done', result });
  } catch (e) {
    self.postMessage({
      type: 'error',
      error: { name: e?.name ?? 'Error', code: e?.code, message: e?.message ?? String(e) },
    });
  }
};
