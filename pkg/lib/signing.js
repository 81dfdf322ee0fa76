// Signing and verification: CRC tokens, event signatures, OAuth 1.0a, app-only credentials
// (shared/spec/signing.md, Document A). The cryptography, the signing-oracle guard, the header
// rules and the constant-time comparison are the Rust core's (src/signing/); this file only
// checks the JavaScript arguments and converts them.
//
// Security rules of this file:
// - every check fails closed: a verification is `true` only when the core verified the signature;
// - a secret never appears in a message, a `cause` or any other thrown value: messages name
//   arguments and limits, never values (the core's messages hold no input value either);
// - a string that cannot be encoded as UTF-8 without change (a lone UTF-16 surrogate) is never
//   passed on: the glue would silently turn it into U+FFFD and sign or verify another text.
import { PreflightError, isWellFormed, own, ownKeys, plain } from './core.js';
import { engineOf } from './engine.js';

/** The largest body (or raw query) verified, in bytes; larger ones are not verified. */
export const MAX_SIGNED_BYTES = 64 * 1024 * 1024;

/**
 * Header values longer than this are not verified without even being copied into the module
 * (a valid one is `sha256=` and 44 base64 characters: 51).
 */
const MAX_HEADER_VALUE_LENGTH = 4096;

/** HTTP field-name (RFC 9110 token). */
const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const utf8 = new TextEncoder();

/** The last string secret seen and its UTF-8 bytes (see secretBytes). */
let lastSecret = null;
let lastSecretBytes = null;


/** Lowercases A-Z only, as HTTP field names compare (`toLowerCase` also folds e.g. U+212A). */
const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

const isPlainObject = (v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

const invalid = (message) => new PreflightError('invalid_argument', message);

/** The UTF-8 length of a well-formed string. */
function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Whether a well-formed string's UTF-8 form is larger than MAX_SIGNED_BYTES. */
function tooLarge(s) {
  if (s.length > MAX_SIGNED_BYTES) return true;
  // At most 3 UTF-8 bytes per UTF-16 unit: short strings need no count.
  return s.length * 3 > MAX_SIGNED_BYTES && utf8Length(s) > MAX_SIGNED_BYTES;
}

/** Bytes of an ArrayBuffer or any ArrayBufferView (Uint8Array, Buffer, DataView, ...), or null. */
function bytesOf(v) {
  if (v instanceof Uint8Array) return v;
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (typeof SharedArrayBuffer !== 'undefined' && v instanceof SharedArrayBuffer) return new Uint8Array(v);
  return null;
}

/**
 * A consumer secret as bytes: a string (its UTF-8 bytes) or bytes. `null` for a missing secret
 * (undefined or null: an unset environment variable) and for a string with a lone surrogate (no
 * UTF-8 form); throws `invalid_argument` for any other type.
 */
function secretBytes(secret, what = 'consumerSecret') {
  if (secret === undefined || secret === null) return null;
  if (typeof secret === 'string') {
    // A receiver verifies every request with the same secret: its UTF-8 bytes are kept for the
    // next call (the string itself stays alive in the caller anyway). Never handed out, never
    // written to (the glue copies from it).
    if (secret !== lastSecret) {
      if (!isWellFormed(secret)) return null;
      lastSecretBytes = utf8.encode(secret);
      lastSecret = secret;
    }
    return lastSecretBytes;
  }
  const bytes = bytesOf(secret);
  if (bytes === null) {
    throw invalid(`${what} must be a string or a Uint8Array (got ${describe(secret)})`);
  }
  return bytes;
}

/** A secret that is about to be used for signing: missing is `empty_secret`, a lone surrogate a wrong argument. */
function signingSecret(secret, what = 'consumerSecret') {
  if (secret === undefined || secret === null) {
    throw new PreflightError('empty_secret', `no ${what} was given; nothing is signed without a key`);
  }
  const bytes = secretBytes(secret, what);
  if (bytes === null) {
    throw invalid(`${what} contains a lone UTF-16 surrogate and has no UTF-8 form`);
  }
  return bytes;
}

/** The options of crcResponseToken and crcResponse. */
export const CRC_OPTION_KEYS = Object.freeze(['minLength', 'maxLength', 'extraChars']);
/** The options of verifySignature and verifyCrcRequest. */
export const VERIFY_OPTION_KEYS = Object.freeze(['headerName']);

/**
 * Checks an options argument: undefined/null or a plain object with only `allowed` keys. Returns
 * a null-prototype copy of its own members (lib/core.js `own`): an inherited one is no option.
 */
function optionsObject(options, allowed, fn) {
  const copy = Object.create(null);
  if (options === undefined || options === null) return copy;
  if (!isPlainObject(options)) throw new PreflightError('bad_options', `${fn}: options must be a plain object`);
  for (const key of ownKeys(options, `${fn}: options`)) {
    // The key itself is not quoted: nothing from the caller goes into a message.
    if (!allowed.includes(key)) {
      throw new PreflightError('bad_options', `${fn}: options has an unknown member; allowed: ${allowed.join(', ')}`);
    }
  }
  for (const key of allowed) copy[key] = own(options, key, `${fn}: options`);
  return copy;
}

/**
 * The header name to look for: the default, or `options.headerName` (an HTTP field name).
 * @param {string} fallback
 */
function headerNameOption(options, fn, fallback) {
  const o = optionsObject(options, VERIFY_OPTION_KEYS, fn);
  if (o.headerName === undefined) return fallback;
  if (typeof o.headerName !== 'string' || !TOKEN_RE.test(o.headerName)) {
    throw new PreflightError('bad_options', `${fn}: options.headerName must be a non-empty HTTP field name`);
  }
  return o.headerName;
}

const REFUSED = Symbol('refused');

/**
 * The signature header's value from the signatureHeader argument: a string, `undefined` when the
 * request has none, or REFUSED (never verified):
 * - a string: the header value itself;
 * - undefined or null: no header;
 * - an array: a repeated header: REFUSED;
 * - an object: the request's headers: a WHATWG Headers or a Map (anything with forEach(value,
 *   name) and get, read through forEach), or any other object such as Node's IncomingHttpHeaders
 *   (own enumerable string keys). The header is the one whose name equals `headerName` ASCII
 *   case-insensitively (the core's `find_header` rule); more than one such header, or one whose
 *   value is an array or not a string, is REFUSED (a Headers object joins repeats as "a, b",
 *   which no signature verifies).
 * Anything else is a wrong argument (PreflightError `invalid_argument`). A value longer than any
 * signature or with a lone surrogate is REFUSED without being copied into the module.
 */
function headerValue(signatureHeader, headerName, fn) {
  const usable = (v) => typeof v === 'string' && v.length <= MAX_HEADER_VALUE_LENGTH && isWellFormed(v);
  if (typeof signatureHeader === 'string') return usable(signatureHeader) ? signatureHeader : REFUSED;
  if (signatureHeader === undefined || signatureHeader === null) return undefined;
  if (Array.isArray(signatureHeader)) return REFUSED;
  if (typeof signatureHeader !== 'object') {
    throw invalid(`${fn}: signatureHeader must be a string, a headers object, null or undefined (got ${describe(signatureHeader)})`);
  }
  const wanted = asciiLower(headerName);
  let found;
  let count = 0;
  let refused = false;
  const visit = (value, name) => {
    if (typeof name !== 'string' || asciiLower(name) !== wanted) return;
    if (value === undefined) return; // an absent entry
    count++;
    if (usable(value)) found = value;
    else refused = true;
  };
  try {
    // A plain object (Node's IncomingHttpHeaders) by its own keys: a forEach or get it seems to
    // have could only come from a polluted prototype.
    if (!isPlainObject(signatureHeader) && typeof signatureHeader.forEach === 'function' && typeof signatureHeader.get === 'function') {
      signatureHeader.forEach((value, name) => visit(value, name));
    } else {
      for (const name of Object.keys(signatureHeader)) visit(own(signatureHeader, name), name);
    }
  } catch {
    // A throwing getter or iterator: nothing can be verified from it.
    return REFUSED;
  }
  if (refused || count > 1) return REFUSED;
  return found;
}

/**
 * The message for a body that is an object but not bytes: most often JSON a framework parsed
 * (`express.json()` leaves an object in `req.body`), which can never be checked, since the
 * signature is over the exact bytes sent. It says how to keep them in the common frameworks.
 */
const PARSED_BODY =
  'body is an object (a parsed JSON body?), but the signature is over the raw body bytes as received: ' +
  'pass those as a Uint8Array or string. Express: express.raw({type: "application/json"}) on the route, ' +
  'or express.json({verify: (req, res, buf) => { req.rawBody = buf; }}); Fastify: ' +
  'addContentTypeParser("application/json", {parseAs: "buffer"}, ...); Next.js route handler: ' +
  'new Uint8Array(await request.arrayBuffer())';

/**
 * The bytes or text of a body, or null when it is not verified: missing (undefined or null: a
 * framework that did not keep the raw body, which a handler must answer as unverified, not as
 * its own failure), a lone surrogate, too large.
 */
function bodyInput(body, fn) {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') {
    if (!isWellFormed(body) || tooLarge(body)) return null;
    return body;
  }
  const bytes = bytesOf(body);
  if (bytes === null) {
    if (typeof body === 'object') throw invalid(`${fn}: ${PARSED_BODY}`);
    throw invalid(`${fn}: body must be a Uint8Array (the raw request body), an ArrayBuffer or a string (got ${describe(body)})`);
  }
  return bytes.byteLength > MAX_SIGNED_BYTES ? null : bytes;
}

/** A string argument: well-formed, else a wrong argument. */
function text(value, what) {
  if (typeof value !== 'string') throw invalid(`${what} must be a string (got ${describe(value)})`);
  if (!isWellFormed(value)) throw invalid(`${what} contains a lone UTF-16 surrogate and has no UTF-8 form`);
  return value;
}

/**
 * OAuth 1.0a request parameters (decoded query and form-body parameters, never a JSON body) as
 * parallel name/value lists: an array of [name, value] pairs, a URLSearchParams (anything with
 * forEach(value, name) and getAll), a Map, or a plain object whose values are strings or arrays
 * of strings (a repeated name). Order does not matter: the core sorts them.
 */
function paramLists(params) {
  const names = [];
  const values = [];
  const add = (name, value, where) => {
    names.push(text(name, `params ${where} name`));
    values.push(text(value, `params ${where} value`));
  };
  if (params === undefined || params === null) return { names, values };
  try {
    if (Array.isArray(params)) {
      params.forEach((pair, i) => {
        if (!Array.isArray(pair) || pair.length !== 2) throw invalid(`params[${i}] must be a [name, value] pair`);
        add(pair[0], pair[1], `[${i}]`);
      });
      return { names, values };
    }
    // A plain object first: its forEach or getAll could only come from a polluted prototype.
    if (isPlainObject(params)) {
      for (const name of ownKeys(params, 'params', 'invalid_argument')) {
        const value = own(params, name, 'params', 'invalid_argument');
        if (Array.isArray(value)) for (const v of value) add(name, v, 'member');
        else add(name, value, 'member');
      }
      return { names, values };
    }
    if (params instanceof Map || (typeof params.forEach === 'function' && typeof params.getAll === 'function')) {
      // A Map of names to values, or a URLSearchParams (already decoded; any realm's).
      params.forEach((value, name) => add(name, value, 'entry'));
      return { names, values };
    }
  } catch (e) {
    if (e instanceof PreflightError) throw e;
    // A throwing getter, iterator or Proxy trap of the caller's.
    throw new PreflightError('invalid_argument', 'params could not be read (see cause)', { cause: e });
  }
  throw invalid(`params must be an array of [name, value] pairs, a plain object or a URLSearchParams (got ${describe(params)})`);
}

/** The members of oauth1Sign's request. */
export const OAUTH1_FIELDS = Object.freeze([
  'method',
  'url',
  'params',
  'consumerKey',
  'consumerSecret',
  'token',
  'tokenSecret',
  'nonce',
  'timestamp',
  'callback',
  'verifier',
  'realm',
  'step',
  'omitVersion',
]);

/**
 * A given oauth_timestamp as whole seconds since 1970, or undefined when none is given: a safe
 * integer (the core refuses 0), its canonical decimal string (`'1700000000'`: digits only, no
 * sign, spaces, exponent or leading zero), or a Date (the second it falls in, as the generated
 * timestamp). Anything else is `invalid_timestamp`, never a guess.
 */
function oauthTimestamp(v) {
  if (v === undefined || v === null) return undefined;
  const bad = () =>
    new PreflightError(
      'invalid_timestamp',
      'oauth_timestamp must be a positive whole number of seconds: a number, its decimal digits as a string, or a Date',
    );
  // A number as it is (the engine checks it).
  if (typeof v === 'number') return v;
  let n;
  if (typeof v === 'string') {
    if (!/^[1-9][0-9]{0,15}$/.test(v)) throw bad();
    n = Number(v);
  } else {
    let ms;
    try {
      ms = Date.prototype.getTime.call(v);
    } catch {
      throw bad();
    }
    n = Math.floor(ms / 1000);
  }
  // Checked by the engine (an invalid Date is NaN).
  return n;
}

/** 32 bytes from the platform's CSPRNG. */
function randomBytes() {
  const c = globalThis.crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    throw new PreflightError(
      'missing_entropy',
      'no nonce and timestamp were given and globalThis.crypto.getRandomValues is not available to generate them',
    );
  }
  const bytes = new Uint8Array(32);
  c.getRandomValues(bytes);
  return bytes;
}

/**
 * The signing API over the raw wasm-bindgen exports.
 * @param {Record<string, Function>} raw
 */
export function signingApi(raw) {
  const engine = engineOf(raw);
  let constants = null;
  const consts = () => {
    if (constants === null) constants = Object.freeze(JSON.parse(engine.call(() => raw.signingConstants())));
    return constants;
  };

  /**
   * `sha256=<base64(HMAC-SHA256(consumerSecret, crcToken))>` after the signing-oracle guard.
   * @param {string | Uint8Array} consumerSecret
   * @param {string} crcToken
   * @param {{minLength?: number, maxLength?: number, extraChars?: string}} [options]
   */
  const crcResponseToken = (consumerSecret, crcToken, options) => {
    const fn = 'crcResponseToken';
    // The options `{minLength, maxLength, extraChars}`, read and checked by the engine.
    const o = plain(options);
    const secret = signingSecret(consumerSecret);
    if (crcToken === undefined || crcToken === null) {
      throw new PreflightError('missing_crc_token', 'no crc_token was given');
    }
    if (typeof crcToken !== 'string') throw invalid(`${fn}: crcToken must be a string (got ${describe(crcToken)})`);
    if (o !== null && o !== undefined && typeof o.extraChars === 'string' && !isWellFormed(o.extraChars)) {
      throw new PreflightError('invalid_crc_policy', 'the CRC token policy is invalid: extraChars must be a string');
    }
    // A token far above any policy's maximum is refused without copying it into the module
    // (each character is at least one UTF-16 unit, at most two).
    const hardMax = consts().crc_token_hard_max_len;
    if (crcToken.length > 2 * hardMax) {
      throw new PreflightError(
        'crc_token_shape',
        `the crc_token has more than ${2 * hardMax} UTF-16 units; no policy signs more than ${hardMax} characters`,
      );
    }
    // A lone surrogate would reach the core as U+FFFD, which every policy refuses anyway.
    return engine.call(() => raw.signingCrcResponseToken(secret, crcToken, o));
  };

  /** The CRC answer body as an object: `{response_token}`. */
  const crcResponse = (consumerSecret, crcToken, options) => ({
    response_token: crcResponseToken(consumerSecret, crcToken, options),
  });

  /**
   * Whether `signatureHeader` is the valid signature of the raw `body`. Never throws for a bad
   * signature, header or secret value (all `false`); only a wrong-typed argument or a bad option
   * is a PreflightError.
   */
  const verifySignature = (consumerSecret, body, signatureHeader, options) => {
    const fn = 'verifySignature';
    const headerName = headerNameOption(options, fn, consts().default_signature_header);
    const secret = secretBytes(consumerSecret);
    const input = bodyInput(body, fn);
    const value = headerValue(signatureHeader, headerName, fn);
    if (secret === null || input === null || value === REFUSED) return false;
    return typeof input === 'string'
      ? engine.call(() => raw.signingVerifyText(secret, input, value)) === true
      : engine.call(() => raw.signingVerify(secret, input, value)) === true;
  };

  /**
   * Whether `signatureHeader` is a valid signature of the CRC GET's raw query string (exactly as
   * on the request line, without the leading `?`). Same rules as verifySignature.
   */
  const verifyCrcRequest = (consumerSecret, rawQuery, signatureHeader, options) => {
    const fn = 'verifyCrcRequest';
    const headerName = headerNameOption(options, fn, consts().default_signature_header);
    const secret = secretBytes(consumerSecret);
    if (typeof rawQuery !== 'string') throw invalid(`${fn}: rawQuery must be a string (got ${describe(rawQuery)})`);
    const value = headerValue(signatureHeader, headerName, fn);
    if (secret === null || value === REFUSED || !isWellFormed(rawQuery) || tooLarge(rawQuery)) return false;
    return engine.call(() => raw.signingVerifyCrcRequest(secret, rawQuery, value)) === true;
  };

  /**
   * Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849), optionally checking a flow step. The
   * request's members are read and checked by the engine; here they are only converted: the own
   * members copied (lib/core.js `plain`), `params` into names and values in turn, a `Date` or
   * decimal `timestamp` into a number, and the entropy for a nonce or timestamp not given.
   */
  const oauth1Sign = (request) => {
    if (!isPlainObject(request)) throw invalid(`oauth1Sign: the request must be a plain object (got ${describe(request)})`);
    const r = plain(request, 'oauth1Sign: the request', 'invalid_argument');
    for (const key in r) {
      // A string crosses as UTF-8: one with a lone surrogate has none, and is not signed.
      if (typeof r[key] === 'string' && !isWellFormed(r[key])) {
        throw invalid('oauth1Sign: a member of the request contains a lone UTF-16 surrogate and has no UTF-8 form');
      }
    }
    const { names, values } = paramLists(r.params);
    const params = [];
    for (let i = 0; i < names.length; i++) params.push(names[i], values[i]);
    if (r.timestamp !== undefined) r.timestamp = oauthTimestamp(r.timestamp);
    let entropy;
    if (r.nonce === undefined || r.timestamp === undefined) {
      entropy = new Uint8Array(40);
      entropy.set(randomBytes());
      new DataView(entropy.buffer).setFloat64(32, Math.floor(Date.now() / 1000), true);
    }
    const s = JSON.parse(engine.call(() => raw.signingOauth1Sign(r, params, entropy)));
    return {
      signature: s.signature,
      baseString: s.base_string,
      authorizationHeader: s.authorization_header,
      nonce: s.nonce,
      timestamp: s.timestamp,
    };
  };

  /** The value after `Basic ` for `POST oauth2/token`. */
  const basicCredentials = (apiKey, apiSecret) => {
    const key = text(apiKey, 'apiKey');
    const secret = text(apiSecret, 'apiSecret');
    return engine.call(() => raw.signingBasicCredentials(key, secret));
  };

  /** The body of `POST oauth2/token`: `grant_type=client_credentials`. */
  const tokenRequestBody = () => engine.call(() => raw.signingTokenRequestBody());

  return {
    crcResponseToken,
    crcResponse,
    verifySignature,
    verifyCrcRequest,
    oauth1Sign,
    basicCredentials,
    tokenRequestBody,
  };
}
