//! The one Unicode version of identifiers: [`UNICODE_VERSION`], 15.1.
//!
//! An email address is hashed after NFC and Unicode lowercase, computed natively by the
//! `unicode-normalization` crate and the standard library, and in the wasm package partly by the
//! JavaScript engine (`String.prototype.normalize`, `toLowerCase`). Each carries its own Unicode
//! version (the crate 18.0, Rust's standard library 15.1 to 17.0 depending on the compiler, Node
//! 18 15.1, Node 20 and 22 17.0, a browser whatever its ICU has), and they only agree on
//! characters they all know. By Unicode's normalization stability policy, NFC of text whose
//! characters are all assigned in a version is the same under every later version; the lowercase
//! of each such character is also the same in every version from 15.1 on (checked below). A
//! character unassigned in one version and a combining mark (or decomposable, or cased) in
//! another is where they part: `a\u{5C8}\u{301}b@example.com` (U+05C8 is new in Unicode 18) hashed
//! one way natively and another way in Node 20.
//!
//! So every build refuses, with `unsupported_character`, an email address holding a code point
//! unassigned in Unicode 15.1 (the version of the oldest supported runtime, Node 18: `engines` in
//! package.json) that some table at hand reads as more than an inert character: a combining
//! mark, a character that decomposes or takes part in a composition, one with a lowercase, or one
//! the Final_Sigma rule reads (cased or case-ignorable). These are [`REFUSED`]'s characters, the
//! same table in every build, so native, Node and browsers give the same answer; every other code
//! point unassigned in 15.1 is inert in all those tables and hashes as it is everywhere. Also
//! refused: an address holding `Σ` together with one of the two characters whose Cased or
//! Case_Ignorable property changed after 15.1 (U+0295, U+1171E). A JavaScript engine older than
//! Unicode 15 is detected when the wasm module starts (bindings/wasm): its normalizer is then not
//! registered, and text that needs one is `normalization_unavailable`.
//!
//! Where the table stops: a runtime with a Unicode version newer than every table here (a browser
//! with Unicode 19 before this crate has its tables) may read a character added in 19 as a mark
//! while the native build reads it as inert. Refusing every code point unassigned in 15.1 would
//! cover that too, but its table (707 ranges) adds 2.1 KB gzipped to the hash-only wasm, past its
//! 40 KB budget; tests/node/unicode-version.test.mjs fails on such a runtime, which is the sign to
//! regenerate. A newer `unicode-normalization` crate or standard library fails
//! `refused_covers_the_native_tables` the same way.
//!
//! Data: scripts/data/unicode-15.1.txt, written by `scripts/unicode-table.mjs` under Node 18 (the
//! ranges unassigned in 15.1 and fingerprints of 15.1's data on every assigned character); the
//! table `unicode_table.rs` is printed from it and the native tables by the ignored test
//! `print_refused_table`.

use super::unicode_table::REFUSED;

/// The Unicode version identifiers are read in: an email address holding a character unassigned
/// in it that some Unicode version reads as more than inert is refused (`unsupported_character`)
/// by every build.
pub const UNICODE_VERSION: (u8, u8) = (15, 1);

/// Assigned in Unicode 15.1, with a Cased or Case_Ignorable property that changed after it, so
/// that the Final_Sigma rule of lowercase reads them differently by version: U+0295 (Ll, cased,
/// in 15.1; Lo from 16.0) and U+1171E (Mn, case-ignorable, in 15.1; Mc from 16.0). Found by
/// comparing the General Category of every code point in 15.1 and 18.0, and Final_Sigma in Node
/// 18 (15.1) and Node 20 and 22 (17.0); the drift test checks that no other character differs.
const SIGMA_UNSTABLE: [char; 2] = ['\u{295}', '\u{1171E}'];

/// The next LEB128 number of `bytes` (`None` at the end).
fn leb(bytes: &mut std::slice::Iter<'_, u8>) -> Option<u32> {
    let mut n = 0u32;
    let mut shift = 0;
    for &b in bytes.by_ref() {
        n |= u32::from(b & 0x7F).checked_shl(shift).unwrap_or(0);
        if b < 0x80 {
            return Some(n);
        }
        shift += 7;
    }
    None
}

/// Whether `c` is one of [`REFUSED`]'s characters.
pub(crate) fn is_refused(c: char) -> bool {
    let cp = u32::from(c);
    if cp < 0x500 {
        // Every code point below U+0500 is assigned in 15.1 or inert (a test checks it).
        return false;
    }
    let mut bytes = REFUSED.iter();
    let mut next = 0u32;
    while let (Some(gap), Some(len)) = (leb(&mut bytes), leb(&mut bytes)) {
        let start = next.saturating_add(gap);
        let end = start.saturating_add(len);
        if cp < start {
            return false;
        }
        if cp <= end {
            return true;
        }
        next = end.saturating_add(1);
    }
    false
}

/// Whether `s` (not all ASCII) must be refused as `unsupported_character`: it holds one of
/// [`REFUSED`]'s characters, or `Σ` and a character whose Final_Sigma reading changed after 15.1.
pub(super) fn unsupported(s: &str) -> bool {
    // One pass, by characters: `str::contains` of a non-ASCII `char` would bring the substring
    // search and its panic formatting into the hash-only wasm (about 5 KB gzipped).
    let (mut sigma, mut unstable) = (false, false);
    for c in s.chars() {
        if is_refused(c) {
            return true;
        }
        sigma |= c == '\u{3A3}';
        unstable |= SIGMA_UNSTABLE.contains(&c);
    }
    sigma && unstable
}

#[cfg(test)]
mod tests {
    use super::*;

    /// scripts/data/unicode-15.1.txt: the code points unassigned in Unicode 15.1, and Node 18's
    /// fingerprints of 15.1's data.
    const KEPT: &str = include_str!("../../scripts/data/unicode-15.1.txt");

    fn unassigned_in_15_1() -> Vec<bool> {
        let mut out = vec![false; 0x110000];
        let mut ranges = 0;
        for line in KEPT.lines().filter(|l| !l.starts_with('#')) {
            let (a, b) = line.split_once(' ').expect("first last");
            let (a, b) = (
                usize::from_str_radix(a, 16).expect("hex"),
                usize::from_str_radix(b, 16).expect("hex"),
            );
            out[a..=b].fill(true);
            ranges += 1;
        }
        assert_eq!(ranges, 707);
        assert_eq!(out.iter().filter(|&&u| u).count(), 824_718);
        out
    }

    fn refused_ranges() -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut bytes = REFUSED.iter();
        let mut next = 0;
        while let Some(gap) = leb(&mut bytes) {
            let len = leb(&mut bytes).expect("a length after each distance");
            out.push((next + gap, next + gap + len));
            next = next + gap + len + 1;
        }
        out
    }

    #[test]
    fn refused_is_unassigned_in_15_1_and_decodes() {
        let unassigned = unassigned_in_15_1();
        let ranges = refused_ranges();
        assert!(
            ranges.windows(2).all(|w| w[0].1 + 1 < w[1].0),
            "sorted, apart"
        );
        let mut want = vec![false; 0x110000];
        for &(a, b) in &ranges {
            for c in a..=b {
                assert!(unassigned[c as usize], "U+{c:04X} is assigned in 15.1");
                want[c as usize] = true;
            }
        }
        assert!(!want[..0x500].contains(&true), "the fast path below U+0500");
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_refused(c), want[c as usize], "U+{:04X}", u32::from(c));
        }
        // U+05C8 (a mark of Unicode 18), U+1C89 (a capital of 16.0) are refused; U+0378 and the
        // planes 4 to 13 (unassigned everywhere), private use and 15.1's CJK extension I are not.
        for (c, refused) in [
            ('\u{5C8}', true),
            ('\u{1C89}', true),
            ('\u{378}', false),
            ('\u{40000}', false),
            ('\u{E000}', false),
            ('\u{2EBF0}', false),
        ] {
            assert_eq!(is_refused(c), refused, "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn refused_text() {
        assert!(unsupported("a\u{5C8}\u{301}b@example.com"));
        assert!(!unsupported("a\u{301}b@example.com"));
        assert!(unsupported("\u{3A3}\u{295}@x"));
        assert!(!unsupported("\u{3A3}\u{3A3}@x"));
        assert!(!unsupported("\u{295}@x"));
    }

    /// Whether the native tables read `c` as more than an inert character: a combining class, a
    /// decomposition (canonical or compatibility) or NFC_Quick_Check other than Yes, a part of
    /// another character's canonical decomposition, a lowercase, or a Final_Sigma reading (`Σ`
    /// before it stays `σ`: it is cased; after it, `ς`: it is cased or case-ignorable).
    #[cfg(feature = "nfc-tables")]
    fn native_reads(c: char, in_decomposition: &[bool]) -> bool {
        use unicode_normalization::char::canonical_combining_class;
        use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
        let s = c.to_string();
        canonical_combining_class(c) != 0
            || is_nfc_quick(s.chars()) != IsNormalized::Yes
            || s.nfkd().ne(s.chars())
            || in_decomposition[c as usize]
            || s.to_lowercase() != s
            || !format!("A\u{3A3}{s}").to_lowercase().contains('\u{3C2}')
            || format!("A{s}\u{3A3}").to_lowercase().contains('\u{3C2}')
    }

    /// The characters of [`REFUSED`] by the native tables, as ranges.
    #[cfg(feature = "nfc-tables")]
    fn native_refused() -> Vec<(u32, u32)> {
        use unicode_normalization::char::decompose_canonical;
        let unassigned = unassigned_in_15_1();
        let mut in_decomposition = vec![false; 0x110000];
        for p in (0..=0x10FFFF).filter_map(char::from_u32) {
            let mut d = Vec::new();
            decompose_canonical(p, |x| d.push(x));
            if d != [p] {
                for x in d {
                    in_decomposition[x as usize] = true;
                }
            }
        }
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if !unassigned[c as usize] || !native_reads(c, &in_decomposition) {
                continue;
            }
            let cp = u32::from(c);
            match ranges.last_mut() {
                Some(last) if last.1 + 1 == cp => last.1 = cp,
                _ => ranges.push((cp, cp)),
            }
        }
        ranges
    }

    /// The drift test of the table: every code point unassigned in 15.1 that this build's
    /// native tables read as more than inert is refused. (A newer crate or compiler that knows
    /// more fails here: print the table again.)
    #[cfg(feature = "nfc-tables")]
    #[test]
    fn refused_covers_the_native_tables() {
        let refused = refused_ranges();
        let missing: Vec<String> = native_refused()
            .iter()
            .flat_map(|&(a, b)| a..=b)
            .filter_map(char::from_u32)
            .filter(|&c| !is_refused(c))
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        assert_eq!(missing, Vec::<String>::new(), "print_refused_table");
        assert!(refused.len() > 40, "{}", refused.len());
    }

    #[cfg(feature = "nfc-tables")]
    #[test]
    #[ignore = "prints src/audience/unicode_table.rs from the native tables"]
    fn print_refused_table() {
        let ranges = native_refused();
        let mut bytes = Vec::new();
        let mut leb = |mut n: u32| loop {
            let b = (n & 0x7F) as u8;
            n >>= 7;
            bytes.push(if n == 0 { b } else { b | 0x80 });
            if n == 0 {
                break;
            }
        };
        let mut next = 0;
        for &(a, b) in &ranges {
            leb(a - next);
            leb(b - a);
            next = b + 1;
        }
        let count: u32 = ranges.iter().map(|&(a, b)| b - a + 1).sum();
        println!(
            "// GENERATED by `cargo test --lib print_refused_table -- --ignored --nocapture` \
             (src/audience/unicode.rs): do not edit."
        );
        println!(
            "//! The characters refused in identifiers: unassigned in Unicode 15.1 \
             (scripts/data/unicode-15.1.txt),"
        );
        println!(
            "//! read as more than inert by unicode-normalization {:?} or the standard \
             library's Unicode {:?}.",
            unicode_normalization::UNICODE_VERSION,
            char::UNICODE_VERSION
        );
        println!();
        println!(
            "/// {} ranges ({count} code points), LEB128: for each its distance from the end of \
             the previous",
            ranges.len()
        );
        println!("/// one, then its length minus one.");
        println!("#[rustfmt::skip]");
        println!("pub(super) static REFUSED: [u8; {}] = [", bytes.len());
        for row in bytes.chunks(16) {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            println!("    {},", cells.join(", "));
        }
        println!("];");
    }

    /// The drift test of the version: this build's native tables (the `unicode-normalization`
    /// crate, the standard library's lowercase) agree with Unicode 15.1, as Node 18's ICU gave it
    /// to scripts/unicode-table.mjs, on every character assigned in 15.1: NFD, NFKD, NFC, NFKC and
    /// the combining class of each, its lowercase, and how the Final_Sigma rule reads it. What
    /// stability promises, and a version of the crate or the compiler could still break.
    #[cfg(feature = "nfc-tables")]
    #[test]
    fn native_tables_agree_with_unicode_15_1_on_its_characters() {
        use sha2::{Digest, Sha256};
        use unicode_normalization::UnicodeNormalization;
        let marks = ['\u{334}', '\u{316}', '\u{301}', '\u{345}'];
        let mut h = [Sha256::new(), Sha256::new(), Sha256::new()];
        let mut sigma_differs = Vec::new();
        let unassigned = unassigned_in_15_1();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if unassigned[c as usize] {
                continue;
            }
            let s = c.to_string();
            let mut parts: Vec<String> = vec![
                s.nfd().collect(),
                s.nfkd().collect(),
                s.nfc().collect(),
                s.nfkc().collect(),
            ];
            for m in marks {
                parts.push(format!("{m}{s}").nfd().collect());
                parts.push(format!("{s}{m}").nfd().collect());
            }
            h[0].update(parts.join("\u{1}"));
            h[0].update("\0");
            h[1].update(s.to_lowercase());
            h[1].update("\0");
            if SIGMA_UNSTABLE.contains(&c) {
                sigma_differs.push(c);
                continue;
            }
            let bits: String = [
                format!("A\u{3A3}{s}"),
                format!("{s}\u{3A3}"),
                format!("A{s}\u{3A3}"),
            ]
            .iter()
            .map(|t| {
                if t.to_lowercase().contains('\u{3C2}') {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
            h[2].update(bits);
            h[2].update("\0");
        }
        let got = ["normalization", "lowercase", "sigma"]
            .into_iter()
            .zip(h.map(|h| format!("{:x}", h.finalize())))
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        let want = KEPT
            .lines()
            .find_map(|l| l.strip_prefix("# fingerprint "))
            .expect("the fingerprint line");
        assert_eq!(
            got, want,
            "the native tables differ from Unicode 15.1 on its characters"
        );
        assert_eq!(sigma_differs, SIGMA_UNSTABLE);
    }

    /// The versions this is written for: a newer crate is fine as long as the drift tests pass.
    #[cfg(feature = "nfc-tables")]
    #[test]
    fn native_tables_are_at_least_unicode_15_1() {
        let (major, minor, _) = unicode_normalization::UNICODE_VERSION;
        assert!((major, minor) >= UNICODE_VERSION);
        let (major, minor, _) = char::UNICODE_VERSION;
        assert!((major, minor) >= UNICODE_VERSION);
    }
}
