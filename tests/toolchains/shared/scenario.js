// What every browser fixture does: validate a product on the main thread (the minimal valid
// product of tests/vectors/product.json, and the same without its title), hash an email
// address in a Worker of its own, and hash a small CSV file with the package's hashFileInWorker
// (preflight-wasm/worker: the package's own worker, as the toolchain emits it); the page publishes
// the outcome as `window.__result`, which run.mjs compares with node:crypto's SHA-256 and the
// expected reports.
export const PRODUCT = {
  id: 'SKU-1001',
  title: 'Organic cotton crew-neck T-shirt',
  description: 'Soft organic cotton T-shirt with a classic crew neck and a relaxed fit.',
  availability: 'in stock',
  condition: 'new',
  price: '19.99 USD',
  link: 'https://shop.example.com/products/sku-1001',
  image_link: 'https://cdn.example.com/images/sku-1001.jpg',
  brand: 'Acme Apparel',
};
export const EMAIL = 'alice@example.com';

/** The validation half of the outcome, from the entry's `validate`. */
export function validateScenario(validate) {
  const good = validate('product', PRODUCT);
  const { title, ...untitled } = PRODUCT;
  const bad = validate('product', untitled);
  return { goodValid: good.valid, goodIssues: good.issues.length, badValid: bad.valid, badPaths: bad.issues.map((i) => i.path) };
}

/**
 * Asks `worker` to hash EMAIL once it says it is ready (a worker whose module awaits the
 * package's loading sets its message handler only then; a message sent earlier would be lost);
 * resolves to its answer.
 */
export function hashInWorker(worker) {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      if (e.data && e.data.ready) worker.postMessage(EMAIL);
      else if (e.data && e.data.error) reject(new Error(e.data.error));
      else resolve(e.data);
    };
    worker.onerror = (e) => reject(new Error(`worker: ${e.message}`));
  });
}

// The CSV file: one address to hash (with spaces and capitals the normalization removes) and one
// row that is not an email address (an empty output line, rejected as row 3).
export const CSV = 'id,email\n1, Alice@Example.com\n2,not an email\n';

/**
 * The file half of the outcome: CSV hashed by the package's `hashFileInWorker` (`control` as the
 * fixture needs: a `workerUrl` where the toolchain does not emit the worker itself), and what a
 * worker that cannot be loaded gives (a PreflightError with a code, never a bare TypeError).
 */
export async function hashFileScenario(hashFileInWorker, control, missing) {
  const file = new File([CSV], 'audience.csv', { type: 'text/csv' });
  const r = await hashFileInWorker(file, { type: 'email', column: 'email' }, control);
  let missingWorker = 'resolved';
  try {
    await hashFileInWorker(file, { type: 'email', column: 'email' }, { workerUrl: missing });
  } catch (e) {
    missingWorker = `${e && e.name} ${e && e.code}`;
  }
  return { fileHash: await r.blob.text(), fileRejected: r.rejected.map((x) => `${x.row}:${x.code}`), missingWorker };
}

/** Runs `main` (async) and publishes its outcome, or its failure, as window.__result. */
export function publish(main) {
  Promise.resolve()
    .then(main)
    .then(
      (result) => (globalThis.__result = result),
      (e) => (globalThis.__result = { error: String((e && e.stack) || e) }),
    );
}

/** The worker side: hashes each message with `hashIdentifier` (after `ready`, if given). */
export function serveHashes(hashIdentifier, ready) {
  self.onmessage = async (e) => {
    try {
      if (ready) await ready();
      self.postMessage(hashIdentifier('email', e.data));
    } catch (err) {
      self.postMessage({ error: String((err && err.stack) || err) });
    }
  };
  self.postMessage({ ready: true });
}
