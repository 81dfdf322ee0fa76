//! The signature base string (RFC 5849 §3.4.1), the key (§3.4.2) and HMAC-SHA1 (§3.4.2).

use super::super::mac::hmac_sha1;
use super::super::percent::encode;
use super::super::SigningError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

/// Normalizes parameters (RFC 5849 §3.4.1.3.2): encode names and values, sort by encoded name
/// then encoded value, join `name=value` with `&`. Duplicates are kept.
pub fn normalize_parameters(params: &[(String, String)]) -> String {
    let mut encoded: Vec<(String, String)> =
        params.iter().map(|(n, v)| (encode(n), encode(v))).collect();
    crate::sort::sort(&mut encoded);
    let mut out = String::new();
    for (i, (n, v)) in encoded.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(n);
        out.push('=');
        out.push_str(v);
    }
    out
}

/// `METHOD & enc(base_uri) & enc(normalized)` (RFC 5849 §3.4.1.1). `method` must already be
/// uppercase; it is encoded too (a no-op for ordinary methods).
pub fn signature_base_string(method: &str, base_uri: &str, normalized_params: &str) -> String {
    format!(
        "{}&{}&{}",
        encode(method),
        encode(base_uri),
        encode(normalized_params)
    )
}

/// `enc(consumer secret) & enc(token secret)` (RFC 5849 §3.4.2).
pub fn signing_key(consumer_secret: &str, token_secret: &str) -> String {
    format!("{}&{}", encode(consumer_secret), encode(token_secret))
}

/// base64(HMAC-SHA1(key, base string)).
pub fn hmac_sha1_signature(key: &str, base_string: &str) -> Result<String, SigningError> {
    Ok(STANDARD.encode(hmac_sha1(key.as_bytes(), base_string.as_bytes())?))
}
