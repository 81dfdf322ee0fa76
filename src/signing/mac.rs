//! The HMAC primitives of the module (RFC 2104 through the `hmac` crate). Every signature in
//! [`crate::signing`] goes through these functions; the RFC 2202 and RFC 4231 test vectors are run
//! against them.
//!
//! An empty key is accepted here (RFC 2104 allows it and the RFC vectors need arbitrary keys):
//! the callers that take a consumer secret refuse an empty one themselves.

use super::SigningError;
use hmac::{Hmac, Mac};
use sha1::Sha1;
use sha2::Sha256;

/// HMAC-SHA1 output length in bytes.
pub const SHA1_LEN: usize = 20;
/// HMAC-SHA256 output length in bytes.
pub const SHA256_LEN: usize = 32;

pub(crate) type HmacSha1 = Hmac<Sha1>;
pub(crate) type HmacSha256 = Hmac<Sha256>;

pub(crate) fn new_sha256(key: &[u8]) -> Result<HmacSha256, SigningError> {
    <HmacSha256 as Mac>::new_from_slice(key).map_err(|_| SigningError::HmacKey)
}

fn new_sha1(key: &[u8]) -> Result<HmacSha1, SigningError> {
    <HmacSha1 as Mac>::new_from_slice(key).map_err(|_| SigningError::HmacKey)
}

/// HMAC-SHA1(key, message).
pub fn hmac_sha1(key: &[u8], message: &[u8]) -> Result<[u8; SHA1_LEN], SigningError> {
    let mut mac = new_sha1(key)?;
    mac.update(message);
    Ok(mac.finalize().into_bytes().into())
}

/// HMAC-SHA256(key, message).
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> Result<[u8; SHA256_LEN], SigningError> {
    let mut mac = new_sha256(key)?;
    mac.update(message);
    Ok(mac.finalize().into_bytes().into())
}

/// Whether `tag` is HMAC-SHA256(key, message), compared in constant time (`verify_slice`).
/// A tag of any length other than 32 bytes is not verified.
pub fn verify_hmac_sha256(key: &[u8], message: &[u8], tag: &[u8]) -> bool {
    if tag.len() != SHA256_LEN {
        return false;
    }
    match new_sha256(key) {
        Ok(mut mac) => {
            mac.update(message);
            mac.verify_slice(tag).is_ok()
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_refuses_wrong_lengths_and_accepts_the_right_tag() {
        let tag = hmac_sha256(b"k", b"m").unwrap();
        assert!(verify_hmac_sha256(b"k", b"m", &tag));
        assert!(!verify_hmac_sha256(b"k", b"m", &tag[..31]));
        assert!(!verify_hmac_sha256(b"k", b"m", &[]));
        let mut longer = tag.to_vec();
        longer.push(0);
        assert!(!verify_hmac_sha256(b"k", b"m", &longer));
        let mut flipped = tag;
        flipped[31] ^= 1;
        assert!(!verify_hmac_sha256(b"k", b"m", &flipped));
    }

    #[test]
    fn sha1_has_twenty_bytes() {
        assert_eq!(hmac_sha1(b"", b"").unwrap().len(), SHA1_LEN);
    }
}
