// A webhook receiver on node:http using preflight-wasm: answers the CRC (GET ?crc_token=...),
// verifies signed event POSTs over the raw body bytes, drops duplicate event ids. See README.md
// beside this file for every choice (status codes, id fields, limits, logging).
//
//   CONSUMER_SECRET=... PORT=8080 node server.mjs
//
// Or from code (tests): `const r = createReceiver({consumerSecret}); await r.listen(0);`
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { crcResponse, verifySignature, verifyCrcRequest, PreflightError } from 'preflight-wasm';

/** Defaults of createReceiver's options. */
export const DEFAULTS = Object.freeze({
  path: '/webhook',
  host: '127.0.0.1',
  maxBodyBytes: 1024 * 1024,
  maxSeenIds: 10_000,
  maxIdLength: 256,
  idFields: Object.freeze(['event_id', 'id']),
  maxHeaders: 100,
});

/** The event signature header when `headerName` is not given (shared/spec/signing.md). */
export const SIGNATURE_HEADER = 'x-service-webhooks-signature';

/** An HTTP field name (RFC 9110 `token`). */
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Status of a POST whose signature does not verify (missing, repeated, malformed or wrong). */
export const UNVERIFIED_STATUS = 403;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

/**
 * The value of the one line of header `name` (ASCII case-insensitive) among the raw header
 * lines; undefined when there is none; an array (which verification refuses) when the name is
 * repeated, whatever case each line writes and whatever Node joined into req.headers.
 */
function onlyValue(req, name) {
  const wanted = asciiLower(name);
  const values = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (asciiLower(raw[i]) === wanted) values.push(raw[i + 1]);
  return values.length > 1 ? values : values[0];
}

/** The connection is closed once the answer is sent: the request's body is left unread. */
function closeAfter(req, res) {
  res.setHeader('connection', 'close');
  res.on('finish', () => req.destroy());
}

/** One JSON line on stderr: only fixed words and codes, never a secret, a body or a query. */
function defaultLog(level, message, fields = {}) {
  process.stderr.write(`${JSON.stringify({ level, message, ...fields })}\n`);
}

/**
 * The deduplication key of an event: the first of `idFields` (default `event_id`, then `id`)
 * holding a non-empty string of at most `maxIdLength` characters or a safe integer, as
 * `field:value`. `null` when the event has none (it is processed, not deduplicated). A number
 * beyond 2^53 is not an id: JSON.parse has already rounded it, and two events could collide.
 */
export function eventKey(event, idFields = DEFAULTS.idFields, maxIdLength = DEFAULTS.maxIdLength) {
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return null;
  for (const field of idFields) {
    if (!Object.prototype.hasOwnProperty.call(event, field)) continue;
    const v = event[field];
    if (typeof v === 'string' && v.length > 0 && v.length <= maxIdLength) return `${field}:${v}`;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return `${field}:${v}`;
  }
  return null;
}

/**
 * Creates (does not start) a receiver.
 *
 * @param {object} options
 * @param {string} options.consumerSecret the app's consumer secret (API secret key); required
 * @param {string} [options.path] the one path served (default `/webhook`); others get 404
 * @param {string} [options.headerName] the event signature header (default
 *   `x-service-webhooks-signature`)
 * @param {string} [options.crcSignatureHeader] when set, a CRC GET must also carry a valid
 *   signature of its raw query string in this header (403 otherwise)
 * @param {number} [options.maxBodyBytes] largest event body read (default 1 MiB; 413 above)
 * @param {number} [options.maxSeenIds] how many event ids are remembered (default 10,000; the
 *   oldest is forgotten first)
 * @param {string[]} [options.idFields] event fields tried for the id, in order
 * @param {number} [options.maxHeaders] most header lines a request may carry (default 100; 431
 *   above), every line counted, repeated names included
 * @param {(event: unknown, info: {key: string | null}) => unknown} [options.onEvent] called once
 *   per new verified event (may return a promise); a throw or rejection answers 500 and forgets
 *   the id so a redelivery is processed
 * @param {(level: string, message: string, fields?: object) => void} [options.log]
 */
export function createReceiver(options) {
  const o = options ?? {};
  const consumerSecret = o.consumerSecret;
  if (typeof consumerSecret !== 'string' || consumerSecret.length === 0) {
    throw new TypeError('createReceiver: consumerSecret must be a non-empty string');
  }
  const path = o.path ?? DEFAULTS.path;
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const maxSeenIds = o.maxSeenIds ?? DEFAULTS.maxSeenIds;
  const idFields = o.idFields ?? DEFAULTS.idFields;
  const onEvent = o.onEvent ?? (() => {});
  const log = o.log ?? defaultLog;
  const maxHeaders = o.maxHeaders ?? DEFAULTS.maxHeaders;
  const signatureHeader = o.headerName ?? SIGNATURE_HEADER;
  const crcSignatureHeader = o.crcSignatureHeader;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) throw new TypeError('createReceiver: maxBodyBytes must be a positive integer');
  if (!Number.isSafeInteger(maxSeenIds) || maxSeenIds < 1) throw new TypeError('createReceiver: maxSeenIds must be a positive integer');
  if (!Number.isSafeInteger(maxHeaders) || maxHeaders < 1) throw new TypeError('createReceiver: maxHeaders must be a positive integer');
  if (typeof signatureHeader !== 'string' || !FIELD_NAME.test(signatureHeader)) throw new TypeError('createReceiver: headerName must be an HTTP field name');
  if (crcSignatureHeader !== undefined && (typeof crcSignatureHeader !== 'string' || !FIELD_NAME.test(crcSignatureHeader))) {
    throw new TypeError('createReceiver: crcSignatureHeader must be an HTTP field name');
  }

  /** Event key -> promise of whether its processing succeeded; insertion order = age. */
  const seen = new Map();
  const stats = {
    crcAnswered: 0,
    crcRefused: 0,
    eventsProcessed: 0,
    duplicatesDropped: 0,
    eventsWithoutId: 0,
    unverified: 0,
    notAnObject: 0,
    failed: 0,
  };

  const send = (res, status, body, reason) => {
    const headers = { 'cache-control': 'no-store' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    res.writeHead(status, headers);
    res.end(body);
    return { status, reason };
  };
  const error = (res, status, code) => send(res, status, JSON.stringify({ error: code }), code);

  function answerCrc(req, res, rawQuery) {
    const tokens = new URLSearchParams(rawQuery).getAll('crc_token');
    if (tokens.length !== 1) {
      stats.crcRefused++;
      return error(res, 400, tokens.length === 0 ? 'missing_crc_token' : 'duplicate_crc_token');
    }
    if (crcSignatureHeader !== undefined && !verifyCrcRequest(consumerSecret, rawQuery, onlyValue(req, crcSignatureHeader))) {
      stats.crcRefused++;
      return error(res, UNVERIFIED_STATUS, 'signature_not_verified');
    }
    let answer;
    try {
      answer = crcResponse(consumerSecret, tokens[0]);
    } catch (e) {
      stats.crcRefused++;
      // crc_token_shape: the signing-oracle guard; the token is never signed.
      if (e instanceof PreflightError) return error(res, 400, e.code);
      throw e;
    }
    stats.crcAnswered++;
    return send(res, 200, JSON.stringify(answer), 'crc_answered');
  }

  /** The raw body, or null after answering 413. */
  function readBody(req, res) {
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBodyBytes) {
        resolve(null);
        return;
      }
      const chunks = [];
      let size = 0;
      let done = false;
      req.on('data', (chunk) => {
        if (done) return;
        size += chunk.length;
        if (size > maxBodyBytes) {
          done = true;
          resolve(null);
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks, size));
      });
      req.on('error', (e) => {
        if (done) return;
        done = true;
        reject(e);
      });
    }).then((body) => {
      if (body === null) closeAfter(req, res);
      return body;
    });
  }

  async function receiveEvent(req, res) {
    const body = await readBody(req, res);
    if (body === null) return error(res, 413, 'body_too_large');
    // Verify the raw bytes before anything reads them.
    if (!verifySignature(consumerSecret, body, onlyValue(req, signatureHeader))) {
      stats.unverified++;
      return error(res, UNVERIFIED_STATUS, 'signature_not_verified');
    }
    let event;
    try {
      event = JSON.parse(strictUtf8.decode(body));
    } catch {
      return error(res, 400, 'invalid_json');
    }
    // An event is a JSON object, nothing else. A signature only says the platform's key signed
    // these bytes, and the CRC answer signs the crc_token with the same key: a token the CRC
    // guard accepts (letters, digits, + / = _ -) is also a JSON number when it is all digits
    // (40 digits, or `1e39`), so anyone who can make this server answer a CRC GET holds a valid
    // signature of that number as a body. No real event is a bare number, string, array or null.
    if (event === null || typeof event !== 'object' || Array.isArray(event)) {
      stats.notAnObject++;
      return error(res, 400, 'event_not_an_object');
    }
    const key = eventKey(event, idFields);
    if (key !== null && seen.has(key)) {
      stats.duplicatesDropped++;
      // Same answer as the first delivery's, once that one is done.
      const ok = await seen.get(key);
      return ok ? send(res, 200, undefined, 'duplicate_dropped') : error(res, 500, 'processing_failed');
    }
    if (key === null) stats.eventsWithoutId++;
    const processing = (async () => onEvent(event, { key }))().then(
      () => true,
      () => false,
    );
    if (key !== null) {
      seen.set(key, processing);
      while (seen.size > maxSeenIds) seen.delete(seen.keys().next().value);
    }
    if (!(await processing)) {
      stats.failed++;
      if (key !== null && seen.get(key) === processing) seen.delete(key);
      return error(res, 500, 'processing_failed');
    }
    stats.eventsProcessed++;
    return send(res, 200, undefined, 'event_processed');
  }

  async function handle(req, res) {
    const target = req.url ?? '';
    const q = target.indexOf('?');
    const pathname = q === -1 ? target : target.slice(0, q);
    const rawQuery = q === -1 ? '' : target.slice(q + 1);
    let outcome;
    // Every header line is kept (maxHeadersCount 0 below) and counted here, before anything reads
    // one: past a count limit Node would drop lines unseen, a repeated signature header with them.
    if (req.rawHeaders.length / 2 > maxHeaders) {
      closeAfter(req, res);
      outcome = error(res, 431, 'too_many_headers');
    } else if (pathname !== path) outcome = error(res, 404, 'not_found');
    else if (req.method === 'GET') outcome = answerCrc(req, res, rawQuery);
    else if (req.method === 'POST') outcome = await receiveEvent(req, res);
    else {
      res.setHeader('allow', 'GET, POST');
      outcome = error(res, 405, 'method_not_allowed');
    }
    // Nothing the client wrote but the method (one of llhttp's fixed list): the served path is
    // logged as configured, any other is not logged at all. A path is the client's text and can
    // carry a crc_token however it is written (`/webhook%3Fcrc_token=...`, `/webhook;crc_token=...`,
    // `/<token>`); the query holds it; never the body, a header or the secret either.
    const fields = { method: req.method, status: outcome.status, reason: outcome.reason };
    if (pathname === path) fields.path = path;
    log('info', 'request', fields);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      log('error', 'request failed', { method: req.method });
      if (!res.headersSent) error(res, 500, 'internal_error');
      else res.destroy();
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  // 0: Node keeps every header line (their total size stays bounded by Node's maxHeaderSize,
  // 16 KiB, 431 above); maxHeaders is enforced in handle() over all of them.
  server.maxHeadersCount = 0;

  return {
    server,
    stats,
    /** Whether an event key (`eventKey(event)`) is remembered. */
    hasSeen: (key) => seen.has(key),
    /** Starts listening; resolves to {host, port, url}. */
    listen(port = 0, host = DEFAULTS.host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const addr = server.address();
          const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
          resolve({ host: addr.address, port: addr.port, url: `http://${shownHost}:${addr.port}${path}` });
        });
      });
    },
    /** Stops listening and closes every connection (keep-alive ones included). */
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    },
  };
}

/** `node server.mjs`: configuration from the environment. */
async function main() {
  const secret = process.env.CONSUMER_SECRET;
  if (secret === undefined || secret === '') {
    process.stderr.write('webhook-receiver: CONSUMER_SECRET is not set; refusing to start\n');
    process.exit(1);
  }
  // Keep it out of anything this process might spawn.
  delete process.env.CONSUMER_SECRET;
  const portText = process.env.PORT ?? '8080';
  const port = /^[0-9]{1,5}$/.test(portText) ? Number(portText) : -1;
  if (port < 0 || port > 65535) {
    process.stderr.write('webhook-receiver: PORT must be an integer from 0 (a free port) to 65535\n');
    process.exit(1);
  }
  const receiver = createReceiver({ consumerSecret: secret, path: process.env.WEBHOOK_PATH || DEFAULTS.path });
  const { url } = await receiver.listen(port, process.env.HOST || DEFAULTS.host);
  process.stdout.write(`webhook-receiver: listening on ${url}\n`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      receiver.close().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    // The error's code only (EADDRINUSE, EACCES, ...): nothing else is printed.
    process.stderr.write(`webhook-receiver: could not start (${typeof e?.code === 'string' ? e.code : 'error'})\n`);
    process.exit(1);
  });
}
