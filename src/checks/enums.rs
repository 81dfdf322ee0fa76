//! Closed value sets. Matching is exact (case-sensitive), as the spec writes the values. For a
//! member of an object, [`crate::checks::fields::enum_member`] reads the string and calls
//! [`one_of`].

use crate::ctx::Ctx;
use crate::json::same_name;
use crate::report::{Code, Pointer};
use serde::Serialize;
use serde_json::json;
use std::fmt::Display;

/// `value` must be one of `allowed`; reports `not_in_enum` (with the allowed values) otherwise.
pub fn one_of(ctx: &mut Ctx, path: &Pointer, value: &str, allowed: &[&str]) -> bool {
    allowed.iter().any(|a| same_name(a, value)) || not_in_enum(ctx, path, allowed)
}

/// The integer `value` must be one of `allowed`; reports `not_in_enum` otherwise.
pub fn one_of_int(ctx: &mut Ctx, path: &Pointer, value: i64, allowed: &[i64]) -> bool {
    allowed.contains(&value) || not_in_enum(ctx, path, allowed)
}

/// Reports `not_in_enum`, listing `allowed` in the message and in `params.allowed`; false.
fn not_in_enum<T: Display + Serialize>(ctx: &mut Ctx, path: &Pointer, allowed: &[T]) -> bool {
    let list: Vec<String> = allowed.iter().map(T::to_string).collect();
    ctx.error(
        path,
        Code::NotInEnum,
        format!("must be one of: {}", list.join(", ")),
        json!({"allowed": allowed}),
    );
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
        assert_eq!(issues[1].params["allowed"], json!([1, 7, 30]));
    }
}
