//! Unicode normalization (NFC for email addresses, NFKC for the host names of webhook URLs),
//! behind two functions so that a build can do without the normalization tables.
//!
//! With the `nfc-tables` feature (the default) the `unicode-normalization` crate does the work,
//! in Rust. Without it (the wasm binding: the tables are most of a small browser download, and
//! every JavaScript engine already ships them as `String.prototype.normalize`) the embedder
//! registers a [`Normalizer`] with [`set_normalizer`]. Either way text that is already
//! normalized never leaves Rust: ASCII always, and without the tables also any text made only of
//! characters in [`STABLE_RANGES`], characters that nothing composes with.
//!
//! The registration is **process-wide and the first call wins**: there is one normalizer per
//! process, for every thread and every caller; a later call changes nothing and says so
//! ([`Registration::AlreadyRegistered`]). With the tables, registering does nothing
//! ([`Registration::TablesBuiltIn`]).
//!
//! Without the tables and before a normalizer is registered, text that needs it is an error
//! ([`NormalizerMissing`]; for identifiers [`crate::audience::IdError::NormalizationUnavailable`],
//! code `normalization_unavailable`), never returned unnormalized: a wrong hash would be silent.

use std::borrow::Cow;

/// A Unicode normalization form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// The text needs Unicode normalization (or, for email addresses, the Final_Sigma lowercase)
/// and this build has neither the tables (feature `nfc-tables`) nor a registered function
/// ([`set_normalizer`], [`crate::audience::set_lowercase`]). Never happens with the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormalizerMissing;

impl std::fmt::Display for NormalizerMissing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "this build has no Unicode tables (feature nfc-tables) and no normalizer is \
             registered (set_normalizer)",
        )
    }
}

impl std::error::Error for NormalizerMissing {}

/// What a call to [`set_normalizer`] or [`crate::audience::set_lowercase`] did. The registration
/// is process-wide and the first call wins.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Registration {
    /// This call's function is now the one of the whole process.
    Registered,
    /// An earlier call registered a function; that one stays in use and this call's is not.
    AlreadyRegistered,
    /// The crate is built with `nfc-tables`: its own tables are used and the function never is.
    TablesBuiltIn,
}

/// `s` in Unicode Normalization Form C. Borrows when `s` is already NFC (always for ASCII).
/// [`NormalizerMissing`] only without `nfc-tables`, for text that may need composing, before a
/// normalizer is registered.
pub fn nfc(s: &str) -> Result<Cow<'_, str>, NormalizerMissing> {
    normalize(s, Form::Nfc)
}

/// `s` in Unicode Normalization Form KC. Borrows when `s` is ASCII (which NFKC leaves as it is).
/// [`NormalizerMissing`] as for [`nfc`].
pub fn nfkc(s: &str) -> Result<Cow<'_, str>, NormalizerMissing> {
    normalize(s, Form::Nfkc)
}

#[cfg(feature = "nfc-tables")]
fn normalize(s: &str, form: Form) -> Result<Cow<'_, str>, NormalizerMissing> {
    use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
    if s.is_ascii() {
        return Ok(Cow::Borrowed(s));
    }
    Ok(match form {
        Form::Nfc if is_nfc_quick(s.chars()) == IsNormalized::Yes => Cow::Borrowed(s),
        Form::Nfc => Cow::Owned(s.nfc().collect()),
        Form::Nfkc => Cow::Owned(s.nfkc().collect()),
    })
}

/// Registers, for the whole process, the normalization used when the crate is built without
/// `nfc-tables`. **The first call wins**: a later one changes nothing
/// ([`Registration::AlreadyRegistered`]). With `nfc-tables` the crate's own tables are always
/// used and this does nothing ([`Registration::TablesBuiltIn`]).
#[cfg(feature = "nfc-tables")]
pub fn set_normalizer(f: Normalizer) -> Registration {
    let _ = f;
    Registration::TablesBuiltIn
}

#[cfg(not(feature = "nfc-tables"))]
static NORMALIZER: std::sync::OnceLock<Normalizer> = std::sync::OnceLock::new();

/// Registers, for the whole process, the normalization used when the crate is built without
/// `nfc-tables`. **The first call wins**: a later one changes nothing
/// ([`Registration::AlreadyRegistered`]). With `nfc-tables` the crate's own tables are always
/// used and this does nothing ([`Registration::TablesBuiltIn`]).
#[cfg(not(feature = "nfc-tables"))]
pub fn set_normalizer(f: Normalizer) -> Registration {
    match NORMALIZER.set(f) {
        Ok(()) => Registration::Registered,
        Err(_) => Registration::AlreadyRegistered,
    }
}

#[cfg(not(feature = "nfc-tables"))]
fn normalize(s: &str, form: Form) -> Result<Cow<'_, str>, NormalizerMissing> {
    if s.is_ascii() || (form == Form::Nfc && s.chars().all(is_stable)) {
        return Ok(Cow::Borrowed(s));
    }
    let f = NORMALIZER.get().ok_or(NormalizerMissing)?;
    let out = f(s, form);
    Ok(if out == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(out)
    })
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

// Without the tables: tests/no_tables.rs (its own process, as the registration is global).
#[cfg(all(test, feature = "nfc-tables"))]
mod tests {
    use super::*;

    #[test]
    fn composes() {
        let nfc = |s| nfc(s).expect("tables");
        let nfkc = |s| nfkc(s).expect("tables");
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

    #[test]
    fn registration_is_a_no_op_with_the_tables() {
        fn marked(s: &str, _: Form) -> String {
            format!("marked:{s}")
        }
        assert_eq!(set_normalizer(marked), Registration::TablesBuiltIn);
        assert_eq!(nfc("e\u{301}"), Ok(Cow::Borrowed("\u{e9}")));
    }
}
