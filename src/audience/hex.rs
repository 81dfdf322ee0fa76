//! SHA-256 and lowercase hexadecimal output, written straight into the caller's buffer.

/// The lowercase hex digit of a nibble (0 to 15), without a branch or a table.
#[inline(always)]
fn digit(n: u8) -> u8 {
    // 9 - n wraps (high bit set) exactly when n > 9; then add 'a' - '0' - 10 = 39.
    n + b'0' + ((9u8.wrapping_sub(n) >> 7) * 39)
}

/// Writes the 64 lowercase hex digits of a 32-byte digest into `out`. Written as two plain
/// loops (digits, then interleave) so the compiler vectorizes both.
#[inline]
pub fn encode(digest: &[u8; 32], out: &mut [u8; 64]) {
    let mut hi = [0u8; 32];
    let mut lo = [0u8; 32];
    for i in 0..32 {
        hi[i] = digit(digest[i] >> 4);
        lo[i] = digit(digest[i] & 15);
    }
    for i in 0..32 {
        out[2 * i] = hi[i];
        out[2 * i + 1] = lo[i];
    }
}

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

/// The SHA-256 digest of `data` as 64 lowercase hex digits, written into `out`.
#[inline]
pub fn sha256_hex(data: &[u8], out: &mut [u8; 64]) {
    encode(&sha256(data), out);
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

/// Whether `s` is exactly 64 ASCII hex digits (either case).
#[inline]
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn encodes_every_byte_value() {
        for start in (0..256).step_by(32) {
            let mut digest = [0u8; 32];
            for (i, d) in digest.iter_mut().enumerate() {
                *d = (start + i) as u8;
            }
            let mut out = [0u8; 64];
            encode(&digest, &mut out);
            let want: String = digest.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(&out[..], want.as_bytes());
        }
    }

    #[test]
    fn encodes_ends() {
        let mut digest = [0u8; 32];
        digest[0] = 0x0f;
        digest[1] = 0xa0;
        digest[31] = 0xff;
        let mut out = [0u8; 64];
        encode(&digest, &mut out);
        assert_eq!(&out[..4], b"0fa0");
        assert_eq!(&out[62..], b"ff");
    }
}
