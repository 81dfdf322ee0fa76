// The audience tool's Web Worker (a module worker): runs the hashing job of hash-csv.js on the
// picked file with the browser build of preflight-wasm, so the page stays responsive on a file of
// any size. The file is read here, in this tab; nothing is sent anywhere.
//
// Messages in:  {type: 'hash', file, idType, column, header, delimiter, options, onError}
// Messages out: {type: 'ready'} once loaded; the job's 'progress' and 'done' messages;
//               {type: 'error', code, message} for a wrong option or an unreadable file.
// preflight-wasm/helpers (hashFile over its own small build): a worker that only hashes downloads a
// fraction of the full package (bench/size.mjs).
import { hashFile as packageHashFile, PreflightError } from '../../pkg/helpers-browser.js';
import { hashFile, JobError } from './hash-csv.js';

self.onmessage = async (event) => {
  const job = event.data;
  if (!job || job.type !== 'hash') return;
  try {
    await hashFile(job, packageHashFile, (m) => self.postMessage(m));
  } catch (err) {
    const known = err instanceof PreflightError || err instanceof JobError;
    self.postMessage({
      type: 'error',
      code: known ? err.code : 'internal',
      message: known ? err.message : `unexpected failure: ${err && err.message}`,
    });
  }
};

// The module (and the wasm it imports) is loaded: jobs can come.
self.postMessage({ type: 'ready' });
