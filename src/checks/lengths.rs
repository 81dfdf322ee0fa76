//! Character and item counts. A "char" of the spec is a Unicode scalar value (what JavaScript's
//! `[...s].length` counts, and `str::chars` in Rust); see docs/RULES.md.

use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::IssueKind;
use crate::report::Pointer;
use std::collections::btree_map::{BTreeMap, Entry};

/// The length of `s` as the spec's limits count it.
pub fn char_count(s: &str) -> usize {
    s.chars().count()
}

/// At most `max` characters; reports `too_long` and returns false otherwise.
pub fn max_chars(ctx: &mut Ctx, path: &Pointer, s: &str, max: usize) -> bool {
    // Cheap exit: a string of at most `max` bytes has at most `max` chars.
    if s.len() <= max {
        return true;
    }
    let actual = char_count(s);
    if actual <= max {
        return true;
    }
    report(ctx, path, IssueKind::TooLong { max, actual });
    false
}

/// At least `min` characters; reports `too_short` and returns false otherwise.
pub fn min_chars(ctx: &mut Ctx, path: &Pointer, s: &str, min: usize) -> bool {
    let actual = char_count(s);
    if actual >= min {
        return true;
    }
    report(ctx, path, IssueKind::TooShort { min, actual });
    false
}

/// Between `min` and `max` items (either bound optional); reports `too_few_items` or
/// `too_many_items` and returns false otherwise.
pub fn item_count(
    ctx: &mut Ctx,
    path: &Pointer,
    actual: usize,
    min: Option<usize>,
    max: Option<usize>,
) -> bool {
    if let Some(min) = min {
        if actual < min {
            report(ctx, path, IssueKind::TooFewItems { min, actual });
            return false;
        }
    }
    if let Some(max) = max {
        if actual > max {
            report(ctx, path, IssueKind::TooManyItems { max, actual });
            return false;
        }
    }
    true
}

/// For each item, the position of the first earlier item equal to it (`None` for a first
/// occurrence). A search tree, not a quadratic scan (a list of 100,000 items takes n log n
/// compares), and not a hash map: the wasm builds then carry no hash table and no SipHash (0.8
/// KB of the gzipped full `.wasm`, with [`crate::ctx`]'s set).
pub fn earlier_repeats<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<Option<usize>> {
    let mut first: BTreeMap<&'a str, usize> = BTreeMap::new();
    items
        .into_iter()
        .enumerate()
        .map(|(i, s)| match first.entry(s) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(v) => {
                v.insert(i);
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_scalar_values_not_bytes() {
        assert_eq!(char_count("héllo"), 5);
        assert_eq!(char_count("👍🏽"), 2);
        assert_eq!(char_count(""), 0);
    }

    #[test]
    fn earlier_repeats_name_the_first_occurrence() {
        assert_eq!(
            earlier_repeats(["a", "b", "a", "c", "b", "a"]),
            vec![None, None, Some(0), None, Some(1), Some(0)]
        );
        let many: Vec<String> = (0..100_000).map(|i| (i % 7).to_string()).collect();
        let r = earlier_repeats(many.iter().map(String::as_str));
        assert_eq!(r[99_999], Some(99_999 % 7));
    }
}
