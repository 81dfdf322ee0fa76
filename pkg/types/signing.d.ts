// Types of the signing API (lib/signing.js): webhook CRC answers, event signatures, OAuth 1.0a
// request signing and OAuth 2.0 app-only credentials (shared/spec/signing.md, Document A).
// Hand-written, except SigningErrorCode: generated from SigningError::code() in
// src/signing/mod.rs and the wrapper's own codes into codes.d.ts by scripts/gen-payload-types.mjs.
import type { SigningErrorCode } from './codes.js';
export type { SigningErrorCode } from './codes.js';

/**
 * A consumer secret (HMAC key): a string (used as its UTF-8 bytes) or raw bytes. For
 * verification, `undefined` and `null` are accepted too and mean "no secret": never verified.
 */
export type SecretInput = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * A request body exactly as received. Pass the **raw bytes** (a Node Buffer or a Uint8Array from
 * `await request.arrayBuffer()`): the platform signs the bytes it sent, so a body decoded and
 * re-encoded, or parsed and re-serialized, does not verify. A string is verified as its UTF-8
 * bytes (right only when it is the exact UTF-8 decoding of the raw bytes).
 */
export type BodyInput = Uint8Array | ArrayBuffer | ArrayBufferView | string;

/**
 * The body argument of {@link verifySignature}: `undefined` or `null` (a framework that kept no
 * raw body) is never verified (`false`), never an error.
 */
export type MaybeBody = BodyInput | null | undefined;

/**
 * The headers of a request, to read the signature header from: a WHATWG `Headers` or a `Map`
 * (anything with `forEach(value, name)` and `get`), or a plain object such as Node's
 * `IncomingHttpHeaders` (`req.headers`). Names match ASCII case-insensitively. A header that
 * appears more than once, or whose value is an array (as every value of Node's
 * `req.headersDistinct` is) or not a string, is not verified: pass `req.headers`.
 */
export type HeadersInput =
  | { forEach(callback: (value: string, name: string) => void): void; get(name: string): string | null | undefined }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The signature header: its value (a string), the request's headers ({@link HeadersInput}), or
 * `null`/`undefined` for none (never verified). An array stands for a repeated header: never
 * verified.
 */
export type SignatureHeaderInput = string | readonly string[] | HeadersInput | null | undefined;

/** Options of {@link verifySignature} and {@link verifyCrcRequest}. Unknown members: `bad_options`. */
export interface VerifyOptions {
  /**
   * The header carrying the signature when a headers object is given (ignored for a string).
   * An HTTP field name, matched ASCII case-insensitively. Default `x-service-webhooks-signature`.
   */
  headerName?: string | undefined;
}

/**
 * A deliberately widened (or narrowed) CRC token policy. Any member given replaces the default
 * policy with `CrcTokenPolicy::custom(minLength ?? 16, maxLength ?? 128, extraChars ?? '')`;
 * `A-Z a-z 0-9 + / = _ -` stay allowed. Refused (`invalid_crc_policy`): a minimum of 0, a minimum
 * above the maximum, a maximum above 1024, an extra character that is not printable ASCII.
 * Unknown members: `bad_options`.
 */
export interface CrcTokenOptions {
  /** Fewest characters signed (default 16). */
  minLength?: number | undefined;
  /** Most characters signed (default 128, at most 1024). */
  maxLength?: number | undefined;
  /** Further printable ASCII characters allowed (no space). */
  extraChars?: string | undefined;
}

/** A CRC response token or an event signature header value. */
export type Sha256Signature = `sha256=${string}`;

/** The body of the CRC answer (send it as JSON with status 200). */
export interface CrcResponse {
  response_token: Sha256Signature;
}

/**
 * The CRC `response_token`: `sha256=` + base64(HMAC-SHA256(consumerSecret, crcToken)).
 *
 * Signing-oracle guard: only tokens of 16 to 128 characters of `A-Z a-z 0-9 + / = _ -` are signed
 * (widen with `options` deliberately); anything else throws `crc_token_shape` and is never signed.
 *
 * @throws {PreflightError} `crc_token_shape`; `missing_crc_token` (undefined or null);
 *   `empty_secret` (empty, undefined or null secret); `invalid_crc_policy`; `bad_options`;
 *   `invalid_argument` (a wrong type, a secret with a lone surrogate).
 */
export declare function crcResponseToken(
  consumerSecret: SecretInput,
  crcToken: string,
  options?: CrcTokenOptions | null,
): Sha256Signature;

/** `{response_token: crcResponseToken(...)}`; throws as {@link crcResponseToken}. */
export declare function crcResponse(
  consumerSecret: SecretInput,
  crcToken: string,
  options?: CrcTokenOptions | null,
): CrcResponse;

/**
 * Whether `signatureHeader` is `sha256=` + base64(HMAC-SHA256(consumerSecret, body)) for the raw
 * body bytes, compared in constant time (in Rust, `verify_slice`).
 *
 * Fails closed: `false` (never a throw) for a missing, empty, repeated or array-valued header, an
 * empty or missing secret, a missing `sha256=` prefix (case-sensitive), bad or non-canonical
 * base64, a wrong length, a mismatch, a header value over 4096 characters, a string with a lone
 * UTF-16 surrogate, a body over 64 MiB, and a missing body (`undefined` or `null`: a framework
 * that kept no raw body; an express handler then answers 403, not 500).
 *
 * @throws {PreflightError} only for a wrong call: `invalid_argument` (a wrong-typed secret, body
 *   or header argument; a body that is an object, such as the parsed JSON `express.json()`
 *   leaves in `req.body`, says how to keep the raw bytes in Express, Fastify and Next.js),
 *   `bad_options`; `internal_error` (a failure inside the module).
 */
export declare function verifySignature(
  consumerSecret: SecretInput | null | undefined,
  body: MaybeBody,
  signatureHeader: SignatureHeaderInput,
  options?: VerifyOptions | null,
): boolean;

/**
 * Whether the optional signature of a CRC GET verifies its raw query string: the query exactly
 * as on the request line, **without** the leading `?`, undecoded (the core's assumption: same
 * `sha256=<base64>` form and key as event signatures). Headers and failures as
 * {@link verifySignature}; the header name defaults to `x-service-webhooks-signature` (the spec
 * does not name the CRC header: pass `options.headerName` for your deployment).
 */
export declare function verifyCrcRequest(
  consumerSecret: SecretInput | null | undefined,
  rawQuery: string,
  signatureHeader: SignatureHeaderInput,
  options?: VerifyOptions | null,
): boolean;

/** A step of Document A's OAuth 1.0a flow; `oauth1Sign` checks its rules before signing. */
export type Oauth1Step = 'request_token' | 'authorize' | 'authenticate' | 'access_token' | 'invalidate_token';

/**
 * Query and `application/x-www-form-urlencoded` body parameters, decoded (never a JSON body):
 * [name, value] pairs, a `URLSearchParams`, a `Map`, or a plain object whose array values are
 * repeated names. Names starting with `oauth_` are refused
 * (`oauth_parameter_in_params`): protocol parameters go in the fields below.
 */
export type Oauth1Params =
  | ReadonlyArray<readonly [string, string]>
  | URLSearchParamsLike
  | ReadonlyMap<string, string>
  | Readonly<Record<string, string | readonly string[]>>;

/** A `URLSearchParams` (structurally, so the types need neither the DOM nor Node's lib). */
export interface URLSearchParamsLike {
  forEach(callback: (value: string, name: string) => void): void;
  getAll(name: string): string[];
}

/** The fields every OAuth 1.0a request has. Unknown members: `bad_options`. */
export interface Oauth1RequestBase {
  /** HTTP method (uppercased for the base string). */
  method: string;
  /** The request URL, `http` or `https`, with its own query (signed too). */
  url: string;
  params?: Oauth1Params | null | undefined;
  consumerKey: string;
  consumerSecret: string;
  /** `oauth_token` (request token or access token). */
  token?: string | null | undefined;
  /** The secret paired with `token`; may be empty. */
  tokenSecret?: string | null | undefined;
  /** A fixed ASCII `oauth_nonce` (reproducible tests); otherwise 32 random bytes as 64 hex digits. */
  nonce?: string | null | undefined;
  /**
   * A fixed `oauth_timestamp`, otherwise `Math.floor(Date.now() / 1000)`: whole seconds since
   * 1970 (> 0) as a number or as its decimal digits (`'1700000000'`: no sign, space, exponent or
   * leading zero), or a Date (the second it falls in: `Math.floor(date.getTime() / 1000)`, never
   * its milliseconds). Anything else, an invalid Date included: `invalid_timestamp`; so is a
   * number above 99999999999 (10^11 - 1 seconds, the year 5138), which can only be milliseconds
   * (`Date.now()`): the message says to divide it by 1000.
   */
  timestamp?: number | string | Date | null | undefined;
  /** `oauth_callback`: an absolute URL or `'oob'`. */
  callback?: string | null | undefined;
  /** `oauth_verifier`. */
  verifier?: string | null | undefined;
  /** `realm` of the header (never signed). */
  realm?: string | null | undefined;
  /** Leave out `oauth_version="1.0"` (optional in RFC 5849; the platform lists it). */
  omitVersion?: boolean | null | undefined;
  /** Document A's flow step whose rules are checked before signing; none for a plain request. */
  step?: Oauth1Step | null | undefined;
}

/** `POST oauth/request_token`: `oauth_callback` required; no token, no verifier. */
export interface Oauth1RequestTokenRequest extends Oauth1RequestBase {
  step: 'request_token';
  callback: string;
  token?: null | undefined;
  tokenSecret?: null | undefined;
  verifier?: null | undefined;
}

/** `GET oauth/authorize` or `oauth/authenticate`: never an `oauth_callback`, no verifier. */
export interface Oauth1AuthorizeRequest extends Oauth1RequestBase {
  step: 'authorize' | 'authenticate';
  callback?: null | undefined;
  verifier?: null | undefined;
}

/** `POST oauth/access_token`: the request token and `oauth_verifier` required. */
export interface Oauth1AccessTokenRequest extends Oauth1RequestBase {
  step: 'access_token';
  token: string;
  verifier: string;
}

/** `POST 1.1/oauth/invalidate_token`: signed with the token to revoke; nothing else. */
export interface Oauth1InvalidateTokenRequest extends Oauth1RequestBase {
  step: 'invalidate_token';
  token: string;
  callback?: null | undefined;
  verifier?: null | undefined;
}

/** A request without flow checks. */
export interface Oauth1PlainRequest extends Oauth1RequestBase {
  step?: null | undefined;
}

/** What {@link oauth1Sign} takes. */
export type Oauth1Request =
  | Oauth1PlainRequest
  | Oauth1RequestTokenRequest
  | Oauth1AuthorizeRequest
  | Oauth1AccessTokenRequest
  | Oauth1InvalidateTokenRequest;

/** A signed OAuth 1.0a request. */
export interface Oauth1Signature {
  /** `oauth_signature`: base64 of HMAC-SHA1, not percent-encoded. */
  signature: string;
  /** The signature base string that was signed (RFC 5849 §3.4.1.1). */
  baseString: string;
  /** The whole `Authorization` header value. */
  authorizationHeader: `OAuth ${string}`;
  /** The nonce used (given or generated). */
  nonce: string;
  /** The timestamp used (given or generated), in seconds. */
  timestamp: number;
}

/**
 * Signs an OAuth 1.0a request with HMAC-SHA1 (RFC 5849). When `nonce` or `timestamp` is missing
 * they are generated from `globalThis.crypto.getRandomValues` (32 bytes) and `Date.now()`.
 *
 * @throws {PreflightError} the core's codes (`invalid_url`, `empty_secret`, `non_ascii_nonce`,
 *   `missing_oauth_callback`, `forbidden_oauth_callback`, `missing_oauth_verifier`,
 *   `wrong_method`, `insecure_url`, `unknown_flow_step`, ...), `missing_entropy` when no
 *   `crypto.getRandomValues` exists, `invalid_argument`, `bad_options`.
 */
export declare function oauth1Sign(request: Oauth1Request): Oauth1Signature;

/**
 * The value after `Basic ` of `POST oauth2/token`: base64(urlencode(apiKey) ":" urlencode(apiSecret)).
 * @throws {PreflightError} `empty_api_key`, `empty_secret`, `invalid_argument`.
 */
export declare function basicCredentials(apiKey: string, apiSecret: string): string;

/** The body of `POST oauth2/token` (content type `application/x-www-form-urlencoded;charset=UTF-8`). */
export declare function tokenRequestBody(): 'grant_type=client_credentials';
