//! The rule kinds across fields, as data ([`Check`]), and their interpreter ([`check`]).
//!
//! A kind's description lists its rules across fields ([`crate::describe::Rule`]); each carries
//! the words `describe` shows and the [`Check`] the engine runs. A rule that data cannot say is
//! [`Check::Hook`]: the kind's named hook ([`super::Hook::After`]) checks it.

use crate::checks::{current, dates, fields, needs};
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
    /// "At least one of `members`": none given (present and not `""`; a value of another type
    /// counts, it is reported on its own) is `one_of_required` at the first, `params.fields` all.
    OneOf {
        /// The members, in the spec's order.
        members: &'static [&'static str],
        /// The message.
        message: &'static str,
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
    /// An update's [`Check::OneOf`]: one of `members` must remain on the record. Only an update
    /// that sends one as `""` and none with a value can break it; a member not sent is read from
    /// `context.current` (asked for as rule `rule`). An update sending none of them is checked
    /// against the record only when one is given (never asked for: it does not touch them).
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
        Check::After { check: inner, .. } => check(ctx, path, obj, inner),
        Check::ExactlyOne {
            members,
            exclusive,
            missing,
        } => exactly_one(ctx, path, obj, members, exclusive, missing),
        Check::OneOf { members, message } => {
            if !members.iter().any(|m| fields::given(obj, m)) {
                needs::one_of(ctx, path, members, message);
            }
        }
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
            issues::report(ctx, &path.key(first), kind);
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

fn one_of_kept(
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

fn needs_kept(
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

fn not_sent_empty(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, name: &str, message: &str) {
    if matches!(obj.get(name), Some(Value::String(s)) if s.is_empty()) {
        fields::required_because(ctx, &path.key(name), name, format!("{name} {message}"));
    }
}

/// "A list contains one item of the group, and at most `max`" over the tags of a list's items
/// (the card's "one media component plus a DETAILS or BUTTON component", one group each):
/// [`contains`].
#[derive(Clone, Copy, Debug)]
pub struct Contains {
    /// The tags of the group.
    pub tags: &'static [&'static str],
    /// The most items of the group a list takes.
    pub max: usize,
    /// The params member naming the tags (`component_types`).
    pub param: &'static str,
    /// The words after the list's name when it holds none ("needs a DETAILS or BUTTON
    /// component").
    pub missing: &'static str,
    /// The words after the list's name when it holds more than `max` ("takes only one DETAILS
    /// or BUTTON component").
    pub extra: &'static str,
}

/// Each group of `groups` over `tags`, the tags of the items of the list at `path` (`whole`
/// names it in messages: "a card"): none of a group is `one_of_required`, more than its `max`
/// `too_many_items`, both at the list.
pub fn contains(
    ctx: &mut Ctx,
    path: &Pointer,
    tags: &[&str],
    groups: &'static [Contains],
    whole: &str,
) {
    for group in groups {
        let actual = tags.iter().filter(|t| group.tags.contains(t)).count();
        if actual == 0 || actual > group.max {
            let kind = IssueKind::Contains {
                group,
                whole,
                actual,
            };
            issues::report(ctx, path, kind);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Check;
    use crate::ctx::{Ctx, Mode};
    use crate::describe::{Description, Field, Rule, Str, Type};
    use crate::kind::Kind;
    use crate::options::Options;
    use crate::report::{Code, Pointer};

    const fn rule(check: Check) -> Rule {
        Rule {
            code: Code::OneOfRequired,
            check,
            reads_clock: false,
            text: "",
            fields: &[],
        }
    }

    /// A kind read in order: `a`, then `b` and `c`, exactly one of which, checked right after
    /// `a`; `d` needs `e`; `a` must not be sent empty.
    const D: Description = Description {
        kind: Kind::Card,
        title: "",
        source: "",
        root: Type::Object(&[
            Field::optional("a", Str::max(1), "a"),
            Field::optional("b", Str::ANY, "b"),
            Field::optional("c", Str::ANY, "c"),
            Field::optional("d", Str::ANY, "d"),
            Field::optional("e", Str::ANY, "e"),
        ]),
        rules: &[
            rule(Check::Needs {
                pairs: &[("d", "e")],
                what: "the e",
            }),
            rule(Check::After {
                member: "a",
                check: &Check::ExactlyOne {
                    members: &["b", "c"],
                    exclusive: "not both",
                    missing: Some("one of b or c"),
                },
            }),
            rule(Check::NotSentEmpty {
                members: &["a"],
                message: "must not be empty",
            }),
        ],
    };

    fn issues(payload: &str) -> Vec<(String, &'static str)> {
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let v = crate::json::parse(payload.as_bytes()).expect("JSON");
        if let crate::json::Value::Object(obj) = &v {
            super::super::in_order(&mut ctx, &Pointer::root(), obj, &D);
        }
        let report = ctx.finish();
        report
            .issues
            .iter()
            .map(|i| (i.path.clone(), i.code.as_str()))
            .collect()
    }

    #[test]
    fn rules_placed_after_a_member_report_before_the_members_after_it() {
        assert_eq!(
            issues(r#"{"a": "xx", "b": 1, "c": "", "d": "y", "f": 0}"#),
            vec![
                ("/a".to_string(), "too_long"),
                ("/b".to_string(), "mutually_exclusive"),
                ("/b".to_string(), "wrong_type"),
                ("/e".to_string(), "dependency_missing"),
                ("/f".to_string(), "unknown_field"),
            ]
        );
        assert_eq!(
            issues(r#"{"d": 1, "a": ""}"#),
            vec![
                // The rules placed after `a`, in the order listed.
                ("/b".to_string(), "one_of_required"),
                ("/a".to_string(), "required"),
                ("/d".to_string(), "wrong_type"),
            ]
        );
        assert!(issues(r#"{"c": "", "d": "y", "e": "z"}"#).is_empty());
    }
}
