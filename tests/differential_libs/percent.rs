//! `src/signing/percent.rs` against the `percent-encoding` crate: encoding with RFC 3986's
//! unreserved set (RFC 5849 §3.6), and decoding, where the crate is lenient (a `%` without two
//! hexadecimal digits stays as it is; invalid UTF-8 is the caller's to handle) and ours refuses.

use crate::generate::Rng;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use preflight::signing::percent;

/// Everything but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`).
const RESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// Pieces of text: unreserved and reserved ASCII, controls, escapes whole and broken, and UTF-8
/// of every length.
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "-",
    ".",
    "_",
    "~",
    " ",
    "+",
    "%",
    "&",
    "=",
    "/",
    "?",
    "#",
    "*",
    "!",
    "'",
    "(",
    "\u{0}",
    "\u{7f}",
    "é",
    "€",
    "😀",
    "\u{10ffff}",
    "%20",
    "%2B",
    "%2b",
    "%C3%A9",
    "%c3%a9",
    "%E2%82%AC",
    "%F0%9F%98%80",
    "%ff",
    "%C3",
    "%4",
    "%G0",
    "%%",
    "%0",
    "%00",
    "%7F",
];

fn text(rng: &mut Rng) -> String {
    (0..rng.below(12)).map(|_| rng.pick(PIECES)).collect()
}

/// Whether every `%` of `s` is followed by two hexadecimal digits.
fn escapes_whole(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().all(|(i, &c)| {
        c != b'%'
            || (b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
    })
}

#[test]
fn encode_and_decode_against_percent_encoding() {
    let (mut rng, seed) = crate::rng("percent");
    let n = crate::cases();
    for case in 0..n {
        let s = text(&mut rng);
        let encoded = percent::encode(&s);
        assert_eq!(
            encoded,
            utf8_percent_encode(&s, RESERVED).to_string(),
            "seed {seed:#x} case {case}: {s:?}"
        );
        assert_eq!(
            percent::decode(&encoded).as_deref(),
            Ok(s.as_str()),
            "seed {seed:#x} case {case}"
        );

        // Decoding: the crate's answer wherever every escape is whole and the bytes are UTF-8;
        // refused otherwise.
        for (plus_is_space, ours) in [
            (false, percent::decode(&s)),
            (true, percent::form_decode(&s)),
        ] {
            let input = if plus_is_space {
                s.replace('+', " ")
            } else {
                s.clone()
            };
            let theirs = percent_decode_str(&input)
                .decode_utf8()
                .map(|c| c.into_owned());
            match (ours, theirs) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "seed {seed:#x} case {case}: {s:?}"),
                (Err(_), Ok(b)) => assert!(
                    !escapes_whole(&s),
                    "seed {seed:#x} case {case}: {s:?} refused, the crate gives {b:?}"
                ),
                (Err(_), Err(_)) => {}
                (Ok(a), Err(_)) => panic!(
                    "seed {seed:#x} case {case}: {s:?} decoded as {a:?}, not UTF-8 for the crate"
                ),
            }
        }
    }
}
