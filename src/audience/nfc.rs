//! Unicode NFC, behind one function so that a wasm build can swap in JavaScript's
//! `String.prototype.normalize("NFC")` (and drop the normalization tables) by replacing this
//! file's body. Everything else calls [`nfc`] only.

use std::borrow::Cow;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// `s` in Unicode Normalization Form C. Borrows when `s` is already NFC (always for ASCII).
pub fn nfc(s: &str) -> Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(s.nfc().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composes() {
        assert_eq!(nfc("jose\u{301}"), "jos\u{e9}");
        assert!(matches!(nfc("jos\u{e9}"), Cow::Borrowed(_)));
        assert!(matches!(nfc("plain"), Cow::Borrowed(_)));
        // Canonical singletons map too (U+212B ANGSTROM SIGN -> U+00C5).
        assert_eq!(nfc("\u{212B}"), "\u{C5}");
    }
}
