//! Unicode normalization (NFC for email addresses, NFKC for the host names of webhook URLs),
//! behind two functions so that a build can do without the normalization tables.
//!
//! With the `nfc-tables` feature (the default) the `unicode-normalization` crate does the work,
//! in Rust. Without it (the wasm binding: the tables are most of a small browser download, and
//! every JavaScript engine already ships them as `String.prototype.normalize`) the embedder
//! registers a [`Normalizer`] once with [`set_normalizer`]. Either way text that is already
//! normalized never leaves Rust: ASCII always, and without the tables also any text made only of
//! characters in [`STABLE_RANGES`], characters that nothing composes with.
//!
//! Without the tables and before [`set_normalizer`] is called, text that needs the normalizer is
//! returned unchanged (not normalized): an embedder that turns `nfc-tables` off must register one
//! before hashing or validating (the wasm binding does so when its module starts).

use std::borrow::Cow;

/// A Unicode normalization form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Canonical composition (NFC).
    Nfc,
    /// Compatibility composition (NFKC).
    Nfkc,
}

impl Form {
    /// The form's name as `String.prototype.normalize` takes it: `"NFC"` or `"NFKC"`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Nfc => "NFC",
            Form::Nfkc => "NFKC",
        }
    }
}

/// An embedder's normalization: `s` in normalization form `form`, in full.
pub type Normalizer = fn(s: &str, form: Form) -> String;

/// `s` in Unicode Normalization Form C. Borrows when `s` is already NFC (always for ASCII).
pub fn nfc(s: &str) -> Cow<'_, str> {
    normalize(s, Form::Nfc)
}

/// `s` in Unicode Normalization Form KC. Borrows when `s` is ASCII (which NFKC leaves as it is).
pub fn nfkc(s: &str) -> Cow<'_, str> {
    normalize(s, Form::Nfkc)
}

#[cfg(feature = "nfc-tables")]
fn normalize(s: &str, form: Form) -> Cow<'_, str> {
    use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    match form {
        Form::Nfc if is_nfc_quick(s.chars()) == IsNormalized::Yes => Cow::Borrowed(s),
        Form::Nfc => Cow::Owned(s.nfc().collect()),
        Form::Nfkc => Cow::Owned(s.nfkc().collect()),
    }
}

/// Registers the normalization used when the crate is built without `nfc-tables`. Only the
/// first call counts; returns whether this call's `f` is the one in use. With `nfc-tables` the
/// crate's own tables are always used and this does nothing (returns `false`).
#[cfg(feature = "nfc-tables")]
pub fn set_normalizer(f: Normalizer) -> bool {
    let _ = f;
    false
}

#[cfg(not(feature = "nfc-tables"))]
static NORMALIZER: std::sync::OnceLock<Normalizer> = std::sync::OnceLock::new();

/// Registers the normalization used when the crate is built without `nfc-tables`. Only the
/// first call counts; returns whether this call's `f` is the one in use. With `nfc-tables` the
/// crate's own tables are always used and this does nothing (returns `false`).
#[cfg(not(feature = "nfc-tables"))]
pub fn set_normalizer(f: Normalizer) -> bool {
    NORMALIZER.set(f).is_ok()
}

#[cfg(not(feature = "nfc-tables"))]
fn normalize(s: &str, form: Form) -> Cow<'_, str> {
    if s.is_ascii() || (form == Form::Nfc && s.chars().all(is_stable)) {
        return Cow::Borrowed(s);
    }
    match NORMALIZER.get() {
        Some(f) => {
            let out = f(s, form);
            if out == s {
                Cow::Borrowed(s)
            } else {
                Cow::Owned(out)
            }
        }
        None => Cow::Borrowed(s),
    }
}

/// Ranges of characters that are NFC on their own (NFC_Quick_Check=Yes) and have canonical
/// combining class 0, so that no canonical composition involves them as the second character
/// (those are exactly the NFC_Quick_Check=Maybe characters): any text made only of them is
/// already NFC. Latin up to the combining diacritics (U+0300), Greek letters, Cyrillic up to its
/// combining marks, CJK unified ideographs and precomposed Hangul syllables. A test checks every
/// character of every range against the `unicode-normalization` tables.
#[cfg(any(test, not(feature = "nfc-tables")))]
const STABLE_RANGES: [(char, char); 5] = [
    ('\u{0}', '\u{2FF}'),
    ('\u{388}', '\u{3CE}'),
    ('\u{400}', '\u{482}'),
    ('\u{4E00}', '\u{9FFF}'),
    ('\u{AC00}', '\u{D7A3}'),
];

/// Whether `c` is in one of the [`STABLE_RANGES`].
#[cfg(any(test, not(feature = "nfc-tables")))]
fn is_stable(c: char) -> bool {
    STABLE_RANGES.iter().any(|&(lo, hi)| lo <= c && c <= hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "nfc-tables")]
    #[test]
    fn composes() {
        assert_eq!(nfc("jose\u{301}"), "jos\u{e9}");
        assert!(matches!(nfc("jos\u{e9}"), Cow::Borrowed(_)));
        assert!(matches!(nfc("plain"), Cow::Borrowed(_)));
        // Canonical singletons map too (U+212B ANGSTROM SIGN -> U+00C5).
        assert_eq!(nfc("\u{212B}"), "\u{C5}");
        // Hangul: conjoining jamo compose into the syllable.
        assert_eq!(nfc("\u{1112}\u{1161}\u{11AB}"), "\u{D55C}");
        // NFKC folds compatibility characters; NFC keeps them.
        assert_eq!(nfkc("\u{FF4C}\u{FF4F}\u{2460}"), "lo1");
        assert_eq!(nfc("\u{FF4C}"), "\u{FF4C}");
        assert!(matches!(nfkc("localhost"), Cow::Borrowed(_)));
    }

    #[cfg(feature = "nfc-tables")]
    #[test]
    fn stable_ranges_are_nfc_and_never_compose() {
        use unicode_normalization::char::canonical_combining_class;
        use unicode_normalization::{is_nfc_quick, IsNormalized};
        let mut checked = 0u32;
        for &(lo, hi) in &STABLE_RANGES {
            for c in lo..=hi {
                assert_eq!(
                    is_nfc_quick(std::iter::once(c)),
                    IsNormalized::Yes,
                    "U+{:04X} is not NFC_Quick_Check=Yes",
                    u32::from(c)
                );
                assert_eq!(canonical_combining_class(c), 0, "U+{:04X}", u32::from(c));
                checked += 1;
            }
        }
        assert!(checked > 30_000, "{checked}");
        // Just outside: a combining mark, a Greek character with a singleton decomposition.
        assert!(!is_stable('\u{301}'));
        assert!(!is_stable('\u{387}'));
        assert!(!is_stable('\u{11A8}'));
    }

    #[cfg(not(feature = "nfc-tables"))]
    #[test]
    fn hook() {
        fn upper(s: &str, form: Form) -> String {
            format!("{}:{}", form.name(), s)
        }
        // Before registration: unchanged. Stable text never reaches the hook.
        assert_eq!(nfc("e\u{301}"), "e\u{301}");
        assert!(set_normalizer(upper));
        assert!(!set_normalizer(upper));
        assert_eq!(nfc("e\u{301}"), "NFC:e\u{301}");
        assert_eq!(nfkc("\u{FF4C}"), "NFKC:\u{FF4C}");
        assert!(matches!(nfc("jos\u{e9} \u{D55C}"), Cow::Borrowed(_)));
        assert!(matches!(nfkc("localhost"), Cow::Borrowed(_)));
    }
}
