//! Decimal text to `f64`, correctly rounded (round half to even), without the standard library's
//! `dec2flt`, whose 10 KB table of powers of five is about 5 KB of the gzipped validation
//! `.wasm` (docs/PERFORMANCE.md, "Size").
//!
//! Two paths, both exact:
//! - Clinger's fast path: digits whose integer is below 2^53 and a power of ten up to 10^22,
//!   both exact in `f64`, so one IEEE multiplication or division rounds once, correctly. Most
//!   numbers in payloads (`12.5`, `0.1`, `3.14159`) take it.
//! - Otherwise exact big-integer arithmetic: the value as a fraction `n / d` (powers of ten
//!   folded in), the 53-bit quotient by shift and subtract, rounded from the remainder. At most
//!   [`MAX_DIGITS`] significant digits are kept, a non-zero tail standing in as one more digit:
//!   a halfway point between two doubles has at most 767 significant digits, so it never falls
//!   strictly between the kept digits and the true value, and the rounding is the same.
//!
//! Tested against `str::parse::<f64>` (tests below, and the JSON parser's own tests).
//!
//! The big integers ([`Big`]) serve the writer too (`super::shortest`).

/// Significant digits kept before the rest count only as "non-zero" (see the module docs).
const MAX_DIGITS: usize = 800;

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

/// Digits of the mantissa without leading zeros (at most [`MAX_DIGITS`] + 1), and the power of
/// ten to scale them by.
struct Decimal {
    digits: Vec<u8>,
    exp10: i64,
}

#[inline(never)]
fn decimal(text: &[u8]) -> Decimal {
    let mut digits = Vec::new();
    let mut exp10: i64 = 0;
    let mut sticky = false;
    let mut fraction = false;
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        match c {
            b'0'..=b'9' => {
                if digits.is_empty() && c == b'0' {
                    // A leading zero: no significant digit, but one more place after the point.
                    if fraction {
                        exp10 -= 1;
                    }
                } else if digits.len() < MAX_DIGITS {
                    digits.push(c - b'0');
                    if fraction {
                        exp10 -= 1;
                    }
                } else {
                    // Dropped: one more place before the point, none after it.
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
    if sticky {
        digits.push(1);
        exp10 -= 1;
    } else {
        // Trailing zeros: fewer digits, more numbers on the fast path.
        while digits.last() == Some(&0) {
            digits.pop();
            exp10 += 1;
        }
    }
    Decimal { digits, exp10 }
}

/// 10^0 to 10^22: every one exact in `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

fn magnitude(text: &[u8]) -> Option<f64> {
    let Decimal { digits, exp10 } = decimal(text);
    if digits.is_empty() {
        return Some(0.0);
    }
    // Position of the leading digit: the value is in [10^lead, 10^(lead + 1)).
    let lead = exp10 + digits.len() as i64 - 1;
    if lead > 309 {
        return None;
    }
    if lead < -325 {
        // Below 10^-325, less than half the smallest subnormal (4.9e-324).
        return Some(0.0);
    }
    if digits.len() <= 19 {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d));
        if m < 1 << 53 {
            if let Some(&p) = POW10.get(exp10.unsigned_abs() as usize) {
                let m = m as f64;
                return Some(if exp10 < 0 { m / p } else { m * p });
            }
        }
    }
    exact(&digits, exp10)
}

/// The correctly rounded value of `digits × 10^exp10`, by big-integer division. The exponent is
/// within a few hundred of the digits' count (checked by the caller).
#[inline(never)]
fn exact(digits: &[u8], exp10: i64) -> Option<f64> {
    // value = n / d × 2^e, the powers of five of 10^exp10 in n or d, its powers of two in e.
    let mut n = Big::from_digits(digits);
    let mut d = Big(vec![1]);
    if exp10 >= 0 {
        n.mul_pow5(exp10 as u32);
    } else {
        d.mul_pow5(exp10.unsigned_abs() as u32);
    }
    // Shift so that n has 54 bits more than d: the quotient is then in (2^53, 2^55).
    let s = 54 - (i64::from(n.bits()) - i64::from(d.bits()));
    if s >= 0 {
        n.shl(s as u32);
    } else {
        d.shl(s.unsigned_abs() as u32);
    }
    let mut e = exp10 - s;
    let (q, rem_nonzero) = n.div_rem_nonzero(&d);
    // Drop bits down to 53 (fewer below the subnormal floor, where the exponent stops at -1074).
    let mut drop = 64 - q.leading_zeros() as i64 - 53;
    if e + drop < -1074 {
        drop = -1074 - e;
    }
    if drop >= 60 {
        return Some(0.0); // below half the smallest subnormal
    }
    let low = q & ((1 << drop) - 1);
    let half = 1 << (drop - 1);
    let mut q = q >> drop;
    e += drop;
    // Round half to even; a remainder puts a dropped half above the halfway point.
    if low > half || (low == half && (rem_nonzero || q & 1 == 1)) {
        q += 1;
        if q == 1 << 53 {
            q >>= 1;
            e += 1;
        }
    }
    if q < 1 << 52 {
        // A subnormal (e is -1074) or zero.
        return Some(f64::from_bits(q));
    }
    // q × 2^e with q in [2^52, 2^53): biased exponent e + 52 + 1023.
    let biased = e + 1075;
    if biased >= 0x7ff {
        return None;
    }
    Some(f64::from_bits(
        ((biased as u64) << 52) | (q & ((1 << 52) - 1)),
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
        while cmp(&self.0, &d.0) != std::cmp::Ordering::Less {
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

    fn bits(&self) -> u32 {
        match self.0.last() {
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
            None => 0,
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

    /// The quotient `self / d` (known to be below 2^56), and whether a remainder is left.
    #[inline(never)]
    fn div_rem_nonzero(&mut self, d: &Big) -> (u64, bool) {
        let mut q = 0u64;
        for bit in (0..56u32).rev() {
            let mut shifted = Big(d.0.clone());
            shifted.shl(bit);
            if cmp(&self.0, &shifted.0) != std::cmp::Ordering::Less {
                self.sub(&shifted);
                q |= 1 << bit;
            }
        }
        (q, !self.0.is_empty())
    }
}

pub(super) fn cmp(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
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
