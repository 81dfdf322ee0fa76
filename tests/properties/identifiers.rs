//! Property (2): identifiers of every type never panic through normalization and hashing, and
//! normalization is idempotent, with one documented exception.
//!
//! Each value goes through the `normalize` fuzz target's checks (`fuzz/harness/normalize.rs`):
//! `normalize` and `hash` agree, the hash is SHA-256 of the normalized form, the bulk path agrees,
//! and `normalize(normalize(x)) == normalize(x)` whenever the first succeeds, except:
//! - phone numbers in the `digits` format, which drop the `+` by design (checked instead: the
//!   digits form is the E.164 form without `+`);
//! - email, where audience-identifiers.md says "NFC then lowercase": lowercasing can produce text
//!   that is not NFC (e.g. U+0391 U+0342 lowercases to U+03B1 U+0342, which NFC composes to
//!   U+1FB6). This is not excluded: for exactly that class
//!   (the first result is not NFC) the harness asserts the precise behaviour: the second result is
//!   lowercase(NFC(first)), and the second is a fixed point. `tests/audience.rs` pins the spec's
//!   behaviour on one such value; `the_email_exception_has_two_causes` below characterizes the
//!   whole class over every capital letter and combining mark (it is not only Greek).

use crate::harness::normalize::{check, COUNTRY_CODES};
use preflight::audience::{nfc, normalize, HashOptions, IdType, PhoneFormat};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = HashOptions> {
    (
        any::<bool>(),
        prop::bool::weighted(0.1),
        0..COUNTRY_CODES.len(),
    )
        .prop_map(|(digits, prehashed, cc)| {
            let mut hash_opts = HashOptions::default();
            hash_opts.phone_format = if digits {
                PhoneFormat::Digits
            } else {
                PhoneFormat::E164
            };
            hash_opts.prehashed = prehashed;
            hash_opts.default_country_code = COUNTRY_CODES[cc].map(str::to_owned);
            hash_opts
        })
}

/// Characters that make normalization interesting: ASCII letters of both cases, Latin and Greek
/// letters with and without marks, combining marks, whitespace and U+FEFF, full-width signs.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::char::range('A', 'z'),
        2 => prop::char::range('\u{0370}', '\u{03FF}'),
        2 => prop::char::range('\u{0300}', '\u{036F}'),
        1 => prop::char::range('\u{00C0}', '\u{024F}'),
        1 => prop::char::range('\u{1F00}', '\u{1FFF}'),
        1 => prop::sample::select(vec![
            ' ', '\t', '\u{A0}', '\u{3000}', '\u{FEFF}', '\u{FF20}', '@', '.', '+', '-', '(',
            ')', '/', '\u{130}', '\u{212B}', '\u{1E9E}',
        ]),
    ]
}

fn tricky(len: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), len).prop_map(|v| v.into_iter().collect())
}

/// Values shaped like each type, plus arbitrary text.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => any::<String>(),
        3 => (tricky(1..12), tricky(1..12)).prop_map(|(l, d)| format!("{l}@{d}")),
        2 => tricky(0..16),
        2 => "[+0-9 ().\\-/]{0,20}",
        1 => "[@\u{FF20}]?[A-Za-z0-9_]{0,22}",
        1 => "[0-9A-Fa-f\\-]{14,38}",
        1 => "[0-9]{0,22}",
        1 => "[0-9a-fA-F]{62,66}",
    ]
}

proptest! {
    #![proptest_config(crate::config(1000))]

    #[test]
    fn identifiers_never_panic_and_normalization_is_idempotent(
        raw in value(),
        opts in options(),
    ) {
        for t in IdType::ALL {
            check(t, &opts, &raw);
        }
    }
}

/// The email exception, over its whole plausible domain: every character that lowercasing changes,
/// followed by every combining diacritical mark (U+0300 to U+036F), as the local part. The
/// result of every pair that is NFC after one pass must be a fixed point; for every other pair
/// the harness's check asserts the documented behaviour (idempotent after one more NFC).
/// Here the class is characterized: it is not empty (the spec problem is real), and each member
/// comes from one of two causes:
/// - composition: lowercasing the capital gives a letter that composes with the mark (after
///   canonical reordering, if the letter carries a mark of its own) into a character with no
///   capital counterpart, so NFC holds a character the text did not (Greek: U+0391 U+0342 to
///   U+1FB6; Latin: `H` U+0331 to U+1E96, `J` U+030C to U+01F0, `T` U+0308, `W` U+030A,
///   `Y` U+030A, and U+0124 U+0331 to U+1E96 U+0302);
/// - reordering: the capital's lowercase is more than one character (U+0130 to `i` U+0307), and
///   NFC puts a mark of a lower combining class (a mark below) before the U+0307.
///
/// The known spec note speaks of Greek only; the domain shows the Latin and U+0130 cases too.
#[test]
fn the_email_exception_has_two_causes() {
    let opts = HashOptions::default();
    let mut composition = Vec::new();
    let mut reordering = Vec::new();
    let mut other = Vec::new();
    for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
        if c.to_lowercase().eq(std::iter::once(c)) {
            continue;
        }
        for m in '\u{0300}'..='\u{036F}' {
            let raw = format!("{c}{m}@x.gr");
            let Ok(once) = normalize(IdType::Email, &raw, &opts) else {
                continue;
            };
            let composed = nfc(&once).expect("built with the tables");
            if composed == once.as_str() {
                assert_eq!(
                    normalize(IdType::Email, &once, &opts).as_deref(),
                    Ok(once.as_str()),
                    "{raw:?} is NFC after one pass yet not idempotent"
                );
                continue;
            }
            // The documented behaviour of the class (see the harness).
            check(IdType::Email, &opts, &raw);
            let sorted = |s: &str| {
                let mut v: Vec<char> = s.chars().collect();
                v.sort_unstable();
                v
            };
            if composed.chars().any(|x| !once.contains(x)) {
                composition.push((c, m));
            } else if sorted(&composed) == sorted(&once) && c.to_lowercase().count() > 1 {
                reordering.push((c, m));
            } else {
                other.push((c, m));
            }
        }
    }
    eprintln!(
        "email normalization is not idempotent for {} capital + mark pairs: {} by composition \
         ({} of them Greek), {} by reordering",
        composition.len() + reordering.len() + other.len(),
        composition.len(),
        composition.iter().filter(|(c, _)| is_greek(*c)).count(),
        reordering.len(),
    );
    assert!(
        !composition.is_empty(),
        "the documented exception no longer occurs"
    );
    assert!(other.is_empty(), "exceptions of neither cause: {other:?}");
}

fn is_greek(c: char) -> bool {
    ('\u{0370}'..='\u{03FF}').contains(&c) || ('\u{1F00}'..='\u{1FFF}').contains(&c)
}
