//! Character and item counts. A "char" of the spec is a Unicode scalar value (what JavaScript's
//! `[...s].length` counts, and `str::chars` in Rust); see docs/RULES.md.

use crate::ctx::Ctx;
use crate::report::{Code, Pointer};
use serde_json::json;

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
    ctx.error(
        path,
        Code::TooLong,
        format!("must be at most {max} characters (it has {actual})"),
        json!({"max": max, "actual": actual}),
    );
    false
}

/// At least `min` characters; reports `too_short` and returns false otherwise.
pub fn min_chars(ctx: &mut Ctx, path: &Pointer, s: &str, min: usize) -> bool {
    let actual = char_count(s);
    if actual >= min {
        return true;
    }
    ctx.error(
        path,
        Code::TooShort,
        format!("must be at least {min} characters (it has {actual})"),
        json!({"min": min, "actual": actual}),
    );
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
            ctx.error(
                path,
                Code::TooFewItems,
                format!("must hold at least {min} items (it has {actual})"),
                json!({"min": min, "actual": actual}),
            );
            return false;
        }
    }
    if let Some(max) = max {
        if actual > max {
            ctx.error(
                path,
                Code::TooManyItems,
                format!("must hold at most {max} items (it has {actual})"),
                json!({"max": max, "actual": actual}),
            );
            return false;
        }
    }
    true
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
}
