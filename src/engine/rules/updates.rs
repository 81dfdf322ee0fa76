//! The rules of an update (a PUT) that read the record as it is ([`super::Check::OneOfKept`],
//! [`super::Check::NeedsKept`]) or refuse an empty value for a member the record always has
//! ([`super::Check::NotSentEmpty`]).

use super::needs_missing;
use crate::checks::{current, fields, needs};
use crate::ctx::Ctx;
use crate::json::{Object, Value};
use crate::report::Pointer;

pub(super) fn one_of_kept(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    members: &[&str],
    message: &str,
    rule: &'static str,
) {
    if !current::clears_one_of(obj, members) {
        // None sent: the record keeps them all; a record given with none keeps a card without
        // them (read, never asked for).
        let untouched = !members.iter().any(|m| fields::present(obj, m));
        if untouched
            && ctx
                .current_if_given()
                .is_some_and(|record| !members.iter().any(|m| current::has_value(record, m)))
        {
            needs::one_of(ctx, path, members, message);
        }
        return;
    }
    if current::record_keeps_one_of(ctx, rule, obj, members) == Some(false) {
        needs::one_of(ctx, path, members, message);
    }
}

/// What an update sends for a member: not sent, `""`, a non-empty string, another value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sent {
    Absent,
    Empty,
    Text,
    Other,
}

fn sent(obj: &Object<'_>, name: &str) -> Sent {
    match obj.get(name) {
        None => Sent::Absent,
        Some(Value::String(s)) if s.is_empty() => Sent::Empty,
        Some(Value::String(_)) => Sent::Text,
        Some(_) => Sent::Other,
    }
}

pub(super) fn needs_kept(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    by: &str,
    needed: &str,
    rule: &'static str,
    what: &str,
) {
    let broken = match (sent(obj, by), sent(obj, needed)) {
        // A malformed `by` is already reported; an empty one needs nothing; a `needed` sent
        // satisfies the rule.
        (Sent::Other | Sent::Empty, _) | (_, Sent::Text | Sent::Other) => false,
        // Neither sent: the record as it is (read when given, never asked for).
        (Sent::Absent, Sent::Absent) => ctx.current_if_given().is_some_and(|record| {
            current::has_value(record, by) && !current::has_value(record, needed)
        }),
        (Sent::Text, Sent::Empty) => true,
        (Sent::Text, Sent::Absent) => ctx
            .current(rule)
            .is_some_and(|record| !current::has_value(record, needed)),
        (Sent::Absent, Sent::Empty) => ctx
            .current(rule)
            .is_some_and(|record| current::has_value(record, by)),
    };
    if broken {
        needs_missing(ctx, path, by, needed, what);
    }
}

pub(super) fn not_sent_empty(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    name: &str,
    message: &str,
) {
    if matches!(obj.get(name), Some(Value::String(s)) if s.is_empty()) {
        fields::required_because(ctx, &path.key(name), name, format!("{name} {message}"));
    }
}
