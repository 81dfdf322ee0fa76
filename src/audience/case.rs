//! Unicode lowercase of email addresses (what `str::to_lowercase` does), behind one function so
//! that a build can do without the standard library's case tables.
//!
//! With the `nfc-tables` feature (the default, with the normalization tables) this is
//! `str::to_lowercase`. Without it (the wasm binding, where the standard library's lowercase
//! and case-property tables were the largest part of the hash-only download) every character is
//! mapped by `LOWER`, a table of runs of this crate that a test proves equal to
//! `char::to_lowercase` for every code point, except for text containing U+03A3 GREEK CAPITAL
//! LETTER SIGMA: whether it becomes `σ` or word-final `ς` depends on its neighbours' Unicode
//! properties (the Final_Sigma rule), and that text goes to the embedder's lowercase, registered
//! with [`set_lowercase`] (the wasm binding registers `String.prototype.toLowerCase`, which
//! applies the same rule). The registration is process-wide and the first call wins (as for
//! [`super::set_normalizer`]). Without a registered one, text containing `Σ` is an error
//! ([`NormalizerMissing`]; `normalization_unavailable` for an email address), never lowercased by
//! a guess: `σ` where `ς` was due would be a silently wrong hash.

use super::nfc::{NormalizerMissing, Registration};

/// An embedder's full Unicode lowercase of `s`, with the Final_Sigma rule.
pub type Lowercase = fn(s: &str) -> String;

/// `s` in Unicode lowercase, as `str::to_lowercase` gives it.
#[cfg(feature = "nfc-tables")]
pub(crate) fn to_lowercase(s: &str) -> Result<String, NormalizerMissing> {
    Ok(s.to_lowercase())
}

/// Registers, for the whole process, the lowercase used for text containing `Σ` when the crate
/// is built without `nfc-tables`. **The first call wins**: a later one changes nothing
/// ([`Registration::AlreadyRegistered`]). With `nfc-tables` the standard library's tables are
/// always used and this does nothing ([`Registration::TablesBuiltIn`]).
#[cfg(feature = "nfc-tables")]
pub fn set_lowercase(f: Lowercase) -> Registration {
    let _ = f;
    Registration::TablesBuiltIn
}

#[cfg(not(feature = "nfc-tables"))]
static LOWERCASE: std::sync::OnceLock<Lowercase> = std::sync::OnceLock::new();

/// Registers, for the whole process, the lowercase used for text containing `Σ` when the crate
/// is built without `nfc-tables`. **The first call wins**: a later one changes nothing
/// ([`Registration::AlreadyRegistered`]). With `nfc-tables` the standard library's tables are
/// always used and this does nothing ([`Registration::TablesBuiltIn`]).
#[cfg(not(feature = "nfc-tables"))]
pub fn set_lowercase(f: Lowercase) -> Registration {
    match LOWERCASE.set(f) {
        Ok(()) => Registration::Registered,
        Err(_) => Registration::AlreadyRegistered,
    }
}

/// `s` in Unicode lowercase, as `str::to_lowercase` gives it: [`LOWER`] character by character,
/// or the registered lowercase for text containing `Σ` ([`NormalizerMissing`] without one).
#[cfg(not(feature = "nfc-tables"))]
pub(crate) fn to_lowercase(s: &str) -> Result<String, NormalizerMissing> {
    // U+03A3 is the bytes CE A3 in UTF-8, which no other character's encoding contains.
    if s.as_bytes().windows(2).any(|w| w == [0xCE, 0xA3]) {
        let f = LOWERCASE.get().ok_or(NormalizerMissing)?;
        return Ok(f(s));
    }
    Ok(by_table(s))
}

/// `s` lowercased character by character with [`LOWER`] (`Σ` always to `σ`).
#[cfg(any(test, not(feature = "nfc-tables")))]
fn by_table(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if c == '\u{130}' {
            // The one character whose lowercase is two: LATIN CAPITAL LETTER I WITH DOT ABOVE.
            out.push_str("i\u{307}");
        } else {
            out.push(lower(c));
        }
    }
    out
}

/// The lowercase of `c` by [`LOWER`] (`c` itself when no run holds it).
#[cfg(any(test, not(feature = "nfc-tables")))]
fn lower(c: char) -> char {
    let cp = u32::from(c);
    let i = LOWER.partition_point(|&(key, _)| key >> 11 <= cp);
    let Some(&(key, delta)) = i.checked_sub(1).and_then(|i| LOWER.get(i)) else {
        return c;
    };
    let (start, count, stride) = (key >> 11, (key >> 1) & 0x3FF, 1 + (key & 1));
    let off = cp - start;
    if off % stride == 0 && off / stride < count {
        char::from_u32(cp.wrapping_add(delta)).unwrap_or(c)
    } else {
        c
    }
}

/// Every character whose lowercase is another single character, as runs: `(start << 11 |
/// count << 1 | stride - 1, delta)`: the `count` characters `start`, `start + stride`, ... (stride
/// 1 or 2) each map to itself plus `delta` (two's complement). Sorted; runs never overlap, and a
/// stride-2 run's gaps hold no mapped character. Generated from `char::to_lowercase` by the
/// ignored test `print_lower_table` (`cargo test --lib print_lower_table -- --ignored
/// --nocapture`); `lower_table_is_std` checks every code point.
#[cfg(any(test, not(feature = "nfc-tables")))]
#[rustfmt::skip]
const LOWER: [(u32, u32); 184] = [
    (0x0006002e, 0x00000020), (0x0006c00e, 0x00000020), (0x00080031, 0x00000001),
    (0x00099007, 0x00000001), (0x0009c811, 0x00000001), (0x000a502f, 0x00000001),
    (0x000bc002, 0xffffff87), (0x000bc807, 0x00000001), (0x000c0802, 0x000000d2),
    (0x000c1005, 0x00000001), (0x000c3002, 0x000000ce), (0x000c3802, 0x00000001),
    (0x000c4804, 0x000000cd), (0x000c5802, 0x00000001), (0x000c7002, 0x0000004f),
    (0x000c7802, 0x000000ca), (0x000c8002, 0x000000cb), (0x000c8802, 0x00000001),
    (0x000c9802, 0x000000cd), (0x000ca002, 0x000000cf), (0x000cb002, 0x000000d3),
    (0x000cb802, 0x000000d1), (0x000cc002, 0x00000001), (0x000ce002, 0x000000d3),
    (0x000ce802, 0x000000d5), (0x000cf802, 0x000000d6), (0x000d0007, 0x00000001),
    (0x000d3002, 0x000000da), (0x000d3802, 0x00000001), (0x000d4802, 0x000000da),
    (0x000d6002, 0x00000001), (0x000d7002, 0x000000da), (0x000d7802, 0x00000001),
    (0x000d8804, 0x000000d9), (0x000d9805, 0x00000001), (0x000db802, 0x000000db),
    (0x000dc002, 0x00000001), (0x000de002, 0x00000001), (0x000e2002, 0x00000002),
    (0x000e2802, 0x00000001), (0x000e3802, 0x00000002), (0x000e4002, 0x00000001),
    (0x000e5002, 0x00000002), (0x000e5813, 0x00000001), (0x000ef013, 0x00000001),
    (0x000f8802, 0x00000002), (0x000f9005, 0x00000001), (0x000fb002, 0xffffff9f),
    (0x000fb802, 0xffffffc8), (0x000fc029, 0x00000001), (0x00110002, 0xffffff7e),
    (0x00111013, 0x00000001), (0x0011d002, 0x00002a2b), (0x0011d802, 0x00000001),
    (0x0011e802, 0xffffff5d), (0x0011f002, 0x00002a28), (0x00120802, 0x00000001),
    (0x00121802, 0xffffff3d), (0x00122002, 0x00000045), (0x00122802, 0x00000047),
    (0x0012300b, 0x00000001), (0x001b8005, 0x00000001), (0x001bb002, 0x00000001),
    (0x001bf802, 0x00000074), (0x001c3002, 0x00000026), (0x001c4006, 0x00000025),
    (0x001c6002, 0x00000040), (0x001c7004, 0x0000003f), (0x001c8822, 0x00000020),
    (0x001d1812, 0x00000020), (0x001e7802, 0x00000008), (0x001ec019, 0x00000001),
    (0x001fa002, 0xffffffc4), (0x001fb802, 0x00000001), (0x001fc802, 0xfffffff9),
    (0x001fd002, 0x00000001), (0x001fe806, 0xffffff7e), (0x00200020, 0x00000050),
    (0x00208040, 0x00000020), (0x00230023, 0x00000001), (0x00245037, 0x00000001),
    (0x00260002, 0x0000000f), (0x0026080f, 0x00000001), (0x00268061, 0x00000001),
    (0x0029884c, 0x00000030), (0x0085004c, 0x00001c60), (0x00863802, 0x00001c60),
    (0x00866802, 0x00001c60), (0x009d00a0, 0x000097d0), (0x009f800c, 0x00000008),
    (0x00e44802, 0x00000001), (0x00e48056, 0xfffff440), (0x00e5e806, 0xfffff440),
    (0x00f00097, 0x00000001), (0x00f4f002, 0xffffe241), (0x00f50061, 0x00000001),
    (0x00f84010, 0xfffffff8), (0x00f8c00c, 0xfffffff8), (0x00f94010, 0xfffffff8),
    (0x00f9c010, 0xfffffff8), (0x00fa400c, 0xfffffff8), (0x00fac809, 0xfffffff8),
    (0x00fb4010, 0xfffffff8), (0x00fc4010, 0xfffffff8), (0x00fcc010, 0xfffffff8),
    (0x00fd4010, 0xfffffff8), (0x00fdc004, 0xfffffff8), (0x00fdd004, 0xffffffb6),
    (0x00fde002, 0xfffffff7), (0x00fe4008, 0xffffffaa), (0x00fe6002, 0xfffffff7),
    (0x00fec004, 0xfffffff8), (0x00fed004, 0xffffff9c), (0x00ff4004, 0xfffffff8),
    (0x00ff5004, 0xffffff90), (0x00ff6002, 0xfffffff9), (0x00ffc004, 0xffffff80),
    (0x00ffd004, 0xffffff82), (0x00ffe002, 0xfffffff7), (0x01093002, 0xffffe2a3),
    (0x01095002, 0xffffdf41), (0x01095802, 0xffffdfba), (0x01099002, 0x0000001c),
    (0x010b0020, 0x00000010), (0x010c1802, 0x00000001), (0x0125b034, 0x0000001a),
    (0x01600060, 0x00000030), (0x01630002, 0x00000001), (0x01631002, 0xffffd609),
    (0x01631802, 0xfffff11a), (0x01632002, 0xffffd619), (0x01633807, 0x00000001),
    (0x01636802, 0xffffd5e4), (0x01637002, 0xffffd603), (0x01637802, 0xffffd5e1),
    (0x01638002, 0xffffd5e2), (0x01639002, 0x00000001), (0x0163a802, 0x00000001),
    (0x0163f004, 0xffffd5c1), (0x01640065, 0x00000001), (0x01675805, 0x00000001),
    (0x01679002, 0x00000001), (0x0532002f, 0x00000001), (0x0534001d, 0x00000001),
    (0x0539100f, 0x00000001), (0x0539903f, 0x00000001), (0x053bc805, 0x00000001),
    (0x053be802, 0xffff75fc), (0x053bf00b, 0x00000001), (0x053c5802, 0x00000001),
    (0x053c6802, 0xffff5ad8), (0x053c8005, 0x00000001), (0x053cb015, 0x00000001),
    (0x053d5002, 0xffff5abc), (0x053d5802, 0xffff5ab1), (0x053d6002, 0xffff5ab5),
    (0x053d6802, 0xffff5abf), (0x053d7002, 0xffff5abc), (0x053d8002, 0xffff5aee),
    (0x053d8802, 0xffff5ad6), (0x053d9002, 0xffff5aeb), (0x053d9802, 0x000003a0),
    (0x053da011, 0x00000001), (0x053e2002, 0xffffffd0), (0x053e2802, 0xffff5abd),
    (0x053e3002, 0xffff75c8), (0x053e3805, 0x00000001), (0x053e5802, 0xffff5a99),
    (0x053e6011, 0x00000001), (0x053ee002, 0xffff59bf), (0x053fa802, 0x00000001),
    (0x07f90834, 0x00000020), (0x08200050, 0x00000028), (0x08258048, 0x00000028),
    (0x082b8016, 0x00000027), (0x082be01e, 0x00000027), (0x082c600e, 0x00000027),
    (0x082ca004, 0x00000027), (0x08640066, 0x00000040), (0x086a802c, 0x00000020),
    (0x08c50040, 0x00000020), (0x0b720040, 0x00000020), (0x0b750032, 0x0000001b),
    (0x0f480044, 0x00000022),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `(start, count, stride, delta)` of `char::to_lowercase`'s single-character mappings
    /// (ASCII and U+0130 left out: [`by_table`] handles them itself), greedily: the longer of
    /// the stride-1 and stride-2 runs at each mapped character, a stride-2 run only over gaps
    /// that map to themselves.
    fn std_runs() -> Vec<(u32, u32, u32, u32)> {
        let single = |cp: u32| -> Option<u32> {
            let c = char::from_u32(cp)?;
            let mut l = c.to_lowercase();
            match (l.next(), l.next()) {
                (Some(x), None) if x != c && !c.is_ascii() => Some(u32::from(x).wrapping_sub(cp)),
                _ => None,
            }
        };
        let mut runs = Vec::new();
        let mut cp = 0;
        while cp <= 0x10FFFF {
            let Some(delta) = single(cp) else {
                cp += 1;
                continue;
            };
            let run = |stride: u32| {
                let mut n = 1;
                while single(cp + n * stride) == Some(delta)
                    && (stride == 1 || single(cp + n * stride - 1).is_none())
                {
                    n += 1;
                }
                n
            };
            let (one, two) = (run(1), run(2));
            let (count, stride) = if two > one { (two, 2) } else { (one, 1) };
            runs.push((cp, count, stride, delta));
            cp += (count - 1) * stride + 1;
        }
        runs
    }

    #[test]
    #[ignore = "prints the LOWER table from the standard library's tables"]
    fn print_lower_table() {
        let runs = std_runs();
        assert!(
            runs.iter().all(|r| r.1 < 1024),
            "a count does not fit 10 bits"
        );
        println!("const LOWER: [(u32, u32); {}] = [", runs.len());
        for row in runs.chunks(3) {
            let cells: Vec<String> = row
                .iter()
                .map(|&(start, count, stride, delta)| {
                    format!(
                        "({:#010x}, {:#010x})",
                        start << 11 | count << 1 | (stride - 1),
                        delta
                    )
                })
                .collect();
            println!("    {},", cells.join(", "));
        }
        println!("];");
    }

    #[test]
    fn lower_table_is_std() {
        let runs: Vec<(u32, u32)> = std_runs()
            .iter()
            .map(|&(start, count, stride, delta)| (start << 11 | count << 1 | (stride - 1), delta))
            .collect();
        assert_eq!(LOWER.to_vec(), runs, "regenerate LOWER (print_lower_table)");
        // Every code point, as `str::to_lowercase` maps it alone.
        let mut mapped = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if c == '\u{3A3}' {
                continue;
            }
            let s = c.to_string();
            let want = s.to_lowercase();
            assert_eq!(by_table(&s), want, "U+{:04X}", u32::from(c));
            mapped += usize::from(want != s);
        }
        assert!(mapped > 1400, "{mapped}");
        assert_eq!(by_table("ΣΑΣ"), "σασ");
    }

    #[test]
    fn text() {
        assert_eq!(by_table("ÉMILE.İ@EXAMPLE.FR"), "émile.i\u{307}@example.fr");
        assert_eq!(
            by_table("ÅNGSTRÖM Йошкар ＡＤＭＩＮ 𐐀"),
            "ångström йошкар ａｄｍｉｎ 𐐨"
        );
    }

    #[cfg(feature = "nfc-tables")]
    #[test]
    fn final_sigma_by_std() {
        assert_eq!(to_lowercase("ΟΔΥΣΣΕΥΣ").as_deref(), Ok("οδυσσευς"));
        fn marked(s: &str) -> String {
            format!("hook:{s}")
        }
        assert_eq!(set_lowercase(marked), Registration::TablesBuiltIn);
        assert_eq!(to_lowercase("ΟΔΥΣΣΕΥΣ").as_deref(), Ok("οδυσσευς"));
    }
}
