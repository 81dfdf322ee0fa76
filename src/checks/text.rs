//! The shape of free text: runs of digits, plain text (no markup), colours named in words (no hex
//! codes). Each reporter names its form in `params.pattern`.

use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::IssueKind;
use crate::report::Pointer;

/// Reported in `params.pattern` by [`plain_text`].
pub const PLAIN_TEXT_PATTERN: &str = "plain_text";
/// Reported in `params.pattern` by [`no_hex_color`].
pub const NO_HEX_COLOR_PATTERN: &str = "no_hex_color";
/// How many hex digits may follow a `#` in a colour code (`#rgb`, `#rgba`, `#rrggbb`,
/// `#rrggbbaa`).
pub const HASHED_HEX_COLOR_LENGTHS: [usize; 4] = [3, 4, 6, 8];
/// How many hex digits make a colour code without `#` (`FF0000`).
pub const BARE_HEX_COLOR_LENGTH: usize = 6;

/// The index of the first `needle` in `hay`: eight bytes at a time, for the long free texts
/// (descriptions) and the URL lists that rules search for one ASCII delimiter.
pub fn find_byte(hay: &[u8], needle: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let pattern = ONES * u64::from(needle);
    let mut i = 0;
    while let Some(Ok(chunk)) = hay.get(i..i + 8).map(<[u8; 8]>::try_from) {
        let x = u64::from_le_bytes(chunk) ^ pattern;
        // The lowest flagged byte is the first zero byte of `x` exactly (a borrow only flags
        // bytes above a zero byte).
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay.get(i..)?
        .iter()
        .position(|&c| c == needle)
        .map(|p| i + p)
}

/// `s` split at the first ASCII byte `sep` (as `str::split_once` with that character).
pub fn split_once_byte(s: &str, sep: u8) -> Option<(&str, &str)> {
    let i = find_byte(s.as_bytes(), sep)?;
    // `sep` is ASCII, so both sides of it are char boundaries.
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// The pieces of `s` between the ASCII byte `sep`, as `str::split` gives them (one more than
/// there are separators), found with [`find_byte`].
pub fn split_byte(s: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    std::iter::from_fn(move || {
        let r = rest?;
        match find_byte(r.as_bytes(), sep) {
            // `sep` is ASCII, so both sides of it are char boundaries.
            Some(i) => {
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Whether `s` is one or more ASCII digits (no sign, space or other digit script).
pub fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// "No hex codes": a `#` followed by 3, 4, 6 or 8 hex digits, or a bare word of exactly 6 hex
/// digits mixing letters and digits (like `FF0000`). Words are runs of ASCII letters and digits.
pub fn contains_hex_color(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let word = &b[start..i];
        if !word.iter().all(u8::is_ascii_hexdigit) {
            continue;
        }
        let hashed = start > 0 && b[start - 1] == b'#';
        let mixed = word.iter().any(u8::is_ascii_digit) && word.iter().any(u8::is_ascii_alphabetic);
        if (hashed && HASHED_HEX_COLOR_LENGTHS.contains(&word.len()))
            || (!hashed && word.len() == BARE_HEX_COLOR_LENGTH && mixed)
        {
            return true;
        }
    }
    false
}

/// "Plain text": the text holds nothing an HTML parser reads as markup, that is a `<` followed
/// by a letter (start tag), `/` and a letter (end tag), `!` (comment, doctype, CDATA) or `?`
/// (processing instruction), closed by a later `>`. Any other `<` (`a < b`, `<3`) is text.
pub fn contains_markup(s: &str) -> bool {
    // Each `<` opens a candidate that ends at the next `<`, so the text is read once.
    let mut rest = s.as_bytes();
    while let Some(lt) = find_byte(rest, b'<') {
        rest = &rest[lt + 1..];
        let end = find_byte(rest, b'<').unwrap_or(rest.len());
        let candidate = &rest[..end];
        let opens = match candidate {
            [b'!' | b'?', ..] => true,
            [b'/', c, ..] | [c, ..] => c.is_ascii_alphabetic(),
            [] => false,
        };
        if opens && candidate.contains(&b'>') {
            return true;
        }
    }
    false
}

/// Reports `invalid_format` at `path`: text not of the form `pattern` (a regular expression or
/// a name, reported in `params.pattern`; `message` says it in words). Every `invalid_format`
/// issue carries `params.pattern`.
pub fn invalid_format(ctx: &mut Ctx, path: &Pointer, message: &str, pattern: &str) {
    report(ctx, path, IssueKind::InvalidFormat { message, pattern });
}

/// Plain text; reports `invalid_format` when `s` holds markup (see [`contains_markup`]).
pub fn plain_text(ctx: &mut Ctx, path: &Pointer, s: &str) -> bool {
    let ok = !contains_markup(s);
    if !ok {
        let message = "must be plain text, without HTML or XML markup";
        invalid_format(ctx, path, message, PLAIN_TEXT_PATTERN);
    }
    ok
}

/// A colour named in words; reports `invalid_format` when `s` holds a hex colour code (see
/// [`contains_hex_color`]).
pub fn no_hex_color(ctx: &mut Ctx, path: &Pointer, s: &str) -> bool {
    let ok = !contains_hex_color(s);
    if !ok {
        let message = "must name the color in words, not as a hex code";
        invalid_format(ctx, path, message, NO_HEX_COLOR_PATTERN);
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_byte_finds_the_first() {
        for len in 0..40 {
            for at in 0..=len {
                for fill in [b'a', b'<' ^ 1, b'<' | 0x80, 0xff, 0x00] {
                    let mut hay = vec![fill; len];
                    if at < len {
                        hay[at] = b'<';
                        if at + 1 < len {
                            hay[at + 1] = b'<';
                        }
                    }
                    let want = hay.iter().position(|&c| c == b'<');
                    assert_eq!(find_byte(&hay, b'<'), want, "{len} {at} {fill:#x}");
                }
            }
        }
    }

    #[test]
    fn split_byte_splits_as_str_split_does() {
        for s in [
            "",
            ",",
            "a",
            "a,b",
            ",a,",
            "a,,b",
            "é,ü,",
            "https://x/a,https://y/b ,c",
        ] {
            let ours: Vec<&str> = split_byte(s, b',').collect();
            let std: Vec<&str> = s.split(',').collect();
            assert_eq!(ours, std, "{s:?}");
        }
    }

    #[test]
    fn digits() {
        for ok in ["0", "123", "00042"] {
            assert!(is_digits(ok), "{ok}");
        }
        for bad in ["", "-1", "+1", " 1", "1 ", "1.0", "１", "x"] {
            assert!(!is_digits(bad), "{bad:?}");
        }
    }

    #[test]
    fn hex_colors() {
        for hex in [
            "#FF0000",
            "#fff",
            "#ffff",
            "#00ff00aa",
            "Red (#F00)",
            "FF0000",
            "navy/1a2b3c",
        ] {
            assert!(contains_hex_color(hex), "{hex}");
        }
        for words in [
            "Red",
            "Facade",
            "Beige",
            "000000",
            "Blue #1",
            "#12345",
            "Grün",
            "#",
            "",
            "Dark blue/White",
        ] {
            assert!(!contains_hex_color(words), "{words}");
        }
    }

    #[test]
    fn markup() {
        for html in [
            "<p>Soft cotton</p>",
            "Soft<br/>cotton",
            "Soft <br /> cotton",
            "<a href=\"https://example.com\">see</a>",
            "<!-- note -->",
            "text </b>",
            "<b\nclass=x>",
            "x <b_c> y",
            "<?xml version=\"1.0\"?>",
        ] {
            assert!(contains_markup(html), "{html}");
        }
        for text in [
            "Plain text",
            "3 < 5 and 7 > 2",
            "<3 this > that",
            "a <b",
            "a << b >> c",
            "size <10cm> long? no: <10",
            "a </ b>",
            "<",
            ">",
            "",
        ] {
            assert!(!contains_markup(text), "{text}");
        }
    }
}
