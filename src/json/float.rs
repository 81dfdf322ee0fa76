//! Decimal text to `f64`, correctly rounded (round half to even), without the standard library's
//! `dec2flt`, whose 10 KB table of powers of five is about 5 KB of the gzipped validation
//! `.wasm` (docs/PERFORMANCE.md, "Size"). Held to `str::parse::<f64>` bit for bit on a million
//! generated numbers (tests/differential_libs/, "Hand-written code and why" there).
//!
//! Three steps; the first two decide almost every number, the third any:
//! - Clinger's fast path: digits whose integer is below 2^53 and a power of ten up to 10^22,
//!   both exact in `f64`, so one IEEE multiplication or division rounds once, correctly. Most
//!   numbers in payloads (`12.5`, `0.1`, `3.14159`) take it.
//! - An approximation that is never above the value and below it by less than a known bound
//!   ([`approximate`]): the first [`U64_DIGITS`] significant digits times a power of five below
//!   2^63 (exact in 128 bits), times a 64-bit power of ten from a table of 24 ([`POW10`]), kept
//!   to 64 bits. When no halfway point between two doubles lies within the bound above it, the
//!   rounding is known: every number but about one in 150.
//! - Otherwise exact big-integer arithmetic ([`resolve`]): the decimal against that halfway
//!   point, both made integers (a multiplication by a power of five, a shift), one comparison.
//!   At most [`MAX_DIGITS`] significant digits are kept, a non-zero tail standing in as one more
//!   digit: a halfway point between two doubles has at most 767 significant digits, so it never
//!   falls strictly between the kept digits and the true value, and the comparison is the same.
//!
//! Tested against `str::parse::<f64>`, against an exact rounding by long division in the tests,
//! and against Python's `float` on hard cases (tests below, and the JSON parser's own tests).
//!
//! The big integers ([`Big`]) serve the writer too (`super::shortest`).

use std::cmp::Ordering;

/// Significant digits kept before the rest count only as "non-zero" (see the module docs).
const MAX_DIGITS: usize = 800;

/// Significant digits read into a `u64` by [`approximate`]'s caller: 10^19 - 1 < 2^64.
const U64_DIGITS: i64 = 19;

/// The power of ten of [`POW10`]'s first entry, and the step between entries: 5^27 < 2^63, so a
/// power of ten between two entries is an entry times `5^r × 2^r` with `5^r` exact in a `u64`.
const POW10_FIRST: i64 = -344;
const POW10_STEP: i64 = 28;

/// `10^p` for `p = POW10_FIRST + POW10_STEP × j`, as `t × 2^(floor(p × log2 10) - 63)` with `t`
/// in [2^63, 2^64), rounded down: -344 to 300, enough for every number whose leading digit is
/// from 10^-325 to 10^309 and whose first 19 digits are read (the others are zero or infinity).
/// Checked against exact big-integer powers in the tests.
const POW10: [u64; 24] = [
    0x98EE_4A22_ECF3_188B, // 10^-344
    0x9A6B_B0AA_5565_3B2D, // 10^-316
    0x9BEC_CE62_836A_C577, // 10^-288
    0x9D71_AC8F_ADA6_C9B5, // 10^-260
    0x9EFA_548D_26E5_A6E1, // 10^-232
    0xA086_CFCD_97BF_97F3, // 10^-204
    0xA217_27DB_38CB_002F, // 10^-176
    0xA3AB_6658_0D5F_DAF5, // 10^-148
    0xA543_94FE_1EED_B8FE, // 10^-120
    0xA6DF_BD9F_B8E5_B88E, // 10^-92
    0xA87F_EA27_A539_E9A5, // 10^-64
    0xAA24_2499_6973_92D2, // 10^-36
    0xABCC_7711_8461_CEFC, // 10^-8
    0xAD78_EBC5_AC62_0000, // 10^20
    0xAF29_8D05_0E43_95D6, // 10^48
    0xB0DE_6538_8CC8_ADA8, // 10^76
    0xB297_7EE3_00C5_0FE7, // 10^104
    0xB454_E4A1_79DD_1877, // 10^132
    0xB616_A12B_7FE6_17AA, // 10^160
    0xB7DC_BF53_54E9_BECE, // 10^188
    0xB9A7_4A06_37CE_2EE1, // 10^216
    0xBB76_4C4C_A7A4_440F, // 10^244
    0xBD49_D14A_A79D_BC82, // 10^272
    0xBF21_E440_03AC_DD2C, // 10^300
];

// The table covers a leading digit from 10^-325 with 19 digits read to 10^309 with one, and
// 5^r for r below the step fits in 63 bits.
const _: () = assert!(POW10_FIRST <= -325 - (U64_DIGITS - 1));
const _: () = assert!(POW10_FIRST + POW10_STEP * POW10.len() as i64 > 309);
const _: () = assert!(5u128.pow(POW10_STEP as u32 - 1) < 1 << 63);

/// How far below the value [`approximate`]'s 64-bit approximation may be, in units of its last
/// bit: three truncations of relative error below 2^-63 each (the digits times the power of
/// five, the table entry, the product) on a value below 2^64 make less than 6.01; the digits
/// after the first 19 add less than 10^-18 × 2^64 < 18.45 more.
const ERR_EXACT_DIGITS: u64 = 7;
const ERR_MORE_DIGITS: u64 = 25;

/// The value of a JSON number's text (`-?digits[.digits][(e|E)[+-]digits]`, already checked by
/// the parser), or `None` when it is beyond `f64`'s range (it rounds to infinity). Underflow
/// gives zero, as `str::parse` does.
pub(crate) fn parse_f64(text: &[u8]) -> Option<f64> {
    let (negative, rest) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let magnitude = magnitude(rest)?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Reads a number's text (no sign): each significant digit is offered to `keep`, which says
/// whether it kept it. Returns the power of ten of the last digit kept, and whether a non-zero
/// digit was not kept. Leading zeros are not significant; a digit not kept is one more place
/// before the point (none after it).
#[inline(always)]
fn scan(text: &[u8], mut keep: impl FnMut(u8) -> bool) -> (i64, bool) {
    let mut exp10: i64 = 0;
    let mut sticky = false;
    let mut significant = false;
    let mut fraction = false;
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        match c {
            b'0'..=b'9' => {
                significant |= c != b'0';
                if !significant || keep(c - b'0') {
                    if fraction {
                        exp10 -= 1;
                    }
                } else {
                    if !fraction {
                        exp10 += 1;
                    }
                    sticky |= c != b'0';
                }
            }
            b'.' => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if let Some(exp) = text.get(i + 1..) {
        let (negative, exp) = match exp.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, exp),
        };
        // Saturating: beyond 10^±(1 << 40) the answer is infinity or zero either way.
        let mut e: i64 = 0;
        for &d in exp {
            e = (e * 10 + i64::from(d.wrapping_sub(b'0'))).min(1 << 40);
        }
        exp10 += if negative { -e } else { e };
    }
    (exp10, sticky)
}

/// Digits of the mantissa without leading zeros (at most [`MAX_DIGITS`] + 1), and the power of
/// ten to scale them by.
struct Decimal {
    digits: Vec<u8>,
    exp10: i64,
}

#[inline(never)]
fn decimal(text: &[u8]) -> Decimal {
    let mut digits = Vec::new();
    let (mut exp10, sticky) = scan(text, |d| {
        let kept = digits.len() < MAX_DIGITS;
        if kept {
            digits.push(d);
        }
        kept
    });
    if sticky {
        digits.push(1);
        exp10 -= 1;
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
            exp10 += 1;
        }
    }
    Decimal { digits, exp10 }
}

/// 10^0 to 10^22: every one exact in `f64`.
const POW10_F64: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

fn magnitude(text: &[u8]) -> Option<f64> {
    // The first 19 significant digits: the value is w × 10^q, exactly unless `more`.
    let mut w = 0u64;
    let mut kept = 0;
    let (mut q, more) = scan(text, |d| {
        let keep = kept < U64_DIGITS;
        if keep {
            w = w * 10 + u64::from(d);
            kept += 1;
        }
        keep
    });
    if w == 0 {
        return Some(0.0);
    }
    // Position of the leading digit: the value is in [10^lead, 10^(lead + 1)).
    let lead = q + kept - 1;
    if lead > 309 {
        return None;
    }
    if lead < -325 {
        // Below 10^-325, less than half the smallest subnormal (4.9e-324).
        return Some(0.0);
    }
    if !more {
        // Trailing zeros: a smaller integer, more numbers on the fast path.
        while w % 10 == 0 {
            w /= 10;
            q += 1;
        }
        if w < 1 << 53 {
            if let Some(&p) = POW10_F64.get(q.unsigned_abs() as usize) {
                let w = w as f64;
                return Some(if q < 0 { w / p } else { w * p });
            }
        }
    }
    match approximate(w, q, more) {
        Ok(value) => value,
        Err((m, e)) => resolve(text, m, e),
    }
}

/// The correctly rounded value of `w × 10^q` (`w` not zero, its leading digit from 10^-325 to
/// 10^309), `more` when more non-zero digits follow `w`'s: `Ok(None)` for infinity, or
/// `Err((m, e))` when the value is too close to the halfway point between `m × 2^e` and
/// `(m + 1) × 2^e` (the candidates) to tell from the approximation.
#[inline(never)]
fn approximate(w: u64, q: i64, more: bool) -> Result<Option<f64>, (u64, i64)> {
    let (a, e2) = approximation(w, q);
    let a = u128::from(a);
    let err = if more {
        ERR_MORE_DIGITS
    } else {
        ERR_EXACT_DIGITS
    };
    // Bits of `a` below the double's last: 11, more below the subnormal floor (2^-1074).
    let drop = (-1074 - e2).max(11);
    if drop >= 66 {
        // Below (a + err) × 2^e2 < 2^(e2 + 65) <= 2^-1075: less than half of 2^-1074.
        return Ok(Some(0.0));
    }
    let unit = 1u128 << drop;
    let half = unit >> 1;
    let low = a & (unit - 1);
    let m = (a >> drop) as u64;
    let e = e2 + drop;
    if low > half {
        // At least a, above the halfway point, and below a + err, below the next one.
        Ok(encode(m + 1, e))
    } else if low + u128::from(err) <= half {
        Ok(encode(m, e))
    } else {
        Err((m, e))
    }
}

/// `(a, e2)`: `a × 2^e2` approximates `w × 10^q` from below (by less than [`ERR_EXACT_DIGITS`]
/// units of `a`'s last bit), `a` in [2^63, 2^64). `w` is not zero and `q` in -343..=309.
#[inline(always)]
fn approximation(w: u64, q: i64) -> (u64, i64) {
    // 10^q = 5^r × 2^r × 10^p, 10^p from the table, 0 <= r < 28. The caller's bounds on the
    // leading digit keep q in -343..=309, the index in the table.
    let j = ((q - POW10_FIRST) / POW10_STEP).clamp(0, POW10.len() as i64 - 1);
    let p = POW10_FIRST + POW10_STEP * j;
    let r = (q - p) as u32;
    let t = POW10[j as usize];
    // floor(p × log2 10), exact for |p| up to 1233.
    let t_exp = ((p * 217_706) >> 16) - 63;
    // w × 5^r < 2^64 × 2^63, exact; then its top 64 bits, rounded down.
    let wide = u128::from(w) * u128::from(5u64.pow(r));
    let lz = i64::from(wide.leading_zeros());
    let top = ((wide << lz) >> 64) as u64;
    // The product's top 64 bits, rounded down.
    let product = u128::from(top) * u128::from(t);
    let lz2 = i64::from(product.leading_zeros());
    let a = ((product << lz2) >> 64) as u64;
    (a, (64 - lz) + (64 - lz2) + t_exp + i64::from(r))
}

/// The exact rounding of a number's text (no sign) between `m × 2^e` and `(m + 1) × 2^e`: the
/// decimal against the halfway point `(2m + 1) × 2^(e - 1)`, both as integers.
#[inline(never)]
fn resolve(text: &[u8], m: u64, e: i64) -> Option<f64> {
    let Decimal { digits, exp10 } = decimal(text);
    let mut value = Big::from_digits(&digits);
    let halfway = 2 * m + 1;
    let mut halfway = Big(vec![halfway as u32, (halfway >> 32) as u32]);
    halfway.trim();
    // value × 10^exp10 against halfway × 2^(e - 1): the powers of five to one side, then the
    // powers of two. Both exponents are within a few thousand (the caller's bounds).
    if exp10 >= 0 {
        value.mul_pow5(exp10 as u32);
    } else {
        halfway.mul_pow5(exp10.unsigned_abs() as u32);
    }
    let shift = exp10 - (e - 1);
    if shift >= 0 {
        value.shl(shift as u32);
    } else {
        halfway.shl(shift.unsigned_abs() as u32);
    }
    let up = match cmp(&value.0, &halfway.0) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => m & 1 == 1,
    };
    encode(m + u64::from(up), e)
}

/// The double `m × 2^e` (`m` at most 2^53: a rounded 53-bit mantissa; below 2^52 only when `e` is
/// -1074, a subnormal), or `None` beyond the largest.
fn encode(mut m: u64, mut e: i64) -> Option<f64> {
    if m == 1 << 53 {
        m >>= 1;
        e += 1;
    }
    if m < 1 << 52 {
        return Some(f64::from_bits(m));
    }
    // m × 2^e with m in [2^52, 2^53): biased exponent e + 52 + 1023.
    let biased = e + 1075;
    if biased >= 0x7ff {
        return None;
    }
    Some(f64::from_bits(
        ((biased as u64) << 52) | (m & ((1 << 52) - 1)),
    ))
}

/// An unsigned big integer, 32-bit limbs, least significant first, no high zero limbs.
pub(super) struct Big(pub(super) Vec<u32>);

impl Big {
    #[inline(never)]
    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let mut v = 0u32;
            for &d in chunk {
                v = v * 10 + u32::from(d);
            }
            b.mul_add(10u32.pow(chunk.len() as u32), v);
        }
        b
    }

    /// self = self × m + a.
    #[inline(never)]
    pub(super) fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    pub(super) fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    #[inline(never)]
    pub(super) fn add(&self, other: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len().max(other.0.len()) + 1);
        let mut carry = 0u64;
        for i in 0..self.0.len().max(other.0.len()) {
            let v = u64::from(self.0.get(i).copied().unwrap_or(0))
                + u64::from(other.0.get(i).copied().unwrap_or(0))
                + carry;
            out.push(v as u32);
            carry = v >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        Big(out)
    }

    pub(super) fn mul_pow10(&mut self, e: u32) {
        self.mul_pow5(e);
        self.shl(e);
    }

    /// The digit `self / d` (known to be below 10), leaving the remainder.
    #[inline(never)]
    pub(super) fn div_small(&mut self, d: &Big) -> u8 {
        let mut q = 0;
        while cmp(&self.0, &d.0) != Ordering::Less {
            self.sub(d);
            q += 1;
        }
        q
    }

    #[inline(never)]
    fn mul_pow5(&mut self, mut e: u32) {
        // 5^13 is the largest power of five below 2^32.
        while e > 0 {
            let step = e.min(13);
            self.mul_add(5u32.pow(step), 0);
            e -= step;
        }
    }

    #[inline(never)]
    pub(super) fn shl(&mut self, s: u32) {
        let (limbs, bits) = ((s / 32) as usize, s % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if limbs > 0 && !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat(0).take(limbs));
        }
    }

    /// self -= other (other ≤ self).
    #[inline(never)]
    pub(super) fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let o = i64::from(other.0.get(i).copied().unwrap_or(0));
            let v = i64::from(*limb) - o - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

pub(super) fn cmp(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) {
        let ours = parse_f64(text.as_bytes());
        let std = text.parse::<f64>().ok().filter(|f| f.is_finite());
        assert_eq!(
            ours.map(f64::to_bits),
            std.map(f64::to_bits),
            "{text}: {ours:?} against {std:?}"
        );
    }

    /// The correctly rounded value of a number's text by long division, as this module computed
    /// it before [`approximate`] and [`resolve`]: the decimal as a fraction `n / d`, a 56-bit
    /// quotient bit by bit, rounded from the remainder. Slow, and independent of both.
    fn by_division(text: &str) -> Option<f64> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let Decimal { digits, exp10 } = decimal(rest.as_bytes());
        let lead = exp10 + digits.len() as i64 - 1;
        let magnitude = if digits.is_empty() || lead < -325 {
            Some(0.0)
        } else if lead > 309 {
            None
        } else {
            divide(&digits, exp10)
        };
        magnitude.map(|m| if negative { -m } else { m })
    }

    fn bits(b: &Big) -> i64 {
        match b.0.last() {
            Some(&top) => (b.0.len() as i64 - 1) * 32 + i64::from(32 - top.leading_zeros()),
            None => 0,
        }
    }

    /// `floor(n / d)`, known to be below 2^bits, and whether a remainder is left.
    fn quotient(mut n: Big, d: &Big, bits: u32) -> (u128, bool) {
        let mut q = 0u128;
        for bit in (0..bits).rev() {
            let mut shifted = Big(d.0.clone());
            shifted.shl(bit);
            if cmp(&n.0, &shifted.0) != Ordering::Less {
                n.sub(&shifted);
                q |= 1 << bit;
            }
        }
        (q, !n.0.is_empty())
    }

    fn divide(digits: &[u8], exp10: i64) -> Option<f64> {
        let mut n = Big::from_digits(digits);
        let mut d = Big(vec![1]);
        if exp10 >= 0 {
            n.mul_pow5(exp10 as u32);
        } else {
            d.mul_pow5(exp10.unsigned_abs() as u32);
        }
        // n with 54 bits more than d: the quotient is in (2^53, 2^55).
        let s = 54 - (bits(&n) - bits(&d));
        if s >= 0 {
            n.shl(s as u32);
        } else {
            d.shl(s.unsigned_abs() as u32);
        }
        let mut e = exp10 - s;
        let (q, rem) = quotient(n, &d, 56);
        let mut q = q as u64;
        let mut drop = 64 - i64::from(q.leading_zeros()) - 53;
        if e + drop < -1074 {
            drop = -1074 - e;
        }
        if drop >= 60 {
            return Some(0.0);
        }
        let low = q & ((1 << drop) - 1);
        let half = 1 << (drop - 1);
        q >>= drop;
        e += drop;
        if low > half || (low == half && (rem || q & 1 == 1)) {
            q += 1;
        }
        encode(q, e)
    }

    /// A big integer's decimal digits.
    fn decimal_text(mut b: Big) -> String {
        let mut groups = Vec::new();
        while !b.0.is_empty() {
            let mut rem = 0u64;
            for limb in b.0.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*limb);
                *limb = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            b.trim();
            groups.push(rem);
        }
        let mut text = groups.pop().map_or("0".to_string(), |g| g.to_string());
        for g in groups.iter().rev() {
            text.push_str(&format!("{g:09}"));
        }
        text
    }

    /// `(2m + 1) × 2^(e - 1)`, the halfway point between `m × 2^e` and `(m + 1) × 2^e`, exactly:
    /// its digits and their power of ten.
    fn halfway_text(m: u64, e: i64) -> (String, i64) {
        let n = 2 * m + 1;
        let mut b = Big(vec![n as u32, (n >> 32) as u32]);
        b.trim();
        if e >= 1 {
            b.shl((e - 1) as u32);
            (decimal_text(b), 0)
        } else {
            b.mul_pow5((1 - e) as u32);
            (decimal_text(b), e - 1)
        }
    }

    /// splitmix64.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        fn range(&mut self, lo: i64, hi: i64) -> i64 {
            lo + self.below((hi - lo + 1) as u64) as i64
        }

        fn digits(&mut self, n: usize) -> String {
            (0..n)
                .map(|i| {
                    let d = self.below(10) as u8;
                    char::from(b'0' + if i == 0 { d % 9 + 1 } else { d })
                })
                .collect()
        }

        /// 1 to `max` digits, the first not zero.
        fn some_digits(&mut self, max: u64) -> String {
            let n = 1 + self.below(max) as usize;
            self.digits(n)
        }

        /// A finite double, not negative, from random bits.
        fn double(&mut self) -> f64 {
            let x = self.next() >> 1;
            f64::from_bits(x & !(0x7ff << 52) | ((x >> 52) % 0x7ff) << 52)
        }
    }

    /// One generated number text, and whether it is a hard case (near a halfway point, long,
    /// subnormal, at the ends of the range) that is always checked against [`by_division`].
    fn generated(rng: &mut Rng, i: u64) -> (String, bool) {
        let sign = if rng.below(4) == 0 { "-" } else { "" };
        let (text, hard) = match i % 8 {
            // Digits before and after the point, an exponent or none.
            0 => {
                let int = rng.some_digits(25);
                let frac = rng.some_digits(25);
                let frac = &frac[1..];
                let exp = if rng.below(2) == 0 {
                    format!("e{}", rng.range(-350, 350))
                } else {
                    String::new()
                };
                let point = if frac.is_empty() { "" } else { "." };
                (format!("{int}{point}{frac}{exp}"), false)
            }
            // `1e-300`: a few digits, any exponent.
            1 => {
                let d = rng.some_digits(3);
                (format!("{d}e{}", rng.range(-345, 320)), false)
            }
            // 17 significant digits, and the shortest form, of random doubles.
            2 => (format!("{:.16e}", rng.double()), false),
            3 => (format!("{:e}", rng.double()), false),
            // At, just above, just below and cut short near a halfway point.
            4 | 5 => {
                let (m, e) = if i % 8 == 4 {
                    ((1 << 52) | rng.below(1 << 52), rng.range(-1074, 971))
                } else {
                    (rng.next() >> (12 + rng.below(52)), -1074)
                };
                let (digits, exp) = halfway_text(m, e);
                let text = match rng.below(4) {
                    0 => format!("{digits}e{exp}"),
                    1 => format!("{digits}{}1e{}", "0".repeat(rng.below(3) as usize), exp - 1),
                    2 => format!("{}9e{}", decimal_text_minus_one(&digits), exp - 1),
                    _ => {
                        let keep = (17 + rng.below(24) as usize).min(digits.len());
                        let cut = exp + (digits.len() - keep) as i64;
                        format!("{}e{cut}", &digits[..keep])
                    }
                };
                (text, true)
            }
            // Long mantissas: 20 to 60 digits, or about 800.
            6 => {
                let n = if rng.below(8) == 0 {
                    700 + rng.below(200) as usize
                } else {
                    20 + rng.below(41) as usize
                };
                let d = rng.digits(n);
                let exp = rng.range(-325 - n as i64, 309 - n as i64);
                (format!("{d}e{exp}"), true)
            }
            // The ends: near the largest double, near 2^-1074, beyond both, zeros, long exponents.
            _ => {
                let text = match rng.below(8) {
                    0 => format!("1.79769313486231{}e308", rng.some_digits(12)),
                    1 => format!("2.47032822920623{}e-324", rng.some_digits(12)),
                    2 => format!("4.94065645841246{}e-324", rng.some_digits(12)),
                    3 => format!("{}e{}", rng.digits(3), rng.range(-420, -322)),
                    4 => format!("{}e{}", rng.digits(3), rng.range(300, 320)),
                    5 => format!("0e{}", rng.some_digits(30)),
                    6 => format!(
                        "1e{}{}{}",
                        ["", "-", "+"][rng.below(3) as usize],
                        "0".repeat(rng.below(40) as usize),
                        rng.below(400)
                    ),
                    _ => format!(
                        "0.{}{}e{}",
                        "0".repeat(rng.below(1000) as usize),
                        rng.some_digits(20),
                        rng.range(0, 1300)
                    ),
                };
                (text, true)
            }
        };
        (format!("{sign}{text}"), hard)
    }

    /// The decimal digits of a positive integer's predecessor.
    fn decimal_text_minus_one(digits: &str) -> String {
        let mut d: Vec<u8> = digits.bytes().collect();
        for c in d.iter_mut().rev() {
            if *c == b'0' {
                *c = b'9';
            } else {
                *c -= 1;
                break;
            }
        }
        let text = String::from_utf8(d).unwrap_or_default();
        let trimmed = text.trim_start_matches('0');
        if trimmed.is_empty() { "0" } else { trimmed }.to_string()
    }

    /// Generated numbers of every shape, seeded (`PREFLIGHT_FLOAT_CASES` sets how many: 200,000
    /// by default; run millions with `cargo test --release`): the same double as `str::parse`,
    /// or where `str::parse` differs, and on every hard case and one in 64 of the others, the
    /// same as the exact long division.
    #[test]
    fn agrees_with_std_and_an_exact_division_on_generated_numbers() {
        let cases = std::env::var("PREFLIGHT_FLOAT_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(200_000u64);
        let mut rng = Rng(0x5EED_F10A_7000_0022);
        let (mut divided, mut std_differs) = (0u64, 0u64);
        for i in 0..cases {
            let (text, hard) = generated(&mut rng, i);
            let ours = parse_f64(text.as_bytes()).map(f64::to_bits);
            let std = text.parse::<f64>().ok().filter(|f| f.is_finite());
            let std = std.map(f64::to_bits);
            if ours != std || hard || i % 64 == 0 {
                let exact = by_division(&text).map(f64::to_bits);
                assert_eq!(ours, exact, "{text}: ours against long division");
                divided += 1;
                std_differs += u64::from(std != exact);
            }
        }
        eprintln!(
            "{cases} numbers, {divided} also by long division; str::parse differs on {std_differs}"
        );
    }

    /// Python's `float()` (correctly rounded) on texts at, around and cut short near halfway
    /// points, subnormals and the ends of the range: src/json/float_vectors.txt, made by
    /// scripts/gen-float-vectors.py.
    #[test]
    fn agrees_with_python_float_on_hard_cases() {
        let vectors = include_str!("float_vectors.txt");
        let mut n = 0;
        for line in vectors.lines() {
            let (text, want) = line.split_once('\t').expect("text, tab, bits");
            let want = match want {
                "inf" => None,
                hex => Some(u64::from_str_radix(hex, 16).expect("hex bits")),
            };
            assert_eq!(parse_f64(text.as_bytes()).map(f64::to_bits), want, "{text}");
            assert_eq!(by_division(text).map(f64::to_bits), want, "{text}");
            n += 1;
        }
        assert!(n > 4000, "{n} vectors");
    }

    /// Each entry of [`POW10`] is its power of ten rounded down to 64 bits, its exponent the one
    /// [`approximate`] computes (the range they cover is checked where they are defined).
    #[test]
    fn pow10_table_is_each_power_rounded_down() {
        for (j, &t) in POW10.iter().enumerate() {
            let p = POW10_FIRST + POW10_STEP * j as i64;
            let e = ((p * 217_706) >> 16) - 63;
            // floor(10^p / 2^e) as floor(n / d).
            let (mut n, mut d) = (Big(vec![1]), Big(vec![1]));
            if p >= 0 {
                n.mul_pow10(p as u32);
            } else {
                d.mul_pow10(p.unsigned_abs() as u32);
            }
            if e >= 0 {
                d.shl(e as u32);
            } else {
                n.shl(e.unsigned_abs() as u32);
            }
            let (q, _) = quotient(n, &d, 66);
            assert_eq!(q >> 63, 1, "10^{p}: not 64 bits, so not floor(p log2 10)");
            assert_eq!(q, u128::from(t), "10^{p}");
        }
    }

    /// The bound [`approximate`] relies on: `a × 2^e2 <= value < (a + err) × 2^e2`, checked
    /// exactly on the worst digits (19 nines, or 19 digits and a non-zero tail) at every power.
    #[test]
    fn the_approximation_is_below_the_value_within_its_bound() {
        let mut rng = Rng(0xB0_07D5);
        for q in -343..=309i64 {
            for k in 0..6 {
                let w = match k {
                    0 => 9_999_999_999_999_999_999,
                    1 => 1_000_000_000_000_000_000,
                    _ => 1_000_000_000_000_000_000 + rng.below(9_000_000_000_000_000_000),
                };
                let lead = q + 18;
                if !(-325..=309).contains(&lead) {
                    continue;
                }
                let (a, e2) = approximation(w, q);
                for more in [false, true] {
                    // The value's upper end: w, or just below w + 1 (more digits follow).
                    let err = if more {
                        ERR_MORE_DIGITS
                    } else {
                        ERR_EXACT_DIGITS
                    };
                    let top = w as u128 + u128::from(more);
                    let scaled = |x: u128, y: u128| {
                        // x × 10^q against y × 2^e2.
                        let mut l = Big(vec![
                            x as u32,
                            (x >> 32) as u32,
                            (x >> 64) as u32,
                            (x >> 96) as u32,
                        ]);
                        let mut r = Big(vec![
                            y as u32,
                            (y >> 32) as u32,
                            (y >> 64) as u32,
                            (y >> 96) as u32,
                        ]);
                        l.trim();
                        r.trim();
                        if q >= 0 {
                            l.mul_pow5(q as u32);
                        } else {
                            r.mul_pow5(q.unsigned_abs() as u32);
                        }
                        let s = q - e2;
                        if s >= 0 {
                            l.shl(s as u32);
                        } else {
                            r.shl(s.unsigned_abs() as u32);
                        }
                        cmp(&l.0, &r.0)
                    };
                    assert_ne!(
                        scaled(u128::from(w), u128::from(a)),
                        Ordering::Less,
                        "{w}e{q}"
                    );
                    // Below (w + 1) × 10^q with more digits, so at most is enough.
                    let limit = if more {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                    let above = scaled(top, u128::from(a) + u128::from(err));
                    assert!(
                        above == Ordering::Less || above != limit,
                        "{w}e{q} more: {more}"
                    );
                }
            }
        }
    }

    #[test]
    fn agrees_with_std_on_hard_cases() {
        // Halfway between 2^53 and 2^53 + 2, and just above it after 900 digits (the sticky tail).
        let long_half = format!("9007199254740993.{}", "0".repeat(900));
        let long_above = format!("9007199254740993.{}1", "0".repeat(900));
        let long_above_int = format!("9007199254740993{}1e-901", "0".repeat(900));
        let long_zeros = format!("0.{}1", "0".repeat(2000));
        let many = format!("{}e-750", "1".repeat(1200));
        for t in [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "1",
            "1.5",
            "0.1",
            "0.2",
            "0.3",
            "3.14159",
            "12.5",
            "1e22",
            "1e23",
            "-1e23",
            "9007199254740992",
            "9007199254740993",
            "9007199254740993.0",
            "9007199254740995",
            "9007199254740993.0000000000000000001",
            "0.30000000000000004",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1.8e308",
            "1e309",
            "-1e400",
            "1e99999999999999999999999",
            "4.9e-324",
            "5e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.47e-324",
            "2e-324",
            "1e-400",
            "0e99999",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "2.2250738585072012e-308",
            "1.0e-5",
            "123456789012345678901234567890",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "7.2057594037927933e16",
            "1E+2",
            "1e-2",
            "100e-2",
            "0.000001e6",
            "123.456e-300",
            "8.98846567431158e307",
            "1.448997445238699",
            &long_half,
            &long_above,
            &long_above_int,
            &long_zeros,
            &many,
        ] {
            check(t);
        }
    }

    #[test]
    fn agrees_with_std_on_generated_numbers() {
        // A deterministic generator (xorshift): digits, points and exponents of every length.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..50_000 {
            let r = next();
            let int_len = 1 + (r % 25) as usize;
            let frac_len = ((r >> 8) % 25) as usize;
            let mut t = String::new();
            if r >> 16 & 1 == 1 {
                t.push('-');
            }
            for i in 0..int_len {
                let d = (next() % 10) as u8;
                t.push(char::from(
                    b'0' + if i == 0 && int_len > 1 { d % 9 + 1 } else { d },
                ));
            }
            if frac_len > 0 {
                t.push('.');
                for _ in 0..frac_len {
                    t.push(char::from(b'0' + (next() % 10) as u8));
                }
            }
            if r >> 17 & 1 == 1 {
                let e = (next() % 700) as i64 - 350;
                t.push_str(&format!("e{e}"));
            }
            check(&t);
        }
    }

    #[test]
    fn agrees_with_std_on_shortest_forms_of_random_doubles() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..30_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let f = f64::from_bits(x & !(0x7ff << 52) | ((x >> 52) % 0x7ff) << 52);
            check(&format!("{f:e}"));
            check(&format!("{:.25e}", f));
        }
    }

    #[test]
    fn agrees_with_std_on_and_around_halfway_points() {
        // (2m + 1) × 2^(e - 1), halfway between m × 2^e and (m + 1) × 2^e, written exactly:
        // an integer for e ≥ 1, else (2m + 1) × 5^k with the point k places to the left.
        let mut x: u64 = 0xD1B5_4A32_D192_ED03;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = (1u128 << 52) | u128::from(x & ((1 << 52) - 1));
            let e = (x >> 52) as i64 % 90 - 20;
            let (digits, exp10) = if e >= 1 {
                ((2 * m + 1) << (e - 1), 0)
            } else {
                let k = (1 - e) as u32;
                ((2 * m + 1) * 5u128.pow(k), -i64::from(k))
            };
            check(&format!("{digits}e{exp10}"));
            check(&format!("{digits}0001e{}", exp10 - 4));
            check(&format!("{}9999e{}", digits - 1, exp10 - 4));
        }
        // Subnormal halfway points, (2k + 1) × 2^-1075 = (2k + 1) × 5^1075 × 10^-1075, in
        // decimal by schoolbook multiplication.
        for i in 0..40u64 {
            let k = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (12 + i % 52);
            let mut digits: Vec<u8> = (2 * k + 1).to_string().bytes().map(|b| b - b'0').collect();
            for _ in 0..1075 {
                let mut carry = 0;
                for d in digits.iter_mut().rev() {
                    let v = *d * 5 + carry;
                    *d = v % 10;
                    carry = v / 10;
                }
                if carry > 0 {
                    digits.insert(0, carry);
                }
            }
            let text: String = digits.iter().map(|&d| char::from(b'0' + d)).collect();
            check(&format!("{text}e-1075"));
            check(&format!("{text}1e-1076"));
            check(&format!("0.{}e-1074", text.trim_end_matches('0')));
        }
    }
}
