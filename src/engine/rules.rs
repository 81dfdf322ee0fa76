//! The rule kinds across fields, as data ([`Check`]), and their interpreter ([`check`]).
//!
//! A kind's description lists its rules across fields ([`crate::model::Rule`]); each carries
//! the words `describe` shows and the [`Check`] the engine runs. A rule that data cannot say is
//! [`Check::Hook`]: the kind's named hook ([`super::Hook::After`]) checks it.

use crate::checks::{current, dates, fields, needs, numbers};
use crate::ctx::Ctx;
use crate::json::{Object, Value};
use crate::model::Applies;
use crate::report::Pointer;

use crate::ctx::report;
use crate::issues::IssueKind;

mod contains;
mod updates;

pub use crate::model::{Check, Empty};
pub use contains::{contains, Contains};
use updates::{needs_kept, not_sent_empty, one_of_kept};

impl Empty {
    /// Whether a member's value `v` (`None`: absent) is a value: present and not this empty
    /// value (a value of another type is one; its type is reported on its own).
    fn has_value(self, v: Option<&Value<'_>>) -> bool {
        match (self, v) {
            (_, None) => false,
            (Empty::Text, Some(Value::String(s))) => !s.is_empty(),
            (Empty::List, Some(Value::Array(a))) => !a.is_empty(),
            (_, Some(_)) => true,
        }
    }
}

/// Runs `rule` over `obj` (at `path`), whose field table has been checked.
pub fn check(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, rule: &Check) {
    match *rule {
        Check::Hook | Check::InTable => {}
        Check::ExclusiveWhenTrue {
            flag,
            other,
            message,
        } => {
            let set = match obj.get(flag) {
                Some(Value::Bool(b)) => *b,
                Some(Value::String(s)) => s == "true",
                _ => false,
            };
            if set && fields::given(obj, other) {
                let kind = IssueKind::Exclusive {
                    flag,
                    other,
                    message,
                };
                report(ctx, &path.key(flag), kind);
            }
        }
        Check::Later { earlier, later } => {
            let start_at = path.key(earlier);
            let end_at = path.key(later);
            if ctx.has_error_at(&start_at) || ctx.has_error_at(&end_at) {
                return;
            }
            if let (Some(start), Some(end)) = (instant(obj, earlier), instant(obj, later)) {
                dates::later_than(ctx, &end_at, &start, &end, earlier);
            }
        }
        Check::MediaTypeOnly {
            members,
            applies,
            known,
            only,
        } => media_type_only(ctx, path, obj, members, applies, known, only),
        Check::AtLeastOne {
            members,
            empty,
            message,
        } => {
            if !members.iter().any(|m| empty.has_value(obj.get(m))) {
                if let Some(first) = members.first() {
                    let kind = IssueKind::AtLeastOne { members, message };
                    report(ctx, &path.key(first), kind);
                }
            }
        }
        Check::MembersNotAllowed {
            members,
            allowed,
            message,
        } => {
            for name in members.iter().filter(|m| !allowed.contains(m)) {
                not_allowed_member(ctx, path, obj, name, allowed, message);
            }
        }
        Check::LaterThanOrNow {
            earlier,
            later,
            clock_rule,
            now_message,
        } => later_than_or_now(ctx, path, obj, earlier, later, clock_rule, now_message),
        Check::MinWhen {
            member,
            min,
            when: (sibling, value),
            message,
        } => {
            let Some(actual) = obj
                .get(member)
                .and_then(|v| numbers::integer_value(ctx.mode, v))
            else {
                return;
            };
            if actual < min && obj.get(sibling).and_then(Value::as_str) == Some(value) {
                let kind = IssueKind::BelowWhen {
                    min,
                    actual,
                    message,
                };
                report(ctx, &path.key(member), kind);
            }
        }
        Check::UniqueBy {
            array,
            key,
            message,
        } => {
            if let Some(Value::Array(items)) = obj.get(array) {
                unique_by(ctx, &path.key(array), items, key, message);
            }
        }
        Check::After { check: inner, .. } => check(ctx, path, obj, inner),
        Check::ExactlyOne {
            members,
            exclusive,
            missing,
        } => exactly_one(ctx, path, obj, members, exclusive, missing),
        Check::Needs { pairs, what } => {
            for (by, needed) in pairs {
                if string_given(obj, by) && !fields::given(obj, needed) {
                    needs_missing(ctx, path, by, needed, what);
                }
            }
        }
        Check::OneOfKept {
            members,
            message,
            rule,
        } => one_of_kept(ctx, path, obj, members, message, rule),
        Check::NeedsKept { pairs, what } => {
            for (by, needed, rule) in pairs {
                needs_kept(ctx, path, obj, by, needed, rule, what);
            }
        }
        Check::NotSentEmpty { members, message } => {
            for name in members {
                not_sent_empty(ctx, path, obj, name, message);
            }
        }
    }
}

/// The parsed value of a date-time member, if it is a string that parses.
fn instant(obj: &Object<'_>, name: &str) -> Option<dates::DateTime> {
    obj.get(name)
        .and_then(Value::as_str)
        .and_then(dates::parse_iso8601)
}

fn media_type_only(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    members: &'static [(&'static str, &'static str)],
    applies: Applies,
    known: &[&str],
    only: &str,
) {
    // Sent with a value: a non-empty string (`""` sets nothing; another type is already
    // reported as `wrong_type`).
    let sent = members
        .iter()
        .filter(|(name, _)| matches!(obj.get(name), Some(Value::String(s)) if !s.is_empty()));
    match applies {
        Applies::MediaTypeOf(key, allowed) => {
            let mut sent = sent.peekable();
            if sent.peek().is_none() {
                return;
            }
            // A key missing or malformed is already reported; there is no type to ask for.
            let key = match obj.get(key) {
                Some(Value::String(k)) if !k.is_empty() => &**k,
                _ => return,
            };
            for (name, rule) in sent {
                if let Some(media_type) = ctx.media_type(key, rule) {
                    not_allowed_unless(ctx, path, name, media_type.name(), allowed, only);
                }
            }
        }
        Applies::CurrentMember(member, allowed) => {
            for (name, rule) in sent {
                let Some(record) = ctx.current(rule) else {
                    continue;
                };
                // Read leniently (checks::current): a record without a known type has nothing
                // to compare.
                let recorded = current::string(record, member);
                if let Some(media_type) = known.iter().copied().find(|t| Some(*t) == recorded) {
                    not_allowed_unless(ctx, path, name, media_type, allowed, only);
                }
            }
        }
    }
}

fn not_allowed_unless(
    ctx: &mut Ctx,
    path: &Pointer,
    name: &str,
    media_type: &str,
    allowed: &[&str],
    only: &str,
) {
    if !allowed.contains(&media_type) {
        let kind = IssueKind::MediaTypeOnly {
            name,
            media_type,
            allowed,
            only,
        };
        report(ctx, &path.key(name), kind);
    }
}

/// The parsed value of a UTC date-time member ([`dates::Require::Utc`]), if it is one.
fn utc_instant(obj: &Object<'_>, name: &str) -> Option<dates::DateTime> {
    instant(obj, name).filter(|d| dates::Require::Utc.accepts(d))
}

fn later_than_or_now(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    earlier: Option<&'static str>,
    later: &'static str,
    clock_rule: &'static str,
    now_message: &'static str,
) {
    let Some(end) = utc_instant(obj, later) else {
        return;
    };
    let at = path.key(later);
    match earlier {
        Some(name) if fields::present(obj, name) => {
            if let Some(start) = utc_instant(obj, name) {
                dates::later_than(ctx, &at, &start, &end, name);
            }
        }
        _ => {
            if let Some(now) = ctx.now(clock_rule) {
                if end.key() <= now.key() {
                    let kind = IssueKind::NotLaterThanNow {
                        message: now_message,
                    };
                    report(ctx, &at, kind);
                }
            }
        }
    }
}

/// `not_allowed` at member `name` if it is present ([`Check::MembersNotAllowed`]).
pub fn not_allowed_member(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    name: &str,
    allowed: &[&str],
    message: &str,
) {
    if obj.contains_key(name) {
        let kind = IssueKind::MemberNotAllowed { allowed, message };
        report(ctx, &path.key(name), kind);
    }
}

/// [`Check::UniqueBy`] over `items` (at `list`): one `duplicate` at every occurrence of a shared
/// key, with how many share it and the first index (a count rather than every index keeps the
/// report linear in the input).
fn unique_by(ctx: &mut Ctx, list: &Pointer, items: &[Value], key: &str, message: &'static str) {
    // The keys with their positions, sorted by key (stably: a key's positions stay in order).
    let mut keyed: Vec<(&str, usize)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item.get(key) {
            Some(Value::String(k)) if !k.is_empty() => Some((k.as_ref(), i)),
            _ => None,
        })
        .collect();
    crate::sort::sort_by(&mut keyed, |a, b| a.0 < b.0);
    // Each item whose key is shared: how many share it and the first of them, by position, so
    // that the errors come in item order.
    let mut shared: Vec<Option<(usize, usize)>> = vec![None; items.len()];
    for group in keyed.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
        let first = group.first().map_or(0, |&(_, i)| i);
        for &(_, i) in group {
            if let Some(slot) = shared.get_mut(i) {
                *slot = Some((group.len(), first));
            }
        }
    }
    for (i, s) in shared.into_iter().enumerate() {
        if let Some((count, first)) = s {
            let kind = IssueKind::Shared {
                count,
                first,
                message,
            };
            report(ctx, &list.index(i).key(key), kind);
        }
    }
}

/// Whether `rule` reports at a member's place in a kind read in order
/// ([`super::Hook::InOrder`]) rather than after the table.
pub fn is_placed(rule: &Check) -> bool {
    matches!(rule, Check::After { .. } | Check::NotSentEmpty { .. })
}

/// In a kind read in order, the part of `rule` placed right after member `name`: an
/// [`Check::After`] that names it, or [`Check::NotSentEmpty`] for that member alone.
pub fn placed_after(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, rule: &Check, name: &str) {
    match *rule {
        Check::After {
            member,
            check: inner,
        } if member == name => check(ctx, path, obj, inner),
        Check::NotSentEmpty { members, message } if members.contains(&name) => {
            not_sent_empty(ctx, path, obj, name, message);
        }
        _ => {}
    }
}

fn exactly_one(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    members: &[&str],
    exclusive: &str,
    missing: Option<&str>,
) {
    let present = members.iter().filter(|m| fields::present(obj, m)).count();
    match (present, missing, members.first()) {
        (0, Some(message), _) => needs::one_of(ctx, path, members, message),
        (2.., _, Some(first)) => {
            let kind = IssueKind::ExclusiveMembers {
                members,
                message: exclusive,
            };
            report(ctx, &path.key(first), kind);
        }
        _ => {}
    }
}

/// A non-empty string (another type is reported on its own and needs nothing).
fn string_given(obj: &Object<'_>, name: &str) -> bool {
    matches!(obj.get(name), Some(Value::String(s)) if !s.is_empty())
}

fn needs_missing(ctx: &mut Ctx, path: &Pointer, by: &str, needed: &str, what: &str) {
    let message = format!("{needed}, {what}, is required with {by}");
    needs::missing(ctx, path, needed, by, message);
}

#[cfg(test)]
mod tests {
    use super::Empty;
    use crate::json::parse;

    /// One rule kind for both "at least one of": a member has a value unless absent or the empty
    /// value of the members' type (`""` for a product's identifiers, `[]` for a user's
    /// identifier arrays); an empty value of the other type counts (its type is reported on its
    /// own), as each kind did before the two were one.
    #[test]
    fn at_least_one_counts_only_the_members_empty_value_as_none() {
        let has = |empty: Empty, text: &str| {
            let v = parse(text.as_bytes()).expect("JSON");
            empty.has_value(Some(&v))
        };
        assert!(!Empty::Text.has_value(None));
        assert!(!Empty::List.has_value(None));
        assert!(!has(Empty::Text, r#""""#));
        assert!(has(Empty::Text, r#""x""#));
        assert!(has(Empty::Text, "[]"));
        assert!(!has(Empty::List, "[]"));
        assert!(has(Empty::List, r#"["x"]"#));
        assert!(has(Empty::List, r#""""#));
        assert!(has(Empty::List, "null"));
    }
}
