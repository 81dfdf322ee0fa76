// Batch answers (document B §3, §4, §7): the answer of a products PUT mapped to the products
// sent, and the answers of audience upload bodies mapped back to every input record. The rules
// are the core's (src/answers/products.rs, src/answers/audience.rs); this file only shapes the
// arguments: the result of buildAudienceBodies taken as it is, answers as text or bytes.
import { answerText } from './answers.js';
import { PreflightError, isPlainObject } from './core.js';

/** `sent` as text: a string or bytes as they are, a plain object as its JSON. */
function sentText(sent) {
  const bytes = sent instanceof Uint8Array || sent instanceof ArrayBuffer;
  if (!bytes && isPlainObject(sent)) return JSON.stringify(sent);
  return answerText(sent, 'sent');
}

/** One body of the arguments: its JSON text (a string) and, when known, its records. */
function bodyArg(body, records, i) {
  if (typeof body === 'string') return records === undefined || records === null ? { json: body } : { json: body, records };
  if (isPlainObject(body) && typeof body.json === 'string') {
    return body.records === undefined || body.records === null ? { json: body.json } : { json: body.json, records: body.records };
  }
  throw new PreflightError('invalid_argument', `bodies[${i}] must be a body's JSON text or {json, records}`);
}

/**
 * An audience answer's text: bytes that are not UTF-8 are no JSON text, so they go in as text
 * that is not JSON (its body's records to retry, `not_json`, as the CLI reads such a file), not
 * as an error of the whole call.
 */
function replyText(a, i) {
  try {
    return answerText(a, `answers[${i}]`);
  } catch (e) {
    if (e?.code === 'invalid_json') return '';
    throw e;
  }
}

/** @param {ReturnType<import('./answers.js').answersApi>} answers */
export function batchesApi(answers) {
  /**
   * The answer of a products PUT (`text`) mapped to the products of the body sent (`sent`:
   * its JSON text, or the object sent).
   */
  function readProductAnswer(sent, text) {
    return answers.answersCall('product_answer', { sent: sentText(sent), text: answerText(text) });
  }

  /**
   * The outcome of every input record: `built` is the result of buildAudienceBodies (its
   * bodies, their records and the rejected records, taken as they are) or an array of bodies
   * (each its JSON text or {json, records}); `replies[i]` the answer's text to body i (null or
   * undefined: no answer). `options.rows`: the input row of each record, by index.
   */
  function audienceOutcome(built, replies, options = {}) {
    let bodies;
    let rejected;
    if (Array.isArray(built)) {
      bodies = built.map((b, i) => bodyArg(b, undefined, i));
    } else if (isPlainObject(built) && Array.isArray(built.bodies)) {
      const records = Array.isArray(built.records) ? built.records : [];
      bodies = built.bodies.map((b, i) => bodyArg(b, records[i], i));
      if (Array.isArray(built.rejected)) rejected = built.rejected.map((r) => ({ index: r?.index, code: r?.code }));
    } else {
      throw new PreflightError('invalid_argument', 'audienceOutcome: the bodies must be the result of buildAudienceBodies or an array of bodies');
    }
    if (!Array.isArray(replies)) throw new PreflightError('invalid_argument', 'audienceOutcome: the answers must be an array, one per body');
    const texts = Array.from(replies, (a, i) => (a === null || a === undefined ? null : replyText(a, i)));
    if (!isPlainObject(options)) throw new PreflightError('invalid_argument', 'audienceOutcome: options must be an object');
    const args = { bodies, answers: texts };
    if (rejected !== undefined) args.rejected = rejected;
    if (options.rows !== undefined && options.rows !== null) args.rows = options.rows;
    return answers.answersCall('audience_outcome', args);
  }

  return { readProductAnswer, audienceOutcome };
}
