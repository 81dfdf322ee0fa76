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

use crate::ctx::report;
use crate::issues::IssueKind;

mod contains;
mod updates;

pub use contains::{contains, Contains};
use updates::{needs_kept, not_sent_empty, one_of_kept};

/// A rule across the members of one object.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
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
    /// "At least one of `members`" (a product's "brand: required if gtin and mpn are absent"
    /// and its twins; a user needs an identifier value): none of them has a value is one
    /// `one_of_required` at the first of them, with `params.fields` naming them all. A member
    /// has a value when it is present and not the empty value of the members' type, `empty`
    /// (`""` for text members, `[]` for list members); a value of another type counts, it is
    /// reported on its own. Run from the rules of an object
    /// (`engine::form::object_then_rules`) or anchored after the last of the members
    /// ([`crate::describe::Field::then`]), whose
    /// [`Field::grouped`](crate::describe::Field::grouped) members leave their conditions to it.
    AtLeastOne {
        /// The members, in the spec's order.
        members: &'static [&'static str],
        /// The empty value of the members' type (a member holding it has no value).
        empty: Empty,
        /// The message.
        message: &'static str,
    },
    /// Members of a set this object takes only some of (the do-not-reach endpoint takes only
    /// the `email` and `phone_number` identifiers): each member of `members` not in `allowed`
    /// that is present, whatever its value, is `not_allowed` at its pointer with
    /// `params.allowed`, in the order of `members`. In `engine::form::object_then_rules` they
    /// are reported in their place among the table's members (`members` lists the whole set in
    /// the spec's order) and not also warned as unknown.
    MembersNotAllowed {
        /// The whole set, in the spec's order.
        members: &'static [&'static str],
        /// The members taken instead.
        allowed: &'static [&'static str],
        /// The message.
        message: &'static str,
    },
    /// "`later` later than `earlier`, which defaults to now": when `later` is a UTC date-time
    /// (a malformed one is already reported), it must be strictly later than `earlier` if that
    /// is present (and then a UTC date-time; else nothing is compared), `invalid_date_range` at
    /// `later`; with `earlier` absent, or `None` (the kind has no start), later than now
    /// (`options.now`, else the clock; without either the rule `clock_rule` is skipped with a
    /// `context_missing` warning), with `now_message` and `params.later_than` `"now"`.
    LaterThanOrNow {
        /// The start member, if the kind has one.
        earlier: Option<&'static str>,
        /// The end member.
        later: &'static str,
        /// The rule id a skip names.
        clock_rule: &'static str,
        /// The message when `later` is not later than now.
        now_message: &'static str,
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
    /// A rule reported at a place in the table: in a kind read in order
    /// (`Hook::InOrder`), `check` runs right after member `member` (present or not) is
    /// checked, before the members after it; elsewhere it runs where the rule is listed.
    After {
        /// The member the rule follows.
        member: &'static str,
        /// The rule.
        check: &'static Check,
    },
    /// "Exactly one of `members`": two or more present is `mutually_exclusive` at the first
    /// (`exclusive`, `params.fields` all of them); none present is `one_of_required` at the
    /// first (`missing`), unless `missing` is `None` (an update, which may send none).
    ExactlyOne {
        /// The members, in the spec's order.
        members: &'static [&'static str],
        /// The message when more than one is present.
        exclusive: &'static str,
        /// The message when none is present (`None`: none is fine).
        missing: Option<&'static str>,
    },
    /// "`needed`: if `by`" for each `(by, needed)` of `pairs`: `by` given as a non-empty string
    /// and `needed` not given is `dependency_missing` at `needed` ("`needed`, `what`, is
    /// required with `by`"), after the table, in the order of `pairs`.
    Needs {
        /// `(by, needed)` pairs.
        pairs: &'static [(&'static str, &'static str)],
        /// What the needed member is, in the message ("the Post text used on click").
        what: &'static str,
    },
    /// An update's [`Check::AtLeastOne`] (of text members): one of `members` must remain on the
    /// record. Only an update that sends one as `""` and none with a value can break it; a
    /// member not sent is read from `context.current` (asked for as rule `rule`). An update
    /// sending none of them is checked against the record only when one is given (never asked
    /// for: it does not touch them).
    OneOfKept {
        /// The members, in the spec's order.
        members: &'static [&'static str],
        /// The message.
        message: &'static str,
        /// The rule id a missing `context.current` names.
        rule: &'static str,
    },
    /// An update's [`Check::Needs`]: each `(by, needed, rule)` the record will have must keep
    /// its `needed`; a member not sent is read from `context.current` (asked for as `rule`)
    /// only when the answer depends on it.
    NeedsKept {
        /// `(by, needed, rule id)` triples.
        pairs: &'static [(&'static str, &'static str, &'static str)],
        /// What the needed member is, in the message.
        what: &'static str,
    },
    /// Members the record always has must not be sent as `""` by an update: each is `required`
    /// ("`name` `message`"). In a kind read in order it is reported right after the member.
    NotSentEmpty {
        /// The members.
        members: &'static [&'static str],
        /// The message after the member's name ("is required and must not be empty").
        message: &'static str,
    },
}

/// The empty value of the members of a [`Check::AtLeastOne`]: a member holding it has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Empty {
    /// Text members: `""` is no value.
    Text,
    /// List members: `[]` is no value.
    List,
}

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
