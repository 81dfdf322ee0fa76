//! `phone_number` (audience-identifiers.md): separators removed; `+` or `00` introduces the
//! country calling code (then a national prefix written in parentheses, `+44 (0) 20 ...`, is
//! dropped); otherwise the default country's international call prefix (`011` for +1) introduces
//! one, or else its national (trunk) prefix is dropped (`1` for +1, `8` for +7, `06` for +36, none
//! for +39) and the default code prepended. Valid when E.164 (`^\+[1-9][0-9]{6,14}$`), the calling
//! code is assigned and the national number has a possible length of one of the code's
//! territories. Prefixes and lengths: libphonenumber's metadata, in the table
//! `phone_table.rs` that `scripts/phone-metadata.mjs` generates from the kept copy
//! `scripts/data/phone-metadata.tsv` ([`PHONE_METADATA`] names its version). Area codes (pattern
//! validity) are not checked: `+1 (123) 456-7890` hashes.

#[path = "phone_table.rs"]
mod table;

use super::{IdError, PhoneFormat};

pub use table::SOURCE as PHONE_METADATA;

/// E.164: at most 15 digits after the `+`, at least 7 (`^\+[1-9][0-9]{6,14}$`).
const E164_DIGITS: core::ops::RangeInclusive<usize> = 7..=15;

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

/// The table's entry for calling code `cc`, if assigned.
fn lookup(cc: u32) -> Option<Code> {
    let mut code = 0u32;
    for (&step, &entry) in table::CODE_STEPS.iter().zip(table::ENTRIES.iter()) {
        code += u32::from(step);
        if code >= cc {
            let &(national_prefix, international_prefix) =
                table::PREFIXES.get(usize::from(entry >> 12))?;
            return (code == cc).then_some(Code {
                lengths: entry & 0x0fff,
                national_prefix,
                international_prefix,
            });
        }
    }
    None
}

/// The assigned calling code at the start of `digits` (codes are prefix-free) and its length.
fn calling_code(digits: &[u8]) -> Option<(Code, usize)> {
    if digits.first() == Some(&b'0') {
        return None;
    }
    let mut cc = 0u32;
    for (k, &d) in digits.iter().take(3).enumerate() {
        cc = cc * 10 + u32::from(d - b'0');
        if let Some(code) = lookup(cc) {
            return Some((code, k + 1));
        }
    }
    None
}

/// Whether `cc` is a valid `default_country_code` option: the digits of an assigned country
/// calling code (1 to 3 ASCII digits, no `+`).
pub(super) fn valid_country_code(cc: &str) -> bool {
    let b = cc.as_bytes();
    b.iter().all(u8::is_ascii_digit) && calling_code(b).is_some_and(|(_, k)| k == b.len())
}

/// The most parenthesized groups remembered (only a group right after the calling code, at most
/// 5 digits in, matters: `00` and 3 digits).
const GROUPS: usize = 4;

/// Normalizes a trimmed, non-empty number into `buf`.
pub(super) fn normalize<'a>(
    t: &str,
    format: PhoneFormat,
    default_cc: Option<&str>,
    buf: &'a mut String,
) -> Result<&'a str, IdError> {
    let default = match default_cc {
        Some(cc) if !valid_country_code(cc) => return Err(IdError::InvalidDefaultCountryCode),
        Some(cc) => calling_code(cc.as_bytes()),
        None => None,
    };
    // The digits, checking every byte first, and where parenthesized digit groups start and end.
    let mut digits = [0u8; 17];
    let mut n = 0;
    let mut plus = false;
    let mut open = None;
    let mut groups = [(u8::MAX, 0u8); GROUPS];
    let mut g = 0;
    for &b in t.as_bytes() {
        match b {
            b'0'..=b'9' => {
                // Longer than E.164 with any prefix: invalid whatever follows.
                *digits.get_mut(n).ok_or(IdError::InvalidPhoneNumber)? = b;
                n += 1;
            }
            b'(' => open = Some(n),
            b')' => {
                if let (Some(start), Some(slot)) = (open.take(), groups.get_mut(g)) {
                    *slot = (start as u8, n as u8);
                    g += 1;
                }
            }
            b' ' | b'-' | b'.' | b'/' => {}
            // A `+` counts only before the first digit (separators may precede it).
            b'+' if !plus && n == 0 => plus = true,
            _ => return Err(IdError::InvalidPhoneNumber),
        }
    }
    let digits = digits.get(..n).ok_or(IdError::InvalidPhoneNumber)?;
    // Where the calling code starts (`None`: the national number of the default country).
    let start = if plus {
        Some(0)
    } else if digits.starts_with(b"00") {
        Some(2)
    } else {
        let (code, _) = default.ok_or(IdError::MissingCountryCode)?;
        let idd = code.international_prefix;
        (!idd.is_empty() && digits.starts_with(idd)).then_some(idd.len())
    };
    let (code, cc, national) = match start {
        Some(start) => {
            let rest = digits.get(start..).unwrap_or_default();
            let (code, k) = calling_code(rest).ok_or(IdError::InvalidPhoneNumber)?;
            let (cc, mut national) = rest.split_at_checked(k).unwrap_or_default();
            // `+44 (0) 20 ...`: the national prefix alone in parentheses right after the code.
            let np = code.national_prefix;
            let at = start + k;
            if !np.is_empty()
                && national.starts_with(np)
                && groups.contains(&(at as u8, (at + np.len()) as u8))
            {
                national = national.get(np.len()..).unwrap_or_default();
            }
            (code, cc, national)
        }
        None => {
            let (code, k) = default.ok_or(IdError::MissingCountryCode)?;
            let cc = default_cc.map(str::as_bytes).unwrap_or_default();
            let national = digits.strip_prefix(code.national_prefix).unwrap_or(digits);
            (code, cc.get(..k).unwrap_or_default(), national)
        }
    };
    if !code.possible(national.len()) || !E164_DIGITS.contains(&(cc.len() + national.len())) {
        return Err(IdError::InvalidPhoneNumber);
    }
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
        assert_eq!(n("(657) 777-0000", None), Err(IdError::MissingCountryCode));
        assert_eq!(n("+1-800-FLOWERS", None), Err(IdError::InvalidPhoneNumber));
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
        // `00` whatever the default country.
        ok("0044 20 7183 8750", "1", "+442071838750");
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
            n("+44 20 (0)7183 8750", None),
            Err(IdError::InvalidPhoneNumber)
        );
        // An international prefix followed by no assigned code.
        assert_eq!(
            n("011 28 1234 5678", Some("1")),
            Err(IdError::InvalidPhoneNumber)
        );
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

    #[test]
    fn table_reads_the_metadata() {
        // Rows of scripts/data/phone-metadata.tsv (the kept copy), read through the table.
        let code = |cc| lookup(cc).expect("assigned");
        assert_eq!(code(1).national_prefix, b"1");
        assert_eq!(code(1).international_prefix, b"011");
        assert_eq!(code(1).lengths, 1 << 3 | 1 << 6);
        assert_eq!(code(7).national_prefix, b"8");
        assert_eq!(code(7).international_prefix, b"810");
        assert_eq!(code(36).national_prefix, b"06");
        assert_eq!(code(39).national_prefix, b"");
        assert_eq!(code(44).international_prefix, b"");
        assert_eq!(code(998).lengths, 1 << 5);
        assert_eq!(lookup(0), None);
        assert_eq!(lookup(999), None);
        assert_eq!(lookup(1000), None);
        assert_eq!(
            table::CODE_STEPS.iter().map(|&s| u32::from(s)).sum::<u32>(),
            998
        );
    }
}
