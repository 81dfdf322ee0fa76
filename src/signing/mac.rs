//! The HMAC primitives of the module (RFC 2104 through the `hmac` crate; in the full wasm build
//! HMAC-SHA256 by `hmac_sha256_with` over the audience hashing's SHA-256). Every signature in
//! [`crate::signing`] goes through these functions; the RFC 2202 and RFC 4231 test vectors are run
//! against them.
//!
//! An empty key is accepted here (RFC 2104 allows it and the RFC vectors need arbitrary keys):
//! the callers that take a consumer secret refuse an empty one themselves.

use super::SigningError;
use hmac::{Hmac, Mac};
use sha1::Sha1;

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
    sha256_mac::tag(key, message)
}

/// Whether `tag` is HMAC-SHA256(key, message), compared in constant time (`subtle`'s
/// `ConstantTimeEq`: the `hmac` crate's `verify_slice`, or `ct_eq` itself where the HMAC is
/// `hmac_sha256_with`). A tag of any length other than 32 bytes is not verified.
pub fn verify_hmac_sha256(key: &[u8], message: &[u8], tag: &[u8]) -> bool {
    tag.len() == SHA256_LEN && sha256_mac::verify(key, message, tag)
}

/// HMAC-SHA256 through the `hmac` crate over `sha2`: native builds, and the signing-only wasm
/// build (the core's feature `sha2-hmac`; compiled for size, with `sha2` kept at opt-level 3).
#[cfg(not(all(
    target_arch = "wasm32",
    target_feature = "simd128",
    not(feature = "sha2-hmac")
)))]
mod sha256_mac {
    use super::{SigningError, SHA256_LEN};
    use hmac::{Hmac, Mac};
    use sha2::Sha256;

    fn new(key: &[u8]) -> Result<Hmac<Sha256>, SigningError> {
        <Hmac<Sha256> as Mac>::new_from_slice(key).map_err(|_| SigningError::HmacKey)
    }

    pub(super) fn tag(key: &[u8], message: &[u8]) -> Result<[u8; SHA256_LEN], SigningError> {
        let mut mac = new(key)?;
        mac.update(message);
        Ok(mac.finalize().into_bytes().into())
    }

    pub(super) fn verify(key: &[u8], message: &[u8], tag: &[u8]) -> bool {
        match new(key) {
            Ok(mut mac) => {
                mac.update(message);
                mac.verify_slice(tag).is_ok()
            }
            Err(_) => false,
        }
    }
}

/// HMAC-SHA256 by [`hmac_sha256_with`] over the audience hashing's SHA-256: the wasm builds that
/// hash audiences (the full build), so that they carry one SHA-256, not `sha2` beside it.
#[cfg(all(
    target_arch = "wasm32",
    target_feature = "simd128",
    not(feature = "sha2-hmac")
))]
mod sha256_mac {
    use super::{hmac_sha256_with, SigningError, SHA256_LEN};
    use crate::audience::sha256_after;
    use subtle::ConstantTimeEq;

    pub(super) fn tag(key: &[u8], message: &[u8]) -> Result<[u8; SHA256_LEN], SigningError> {
        Ok(hmac_sha256_with(key, message, sha256_after))
    }

    pub(super) fn verify(key: &[u8], message: &[u8], tag: &[u8]) -> bool {
        let want = hmac_sha256_with(key, message, sha256_after);
        bool::from(want.ct_eq(tag))
    }
}

/// HMAC-SHA256 (RFC 2104, B = 64) over `after`, a SHA-256 of one 64-byte block (if any)
/// followed by more bytes: a key longer than a block is hashed first, then
/// `H((K ^ opad) || H((K ^ ipad) || message))`. Written here rather than through the `hmac`
/// crate so that the full wasm build needs no second SHA-256 (`sha2`) beside the audience
/// hashing's own (3.4 KB of the gzipped `.wasm`; docs/PERFORMANCE.md, "Hand-written code and
/// why"); held to the `hmac` crate by tests/differential_libs/sha256.rs.
#[cfg_attr(
    not(any(
        all(
            target_arch = "wasm32",
            target_feature = "simd128",
            not(feature = "sha2-hmac")
        ),
        not(target_arch = "wasm32"),
        preflight_pieces
    )),
    allow(dead_code)
)]
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
