// Audience identifiers: normalize, hash (one, many, text, streaming), over the raw exports of
// bindings/wasm/src/audience.rs (upload bodies: lib/bodies.js, in the full package only).
//
// The raw exports return their value or throw a failed call (a PreflightError, lib/engine.js):
//   '<output>'                                    one value
//   '<slots>,<first>|<i>:<code>,...|<len>,...|<outputs>'    bulk results, packed (Rust module docs)
// Bulk input goes in as UTF-8 (TextEncoder: native, where the glue copies ASCII a character at
// a time): newline-separated text, or blocks of values back to back plus their UTF-16 lengths
// (a value may hold anything, a newline included), encoded straight into the engine's memory.
import { PreflightError, isWellFormed, plain } from './core.js';
import { engineOf } from './engine.js';

const HEX_LEN = 64;
/** hashIdentifiers: values per crossing, and per `join` (README, Benchmarks). */
const BLOCK = 32768;
const GROUP = 16;
/**
 * The longest value the engine hashes, in UTF-8 bytes (MAX_VALUE_BYTES, src/audience/mod.rs):
 * longer is `too_long`, checked before anything else of the value. A string of more UTF-16 units
 * has more UTF-8 bytes, so it is `too_long` here without being copied into the module.
 */
export const MAX_VALUE_BYTES = 65536;
/**
 * The bounds of one call of the module, so that no input, of any size or shape, can exhaust its
 * memory (a trap there discards the instance, and every caller's line hashers with it). The
 * results of a call can be many times its input (an empty line, one byte, gives an `empty`
 * error; `1` and a line ending, two bytes, 64 hex digits), so the input of one call is bounded:
 * hashLines' text and a line hasher's chunk go in pieces of MAX_CALL_BYTES (mirrored by the
 * module, bindings/wasm/src/audience.rs, which refuses more); a block of hashIdentifiers ends
 * after BLOCK values or BLOCK_UNITS UTF-16 units, whichever comes first (at most MAX_STAGE_BYTES
 * staged).
 */
export const MAX_CALL_BYTES = 65536;
const BLOCK_UNITS = (1 << 21) - MAX_VALUE_BYTES;
export const MAX_STAGE_BYTES = (1 << 21) * 3;
const textEncoder = new TextEncoder();
/** An empty block for audienceHashStaged: no value lengths, 0 bytes staged. */
const NO_VALUES = Uint32Array.of(0);

/**
 * The `not_a_string` message for what was given: a number is refused because ids above 2^53 lose
 * precision as numbers; anything else (undefined, null, an object) is simply not a value.
 * @param {unknown} value
 */
const notAString = (value) =>
  typeof value === 'number' || typeof value === 'bigint'
    ? 'the value must be a string (numbers are refused: ids above 2^53 lose precision as numbers; pass the digits as a string)'
    : `the value must be a string, not ${value === null ? 'null' : typeof value}`;
const LONE_SURROGATE = 'the value contains a lone UTF-16 surrogate, which has no UTF-8 form';

/** A value the engine refuses as `too_long` (one byte over MAX_VALUE_BYTES). */
export const TOO_LONG = 'x'.repeat(MAX_VALUE_BYTES + 1);


/**
 * The results of one push or finish of a streaming hasher (line or CSV), gathered from one or
 * more of the module's packed results with `addPacked`.
 * @returns {{hashes: (string | null)[], errors: {index: number, code: string}[], firstIndex: number}}
 */
export const gather = () => ({ hashes: [], errors: [], firstIndex: -1 });

/** Appends a packed result of the same stream to `into` (from `gather`); returns `into`. */
export function addPacked(into, packed) {
  if (into.firstIndex < 0) into.firstIndex = +packed.slice(packed.indexOf(',') + 1, packed.indexOf('|'));
  unpackInto(packed, null, into.hashes, into.errors, into.firstIndex, 0);
  return into;
}

/**
 * Decodes a packed bulk result: `hashes` slot i is the result's index `first + i`; `errors` carry
 * the result's own indexes.
 * @param {string} r
 * @param {Map<number, string> | null} overrides as in `unpackInto`
 */
export function unpack(r, overrides = null) {
  const comma = r.indexOf(',');
  // Pre-sized (and filled in order, so it stays a fast, non-dictionary array): cheaper than push.
  const hashes = new Array(+r.slice(0, comma));
  const errors = [];
  const first = +r.slice(comma + 1, r.indexOf('|', comma));
  unpackInto(r, overrides, hashes, errors, first, 0);
  return { hashes, errors, first };
}

/**
 * Decodes a packed bulk result into the caller's `hashes` (pre-sized, or filled in order) and
 * `errors`: the result's index i goes to slot `i - base` (`base`: the index of slot 0) and its
 * error entry says index `i + shift`; returns the result's first index.
 * @param {string} r
 * @param {Map<number, string> | null} overrides codes replacing the engine's for some indexes
 *   (values the engine saw as '' because they could not be passed: non-strings, lone surrogates,
 *   values too long)
 */
function unpackInto(r, overrides, hashes, errors, base, shift) {
  const comma = r.indexOf(',');
  const a = r.indexOf('|', comma);
  const b = r.indexOf('|', a + 1);
  const c = r.indexOf('|', b + 1);
  const n = +r.slice(0, comma);
  const first = +r.slice(comma + 1, a);
  const offset = first - base;
  const rejected = []; // relative to `first`, ascending
  if (b > a + 1) {
    const parts = r.slice(a + 1, b - 1).split(',');
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      const colon = p.indexOf(':');
      const index = +p.slice(0, colon);
      const code = (overrides !== null && overrides.get(index)) || p.slice(colon + 1);
      errors.push({ index: index + shift, code });
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

const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

/**
 * `values[i]`, with a getter or Proxy trap that throws turned into a PreflightError
 * `invalid_argument` (its `cause` the thrown value), as validate does for a payload. With
 * `ownOnly` (see `inheritsIndexes`), a hole is undefined, never an element inherited.
 */
function valueAt(values, i, ownOnly) {
  try {
    return ownOnly && !hasOwn(values, i) ? undefined : values[i];
  } catch (e) {
    throw new PreflightError('invalid_argument', `values[${i}] could not be read (see cause)`, { cause: e });
  }
}

/**
 * Whether reading an element of the array `a` could find one on its prototype chain (an index
 * key there, as a polluted `Object.prototype[0] = '...'` makes): then a hole of `a` would read
 * that value, and its elements are read as own members only. Checked once per call (the
 * prototypes' own names), so that the usual case reads elements directly.
 */
function inheritsIndexes(a) {
  try {
    for (let p = Object.getPrototypeOf(a); p !== null; p = Object.getPrototypeOf(p)) {
      for (const k of Object.getOwnPropertyNames(p)) if (String(+k >>> 0) === k) return true;
    }
    return false;
  } catch {
    // A Proxy whose traps throw: element by element (its errors then say which).
    return true;
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

  /** The type name: a string (the engine checks the name). */
  const idType = (type) => {
    if (typeof type !== 'string') throw new PreflightError('unknown_id_type', 'the identifier type must be a string');
    return type;
  };

  /**
   * `error`, a wrong argument found here, once the engine has checked the type and options on an
   * empty block: their error, if any, is the call's, whatever the values are.
   */
  const wrong = (type, o, error) => {
    engine.call(() => raw.audienceHashStaged(type, o, NO_VALUES));
    return error;
  };

  /**
   * A single value: a well-formed string. One longer than MAX_VALUE_BYTES units is `too_long`
   * whatever it holds (once the type and options are right): the engine gets a stand-in of
   * MAX_VALUE_BYTES + 1 bytes, which it refuses the same way, instead of the whole string.
   */
  const oneValue = (type, o, value) => {
    if (typeof value !== 'string') throw wrong(type, o, new PreflightError('not_a_string', notAString(value)));
    if (value.length > MAX_VALUE_BYTES) return TOO_LONG;
    if (!isWellFormed(value)) throw wrong(type, o, new PreflightError('invalid_utf8', LONE_SURROGATE));
    return value;
  };

  /**
   * The normalized form of one value (what gets hashed).
   * @param {string} type @param {string} value @param {object} [options]
   */
  const normalizeIdentifier = (type, value, options) => {
    idType(type);
    const o = plain(options);
    const v = oneValue(type, o, value);
    return engine.call(() => raw.audienceNormalize(type, v, o));
  };

  /**
   * The value as sent: SHA-256 hex of the normalized form (partner_user_id verbatim).
   * @param {string} type @param {string} value @param {object} [options]
   */
  const hashIdentifier = (type, value, options) => {
    idType(type);
    const o = plain(options);
    const v = oneValue(type, o, value);
    return engine.call(() => raw.audienceHash(type, v, o));
  };

  /**
   * Many values, in order: result i is exactly hashIdentifier(type, values[i]), as a slot of
   * `hashes` (null when rejected) and an entry of `errors`.
   * @param {string} type @param {string[]} values @param {object} [options]
   */
  const hashIdentifiers = (type, values, options) => {
    idType(type);
    const o = plain(options);
    if (!Array.isArray(values)) throw wrong(type, o, new PreflightError('invalid_argument', 'values must be an array of strings'));
    let n;
    try {
      n = values.length;
    } catch (e) {
      // A Proxy of an array.
      throw wrong(type, o, new PreflightError('invalid_argument', 'values.length could not be read (see cause)', { cause: e }));
    }
    // Pre-sized (and filled in order, so it stays a fast, non-dictionary array): cheaper than push.
    const hashes = new Array(n);
    const errors = [];
    const vals = new Array(Math.min(n, BLOCK));
    // The values' UTF-16 lengths, then (one more slot) the bytes staged (audienceHashStaged).
    const lens = new Uint32Array(vals.length + 1);
    let start = 0;
    const generation = engine.generation;
    const ownOnly = inheritsIndexes(values);
    try {
      // At least one block, so that the engine checks the options of an empty list too.
      do {
        /** @type {Map<number, string> | null} */
        let overrides = null;
        let units = 0;
        let m = 0;
        // Each value read once, before staging (an accessor may call back in). A value is at
        // most MAX_VALUE_BYTES units (a longer one is staged as ''), so a block stays under
        // BLOCK_UNITS + MAX_VALUE_BYTES units.
        for (; m < BLOCK && start + m < n && units <= BLOCK_UNITS; m++) {
          const v = valueAt(values, start + m, ownOnly);
          let staged = '';
          if (typeof v !== 'string') (overrides ??= new Map()).set(m, 'not_a_string');
          else if (v.length > MAX_VALUE_BYTES) (overrides ??= new Map()).set(m, 'too_long');
          else staged = v;
          vals[m] = staged;
          units += lens[m] = staged.length;
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
        unpackInto(r, overrides, hashes, errors, -start, start);
        start += m;
      } while (start < n);
    } finally {
      // Not after a failure inside the module: that instance is gone, and the new one has
      // nothing staged.
      if (engine.generation === generation) engine.call(() => raw.audienceReleaseStage());
    }
    return { hashes, errors };
  };

  /**
   * The packed result of `vals[0..m)` (`units` UTF-16 units), or null when one is not well-formed
   * (seen here, or by the engine: `split_character`, a surrogate pair cut between two values).
   */
  const hashBlock = (type, o, vals, lens, m, units) => {
    // At most MAX_STAGE_BYTES (BLOCK_UNITS above); the engine refuses more, and what it cannot
    // reserve.
    const cap = units * 3;
    const ptr = engine.call(() => raw.audienceStage(cap));
    if (ptr === 0) throw new PreflightError('input_too_large', 'the values do not fit in the engine\'s memory');
    // The memory and its view are taken afresh for every block, right after audienceStage, which
    // may grow the memory (detaching an older buffer); a failure anywhere in the process may have
    // replaced the instance, and with it the memory, since the last block.
    const memory = engine.call(() => raw.audienceMemory());
    const view = new Uint8Array(memory.buffer, ptr, cap);
    let at = 0;
    for (let g = 0; g < m; g += GROUP) {
      const piece = vals.slice(g, Math.min(g + GROUP, m)).join('');
      if (!isWellFormed(piece)) return null;
      at += textEncoder.encodeInto(piece, view.subarray(at)).written;
    }
    lens[m] = at;
    const staged = lens.subarray(0, m + 1);
    try {
      return engine.call(() => raw.audienceHashStaged(type, o, staged));
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
    const o = plain(options);
    let bytes;
    if (typeof text === 'string') bytes = utf8(text);
    else if (text instanceof Uint8Array) bytes = text;
    else throw wrong(type, o, new PreflightError('invalid_argument', 'text must be a string or a Uint8Array'));
    // Through the module's streaming line hasher, MAX_CALL_BYTES at a time: the same lines and
    // results as the whole text at once (bulk.rs), with what one call allocates bounded.
    const hasher = engine.call(() => new raw.AudienceLineHasher(type, o));
    const generation = engine.generation;
    const hashes = [];
    const errors = [];
    try {
      for (let at = 0; at < bytes.length; at += MAX_CALL_BYTES) {
        const piece = bytes.subarray(at, at + MAX_CALL_BYTES);
        unpackInto(engine.call(() => hasher.pushBytes(piece)), null, hashes, errors, 0, 0);
      }
      unpackInto(engine.call(() => hasher.finish()), null, hashes, errors, 0, 0);
    } finally {
      // Not after a failure inside the module: that instance is gone, and the hasher with it.
      if (engine.generation === generation) engine.call(() => hasher.free());
    }
    return { hashes, errors };
  };

  /**
   * Streaming hashLines: push chunks (bytes split anywhere, or strings), get the results of the
   * lines each push completed; finish() hashes the last line and frees the engine's memory.
   * @param {string} type @param {object} [options]
   */
  const createLineHasher = (type, options) => {
    idType(type);
    const o = plain(options);
    // Throws for a bad type or option (nothing is allocated then).
    let h = engine.call(() => new raw.AudienceLineHasher(type, o));
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
    /** Feeds `bytes` MAX_CALL_BYTES at a time (at least one call, for the first index). */
    const push = (hasher, bytes, into) => {
      let at = 0;
      do {
        const piece = bytes.subarray(at, at + MAX_CALL_BYTES);
        addPacked(into, engine.call(() => hasher.pushBytes(piece)));
        at += MAX_CALL_BYTES;
      } while (at < bytes.length);
      return into;
    };
    const flushPending = (hasher, into) => {
      // A lone high surrogate: not UTF-8, so the line it ends up in is invalid_utf8.
      if (pendingHigh === '') return into;
      pendingHigh = '';
      return push(hasher, Uint8Array.of(0xff), into);
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
          return push(hasher, utf8(s), gather());
        }
        let bytes;
        if (chunk instanceof Uint8Array) bytes = chunk;
        else if (ArrayBuffer.isView(chunk)) bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        else if (chunk instanceof ArrayBuffer) bytes = new Uint8Array(chunk);
        else throw new PreflightError('invalid_argument', 'a chunk must be a Uint8Array (or another ArrayBuffer view) or a string');
        return push(hasher, bytes, flushPending(hasher, gather()));
      },
      /** Hashes the last line; the hasher cannot be used afterwards. */
      finish() {
        const hasher = live();
        h = null;
        try {
          return addPacked(flushPending(hasher, gather()), engine.call(() => hasher.finish()));
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
