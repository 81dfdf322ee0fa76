//! The CSV reader of bulk hashing (`src/audience/csv.rs`: records by [`Scanner`], fields by
//! [`fields`]) against the `csv` crate (no header, records of any length).
//!
//! Two kinds of input: records written from known fields (quoted where needed, or at random),
//! which both readers must give back exactly; and random texts of quotes, commas, line breaks and
//! text, compared wherever the engine accepts them. Intended differences, documented in the
//! module: an empty line is a record of one empty field for the engine (the crate skips it); text
//! after a closing quote (`"a"b`), or a quote left open at the end, refuses the record or the
//! input (the crate reads on, leniently); only a line feed ends a record (`\r` alone is text:
//! the generator writes `\r` only before `\n` or inside quotes).

use crate::generate::Rng;
use preflight::audience::csv::{fields, strip_cr, Scanner};

type Records = Vec<Vec<Vec<u8>>>;

/// The engine's records of `input` (each with whether its line was empty); `None` when a record
/// is malformed or a quote is open at the end.
fn ours(input: &[u8]) -> Option<Vec<(Vec<Vec<u8>>, bool)>> {
    let mut scanner = Scanner::csv(b',');
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let rest = &input[start..];
        let (record, next) = match scanner.find_end(rest) {
            Some(p) => (strip_cr(&rest[..p]), Some(start + p + 1)),
            None if scanner.in_quotes() => return None,
            None if rest.is_empty() => return Some(out),
            None => (rest, None),
        };
        out.push((fields(record, b',').ok()?, record.is_empty()));
        match next {
            Some(n) => start = n,
            None => return Some(out),
        }
    }
}

/// The `csv` crate's records of `input`.
fn theirs(input: &[u8]) -> Result<Records, csv::Error> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(input);
    let mut out = Vec::new();
    for record in reader.byte_records() {
        out.push(record?.iter().map(<[u8]>::to_vec).collect());
    }
    Ok(out)
}

const FIELD_PIECES: &[&str] = &[
    "a", "b", "é", " ", ",", "\"", "\n", "\r\n", "\r", "x\"y", "𝄞", "\t",
];

fn field(rng: &mut Rng) -> String {
    (0..rng.below(4)).map(|_| rng.pick(FIELD_PIECES)).collect()
}

/// A field as RFC 4180 writes it: quoted when it holds a comma, quote or line break (or at
/// random), quotes doubled.
fn write_field(rng: &mut Rng, f: &str, out: &mut String) {
    if f.contains([',', '"', '\n', '\r']) || rng.chance(10) {
        out.push('"');
        out.push_str(&f.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(f);
    }
}

const NOISE_PIECES: &[&str] = &["a", "é", ",", "\"", "\"\"", "\n", "\r\n", " "];

fn show(b: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(b))
}

#[test]
fn records_against_the_csv_crate() {
    let (mut rng, seed) = crate::rng("csv");
    let n = crate::cases();
    let mut compared_noise = 0usize;
    for case in 0..n {
        let written = rng.chance(50);
        let mut text = String::new();
        let mut truth: Records = Vec::new();
        if written {
            for r in 0..1 + rng.below(4) {
                if r > 0 {
                    text.push_str(if rng.chance(50) { "\n" } else { "\r\n" });
                }
                let record: Vec<String> = (0..1 + rng.below(4)).map(|_| field(&mut rng)).collect();
                // A record of one empty field is an empty line: quote it, or the crate skips it.
                for (i, f) in record.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    if record.len() == 1 && f.is_empty() {
                        text.push_str("\"\"");
                    } else {
                        write_field(&mut rng, f, &mut text);
                    }
                }
                truth.push(record.into_iter().map(String::into_bytes).collect());
            }
            if rng.chance(50) {
                text.push_str(if rng.chance(50) { "\n" } else { "\r\n" });
            }
        } else {
            text = (0..rng.below(16)).map(|_| rng.pick(NOISE_PIECES)).collect();
        }
        let input = text.as_bytes();
        let theirs = theirs(input).unwrap_or_else(|e| {
            panic!(
                "seed {seed:#x} case {case}: the crate refused {}: {e}",
                show(input)
            )
        });
        let Some(ours) = ours(input) else {
            assert!(
                !written,
                "seed {seed:#x} case {case}: refused {}",
                show(input)
            );
            continue;
        };
        if written {
            let got: Records = ours.iter().map(|(r, _)| r.clone()).collect();
            assert_eq!(got, truth, "seed {seed:#x} case {case}: {}", show(input));
        } else {
            compared_noise += 1;
        }
        // The crate skips empty lines; every other record is the same.
        let kept: Records = ours
            .into_iter()
            .filter(|(_, empty)| !empty)
            .map(|(r, _)| r)
            .collect();
        assert_eq!(kept, theirs, "seed {seed:#x} case {case}: {}", show(input));
    }
    assert!(
        compared_noise > n / 10,
        "{compared_noise} random texts compared"
    );
}
