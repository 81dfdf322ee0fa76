//! The webhook challenge-response check (CRC): `response_token = "sha256=" +
//! base64(HMAC-SHA256(consumer secret, crc_token))`, answered as `{"response_token": "..."}`.
//!
//! **Signing-oracle guard.** The CRC answer and the event signature are the same HMAC under the
//! same key, so a receiver that signs any `crc_token` signs forged event bodies for an attacker.
//! Only tokens of [`CRC_TOKEN_MIN_LEN`] to [`CRC_TOKEN_MAX_LEN`] characters of `A-Z a-z 0-9` and
//! [`CRC_TOKEN_ALLOWED_PUNCTUATION`] are signed by default. A caller who needs another shape
//! builds a [`CrcTokenPolicy`] with [`CrcTokenPolicy::custom`], naming every bound and extra
//! character explicitly; there is no way to switch the guard off silently.

use super::mac::hmac_sha256;
use super::percent::parse_form;
use super::{CrcShapeProblem, SigningError};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

/// Fewest characters a `crc_token` must have to be signed (signing.md).
pub const CRC_TOKEN_MIN_LEN: usize = 16;
/// Most characters a `crc_token` may have to be signed (signing.md).
pub const CRC_TOKEN_MAX_LEN: usize = 128;
/// The characters besides `A-Z a-z 0-9` a `crc_token` may contain (signing.md): base64's `+ / =`
/// and base64url's / UUID's `_ -`.
pub const CRC_TOKEN_ALLOWED_PUNCTUATION: &str = "+/=_-";
/// The largest maximum a custom policy may set. Even a deliberately widened policy never signs
/// arbitrarily long input.
pub const CRC_TOKEN_HARD_MAX_LEN: usize = 1024;
/// The prefix of a response token.
pub const RESPONSE_TOKEN_PREFIX: &str = "sha256=";

/// Which `crc_token` values are signed. The default is the spec's shape; [`CrcTokenPolicy::custom`]
/// is the only way to widen (or narrow) it, and it refuses impossible or unsafe bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrcTokenPolicy {
    min_len: usize,
    max_len: usize,
    /// ASCII punctuation allowed besides `A-Z a-z 0-9` (always printable, never a space).
    punctuation: Vec<u8>,
}

impl Default for CrcTokenPolicy {
    fn default() -> Self {
        CrcTokenPolicy {
            min_len: CRC_TOKEN_MIN_LEN,
            max_len: CRC_TOKEN_MAX_LEN,
            punctuation: CRC_TOKEN_ALLOWED_PUNCTUATION.as_bytes().to_vec(),
        }
    }
}

impl CrcTokenPolicy {
    /// A deliberately chosen policy: tokens of `min_len..=max_len` characters of `A-Z a-z 0-9`,
    /// [`CRC_TOKEN_ALLOWED_PUNCTUATION`] and `extra_chars`.
    ///
    /// Refused ([`SigningError::InvalidCrcPolicy`]): `min_len` of 0, `min_len > max_len`,
    /// `max_len` above [`CRC_TOKEN_HARD_MAX_LEN`], and any extra character that is not printable
    /// ASCII (`!` to `~`: no space, no control character, nothing outside ASCII).
    pub fn custom(min_len: usize, max_len: usize, extra_chars: &str) -> Result<Self, SigningError> {
        if min_len == 0 {
            return Err(SigningError::InvalidCrcPolicy(
                "the minimum length must be at least 1",
            ));
        }
        if min_len > max_len {
            return Err(SigningError::InvalidCrcPolicy(
                "the minimum length is above the maximum length",
            ));
        }
        if max_len > CRC_TOKEN_HARD_MAX_LEN {
            return Err(SigningError::InvalidCrcPolicy(
                "the maximum length is above CRC_TOKEN_HARD_MAX_LEN",
            ));
        }
        let mut punctuation = CRC_TOKEN_ALLOWED_PUNCTUATION.as_bytes().to_vec();
        for c in extra_chars.chars() {
            if !c.is_ascii_graphic() {
                return Err(SigningError::InvalidCrcPolicy(
                    "extra characters must be printable ASCII without space",
                ));
            }
            // `c` is ASCII here, so the cast keeps its value.
            let b = c as u8;
            if !b.is_ascii_alphanumeric() && !punctuation.contains(&b) {
                punctuation.push(b);
            }
        }
        Ok(CrcTokenPolicy {
            min_len,
            max_len,
            punctuation,
        })
    }

    /// The fewest characters signed.
    pub fn min_len(&self) -> usize {
        self.min_len
    }

    /// The most characters signed.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// Every character allowed besides `A-Z a-z 0-9`.
    pub fn allowed_punctuation(&self) -> String {
        self.punctuation.iter().map(|&b| char::from(b)).collect()
    }

    /// Whether this is exactly the spec's default policy.
    pub fn is_default(&self) -> bool {
        *self == CrcTokenPolicy::default()
    }

    /// Checks the shape of a token: length first, then every character.
    pub fn check(&self, crc_token: &str) -> Result<(), SigningError> {
        let len = crc_token.chars().count();
        if len < self.min_len {
            return Err(SigningError::CrcTokenShape(CrcShapeProblem::TooShort {
                len,
                min: self.min_len,
            }));
        }
        if len > self.max_len {
            return Err(SigningError::CrcTokenShape(CrcShapeProblem::TooLong {
                len,
                max: self.max_len,
            }));
        }
        for (index, c) in crc_token.chars().enumerate() {
            let allowed = c.is_ascii()
                && (c.is_ascii_alphanumeric() || self.punctuation.contains(&(c as u8)));
            if !allowed {
                return Err(SigningError::CrcTokenShape(
                    CrcShapeProblem::ForbiddenCharacter { index },
                ));
            }
        }
        Ok(())
    }
}

/// `sha256=<base64(HMAC-SHA256(consumer_secret, crc_token))>` (standard base64 with padding), after
/// the signing-oracle guard: a token the policy refuses is never signed. An empty secret is
/// refused.
///
/// ```
/// use preflight::signing::{crc_response_token, CrcTokenPolicy};
/// let secret = b"z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu";
/// let policy = CrcTokenPolicy::default();
/// // The value `openssl dgst -sha256 -hmac <secret> -binary | base64` gives for the token.
/// assert_eq!(
///     crc_response_token(secret, "9b4507b3-9040-4669-9ca3-6b94edb50553", &policy)?,
///     "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8="
/// );
/// // A token outside the policy's shape is never signed.
/// assert!(crc_response_token(secret, "<script>", &policy).is_err());
/// # Ok::<(), preflight::signing::SigningError>(())
/// ```
pub fn crc_response_token(
    consumer_secret: &[u8],
    crc_token: &str,
    policy: &CrcTokenPolicy,
) -> Result<String, SigningError> {
    if consumer_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    policy.check(crc_token)?;
    let digest = hmac_sha256(consumer_secret, crc_token.as_bytes())?;
    Ok(format!(
        "{RESPONSE_TOKEN_PREFIX}{}",
        STANDARD.encode(digest)
    ))
}

/// The body of the CRC answer: `{"response_token":"sha256=..."}` (compact JSON; the token holds
/// only base64 characters, so nothing needs escaping).
pub fn crc_response_json(
    consumer_secret: &[u8],
    crc_token: &str,
    policy: &CrcTokenPolicy,
) -> Result<String, SigningError> {
    let token = crc_response_token(consumer_secret, crc_token, policy)?;
    Ok(format!("{{\"response_token\":\"{token}\"}}"))
}

/// The `crc_token` of a raw query string (with or without the leading `?`), form-decoded
/// (`%XX` and `+` as space, as web frameworks decode it). Absent: [`SigningError::MissingCrcToken`]
/// (the receiver answers 400); present more than once: [`SigningError::DuplicateCrcToken`]; a
/// malformed query: [`SigningError::InvalidPercentEncoding`]. The shape is not checked here;
/// [`crc_response_token`] checks it.
pub fn crc_token_from_query(query: &str) -> Result<String, SigningError> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut found: Option<String> = None;
    for (name, value) in parse_form(query)? {
        if name == "crc_token" {
            if found.is_some() {
                return Err(SigningError::DuplicateCrcToken);
            }
            found = Some(value);
        }
    }
    found.ok_or(SigningError::MissingCrcToken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_bounds_are_inclusive() {
        let p = CrcTokenPolicy::default();
        assert!(p.check(&"a".repeat(16)).is_ok());
        assert!(p.check(&"a".repeat(128)).is_ok());
        assert!(p.check(&"a".repeat(15)).is_err());
        assert!(p.check(&"a".repeat(129)).is_err());
        assert!(p.is_default());
    }

    #[test]
    fn forbidden_character_reports_its_index_only() {
        let e = CrcTokenPolicy::default()
            .check("abcdefghijklmno.")
            .unwrap_err();
        assert_eq!(
            e,
            SigningError::CrcTokenShape(CrcShapeProblem::ForbiddenCharacter { index: 15 })
        );
        assert!(!e.message().contains("abcdef"));
    }

    #[test]
    fn custom_policy_merges_punctuation() {
        let p = CrcTokenPolicy::custom(8, 64, ".~a").unwrap();
        assert_eq!(p.allowed_punctuation(), "+/=_-.~");
        assert!(!p.is_default());
    }
}
