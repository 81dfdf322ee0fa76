//! The rule kinds across fields, as data: each [`Check`] is interpreted by the engine
//! ([`crate::engine::rules::check`]).

use super::Applies;

/// A rule across the members of one object.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Check {
    /// Checked by the kind's hook, not by data.
    Hook,
    /// Checked by the field table itself, member by member (a member's
    /// [`needs`](crate::model::Field::needs)); listed for `describe`.
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
    /// ([`crate::model::Field::then`]), whose
    /// [`Field::grouped`](crate::model::Field::grouped) members leave their conditions to it.
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
