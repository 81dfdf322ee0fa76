//! The length of an `f64` as serde_json writes it ([`f64_len`], for `Value::compact_len`), from
//! shortest round-trip digits of its own ([`shortest`]): serde_json's writer (zmij) carries 17 KB
//! of tables, about 7 KB of the gzipped validation `.wasm`, and the standard library's `{:e}`
//! weighs as much there (docs/PERFORMANCE.md, "Size"). The text itself ([`write_f64`], for an
//! issue's float params) and the length are tested against serde_json. The `ryu` crate would
//! cost 8.1 KB gzipped (`bash bench/libsize/run.sh`), and is 10x faster on amounts (big-integer
//! digit generation here: about 0.7 µs a number in wasm, `node bench/libsize/speed.mjs`); a
//! million doubles give the same digits as `ryu` (tests/differential_libs/; docs/PERFORMANCE.md,
//! "Hand-written code and why").

use super::float::{cmp, Big};

/// The length in bytes of a finite `f64` as serde_json writes it ([`write_f64`]).
pub(super) fn f64_len(f: f64) -> usize {
    let (digits, point) = shortest(f.abs());
    let n = digits.len();
    let exp = point - 1;
    let sign = usize::from(f.is_sign_negative());
    sign + if (-5..0).contains(&exp) {
        // 0.000ddd
        1 + point.unsigned_abs() as usize + 1 + n
    } else if (0..16).contains(&exp) {
        // ddd.ddd, or ddd000.0
        let int_len = point as usize;
        int_len.max(n) + 1 + usize::from(n <= int_len)
    } else {
        // d.ddde+x
        let e = exp.unsigned_abs();
        let exp_digits = 1 + usize::from(e >= 10) + usize::from(e >= 100);
        n + usize::from(n > 1) + 1 + usize::from(exp > 0) + usize::from(exp < 0) + exp_digits
    }
}

/// Writes a finite `f64` as serde_json writes it: the shortest digits that read back as the same
/// value (of two equally close, the even one), in fixed notation from 1e-5 up to below 1e16
/// (`0.00001`, `123.0`, `-0.0`), else as `1.5e+16` or `1e-7`. Returns the number of bytes
/// written. Not for NaN or infinities (JSON has none; serde_json writes `null`). An issue's
/// float params ([`crate::report::Param::Float`]) are written with it.
pub(crate) fn write_f64(out: &mut String, f: f64) -> usize {
    let start = out.len();
    if f.is_sign_negative() {
        out.push('-');
    }
    let (digits, point) = shortest(f.abs());
    // value = 0.digits × 10^point; `exp` as in d.ddd × 10^exp.
    let exp = point - 1;
    let digit = |d: &u8| char::from(b'0' + d);
    if (-5..0).contains(&exp) {
        out.push_str("0.");
        out.extend(std::iter::repeat('0').take(point.unsigned_abs() as usize));
        out.extend(digits.iter().map(digit));
    } else if (0..16).contains(&exp) {
        let int_len = point as usize;
        out.extend(digits.iter().take(int_len).map(digit));
        out.extend(std::iter::repeat('0').take(int_len.saturating_sub(digits.len())));
        out.push('.');
        if digits.len() > int_len {
            out.extend(digits[int_len..].iter().map(digit));
        } else {
            out.push('0');
        }
    } else {
        out.extend(digits.iter().take(1).map(digit));
        if digits.len() > 1 {
            out.push('.');
            out.extend(digits[1..].iter().map(digit));
        }
        out.push('e');
        if exp > 0 {
            out.push('+');
        }
        out.push_str(&exp.to_string());
    }
    out.len() - start
}

/// The shortest decimal digits that read back as `f` (finite, not negative), the closest to `f`
/// of those, the even one of two equally close; and the position of the point: `f` is about
/// `0.d1d2... × 10^point`. Steele and White's free-format algorithm (Dragon4) with exact big
/// integers: the value and its half-gaps to the neighbouring doubles as fractions `r / s`,
/// `m_minus / s`, `m_plus / s`, digits generated until one is within a half-gap.
#[inline(never)]
fn shortest(f: f64) -> (Vec<u8>, i32) {
    if f == 0.0 {
        return (vec![0], 1);
    }
    let bits = f.to_bits();
    let biased = (bits >> 52) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    // A mantissa of exactly 2^52 (not the smallest normal) has a closer neighbour below.
    let uneven = m == 1 << 52 && biased > 1;
    // Boundaries read back as `f` when its mantissa is even (round half to even).
    let inclusive = m % 2 == 0;
    let mut r = Big(vec![m as u32, (m >> 32) as u32]);
    r.trim();
    let mut s = Big(vec![1]);
    let mut m_plus = Big(vec![1]);
    let mut m_minus = Big(vec![1]);
    // value = r / s, half-gaps m_minus / s and m_plus / s (the upper one twice the lower when
    // uneven), all scaled by 2 (by 4 when uneven) to stay integers.
    let scale = u32::from(uneven);
    if e >= 0 {
        r.shl(e as u32 + 1 + scale);
        s.shl(1 + scale);
        m_plus.shl(e as u32 + scale);
        m_minus.shl(e as u32);
    } else {
        r.shl(1 + scale);
        s.shl(e.unsigned_abs() as u32 + 1 + scale);
        m_plus.shl(scale);
    }
    // point: the smallest k with value + upper half-gap below 10^k (`high` false after scaling
    // s by 10^k), estimated from the binary exponent, then corrected.
    let log2 = 64 - i64::from(m.leading_zeros()) - 1 + e;
    let mut point = ((log2 as f64) * std::f64::consts::LOG10_2).ceil() as i32;
    if point >= 0 {
        s.mul_pow10(point as u32);
    } else {
        let k = point.unsigned_abs();
        r.mul_pow10(k);
        m_plus.mul_pow10(k);
        m_minus.mul_pow10(k);
    }
    let high = |r: &Big, m_plus: &Big, s: &Big| {
        let sum = r.add(m_plus);
        match cmp(&sum.0, &s.0) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Equal => inclusive,
            std::cmp::Ordering::Less => false,
        }
    };
    // Too small an estimate: the value reaches 10^point.
    while high(&r, &m_plus, &s) {
        s.mul_add(10, 0);
        point += 1;
    }
    // Too large: the value stays below 10^(point - 1).
    loop {
        let mut r10 = Big(r.0.clone());
        r10.mul_add(10, 0);
        let mut p10 = Big(m_plus.0.clone());
        p10.mul_add(10, 0);
        if high(&r10, &p10, &s) {
            break;
        }
        r = r10;
        m_plus = p10;
        m_minus.mul_add(10, 0);
        point -= 1;
    }
    let mut digits = Vec::new();
    loop {
        r.mul_add(10, 0);
        m_plus.mul_add(10, 0);
        m_minus.mul_add(10, 0);
        let d = r.div_small(&s);
        let low = match cmp(&r.0, &m_minus.0) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => inclusive,
            std::cmp::Ordering::Greater => false,
        };
        let high = high(&r, &m_plus, &s);
        if !low && !high {
            digits.push(d);
            continue;
        }
        let up = if low && high {
            // Both d and d + 1 read back: the closer, the even one on a tie.
            let mut twice = Big(r.0.clone());
            twice.shl(1);
            match cmp(&twice.0, &s.0) {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Equal => d % 2 == 1,
            }
        } else {
            high
        };
        digits.push(d + u8::from(up));
        break;
    }
    // A last digit of 10 carries.
    while digits.len() > 1 && digits.last() == Some(&10) {
        digits.pop();
        if let Some(last) = digits.last_mut() {
            *last += 1;
        }
    }
    if digits == [10] {
        digits = vec![1];
        point += 1;
    }
    (digits, point)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serde(f: f64) -> String {
        serde_json::to_string(&f).expect("finite")
    }

    #[test]
    #[allow(clippy::excessive_precision)] // exact values, written out in full on purpose
    fn writes_what_serde_json_writes() {
        let mut x: u64 = 0x4F6C_DD1D_2545_F491;
        let mut fixed = vec![
            0.0,
            -0.0,
            1.0,
            -1.5,
            123.0,
            1e15,
            9.999999999999998e15,
            1e16,
            1.5e16,
            1e21,
            1e-4,
            1e-5,
            1.2345e-5,
            9.99999e-6,
            1e-6,
            1e-7,
            0.1,
            0.3,
            12345678.9,
            5e-324,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            -2.5e-10,
            123456789012345680.0,
            1e23,
            1e22,
            2110486221651248.25,
            9007199254740993.0,
            2.2250738585072009e-308,
            4e-323,
        ];
        for _ in 0..30_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Any finite double, and ones with few digits around the fixed/exponent borders.
            fixed.push(f64::from_bits(
                x & !(0x7ff << 52) | ((x >> 52) % 0x7ff) << 52,
            ));
            let e = (x >> 40) as i32 % 30 - 10;
            fixed.push((x % 100_000) as f64 * 10f64.powi(e));
            // Exponents 2^40 to 2^60, where the exact value often lies halfway between two
            // shortest candidates (`2110486221651248.25`: serde_json writes `...248.2`).
            fixed.push(f64::from_bits(
                x & ((1 << 52) - 1) | (1063 + (x >> 59)) << 52,
            ));
        }
        let mut out = String::new();
        for f in fixed {
            out.clear();
            let n = write_f64(&mut out, f);
            assert_eq!(out, serde(f), "{f:e}");
            assert_eq!(n, out.len());
            assert_eq!(f64_len(f), n, "{f:e}");
        }
    }
}
