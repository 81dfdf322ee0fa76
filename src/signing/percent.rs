//! Percent-encoding per RFC 3986 as RFC 5849 §3.6 uses it, and form decoding
//! (`application/x-www-form-urlencoded`, W3C HTML 4.01 §17.13.4) for query strings and bodies.
//!
//! Encoding: text is taken as UTF-8 bytes; the unreserved characters `A-Z a-z 0-9 - . _ ~` are
//! kept; every other byte becomes `%XX` with uppercase hexadecimal digits. A space is `%20`,
//! never `+`.
//!
//! Why not the `percent-encoding` crate: 1.3 KB gzipped more in wasm (`bash
//! bench/libsize/run.sh`), and its decoding keeps a broken `%` as text where this one refuses.
//! A million texts give the crate's encoding, and its decoding wherever every escape is whole
//! (tests/differential_libs/; docs/PERFORMANCE.md, "Hand-written code and why").

use super::SigningError;

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `b` is an RFC 3986 unreserved character (`ALPHA / DIGIT / "-" / "." / "_" / "~"`).
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 / RFC 5849 §3.6 percent-encoding of a string (its UTF-8 bytes).
pub fn encode(s: &str) -> String {
    encode_bytes(s.as_bytes())
}

/// RFC 3986 / RFC 5849 §3.6 percent-encoding of raw bytes.
pub fn encode_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for &b in bytes {
        if is_unreserved(b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX_UPPER[usize::from(b >> 4)]));
            out.push(char::from(HEX_UPPER[usize::from(b & 0x0f)]));
        }
    }
    out
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Decodes `%XX` sequences; with `plus_is_space`, `+` becomes a space (form decoding). A `%` not
/// followed by two hexadecimal digits, or a result that is not UTF-8, is refused.
fn decode_inner(s: &str, plus_is_space: bool) -> Result<String, SigningError> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hi = bytes.get(i + 1).copied().and_then(hex_value);
                let lo = bytes.get(i + 2).copied().and_then(hex_value);
                match (hi, lo) {
                    (Some(hi), Some(lo)) => out.push((hi << 4) | lo),
                    _ => return Err(SigningError::InvalidPercentEncoding),
                }
                i += 3;
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| SigningError::InvalidPercentEncoding)
}

/// Percent-decoding (`%XX` only; `+` stays `+`).
pub fn decode(s: &str) -> Result<String, SigningError> {
    decode_inner(s, false)
}

/// Form decoding of one name or value: `+` is a space, `%XX` a byte; the result must be UTF-8.
pub fn form_decode(s: &str) -> Result<String, SigningError> {
    decode_inner(s, true)
}

/// Parses an `application/x-www-form-urlencoded` string (a query string without `?`, or a form
/// body) into decoded `(name, value)` pairs, in order, duplicates kept. Empty segments
/// (`a=1&&b=2`) are skipped; a segment without `=` is a name with an empty value (RFC 5849
/// §3.4.1.3.1's `c2`).
pub fn parse_form(s: &str) -> Result<Vec<(String, String)>, SigningError> {
    let mut pairs = Vec::new();
    for segment in s.split('&') {
        if segment.is_empty() {
            continue;
        }
        let (name, value) = match segment.split_once('=') {
            Some((n, v)) => (n, v),
            None => (segment, ""),
        };
        pairs.push((form_decode(name)?, form_decode(value)?));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_every_byte_outside_unreserved() {
        for b in 0u8..=255 {
            let e = encode_bytes(&[b]);
            if is_unreserved(b) {
                assert_eq!(e.as_bytes(), [b]);
            } else {
                assert_eq!(e.len(), 3);
                assert!(e.starts_with('%'));
                assert_eq!(e, e.to_ascii_uppercase());
                if b < 0x80 {
                    assert_eq!(decode(&e).unwrap().as_bytes(), [b]);
                } else {
                    // A lone byte >= 0x80 is not UTF-8.
                    assert!(decode(&e).is_err());
                }
            }
        }
    }

    #[test]
    fn decode_refuses_broken_escapes_and_non_utf8() {
        assert_eq!(decode("%"), Err(SigningError::InvalidPercentEncoding));
        assert_eq!(decode("%4"), Err(SigningError::InvalidPercentEncoding));
        assert_eq!(decode("%G0"), Err(SigningError::InvalidPercentEncoding));
        assert_eq!(decode("%FF"), Err(SigningError::InvalidPercentEncoding));
        assert_eq!(decode("a+b").unwrap(), "a+b");
        assert_eq!(form_decode("a+b%2B").unwrap(), "a b+");
        assert_eq!(decode("%c3%a9").unwrap(), "é");
    }

    #[test]
    fn parses_forms() {
        assert_eq!(
            parse_form("c2&a3=2+q").unwrap(),
            vec![("c2".into(), "".into()), ("a3".into(), "2 q".into())]
        );
        assert_eq!(parse_form("").unwrap(), vec![]);
        assert_eq!(parse_form("a=1&&a=2").unwrap().len(), 2);
        assert_eq!(parse_form("x==y").unwrap(), vec![("x".into(), "=y".into())]);
    }
}
