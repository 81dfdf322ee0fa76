// A plain JavaScript value as a tape (src/json/tape.rs says what a tape is): how `validate` hands
// an object to the engine without JSON.stringify and without the engine parsing text again.
//
// The walk follows JSON.stringify for plain data: objects whose prototype is Object.prototype or
// null, arrays, strings, numbers, booleans and null; members that are undefined, functions or
// symbols are left out of objects and are null in arrays, as are holes; a non-finite number is
// null. Anything else gives up (returns null) and the caller serializes the value instead, so that
// JSON.stringify decides what it means: a toJSON method (Date), a class instance or boxed
// primitive, a BigInt, nesting deeper than the engine reads (a cycle ends there too), a getter
// that throws. The engine refuses a tape it cannot read the same way as the text (an integral
// number beyond 2^53, a lone surrogate, a text that might be over the size limit), and the caller
// then takes the text path too: a tape is only ever a faster way to the same result. One
// difference remains by design: when the walk gives up after reading a getter (or a Proxy trap),
// JSON.stringify reads it again, and a getter that answers differently the second time decides
// by its second answer.

import { isWellFormed } from './core.js';
import { MAX_INPUT_BYTES } from './json-text.js';

const TAG_BITS = 3;
const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const NUMBER = 3;
const STRING = 5;
const ARRAY = 6;
const OBJECT = 7;
/** Containers nest at most this deep (preflight::MAX_DEPTH); deeper, the text path decides. */
const MAX_DEPTH = 128;
/** Every value takes at least 2 bytes of JSON text (itself and a separator), and every UTF-16
 *  unit of a string at least 1: a walk past these bounds describes a text over the limit, so it
 *  gives up (the text path then says so) instead of filling memory first. Both bounds are below
 *  2^26, so every count and length fits the 29 bits above a word's tag. */
const MAX_WORDS = MAX_INPUT_BYTES / 2;
/** Most JSON text a UTF-16 unit, a word and a number can take (src/json/tape.rs). */
const MAX_UNIT_TEXT = 6;
const MAX_WORD_TEXT = 8;
const MAX_NUMBER_TEXT = 25;

const objectProto = Object.prototype;
const arrayProto = Array.prototype;
/** What JSON.stringify goes by (internal slots), where a prototype can lie: an array or a boxed
 *  primitive whose prototype was set to Object.prototype or null is no plain object. */
const tag = Function.prototype.call.bind(Object.prototype.toString);
const UTF8 = new TextEncoder();

/** Thrown inside the walk to give up; never escapes `withTape`. */
const GIVE_UP = Symbol('give up');

// The walk's state, reused between calls (a call made during a walk, from a getter, gives up:
// see `busy`). Module variables rather than an object's fields: V8 reads them fastest.
let words = new Uint32Array(1024);
let w = 0;
let numbers = new Float64Array(64);
let n = 0;
/** Every string and name, concatenated (a rope; flattened once, by encodeInto). */
let text = '';
let bytes = new Uint8Array(4096);
let busy = false;

/** A typed array of the same kind, twice as long, starting with `a`'s elements. */
function grow(a) {
  const grown = new a.constructor(a.length * 2);
  grown.set(a);
  return grown;
}

function word(x) {
  if (w === words.length) {
    if (w >= MAX_WORDS) throw GIVE_UP;
    words = grow(words);
  }
  words[w++] = x;
}

function number(x) {
  if (n === numbers.length) numbers = grow(numbers);
  numbers[n++] = x;
  word(NUMBER);
}

/** A value inside an array: what JSON.stringify leaves out of an object is null here. */
function value(v, depth) {
  switch (typeof v) {
    case 'string':
      if (text.length + v.length > MAX_INPUT_BYTES) throw GIVE_UP;
      text += v;
      word((v.length << TAG_BITS) | STRING);
      return;
    case 'number':
      if (Number.isFinite(v)) number(v);
      else word(NULL);
      return;
    case 'boolean':
      word(v ? TRUE : FALSE);
      return;
    case 'object':
      if (v === null) word(NULL);
      else container(v, depth);
      return;
    case 'undefined':
    case 'function':
    case 'symbol':
      word(NULL);
      return;
    default:
      // bigint: JSON.stringify throws.
      throw GIVE_UP;
  }
}

function container(v, depth) {
  if (depth >= MAX_DEPTH || typeof v.toJSON === 'function') throw GIVE_UP;
  const proto = Object.getPrototypeOf(v);
  if (proto === arrayProto) {
    if (!Array.isArray(v) || v.length > MAX_WORDS) throw GIVE_UP;
    const len = v.length;
    word((len << TAG_BITS) | ARRAY);
    for (let i = 0; i < len; i++) value(v[i], depth + 1);
  } else if ((proto === objectProto || proto === null) && tag(v) === '[object Object]') {
    const head = w;
    word(OBJECT);
    let count = 0;
    // for-in visits the own enumerable string keys in Object.keys order (the inherited ones
    // are none: `withTape` checks Object.prototype), and V8 reads v[k] inside it through the
    // enumeration cache, much faster than Object.keys and a keyed read.
    for (const k in v) {
      const x = v[k];
      const t = typeof x;
      if (t === 'undefined' || t === 'function' || t === 'symbol') continue;
      // Every name is sent each time it occurs: looking names up to send each once cost more.
      if (text.length + k.length > MAX_INPUT_BYTES) throw GIVE_UP;
      text += k;
      word(k.length);
      value(x, depth + 1);
      count++;
    }
    if (count === 0 && isBoxedBigInt(v)) throw GIVE_UP;
    words[head] = (count << TAG_BITS) | OBJECT;
  } else {
    throw GIVE_UP;
  }
}

/** A BigInt object (Object(5n)) has no tag of its own once its prototype is replaced, and no
 *  members: only such a member-less object is tested, as the test throws for every other. */
function isBoxedBigInt(v) {
  try {
    BigInt.prototype.valueOf.call(v);
    return true;
  } catch {
    return false;
  }
}

/** True when Object.prototype has an enumerable property, which for-in would visit. */
function prototypeEnumerates() {
  for (const _ in objectProto) return true;
  return false;
}

/** What `withTape` returns when there is no tape: the caller serializes the value instead. */
export const NO_TAPE = null;

/**
 * Walks `payload` into a tape and calls `use(tape)` with it, returning what `use` returns; or
 * returns NO_TAPE when the value is not plain data (the caller then serializes it). The tape's
 * arrays are views of buffers reused by the next walk, so they are held until `use` returns: a
 * walk started meanwhile (a getter, or a toJSON of the options, calling validate) gets NO_TAPE
 * and takes the text path. `text` is the strings as UTF-8, `units` its length in UTF-16 units.
 * Errors thrown by `use` propagate; errors of the walk (a throwing getter) mean NO_TAPE.
 * @template T
 * @param {unknown} payload
 * @param {(tape: {words: Uint32Array, numbers: Float64Array, text: Uint8Array, units: number}) => T} use
 * @returns {T | null}
 */
export function withTape(payload, use) {
  const t = typeof payload;
  if (t === 'undefined' || t === 'function' || t === 'symbol' || busy || prototypeEnumerates()) return NO_TAPE;
  busy = true;
  w = 0;
  n = 0;
  text = '';
  try {
    let tape;
    try {
      value(payload, 0);
      // UTF-8 cannot carry a lone surrogate (TextEncoder would make it U+FFFD): the text path
      // refuses it. Two lone halves that meet across strings make a pair here, and the engine
      // refuses the tape, whose lengths would split that pair.
      if (!isWellFormed(text)) return NO_TAPE;
      const units = text.length;
      // The engine's bound of the JSON text (json_text_bound in src/json/tape.rs, the same
      // constants): past it the engine would refuse the tape, so the text path measures the text
      // now, before the options are read, as it does for text.
      if (units * MAX_UNIT_TEXT + w * MAX_WORD_TEXT + n * MAX_NUMBER_TEXT > MAX_INPUT_BYTES) return NO_TAPE;
      if (bytes.length < units * 3) bytes = new Uint8Array(Math.max(units * 3, bytes.length * 2));
      const { read, written } = UTF8.encodeInto(text, bytes);
      if (read !== units) return NO_TAPE;
      tape = { words: words.subarray(0, w), numbers: numbers.subarray(0, n), text: bytes.subarray(0, written), units };
    } catch {
      // GIVE_UP, a getter that threw, a string too long to join, memory: JSON.stringify decides,
      // and says so in the text path's own words.
      return NO_TAPE;
    }
    return use(tape);
  } finally {
    busy = false;
    // Keep no caller strings alive between calls.
    text = '';
  }
}

/**
 * The tape of `value` copied out of the shared buffers, or null: for tests and tools; validate
 * uses `withTape`.
 * @param {unknown} payload
 */
export function tapeOf(payload) {
  return withTape(payload, (t) => ({
    words: t.words.slice(),
    numbers: t.numbers.slice(),
    text: t.text.slice(),
    units: t.units,
  }));
}
