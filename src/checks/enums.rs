//! Closed value sets. Matching is exact (case-sensitive), as the spec writes the values. For a
//! member of an object, [`crate::checks::fields::enum_member`] reads the string and calls
//! [`one_of`].

use crate::ctx::report;
use crate::ctx::Ctx;
pub use crate::issues::{one_of_text, MESSAGE_MAX_VALUES};
use crate::issues::{Allowed, CheckIssue};
use crate::json::same_name;
use crate::report::Pointer;

/// `value` must be one of `allowed`; reports `not_in_enum` (with the allowed values) otherwise.
pub fn one_of(ctx: &mut Ctx, path: &Pointer, value: &str, allowed: &[&str]) -> bool {
    allowed.iter().any(|a| same_name(a, value)) || not_in_enum(ctx, path, Allowed::Names(allowed))
}

/// The integer `value` must be one of `allowed`; reports `not_in_enum` otherwise.
pub fn one_of_int(ctx: &mut Ctx, path: &Pointer, value: i64, allowed: &[i64]) -> bool {
    allowed.contains(&value) || not_in_enum(ctx, path, Allowed::Ints(allowed))
}

/// Reports `not_in_enum`: the set in `params.allowed` (the spec's values, a constant of the
/// engine, never the input) and in the message as [`one_of_text`] words it; false.
fn not_in_enum(ctx: &mut Ctx, path: &Pointer, allowed: Allowed<'_>) -> bool {
    report(ctx, path, CheckIssue::NotInEnum { allowed }.into());
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Mode;
    use crate::options::Options;

    #[test]
    fn strings_and_integers_report_alike() {
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let p = Pointer::root();
        assert!(one_of(&mut ctx, &p, "A", &["A", "B"]));
        assert!(!one_of(&mut ctx, &p, "a", &["A", "B"]));
        assert!(one_of_int(&mut ctx, &p, 7, &[1, 7, 30]));
        assert!(!one_of_int(&mut ctx, &p, 14, &[1, 7, 30]));
        let issues = ctx.finish().issues;
        assert_eq!(issues.len(), 2);
        assert_eq!(issues[0].message, "must be one of: A, B");
        assert_eq!(issues[1].message, "must be one of: 1, 7, 30");
        assert_eq!(issues[1].params["allowed"], serde_json::json!([1, 7, 30]));
    }

    /// A long set is named by its size in the message (every value stays in params.allowed).
    #[test]
    fn a_long_set_is_counted_in_the_message() {
        let short: Vec<String> = (0..MESSAGE_MAX_VALUES).map(|i| format!("V{i}")).collect();
        assert!(one_of_text(&short).starts_with("one of: V0, V1"));
        let long: Vec<String> = (0..=MESSAGE_MAX_VALUES).map(|i| format!("V{i}")).collect();
        assert_eq!(
            one_of_text(&long),
            format!(
                "one of the {} documented values (listed in params.allowed)",
                MESSAGE_MAX_VALUES + 1
            )
        );
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let names: Vec<&str> = long.iter().map(String::as_str).collect();
        assert!(!one_of(&mut ctx, &Pointer::root(), "x", &names));
        let issues = ctx.finish().issues;
        assert_eq!(issues[0].params["allowed"], serde_json::json!(names));
        assert!(!issues[0].message.contains("V0"));
    }
}
