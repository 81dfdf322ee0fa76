// Types of the error-body and token-answer readers (lib/answers-errors.js): document A §2, §3,
// §7 (docs/ANSWERS.md, "Error bodies" and "OAuth token answers"). Hand-written.
import type { AnswerIssue, AnswerText } from './answers.js';

/** Members the spec does not document, kept as written. */
export type AnswerExtra = Record<string, unknown>;

/** What a documented Error code means (document A §7 "Other codes"). */
export type ErrorCodeMeaning =
  | 'token_invalid'
  | 'bearer_token_requests_too_frequent'
  | 'direct_message_permission_missing';

/** An Error object (document A §2): `code` (int32) and `message`; null when absent or of the wrong type. */
export interface ErrorObject {
  shape: 'error';
  code: number | null;
  message: string | null;
  /** What the code means, for codes 89, 99 and 93; null for any other. */
  meaning: ErrorCodeMeaning | null;
  extra: AnswerExtra;
}

/** The documented Problem type suffixes (document A §7). */
export type ProblemSuffix =
  | 'client-disconnected'
  | 'client-forbidden'
  | 'conflict'
  | 'disallowed-resource'
  | 'duplicate-rules'
  | 'invalid-request'
  | 'invalid-rules'
  | 'noncompliant-rules'
  | 'not-authorized-for-field'
  | 'not-authorized-for-resource'
  | 'operational-disconnect'
  | 'resource-not-found'
  | 'resource-unavailable'
  | 'rule-cap'
  | 'streaming-connection'
  | 'unsupported-authentication'
  | 'usage-capped';

/** One item of `invalid-request`'s `errors`. */
export interface InvalidRequestError {
  message: string | null;
  /** Each parameter's name and values; null when absent or not an object. */
  parameters: Record<string, string[]> | null;
  extra: AnswerExtra;
}

/** A Problem (RFC 7807, document A §2): its members, its documented suffix, the sub-shape's members. */
export interface Problem {
  shape: 'problem';
  type: string | null;
  /** The documented suffix `type` ends with (after its last `/`); null for `about:blank` and any other type. */
  suffix: ProblemSuffix | null;
  title: string | null;
  detail: string | null;
  status: number | null;
  /**
   * The sub-shape's documented members, each null when absent or of the wrong type (values
   * outside a documented list are kept, and reported): `reason`, `registration_url`,
   * `resource_id`, `resource_type`, `section`, `id`, `value`, `errors`, `field`, `parameter`,
   * `disconnect_type`, `connection_issue`, `period`, `scope`, as the suffix documents them; `{}`
   * for a generic Problem.
   */
  fields: Record<string, unknown> & { errors?: InvalidRequestError[] | null };
  extra: AnswerExtra;
}

/** An error body read by {@link readErrorBody}: the member of its shape set, the others null. */
export interface ErrorBody {
  shape: 'problem' | 'error' | 'errors' | 'unknown';
  problem: Problem | null;
  error: ErrorObject | null;
  /** `{"errors": [...]}`: each item a Problem (it has `type` or `title`) or an Error. */
  errors: Array<Problem | ErrorObject> | null;
  /** The documented rules the body breaks (`required`, `wrong_type`, `not_in_enum`, `content_type_mismatch`, ...). */
  issues: AnswerIssue[];
}

/** The options of {@link readErrorBody}. */
export interface ErrorBodyOptions {
  /** The Content-Type header (`application/problem+json`, `application/json; charset=utf-8`, ...). */
  contentType?: string | null;
  /** The HTTP status (100 to 599). */
  status?: number | null;
}

/**
 * A token answer: read its members directly. Its `toJSON()`, `toString()` and Node
 * `util.inspect` form write `<redacted>` for the tokens, the secrets, the user's id and name
 * and the values of `extra`, so that logging the answer leaks none of them.
 */
export interface TokenAnswerBase {
  /** Members the spec does not name (answer text: keep out of logs). */
  extra: Record<string, string | unknown>;
  issues: AnswerIssue[];
  toJSON(): Record<string, unknown>;
}

/** The answer of oauth/request_token, its callback confirmed. */
export interface RequestTokenAnswer extends TokenAnswerBase {
  /** SECRET: the request token. */
  oauth_token: string;
  /** SECRET: its secret. */
  oauth_token_secret: string;
  oauth_callback_confirmed: true;
}

/** The answer of oauth/access_token. */
export interface AccessTokenAnswer extends TokenAnswerBase {
  /** SECRET: the user's access token. */
  oauth_token: string;
  /** SECRET: its secret. */
  oauth_token_secret: string;
  /** The authorizing user's id; null (with a `required` issue) when missing. */
  user_id: string | null;
  /** The authorizing user's handle; null (with a `required` issue) when missing. */
  screen_name: string | null;
}

/** The answer of 1.1/oauth/invalidate_token: `{access_token}`. */
export interface InvalidateTokenAnswer extends TokenAnswerBase {
  /** SECRET: the revoked token; null (with an issue) when missing or not a string. */
  access_token: string | null;
}

/**
 * Reads the platform's default failure body (an Error or a Problem). Throws `invalid_json` or
 * `too_deep` for text that is not JSON, `bad_options`, `bad_arguments`.
 */
export declare function readErrorBody(text: AnswerText, options?: ErrorBodyOptions): ErrorBody;
/** {@link readErrorBody} with the text and its options in one object. */
export declare function readErrorBody(body: ErrorBodyOptions & { text: AnswerText }): ErrorBody;

/**
 * Reads the answer of oauth/request_token (form-encoded, or a JSON object). Throws
 * `callback_not_confirmed` when `oauth_callback_confirmed` is anything but the literal `true`
 * (do not use the request token), and `invalid_token_answer` (not such a form, a name written
 * twice, a token or secret missing).
 */
export declare function readRequestToken(text: AnswerText): RequestTokenAnswer;

/** Reads the answer of oauth/access_token. Throws `invalid_token_answer`. */
export declare function readAccessToken(text: AnswerText): AccessTokenAnswer;

/** Reads the answer of 1.1/oauth/invalidate_token. Throws `invalid_json` for text that is not JSON. */
export declare function readInvalidateToken(text: AnswerText): InvalidateTokenAnswer;
