//! Trimming (spec "Common steps" 1): Unicode `White_Space` and U+FEFF are removed from both ends.
//!
//! Rust's [`str::trim`] keeps U+FEFF (it is not `White_Space`), and JavaScript's `String.prototype.trim`
//! drops U+FEFF but keeps U+0085 (NEL, which is `White_Space`). This function is the one both the
//! native and the wasm builds use, so they agree.

/// Whether `c` is removed by [`trim`]: `White_Space` (what [`char::is_whitespace`] tests) or U+FEFF.
#[inline]
pub fn is_trimmed_char(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// Removes Unicode `White_Space` and U+FEFF (byte-order mark) from both ends of `s`.
#[inline]
pub fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        // Printable ASCII at both ends (the common case): nothing to remove.
        (Some(&first), Some(&last)) if is_plain(first) && is_plain(last) => s,
        _ => s.trim_matches(is_trimmed_char),
    }
}

/// ASCII bytes from `!` to `~` and DEL: never trimmed, never the start of a multibyte character.
#[inline]
fn is_plain(b: u8) -> bool {
    (0x21..0x80).contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_white_space_and_bom() {
        assert_eq!(trim("  a b \t"), "a b");
        assert_eq!(trim("\u{FEFF}alice@example.com\r\n"), "alice@example.com");
        assert_eq!(trim("\u{85}\u{A0}\u{3000}x\u{2029}\u{FEFF}"), "x");
        assert_eq!(trim("\u{FEFF}\u{FEFF} "), "");
        assert_eq!(trim(""), "");
        // Inside characters are kept; other format characters are not trimmed.
        assert_eq!(trim(" a\u{FEFF}b "), "a\u{FEFF}b");
        assert_eq!(trim("\u{200B}x"), "\u{200B}x");
        // Control characters that are not White_Space stay.
        assert_eq!(trim("\u{1}x\u{1F}"), "\u{1}x\u{1F}");
        assert_eq!(trim("\u{B}x\u{C}"), "x");
    }
}
