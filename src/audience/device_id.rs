//! `device_id`: ASCII lowercase; a UUID (`8-4-4-4-12` hex, dashes re-inserted when the 32 digits
//! come without them) or a 16-hex-digit Android ID. The all-zero UUID is
//! [`IdError::LimitedAdTracking`].

use super::IdError;

const DASHES: [usize; 4] = [8, 13, 18, 23];

pub(super) fn normalize<'a>(t: &'a str, buf: &'a mut String) -> Result<&'a str, IdError> {
    let b = t.as_bytes();
    let uuid = match b.len() {
        16 if b.iter().all(u8::is_ascii_hexdigit) => false,
        32 if b.iter().all(u8::is_ascii_hexdigit) => true,
        36 if b.iter().enumerate().all(|(i, &c)| {
            if DASHES.contains(&i) {
                c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        }) =>
        {
            true
        }
        _ => return Err(IdError::InvalidDeviceId),
    };
    if uuid && b.iter().all(|&c| c == b'0' || c == b'-') {
        return Err(IdError::LimitedAdTracking);
    }
    if b.len() != 32 && !b.iter().any(u8::is_ascii_uppercase) {
        return Ok(t);
    }
    buf.clear();
    for (i, c) in t.chars().enumerate() {
        if b.len() == 32 && matches!(i, 8 | 12 | 16 | 20) {
            buf.push('-');
        }
        buf.push(c.to_ascii_lowercase());
    }
    Ok(buf.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let mut buf = String::new();
        let want = "4b61639e-47cc-4056-a16a-c8217e029462";
        assert_eq!(
            normalize("4B61639E-47CC-4056-A16A-C8217E029462", &mut buf),
            Ok(want)
        );
        assert_eq!(
            normalize("4b61639e47cc4056a16ac8217e029462", &mut buf),
            Ok(want)
        );
        assert_eq!(normalize(want, &mut buf), Ok(want));
        assert_eq!(
            normalize("AF3802A465767E36", &mut buf),
            Ok("af3802a465767e36")
        );
        assert_eq!(
            normalize("0000000000000000", &mut buf),
            Ok("0000000000000000")
        );
        for zero in [
            "00000000-0000-0000-0000-000000000000",
            "00000000000000000000000000000000",
        ] {
            assert_eq!(normalize(zero, &mut buf), Err(IdError::LimitedAdTracking));
        }
        for bad in [
            "4b61639e-47cc-4056-a16a-c8217e02946",
            "4b61639e-47cc-4056-a16ac-8217e029462",
            "{4b61639e-47cc-4056-a16a-c8217e029462}",
            "4b61639e47cc4056a16ac8217e02946g",
            "af3802a465767e3",
            "\u{e9}f3802a465767e3",
        ] {
            assert_eq!(
                normalize(bad, &mut buf),
                Err(IdError::InvalidDeviceId),
                "{bad:?}"
            );
        }
    }
}
