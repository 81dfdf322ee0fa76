//! Target `normalize`: one identifier value of every type through normalization and hashing.
//!
//! Input: a header line `<type> [<options>]`, then the value (invalid UTF-8 replaced by U+FFFD,
//! so every input is a value). `<type>` is an identifier type's name (another word picks a type
//! by its byte sum); the first byte of `<options>`, minus `b'0'`, holds bits: bit 0
//! `phone_format: digits`, bit 1 `prehashed`, bits 2-3 the `default_country_code` from
//! [`COUNTRY_CODES`].
//!
//! Invariants:
//! - `normalize` and `hash` accept and refuse the same values, with the same error;
//! - an accepted value's hash is the SHA-256 of its normalized form (computed here with `sha2`),
//!   or the normalized form itself for `partner_user_id` and prehashed values (64 lowercase hex
//!   digits);
//! - the bulk path (`hash_many`) gives what the one-value path gives;
//! - normalization is idempotent: normalizing a normalized value changes nothing, except
//!   (1) phone numbers in the `digits` format (not prehashed), which by design drop the `+`
//!   (checked instead: the digits form is the E.164 form without its `+`), and (2) the spec's
//!   known problem for email, "NFC then lowercase": lowercasing can leave text that is not NFC
//!   (a capital and a combining mark with no precomposed form whose lowercase has one, e.g.
//!   U+0391 U+0342 or `H` U+0331; or U+0130, whose lowercase is two characters, before a mark
//!   that sorts first), so a second pass changes it again. For that class exactly, the checked
//!   behaviour is: the first result is not NFC, the second is lowercase(NFC(first)), and the
//!   second is a fixed point;
//! - an error is one of `IdError::ALL` (its message is a fixed text by type, so it cannot carry
//!   the value).

use super::{by_name, header, pick, sha256_hex, token_byte};
use preflight::audience::{
    hash, hash_many, nfc, normalize, HashOptions, IdError, IdType, PhoneFormat,
};
use std::borrow::Cow;

/// The `default_country_code` choices: none, two valid codes, and an invalid one.
pub const COUNTRY_CODES: [Option<&str>; 4] = [None, Some("44"), Some("1"), Some("0")];

/// Decodes the options byte (see the module docs).
pub fn options(bits: u8) -> HashOptions {
    let bits = bits.wrapping_sub(b'0');
    {
        let mut hash_opts = HashOptions::default();
        hash_opts.phone_format = if bits & 1 == 0 {
            PhoneFormat::E164
        } else {
            PhoneFormat::Digits
        };
        hash_opts.prehashed = bits & 2 != 0;
        hash_opts.default_country_code =
            pick(&COUNTRY_CODES, (bits >> 2) & 3, 0).map(str::to_owned);
        hash_opts
    }
}

/// Decodes the input: (type, options, value).
pub fn split(data: &[u8]) -> (IdType, HashOptions, Cow<'_, str>) {
    let (tokens, value) = header(data);
    let (t, _) = by_name(&IdType::ALL, IdType::name, &tokens);
    (
        t,
        options(token_byte(&tokens, 1, b'0')),
        String::from_utf8_lossy(value),
    )
}

pub fn run(data: &[u8]) {
    let (t, opts, value) = split(data);
    check(t, &opts, &value);
}

/// Every invariant of the module docs for one value.
pub fn check(t: IdType, opts: &HashOptions, raw: &str) {
    let normalized = normalize(t, raw, opts);
    let hashed = hash(t, raw, opts);
    let bulk = hash_many(t, [raw], opts);
    assert_eq!(bulk.len(), 1);
    assert_eq!(
        bulk.result(0).map(|r| r.map(str::to_owned)),
        Some(hashed.clone()),
        "hash_many differs from hash"
    );
    match (&normalized, &hashed) {
        (Ok(n), Ok(h)) => {
            if t.is_hashed() && !opts.prehashed {
                assert_eq!(
                    h,
                    &sha256_hex(n.as_bytes()),
                    "hash is not SHA-256(normalized)"
                );
            } else {
                assert_eq!(h, n);
            }
            if t.is_hashed() && opts.prehashed {
                assert!(
                    n.len() == 64
                        && n.bytes()
                            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
                    "a prehashed value is not 64 lowercase hex digits"
                );
            }
            idempotent(t, opts, raw, n);
        }
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "normalize and hash refuse differently");
            assert!(IdError::ALL.contains(a));
        }
        _ => panic!("normalize and hash disagree on accepting the value"),
    }
}

/// Normalizing `once` (the normalized form of `raw`) again; see the module docs.
fn idempotent(t: IdType, opts: &HashOptions, raw: &str, once: &str) {
    if t == IdType::PhoneNumber && opts.phone_format == PhoneFormat::Digits && !opts.prehashed {
        let e164 = opts.clone().with_phone_format(PhoneFormat::E164);
        let plus = normalize(t, raw, &e164);
        assert_eq!(
            plus.as_deref().ok().and_then(|p| p.strip_prefix('+')),
            Some(once),
            "the digits form is not the E.164 form without '+'"
        );
        return;
    }
    let twice = normalize(t, once, opts);
    if twice.as_deref() == Ok(once) {
        return;
    }
    // The one documented exception (email, "NFC then lowercase").
    assert_eq!(t, IdType::Email, "normalization is not idempotent");
    // (The harness runs with the tables: nfc never fails there.)
    let composed = nfc(once).unwrap_or(std::borrow::Cow::Borrowed(once));
    assert!(
        composed != once,
        "not idempotent although the first result is NFC"
    );
    let expected = composed.to_lowercase();
    assert_eq!(twice.as_deref(), Ok(expected.as_str()));
    assert_eq!(
        normalize(t, &expected, opts).as_deref(),
        Ok(expected.as_str()),
        "a second pass does not reach a fixed point"
    );
}
