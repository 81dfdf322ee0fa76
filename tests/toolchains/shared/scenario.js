// What every browser fixture does: validate a product on the main thread (the minimal valid
// product of tests/vectors/product.json, and the same without its title) and hash an email
// address in a Worker; the page publishes the outcome as `window.__result`, which run.mjs
// compares with node:crypto's SHA-256 and the expected reports.
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
