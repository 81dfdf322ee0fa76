//! `src/json/float.rs` (decimal to `f64`, reached through `json::parse`) against
//! `str::parse::<f64>`, and `src/json/shortest.rs` (the shortest digits reports write) against
//! `ryu` and serde_json.

use crate::generate::Rng;
use preflight::json::{self, Number, ParseErrorKind, Value};

/// A random finite `f64`: any bit pattern (every exponent, subnormals), or a value near the
/// shapes people write (small integers, round decimals, powers of ten).
fn any_f64(rng: &mut Rng) -> f64 {
    loop {
        let f = match rng.below(6) {
            0..=2 => f64::from_bits(rng.next()),
            3 => (rng.next() % 2_000_001) as f64 / 10f64.powi(rng.below(12) as i32),
            4 => 10f64.powi(rng.below(640) as i32 - 330),
            _ => f64::from_bits(rng.next() % (1 << 53)), // subnormals and the smallest normals
        };
        if f.is_finite() {
            return if rng.chance(30) { -f } else { f };
        }
    }
}

/// A random string of `n` decimal digits, the first not zero.
fn digits(rng: &mut Rng, n: usize) -> String {
    let mut s = String::with_capacity(n);
    for i in 0..n {
        let d = if i == 0 {
            1 + rng.below(9)
        } else {
            rng.below(10)
        };
        s.push(char::from(b'0' + d as u8));
    }
    s
}

/// A JSON number text of some shape: a double's shortest or longer digits, such digits with a
/// tail that puts them at, just below or just above a halfway point between two doubles, or
/// random digits with a random point and exponent (overflow and underflow included).
fn number_text(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 => format!("{:e}", any_f64(rng)),
        1 => format!("{:.*e}", rng.below(30), any_f64(rng)),
        2 => {
            // 17 significant digits, then a tail near the halfway point.
            let t = format!("{:.16e}", any_f64(rng));
            let (mantissa, exp) = t.split_once('e').unwrap_or((&t, "0"));
            let tail = rng.pick(&[
                "5",
                "50",
                "4999999999999999999",
                "5000000000000000001",
                "49",
                "51",
            ]);
            format!("{mantissa}{tail}e{exp}")
        }
        3 => {
            let n = 1 + rng.below(40);
            let d = digits(rng, n);
            let sign = if rng.chance(20) { "-" } else { "" };
            let point = rng.below(n + 1);
            let body = if point == 0 || point == n {
                d
            } else {
                format!("{}.{}", &d[..point], &d[point..])
            };
            if rng.chance(70) {
                let e = rng.below(700) as i64 - 360;
                match rng.below(3) {
                    0 => format!("{sign}{body}e{e}"),
                    1 if e >= 0 => format!("{sign}{body}E+{e}"),
                    _ => format!("{sign}{body}e-{}", e.abs()),
                }
            } else {
                format!("{sign}{body}")
            }
        }
        _ => {
            // Zeros before the digits: 0.000ddd, and long integers.
            let zeros = rng.below(30);
            let n = 1 + rng.below(25);
            if rng.chance(50) {
                format!("0.{}{}", "0".repeat(zeros), digits(rng, n))
            } else {
                format!("{}{}", digits(rng, n), "0".repeat(zeros))
            }
        }
    }
}

#[test]
fn json_numbers_against_str_parse() {
    let (mut rng, seed) = crate::rng("floats");
    let n = crate::cases();
    let mut text = String::new();
    for case in 0..n {
        text.clear();
        text.push_str(&number_text(&mut rng));
        let want: f64 = text
            .parse()
            .unwrap_or_else(|e| panic!("seed {seed:#x} case {case}: {text:?} is not a float: {e}"));
        match json::parse(text.as_bytes()) {
            Ok(Value::Number(num)) => {
                let got = num.as_f64().unwrap_or(f64::NAN);
                // `-0`, `-0.0` and `-0e5` are the integer 0 (docs/RULES.md, "Whole numbers").
                let same = got.to_bits() == want.to_bits() || (want == 0.0 && got == 0.0);
                assert!(
                    same,
                    "seed {seed:#x} case {case}: {text:?} read as {got:e}, str::parse {want:e}"
                );
                let whole = want.fract() == 0.0;
                assert_eq!(
                    matches!(num, Number::Float(_)),
                    !whole,
                    "seed {seed:#x} case {case}: {text:?} read as {num:?}"
                );
            }
            Ok(other) => panic!("seed {seed:#x} case {case}: {text:?} read as {other:?}"),
            Err(e) => assert!(
                e.kind == ParseErrorKind::NumberOutOfRange && want.is_infinite(),
                "seed {seed:#x} case {case}: {text:?} refused ({e}), str::parse {want:e}"
            ),
        }
    }
}

/// `(digits, exponent)` of a number text: the value is `0.digits × 10^exponent`, digits without
/// leading or trailing zeros (`"0"` gives no digits); the sign apart.
fn decimal(text: &str) -> (bool, String, i64) {
    let (negative, t) = match text.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, text),
    };
    let (mantissa, exp) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], t[i + 1..].parse::<i64>().unwrap_or(i64::MIN)),
        None => (t, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_matches('0').to_string();
    (negative, digits, exp + int.len() as i64 - lead as i64)
}

#[test]
fn shortest_digits_against_ryu() {
    let (mut rng, seed) = crate::rng("shortest");
    let n = crate::cases();
    let mut ours = String::new();
    let mut ryu = ryu::Buffer::new();
    for case in 0..n {
        let f = any_f64(&mut rng);
        ours.clear();
        preflight::__private::pieces::write_f64(&mut ours, f);
        let theirs = ryu.format_finite(f);
        let (a, b) = (decimal(&ours), decimal(theirs));
        // Zero has no digits either way; its sign is the sign of the f64 in both.
        assert_eq!(
            a, b,
            "seed {seed:#x} case {case}: {f:e} written {ours:?}, ryu {theirs:?}"
        );
        assert_eq!(
            ours.parse::<f64>().map(f64::to_bits),
            Ok(f.to_bits()),
            "seed {seed:#x} case {case}: {ours:?} does not read back as {f:e}"
        );
        // The layout serde_json gives the same value (fixed from 1e-5 to below 1e16).
        let serde = serde_json::to_string(&f).unwrap_or_default();
        assert_eq!(ours, serde, "seed {seed:#x} case {case}: {f:e}");
    }
}
