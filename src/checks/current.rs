//! Updates and the existing record (`context.current`).
//!
//! An update replaces: a member sent replaces the record's value (`""` leaves it without one), a
//! member not sent keeps it. A cross-field rule that involves a member not sent reads it from the
//! record, which is asked for (through [`Ctx::current`], so its absence is reported once as
//! `context_missing`) only when the answer depends on it. A rule none of whose members the update
//! sends holds for the record as it is: it is checked against the record when one is given
//! ([`Ctx::current_if_given`]) and never asked for, since the update does not touch it.
//!
//! Values of the record are read leniently and never reported: the record is what the service
//! holds, and a value not in the expected form counts as absent.

use crate::checks::dates::{parse_iso8601, DateTime};
use crate::checks::fields;
use crate::checks::numbers::parse_decimal_i64;
use crate::ctx::Ctx;
use crate::json::{Object, Value};

/// Whether the record holds a value for `name` (not absent, `null` or `""`).
pub fn has_value(record: &Object<'_>, name: &str) -> bool {
    match record.get(name) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// A string of the record.
pub fn string<'r>(record: &'r Object<'_>, name: &str) -> Option<&'r str> {
    record.get(name).and_then(Value::as_str)
}

/// An integer of the record (a JSON integer or a decimal string).
pub fn int(record: &Object<'_>, name: &str) -> Option<i64> {
    match record.get(name)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => parse_decimal_i64(s),
        _ => None,
    }
}

/// A date-time of the record (any well-formed ISO 8601 value).
pub fn datetime(record: &Object<'_>, name: &str) -> Option<DateTime> {
    string(record, name).and_then(parse_iso8601)
}

/// The two values a cross-field rule compares, and where they come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair<T> {
    /// Both were sent.
    Sent(T, T),
    /// The first comes from the record, the second was sent.
    FirstFromRecord(T, T),
    /// The first was sent, the second comes from the record.
    SecondFromRecord(T, T),
}

/// The members `names` of an update, which a cross-field rule compares. `values` are what their
/// own checks read (`None` when absent or malformed). When one was read and the other was not
/// sent, the other comes from the record (asked for `rule`, read with `read`).
///
/// `None` when there is nothing to compare: a member sent malformed (already reported), neither
/// sent, no record given (recorded for `rule`), or a record without the value.
pub fn pair<T>(
    ctx: &mut Ctx,
    rule: &'static str,
    obj: &Object<'_>,
    names: [&str; 2],
    values: (Option<T>, Option<T>),
    read: impl Fn(&Object<'_>, &str) -> Option<T>,
) -> Option<Pair<T>> {
    let [first, second] = names;
    match values {
        (Some(a), Some(b)) => Some(Pair::Sent(a, b)),
        (Some(a), None) if !fields::present(obj, second) => {
            let b = read(ctx.current(rule)?, second)?;
            Some(Pair::SecondFromRecord(a, b))
        }
        (None, Some(b)) if !fields::present(obj, first) => {
            let a = read(ctx.current(rule)?, first)?;
            Some(Pair::FirstFromRecord(a, b))
        }
        _ => None,
    }
}

/// Whether an update can break "one of `names` must have a value": it sends at least one of them
/// as `""` and none with a value (a value of another type counts as one; it is reported on its
/// own). Whether the record keeps one is [`record_keeps_one_of`].
pub fn clears_one_of(obj: &Object<'_>, names: &[&str]) -> bool {
    let cleared = |name: &&str| obj.get(name).is_some_and(|v| v.as_str() == Some(""));
    names.iter().any(cleared) && !names.iter().any(|name| fields::given(obj, name))
}

/// For an update that [clears](clears_one_of) members of `names`: whether one not sent keeps a
/// value in the record. `Some(false)` when every one was sent (the record is not needed); `None`
/// when the record is needed and not given (recorded for `rule`).
pub fn record_keeps_one_of(
    ctx: &mut Ctx,
    rule: &'static str,
    obj: &Object<'_>,
    names: &[&str],
) -> Option<bool> {
    let not_sent = |name: &str| !fields::present(obj, name);
    if !names.iter().any(|name| not_sent(name)) {
        return Some(false);
    }
    let record = ctx.current(rule)?;
    Some(
        names
            .iter()
            .any(|name| not_sent(name) && has_value(record, name)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Mode;
    use crate::options::Options;
    use crate::report::Code;
    use serde_json::json;

    fn map(v: serde_json::Value) -> Object<'static> {
        match Value::from_serde(&v).into_owned() {
            Value::Object(m) => m,
            _ => Object::new(),
        }
    }

    #[test]
    fn record_values() {
        let r = map(json!({"a": "", "b": null, "c": 0, "d": "12", "e": "2026-01-01", "f": 1.5}));
        let has: Vec<bool> = ["a", "b", "c", "d", "x"]
            .iter()
            .map(|n| has_value(&r, n))
            .collect();
        assert_eq!(has, [false, false, true, true, false]);
        assert_eq!(
            (int(&r, "c"), int(&r, "d"), int(&r, "f")),
            (Some(0), Some(12), None)
        );
        assert!(datetime(&r, "e").is_some() && datetime(&r, "d").is_none());
        assert_eq!(string(&r, "d"), Some("12"));
    }

    #[test]
    fn clearing_one_of_two() {
        let names = ["a", "b"];
        let cases = [
            (json!({}), false),
            (json!({"a": ""}), true),
            (json!({"a": "", "b": ""}), true),
            (json!({"a": "", "b": "x"}), false),
            (json!({"a": "", "b": null}), false),
            (json!({"a": "x"}), false),
        ];
        for (obj, clears) in cases {
            assert_eq!(clears_one_of(&map(obj.clone()), &names), clears, "{obj}");
        }
    }

    #[test]
    fn the_record_is_asked_for_only_when_needed() {
        let names = ["a", "b"];
        let no_record = Options::default();
        let mut ctx = Ctx::new(&no_record, Mode::Query);
        let both_sent = map(json!({"a": "", "b": ""}));
        assert_eq!(
            record_keeps_one_of(&mut ctx, "r", &both_sent, &names),
            Some(false)
        );
        let one_sent = map(json!({"a": ""}));
        assert_eq!(record_keeps_one_of(&mut ctx, "r", &one_sent, &names), None);
        let issues = ctx.finish().issues;
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].code, Code::ContextMissing);

        let with_record =
            Options::from_value(&json!({"context": {"current": {"b": "x"}}})).unwrap_or_default();
        let mut ctx = Ctx::new(&with_record, Mode::Query);
        assert_eq!(
            record_keeps_one_of(&mut ctx, "r", &one_sent, &names),
            Some(true)
        );
        let sent = map(json!({"a": 1}));
        let pair = pair(&mut ctx, "r", &sent, ["a", "b"], (Some(1), None), int);
        assert_eq!(pair, None, "the record's b is not an integer");
        assert!(ctx.finish().issues.is_empty());
    }
}
