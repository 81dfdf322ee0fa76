// Differential test of phone_number normalization against libphonenumber (audience-identifiers.md:
// "libphonenumber ... parsing with the default country's main territory and formatting as E.164
// agrees with these rules on every number it calls possible; a test should compare both on a
// generated corpus of national and international formats, and list any difference it allows").
//
// The oracle is the npm package google-libphonenumber (the devDependency pinned in package.json;
// the same package scripts/phone-metadata.mjs took the table's metadata from): `parse` with the
// default country's main territory as the region, `isPossibleNumber`, `format(E164)`. Preflight
// is the built wasm package (`normalizeIdentifier`), so this also covers the wasm build.
//
// The corpus is generated deterministically (a seeded PRNG): national significant numbers of the
// 30 most used country calling codes (the most populous countries and the largest advertising
// markets) from libphonenumber's example numbers with their tail digits redrawn, plus random digit
// strings of possible (and off-by-one) lengths; each written in national formats (with and without
// the trunk prefix, separators, parentheses, slashes) and international ones (`+CC`, `00CC`, the
// default country's international call prefix, `(0)`-style national prefix after the code).
//
// Every number is compared: the same E.164 string, or both refused. A difference is allowed only
// when one of ALLOWED below explains it; each says why the spec and libphonenumber part ways.
// Whatever is not explained fails the test, with examples (PHONE_DIFF_DUMP=file.json writes them
// all). With google-libphonenumber 3.2.47: 89,537 of 100,000 the same (86,227 hashed alike,
// 3,310 both refused), the rest allowed differences (the counts print as test diagnostics); most
// of those are inputs no real number looks like (random digits, 00 written before a national
// number), which the spec and libphonenumber read differently.
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/phone-differential.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeIdentifier } from '../../pkg/node.js';
import { parse as parseKept } from '../../scripts/phone-metadata.mjs';

const require = createRequire(import.meta.url);
const lib = require('google-libphonenumber');
const util = lib.PhoneNumberUtil.getInstance();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** At least this many generated numbers (the issue: 100,000). */
const MIN_NUMBERS = 100_000;
/** The 30 most used calling codes: the most populous countries and largest ad markets. */
const CODES = [1, 86, 91, 62, 55, 92, 234, 880, 7, 52, 81, 63, 84, 20, 90, 49, 98, 66, 44, 33, 39, 27, 82, 34, 57, 54, 48, 61, 966, 31];

// The kept copy of the metadata (what the Rust table is generated from).
const KEPT = new Map(parseKept(readFileSync(path.join(root, 'scripts/data/phone-metadata.tsv'), 'utf8')).rows.map((r) => [r.cc, r]));
const plainIdd = (cc) => (/^[0-9]+$/.test(KEPT.get(cc).ip) ? KEPT.get(cc).ip : '');

/** mulberry32: a small seeded PRNG, so the corpus is the same on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(0x9e3779b9);
const int = (n) => Math.floor(rand() * n);
const pick = (xs) => xs[int(xs.length)];
const digit = () => String(int(10));

/** Example national significant numbers of a territory, one per number type it has. */
function examples(region) {
  const out = [];
  for (const type of Object.values(lib.PhoneNumberType)) {
    const n = util.getExampleNumberForType(region, type);
    if (n) out.push(util.getNationalSignificantNumber(n));
  }
  return [...new Set(out)];
}

const INFO = new Map(
  CODES.map((cc) => {
    const region = util.getRegionCodeForCountryCode(cc);
    return [cc, { cc, region, np: KEPT.get(cc).np, lengths: KEPT.get(cc).lengths, examples: examples(region) }];
  }),
);

/** A national significant number of `info`: an example with its tail redrawn, or random digits. */
function nationalNumber(info) {
  if (rand() < 0.75) {
    const ex = pick(info.examples);
    const keep = Math.min(ex.length - 3, 1 + int(3));
    return ex.slice(0, keep) + Array.from({ length: ex.length - keep }, digit).join('');
  }
  const len = pick(info.lengths) + pick([0, 0, 0, 0, -1, 1]);
  return (rand() < 0.9 ? String(1 + int(9)) : '0') + Array.from({ length: Math.max(len - 1, 1) }, digit).join('');
}

/** `nsn` written with separators: plain, spaced/dashed/dotted groups, an area code in parentheses. */
function written(nsn) {
  const style = int(6);
  if (style === 0 || nsn.length < 6) return nsn;
  const groups = [];
  let i = 0;
  while (i < nsn.length) {
    const size = 2 + int(3);
    groups.push(nsn.slice(i, i + size));
    i += size;
  }
  if (style === 4 && groups.length > 1) return `(${groups[0]}) ${groups.slice(1).join('-')}`;
  if (style === 5 && groups.length > 1) return `${groups[0]}/${groups.slice(1).join('')}`;
  return groups.join([' ', '-', '.', ' '][style - 1]);
}

const sep = () => pick(['', ' ', ' ', '-']);

/**
 * One generated case: {raw, defaultCc (string or undefined), region (libphonenumber's default
 * region), kind, cc, nsn}.
 */
function generate() {
  const info = INFO.get(pick(CODES));
  const nsn = nationalNumber(info);
  const body = written(nsn);
  const other = INFO.get(pick(CODES));
  const kind = pick(['national', 'national', 'national-no-trunk', 'plus', 'plus', '00', 'idd', 'paren-trunk']);
  const base = { kind, cc: info.cc, nsn };
  switch (kind) {
    case 'national':
      return { ...base, raw: info.np ? `${info.np}${sep()}${body}` : body, defaultCc: info.cc, region: info.region };
    case 'national-no-trunk':
      return { ...base, raw: body, defaultCc: info.cc, region: info.region };
    case 'plus':
      return { ...base, raw: `+${info.cc}${sep()}${body}`, defaultCc: other.cc, region: other.region };
    case '00':
      return { ...base, raw: `00${info.cc}${sep()}${body}`, defaultCc: other.cc, region: other.region };
    case 'idd': {
      // The default country's international call prefix (where it is a plain digit string).
      const from = INFO.get(pick(CODES.filter((c) => plainIdd(c) && plainIdd(c) !== '00')));
      return { ...base, raw: `${plainIdd(from.cc)}${sep()}${info.cc}${sep()}${body}`, defaultCc: from.cc, region: from.region };
    }
    default: {
      // `+44 (0) 20 ...`: the national prefix in parentheses after the calling code.
      const np = info.np || '0';
      const lead = pick(['+', '+', '00']);
      return { ...base, raw: `${lead}${info.cc} (${np}) ${body}`, defaultCc: other.cc, region: other.region };
    }
  }
}

/** Preflight's answer: the E.164 string, or the error code. */
function ours(c) {
  try {
    return { ok: true, value: normalizeIdentifier('phone_number', c.raw, { defaultCountryCode: String(c.defaultCc) }) };
  } catch (e) {
    return { ok: false, value: e.code };
  }
}

/**
 * libphonenumber's answer: E.164 of a possible number, or why not; with `nsn` (its national
 * significant number), `source` (where it found the calling code) and `reason` (of
 * isPossibleNumberWithReason) when it parsed.
 */
function theirs(c) {
  let n;
  try {
    n = util.parseAndKeepRawInput(c.raw, c.region);
  } catch (e) {
    return { ok: false, value: String(e.message ?? e) };
  }
  const parsed = { nsn: util.getNationalSignificantNumber(n), source: n.getCountryCodeSource(), reason: util.isPossibleNumberWithReason(n) };
  if (!util.isPossibleNumber(n)) return { ok: false, value: 'not possible', ...parsed };
  return { ok: true, value: util.format(n, lib.PhoneNumberFormat.E164), ...parsed };
}

const SOURCE = lib.PhoneNumber.CountryCodeSource;
const digitsOf = (raw) => raw.replace(/[^0-9]/g, '');
const meta = (region) => util.getMetadataForRegion(region);
const NATIONAL_KINDS = new Set(['national', 'national-no-trunk']);
/** The digits after the calling code as written, national prefix included. */
const writtenNational = (c) => (c.kind === 'paren-trunk' ? (KEPT.get(c.cc).np || '0') + c.nsn : NATIONAL_KINDS.has(c.kind) ? digitsOf(c.raw) : c.nsn);
/** Our result split into its calling code (the kept copy's) and national number. */
const ourNational = (o) => {
  const d = o.value.slice(1);
  const k = [1, 2, 3].find((k) => KEPT.has(Number(d.slice(0, k))));
  return { cc: Number(d.slice(0, k)), nsn: d.slice(k) };
};

/**
 * The differences the spec allows, each with its reason and the predicate that recognizes it
 * (c: the case; o: ours; t: libphonenumber's). The first that applies counts the difference.
 */
const ALLOWED = [
  {
    reason:
      'E.164 allows 7 to 15 digits; libphonenumber calls numbers possible outside that (Indonesian ' +
      'and Japanese national numbers of up to 17 digits, Iranian ones of 4): the spec refuses them',
    applies: (c, o, t) => !o.ok && t.ok && (t.value.length - 1 > 15 || t.value.length - 1 < 7),
  },
  {
    reason:
      'a number needing an area code (libphonenumber: IS_POSSIBLE_LOCAL_ONLY, which its ' +
      'isPossibleNumber accepts): the spec takes possible_length only, never the local-only lengths',
    applies: (c, o, t) => !o.ok && t.ok && t.reason === lib.PhoneNumberUtil.ValidationResult.IS_POSSIBLE_LOCAL_ONLY,
  },
  {
    reason:
      'the default country\'s international prefix starts with 00 (009 for +234, 001 for +976) ' +
      'and both readings, after 00 and after that prefix, give a possible number: which one was ' +
      'meant is unknown, refused (libphonenumber takes the longer prefix)',
    applies: (c, o) => {
      const idd = plainIdd(c.defaultCc);
      const d = digitsOf(c.raw);
      return !o.ok && !c.raw.includes('+') && idd.length > 2 && idd.startsWith('00') && d.startsWith(idd);
    },
  },
  {
    id: 'spec-00',
    reason:
      '`00` always introduces a calling code (spec); libphonenumber reads it as one only where it ' +
      "matches the default territory's international prefix exactly and no 0 follows (with 011 " +
      'for +1 or 010 for +81 it reads 00... as a national number; with 00[1-9] for +66 it takes ' +
      'one more digit). Where the number was generated as 00 and a calling code, ours must then ' +
      'be what libphonenumber makes of it with + for 00 (or differ from that for another listed reason)',
    applies: (c, o, t) => {
      const d = digitsOf(c.raw);
      if (c.raw.includes('+') || !d.startsWith('00')) return false;
      const idd = new RegExp(`^(?:${meta(c.region).getInternationalPrefix()})$`);
      if (t.source === SOURCE.FROM_NUMBER_WITH_IDD && idd.test('00') && d[2] !== '0') return false;
      if (NATIONAL_KINDS.has(c.kind)) return true;
      const plus = { ...c, raw: c.raw.replace('00', '+'), kind: c.kind === '00' ? 'plus' : c.kind };
      const t2 = theirs(plus);
      return agree(o, t2) || explain(plus, o, t2, 'spec-00') !== undefined;
    },
  },
  {
    reason:
      "libphonenumber's national_prefix_for_parsing of the number's territory also takes carrier " +
      'selection codes or rewrites the number (+55, +57, +82, +86, +81, +54, +44 180020): the ' +
      'spec drops the national prefix only',
    applies: (c) => {
      // The territory whose national number it is: the default one, or the calling code's.
      const m = meta(NATIONAL_KINDS.has(c.kind) ? c.region : util.getRegionCodeForCountryCode(c.cc));
      const npfp = m.getNationalPrefixForParsing();
      if (!npfp) return false;
      const match = new RegExp(`^(?:${npfp})`).exec(writtenNational(c));
      return match !== null && (match[0] !== (m.getNationalPrefix() ?? '') || match.slice(1).some((g) => g !== undefined));
    },
  },
  {
    reason:
      'a national prefix the spec drops (at the start of a national number, or in parentheses ' +
      'after the code): libphonenumber keeps it as part of the number when the rest has no ' +
      "possible length or does not match the territory's national number pattern (which the spec " +
      'does not check): +440775294 from 0775294 (the spec: 6 digits, refused), +78954746495 from ' +
      '89 5474 64 95, +6200200045272 from +62 (0) 020...',
    applies: (c, o, t) => {
      const np = KEPT.get(c.cc).np;
      return t.ok && np !== '' && t.nsn === writtenNational(c) && writtenNational(c).startsWith(np);
    },
  },
  {
    reason:
      'a national prefix after the calling code not alone in parentheses (+49 030..., ' +
      '+92 (0736)...): the spec keeps it (it drops only a parenthesized one, +44 (0) 20), ' +
      'libphonenumber drops it when what is left is possible',
    applies: (c, o, t) => {
      if (o.ok) {
        const { cc, nsn } = ourNational(o);
        const np = KEPT.get(cc).np;
        return np !== '' && nsn.startsWith(np) && t.value === `+${cc}${nsn.slice(np.length)}`;
      }
      const np = KEPT.get(c.cc).np;
      return !NATIONAL_KINDS.has(c.kind) && np !== '' && c.nsn.startsWith(np) && t.nsn === c.nsn.slice(np.length);
    },
  },
  {
    reason:
      "lengths of the code's other territories (+1 7-digit numbers are possible in Canada's " +
      'metadata): the spec takes the union of all territories sharing the code, libphonenumber ' +
      "the main territory's lengths",
    applies: (c, o, t) => {
      if (!o.ok || t.ok) return false;
      const { cc, nsn } = ourNational(o);
      return !meta(util.getRegionCodeForCountryCode(cc)).getGeneralDesc().possibleLengthArray().includes(nsn.length);
    },
  },
  {
    reason:
      "a national number that starts with the default country's calling code (31 6... with " +
      'default +31): libphonenumber takes those digits for the code written without + when the ' +
      'rest is a valid number; the spec reads the national number as written',
    applies: (c, o, t) => NATIONAL_KINDS.has(c.kind) && t.source === SOURCE.FROM_NUMBER_WITHOUT_PLUS_SIGN,
  },
];

const agree = (o, t) => o.ok === t.ok && (!o.ok || o.value === t.value);
/** The first allowed difference (other than `skip`) that explains o against t, if any. */
const explain = (c, o, t, skip) => ALLOWED.find((a) => (skip === undefined || a.id !== skip) && a.applies(c, o, t));

test(`preflight and libphonenumber agree on ${MIN_NUMBERS.toLocaleString('en')} generated numbers, except the listed differences`, (t) => {
  const counts = { total: 0, agree: 0, bothOk: 0, bothRefused: 0 };
  const byReason = new Map(ALLOWED.map((a) => [a.reason, 0]));
  const unexplained = [];
  for (let i = 0; i < MIN_NUMBERS; i++) {
    const c = generate();
    const o = ours(c);
    const th = theirs(c);
    counts.total += 1;
    if (agree(o, th)) {
      counts.agree += 1;
      counts[o.ok ? 'bothOk' : 'bothRefused'] += 1;
      continue;
    }
    const allowed = explain(c, o, th);
    if (allowed) byReason.set(allowed.reason, byReason.get(allowed.reason) + 1);
    else unexplained.push({ raw: c.raw, kind: c.kind, cc: c.cc, default: c.defaultCc, ours: o.value, libphonenumber: th.value });
  }
  // PHONE_DIFF_DUMP=file.json writes every unexplained difference (while studying a metadata update).
  if (process.env.PHONE_DIFF_DUMP) writeFileSync(process.env.PHONE_DIFF_DUMP, JSON.stringify(unexplained, null, 1));
  t.diagnostic(JSON.stringify(counts));
  for (const [reason, n] of byReason) t.diagnostic(`${n} allowed: ${reason}`);
  const kinds = {};
  for (const u of unexplained) kinds[`${u.kind} +${u.cc}`] = (kinds[`${u.kind} +${u.cc}`] ?? 0) + 1;
  // The corpus stays mostly realistic: most numbers are possible and come out the same.
  assert.ok(counts.bothOk >= 0.8 * counts.total, `only ${counts.bothOk} numbers hashed alike`);
  assert.deepEqual(unexplained.slice(0, 40), [], `${unexplained.length} unexplained differences: ${JSON.stringify(kinds)}`);
});
