// Error bodies and OAuth token answers (document A §2, §3, §7; docs/ANSWERS.md): the platform's
// default failure body (Error or Problem, its sub-shape by `type` suffix) and the answers of
// oauth/request_token, oauth/access_token and 1.1/oauth/invalidate_token. The rules, issues and
// errors are the core's (src/answers/problem.rs, src/answers/oauth.rs); this file converts the
// arguments and keeps the tokens of a token answer out of logs: the answer's `toJSON()` and its
// Node `util.inspect` form write `<redacted>` for the tokens, secrets and the user's id and
// name (read them as members: `answer.oauth_token_secret`).
import { answerText } from './answers.js';
import { PreflightError } from './core.js';

const REDACTED = '<redacted>';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');
/** The members of a token answer that hold a token, a secret or the user's identity. */
const SECRET_MEMBERS = ['oauth_token', 'oauth_token_secret', 'access_token', 'user_id', 'screen_name'];
const ERROR_BODY_OPTIONS = ['contentType', 'status'];

/** A copy of `answer` with its secret members (and the values of `extra`) redacted. */
function redacted(answer) {
  const out = {};
  for (const [name, value] of Object.entries(answer)) {
    if (SECRET_MEMBERS.includes(name) && value !== null) out[name] = REDACTED;
    else if (name === 'extra' && value !== null && typeof value === 'object') {
      out.extra = Object.fromEntries(Object.keys(value).map((k) => [k, REDACTED]));
    } else out[name] = value;
  }
  return out;
}

/** The result of a token reader, with `toJSON` and the inspect form redacting its secrets. */
function tokenAnswer(answer) {
  const hidden = { enumerable: false, configurable: false, writable: false };
  Object.defineProperty(answer, 'toJSON', { ...hidden, value: () => redacted(answer) });
  Object.defineProperty(answer, INSPECT, { ...hidden, value: () => redacted(answer) });
  Object.defineProperty(answer, 'toString', { ...hidden, value: () => '[token answer <redacted>]' });
  return answer;
}

/** @param {ReturnType<import('./answers.js').answersApi>} answers */
export function errorsApi(answers) {
  /**
   * An error body read: `{shape, problem, error, errors, issues}`. `options`: `contentType` (the
   * Content-Type header), `status` (the HTTP status). Also takes the three in one object,
   * `readErrorBody({text, contentType, status})`.
   */
  function readErrorBody(text, options = {}) {
    // The call's own form, one object: readErrorBody({text, contentType, status}).
    if (text !== null && typeof text === 'object' && !(text instanceof Uint8Array) && !(text instanceof ArrayBuffer)
      && !Array.isArray(text) && arguments.length === 1) {
      const { text: body, ...rest } = text;
      return readErrorBody(body, rest);
    }
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new PreflightError('bad_options', 'readErrorBody: options must be an object');
    }
    const args = { text: answerText(text) };
    for (const name of Object.keys(options)) {
      if (!ERROR_BODY_OPTIONS.includes(name)) {
        throw new PreflightError('bad_options', `readErrorBody: unknown option; expected ${ERROR_BODY_OPTIONS.join(', ')}`);
      }
    }
    if (options.contentType !== undefined && options.contentType !== null) args.content_type = options.contentType;
    if (options.status !== undefined && options.status !== null) args.status = options.status;
    return answers.answersCall('error_body', args);
  }

  /** The request-token answer; throws `callback_not_confirmed`, `invalid_token_answer`. */
  function readRequestToken(text) {
    return tokenAnswer(answers.answersCall('request_token', { text: answerText(text) }));
  }

  /** The access-token answer; throws `invalid_token_answer`. */
  function readAccessToken(text) {
    return tokenAnswer(answers.answersCall('access_token', { text: answerText(text) }));
  }

  /** The invalidate-token answer `{access_token}`; throws `invalid_json` for text that is not JSON. */
  function readInvalidateToken(text) {
    return tokenAnswer(answers.answersCall('invalidate_token', { text: answerText(text) }));
  }

  return { readErrorBody, readRequestToken, readAccessToken, readInvalidateToken };
}
