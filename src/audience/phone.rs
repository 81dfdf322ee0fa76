//! `phone_number` (audience-identifiers.md): separators removed; `+` or `00` introduces the
//! country calling code (then a national prefix written in parentheses, `+44 (0) 20 ...`, is
//! dropped); otherwise the default country's international call prefix introduces one (`011` for
//! +1; where it starts with `00`, as `009` for +234, the reading that gives a possible number,
//! and an error when both do), or else its national (trunk) prefix is dropped (`1` for +1, `8`
//! for +7, `06` for +36, none for +39) and the default code prepended; digits that begin with
//! the default code itself are also read as that code written without `+` (`447911123456` with
//! 44), and when both readings give a possible number and differ, `ambiguous_country_code`
//! (`919876543210` with 91: never a guess). Valid when E.164
//! (`^\+[1-9][0-9]{6,14}$`), the calling code is assigned and the national number has a possible
//! length of one of the code's territories. Prefixes and lengths: libphonenumber's metadata, in
//! the table `phone_table.rs` that `scripts/phone-metadata.mjs` generates from the kept copy
//! `scripts/data/phone-metadata.tsv` ([`PHONE_METADATA`] names its version). Area codes (pattern
//! validity) are not checked: `+1 (123) 456-7890` hashes. Differences from libphonenumber
//! itself, each with its reason: `tests/node/phone-differential.test.mjs`.

// Generated: rustfmt leaves it as scripts/phone-metadata.mjs writes it (a test compares).
#[path = "phone_table.rs"]
#[rustfmt::skip]
mod table;

use super::{IdError, PhoneFormat};

pub use table::SOURCE as PHONE_METADATA;

/// E.164: at most 15 digits after the `+`, at least 7 (`^\+[1-9][0-9]{6,14}$`).
const E164_DIGITS: core::ops::RangeInclusive<usize> = 7..=15;

/// The most digits a valid number can be written with: 15 (E.164), after a 3-digit
/// international call prefix (`011`) and with a 2-digit national prefix in parentheses after
/// the calling code (`+36 (06) ...`). More is invalid whatever they are.
const MAX_DIGITS: usize = 3 + 15 + 2;

/// What the table says about one assigned calling code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Code {
    /// Bit `n - MIN_LENGTH`: `n` is a possible national number length.
    lengths: u16,
    /// The main territory's national (trunk) prefix; empty: none.
    national_prefix: &'static [u8],
    /// The main territory's international call prefix when a plain digit string other than `00`.
    international_prefix: &'static [u8],
}

impl Code {
    fn possible(self, national_len: usize) -> bool {
        national_len >= table::MIN_LENGTH
            && national_len - table::MIN_LENGTH < 16
            && self.lengths >> (national_len - table::MIN_LENGTH) & 1 == 1
    }
}

/// The assigned calling code at the start of `digits` (codes are prefix-free: at most one of
/// the 1-, 2- and 3-digit prefixes is assigned) and its length. One pass over the table; not
/// inlined (one copy).
#[inline(never)]
fn calling_code(digits: &[u8]) -> Option<(Code, usize)> {
    // The first 1, 2 and 3 digits as numbers (`u32::MAX`: not that many digits). A leading 0
    // gives values no code has (a 2-digit value below 10, a 3-digit one below 100).
    let mut prefix = [u32::MAX; 3];
    let mut value = 0u32;
    for (p, &d) in prefix.iter_mut().zip(digits) {
        value = value * 10 + u32::from(d - b'0');
        *p = value;
    }
    let mut code = 0u32;
    let entries = table::ENTRIES_LOW.iter().zip(table::ENTRIES_HIGH.iter());
    for (&step, (&low, &high)) in table::CODE_STEPS.iter().zip(entries) {
        code += u32::from(step);
        let entry = u16::from(low) | u16::from(high) << 8;
        let k = 1 + usize::from(code >= 10) + usize::from(code >= 100);
        if prefix.get(k - 1) == Some(&code) {
            let p = table::PREFIXES.get(usize::from(entry >> 12))?;
            let code = Code {
                lengths: entry & 0x0fff,
                national_prefix: p.get(1..1 + usize::from(p[0]))?,
                international_prefix: p.get(4..4 + usize::from(p[3]))?,
            };
            return Some((code, k));
        }
    }
    None
}

/// The entry of a `default_country_code` option, when it is the digits of an assigned country
/// calling code (1 to 3 ASCII digits, no `+`).
fn default_code(cc: &str) -> Option<(Code, usize)> {
    let b = cc.as_bytes();
    if !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    calling_code(b).filter(|&(_, k)| k == b.len())
}

/// Whether `cc` is a valid `default_country_code` option (see [`default_code`]).
pub(super) fn valid_country_code(cc: &str) -> bool {
    default_code(cc).is_some()
}

/// A calling code written as [`country_calling_code`] reads it, as its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallingCode {
    digits: [u8; 3],
    len: u8,
}

impl CallingCode {
    /// The digits, without `+` (`"44"`).
    pub fn as_str(&self) -> &str {
        let d = self.digits.get(..usize::from(self.len)).unwrap_or_default();
        core::str::from_utf8(d).unwrap_or_default()
    }
}

/// The calling code at index `i` of the table (its position in increasing order).
fn code_at(i: usize) -> Option<u32> {
    let steps = table::CODE_STEPS.get(..=i)?;
    Some(steps.iter().map(|&s| u32::from(s)).sum())
}

/// A country written as a calling code (`44`, `+44`, `0044`: an assigned one) or as an ISO
/// 3166-1 alpha-2 region of libphonenumber's metadata (`GB`, `gb`), trimmed: its calling code.
/// `None` for anything else (never a guess). A region reads as the code its territory shares
/// (`JE`, `GG`, `IM`: 44), with that code's main territory's prefixes, which are the region's own
/// in the metadata (tests/node/phone-table.test.mjs checks every region).
pub fn country_calling_code(text: &str) -> Option<CallingCode> {
    let t = super::trim(text).as_bytes();
    let digits = match t {
        [a, b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
            let name = [a.to_ascii_uppercase(), b.to_ascii_uppercase()];
            let at = table::REGIONS.chunks_exact(2).position(|r| r == name)?;
            let code = code_at(usize::from(*table::REGION_CODES.get(at)?))?;
            let mut digits = [0u8; 3];
            let mut len = 0;
            for (k, d) in [code / 100, code / 10 % 10, code % 10]
                .into_iter()
                .enumerate()
            {
                if d != 0 || len > 0 || k == 2 {
                    *digits.get_mut(len)? = b'0' + d as u8;
                    len += 1;
                }
            }
            return Some(CallingCode {
                digits,
                len: len as u8,
            });
        }
        _ => t
            .strip_prefix(b"+")
            .or_else(|| t.strip_prefix(b"00"))
            .unwrap_or(t),
    };
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    calling_code(digits).filter(|&(_, k)| k == digits.len())?;
    let mut out = [0u8; 3];
    out.get_mut(..digits.len())?.copy_from_slice(digits);
    Some(CallingCode {
        digits: out,
        len: digits.len() as u8,
    })
}

/// `(cc, national)` when `national` has a possible length for `code` and both make an E.164
/// number.
fn checked<'a>(code: Code, cc: &'a [u8], national: &'a [u8]) -> Option<(&'a [u8], &'a [u8])> {
    (code.possible(national.len()) && E164_DIGITS.contains(&(cc.len() + national.len())))
        .then_some((cc, national))
}

/// The calling code starting at `digits[start]` and the national number after it: a national
/// prefix alone in parentheses right after the code (`+44 (0) 20 ...`) is dropped. Bit i of
/// `opens` (`closes`): a `(` (`)`) came right before digit i.
fn international(
    digits: &[u8],
    start: usize,
    (opens, closes): (u32, u32),
) -> Option<(&[u8], &[u8])> {
    let rest = digits.get(start..).unwrap_or_default();
    let (code, k) = calling_code(rest)?;
    let (cc, mut national) = rest.split_at_checked(k).unwrap_or_default();
    let np = code.national_prefix;
    let at = start + k;
    if !np.is_empty()
        && national.starts_with(np)
        && opens >> at & 1 == 1
        && closes >> (at + np.len()) & 1 == 1
    {
        national = national.get(np.len()..).unwrap_or_default();
    }
    checked(code, cc, national)
}

/// Normalizes a trimmed, non-empty number into `buf`.
pub(super) fn normalize<'a>(
    t: &str,
    format: PhoneFormat,
    default_cc: Option<&str>,
    buf: &'a mut String,
) -> Result<&'a str, IdError> {
    let default = match default_cc {
        Some(cc) => Some(default_code(cc).ok_or(IdError::InvalidDefaultCountryCode)?),
        None => None,
    };
    // The digits, checking every byte first, and where parentheses are (see `international`).
    let mut digits = [0u8; MAX_DIGITS];
    let mut n = 0;
    let mut plus = false;
    let (mut opens, mut closes) = (0u32, 0u32);
    for &b in t.as_bytes() {
        match b {
            b'0'..=b'9' => {
                // Longer than E.164 with the longest prefixes: invalid whatever follows.
                *digits.get_mut(n).ok_or(IdError::InvalidPhoneNumber)? = b;
                n += 1;
            }
            b'(' => opens |= 1 << n,
            b')' => closes |= 1 << n,
            b' ' | b'-' | b'.' | b'/' => {}
            // A `+` counts only before the first digit (separators may precede it).
            b'+' if !plus && n == 0 => plus = true,
            _ => return Err(IdError::InvalidPhoneNumber),
        }
    }
    let digits = digits.get(..n).ok_or(IdError::InvalidPhoneNumber)?;
    let parens = (opens, closes);
    let idd = default
        .map(|(code, _)| code.international_prefix)
        .unwrap_or_default();
    let by_idd = !plus && !idd.is_empty() && digits.starts_with(idd);
    let by_00 = !plus && digits.starts_with(b"00");
    let (cc, national) = if plus {
        international(digits, 0, parens)
    } else if by_idd || by_00 {
        // `00` or the default country's international prefix (`011` for +1) introduces a
        // calling code. Where that prefix starts with `00` (`009` for +234, `001` for +976) and
        // both readings give a possible number, which one was meant is unknown: refused.
        let a = by_idd
            .then(|| international(digits, idd.len(), parens))
            .flatten();
        let b = by_00.then(|| international(digits, 2, parens)).flatten();
        a.xor(b)
    } else {
        let (code, k) = default.ok_or(IdError::MissingCountryCode)?;
        let cc = default_cc.map(str::as_bytes).unwrap_or_default();
        let cc = cc.get(..k).unwrap_or_default();
        // (b) A national number: its national (trunk) prefix dropped, the default code prepended.
        let national = digits.strip_prefix(code.national_prefix).unwrap_or(digits);
        let as_national = checked(code, cc, national);
        // (a) The default code written without `+` (`447911123456` with 44): the rest is the
        // national number. Where both readings are possible and differ, which one was meant is
        // unknown: refused, never guessed. For +1 (trunk prefix 1) both are the same number.
        let after_code = digits
            .strip_prefix(cc)
            .and_then(|rest| checked(code, cc, rest));
        match (after_code, as_national) {
            (Some(a), Some(b)) if a != b => return Err(IdError::AmbiguousCountryCode),
            (a, b) => a.or(b),
        }
    }
    .ok_or(IdError::InvalidPhoneNumber)?;
    buf.clear();
    if format == PhoneFormat::E164 {
        buf.push('+');
    }
    for &d in cc.iter().chain(national) {
        buf.push(char::from(d));
    }
    Ok(buf.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str, cc: Option<&str>) -> Result<String, IdError> {
        let mut buf = String::new();
        normalize(s, PhoneFormat::E164, cc, &mut buf).map(str::to_owned)
    }

    #[test]
    fn spec_vectors() {
        let ok = |s: &str, cc: Option<&str>, want: &str| {
            assert_eq!(n(s, cc).as_deref(), Ok(want), "{s:?} {cc:?}")
        };
        ok("+44 20 7183 8750", None, "+442071838750");
        ok("0044 20 7183 8750", None, "+442071838750");
        ok("(657) 777-0000", Some("1"), "+16577770000");
        ok("1-415-555-0123", Some("1"), "+14155550123");
        ok("8 (495) 123-45-67", Some("7"), "+74951234567");
        ok("06 4567 8901", Some("39"), "+390645678901");
        ok("+44 (0) 20 7183 8750", None, "+442071838750");
        ok("+1 (123) 456-7890", None, "+11234567890");
        ok("447911123456", Some("44"), "+447911123456");
        assert_eq!(
            n("919876543210", Some("91")),
            Err(IdError::AmbiguousCountryCode)
        );
        assert_eq!(n("(657) 777-0000", None), Err(IdError::MissingCountryCode));
        assert_eq!(n("+1-800-FLOWERS", None), Err(IdError::InvalidPhoneNumber));
    }

    #[test]
    fn countries_as_codes_and_regions() {
        let cc = |s: &str| country_calling_code(s).map(|c| c.as_str().to_owned());
        for (text, want) in [
            ("44", "44"),
            ("+44", "44"),
            ("0044", "44"),
            (" GB ", "44"),
            ("gb", "44"),
            ("Je", "44"),
            ("US", "1"),
            ("CA", "1"),
            ("IN", "91"),
            ("+1", "1"),
            ("001", "1"),
            ("AX", "358"),
            ("\u{FEFF}de\r", "49"),
        ] {
            assert_eq!(cc(text).as_deref(), Some(want), "{text:?}");
        }
        for bad in [
            "", " ", "+", "00", "0", "044", "28", "+28", "4 4", "4444", "UK", "G", "GBR", "++44",
            "+0044", "XX", "é1", "+4", "0028",
        ] {
            assert_eq!(cc(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn prefixes_of_the_default_country() {
        let ok = |s: &str, cc: &str, want: &str| {
            assert_eq!(n(s, Some(cc)).as_deref(), Ok(want), "{s:?} {cc}")
        };
        // International call prefixes: a calling code follows.
        ok("011 44 20 7183 8750", "1", "+442071838750");
        ok("810 44 20 7183 8750", "7", "+442071838750");
        ok("010 44 20 7183 8750", "81", "+442071838750");
        ok("011 44 (0) 20 7183 8750", "1", "+442071838750");
        // `00` whatever the default country; where the default's prefix starts with `00` too,
        // the reading that gives a possible number, and none when both do.
        ok("0044 20 7183 8750", "1", "+442071838750");
        ok("009 44 20 7183 8750", "234", "+442071838750");
        ok("0090 441 1152", "234", "+904411152");
        ok("000 44 20 7183 8750", "254", "+442071838750");
        ok("0044 20 7183 8750", "238", "+442071838750");
        ok("0 44 20 7183 8750", "238", "+442071838750");
        for (ambiguous, cc) in [("0091 80 1234 5678", "234"), ("001 49 30 123456", "976")] {
            assert_eq!(n(ambiguous, Some(cc)), Err(IdError::InvalidPhoneNumber));
        }
        // National prefixes: 0, 06 (Hungary), none (Italy, Spain keep a leading digit).
        ok("020 7183 8750", "44", "+442071838750");
        ok("(0)20-7183.8750", "44", "+442071838750");
        ok("06 1 234 5678", "36", "+3612345678");
        ok("1 234 5678", "36", "+3612345678");
        ok("030 1234567", "49", "+49301234567");
        ok("912 345 678", "34", "+34912345678");
        ok("+39 06 4567 8901", "1", "+390645678901");
        ok("+39 (0)6 4567 8901", "1", "+390645678901");
        ok("8 800 555 35 35", "7", "+78005553535");
        ok("+7 (8) 495 123-45-67", "1", "+74951234567");
        // The longest prefixes around a 15-digit number (`MAX_DIGITS`).
        ok("011 49 (0) 1234 5678 901 23", "1", "+491234567890123");
        assert_eq!(
            n("011 49 (0) 1234 5678 901 234", Some("1")),
            Err(IdError::InvalidPhoneNumber)
        );
        // The trunk prefix is dropped even when that leaves an impossible length: an error.
        assert_eq!(
            n("123-456-7890", Some("1")),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(
            n("800 555 35 35", Some("7")),
            Err(IdError::InvalidPhoneNumber)
        );
        // Not in parentheses, or not right after the code: kept (then the length decides).
        assert_eq!(
            n("+44 020 7183 8750", None),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(
            n("+44 (020) 7183 8750", None),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(
            n("+44 20 (0)7183 8750", None),
            Err(IdError::InvalidPhoneNumber)
        );
        // An international prefix followed by no assigned code.
        assert_eq!(
            n("011 28 1234 5678", Some("1")),
            Err(IdError::InvalidPhoneNumber)
        );
    }

    /// Digits that begin with the default calling code: read with that code written without
    /// `+` (a) and as a national number (b). Every accepted number here is also what
    /// libphonenumber (google-libphonenumber 3.2.47, parsing with the default territory) makes of
    /// it; every refusal is one where both readings have a possible length (the table's) and
    /// libphonenumber picks one by its validity patterns.
    #[test]
    fn calling_code_without_plus() {
        use IdError::{AmbiguousCountryCode as Ambiguous, InvalidPhoneNumber as Invalid};
        let ok = |s: &str, cc: &str, want: &str| {
            assert_eq!(n(s, Some(cc)).as_deref(), Ok(want), "{s:?} {cc}")
        };
        let err = |s: &str, cc: &str, e: IdError| assert_eq!(n(s, Some(cc)), Err(e), "{s:?} {cc}");
        // The spec's vectors: (a) only (+44: 12 digits are no national length); both.
        ok("447911123456", "44", "+447911123456");
        ok("44 7911 123456", "44", "+447911123456");
        err("919876543210", "91", Ambiguous);
        err("91 98765 43210", "91", Ambiguous);
        // (a) only: the whole is too long a national number.
        ok("7 495 123 45 67", "7", "+74951234567");
        ok("3612345678", "36", "+3612345678");
        ok("33612345678", "33", "+33612345678");
        ok("34912345678", "34", "+34912345678");
        ok("61412345678", "61", "+61412345678");
        // E.164 caps (b): 49 and 13 digits is a 15-digit national number of DE's metadata, but
        // +49 and 15 digits has 17.
        ok("491234567890123", "49", "+491234567890123");
        // (b) only: what follows the code has no possible length (+7: 10 or 14).
        ok("7 1234 5678 9012 3", "7", "+771234567890123");
        // +1: the trunk prefix is the calling code, both readings are the same number.
        ok("14155550123", "1", "+14155550123");
        ok("1 (415) 555-0123", "1", "+14155550123");
        // Both possible and different: refused, whichever libphonenumber's patterns pick. A
        // 10-digit Indian number starting 91 (8 digits after the code are possible too), Italy
        // without a trunk prefix, +31/+49/+81/+61 with national numbers of many lengths.
        for (s, cc) in [
            ("9198765432", "91"),
            ("39 06 4567 8901", "39"),
            ("3921234567", "39"),
            ("3161234567", "31"),
            ("31612345678", "31"),
            ("4930123456", "49"),
            ("441234567", "44"),
            ("819012345678", "81"),
            ("610412345678", "61"),
        ] {
            err(s, cc, Ambiguous);
        }
        // Neither reading possible: invalid as before (+34: 9 digits only; the code alone). (a)
        // takes the rest as written: a trunk prefix after the code is not dropped (`7 8 495
        // ...`: 11 digits after 7, 12 in all; `44 0 7911 ...`: 11 after 44). Only digits that
        // begin with the code itself: a trunk prefix before it makes a national number (06 36 1
        // 234 5678 is +36 and 10 digits: impossible).
        for (s, cc) in [
            ("3491234567", "34"),
            ("44", "44"),
            ("44 123", "44"),
            ("1", "1"),
            ("7 8 495 123 45 67", "7"),
            ("44 0 7911 123456", "44"),
            ("06 36 1 234 5678", "36"),
            ("919876543210", "44"),
        ] {
            err(s, cc, Invalid);
        }
        ok("06 1 234 5678", "36", "+3612345678");
        ok("8 495 123 45 67", "7", "+74951234567");
        ok("98765 43210", "91", "+919876543210");
        // Not with `+`, `00` or the default country's international prefix: a calling code
        // follows those whatever the default.
        ok("+91 98765 43210", "91", "+919876543210");
        ok("0091 98765 43210", "91", "+919876543210");
        ok("011 44 7911 123456", "1", "+447911123456");
        ok("810 7 495 123 45 67", "7", "+74951234567");
        ok("010 81 90 1234 5678", "81", "+819012345678");
        // The digits format changes the output only: the same reading, no `+`.
        let digits = |s: &str, cc: &str| {
            let mut buf = String::new();
            normalize(s, PhoneFormat::Digits, Some(cc), &mut buf).map(str::to_owned)
        };
        assert_eq!(digits("447911123456", "44").as_deref(), Ok("447911123456"));
        assert_eq!(
            digits("+91 98765 43210", "91").as_deref(),
            Ok("919876543210")
        );
        assert_eq!(digits("919876543210", "91"), Err(Ambiguous));
    }

    #[test]
    fn lengths_and_codes() {
        // Possible lengths of +1 (NANP): 10, and 7 (Canada's metadata has 7-digit numbers).
        assert_eq!(n("+1 415 555 0123", None).as_deref(), Ok("+14155550123"));
        assert_eq!(n("+1 310 4567", None).as_deref(), Ok("+13104567"));
        for bad in ["+1 415 555 012", "+1 415 555 01234", "+1234567890123456"] {
            assert_eq!(n(bad, None), Err(IdError::InvalidPhoneNumber), "{bad:?}");
        }
        // +44 shares its lengths with GG, IM and JE: 7, 9 and 10.
        assert_eq!(n("+44 1481 123456", None).as_deref(), Ok("+441481123456"));
        assert_eq!(n("+44 20 7183 87", None), Err(IdError::InvalidPhoneNumber));
        // Unassigned codes (+28, +42, +999), a code alone, `+0`.
        for bad in [
            "+28 1234 5678",
            "+42 123 456 789",
            "+999 1234 5678",
            "+44",
            "+0 617 555 1212",
        ] {
            assert_eq!(n(bad, None), Err(IdError::InvalidPhoneNumber), "{bad:?}");
        }
        // E.164 caps a national length the metadata allows: DE has 15, +49 leaves 13.
        assert_eq!(
            n("+49 1234567890123", None).as_deref(),
            Ok("+491234567890123")
        );
        assert_eq!(
            n("+49 12345678901234", None),
            Err(IdError::InvalidPhoneNumber)
        );
        // Non-geographic codes (+800).
        assert_eq!(n("+800 1234 5678", None).as_deref(), Ok("+80012345678"));
    }

    #[test]
    fn characters() {
        for bad in [
            "+1 617 555 1212 x12",
            "+1 617 555 1212;3",
            "+1 617\u{A0}555 1212",
            "++16175551212",
            "1+6175551212",
            "+",
            "+１６１７５５５１２１２",
            "+1 617 555 1212 ext 3",
            "+44 20 7183 8750 1234567890",
        ] {
            assert_eq!(
                n(bad, Some("1")),
                Err(IdError::InvalidPhoneNumber),
                "{bad:?}"
            );
        }
        assert_eq!(n("--", Some("1")), Err(IdError::InvalidPhoneNumber));
        assert_eq!(
            n("(+44) 20/7183.8750", None).as_deref(),
            Ok("+442071838750")
        );
        assert_eq!(
            n("(+44) (0) 20 7183 8750", None).as_deref(),
            Ok("+442071838750")
        );
        let mut buf = String::new();
        assert_eq!(
            normalize("+44 20 7183 8750", PhoneFormat::Digits, None, &mut buf),
            Ok("442071838750")
        );
    }

    #[test]
    fn country_codes() {
        for ok in ["1", "7", "44", "358", "800", "998"] {
            assert!(valid_country_code(ok), "{ok}");
        }
        // Not digits, too long, a leading 0, or not an assigned code (+28, +999, 44 + 4).
        for bad in [
            "", "0", "044", "1234", "+1", "1a", "\u{661}", "28", "999", "441", "10",
        ] {
            assert!(!valid_country_code(bad), "{bad:?}");
            assert_eq!(n("123", Some(bad)), Err(IdError::InvalidDefaultCountryCode));
        }
    }

    /// Random strings of digits, separators, `+` and a letter, with several default codes
    /// (prefixes 011, 810, 009, 0, trunk 06; 91 and 39, whose numbers often begin with their
    /// code): never a panic; every result is E.164, starts with an assigned code and
    /// normalizes to itself.
    #[test]
    fn random_inputs() {
        const ALPHABET: &[u8] = b"00001123456789 -.()/++x";
        let mut seed: u64 = 0x005e_ed0f_9a11;
        let mut buf = String::new();
        let mut accepted = 0;
        for i in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 24) as usize;
            let t: String = (0..len)
                .map(|k| {
                    let at = (seed >> (k % 8 * 8)) as usize + k * 7;
                    char::from(ALPHABET[at % ALPHABET.len()])
                })
                .collect();
            let cc = [
                None,
                Some("1"),
                Some("7"),
                Some("234"),
                Some("238"),
                Some("36"),
                Some("91"),
                Some("39"),
            ][i % 8];
            let Ok(out) = normalize(&t, PhoneFormat::E164, cc, &mut buf).map(str::to_owned) else {
                continue;
            };
            accepted += 1;
            let digits = &out.as_bytes()[1..];
            assert!(
                out.starts_with('+') && (7..=15).contains(&digits.len()),
                "{t:?} {out}"
            );
            assert!(digits.iter().all(u8::is_ascii_digit), "{t:?} {out}");
            assert!(calling_code(digits).is_some(), "{t:?} {out}");
            assert_eq!(n(&out, None).as_deref(), Ok(out.as_str()), "{t:?}");
        }
        assert!(accepted > 1_000, "{accepted}");
    }

    #[test]
    fn table_reads_the_metadata() {
        // Rows of scripts/data/phone-metadata.tsv (the kept copy), read through the table.
        let code = |cc: &str| calling_code(cc.as_bytes()).expect("assigned").0;
        assert_eq!(code("1").national_prefix, b"1");
        assert_eq!(code("1").international_prefix, b"011");
        assert_eq!(code("1").lengths, 1 << 3 | 1 << 6);
        assert_eq!(code("7").national_prefix, b"8");
        assert_eq!(code("7").international_prefix, b"810");
        assert_eq!(code("36").national_prefix, b"06");
        assert_eq!(code("39").national_prefix, b"");
        assert_eq!(code("44").international_prefix, b"");
        assert_eq!(code("998").lengths, 1 << 5);
        assert_eq!(calling_code(b"4420").map(|(_, k)| k), Some(2));
        assert_eq!(calling_code(b"35891").map(|(_, k)| k), Some(3));
        for none in [&b""[..], b"0", b"01", b"001", b"28", b"999", b"42"] {
            assert_eq!(calling_code(none), None, "{none:?}");
        }
        assert_eq!(
            table::CODE_STEPS.iter().map(|&s| u32::from(s)).sum::<u32>(),
            998
        );
    }
}
