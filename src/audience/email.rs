//! `email`: NFC, Unicode lowercase of the whole address; exactly one `@`, non-empty local part and
//! domain, no whitespace inside. Dots, `+tags` and provider aliases are kept as they are.

use super::case::to_lowercase;
use super::nfc::nfc;
use super::IdError;

/// The longest ASCII address lowercased on the stack (longer ones use the heap buffer).
pub(super) const STACK_BYTES: usize = 256;

/// Stack room for [`normalize_bytes`]: [`STACK_BYTES`] plus one word of padding.
pub(super) type Stack = [u8; STACK_BYTES + 8];

/// Normalizes a trimmed, non-empty address into UTF-8 bytes: on `stack` for short ASCII input
/// (lowercased eight bytes at a time while checking), else in `buf`.
#[inline]
pub(super) fn normalize_bytes<'a>(
    t: &'a str,
    stack: &'a mut Stack,
    buf: &'a mut String,
) -> Result<&'a [u8], IdError> {
    let b = t.as_bytes();
    let Some(scan) = scan_ascii(b, stack) else {
        return normalize_unicode(t, buf).map(str::as_bytes);
    };
    if scan.space || scan.ats != 1 || b.first() == Some(&b'@') || b.last() == Some(&b'@') {
        return Err(IdError::InvalidEmail);
    }
    if b.len() <= STACK_BYTES {
        return Ok(stack.get(..b.len()).unwrap_or(b));
    }
    if !scan.upper {
        return Ok(b);
    }
    buf.clear();
    buf.push_str(t);
    buf.make_ascii_lowercase();
    Ok(buf.as_bytes())
}

/// What the ASCII fast path needs to know about an address.
#[derive(Debug, PartialEq, Eq)]
struct Scan {
    /// The number of `@`.
    ats: u32,
    /// Any ASCII `White_Space` (tab, line feed, vertical tab, form feed, carriage return, space).
    space: bool,
    /// Any `A`-`Z`.
    upper: bool,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// High bit set in every byte of `w` equal to `c` (exact when every byte of `w` is ASCII).
#[inline(always)]
fn eq_bytes(w: u64, c: u8) -> u64 {
    let x = w ^ (ONES * u64::from(c));
    !(((x & !HIGHS).wrapping_add(!HIGHS)) | x) & HIGHS
}

/// High bit set in every byte of `w` within `lo..=hi` (exact when every byte is ASCII).
#[inline(always)]
fn in_range(w: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = w.wrapping_add(ONES * u64::from(0x80 - lo));
    let above_hi = w.wrapping_add(ONES * u64::from(0x7f - hi));
    at_least_lo & !above_hi & HIGHS
}

/// The last bytes of an address (fewer than eight) as a little-endian word, padded with `a`, a
/// byte that is none of the kinds [`scan_ascii`] looks for. Byte by byte in a register: a copy
/// of variable length into a buffer becomes a `memory.copy`, which wasm engines run as a call
/// out of the generated code.
#[inline(always)]
fn tail(rest: &[u8]) -> u64 {
    let mut w = ONES * u64::from(b'a');
    for (i, &b) in rest.iter().enumerate() {
        let shift = 8 * i;
        w = (w & !(0xff << shift)) | (u64::from(b) << shift);
    }
    w
}

/// Scans eight bytes at a time and, when `b` fits, writes its ASCII lowercase into `stack`;
/// `None` when `b` is not all ASCII.
#[inline]
fn scan_ascii(b: &[u8], stack: &mut Stack) -> Option<Scan> {
    let mut high = 0u64;
    // Per-lane counts of `@`, summed at the end.
    let mut ats = 0u64;
    let mut space = 0u64;
    let mut upper = 0u64;
    let mut word = |w: u64| {
        high |= w & HIGHS;
        ats = ats.wrapping_add(eq_bytes(w, b'@') >> 7);
        space |= in_range(w, b'\t', b'\r') | eq_bytes(w, b' ');
        let up = in_range(w, b'A', b'Z');
        upper |= up;
        // 'A'..='Z' + 0x20 = 'a'..='z': the lane's high bit shifted to 0x20.
        (w | (up >> 2)).to_le_bytes()
    };
    let mut chunks = b.chunks_exact(8);
    if b.len() <= STACK_BYTES {
        let mut out = stack.chunks_exact_mut(8);
        for (chunk, dst) in (&mut chunks).zip(&mut out) {
            dst.copy_from_slice(&word(
                <[u8; 8]>::try_from(chunk).map_or(0, u64::from_le_bytes),
            ));
        }
        let lowered = word(tail(chunks.remainder()));
        if let Some(dst) = out.next() {
            dst.copy_from_slice(&lowered);
        }
    } else {
        for chunk in &mut chunks {
            word(<[u8; 8]>::try_from(chunk).map_or(0, u64::from_le_bytes));
        }
        word(tail(chunks.remainder()));
    }
    // The multiply sums the lanes into the top byte, exact while the total is below 256.
    let ats = if b.len() < 256 {
        (ats.wrapping_mul(ONES) >> 56) as u32
    } else {
        u32::try_from(b.iter().filter(|&&c| c == b'@').count()).unwrap_or(u32::MAX)
    };
    (high == 0).then_some(Scan {
        ats,
        space: space != 0,
        upper: upper != 0,
    })
}

fn normalize_unicode<'a>(t: &str, buf: &'a mut String) -> Result<&'a str, IdError> {
    let lower = to_lowercase(&nfc(t)?)?;
    // Exactly one `@`, neither first nor last: a non-empty local part and domain (as the ASCII
    // path checks it; bytes, since `@` is ASCII).
    let b = lower.as_bytes();
    let valid = b.iter().filter(|&&c| c == b'@').count() == 1
        && b.first() != Some(&b'@')
        && b.last() != Some(&b'@')
        && !lower.chars().any(char::is_whitespace);
    if !valid {
        return Err(IdError::InvalidEmail);
    }
    *buf = lower;
    Ok(buf.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(t: &str) -> Result<String, IdError> {
        let mut stack = [0u8; STACK_BYTES + 8];
        let mut buf = String::new();
        let b = normalize_bytes(t, &mut stack, &mut buf)?;
        Ok(String::from_utf8_lossy(b).into_owned())
    }

    #[test]
    fn scan_matches_bytewise() {
        for b in 0u8..=0xff {
            for len in 1..20 {
                for at in 0..len {
                    let mut v = vec![b'x'; len];
                    v[at] = b;
                    if len > 3 {
                        v[len - 1] = b'@';
                    }
                    let want = (v.is_ascii()).then(|| Scan {
                        ats: v.iter().filter(|&&c| c == b'@').count() as u32,
                        space: v.iter().any(|&c| matches!(c, b'\t'..=b'\r' | b' ')),
                        upper: v.iter().any(u8::is_ascii_uppercase),
                    });
                    let mut stack = [0u8; STACK_BYTES + 8];
                    assert_eq!(scan_ascii(&v, &mut stack), want, "{v:?}");
                    if want.is_some() {
                        assert_eq!(&stack[..len], &v.to_ascii_lowercase()[..]);
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_and_unicode() {
        assert_eq!(n("A@B.c").as_deref(), Ok("a@b.c"));
        assert_eq!(n("a@b").as_deref(), Ok("a@b"));
        assert_eq!(n("ÉMILE@EXAMPLE.FR").as_deref(), Ok("émile@example.fr"));
        #[cfg(feature = "nfc-tables")]
        assert_eq!(n("jose\u{301}@x.com").as_deref(), Ok("jos\u{e9}@x.com"));
        // Past the stack buffer: the same result from the heap path.
        for len in [STACK_BYTES - 1, STACK_BYTES, STACK_BYTES + 1, 1000] {
            let raw = format!("{}@X.com", "Ab".repeat(len / 2));
            assert_eq!(n(&raw), Ok(raw.to_ascii_lowercase()));
            let lower = raw.to_ascii_lowercase();
            assert_eq!(n(&lower), Ok(lower.clone()));
            assert_eq!(n(&format!("@{lower}")), Err(IdError::InvalidEmail));
            assert_eq!(n(&format!("{lower}@")), Err(IdError::InvalidEmail));
            assert_eq!(n(&format!("a{lower} ")), Err(IdError::InvalidEmail));
        }
        for bad in [
            "@b",
            "a@",
            "a@@b",
            "a@b@c",
            "ab",
            "a b@c",
            "a@b\tc",
            "é@",
            "é b@c",
            "é@b\u{3000}c",
        ] {
            let got = n(bad);
            // Without the tables text outside the stable ranges needs the (unregistered) NFC.
            #[cfg(not(feature = "nfc-tables"))]
            if got == Err(IdError::NormalizationUnavailable) {
                continue;
            }
            assert_eq!(got, Err(IdError::InvalidEmail), "{bad:?}");
        }
    }
}
