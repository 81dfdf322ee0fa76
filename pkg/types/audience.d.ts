// Types of the audience-identifier API (lib/audience.js): normalization and SHA-256 hashing of
// identifiers (shared/spec/audience-identifiers.md), one at a time, in bulk, streaming, and
// upload bodies for the custom audience users and do-not-reach users endpoints.
// Hand-written, except the name and code unions (IdType, IdErrorCode, AudienceErrorCode, ...):
// generated from the Rust lists into codes.d.ts by scripts/gen-payload-types.mjs.
import type {
  AudienceErrorCode,
  BatchErrorCode,
  IdType,
  PhoneFormat,
  RecordErrorCode,
  ValueErrorCode,
} from './codes.js';
export type {
  AudienceErrorCode,
  BatchErrorCode,
  IdErrorCode,
  IdType,
  PhoneFormat,
  RecordErrorCode,
  ValueErrorCode,
} from './codes.js';

/**
 * Options of normalization and hashing. Every member is optional (`undefined` and `null` mean
 * the default); any other member is a `bad_options` error, so a typo never silently changes
 * what gets hashed.
 */
export interface HashOptions {
  /** `'e164'` (default): `+16175551212`; `'digits'`: `16175551212`. */
  phoneFormat?: PhoneFormat | null | undefined;
  /**
   * An assigned country calling code (1 to 3 digits, no `+`, e.g. `'44'`) for phone numbers
   * written without `+` or `00`: its international call prefix (`011` for `'1'`) introduces a
   * calling code, else its national prefix (`1` for `'1'`, `0` for `'44'`, none for `'39'`) is
   * dropped and the code prepended. Without it such numbers are `missing_country_code` errors.
   * Digits that begin with the code itself are also read as the code written without `+`
   * (`'447911123456'` with `'44'`); when both readings give a possible number and differ
   * (`'919876543210'` with `'91'`), the value is an `ambiguous_country_code` error, never a guess.
   */
  defaultCountryCode?: string | null | undefined;
  /**
   * The values are already SHA-256 digests: each must be 64 hex digits and is lowercased, never
   * hashed again (`invalid_prehashed` otherwise). `partner_user_id` is unaffected.
   */
  prehashed?: boolean | null | undefined;
}

/** A rejected value of a bulk call. */
export interface HashError {
  /** The value's position in the input (for streaming: counted from the start of the stream). */
  index: number;
  code: ValueErrorCode;
}

/** Results of a bulk call, in input order. */
export interface HashResult {
  /**
   * One slot per value: 64 lowercase hex digits (for `partner_user_id` the value itself, not
   * hashed), or `null` when the value was rejected.
   */
  hashes: (string | null)[];
  /** The rejected values, in index order. */
  errors: HashError[];
}

/** Results of the lines one call of a {@link LineHasher} completed. */
export interface LineHasherResult extends HashResult {
  /** The index of `hashes[0]` in the whole stream (the number of lines completed before). */
  firstIndex: number;
}

/**
 * Streaming {@link hashLines}: holds at most one partial line, so a file of any size can be
 * hashed chunk by chunk.
 */
export interface LineHasher {
  /**
   * Feeds the next chunk, split anywhere (inside a line, between `\r` and `\n`, inside a UTF-8
   * sequence or a surrogate pair). Returns the results of the lines it completed.
   * @throws {PreflightError} `invalid_argument` for another type of chunk; `hasher_finished`;
   *   `hasher_invalidated` after an `internal_error` (its instance was discarded).
   */
  push(chunk: Uint8Array | ArrayBufferView | ArrayBuffer | string): LineHasherResult;
  /**
   * Hashes the last line (when not empty) and returns the results not yet returned, then frees
   * the engine's memory: the hasher cannot be used afterwards.
   * @throws {PreflightError} `hasher_finished` when called twice; `hasher_invalidated`.
   */
  finish(): LineHasherResult;
  /** Frees the engine's memory without finishing (a stream abandoned half-way). Idempotent. */
  free(): void;
}

/** The endpoint an upload body is for. */
export type AudienceEndpoint = 'custom_audience_users' | 'do_not_reach_users';

/** The operation of an upload body. */
export type AudienceOperation = 'Update' | 'Delete';

/**
 * One user: raw identifier values per type, each a string or an array of strings (several
 * emails of one person). `undefined` and `null` mean none. The do-not-reach endpoint takes
 * `email` and `phone_number` only.
 */
export type AudienceRecord = {
  [T in IdType]?: string | readonly string[] | null | undefined;
} & {
  /**
   * The user's own country, for phone numbers written without `+` or `00`: a calling code
   * (`'44'`, `'+44'`, `'0044'`) or an ISO 3166-1 alpha-2 region (`'GB'`); absent, null or empty:
   * `defaultCountryCode`. One that names no country leaves the user's phone numbers out
   * (`invalid_country`), never a guess. Not sent.
   */
  country?: string | null;
};

/** Options of {@link buildAudienceBodies}: the hash options and the body's parameters. */
export interface AudienceBodyOptions extends HashOptions {
  operation: AudienceOperation;
  /**
   * `params.effective_at`: ISO 8601 in UTC (`Z`), sent as given; or a Date, sent as its instant
   * in UTC (`toISOString()`, without `.000` on a whole second: `2030-01-01T00:00:00Z`; an invalid
   * Date is `invalid_effective_at`). Custom audience only.
   */
  effectiveAt?: string | Date | null | undefined;
  /**
   * `params.expires_at`: ISO 8601 in UTC, later than `effectiveAt` (or `now`); a Date as for
   * `effectiveAt`. Required by the do-not-reach endpoint.
   */
  expiresAt?: string | Date | null | undefined;
  /** The current time (ISO 8601 UTC, or a Date) for the "expires later than now" check; without it, `Date.now()` (as `validate` reads it). */
  now?: string | Date | null | undefined;
  /** Users per body, 1 to 2500 (default 2500). */
  maxUsersPerBody?: number | null | undefined;
  /** Bytes per body, 1 to 5,000,000 (default 5,000,000). */
  maxBodyBytes?: number | null | undefined;
}

/** A record left out of the bodies. */
export interface RecordRejection {
  /** The record's index in the input. */
  index: number;
  /** The field at fault; `null` for a problem of the whole record. */
  field: IdType | null;
  /** The bad value's position in the field's values, for an invalid value. */
  valueIndex: number | null;
  code: RecordErrorCode;
}

/** The result of {@link buildAudienceBodies}. */
export interface AudienceBodies {
  /**
   * The request bodies: exact JSON texts, each one operation object of at most 2500 users and
   * at most 5,000,000 UTF-8 bytes. Empty when no record was accepted.
   */
  bodies: string[];
  /** For each body, the input indexes of its users, in order (maps `operation_errors` back). */
  records: number[][];
  /**
   * The records left out, in input order, with every problem of each: a record is left out only
   * when nothing valid is left (or it is too large alone).
   */
  rejected: RecordRejection[];
  /**
   * Values left out of records that were sent (invalid, or a field the endpoint does not take),
   * in input order: the record keeps every valid identifier.
   */
  dropped: RecordRejection[];
}

/** The shape of a PreflightError thrown by an audience function (narrow with `instanceof`). */
export interface AudienceError extends Error {
  readonly name: 'PreflightError';
  readonly code: AudienceErrorCode;
}

/**
 * The normalized form of one value: what gets hashed (for `partner_user_id` the value itself;
 * with `prehashed` the lowercased digest).
 * @throws {PreflightError} the value's {@link ValueErrorCode}; `unknown_id_type`,
 *   `bad_options`, `unknown_phone_format`, `invalid_default_country_code`.
 */
export declare function normalizeIdentifier(type: IdType, value: string, options?: HashOptions | null): string;

/**
 * One value as sent to the API: SHA-256 of the normalized form as 64 lowercase hex digits
 * (`partner_user_id` verbatim, never hashed).
 * @throws {PreflightError} as {@link normalizeIdentifier}.
 */
export declare function hashIdentifier(type: IdType, value: string, options?: HashOptions | null): string;

/**
 * Many values: slot i is exactly `hashIdentifier(type, values[i])`, or null with an entry in
 * `errors` (a value may contain anything, a newline included: it is never split).
 * @throws {PreflightError} `unknown_id_type`, `bad_options`, `unknown_phone_format`,
 *   `invalid_default_country_code`; `invalid_argument` when `values` is not an array;
 *   `input_too_large` when the engine cannot reserve a block of the values (at most 32,768
 *   values and 2 Mi UTF-16 units, staged at three bytes per unit: a few megabytes). A value of
 *   more than 65,536 UTF-16 units is `too_long` in `errors`, never copied into the engine; a
 *   hole of `values` is `not_a_string`.
 */
export declare function hashIdentifiers(type: IdType, values: readonly string[], options?: HashOptions | null): HashResult;

/**
 * Newline-separated text (`\n` or `\r\n`): line i is slot i. A final line ending does not start
 * another line; empty lines in between are `empty` errors; one byte-order mark at the very start
 * is dropped. Given as bytes, a line that is not UTF-8 is an `invalid_utf8` error. Any length:
 * the text reaches the engine 64 KiB at a time (the result holds one slot per line).
 * @throws {PreflightError} as {@link hashIdentifiers}.
 */
export declare function hashLines(type: IdType, text: string | Uint8Array, options?: HashOptions | null): HashResult;

/**
 * A streaming {@link hashLines}. Call `finish()` at the end (or `free()` to abandon).
 * @throws {PreflightError} `unknown_id_type`, `bad_options`, `unknown_phone_format`,
 *   `invalid_default_country_code`.
 */
export declare function createLineHasher(type: IdType, options?: HashOptions | null): LineHasher;

/**
 * Request bodies for `endpoint`: every identifier normalized and hashed, the users grouped into
 * one `operation` per body, split so that each body keeps both limits (2500 users, 5,000,000
 * bytes of the exact text), input order kept. A record keeps every valid identifier: an invalid
 * value, or a field the endpoint does not take, is left out (`dropped`); the record is rejected
 * only when nothing is left, it has no value, or it is too large alone.
 * @throws {PreflightError} a {@link BatchErrorCode}; `bad_options` (including a missing
 *   `operation`), `unknown_phone_format`, `invalid_default_country_code`; `invalid_argument`
 *   when `records` is not an array; `invalid_record` when a record is not an object, has a
 *   member that is not an identifier type or `country`, or a `country` that is not a string.
 */
export declare function buildAudienceBodies(
  endpoint: AudienceEndpoint,
  records: readonly AudienceRecord[],
  options: AudienceBodyOptions,
): AudienceBodies;
