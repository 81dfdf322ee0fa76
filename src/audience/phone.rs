//! `phone_number`: separators removed, `+` or `00` for the country calling code, else the
//! default country code after dropping one trunk `0`; E.164 `^\+[1-9][0-9]{6,14}$`.

use super::{IdError, PhoneFormat};

/// Whether `cc` is a valid `default_country_code` option: 1 to 3 ASCII digits, not starting
/// with 0 (country calling codes never do).
pub(super) fn valid_country_code(cc: &str) -> bool {
    let b = cc.as_bytes();
    (1..=3).contains(&b.len()) && b[0] != b'0' && b.iter().all(u8::is_ascii_digit)
}

/// Normalizes a trimmed, non-empty number into `buf`.
pub(super) fn normalize<'a>(
    t: &str,
    format: PhoneFormat,
    default_cc: Option<&str>,
    buf: &'a mut String,
) -> Result<&'a str, IdError> {
    if let Some(cc) = default_cc {
        if !valid_country_code(cc) {
            return Err(IdError::InvalidDefaultCountryCode);
        }
    }
    // The digits, checking every byte first.
    buf.clear();
    let mut plus = false;
    for &b in t.as_bytes() {
        match b {
            b'0'..=b'9' => buf.push(char::from(b)),
            b' ' | b'-' | b'.' | b'(' | b')' | b'/' => {}
            // A `+` counts only before the first digit (separators may precede it).
            b'+' if !plus && buf.is_empty() => plus = true,
            _ => return Err(IdError::InvalidPhoneNumber),
        }
    }
    let digits = buf.as_bytes();
    let (cc, national): (&[u8], &[u8]) = if plus {
        (b"", digits)
    } else if let Some(rest) = digits.strip_prefix(b"00") {
        (b"", rest)
    } else {
        let cc = default_cc.ok_or(IdError::MissingCountryCode)?;
        // One trunk `0` dropped.
        (cc.as_bytes(), digits.strip_prefix(b"0").unwrap_or(digits))
    };
    // E.164: 7 to 15 digits after the `+`, the first not 0.
    let len = cc.len() + national.len();
    if !(7..=15).contains(&len) || cc.first().or(national.first()) == Some(&b'0') {
        return Err(IdError::InvalidPhoneNumber);
    }
    let sign: &[u8] = match format {
        PhoneFormat::E164 => b"+",
        PhoneFormat::Digits => b"",
    };
    let mut out = [0u8; 16];
    for (o, &d) in out.iter_mut().zip(sign.iter().chain(cc).chain(national)) {
        *o = d;
    }
    buf.clear();
    for &d in out.iter().take(sign.len() + len) {
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
    fn numbers() {
        assert_eq!(n("+44 20 7183 8750", None).as_deref(), Ok("+442071838750"));
        assert_eq!(n("0044 20 7183 8750", None).as_deref(), Ok("+442071838750"));
        assert_eq!(
            n("0044 20 7183 8750", Some("1")).as_deref(),
            Ok("+442071838750")
        );
        assert_eq!(
            n("(+44) 20/7183.8750", None).as_deref(),
            Ok("+442071838750")
        );
        assert_eq!(n("(657) 777-0000", None), Err(IdError::MissingCountryCode));
        assert_eq!(
            n("(657) 777-0000", Some("1")).as_deref(),
            Ok("+16577770000")
        );
        assert_eq!(
            n("020 7183 8750", Some("44")).as_deref(),
            Ok("+442071838750")
        );
        assert_eq!(n("+1-800-FLOWERS", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(
            n("+1 617 555 1212 x12", None),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(
            n("+1 617\u{A0}555 1212", None),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(n("++16175551212", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(n("1+6175551212", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(n("+0161755512", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(n("+123456", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(n("+1234567", None).as_deref(), Ok("+1234567"));
        assert_eq!(
            n("+123456789012345", None).as_deref(),
            Ok("+123456789012345")
        );
        assert_eq!(
            n("+1234567890123456", None),
            Err(IdError::InvalidPhoneNumber)
        );
        assert_eq!(n("+", None), Err(IdError::InvalidPhoneNumber));
        assert_eq!(n("--", Some("1")), Err(IdError::InvalidPhoneNumber));
        assert_eq!(
            n("123", Some("01")),
            Err(IdError::InvalidDefaultCountryCode)
        );
        assert_eq!(
            n("+123", Some("1234")),
            Err(IdError::InvalidDefaultCountryCode)
        );
        let mut buf = String::new();
        assert_eq!(
            normalize("+44 20 7183 8750", PhoneFormat::Digits, None, &mut buf),
            Ok("442071838750")
        );
    }

    #[test]
    fn country_codes() {
        for ok in ["1", "44", "358"] {
            assert!(valid_country_code(ok));
        }
        for bad in ["", "0", "044", "1234", "+1", "1a", "\u{661}"] {
            assert!(!valid_country_code(bad), "{bad:?}");
        }
    }

    /// The algorithm as first written (string edits on `+digits`), kept as the reference for the
    /// rewrite that builds the output in one pass.
    fn by_edits(t: &str, format: PhoneFormat, cc: Option<&str>) -> Result<String, IdError> {
        if cc.is_some_and(|cc| !valid_country_code(cc)) {
            return Err(IdError::InvalidDefaultCountryCode);
        }
        let mut buf = String::from("+");
        let mut plus = false;
        for &b in t.as_bytes() {
            match b {
                b'0'..=b'9' => buf.push(char::from(b)),
                b' ' | b'-' | b'.' | b'(' | b')' | b'/' => {}
                b'+' if !plus && buf.len() == 1 => plus = true,
                _ => return Err(IdError::InvalidPhoneNumber),
            }
        }
        if !plus {
            if buf.as_bytes().get(1..3) == Some(b"00") {
                buf.replace_range(1..3, "");
            } else {
                let cc = cc.ok_or(IdError::MissingCountryCode)?;
                if buf.as_bytes().get(1) == Some(&b'0') {
                    buf.remove(1);
                }
                buf.insert_str(1, cc);
            }
        }
        let b = buf.as_bytes();
        if !(8..=16).contains(&b.len()) || b[1] == b'0' {
            return Err(IdError::InvalidPhoneNumber);
        }
        Ok(match format {
            PhoneFormat::E164 => buf,
            PhoneFormat::Digits => buf[1..].to_owned(),
        })
    }

    #[test]
    fn same_as_by_edits() {
        const ALPHABET: &[u8] = b"0000123456789 -.()/++x";
        let mut seed: u64 = 0x005e_ed0f_9a11;
        let mut buf = String::new();
        let mut accepted = 0;
        for i in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 22) as usize;
            let t: String = (0..len)
                .map(|k| {
                    char::from(ALPHABET[((seed >> (k % 8 * 8)) as usize + k * 7) % ALPHABET.len()])
                })
                .collect();
            let cc = [None, Some("1"), Some("44"), Some("358"), Some("0")][i % 5];
            for format in [PhoneFormat::E164, PhoneFormat::Digits] {
                let got = normalize(&t, format, cc, &mut buf).map(str::to_owned);
                assert_eq!(got, by_edits(&t, format, cc), "{t:?} {cc:?}");
                accepted += usize::from(got.is_ok());
            }
        }
        assert!(accepted > 10_000, "{accepted}");
    }
}
