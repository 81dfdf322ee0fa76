//! `handle`: one leading `@` or `＠` (U+FF20) removed, ASCII lowercase, `^[a-z0-9_]{1,20}$`.

use super::IdError;

pub(super) fn normalize<'a>(t: &'a str, buf: &'a mut String) -> Result<&'a str, IdError> {
    let h = t
        .strip_prefix('@')
        .or_else(|| t.strip_prefix('\u{FF20}'))
        .unwrap_or(t);
    let b = h.as_bytes();
    if b.is_empty() || b.len() > 20 || !b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_') {
        return Err(IdError::InvalidHandle);
    }
    if !b.iter().any(u8::is_ascii_uppercase) {
        return Ok(h);
    }
    buf.clear();
    buf.push_str(h);
    buf.make_ascii_lowercase();
    Ok(buf.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles() {
        let mut buf = String::new();
        assert_eq!(normalize("@AdsAPI", &mut buf), Ok("adsapi"));
        assert_eq!(normalize("\u{FF20}jack_1", &mut buf), Ok("jack_1"));
        assert_eq!(normalize("x", &mut buf), Ok("x"));
        assert_eq!(
            normalize("a2345678901234567890", &mut buf).map(str::len),
            Ok(20)
        );
        for bad in [
            "@@jack",
            "@",
            "a23456789012345678901",
            "jack.x",
            "j\u{e9}",
            "@\u{FF20}x",
        ] {
            assert_eq!(
                normalize(bad, &mut buf),
                Err(IdError::InvalidHandle),
                "{bad:?}"
            );
        }
    }
}
