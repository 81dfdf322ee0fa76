// Upload bodies for the custom audience users and do-not-reach users endpoints, over the raw
// export of bindings/wasm/src/bodies.rs (the full package only: the hash-only entry and its .wasm
// leave upload bodies out, so this module is not part of its download). The first string of the
// raw result is '<users per body>,...|<rejected>|<dropped>', each list of
// '<index>:<field>:<value index>:<code>,' (a failed call throws, lib/engine.js), the others are the
// bodies, byte for byte as the native crate builds them. A user keeps every valid identifier: a
// value that cannot be passed (not a string, ill-formed UTF-16) is left out here and reported
// with the engine's dropped values, or with the user's rejection when nothing is left.
import { PreflightError, isWellFormed, own, ownKeys } from './core.js';
import { HASH_KEYS, TOO_LONG, hashOptions, isPlainObject } from './audience.js';
import { engineOf } from './engine.js';

/** Field order of the records' value counts (IdType::ALL in the Rust core). */
const FIELDS = ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id'];
export const BODY_KEYS = ['operation', 'effectiveAt', 'expiresAt', 'now', 'maxUsersPerBody', 'maxBodyBytes', ...HASH_KEYS];
/** The date-time options and the engine's code for each one's bad value. */
const DATE_KEYS = [
  ['effectiveAt', 'invalid_effective_at'],
  ['expiresAt', 'invalid_expires_at'],
  ['now', 'invalid_now'],
];

/**
 * What one call of the engine gets at most (a record is never split: one with more values goes
 * alone): records, values and UTF-16 units of values. Bodies are made greedily, a record at a
 * time, and a body never depends on the records before it; so the records go in chunks, each
 * call's bodies but the last are final, and the next call starts again at the first record of
 * that last body (a chunk that ends inside its only body is taken again, twice as large). What
 * one call allocates stays bounded (lib/audience.js, MAX_CALL_BYTES) whatever the number of
 * records: the bodies are many times their input (64 hex digits for `service_id: '1'`).
 */
export const BODY_CHUNK = Object.freeze({ records: 65536, values: 65536, units: 1 << 21 });

/** The time value of a Date (of any realm), or undefined for anything else. */
function dateTime(v) {
  if (v === null || typeof v !== 'object') return undefined;
  try {
    return Date.prototype.getTime.call(v);
  } catch {
    return undefined;
  }
}

/**
 * A date-time option: an ISO 8601 string in UTC (checked by the engine, sent as given), or a Date:
 * the same instant as `toISOString()` gives it, without `.000` when it is a whole second
 * (`2026-11-21T09:30:00Z`, the documents' form). An invalid Date is the option's error code.
 */
function dateOption(v, name, code) {
  if (v == null) return undefined;
  if (typeof v === 'string') return v;
  const t = dateTime(v);
  if (t === undefined) throw new PreflightError('bad_options', `${name} must be an ISO 8601 date-time string in UTC or a Date`);
  if (Number.isNaN(t)) throw new PreflightError(code, `${name} is an invalid Date`);
  const iso = new Date(t).toISOString();
  return t % 1000 === 0 ? `${iso.slice(0, -5)}Z` : iso;
}

/** @param {Record<string, any>} raw the wasm-bindgen exports */
export function bodiesApi(raw, chunk = BODY_CHUNK) {
  const engine = engineOf(raw);
  /**
   * Request bodies for the custom audience users or do-not-reach users endpoint.
   * @param {string} endpoint @param {object[]} records @param {object} options
   */
  const buildAudienceBodies = (endpoint, records, options) => {
    if (typeof endpoint !== 'string') {
      throw new PreflightError('unknown_endpoint', 'the endpoint must be custom_audience_users or do_not_reach_users');
    }
    if (!isPlainObject(options)) {
      throw new PreflightError('bad_options', "options must be an object with operation 'Update' or 'Delete'");
    }
    const o = hashOptions(options, BODY_KEYS);
    // Own members only (lib/core.js `own`): an inherited one is no option.
    const operation = own(options, 'operation');
    if (typeof operation !== 'string') throw new PreflightError('bad_options', "operation must be 'Update' or 'Delete'");
    const [effectiveAt, expiresAt, now] = DATE_KEYS.map(([name, code]) => dateOption(own(options, name), name, code));
    const maxUsersPerBody = own(options, 'maxUsersPerBody');
    const maxBodyBytes = own(options, 'maxBodyBytes');
    const limit = (name, v, max) => {
      if (v == null) return 0;
      if (!Number.isInteger(v) || v < 1 || v > max) {
        throw new PreflightError('invalid_limits', `${name} must be an integer from 1 to ${max}`);
      }
      return v;
    };
    const users = limit('maxUsersPerBody', maxUsersPerBody, 2500);
    const bytes = limit('maxBodyBytes', maxBodyBytes, 5_000_000);
    if (!Array.isArray(records)) throw new PreflightError('invalid_argument', 'records must be an array of objects');

    const parts = [];
    const lens = [];
    const counts = [];
    /** Problems found here (values that cannot be passed), by input index. */
    const early = [];
    /** For a record with values left out here: per field, the input position of each passed value. */
    const positions = new Map();
    /** Record i's values are parts[firstPart[i]..firstPart[i + 1]). */
    const firstPart = [];
    for (let i = 0; i < records.length; i++) {
      firstPart.push(parts.length);
      // Own elements only, and a throwing getter is a typed error (lib/core.js `own`).
      const rec = own(records, i, 'records', 'invalid_record');
      if (!isPlainObject(rec)) throw new PreflightError('invalid_record', `records[${i}] is not an object`);
      const what = `records[${i}]`;
      for (const key of ownKeys(rec, what, 'invalid_record')) {
        if (!FIELDS.includes(key)) {
          throw new PreflightError(
            'invalid_record',
            `records[${i}] has the member ${JSON.stringify(key)}; expected ${FIELDS.join(', ')}`,
          );
        }
      }
      let kept = null;
      for (let f = 0; f < FIELDS.length; f++) {
        const v = own(rec, FIELDS[f], what, 'invalid_record');
        const values = v == null ? [] : typeof v === 'string' ? [v] : Array.isArray(v) ? v : null;
        if (values === null) {
          early.push({ index: i, field: FIELDS[f], valueIndex: null, code: 'not_a_string' });
          counts.push(0);
          continue;
        }
        let n = 0;
        for (let k = 0; k < values.length; k++) {
          const x = own(values, k, what, 'invalid_record');
          const code = typeof x !== 'string' ? 'not_a_string' : !isWellFormed(x) ? 'invalid_utf8' : null;
          if (code !== null) {
            early.push({ index: i, field: FIELDS[f], valueIndex: k, code });
            if (kept === null) kept = {};
            kept[FIELDS[f]] ??= values.slice(0, k).map((_, j) => j);
            continue;
          }
          kept?.[FIELDS[f]]?.push(k);
          // A value over MAX_VALUE_BYTES units goes in as a stand-in the engine refuses the same
          // way (too_long), not whole (lib/audience.js, TOO_LONG).
          const staged = x.length > TOO_LONG.length ? TOO_LONG : x;
          parts.push(staged);
          lens.push(staged.length);
          n++;
        }
        counts.push(n);
      }
      if (kept !== null) positions.set(i, kept);
    }
    const n = records.length;
    firstPart.push(parts.length);

    /** Problems of records `from` on, their indexes made absolute (`from`: the chunk's first). */
    const parse = (text, from) => (text ? text.slice(0, -1).split(',') : []).map((item) => {
      const [rel, field, valueIndex, code] = item.split(':');
      const index = +rel + from;
      const at = valueIndex === '' ? null : +valueIndex;
      return {
        index,
        field: field === '' ? null : field,
        // The input position of the value (values left out here shift the engine's).
        valueIndex: at === null ? null : positions.get(index)?.[field]?.[at] ?? at,
        code,
      };
    });
    /** The engine on records [a, b). */
    const build = (a, b) => {
      const pa = firstPart[a];
      const pb = firstPart[b];
      const text = parts.slice(pa, pb).join('');
      const out = engine.call(() => raw.audienceBuildBodies(
        endpoint,
        text,
        Uint32Array.from(lens.slice(pa, pb)),
        Uint32Array.from(counts.slice(6 * a, 6 * b)),
        operation,
        effectiveAt ?? undefined,
        expiresAt ?? undefined,
        now ?? undefined,
        users,
        bytes,
        o.phoneFormat,
        o.defaultCountryCode,
        o.prehashed,
      ));
      const [counts0, rejectedText, droppedText] = out[0].split('|');
      return {
        bodies: out.slice(1),
        perBody: counts0 ? counts0.slice(0, -1).split(',').map(Number) : [],
        rejected: parse(rejectedText, a),
        dropped: parse(droppedText, a),
      };
    };

    const bodies = [];
    const perBody = [];
    const engineRejected = [];
    const engineDropped = [];
    let a = 0;
    let scale = 1;
    // At least one call, so that the engine checks the endpoint and options of no records too.
    do {
      let b = a;
      let values = 0;
      let units = 0;
      while (b < n && (b === a || (b - a < chunk.records * scale && values < chunk.values * scale && units < chunk.units * scale))) {
        for (let p = firstPart[b]; p < firstPart[b + 1]; p++) units += lens[p];
        values += firstPart[b + 1] - firstPart[b];
        b++;
      }
      const r = build(a, b);
      if (b < n && r.bodies.length === 1) {
        // The chunk ended inside its only body, which may take records after it.
        scale *= 2;
        continue;
      }
      let next = b;
      let keep = r.bodies.length;
      if (b < n && keep > 1) {
        // The last body may take records after the chunk: from its first record again.
        keep--;
        const gone = new Set(r.rejected.map((x) => x.index));
        let left = r.perBody[keep];
        next = b;
        while (left > 0) if (!gone.has(--next)) left--;
      }
      for (let k = 0; k < keep; k++) {
        bodies.push(r.bodies[k]);
        perBody.push(r.perBody[k]);
      }
      for (const x of r.rejected) if (x.index < next) engineRejected.push(x);
      for (const x of r.dropped) if (x.index < next) engineDropped.push(x);
      a = next;
      scale = 1;
    } while (a < n);
    const isRejected = new Set(engineRejected.map((x) => x.index));
    // Each problem found here goes with its user: rejected when the engine left the user out
    // (then a no_identifiers of a user whose every value was left out here is not repeated),
    // dropped otherwise. Both lists stay in input order.
    const merge = (engine, mine) => {
      const all = [];
      for (let a = 0, b = 0; a < mine.length || b < engine.length; ) {
        if (b >= engine.length || (a < mine.length && mine[a].index <= engine[b].index)) all.push(mine[a++]);
        else all.push(engine[b++]);
      }
      return all;
    };
    const hadEarly = new Set(early.map((x) => x.index));
    const rejected = merge(
      engineRejected.filter((x) => !(x.code === 'no_identifiers' && hadEarly.has(x.index))),
      early.filter((x) => isRejected.has(x.index)),
    );
    const dropped = merge(engineDropped, early.filter((x) => !isRejected.has(x.index)));
    // The accepted records fill the bodies in input order.
    const recordsPerBody = [];
    let r = 0;
    for (const count of perBody) {
      const ids = [];
      while (ids.length < count && r < records.length) {
        if (!isRejected.has(r)) ids.push(r);
        r++;
      }
      recordsPerBody.push(ids);
    }
    return { bodies, records: recordsPerBody, rejected, dropped };
  };

  return { buildAudienceBodies };
}
