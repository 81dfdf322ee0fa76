// A call that fails inside the WebAssembly module (a trap) on purpose, then every area again: the
// checks behind SECURITY.md's "a failing wasm call leaves the module usable", shared by Node
// (tests/node/trap.test.mjs, both entry points) and Chromium (tests/browser/app.mjs and
// tests/browser/hash-entry.mjs). Browser-safe: no Node.js module is imported here; the expected
// hashes and signatures come from the runner (node:crypto), see `trapRefs`.
//
// How a trap is made: the module's memory (raw.audienceMemory(), the same instance the entry point
// uses) is grown to the 4 GiB limit of wasm32 (address space only: untouched pages cost nothing),
// and the call then passes more bytes than the whole memory held before: the glue's allocation
// must grow the memory, cannot, and the module aborts (`unreachable`). Validation (the payload),
// signing (the body) and bodies (the values) pass their input that way. Hashing hands the module
// 64 KiB of text per call whatever the input (pkg/lib/audience.js, MAX_CALL_BYTES), which the
// memory left over in the allocator may still hold: there, line hashers each keeping a 64 KiB
// partial line (`hold`) fill that memory until the call traps (hashLines of `1` lines of
// service_id needs a few megabytes per piece, so it fails well before a `hold` can).

/** The inputs whose expected outputs the runner computes independently (see trapRefs). */
export const TRAP_INPUTS = Object.freeze({
  emails: ['A@x.com', ' Support@Example.COM '],
  normalized: ['a@x.com', 'support@example.com'],
  crcSecret: 'trap-secret',
  crcToken: 'trapTokenAbcdefghijklmnop',
  body: '{"event_id":"trap-1","for_user_id":"42"}',
});

/**
 * What a runner passes as `refs`, from its own SHA-256 and HMAC-SHA256:
 * `{ hashes: sha256 hex of each TRAP_INPUTS.normalized, crc: 'sha256=' + base64(HMAC(crcSecret,
 * crcToken)), signature: 'sha256=' + base64(HMAC(crcSecret, body)) }`.
 * @typedef {{hashes: string[], crc: string, signature: string}} TrapRefs
 */

/** tests/vectors/product.json › "product: minimal valid product". */
const PRODUCT = {
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

/** The outputs of every area of `api` (the hash-only entry: hashing only). */
function sample(api, full) {
  const { emails } = TRAP_INPUTS;
  const out = {
    hash: api.hashIdentifier('email', emails[0]),
    normalized: api.normalizeIdentifier('email', emails[1]),
    bulk: api.hashIdentifiers('email', emails),
    lines: api.hashLines('email', emails.join('\n')),
    stream: (() => {
      const h = api.createLineHasher('email');
      const a = h.push(`${emails[0]}\n ${emails[1].slice(1, 5)}`);
      const b = h.push(emails[1].slice(5));
      return [a, b, h.finish()];
    })(),
  };
  if (!full) return out;
  const { crcSecret, crcToken, body } = TRAP_INPUTS;
  return {
    ...out,
    validProduct: api.validate('product', PRODUCT),
    invalidProduct: api.validate('product', JSON.stringify({ ...PRODUCT, price: 'free', id: undefined })),
    kinds: api.kinds().length,
    schema: api.jsonSchema('webhook_id').type,
    crc: api.crcResponseToken(crcSecret, crcToken),
    oauth1: api.oauth1Sign({
      method: 'POST',
      url: 'https://api.example.com/1.1/statuses/update.json',
      params: { status: 'trap' },
      consumerKey: 'ck',
      consumerSecret: 'cs',
      token: 't',
      tokenSecret: 'ts',
      nonce: 'trapnonce',
      timestamp: 1700000000,
    }),
    basic: api.basicCredentials('key', 'secret'),
    bodies: api.buildAudienceBodies('custom_audience_users', [{ email: emails }, { email: 'not an email' }], {
      operation: 'Update',
    }),
  };
}

/** 64 KiB of `1` lines (32,768 values, ~4 MB of results for service_id); 64 KiB of one line. */
const ONES = new TextEncoder().encode('1\n'.repeat(32768));
const PARTIAL = new Uint8Array(65536).fill(0x61);

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Grows the module's memory to its limit; returns a byte count no allocation can get then.
 * @param {Record<string, any>} raw the glue module the entry point uses
 */
function exhaust(raw) {
  const memory = raw.audienceMemory();
  const before = memory.buffer.byteLength;
  memory.grow(65536 - before / 65536);
  return before + (1 << 20);
}

/**
 * Runs the trap checks; returns `[{name, problems: string[]}]` (no problems: passed).
 * @param {object} api an entry point's exports
 * @param {Record<string, any>} raw the glue module that entry point loaded
 * @param {TrapRefs} refs
 * @param {boolean} full the full package (every area) or the hash-only entry
 */
export function runTrapChecks(api, raw, refs, full) {
  const results = [];
  const baseline = sample(api, full);
  const refProblems = [];
  if (baseline.hash !== refs.hashes[0]) refProblems.push('hashIdentifier differs from SHA-256');
  if (!same(baseline.bulk.hashes, refs.hashes)) refProblems.push('hashIdentifiers differs from SHA-256');
  if (!same(baseline.stream.flatMap((r) => r.hashes), refs.hashes)) refProblems.push('the line hasher differs from SHA-256');
  if (full) {
    if (baseline.crc !== refs.crc) refProblems.push('crcResponseToken differs from HMAC-SHA256');
    if (api.verifySignature(TRAP_INPUTS.crcSecret, TRAP_INPUTS.body, refs.signature) !== true) refProblems.push('verifySignature');
    if (baseline.validProduct.valid !== true) refProblems.push('the product is not valid');
    if (baseline.invalidProduct.valid !== false) refProblems.push('the broken product is valid');
  }
  results.push({ name: 'before any trap: every area gives the independent results', problems: refProblems });

  const traps = [
    ['hashing: hashLines', (n, hasher, hold) => {
      for (;;) {
        hold();
        api.hashLines('service_id', ONES);
      }
    }],
    ['hashing: a line hasher push', (n, hasher, hold) => {
      for (;;) {
        hold();
        hasher.push(ONES);
      }
    }],
  ];
  if (full) {
    traps.push(
      ['validation: validate', (n) => api.validate('product', `"${'a'.repeat(n)}"`)],
      ['signing: verifySignature', (n) => api.verifySignature(TRAP_INPUTS.crcSecret, new Uint8Array(n), refs.signature)],
      ['bodies: buildAudienceBodies', (n) => api.buildAudienceBodies('custom_audience_users', [{ email: 'a'.repeat(n) }], { operation: 'Update' })],
    );
  }
  for (const [name, trap] of traps) {
    const problems = [];
    try {
      trapOnce(api, raw, refs, full, baseline, trap, problems);
    } catch (e) {
      problems.push(`unexpected ${e?.name} ${e?.code ?? ''}: ${e?.message}`);
    }
    results.push({ name: `a trap in ${name} leaves every area working on a fresh instance`, problems });
  }
  return results;
}

/** One trap (`trap(n, hasher, hold)`), then every area; what is wrong goes to `problems`. */
function trapOnce(api, raw, refs, full, baseline, trap, problems) {
  {
    const oldMemory = raw.audienceMemory();
    // A hasher of the instance about to trap, half-way through a line.
    const old = api.createLineHasher('email');
    old.push('a@x.co');
    const n = exhaust(raw);
    let thrown = null;
    try {
      const held = [];
      trap(n, old, () => {
        const h = api.createLineHasher('email');
        held.push(h);
        h.push(PARTIAL);
      });
      problems.push('the call did not fail');
    } catch (e) {
      thrown = e;
    }
    if (thrown !== null) {
      if (!(thrown instanceof api.PreflightError) || thrown.code !== 'internal_error') {
        problems.push(`threw ${thrown?.name} ${thrown?.code}, not PreflightError internal_error`);
      }
      if (!(thrown?.cause instanceof WebAssembly.RuntimeError)) problems.push(`its cause is ${thrown?.cause}, not the RuntimeError`);
    }
    // The trapped instance is gone: a fresh one, with its own (small) memory.
    const memory = raw.audienceMemory();
    if (memory === oldMemory || memory.buffer.byteLength >= n) problems.push('the memory is still the trapped instance\'s');
    // The old hasher is refused, every time, and freeing it touches nothing of the new instance.
    const fresh = api.createLineHasher('email');
    fresh.push(' Support@Exam');
    for (const call of [() => old.push('m\n'), () => old.finish(), () => old.push('m\n')]) {
      try {
        call();
        problems.push('the old hasher was used');
      } catch (e) {
        if (e?.code !== 'hasher_invalidated') problems.push(`the old hasher threw ${e?.code}, not hasher_invalidated`);
      }
    }
    old.free();
    old.free();
    const a = fresh.push('ple.COM \nA@x.com');
    const b = fresh.finish();
    if (!same([...a.hashes, ...b.hashes], [refs.hashes[1], refs.hashes[0]])) problems.push('a hasher of the new instance gives other hashes');
    // Every area, on the new instance.
    const after = sample(api, full);
    for (const key of Object.keys(baseline)) {
      if (!same(after[key], baseline[key])) problems.push(`after the trap, ${key} differs`);
    }
    if (full && api.verifySignature(TRAP_INPUTS.crcSecret, TRAP_INPUTS.body, refs.signature) !== true) {
      problems.push('after the trap, verifySignature fails');
    }
  }
}
