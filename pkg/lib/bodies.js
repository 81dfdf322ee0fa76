// Upload bodies for the custom audience users and do-not-reach users endpoints, over the raw
// export of bindings/wasm/src/bodies.rs (the full package only: the hash-only entry and its .wasm
// leave upload bodies out, so this module is not part of its download). The raw result is JSON
// text `{bodies, users, rejected, dropped}`, each problem `[index, field, valueIndex, code]` (a
// failed call throws, lib/engine.js); the bodies are byte for byte as the native crate builds
// them. The options are read and checked by the engine (bindings/shared/src/bodies.rs); this file
// converts Dates to text and the records to values back to back. A user keeps every valid identifier: a
// value that cannot be passed (not a string, ill-formed UTF-16) is left out here and reported
// with the engine's dropped values, or with the user's rejection when nothing is left.
import { PreflightError, isPlainObject, isWellFormed, own, ownKeys, plain } from './core.js';
import { TOO_LONG } from './audience.js';
import { engineOf } from './engine.js';

/** Field order of the records' value counts (IdType::ALL in the Rust core). */
const FIELDS = ['email', 'phone_number', 'handle', 'device_id', 'service_id', 'partner_user_id'];
/** Per record: the six fields' value counts, then whether it has its own `country` (0 or 1). */
const COUNTS = FIELDS.length + 1;
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
function dateOption(v, code) {
  const t = dateTime(v);
  // Anything else goes to the engine as it is (which refuses what is not text).
  if (t === undefined) return v;
  if (Number.isNaN(t)) throw new PreflightError(code, 'the date-time option is an invalid Date');
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
    // The engine checks every option; here a Date becomes its text.
    const opts = plain(options);
    for (const [name, code] of DATE_KEYS) if (name in opts) opts[name] = dateOption(opts[name], code);
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
        if (!FIELDS.includes(key) && key !== 'country') {
          throw new PreflightError(
            'invalid_record',
            `records[${i}] has the member ${JSON.stringify(key)}; expected ${FIELDS.join(', ')}, country`,
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
      // The record's own country (as the native AudienceRecord's `country`), after its values.
      const country = own(rec, 'country', what, 'invalid_record');
      if (country == null) counts.push(0);
      else if (typeof country !== 'string' || !isWellFormed(country)) {
        throw new PreflightError('invalid_record', `records[${i}].country must be a string (a calling code or an ISO region)`);
      } else {
        parts.push(country);
        lens.push(country.length);
        counts.push(1);
      }
      if (kept !== null) positions.set(i, kept);
    }
    const n = records.length;
    firstPart.push(parts.length);

    /** Problems of records `from` on, their indexes made absolute (`from`: the chunk's first). */
    const parse = (list, from) => list.map(([rel, field, at, code]) => {
      const index = rel + from;
      return {
        index,
        field,
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
      const numbers = new Uint32Array(1 + COUNTS * (b - a) + (pb - pa));
      numbers[0] = b - a;
      numbers.set(counts.slice(COUNTS * a, COUNTS * b), 1);
      numbers.set(lens.slice(pa, pb), 1 + COUNTS * (b - a));
      const out = JSON.parse(engine.call(() => raw.audienceBuildBodies({ endpoint, options: opts }, text, numbers)));
      return {
        bodies: out.bodies,
        perBody: out.users,
        rejected: parse(out.rejected, a),
        dropped: parse(out.dropped, a),
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
