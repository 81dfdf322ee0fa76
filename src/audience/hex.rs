//! Lowercase hexadecimal output of a SHA-256 digest, written straight into the caller's buffer,
//! and the check that a text is one.

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

/// Whether `s` is exactly 64 ASCII hex digits (either case).
#[inline]
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

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
