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
// default country's international call prefix, `(0)`-style national prefix after the code). Then
// a second corpus of 10,000 written after the default country's calling code without `+`
// (`447911123456` with +44), drawn after the first so that the first stays as it was.
//
// Every number is compared: the same E.164 string, or both refused. A difference is allowed only
// when one of ALLOWED below explains it; each says why the spec and libphonenumber part ways.
// Whatever is not explained fails the test, with examples (PHONE_DIFF_DUMP=file.json writes them
// all). Apart from libphonenumber, every number is refused as `ambiguous_country_code` exactly
// when the spec's two readings (`readings`, from the kept metadata) are both possible and differ.
// With google-libphonenumber 3.2.47: 89,524 of the first 100,000 the same (86,215 hashed alike,
// 3,309 both refused), the rest allowed differences (the counts print as test diagnostics); most
// of those are inputs no real number looks like (random digits, 00 written before a national
// number), which the spec and libphonenumber read differently. Of the second corpus 5,889 the
// same (5,693 hashed alike) and 3,608 refused as ambiguous, where libphonenumber picks a reading
// by its validity patterns.
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
/** Then this many with the default calling code written without + (`code-no-plus`). */
const CODE_NO_PLUS_NUMBERS = 10_000;
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

/**
 * One case of the second corpus, drawn after the first (which stays as it was): a national
 * significant number written after the default country's calling code without `+`
 * (`447911123456` with +44), kind `code-no-plus`.
 */
function generateCodeNoPlus() {
  const info = INFO.get(pick(CODES));
  const nsn = nationalNumber(info);
  const raw = `${info.cc}${sep()}${written(nsn)}`;
  return { kind: 'code-no-plus', cc: info.cc, nsn, raw, defaultCc: info.cc, region: info.region };
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
/** Kinds without `+`, `00` or an international prefix: the default country's national number. */
const NATIONAL_KINDS = new Set(['national', 'national-no-trunk', 'code-no-plus']);
/** The digits after the calling code as written, national prefix included. */
const writtenNational = (c) => (c.kind === 'paren-trunk' ? (KEPT.get(c.cc).np || '0') + c.nsn : NATIONAL_KINDS.has(c.kind) ? digitsOf(c.raw) : c.nsn);
/** Our result split into its calling code (the kept copy's) and national number. */
const ourNational = (o) => {
  const d = o.value.slice(1);
  const k = [1, 2, 3].find((k) => KEPT.has(Number(d.slice(0, k))));
  return { cc: Number(d.slice(0, k)), nsn: d.slice(k) };
};

/**
 * The spec's two readings of a number without +, 00 or the default country's international
 * prefix whose digits begin with the default calling code (audience-identifiers.md, "The default
 * country's calling code written without +"), from the kept copy and the E.164 length, not from
 * Preflight: `a`, the code and the rest as the national number; `b`, all the digits as the
 * national number after the national prefix rule. Each is the E.164 string when its national
 * number has a possible length, else null (with `check` false: the string either way). Null when
 * the rule does not apply.
 */
function readings(c, check = true) {
  const cc = String(c.defaultCc);
  const d = digitsOf(c.raw);
  const idd = plainIdd(c.defaultCc);
  if (c.raw.includes('+') || d.startsWith('00') || (idd && d.startsWith(idd)) || !d.startsWith(cc)) return null;
  const { np, lengths } = KEPT.get(c.defaultCc);
  const possible = (nsn) => {
    const n = cc.length + nsn.length;
    return !check || (lengths.includes(nsn.length) && n >= 7 && n <= 15) ? `+${cc}${nsn}` : null;
  };
  return { a: possible(d.slice(cc.length)), b: possible(np && d.startsWith(np) ? d.slice(np.length) : d) };
}
/** Whether both readings are possible and different numbers. */
const ambiguous = (r) => r !== null && r.a !== null && r.b !== null && r.a !== r.b;

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
      "digits that begin with the default country's calling code and are a possible number both " +
      'with those digits as the code written without + and as a national number (919876543210 ' +
      'with +91, 39 06 4567 8901 with +39): the spec refuses them (ambiguous_country_code), ' +
      'libphonenumber picks one by its validity patterns, which the spec does not use',
    applies: (c, o) => !o.ok && o.value === 'ambiguous_country_code' && ambiguous(readings(c)),
  },
  {
    reason:
      "digits that begin with the default country's calling code where only the reading with " +
      'the code written without + has a possible length (71026633855 with +7: 10 digits after ' +
      'the 7, 11 in all): the spec takes it; libphonenumber takes the code only when the rest ' +
      'matches its national number pattern or the whole is too long, and refuses the other reading',
    applies: (c, o, t) => {
      const r = readings(c);
      return o.ok && !t.ok && t.source === SOURCE.FROM_DEFAULT_COUNTRY && r !== null && r.b === null && o.value === r.a;
    },
  },
  {
    reason:
      "digits that begin with the default country's calling code where only one reading is " +
      'possible under the spec, which takes it; libphonenumber takes the other, which the spec ' +
      'does not call possible: outside E.164 (98 9031 with +98: 4 digits after the code, 6 in all; ' +
      '81 and 13 digits with +81: the whole as a national number makes 17) or of a local-only ' +
      'length (82 11461 with +82)',
    applies: (c, o, t) => {
      const r = readings(c);
      if (r === null || !o.ok || !t.ok) return false;
      const whole = readings(c, false);
      const other = o.value === r.a && r.b === null ? whole.b : o.value === r.b && r.a === null ? whole.a : null;
      const n = t.value.length - 1;
      return other !== null && t.value === other && (n < 7 || n > 15 || t.reason === lib.PhoneNumberUtil.ValidationResult.IS_POSSIBLE_LOCAL_ONLY);
    },
  },
  {
    reason:
      "the default country's calling code written without + and then its national prefix " +
      '(1 1 628 716 0122 with +1, 57 0594 60 1917 with +57): libphonenumber drops both (its ' +
      'national_prefix_for_parsing, up to twice); the spec reads the rest after the code as ' +
      'written (1 628 716 0122: 11 digits, refused) or drops one national prefix from the whole ' +
      '(for +1 the code itself: 1 183 678 9936 is +11836789936, which libphonenumber cuts to 9 digits)',
    applies: (c, o, t) => {
      const r = readings(c);
      const { np } = KEPT.get(c.defaultCc);
      const rest = digitsOf(c.raw).slice(String(c.defaultCc).length);
      return (
        r !== null &&
        t.source === SOURCE.FROM_NUMBER_WITHOUT_PLUS_SIGN &&
        np !== '' &&
        rest.startsWith(np) &&
        t.nsn !== rest &&
        rest.endsWith(t.nsn) &&
        (o.ok ? o.value === (r.a ?? r.b) : o.value === 'invalid_phone_number' && r.a === null && r.b === null)
      );
    },
  },
];

const agree = (o, t) => o.ok === t.ok && (!o.ok || o.value === t.value);
/** The first allowed difference (other than `skip`) that explains o against t, if any. */
const explain = (c, o, t, skip) => ALLOWED.find((a) => (skip === undefined || a.id !== skip) && a.applies(c, o, t));

test(`preflight and libphonenumber agree on ${MIN_NUMBERS.toLocaleString('en')} generated numbers and ${CODE_NO_PLUS_NUMBERS.toLocaleString('en')} with the calling code written without +, except the listed differences`, (t) => {
  const counts = { total: 0, agree: 0, bothOk: 0, bothRefused: 0 };
  // The second corpus apart (the first's counts stay comparable from one run to the next).
  const codeNoPlus = { total: 0, agree: 0, bothOk: 0, bothRefused: 0, ambiguous: 0 };
  const byReason = new Map(ALLOWED.map((a) => [a.reason, 0]));
  const unexplained = [];
  // Whatever libphonenumber says: ambiguous_country_code exactly where both readings are possible
  // and differ (a refusal both give would otherwise count as agreement).
  const wrongAmbiguity = [];
  for (let i = 0; i < MIN_NUMBERS + CODE_NO_PLUS_NUMBERS; i++) {
    const c = i < MIN_NUMBERS ? generate() : generateCodeNoPlus();
    const o = ours(c);
    const th = theirs(c);
    if ((o.value === 'ambiguous_country_code') !== ambiguous(readings(c))) {
      wrongAmbiguity.push({ raw: c.raw, default: c.defaultCc, ours: o.value, readings: readings(c) });
    }
    const tally = i < MIN_NUMBERS ? counts : codeNoPlus;
    tally.total += 1;
    if (o.value === 'ambiguous_country_code' && tally === codeNoPlus) tally.ambiguous += 1;
    if (agree(o, th)) {
      tally.agree += 1;
      tally[o.ok ? 'bothOk' : 'bothRefused'] += 1;
      continue;
    }
    const allowed = explain(c, o, th);
    if (allowed) byReason.set(allowed.reason, byReason.get(allowed.reason) + 1);
    else unexplained.push({ raw: c.raw, kind: c.kind, cc: c.cc, default: c.defaultCc, ours: o.value, libphonenumber: th.value });
  }
  // PHONE_DIFF_DUMP=file.json writes every unexplained difference (while studying a metadata update).
  if (process.env.PHONE_DIFF_DUMP) writeFileSync(process.env.PHONE_DIFF_DUMP, JSON.stringify(unexplained, null, 1));
  t.diagnostic(JSON.stringify(counts));
  t.diagnostic(`code-no-plus: ${JSON.stringify(codeNoPlus)}`);
  for (const [reason, n] of byReason) t.diagnostic(`${n} allowed: ${reason}`);
  const kinds = {};
  for (const u of unexplained) kinds[`${u.kind} +${u.cc}`] = (kinds[`${u.kind} +${u.cc}`] ?? 0) + 1;
  // The corpus stays mostly realistic: most numbers are possible and come out the same.
  assert.ok(counts.bothOk >= 0.8 * counts.total, `only ${counts.bothOk} numbers hashed alike`);
  assert.deepEqual(unexplained.slice(0, 40), [], `${unexplained.length} unexplained differences: ${JSON.stringify(kinds)}`);
  assert.deepEqual(wrongAmbiguity.slice(0, 20), [], `${wrongAmbiguity.length} numbers refused as ambiguous or not, against the rule`);
});
