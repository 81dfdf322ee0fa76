// The answer readers (src/answers/, docs/ANSWERS.md): one door into the core,
// `answersCall(name, args)`, with the arguments as one object (sent as JSON text) and the
// result as the JSON value the core wrote. The readers' rules, their issues and their errors are
// all the core's; this file only converts: an answer's text given as a string or as a
// Uint8Array (read as UTF-8), JSON.stringify of the arguments and JSON.parse of the result, and
// a failed call as the package's PreflightError (lib/engine.js). The typed readers of each area
// are lib/answers-<area>.js, over `answersApi`.
import { PreflightError } from './core.js';
import { engineOf } from './engine.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An answer's text: a string as it is, a Uint8Array (or ArrayBuffer) decoded as UTF-8; bytes
 * that are not UTF-8 are `invalid_json`, as the core says of such text; anything else is
 * `invalid_argument`.
 * @param {unknown} text
 * @param {string} what the argument's name, for the message
 * @returns {string}
 */
export function answerText(text, what = 'text') {
  if (typeof text === 'string') return text;
  if (text instanceof Uint8Array || text instanceof ArrayBuffer) {
    try {
      return utf8.decode(text);
    } catch {
      throw new PreflightError('invalid_json', `${what}: the answer's bytes are not UTF-8`);
    }
  }
  throw new PreflightError('invalid_argument', `${what}: must be the answer's text, a string or a Uint8Array`);
}

/**
 * The answer door over one glue module (a build with the `answers` feature).
 * @param {Record<string, any>} glue
 */
export function answersApi(glue) {
  const engine = engineOf(glue);

  /** The result text of reader `name` on `argsJson`, exactly as the core wrote it. */
  function answersCallText(name, argsJson) {
    if (typeof name !== 'string') throw new PreflightError('invalid_argument', 'answersCallText: name must be a string');
    if (typeof argsJson !== 'string') throw new PreflightError('invalid_argument', 'answersCallText: argsJson must be a string');
    return engine.call(() => glue.answersCall(name, argsJson));
  }

  /** The result of reader `name` on `args` (an object, sent as JSON), as a JSON value. */
  function answersCall(name, args) {
    let argsJson;
    try {
      argsJson = JSON.stringify(args);
    } catch {
      throw new PreflightError('invalid_argument', 'answersCall: args must be JSON data (no cycle, no BigInt)');
    }
    if (typeof argsJson !== 'string') throw new PreflightError('invalid_argument', 'answersCall: args must be an object');
    return JSON.parse(answersCallText(name, argsJson));
  }

  /** The names answersCall takes. */
  function answersNames() {
    return JSON.parse(engine.call(() => glue.answersNames()));
  }

  return { answersCall, answersCallText, answersNames };
}
