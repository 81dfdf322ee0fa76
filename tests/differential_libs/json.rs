//! `src/json/parse.rs` and the document (`src/json/mod.rs`) against serde_json: generated
//! documents (escapes, whitespace, repeated names, numbers of every form) and the same texts cut,
//! garbled or with a byte inserted: the same accepted/refused answer, and the same values (the
//! last of repeated names, as serde_json keeps; numbers by value). And the JSON string writer of
//! reports (`src/json/write.rs`) against serde_json's.

use crate::generate::{self, Rng};
use preflight::json::{self, Number, Value};
use serde_json::Value as Serde;

/// Bytes inserted into or put over a document's text.
const NOISE: &[&[u8]] = &[
    b"\"", b"\\", b",", b":", b"[", b"]", b"{", b"}", b"0", b"-", b".", b"e", b"+", b" ", b"\t",
    b"\x01", b"\x7f", b"\xff", b"\xc3", b"t", b"n", b"u", b"\\u", b"\\ud800", b"\\udc00", b"1e999",
    b"00", b"-0", b"/", b"\x00",
];

/// Whether the engine's document `ours` holds the values serde_json read, `theirs`.
fn same(ours: &Value, theirs: &Serde) -> bool {
    match (ours, theirs) {
        (Value::Null, Serde::Null) => true,
        (Value::Bool(a), Serde::Bool(b)) => a == b,
        (Value::String(a), Serde::String(b)) => a == b,
        (Value::Number(a), Serde::Number(b)) => same_number(a, b),
        (Value::Array(a), Serde::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Value::Object(a), Serde::Object(b)) => {
            // serde_json keeps the last of repeated names; so does `Object::get`.
            let names: std::collections::BTreeSet<&str> = a.keys().collect();
            names.len() == b.len()
                && b.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|mine| same(mine, v)))
        }
        _ => false,
    }
}

fn same_number(ours: &Number, theirs: &serde_json::Number) -> bool {
    if let Some(i) = theirs.as_i64() {
        return ours.as_i64() == Some(i);
    }
    if let Some(u) = theirs.as_u64() {
        return ours.as_u64() == Some(u);
    }
    // A float in serde_json: the same f64 (the engine reads a whole one as an integer, and
    // `-0.0` as 0), or the one beside it: serde_json without its `float_roundtrip` feature (as
    // this workspace builds it) is not always correctly rounded (`10000000.000000001` is
    // 10000000.000000002, serde_json says 10000000.0); floats.rs holds the engine to
    // `str::parse` exactly.
    match (ours.as_f64(), theirs.as_f64()) {
        (Some(a), Some(b)) => {
            a.to_bits() == b.to_bits()
                || (a == 0.0 && b == 0.0)
                || (a.is_sign_negative() == b.is_sign_negative()
                    && a.to_bits().abs_diff(b.to_bits()) == 1)
        }
        _ => false,
    }
}

fn document(rng: &mut Rng) -> Vec<u8> {
    let mut text = String::new();
    let doc = if rng.chance(20) {
        generate::J::Num(rng.pick(generate::NUMBERS).to_string())
    } else {
        let depth = 1 + rng.below(4);
        generate::value(rng, depth)
    };
    doc.write(&mut text, rng, true);
    if rng.chance(10) {
        text.push_str(rng.pick(&[" ", "\n", "\r\n", "\t "]));
    }
    let mut bytes = text.into_bytes();
    if rng.chance(50) {
        // One to three changes anywhere in the text.
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 => bytes.truncate(at),
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                2 if at < bytes.len() => {
                    let noise = rng.pick(NOISE);
                    bytes.splice(at..at + 1, noise.iter().copied());
                }
                _ => {
                    let noise = rng.pick(NOISE);
                    bytes.splice(at..at, noise.iter().copied());
                }
            }
        }
    }
    bytes
}

#[test]
fn documents_against_serde_json() {
    let (mut rng, seed) = crate::rng("json");
    let n = crate::cases();
    let mut refused = 0usize;
    for case in 0..n {
        let bytes = document(&mut rng);
        let ours = json::parse(&bytes);
        let theirs = serde_json::from_slice::<Serde>(&bytes);
        let shown = String::from_utf8_lossy(&bytes);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert!(
                same(a, b),
                "seed {seed:#x} case {case}: {shown:?} read as {a:?}, serde_json {b:?}"
            ),
            (Err(_), Err(_)) => refused += 1,
            (Ok(a), Err(e)) => {
                panic!("seed {seed:#x} case {case}: {shown:?} read as {a:?}, serde_json: {e}")
            }
            (Err(e), Ok(b)) => {
                panic!("seed {seed:#x} case {case}: {shown:?} refused ({e}), serde_json {b:?}")
            }
        }
    }
    // Both kinds of answer were exercised.
    assert!(
        refused > n / 10 && refused < n * 9 / 10,
        "{refused} of {n} refused"
    );
}

#[test]
fn strings_written_as_serde_json_writes_them() {
    let (mut rng, seed) = crate::rng("json-strings");
    let n = crate::cases();
    let mut ours = String::new();
    for case in 0..n {
        let mut s = generate::string(&mut rng, 8);
        if rng.chance(30) {
            // Every control character, quotes and backslashes among the pieces.
            let c = char::from(rng.below(0x80) as u8);
            let at: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
            s.insert(rng.pick(&at), c);
        }
        ours.clear();
        preflight::__private::pieces::write_string(&mut ours, &s);
        let theirs = serde_json::to_string(&s).unwrap_or_default();
        assert_eq!(ours, theirs, "seed {seed:#x} case {case}: {s:?}");
    }
}
