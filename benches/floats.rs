//! Native side of the float benchmark (run by bench/floats.sh beside Node's `JSON.parse`, the
//! wasm build and Python's `json.loads`): writes one JSON array of numbers per shape, about
//! 8 MB each, to target/bench/floats/<shape>.json (the same texts every peer reads), and
//! measures per shape, on this build:
//! - `validate_json` of the whole text (what a caller pays: the engine's parser, then a report
//!   of one issue, the array not being a `poll_card`);
//! - per number, `json::parse` of the text against `str::parse::<f64>` of each number's text
//!   (split beforehand), the ratio the issue bounds (at most 10x for every shape).
//!
//! Figures go to target/bench/floats/native.json for bench/floats.mjs's table.

use std::fmt::Write;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Bytes of each shape's text (about: the last number ends past it).
const TEXT_BYTES: usize = 8 << 20;

/// Each measurement runs at least this long (and at least three times).
const MIN_TIME: Duration = Duration::from_millis(1500);

/// splitmix64, seeded: every run writes the same texts.
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

    fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|i| char::from(b'0' + (self.below(9) as u8 + u8::from(i == 0)).min(9)))
            .collect()
    }
}

/// (name, what it is, one number's text).
type Shape = (&'static str, &'static str, fn(&mut Rng) -> String);

const SHAPES: &[Shape] = &[
    ("1e-300", "`1e-300` repeated", |_| "1e-300".to_string()),
    ("short", "short decimals (`12.5`, `0.125`)", |r| {
        let int = r.below(10_000);
        let n = 1 + r.below(3) as usize;
        let frac = r.digits(n);
        format!("{int}.{frac}")
    }),
    ("17-digit", "17 significant digits, any exponent", |r| {
        let x = r.next() >> 1;
        let f = f64::from_bits(x & !(0x7ff << 52) | ((x >> 52) % 0x7fe + 1) << 52);
        format!("{f:.16e}")
    }),
    ("1e22-1e307", "large powers `d.dd5e22` to `e307`", |r| {
        let n = 1 + r.below(3) as usize;
        let d = r.digits(n);
        format!("{}.{}5e{}", &d[..1], &d[1..], 22 + r.below(286))
    }),
    ("subnormal", "subnormals, shortest form", |r| {
        let f = f64::from_bits(r.next() >> (12 + r.below(40)));
        format!("{f:e}")
    }),
    ("long", "30-digit mantissas", |r| {
        let d = r.digits(30);
        format!("{}.{}e{}", &d[..1], &d[1..], r.below(100) as i64 - 50)
    }),
    ("halfway", "exact halfway points (the exact path)", |r| {
        // (2m + 1) × 2^(e - 1) for 53-bit m and e from -20 to -1: at most 75 digits.
        let m = (1u128 << 52) | u128::from(r.next() >> 12);
        let k = 1 + r.below(20) as u32;
        format!("{}e-{k}", (2 * m + 1) * 5u128.pow(k))
    }),
];

fn per_call(mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    let mut n = 0u32;
    while n < 3 || start.elapsed() < MIN_TIME {
        f();
        n += 1;
    }
    start.elapsed().as_nanos() as f64 / f64::from(n)
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/bench/floats");
    std::fs::create_dir_all(&dir).expect("target/bench/floats");
    let mut rng = Rng(0xF10A_75EE_D000_0022);
    let mut json = String::from("[");
    println!(
        "{:<12} {:>8} {:>13} {:>14} {:>14} {:>8}",
        "shape", "numbers", "validate_json", "json::parse/n", "str::parse/n", "ratio"
    );
    for (i, (name, what, number)) in SHAPES.iter().enumerate() {
        let mut text = String::from("[");
        let mut count = 0usize;
        while text.len() < TEXT_BYTES {
            if count > 0 {
                text.push(',');
            }
            text.push_str(&number(&mut rng));
            count += 1;
        }
        text.push(']');
        std::fs::write(dir.join(format!("{name}.json")), &text).expect("shape file");
        assert!(
            preflight::json::parse(text.as_bytes()).is_ok(),
            "{name}: every number is in range"
        );
        let tokens: Vec<&str> = text[1..text.len() - 1].split(',').collect();
        let validate = per_call(|| {
            let r = preflight::validate_json("poll_card", black_box(text.as_bytes()), "");
            black_box(r.map(|r| r.valid).ok());
        });
        let parse = per_call(|| {
            black_box(preflight::json::parse(black_box(text.as_bytes())).is_ok());
        }) / count as f64;
        let std = per_call(|| {
            let mut sum = 0.0;
            for t in &tokens {
                sum += t.parse::<f64>().unwrap_or(0.0);
            }
            black_box(sum);
        }) / count as f64;
        println!(
            "{name:<12} {count:>8} {:>10.1} ms {parse:>11.1} ns {std:>11.1} ns {:>7.1}x",
            validate / 1e6,
            parse / std
        );
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(
            json,
            r#"{comma}{{"shape":"{name}","what":"{what}","bytes":{},"numbers":{count},"validate_json_ns":{validate:.0},"parse_ns_per_number":{parse:.2},"std_ns_per_number":{std:.2}}}"#,
            text.len()
        );
    }
    json.push(']');
    std::fs::write(dir.join("native.json"), json).expect("native.json");
}
