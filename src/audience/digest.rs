//! SHA-256 one message at a time, and its lowercase hexadecimal digits.

/// The SHA-256 digest of `data`, one message at a time (every value the bulk paths do not hash
/// four at a time): the `sha2` crate, except on wasm32 with simd128, where the crate's own
/// (`src/audience/sha256x1.rs`) is smaller and faster.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(data).into()
}

/// The SHA-256 digest of `data`, one message at a time (every value the bulk paths do not hash
/// four at a time): the `sha2` crate, except on wasm32 with simd128, where the crate's own
/// (`src/audience/sha256x1.rs`) is smaller and faster.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
pub fn sha256(data: &[u8]) -> [u8; 32] {
    super::sha256x1::digest::<super::lanes::Fast>(data)
}

/// The SHA-256 digest of the 64 bytes `first` (if any) followed by `data`: the full wasm build's
/// HMAC-SHA256 ([`crate::signing::mac`]; with the feature `sha2-hmac`, the `hmac` crate over
/// `sha2` instead).
#[cfg(all(
    target_arch = "wasm32",
    target_feature = "simd128",
    not(feature = "sha2-hmac")
))]
pub(crate) fn sha256_after(first: Option<&[u8; 64]>, data: &[u8]) -> [u8; 32] {
    super::sha256x1::digest_after::<super::lanes::Fast>(first, data)
}

/// The SHA-256 digest of `data` as 64 lowercase hex digits, written into `out`.
#[inline]
pub fn sha256_hex(data: &[u8], out: &mut [u8; 64]) {
    super::hex::encode(&sha256(data), out);
}

/// Appends the 64 lowercase hex digits of SHA-256(`data`) to `out`.
#[inline]
pub fn push_sha256_hex(data: &[u8], out: &mut String) {
    let mut hex = [0u8; 64];
    sha256_hex(data, &mut hex);
    // Always ASCII; the check is a few word compares and keeps the crate free of `unsafe`.
    if let Ok(s) = std::str::from_utf8(&hex) {
        out.push_str(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audience::hex::is_sha256_hex;

    #[test]
    fn empty_string_digest() {
        let mut s = String::new();
        push_sha256_hex(b"", &mut s);
        assert_eq!(
            s,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert!(is_sha256_hex(&s));
        assert!(is_sha256_hex(&s.to_ascii_uppercase()));
        assert!(!is_sha256_hex(&s[1..]));
    }
}
