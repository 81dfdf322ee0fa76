//! Webhook event signatures: the header (by default [`DEFAULT_SIGNATURE_HEADER`]) carries
//! `"sha256=" + base64(HMAC-SHA256(consumer secret, raw request body))`.
//!
//! Verification fails closed. Each of these is "not verified", never "verified": an empty secret,
//! a missing header, an empty header, a header present more than once, a value not starting with
//! `sha256=`, a value that is not canonical standard base64 with padding, a decoded length other
//! than 32 bytes, and of course a mismatch. The comparison is constant-time (`subtle`'s
//! `ConstantTimeEq`, in `verify_hmac_sha256`), over the **raw body bytes** exactly as received (never re-serialized JSON).
//!
//! Choices where the spec is silent:
//! - the prefix is **case-sensitive**: exactly `sha256=` (the platform sends lowercase; accepting
//!   `SHA256=` would gain nothing and widen what is accepted);
//! - the header value is taken **as given**: no trimming, so a value with surrounding whitespace
//!   or a second comma-separated signature is not verified (HTTP libraries already strip the
//!   optional whitespace around a field value);
//! - header **names** compare ASCII case-insensitively (HTTP field names are case-insensitive).

use super::mac::{hmac_sha256, verify_hmac_sha256, SHA256_LEN};
use super::SigningError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

/// The header carrying the event signature, unless the caller names another.
pub const DEFAULT_SIGNATURE_HEADER: &str = "x-service-webhooks-signature";
/// The prefix of a signature header value (case-sensitive).
pub const SIGNATURE_PREFIX: &str = "sha256=";

/// The header value the platform would send for `body`: `sha256=<base64(HMAC-SHA256)>`. For
/// tests and for receivers that forward events. An empty secret is refused.
pub fn sign_body(consumer_secret: &[u8], body: &[u8]) -> Result<String, SigningError> {
    if consumer_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    let digest = hmac_sha256(consumer_secret, body)?;
    Ok(format!("{SIGNATURE_PREFIX}{}", STANDARD.encode(digest)))
}

/// Verifies a signature header value against the raw body, saying why it fails.
pub fn check_signature(
    consumer_secret: &[u8],
    body: &[u8],
    header_value: Option<&str>,
) -> Result<(), SigningError> {
    if consumer_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    let value = header_value.ok_or(SigningError::MissingSignatureHeader)?;
    if value.is_empty() {
        return Err(SigningError::EmptySignatureHeader);
    }
    let encoded = value
        .strip_prefix(SIGNATURE_PREFIX)
        .ok_or(SigningError::SignaturePrefix)?;
    if encoded.is_empty() {
        return Err(SigningError::SignatureBase64);
    }
    let tag = STANDARD
        .decode(encoded)
        .map_err(|_| SigningError::SignatureBase64)?;
    if tag.len() != SHA256_LEN {
        return Err(SigningError::SignatureLength { len: tag.len() });
    }
    if verify_hmac_sha256(consumer_secret, body, &tag) {
        Ok(())
    } else {
        Err(SigningError::SignatureMismatch)
    }
}

/// Whether the signature header value is valid for the raw body. `false` for every failure of
/// [`check_signature`] (which says why).
///
/// ```
/// use preflight::signing::verify_signature;
/// // HMAC-SHA256 of the body with the consumer secret `test`, as
/// // `printf 'test=1&other_test=2' | openssl dgst -sha256 -hmac test -binary | base64` prints it.
/// let header = Some("sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc=");
/// assert!(verify_signature(b"test", b"test=1&other_test=2", header));
/// assert!(!verify_signature(b"test", b"test=1&other_test=3", header));
/// assert!(!verify_signature(b"test", b"test=1&other_test=2", None));
/// ```
pub fn verify_signature(consumer_secret: &[u8], body: &[u8], header_value: Option<&str>) -> bool {
    check_signature(consumer_secret, body, header_value).is_ok()
}

/// The value of the header `name` (ASCII case-insensitive) in a list of `(name, value)` pairs.
/// `Ok(None)` when absent (or when `name` is empty); [`SigningError::DuplicateSignatureHeader`]
/// when it appears more than once, whatever the values: which one the platform meant cannot be
/// known, so the request is not verified.
pub fn find_header<'a, N, V>(
    headers: &'a [(N, V)],
    name: &str,
) -> Result<Option<&'a str>, SigningError>
where
    N: AsRef<str>,
    V: AsRef<str>,
{
    if name.is_empty() {
        return Ok(None);
    }
    let mut found: Option<&'a str> = None;
    for (n, v) in headers {
        if n.as_ref().eq_ignore_ascii_case(name) {
            if found.is_some() {
                return Err(SigningError::DuplicateSignatureHeader);
            }
            found = Some(v.as_ref());
        }
    }
    Ok(found)
}

/// Verifies a whole request: finds the signature header (`header_name`, or
/// [`DEFAULT_SIGNATURE_HEADER`] when `None`) in `headers` and checks it against the raw body.
pub fn check_request_signature<N, V>(
    consumer_secret: &[u8],
    body: &[u8],
    headers: &[(N, V)],
    header_name: Option<&str>,
) -> Result<(), SigningError>
where
    N: AsRef<str>,
    V: AsRef<str>,
{
    let value = find_header(headers, header_name.unwrap_or(DEFAULT_SIGNATURE_HEADER))?;
    check_signature(consumer_secret, body, value)
}

/// `true` only when [`check_request_signature`] succeeds.
pub fn verify_request_signature<N, V>(
    consumer_secret: &[u8],
    body: &[u8],
    headers: &[(N, V)],
    header_name: Option<&str>,
) -> bool
where
    N: AsRef<str>,
    V: AsRef<str>,
{
    check_request_signature(consumer_secret, body, headers, header_name).is_ok()
}

/// Verifies the optional signature of the CRC GET itself.
///
/// Assumption (the platform documents only "an HMAC-SHA256 over the raw query string in a
/// header"): the header value has the event signature's form, `sha256=<base64>`, and the HMAC key
/// is the consumer secret; the message is the raw query string exactly as received on the request
/// line, **without** the leading `?` and without any decoding or reordering. Every failure of
/// [`check_signature`] applies.
pub fn check_crc_request_signature(
    consumer_secret: &[u8],
    raw_query: &str,
    header_value: Option<&str>,
) -> Result<(), SigningError> {
    check_signature(consumer_secret, raw_query.as_bytes(), header_value)
}

/// `true` only when [`check_crc_request_signature`] succeeds.
pub fn verify_crc_request_signature(
    consumer_secret: &[u8],
    raw_query: &str,
    header_value: Option<&str>,
) -> bool {
    check_crc_request_signature(consumer_secret, raw_query, header_value).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let sig = sign_body(b"k", b"body").unwrap();
        assert_eq!(check_signature(b"k", b"body", Some(&sig)), Ok(()));
        assert_eq!(
            check_signature(b"k", b"body!", Some(&sig)),
            Err(SigningError::SignatureMismatch)
        );
    }

    #[test]
    fn prefix_only_is_a_base64_failure() {
        assert_eq!(
            check_signature(b"k", b"", Some("sha256=")),
            Err(SigningError::SignatureBase64)
        );
    }

    #[test]
    fn find_header_is_case_insensitive_and_refuses_duplicates() {
        let h = [("Content-Type", "a"), ("X-Service-Webhooks-Signature", "v")];
        assert_eq!(find_header(&h, DEFAULT_SIGNATURE_HEADER), Ok(Some("v")));
        let d = [
            ("x-service-webhooks-signature", "v"),
            ("X-SERVICE-WEBHOOKS-SIGNATURE", "v"),
        ];
        assert_eq!(
            find_header(&d, DEFAULT_SIGNATURE_HEADER),
            Err(SigningError::DuplicateSignatureHeader)
        );
        assert_eq!(find_header(&h, ""), Ok(None));
    }
}
