// Audience identifiers: normalize, hash (one, many, text, streaming), over the raw exports of
// bindings/wasm/src/audience.rs (upload bodies: lib/bodies.js, in the full package only).
//
// The raw exports return their value or throw a failed call (a PreflightError, lib/engine.js):
//   '<output>'                                    one value
//   '<slots>,<first>|<i>:<code>,...|<len>,...|<outputs>'    bulk results, packed (Rust module docs)
// Bulk input goes in as UTF-8 (TextEncoder: native, where the glue copies ASCII a character at
// a time): newline-separated text, or blocks of values back to back plus their UTF-16 lengths
// (a value may hold anything, a newline included), encoded straight into the engine's memory.
import { PreflightError, isWellFormed, own, ownKeys } from './core.js';
import { engineOf } from './engine.js';

const HEX_LEN = 64;
/** hashIdentifiers: values per crossing, and per `join` (README, Benchmarks). */
const BLOCK = 32768;
const GROUP = 16;
const textEncoder = new TextEncoder();
/** The hash options (upload bodies, lib/bodies.js, take more). */
export const HASH_KEYS = ['phoneFormat', 'defaultCountryCode', 'prehashed'];
const DEFAULT_OPTIONS = Object.freeze({ phoneFormat: 'e164', defaultCountryCode: undefined, prehashed: false });

const NOT_A_STRING =
  'the value must be a string (numbers are refused: ids above 2^53 lose precision as numbers)';
const LONE_SURROGATE = 'the value contains a lone UTF-16 surrogate, which has no UTF-8 form';

export const isPlainObject = (o) => o !== null && typeof o === 'object' && !Array.isArray(o);

/**
 * Checks the caller's hash options (camelCase, unknown members refused); the values themselves
 * (phone format name, country code) are checked by the engine.
 * @param {unknown} options
 * @param {readonly string[]} allowed the members allowed in this call's options
 */
export function hashOptions(options, allowed = HASH_KEYS) {
  if (options === undefined || options === null) return DEFAULT_OPTIONS;
  if (!isPlainObject(options)) throw new PreflightError('bad_options', 'options must be an object');
  for (const key of ownKeys(options)) {
    if (!allowed.includes(key)) {
      throw new PreflightError('bad_options', `unknown option ${JSON.stringify(key)}; expected ${allowed.join(', ')}`);
    }
  }
  // Own members only (lib/core.js `own`): an inherited one is no option.
  const phoneFormat = own(options, 'phoneFormat');
  const defaultCountryCode = own(options, 'defaultCountryCode');
  const prehashed = own(options, 'prehashed');
  if (phoneFormat != null && typeof phoneFormat !== 'string') {
    throw new PreflightError('bad_options', "phoneFormat must be 'e164' or 'digits'");
  }
  if (defaultCountryCode != null && typeof defaultCountryCode !== 'string') {
    throw new PreflightError('bad_options', "defaultCountryCode must be a string of 1 to 3 digits, like '44'");
  }
  if (prehashed != null && typeof prehashed !== 'boolean') {
    throw new PreflightError('bad_options', 'prehashed must be a boolean');
  }
  return {
    phoneFormat: phoneFormat ?? 'e164',
    defaultCountryCode: defaultCountryCode ?? undefined,
    prehashed: prehashed ?? false,
  };
}

/**
 * Decodes a packed bulk result.
 * @param {string} r
 * @param {Map<number, string> | null} overrides codes replacing the engine's for some indexes
 *   (values the engine saw as '' because they could not be passed: non-strings, lone surrogates)
 */
export function unpack(r, overrides = null) {
  // Pre-sized (and filled in order, so it stays a fast, non-dictionary array): cheaper than push.
  const hashes = new Array(+r.slice(0, r.indexOf(',')));
  const errors = [];
  const first = unpackInto(r, overrides, hashes, errors, 0);
  return { hashes, errors, first };
}

/**
 * `unpack` into the caller's pre-sized `hashes` (from slot `offset`) and `errors` (indexes plus
 * `offset`); returns the result's first index.
 */
function unpackInto(r, overrides, hashes, errors, offset) {
  const comma = r.indexOf(',');
  const a = r.indexOf('|', comma);
  const b = r.indexOf('|', a + 1);
  const c = r.indexOf('|', b + 1);
  const n = +r.slice(0, comma);
  const first = +r.slice(comma + 1, a);
  const rejected = []; // relative to `first`, ascending
  if (b > a + 1) {
    const parts = r.slice(a + 1, b - 1).split(',');
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      const colon = p.indexOf(':');
      const index = +p.slice(0, colon);
      const code = (overrides !== null && overrides.get(index)) || p.slice(colon + 1);
      errors.push({ index: index + offset, code });
      rejected.push(index - first);
    }
  }
  let pos = c + 1;
  let e = 0;
  if (c === b + 1) {
    // Hashed types: every accepted output is 64 hex digits.
    for (let i = 0; i < n; ) {
      const stop = e < rejected.length ? rejected[e] : n;
      for (; i < stop; i++) {
        hashes[offset + i] = r.slice(pos, (pos += HEX_LEN));
      }
      if (i < n) {
        hashes[offset + i++] = null;
        e++;
      }
    }
  } else {
    // partner_user_id: verbatim outputs of the listed UTF-16 lengths.
    const lens = r.slice(b + 1, c - 1).split(',');
    let l = 0;
    for (let i = 0; i < n; i++) {
      if (e < rejected.length && rejected[e] === i) {
        hashes[offset + i] = null;
        e++;
      } else {
        hashes[offset + i] = r.slice(pos, (pos += +lens[l++]));
      }
    }
  }
  return first;
}

/**
 * `values[i]`, with a getter or Proxy trap that throws turned into a PreflightError
 * `invalid_argument` (its `cause` the thrown value), as validate does for a payload.
 */
function valueAt(values, i) {
  try {
    return values[i];
  } catch (e) {
    throw new PreflightError('invalid_argument', `values[${i}] could not be read (see cause)`, { cause: e });
  }
}

/**
 * UTF-8 bytes of a string that is not well-formed: each lone surrogate becomes the byte 0xFF,
 * which is never valid UTF-8, so the engine reports its line as `invalid_utf8` instead of
 * hashing a silently replaced U+FFFD.
 */
function looseUtf8(s) {
  const parts = [];
  let start = 0;
  let total = 0;
  const cut = (end, lone) => {
    const bytes = textEncoder.encode(s.slice(start, end));
    parts.push(bytes);
    total += bytes.length;
    if (lone) {
      parts.push(Uint8Array.of(0xff));
      total += 1;
    }
  };
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      cut(i, true);
      start = i + 1;
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      cut(i, true);
      start = i + 1;
    }
  }
  cut(s.length, false);
  return concat(parts, total);
}

/**
 * Concatenates byte arrays of `total` bytes in all (the one array itself when there is one).
 * @param {Uint8Array[]} parts
 * @param {number} total
 */
export function concat(parts, total) {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The UTF-8 bytes of a string, for the bulk exports. Passing bytes is much cheaper than letting
 * the glue convert a large mostly-ASCII string (TextEncoder is native and vectorized; the glue
 * copies ASCII one character at a time in JavaScript).
 */
export const utf8 = (s) => (isWellFormed(s) ? textEncoder.encode(s) : looseUtf8(s));

/** @param {Record<string, any>} raw the wasm-bindgen exports */
export function audienceApi(raw) {
  const engine = engineOf(raw);
  let typeList = null;
  const idTypes = () => (typeList ??= engine.call(() => raw.audienceIdTypes()).split(','));

  /** The type name, checked before anything else so that the error does not depend on the value. */
  const idType = (type) => {
    if (typeof type !== 'string' || !idTypes().includes(type)) {
      throw new PreflightError('unknown_id_type', `the identifier type must be one of ${idTypes().join(', ')}`);
    }
    return type;
  };

  /** A single value: a well-formed string. */
  const oneValue = (value) => {
    if (typeof value !== 'string') throw new PreflightError('not_a_string', NOT_A_STRING);
    if (!isWellFormed(value)) throw new PreflightError('invalid_utf8', LONE_SURROGATE);
    return value;
  };

  /**
   * The normalized form of one value (what gets hashed).
   * @param {string} type @param {string} value @param {object} [options]
   */
  const normalizeIdentifier = (type, value, options) => {
    idType(type);
    const o = hashOptions(options);
    const v = oneValue(value);
    return engine.call(() => raw.audienceNormalize(type, v, o.phoneFormat, o.defaultCountryCode, o.prehashed));
  };

  /**
   * The value as sent: SHA-256 hex of the normalized form (partner_user_id verbatim).
   * @param {string} type @param {string} value @param {object} [options]
   */
  const hashIdentifier = (type, value, options) => {
    idType(type);
    const o = hashOptions(options);
    const v = oneValue(value);
    return engine.call(() => raw.audienceHash(type, v, o.phoneFormat, o.defaultCountryCode, o.prehashed));
  };

  /**
   * Many values, in order: result i is exactly hashIdentifier(type, values[i]), as a slot of
   * `hashes` (null when rejected) and an entry of `errors`.
   * @param {string} type @param {string[]} values @param {object} [options]
   */
  const hashIdentifiers = (type, values, options) => {
    idType(type);
    const o = hashOptions(options);
    if (!Array.isArray(values)) throw new PreflightError('invalid_argument', 'values must be an array of strings');
    let n;
    try {
      n = values.length;
    } catch (e) {
      // A Proxy of an array.
      throw new PreflightError('invalid_argument', 'values.length could not be read (see cause)', { cause: e });
    }
    const hashes = new Array(n);
    const errors = [];
    const vals = new Array(Math.min(n, BLOCK));
    const lens = new Uint32Array(vals.length);
    let start = 0;
    const generation = engine.generation;
    try {
      // At least one block, so that the engine checks the options of an empty list too.
      do {
        const m = Math.min(BLOCK, n - start);
        /** @type {Map<number, string> | null} */
        let overrides = null;
        let units = 0;
        // Each value read once, before staging (an accessor may call back in).
        for (let i = 0; i < m; i++) {
          const v = valueAt(values, start + i);
          const ok = typeof v === 'string';
          if (!ok) (overrides ??= new Map()).set(i, 'not_a_string');
          vals[i] = ok ? v : '';
          units += lens[i] = ok ? v.length : 0;
        }
        let r = hashBlock(type, o, vals, lens, m, units);
        if (r === null) {
          // A lone surrogate (maybe pairing up with a neighbour's when joined): such values
          // are rejected one by one, the rest hashed as usual.
          for (let i = 0; i < m; i++) {
            if (!isWellFormed(vals[i])) {
              (overrides ??= new Map()).set(i, 'invalid_utf8');
              units -= lens[i];
              vals[i] = '';
              lens[i] = 0;
            }
          }
          // Cannot fail again: every value left is well-formed, and so is their concatenation.
          r = hashBlock(type, o, vals, lens, m, units);
          if (r === null) throw new PreflightError('split_character', 'a value could not be staged');
        }
        unpackInto(r, overrides, hashes, errors, start);
        start += m;
      } while (start < n);
    } finally {
      // Not after a failure inside the module: that instance is gone, and the new one has
      // nothing staged.
      if (engine.generation === generation) engine.call(() => raw.audienceReleaseStage());
    }
    return { hashes, errors };
  };

  /** @type {WebAssembly.Memory | null} the memory of the instance of generation `memoryOf` */
  let memory = null;
  let memoryOf = -1;

  /**
   * The packed result of `vals[0..m)` (`units` UTF-16 units), or null when one is not well-formed
   * (seen here, or by the engine: `split_character`, a surrogate pair cut between two values).
   */
  const hashBlock = (type, o, vals, lens, m, units) => {
    const cap = units * 3;
    // (Sizes reach the engine as 32 bits; it refuses what it cannot reserve, at most 2 GiB.)
    const ptr = cap <= 0xffffffff ? engine.call(() => raw.audienceStage(cap)) : undefined;
    if (ptr === undefined) throw new PreflightError('input_too_large', 'the values do not fit in the engine\'s memory');
    if (memoryOf !== engine.generation) {
      memory = engine.call(() => raw.audienceMemory());
      memoryOf = engine.generation;
    }
    // Taken after audienceStage, which may grow the memory (detaching an older buffer).
    const view = new Uint8Array(memory.buffer, ptr, cap);
    let at = 0;
    for (let g = 0; g < m; g += GROUP) {
      const piece = vals.slice(g, Math.min(g + GROUP, m)).join('');
      if (!isWellFormed(piece)) return null;
      at += textEncoder.encodeInto(piece, view.subarray(at)).written;
    }
    const staged = lens.subarray(0, m);
    try {
      return engine.call(() => raw.audienceHashStaged(type, at, staged, o.phoneFormat, o.defaultCountryCode, o.prehashed));
    } catch (e) {
      if (e instanceof PreflightError && e.code === 'split_character') return null;
      throw e;
    }
  };

  /**
   * Newline-separated text (`\n` or `\r\n`); line i is result i. A final line ending does not
   * start another line; one byte-order mark at the start is dropped. Text given as bytes may hold
   * lines that are not UTF-8: each is an `invalid_utf8` error (so is a line of a string holding a
   * lone surrogate).
   * @param {string} type @param {string | Uint8Array} text @param {object} [options]
   */
  const hashLines = (type, text, options) => {
    idType(type);
    const o = hashOptions(options);
    let bytes;
    if (typeof text === 'string') bytes = utf8(text);
    else if (text instanceof Uint8Array) bytes = text;
    else throw new PreflightError('invalid_argument', 'text must be a string or a Uint8Array');
    const { hashes, errors } = unpack(
      engine.call(() => raw.audienceHashLines(type, bytes, o.phoneFormat, o.defaultCountryCode, o.prehashed)),
    );
    return { hashes, errors };
  };

  /**
   * Streaming hashLines: push chunks (bytes split anywhere, or strings), get the results of the
   * lines each push completed; finish() hashes the last line and frees the engine's memory.
   * @param {string} type @param {object} [options]
   */
  const createLineHasher = (type, options) => {
    idType(type);
    const o = hashOptions(options);
    // Throws for a bad type or option (nothing is allocated then).
    let h = engine.call(() => new raw.AudienceLineHasher(type, o.phoneFormat, o.defaultCountryCode, o.prehashed));
    // The instance `h` lives in: after a failure inside the module (lib/engine.js) it is gone,
    // and `h` is never handed to the new one (its pointer means nothing there).
    const born = engine.generation;
    // A string chunk ending in a high surrogate waits for the low one at the start of the next.
    let pendingHigh = '';
    const live = () => {
      if (h === null) throw new PreflightError('hasher_finished', 'the line hasher is finished; create another one');
      if (engine.generation !== born) {
        throw new PreflightError(
          'hasher_invalidated',
          'the line hasher was lost when a call failed inside the WebAssembly module; create another one and push the stream again',
        );
      }
      return h;
    };
    const push = (hasher, bytes) => engine.call(() => hasher.pushBytes(bytes));
    const result = (r) => {
      const { hashes, errors, first } = unpack(r);
      return { hashes, errors, firstIndex: first };
    };
    const flushPending = (hasher) => {
      // A lone high surrogate: not UTF-8, so the line it ends up in is invalid_utf8.
      if (pendingHigh === '') return '';
      pendingHigh = '';
      return push(hasher, Uint8Array.of(0xff));
    };
    /** The results of a flushed lone surrogate (packed `before`, maybe '') and of the call. */
    const merge = (before, packed) => {
      if (before === '') return result(packed);
      const a = result(before);
      const b = result(packed);
      return { hashes: a.hashes.concat(b.hashes), errors: a.errors.concat(b.errors), firstIndex: a.firstIndex };
    };
    return {
      /** @param {Uint8Array | ArrayBuffer | ArrayBufferView | string} chunk */
      push(chunk) {
        const hasher = live();
        if (typeof chunk === 'string') {
          let s = pendingHigh + chunk;
          pendingHigh = '';
          const last = s.charCodeAt(s.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) {
            pendingHigh = s.slice(-1);
            s = s.slice(0, -1);
          }
          return result(push(hasher, utf8(s)));
        }
        let bytes;
        if (chunk instanceof Uint8Array) bytes = chunk;
        else if (ArrayBuffer.isView(chunk)) bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        else if (chunk instanceof ArrayBuffer) bytes = new Uint8Array(chunk);
        else throw new PreflightError('invalid_argument', 'a chunk must be a Uint8Array (or another ArrayBuffer view) or a string');
        return merge(flushPending(hasher), push(hasher, bytes));
      },
      /** Hashes the last line; the hasher cannot be used afterwards. */
      finish() {
        const hasher = live();
        h = null;
        try {
          return merge(flushPending(hasher), engine.call(() => hasher.finish()));
        } finally {
          if (engine.generation === born) engine.call(() => hasher.free());
        }
      },
      /** Releases the engine's memory without finishing (a stream abandoned half-way). */
      free() {
        if (h !== null) {
          const hasher = h;
          h = null;
          if (engine.generation === born) engine.call(() => hasher.free());
        }
      },
    };
  };

  return { normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher };
}
