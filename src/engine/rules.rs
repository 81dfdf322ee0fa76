//! The rule kinds across fields, as data ([`Check`]), and their interpreter ([`check`]).
//!
//! A kind's description lists its rules across fields ([`crate::describe::Rule`]); each carries
//! the words `describe` shows and the [`Check`] the engine runs. A rule that data cannot say is
//! [`Check::Hook`]: the kind's named hook ([`super::Hook::After`]) checks it.

use crate::checks::{current, dates, fields, needs, numbers};
use crate::ctx::Ctx;
use crate::describe::Applies;
use crate::json::{Object, Value};
use crate::report::Pointer;

use super::issues::{self, IssueKind};

/// A rule across the members of one object.
#[derive(Clone, Copy, Debug)]
pub enum Check {
    /// Checked by the kind's hook, not by data.
    Hook,
    /// Checked by the field table itself, member by member (a member's
    /// [`needs`](crate::describe::Field::needs)); listed for `describe`.
    InTable,
    /// "`flag` ... exclusive with `other`": `flag` set to true (a boolean, or `"true"` in a
    /// query) while `other` is given (present and not `""`, an untouched form input) is
    /// `mutually_exclusive` at `flag`, with `params.fields` `[flag, other]`. `flag` false, or not
    /// a boolean (reported on its own), is fine.
    ExclusiveWhenTrue {
        /// The boolean member.
        flag: &'static str,
        /// The member it excludes.
        other: &'static str,
        /// The message.
        message: &'static str,
    },
    /// "`later` later than `earlier`": when both are well-formed date-times (a malformed one is
    /// already reported), `later` must be strictly later, else `invalid_date_range` at `later`.
    Later {
        /// The start.
        earlier: &'static str,
        /// The end.
        later: &'static str,
    },
    /// Members allowed only for some media types ("videos only"): each member of `members` sent
    /// with a value (a non-empty string) is `not_allowed` unless the media type `applies` reads
    /// from the context is one of its values. Without the fact, the rule (named by the second
    /// item of the member's pair) is skipped with a `context_missing` warning.
    MediaTypeOnly {
        /// The members, each with the rule id its skip names.
        members: &'static [(&'static str, &'static str)],
        /// Where the media type is read, and the types the members are for.
        applies: Applies,
        /// The media types a record may have (another recorded value compares nothing).
        known: &'static [&'static str],
        /// The words for the allowed types in the message ("videos").
        only: &'static str,
    },
    /// "At least one of" `members` (each "required if the others are absent"): none given
    /// (present and not `""`; a value of another type counts, it is reported on its own) is one
    /// `one_of_required` at the first of them, with `params.fields` naming them all. Anchored
    /// after the last of them ([`crate::describe::Field::then`]), whose
    /// [`Field::grouped`](crate::describe::Field::grouped) members leave their conditions to it.
    AtLeastOne {
        /// The members, in the spec's order.
        members: &'static [&'static str],
        /// The message.
        message: &'static str,
    },
    /// "`member` is at least `min` when `when.0` is `when.1`" (a bound that holds under a sibling's
    /// value): an integer `member` (a malformed one is already reported) below `min` while the
    /// sibling is that string is `out_of_range` at `member`, with `params.min` and `actual`; the
    /// message is "must be at least `min` `message`".
    MinWhen {
        /// The integer member.
        member: &'static str,
        /// The least value under the condition.
        min: i64,
        /// The sibling and the string value under which the bound holds.
        when: (&'static str, &'static str),
        /// The condition in words ("for a product that is in stock").
        message: &'static str,
    },
    /// "If the same `key` occurs several times in one request, all of them are ignored": in the
    /// array member `array` of objects, each object whose string `key` (not `""`: an empty one is
    /// already reported) is shared is one `duplicate` at its `key`, in array order, with
    /// `params.count` (how many share it) and `first_index` (never the value itself); the
    /// message is "`count` `message`".
    UniqueBy {
        /// The array member.
        array: &'static str,
        /// The member of each item that must be unique.
        key: &'static str,
        /// The message after the count ("products of this request share this id, ...").
        message: &'static str,
    },
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
                issues::report(ctx, &path.key(flag), kind);
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
        Check::AtLeastOne { members, message } => {
            if !members.iter().any(|name| fields::given(obj, name)) {
                needs::one_of(ctx, path, members, message);
            }
        }
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
                issues::report(ctx, &path.key(member), kind);
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
                    not_allowed_unless(ctx, path, name, media_type, allowed, only);
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
        issues::report(ctx, &path.key(name), kind);
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
            issues::report(ctx, &list.index(i).key(key), kind);
        }
    }
}
