//! `email`: NFC, Unicode lowercase of the whole address; exactly one `@`, non-empty local part and
//! domain, no whitespace inside; after normalization the local part is at most
//! [`MAX_EMAIL_LOCAL_BYTES`] and the address at most [`MAX_EMAIL_BYTES`] bytes of UTF-8 (RFC 5321).
//! Dots, `+tags` and provider aliases are kept as they are.
//!
//! The checks, in this order (the first that fails is the error):
//! 1. the trimmed value is longer than [`MAX_EMAIL_INPUT_BYTES`]: `email_too_long`, before
//!    normalizing (no normalization of any text that long can come down to [`MAX_EMAIL_BYTES`],
//!    see the constant, so this is the answer the next step would give, found without the cost
//!    of normalizing: NFC in a JavaScript engine is quadratic in a run of combining marks);
//! 2. the value holds a code point unassigned in Unicode 15.1 ([`super::UNICODE_VERSION`]) that
//!    a later version normalizes or lowercases, or `Σ` beside a character whose case properties
//!    changed after 15.1: `unsupported_character`,
//!    before any Unicode table is read (src/audience/unicode.rs);
//! 3. the normalized address is longer than [`MAX_EMAIL_BYTES`]: `email_too_long`;
//! 4. not exactly one `@`, an empty local part or domain, whitespace inside: `invalid_email`;
//! 5. the local part (before the `@`) is longer than [`MAX_EMAIL_LOCAL_BYTES`]:
//!    `email_local_part_too_long`.

use super::case::to_lowercase;
use super::nfc::nfc;
use super::IdError;

/// The longest local part (the text before the `@`), in UTF-8 bytes after normalization: RFC 5321
/// §4.5.3.1.1 (64 octets).
pub const MAX_EMAIL_LOCAL_BYTES: usize = 64;

/// The longest address, in UTF-8 bytes after normalization: RFC 5321 §4.5.3.1.3 allows a path of
/// 256 octets, angle brackets included, which leaves 254 for the address.
pub const MAX_EMAIL_BYTES: usize = 254;

/// The longest trimmed value that is normalized at all, in bytes; a longer one is
/// `email_too_long` at once, in every build.
///
/// Why no longer value can normalize to [`MAX_EMAIL_BYTES`] or fewer: write `D(x)` for the full
/// canonical decomposition of a character `x`, and `w(d)`, for a character `d`, for the most
/// UTF-8 bytes of a character whose decomposition is `d` alone (`d` itself, or a singleton such
/// as U+212A KELVIN SIGN, 3 bytes, for `K`, 1 byte). Then, for a trimmed value `s`:
/// - `bytes(x) <= sum of w(d) over D(x)` for every character `x` (by the definition of `w` when
///   `D(x)` is one character; checked for every other character);
/// - NFC(s) is canonically equivalent to `s`, so `D` of both is the same text (the same
///   characters, reordered only), and summing the line above over `s`:
///   `bytes(s) <= sum of W(c) over the characters c of NFC(s)`, with `W(c) = sum of w(d) over D(c)`;
/// - lowercase maps every character to one or more characters, each on its own (the one rule
///   that looks at neighbours, Final_Sigma, only picks between `σ` and `ς`, both 2 bytes), so
///   `bytes(lowercase(NFC(s))) = sum of bytes(lowercase(c)) over the characters c of NFC(s)`;
/// - for every character `c`, `W(c) * MAX_EMAIL_BYTES <= MAX_EMAIL_INPUT_BYTES *
///   bytes(lowercase(c))` (checked for every character; the largest ratio `W(c) /
///   bytes(lowercase(c))` is 3.5: U+1FBE GREEK PROSGEGRAMMENI, whose decomposition is `ι`, and
///   two combining marks, 7 bytes, compose into `ΐ`, 2 bytes; three conjoining jamo compose into
///   one Hangul syllable, 9 bytes into 3).
///
/// Hence `bytes(s) <= MAX_EMAIL_INPUT_BYTES / MAX_EMAIL_BYTES * bytes(normalized)`: a value
/// longer than `MAX_EMAIL_INPUT_BYTES` normalizes to more than `MAX_EMAIL_BYTES`. The test
/// `input_bound_holds_for_every_character` checks the two per-character facts against the
/// Unicode tables of this build. (Canonical decompositions never change once a character is
/// encoded, and the characters these tables know but Unicode 15.1 does not that decompose are
/// refused anyway.)
pub const MAX_EMAIL_INPUT_BYTES: usize = 1024;

/// The longest ASCII address lowercased on the stack: every address the ASCII path accepts (at
/// most [`MAX_EMAIL_BYTES`]); longer ones are only scanned, then refused.
pub(super) const STACK_BYTES: usize = 256;

// The ASCII path returns every accepted address from the stack buffer.
const _: () = assert!(MAX_EMAIL_BYTES <= STACK_BYTES);

/// Stack room for [`normalize_bytes`]: [`STACK_BYTES`] plus one word of padding.
pub(super) type Stack = [u8; STACK_BYTES + 8];

/// Normalizes a trimmed, non-empty address into UTF-8 bytes: on `stack` for ASCII input
/// (lowercased eight bytes at a time while checking), else in `buf`. The checks and their order
/// are in the module docs.
#[inline]
pub(super) fn normalize_bytes<'a>(
    t: &'a str,
    stack: &'a mut Stack,
    buf: &'a mut String,
) -> Result<&'a [u8], IdError> {
    let b = t.as_bytes();
    if b.len() > MAX_EMAIL_INPUT_BYTES {
        return Err(IdError::EmailTooLong);
    }
    let Some(scan) = scan_ascii(b, stack) else {
        return normalize_unicode(t, buf).map(str::as_bytes);
    };
    // ASCII: the lowercase has the input's length.
    if b.len() > MAX_EMAIL_BYTES {
        return Err(IdError::EmailTooLong);
    }
    if scan.space || scan.ats != 1 || b.first() == Some(&b'@') || b.last() == Some(&b'@') {
        return Err(IdError::InvalidEmail);
    }
    // The one `@` is at index `local part length`: within the first 65 bytes, or too far.
    if b.len() > MAX_EMAIL_LOCAL_BYTES + 2 && !b[..=MAX_EMAIL_LOCAL_BYTES].contains(&b'@') {
        return Err(IdError::EmailLocalPartTooLong);
    }
    // `MAX_EMAIL_BYTES <= STACK_BYTES`: the lowercase is on the stack.
    Ok(stack.get(..b.len()).unwrap_or(b))
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
    // Before any Unicode table is read: the answer must not depend on their version.
    if super::unicode::unsupported(t) {
        return Err(IdError::UnsupportedCharacter);
    }
    let lower = to_lowercase(&nfc(t)?)?;
    if lower.len() > MAX_EMAIL_BYTES {
        return Err(IdError::EmailTooLong);
    }
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
    if b.iter().position(|&c| c == b'@') > Some(MAX_EMAIL_LOCAL_BYTES) {
        return Err(IdError::EmailLocalPartTooLong);
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
        // Up to the longest address, on both sides of the one-word tail.
        for len in (MAX_EMAIL_BYTES - 9)..=MAX_EMAIL_BYTES {
            let domain = "D".repeat(len - 61);
            let raw = format!("{}@{domain}", "Ab".repeat(30));
            assert_eq!(raw.len(), len);
            assert_eq!(n(&raw), Ok(raw.to_ascii_lowercase()));
            let lower = raw.to_ascii_lowercase();
            assert_eq!(n(&lower), Ok(lower.clone()));
            assert_eq!(n(&format!("@{lower}")).ok(), None);
            assert_eq!(n(&format!("{lower}@")).ok(), None);
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

    #[test]
    fn rfc_5321_lengths_after_normalization() {
        let local = |n: usize| "l".repeat(n);
        let domain = |n: usize| format!("{}.com", "d".repeat(n - 4));
        // ASCII: the exact bounds, with the local part and the whole address.
        assert!(n(&format!("{}@{}", local(64), domain(189))).is_ok_and(|a| a.len() == 254));
        assert_eq!(
            n(&format!("{}@{}", local(65), domain(10))),
            Err(IdError::EmailLocalPartTooLong)
        );
        assert_eq!(
            n(&format!("{}@{}", local(64), domain(190))),
            Err(IdError::EmailTooLong)
        );
        assert_eq!(
            n(&format!("{}@{}", local(10), domain(244))),
            Err(IdError::EmailTooLong)
        );
        // Length comes first, then the shape, then the local part.
        assert_eq!(n(&format!("{} @x", local(300))), Err(IdError::EmailTooLong));
        assert_eq!(n(&local(255)), Err(IdError::EmailTooLong));
        assert_eq!(n(&format!("{} @x", local(100))), Err(IdError::InvalidEmail));
        assert_eq!(n(&local(100)), Err(IdError::InvalidEmail));
        // Counted after normalization, in UTF-8 bytes: `é` is two, and an `e` with a combining
        // acute (three bytes) composes into it; U+212A KELVIN SIGN (three bytes) becomes `k`.
        assert!(n(&format!("{}@x", "\u{e9}".repeat(32))).is_ok());
        assert_eq!(
            n(&format!("{}a@x", "\u{e9}".repeat(32))),
            Err(IdError::EmailLocalPartTooLong)
        );
        // These need NFC (composition; the Kelvin sign is a singleton decomposition): without the
        // tables and a normalizer they are `normalization_unavailable` (tests/no_tables.rs).
        #[cfg(feature = "nfc-tables")]
        {
            assert!(n(&format!("{}@x", "e\u{301}".repeat(32))).is_ok_and(|a| a.len() == 66));
            assert!(n(&format!("{}@x", "\u{212a}".repeat(64))).is_ok_and(|a| a.len() == 66));
            assert_eq!(
                n(&format!("{}@{}", "\u{212a}".repeat(65), domain(10))),
                Err(IdError::EmailLocalPartTooLong)
            );
            // 1,024 bytes that normalize to 254 or fewer are not refused early... (none exist: the
            // input bound); 1,025 bytes are refused before normalizing, whatever they hold.
            let kelvins = format!("a@{}", "\u{212a}".repeat(84));
            assert_eq!(kelvins.len(), 254);
            assert!(n(&kelvins).is_ok_and(|a| a.len() == 86));
        }
        for over in [
            format!("a@{}", "x".repeat(MAX_EMAIL_INPUT_BYTES - 1)),
            format!("a@x{}", "\u{301}".repeat(512)),
            "\u{212a}".repeat(342),
        ] {
            assert!(over.len() > MAX_EMAIL_INPUT_BYTES);
            assert_eq!(n(&over), Err(IdError::EmailTooLong), "{}", over.len());
        }
        for e in [IdError::EmailTooLong, IdError::EmailLocalPartTooLong] {
            let limit = match e {
                IdError::EmailTooLong => MAX_EMAIL_BYTES,
                _ => MAX_EMAIL_LOCAL_BYTES,
            };
            assert!(e.message().contains(&format!(" {limit} bytes")), "{e}");
        }
    }

    /// The two per-character facts [`MAX_EMAIL_INPUT_BYTES`] rests on, for every character of
    /// the Unicode tables of this build.
    #[cfg(feature = "nfc-tables")]
    #[test]
    fn input_bound_holds_for_every_character() {
        use unicode_normalization::char::decompose_canonical;
        let all = || (0..=0x10FFFFu32).filter_map(char::from_u32);
        let decomposition = |c: char| {
            let mut d = Vec::new();
            decompose_canonical(c, |x| d.push(x));
            d
        };
        // w(d): the most bytes of a character whose whole decomposition is `d`.
        let mut w = vec![0usize; 0x110000];
        for c in all() {
            w[c as usize] = w[c as usize].max(c.len_utf8());
            if let [d] = decomposition(c)[..] {
                w[d as usize] = w[d as usize].max(c.len_utf8());
            }
        }
        let weight = |c: char| {
            decomposition(c)
                .iter()
                .map(|&d| w[d as usize])
                .sum::<usize>()
        };
        let mut worst = (0usize, 1usize);
        for c in all() {
            let big = weight(c);
            assert!(c.len_utf8() <= big, "U+{:04X}", c as u32);
            let lower: usize = c.to_lowercase().map(char::len_utf8).sum();
            assert!(
                big * MAX_EMAIL_BYTES <= MAX_EMAIL_INPUT_BYTES * lower,
                "U+{:04X}: {big} bytes can compose into {lower}",
                c as u32
            );
            if big * worst.1 > worst.0 * lower {
                worst = (big, lower);
            }
        }
        // The largest ratio is 3.5 (documented at the constant), for instance U+0390 (2 bytes)
        // from U+1FBE U+0308 U+0301 (7). Three conjoining jamo (9 bytes) compose into one Hangul
        // syllable (3), the Kelvin sign (3) becomes `k` (1).
        assert_eq!(2 * worst.0, 7 * worst.1, "{worst:?}");
        assert_eq!(weight('\u{390}'), 7);
        assert_eq!(weight('\u{D55C}'), 9);
        assert_eq!(weight('K'), 3);
    }
}
