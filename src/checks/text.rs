//! The shape of free text: runs of digits, plain text (no markup), colours named in words (no hex
//! codes). Each reporter names its form in `params.pattern`.

use crate::ctx::Ctx;
use crate::report::{Code, Pointer};
use serde_json::json;

/// Reported in `params.pattern` by [`plain_text`].
pub const PLAIN_TEXT_PATTERN: &str = "plain_text";
/// Reported in `params.pattern` by [`no_hex_color`].
pub const NO_HEX_COLOR_PATTERN: &str = "no_hex_color";
/// How many hex digits may follow a `#` in a colour code (`#rgb`, `#rgba`, `#rrggbb`,
/// `#rrggbbaa`).
pub const HASHED_HEX_COLOR_LENGTHS: [usize; 4] = [3, 4, 6, 8];
/// How many hex digits make a colour code without `#` (`FF0000`).
pub const BARE_HEX_COLOR_LENGTH: usize = 6;

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
    while let Some(lt) = rest.iter().position(|&c| c == b'<') {
        rest = &rest[lt + 1..];
        let end = rest.iter().position(|&c| c == b'<').unwrap_or(rest.len());
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
    ctx.error(
        path,
        Code::InvalidFormat,
        message,
        json!({"pattern": pattern}),
    );
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
