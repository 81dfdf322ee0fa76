//! HTTP Basic credentials (RFC 7617), as the OAuth 2.0 app-only token request sends them
//! (document A §4, "HTTP Basic: API key as user name, API key secret as password"; signing.md
//! "base64 of `urlencode(api key) ":" urlencode(api secret)`", built by
//! [`crate::signing::app_only::basic_authorization_header`]).
//!
//! The value is the scheme `Basic` (any case, RFC 7235 §2.1), one or more spaces, and the
//! standard base64 (RFC 4648 §4, with its padding, as `app_only` writes it) of `key:secret`: the
//! user name before the first `:` and the password after it (RFC 7617 §2), neither empty. The
//! decoded key and secret are never reported: a message names the part that is wrong, never a
//! value.
//!
//! The base64 is read here, in one pass that keeps nothing, rather than by the `base64` crate:
//! the validation `.wasm` holds no other base64 decoder, and the crate's would cost it about
//! 1.5 KB gzipped. A unit test holds the two to the same texts.

use crate::checks::text::invalid_format;
use crate::ctx::Ctx;
use crate::report::Pointer;

/// The authentication scheme (RFC 7617 §2), matched in any case.
pub const BASIC_SCHEME: &str = "Basic";
/// What the value looks like, reported in `params.pattern` of every `invalid_format` here (what
/// a pattern can say: the checks of the decoded pair are the engine's).
pub const BASIC_PATTERN: &str =
    "^[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9+/]{4})+([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

/// What is wrong with a Basic credentials value (no value is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BasicProblem {
    /// Not `Basic` followed by a space.
    Scheme,
    /// The text after the scheme is not standard, padded base64.
    Base64,
    /// The decoded text holds no `:`.
    NoColon,
    /// The user name (the API key) before the first `:` is empty.
    EmptyKey,
    /// The password (the API secret) after the first `:` is empty.
    EmptySecret,
}

impl BasicProblem {
    /// The message (it names the part, never a value).
    pub fn message(self) -> &'static str {
        match self {
            BasicProblem::Scheme => "must be `Basic ` and the base64 of `API key:API secret`",
            BasicProblem::Base64 => "must be `Basic ` and standard, padded base64",
            BasicProblem::NoColon => "the decoded credentials hold no `:` (`API key:API secret`)",
            BasicProblem::EmptyKey => "the decoded API key is empty",
            BasicProblem::EmptySecret => "the decoded API secret is empty",
        }
    }
}

/// Reads `value` as Basic credentials: `Ok` when it is `Basic <base64 of key:secret>` with a
/// non-empty key and secret. The text is decoded on the fly (nothing of it is kept).
pub fn read_basic(value: &str) -> Result<(), BasicProblem> {
    let bytes = value.as_bytes();
    let scheme = BASIC_SCHEME.len();
    match bytes.get(..=scheme) {
        Some([s @ .., b' ']) if s.eq_ignore_ascii_case(BASIC_SCHEME.as_bytes()) => {}
        _ => return Err(BasicProblem::Scheme),
    }
    let spaces = bytes[scheme..].iter().take_while(|&&b| b == b' ').count();
    let text = &bytes[scheme + spaces..];
    // Standard base64 with its padding (RFC 4648 §4, §3.5): whole groups of four characters, at
    // most two `=` and only at the end, and the bits the padding leaves unused zero (one text
    // per byte string).
    let data = text.len() - text.iter().rev().take_while(|&&b| b == b'=').count();
    if text.len() % 4 != 0 || text.len() - data > 2 {
        return Err(BasicProblem::Base64);
    }
    let (mut acc, mut bits, mut decoded, mut colon) = (0u32, 0u32, 0usize, None);
    for &c in &text[..data] {
        acc = (acc << 6 | sextet(c).ok_or(BasicProblem::Base64)?) & 0xfff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            if acc >> bits == u32::from(b':') && colon.is_none() {
                colon = Some(decoded);
            }
            acc &= (1 << bits) - 1;
            decoded += 1;
        }
    }
    if acc != 0 || decoded == 0 {
        return Err(BasicProblem::Base64);
    }
    match colon {
        None => Err(BasicProblem::NoColon),
        Some(0) => Err(BasicProblem::EmptyKey),
        Some(at) if at + 1 == decoded => Err(BasicProblem::EmptySecret),
        Some(_) => Ok(()),
    }
}

/// The value of a standard base64 character (RFC 4648 §4 alphabet), or `None`.
fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Checks `value` as Basic credentials ([`read_basic`]); reports `invalid_format` at `path`
/// with [`BASIC_PATTERN`] otherwise. Whether they are.
pub fn basic(ctx: &mut Ctx, path: &Pointer, value: &str) -> bool {
    match read_basic(value) {
        Ok(()) => true,
        Err(problem) => {
            invalid_format(ctx, path, problem.message(), BASIC_PATTERN);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signing::app_only::basic_authorization_header;

    #[test]
    fn what_app_only_writes_is_read_back() {
        let header = basic_authorization_header(
            "xvz1evFS4wEEPTGEFPHBog",
            "L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg",
        );
        assert_eq!(header.map(|h| read_basic(&h)), Ok(Ok(())));
    }

    /// The base64 read here is the `base64` crate's standard engine (padded, canonical):
    /// every text the crate refuses is refused, every one it decodes is read as its bytes.
    #[test]
    fn base64_as_the_crate_reads_it() {
        use base64::engine::general_purpose::STANDARD;
        use base64::Engine;
        let expect = |bytes: Option<Vec<u8>>| match bytes {
            None => Err(BasicProblem::Base64),
            Some(b) if b.is_empty() => Err(BasicProblem::Base64),
            Some(b) => match b.iter().position(|&x| x == b':') {
                None => Err(BasicProblem::NoColon),
                Some(0) => Err(BasicProblem::EmptyKey),
                Some(i) if i + 1 == b.len() => Err(BasicProblem::EmptySecret),
                Some(_) => Ok(()),
            },
        };
        let texts = [
            "", "YQ==", "YWI=", "YWJj", "YR==", "YWJ=", "YQ=", "Y===", "YQ==YQ==", "YWJjZA==",
            "=YWJ", "YW=j", "Y-_/", "+/+/", "////", "AA==", "AAA=", "AAAA", "YTpi", "YTo6", "Ojpi",
            "OmI=", "YTo=", "YTpi=", "YTpi====", "YT==",
        ];
        for t in texts {
            let got = read_basic(&format!("Basic {t}"));
            assert_eq!(got, expect(STANDARD.decode(t).ok()), "{t}");
        }
        for n in 0..=255u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37) ^ n).collect();
            let text = STANDARD.encode(&bytes);
            assert_eq!(
                read_basic(&format!("Basic {text}")),
                expect(Some(bytes)),
                "{n}"
            );
        }
    }

    #[test]
    fn problems() {
        // "a:b", ":b", "a:", "ab"
        assert_eq!(read_basic("Basic YTpi"), Ok(()));
        assert_eq!(read_basic("basic   YTpi"), Ok(()));
        assert_eq!(read_basic("BASIC YTpi"), Ok(()));
        assert_eq!(read_basic("Basic Ojpi"), Err(BasicProblem::EmptyKey));
        assert_eq!(read_basic("Basic YTo6"), Ok(()));
        assert_eq!(read_basic("Basic OmI="), Err(BasicProblem::EmptyKey));
        assert_eq!(read_basic("Basic YTo="), Err(BasicProblem::EmptySecret));
        assert_eq!(read_basic("Basic YWI="), Err(BasicProblem::NoColon));
        assert_eq!(read_basic("Basic YTpi="), Err(BasicProblem::Base64));
        assert_eq!(read_basic("Basic YTo"), Err(BasicProblem::Base64));
        assert_eq!(read_basic("Basic "), Err(BasicProblem::Base64));
        assert_eq!(read_basic("Basic"), Err(BasicProblem::Scheme));
        assert_eq!(read_basic("BasicYTpi"), Err(BasicProblem::Scheme));
        assert_eq!(read_basic("Bearer YTpi"), Err(BasicProblem::Scheme));
        assert_eq!(read_basic("YTpi"), Err(BasicProblem::Scheme));
        assert_eq!(read_basic("Bäsic YTpi"), Err(BasicProblem::Scheme));
        assert_eq!(read_basic("Basic YTpi "), Err(BasicProblem::Base64));
    }
}
