//! The HMAC primitives of the module (RFC 2104: HMAC-SHA1 through the `hmac` crate,
//! HMAC-SHA256 written here over the crate's SHA-256, see [`hmac_sha256_with`]). Every signature in
//! [`crate::signing`] goes through these functions; the RFC 2202 and RFC 4231 test vectors are run
//! against them.
//!
//! An empty key is accepted here (RFC 2104 allows it and the RFC vectors need arbitrary keys):
//! the callers that take a consumer secret refuse an empty one themselves.

use super::SigningError;
use crate::audience::sha256_after;
use hmac::{Hmac, Mac};
use sha1::Sha1;
use subtle::ConstantTimeEq;

/// HMAC-SHA1 output length in bytes.
pub const SHA1_LEN: usize = 20;
/// HMAC-SHA256 output length in bytes.
pub const SHA256_LEN: usize = 32;

pub(crate) type HmacSha1 = Hmac<Sha1>;

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
    Ok(hmac_sha256_with(key, message, sha256_after))
}

/// HMAC-SHA256 (RFC 2104, B = 64) over `after`, a SHA-256 of one 64-byte block (if any)
/// followed by more bytes: a key longer than a block is hashed first, then
/// `H((K ^ opad) || H((K ^ ipad) || message))`. Written here rather than through the `hmac`
/// crate so that the wasm builds need no second SHA-256 (`sha2`) beside the audience hashing's
/// own (docs/PERFORMANCE.md, "Hand-written code and why"); held to the `hmac` crate by
/// tests/differential_libs/.
pub(crate) fn hmac_sha256_with(
    key: &[u8],
    message: &[u8],
    after: impl Fn(Option<&[u8; 64]>, &[u8]) -> [u8; 32],
) -> [u8; SHA256_LEN] {
    let mut k = [0u8; 64];
    if key.len() > k.len() {
        let digest = after(None, key);
        k[..digest.len()].copy_from_slice(&digest);
    } else if let Some(dst) = k.get_mut(..key.len()) {
        dst.copy_from_slice(key);
    }
    let inner = after(Some(&k.map(|b| b ^ 0x36)), message);
    after(Some(&k.map(|b| b ^ 0x5c)), &inner)
}

/// Whether `tag` is HMAC-SHA256(key, message), compared in constant time (`subtle`'s
/// `ConstantTimeEq`, what the `hmac` crate's `verify_slice` uses). A tag of any length other
/// than 32 bytes is not verified.
pub fn verify_hmac_sha256(key: &[u8], message: &[u8], tag: &[u8]) -> bool {
    if tag.len() != SHA256_LEN {
        return false;
    }
    let want = hmac_sha256_with(key, message, sha256_after);
    bool::from(want.ct_eq(tag))
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
