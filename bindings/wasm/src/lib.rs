//! wasm-bindgen exports of the preflight engine, one module per area. One protocol for every
//! export: it takes strings, bytes, numbers; it returns its value (JSON text, byte for byte the
//! native crate's, where the result is structured; `Option` where there may be none) or, for a
//! wrong call, `Err` of the one error shape (`fail`: a JavaScript `Error` with a stable `code`),
//! which the hand-written wrapper in `pkg/lib/` (`engine.js`) turns into its `PreflightError`.
//!
//! Each area is a cargo feature (all but `answers` on by default); the hash-only package is built with
//! `--no-default-features --features audience` (scripts/build-wasm.sh): identifier
//! normalization and hashing, without validation, signing or upload bodies (`audience-bodies`);
//! the helpers' package with `audience,csv` (the same and the CSV reader); the answer readers'
//! package with `answers` alone (not a default feature: the full build does not carry them).
//!
//! Unicode normalization: the core is built without its `nfc-tables` feature, and NFC (email
//! addresses) and NFKC (webhook host names) of text that is not already normalized come from the
//! JavaScript engine's `String.prototype.normalize`, registered when the module starts. ASCII and
//! other text made of characters nothing composes with never leave Rust
//! (`preflight::audience::nfc`). Likewise the lowercase of email addresses: the core's own table,
//! except for text containing `Σ` (whose lowercase depends on its neighbours, the Final_Sigma
//! rule), which `String.prototype.toLowerCase` lowercases (`preflight::audience::case`).
#![forbid(unsafe_code)]

#[cfg(feature = "answers")]
mod answers;
#[cfg(feature = "audience")]
mod audience;
#[cfg(feature = "audience-bodies")]
mod bodies;
#[cfg(feature = "csv")]
mod csv;
mod fail;
#[cfg(any(feature = "audience", feature = "signing"))]
mod opts;
#[cfg(feature = "signing")]
mod signing;
#[cfg(feature = "validate")]
mod validate;

use wasm_bindgen::prelude::*;

// Runs when the module is instantiated (wasm-bindgen's start function, before any export can be
// called): registers the JavaScript engine's normalization and lowercase with the core, and
// `Date.now()` as the clock of the rules relative to "now" when `options.now` is not given (the
// standard library has no clock on wasm32-unknown-unknown). JavaScript
// is only there in a wasm32 build; a native build of this crate (its unit tests, in the
// workspace) gets the core with its tables, as cargo unifies the core's default features.
// (`///` docs of exports are copied into the generated glue that browsers download: one line.)
/// Registers the JavaScript engine's normalization, lowercase and clock with the engine.
#[wasm_bindgen(start)]
pub fn start() {
    // Only the first registration counts; there is no other.
    #[cfg(target_arch = "wasm32")]
    {
        // A JavaScript engine older than Unicode 15.1 (preflight::audience::UNICODE_VERSION)
        // would normalize some characters the identifiers accept differently from the native
        // build: none of its Unicode is used, and text that needs it is refused
        // (`normalization_unavailable`) rather than hashed.
        if knows_unicode_15(js_normalize) {
            let _ = preflight::audience::set_normalizer(js_normalize);
            let _ = preflight::audience::set_lowercase(js_lowercase);
        }
        #[cfg(feature = "validate")]
        let _ = preflight::clock::set_clock(js_sys::Date::now);
    }
}

/// Whether `normalize` knows Unicode 15: U+1E08F COMBINING CYRILLIC SMALL LETTER
/// BYELORUSSIAN-UKRAINIAN I, new in 15.0 with combining class 230, goes after U+0316 (class
/// 220). Unicode 15.1 added no character that normalizes or has case (its CJK ideographs and
/// ideographic description characters do neither), and an engine's lowercase and normalization
/// come from the same Unicode data.
#[cfg(any(test, target_arch = "wasm32"))]
fn knows_unicode_15(normalize: fn(&str, preflight::audience::Form) -> String) -> bool {
    normalize("a\u{1E08F}\u{316}", preflight::audience::Form::Nfc) == "a\u{316}\u{1E08F}"
}

/// `s.normalize(form)` in JavaScript. The string crosses as UTF-16 and comes back the same way;
/// a Rust `&str` has no lone surrogates, and `normalize` never makes one, so nothing is lost.
#[cfg(target_arch = "wasm32")]
fn js_normalize(s: &str, form: preflight::audience::Form) -> String {
    js_sys::JsString::from(s).normalize(form.name()).into()
}

/// `s.toLowerCase()` in JavaScript (full Unicode lowercase with the Final_Sigma rule, as
/// `str::to_lowercase`); only text containing `Σ` comes here. UTF-16 both ways, nothing lost.
#[cfg(target_arch = "wasm32")]
fn js_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}

#[cfg(test)]
mod tests {
    use preflight::audience::Form;

    // An engine that knows Unicode 15 passes: every Node and Chromium suite hashes decomposed
    // text through the registered normalizer (tests/node/nfc.test.mjs).
    #[test]
    fn an_engine_older_than_unicode_15_is_not_used() {
        // One that does not know U+1E08F leaves it where it is, as any unassigned code point.
        fn older(s: &str, _: Form) -> String {
            s.to_string()
        }
        fn reorders(s: &str, _: Form) -> String {
            s.replace("\u{1E08F}\u{316}", "\u{316}\u{1E08F}")
        }
        assert!(!super::knows_unicode_15(older));
        assert!(super::knows_unicode_15(reorders));
    }
}
