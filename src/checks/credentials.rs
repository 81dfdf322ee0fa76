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

use crate::checks::text::invalid_format;
use crate::ctx::Ctx;
use crate::report::Pointer;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

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
            BasicProblem::Scheme => {
                "must be HTTP Basic credentials: `Basic `, then the base64 of `API key:API secret`"
            }
            BasicProblem::Base64 => {
                "the credentials after `Basic ` must be standard base64 with its padding"
            }
            BasicProblem::NoColon => {
                "the decoded credentials must be `API key:API secret`: they hold no `:`"
            }
            BasicProblem::EmptyKey => {
                "the decoded credentials must be `API key:API secret`: the API key is empty"
            }
            BasicProblem::EmptySecret => {
                "the decoded credentials must be `API key:API secret`: the API secret is empty"
            }
        }
    }
}

/// Reads `value` as Basic credentials: `Ok` when it is `Basic <base64 of key:secret>` with a
/// non-empty key and secret.
pub fn read_basic(value: &str) -> Result<(), BasicProblem> {
    let scheme_len = BASIC_SCHEME.len();
    let (scheme, rest) = match (value.get(..scheme_len), value.get(scheme_len..)) {
        (Some(s), Some(r)) => (s, r),
        _ => return Err(BasicProblem::Scheme),
    };
    if !scheme.eq_ignore_ascii_case(BASIC_SCHEME) || !rest.starts_with(' ') {
        return Err(BasicProblem::Scheme);
    }
    let encoded = rest.trim_start_matches(' ');
    let decoded = STANDARD
        .decode(encoded.as_bytes())
        .map_err(|_| BasicProblem::Base64)?;
    if decoded.is_empty() {
        return Err(BasicProblem::Base64);
    }
    let colon = decoded
        .iter()
        .position(|&b| b == b':')
        .ok_or(BasicProblem::NoColon)?;
    if colon == 0 {
        return Err(BasicProblem::EmptyKey);
    }
    if colon + 1 == decoded.len() {
        return Err(BasicProblem::EmptySecret);
    }
    Ok(())
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
