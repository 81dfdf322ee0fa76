//! Data and ceiling for bench/hash-native.sh (`preflight hash` against raw SHA-256).
//!
//! - `hash_bench generate PATH N`: writes N lines of realistic email addresses to PATH,
//!   deterministically (a fixed-seed generator): mixed case, spaces around some, a few percent
//!   non-ASCII (accented local parts, decomposed accents, IDN domains), `+tags`, some `\r\n`
//!   line endings, about 1% invalid lines and a few blank ones.
//! - `hash_bench ceiling PATH`: normalizes every line of PATH with the library (not timed), then
//!   times a raw `Sha256::digest` loop over the normalized strings (the ceiling), and the same
//!   with hex encoding. Prints one `key=value` line (best of [`ROUNDS`] rounds).

use preflight::audience::{normalize, HashOptions, IdType};
use sha2::{Digest, Sha256};
use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::time::Instant;

/// Timed rounds of the ceiling; the best counts.
const ROUNDS: usize = 3;

const FIRST: &[&str] = &[
    "james",
    "mary",
    "john",
    "patricia",
    "robert",
    "jennifer",
    "michael",
    "linda",
    "william",
    "elizabeth",
    "david",
    "barbara",
    "richard",
    "susan",
    "joseph",
    "jessica",
    "thomas",
    "sarah",
    "charles",
    "karen",
    "christopher",
    "nancy",
    "daniel",
    "lisa",
    "matthew",
    "betty",
    "anthony",
    "margaret",
    "mark",
    "sandra",
    "wei",
    "aisha",
    "mohammed",
    "sofia",
    "lukas",
    "emma",
    "noah",
    "olivia",
    "liam",
    "mia",
    "yuki",
    "priya",
    "arjun",
    "fatima",
    "omar",
    "ines",
    "mateo",
    "lucia",
];
const LAST: &[&str] = &[
    "smith",
    "johnson",
    "williams",
    "brown",
    "jones",
    "garcia",
    "miller",
    "davis",
    "rodriguez",
    "martinez",
    "hernandez",
    "lopez",
    "gonzalez",
    "wilson",
    "anderson",
    "thomas",
    "taylor",
    "moore",
    "jackson",
    "martin",
    "lee",
    "perez",
    "thompson",
    "white",
    "harris",
    "sanchez",
    "clark",
    "ramirez",
    "lewis",
    "robinson",
    "walker",
    "young",
    "allen",
    "king",
    "wright",
    "scott",
    "torres",
    "nguyen",
    "hill",
    "flores",
    "muller",
    "schmidt",
    "dubois",
    "rossi",
    "kowalski",
    "tanaka",
    "kim",
    "singh",
    "chen",
    "wang",
];
const DOMAINS: &[&str] = &[
    "gmail.com",
    "gmail.com",
    "gmail.com",
    "gmail.com",
    "yahoo.com",
    "yahoo.com",
    "outlook.com",
    "hotmail.com",
    "icloud.com",
    "aol.com",
    "hotmail.co.uk",
    "web.de",
    "gmx.de",
    "orange.fr",
    "libero.it",
    "yandex.ru",
    "qq.com",
    "proton.me",
    "comcast.net",
    "example-corp.com",
    "mail.university.edu",
    "company.co.jp",
];
/// Non-ASCII pieces: precomposed, decomposed (e + U+0301), and IDN domains.
const ACCENTED: &[&str] = &[
    "josé",
    "zoë",
    "müller",
    "søren",
    "françois",
    "jose\u{301}",
    "ñuño",
];
const IDN_DOMAINS: &[&str] = &["münchen.de", "bücher.example", "correo.españa.es"];

/// xorshift64*: small, fast, the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.below(list.len())]
    }

    /// True with probability `per_mille` / 1000.
    fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }
}

fn email(rng: &mut Rng, out: &mut String) {
    let first = if rng.chance(30) {
        rng.pick(ACCENTED)
    } else {
        rng.pick(FIRST)
    };
    let last = rng.pick(LAST);
    let local = match rng.below(6) {
        0 => format!("{first}.{last}"),
        1 => format!("{first}{last}{}", rng.below(100)),
        2 => format!("{}{last}", first.chars().next().unwrap_or('x')),
        3 => format!("{first}_{last}{}", 1950 + rng.below(60)),
        4 => format!("{first}.{last}.{}", rng.below(10_000)),
        _ => format!("{first}{}", rng.below(1_000_000)),
    };
    let mut local = match rng.below(10) {
        0..=2 => capitalize(&local),
        3 if rng.chance(300) => local.to_uppercase(),
        _ => local,
    };
    if rng.chance(20) {
        local.push_str("+news");
    }
    let domain = if rng.chance(10) {
        rng.pick(IDN_DOMAINS)
    } else {
        rng.pick(DOMAINS)
    };
    let domain = if rng.chance(100) {
        domain.to_uppercase()
    } else {
        domain.to_string()
    };
    if rng.chance(40) {
        out.push(' ');
    }
    out.push_str(&local);
    // About 1% invalid: no @, two @, a space inside.
    match rng.below(300) {
        0 => {}
        1 => out.push_str("@@"),
        2 => out.push_str(" @"),
        _ => out.push('@'),
    }
    out.push_str(&domain);
    if rng.chance(40) {
        out.push_str("  ");
    }
}

fn capitalize(s: &str) -> String {
    s.split('.')
        .map(|part| {
            let mut c = part.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(".")
}

fn generate(path: &str, n: usize) -> std::io::Result<()> {
    if let Some(dir) = std::path::Path::new(path).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut line = String::new();
    for _ in 0..n {
        line.clear();
        if !rng.chance(2) {
            email(&mut rng, &mut line);
        }
        if rng.chance(50) {
            line.push('\r');
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    out.flush()
}

fn ceiling(path: &str) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let opts = HashOptions::default();
    // Every normalized value back to back, and where each ends.
    let mut arena = String::new();
    let mut ends = Vec::new();
    let mut rows = 0usize;
    for line in text.lines() {
        rows += 1;
        if let Ok(n) = normalize(IdType::Email, line, &opts) {
            arena.push_str(&n);
            ends.push(arena.len());
        }
    }
    let count = ends.len();
    let (arena, ends) = (arena.as_bytes(), &ends);
    let values = move || {
        let mut start = 0;
        ends.iter().map(move |&end| {
            let v = &arena[start..end];
            start = end;
            v
        })
    };
    let mut digest_ns = f64::MAX;
    let mut hex_ns = f64::MAX;
    let mut hex = Vec::with_capacity(count * 64);
    for _ in 0..ROUNDS {
        let t = Instant::now();
        for v in values() {
            black_box(Sha256::digest(black_box(v)));
        }
        digest_ns = digest_ns.min(t.elapsed().as_nanos() as f64 / count as f64);
        hex.clear();
        let t = Instant::now();
        for v in values() {
            for b in Sha256::digest(black_box(v)) {
                hex.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
            }
        }
        black_box(&hex);
        hex_ns = hex_ns.min(t.elapsed().as_nanos() as f64 / count as f64);
    }
    println!("rows={rows} valid={count} digest_ns={digest_ns:.1} digest_hex_ns={hex_ns:.1}");
    Ok(())
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1..).unwrap_or_default() {
        [cmd, path, n] if cmd == "generate" => match n.parse() {
            Ok(n) => generate(path, n),
            Err(_) => Err(std::io::Error::other("N must be a number")),
        },
        [cmd, path] if cmd == "ceiling" => ceiling(path),
        _ => Err(std::io::Error::other(
            "usage: hash_bench generate PATH N | hash_bench ceiling PATH",
        )),
    };
    if let Err(e) = result {
        eprintln!("hash_bench: {e}");
        std::process::exit(2);
    }
}
