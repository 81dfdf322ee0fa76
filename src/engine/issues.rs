//! Typed issues: what the engine's own checks report, each variant carrying its parameters and
//! giving its stable code, its params and its message in one place ([`IssueKind`]). The engine
//! (the field table, the rule kinds, the formats) reports through [`report`]; the message and
//! params are only built for an issue the report keeps (`options.max_issues`).

use crate::ctx::Ctx;
use crate::report::{Code, Pointer};
use serde_json::{json, Value};

/// An issue of the engine's checks, with its parameters.
#[derive(Clone, Copy, Debug)]
pub enum IssueKind<'a> {
    /// `mutually_exclusive`: `flag` set to true while `other` is given; the message is the rule's.
    Exclusive {
        /// The boolean member.
        flag: &'a str,
        /// The member it excludes.
        other: &'a str,
        /// The rule's message.
        message: &'a str,
    },
    /// `not_allowed`: member `name` is only for the media types `allowed` (`only` in words), and
    /// this media is of type `media_type`.
    MediaTypeOnly {
        /// The member.
        name: &'a str,
        /// The media's type.
        media_type: &'a str,
        /// The types the member is for.
        allowed: &'a [&'a str],
        /// The allowed types in words ("videos").
        only: &'a str,
    },
    /// `required`: item `index` of the list `name` is empty.
    EmptyListItem {
        /// The list member.
        name: &'a str,
        /// The item's index.
        index: usize,
    },
    /// `duplicate`: item `index` repeats item `first`.
    RepeatedItem {
        /// The item's index.
        index: usize,
        /// The index of its first occurrence.
        first: usize,
    },
    /// `wrong_type`: a JSON number where a 64-bit id is expected, beyond what JavaScript holds
    /// exactly.
    UnsafeIdNumber,
    /// `invalid_date_time`: a date-time not on a whole hour.
    NotWholeHour,
    /// `invalid_country_code`: not an ISO 3166-1 alpha-2 code.
    NotCountryCode,
    /// `mutually_exclusive`: more than one of `members` is present; the message is the rule's.
    ExclusiveMembers {
        /// The members, of which at most one may be present.
        members: &'a [&'a str],
        /// The rule's message.
        message: &'a str,
    },
    /// `not_allowed`: a member allowed only in objects tagged one of `allowed_in`.
    OnlyIn {
        /// The tags the member is allowed with.
        allowed_in: &'a [&'a str],
        /// The rule's message.
        message: &'a str,
    },
    /// `one_of_required` or `too_many_items`: a list (`whole` in words) holds `actual` items of
    /// the group `group` ([`super::rules::Contains`]): none, or more than the group's `max`.
    Contains {
        /// The group.
        group: &'a super::rules::Contains,
        /// The list, in words ("a card").
        whole: &'a str,
        /// How many items of the group the list holds.
        actual: usize,
    },
}

impl IssueKind<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match self {
            IssueKind::Exclusive { .. } => Code::MutuallyExclusive,
            IssueKind::MediaTypeOnly { .. } => Code::NotAllowed,
            IssueKind::EmptyListItem { .. } => Code::Required,
            IssueKind::RepeatedItem { .. } => Code::Duplicate,
            IssueKind::UnsafeIdNumber => Code::WrongType,
            IssueKind::NotWholeHour => Code::InvalidDateTime,
            IssueKind::NotCountryCode => Code::InvalidCountryCode,
            IssueKind::ExclusiveMembers { .. } => Code::MutuallyExclusive,
            IssueKind::OnlyIn { .. } => Code::NotAllowed,
            IssueKind::Contains { actual: 0, .. } => Code::OneOfRequired,
            IssueKind::Contains { .. } => Code::TooManyItems,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            IssueKind::Exclusive { message, .. } => message.to_owned(),
            IssueKind::MediaTypeOnly {
                name,
                media_type,
                only,
                ..
            } => format!("{name} is for {only} only; this media is of type {media_type}"),
            IssueKind::EmptyListItem { name, index } => {
                format!("item {index} of {name} is empty (two commas in a row, or one at an end)")
            }
            IssueKind::RepeatedItem { index, first } => {
                format!("item {index} repeats item {first}; items must be unique")
            }
            IssueKind::UnsafeIdNumber => String::from(
                "must be a string of digits: this number is not an id JavaScript holds exactly",
            ),
            IssueKind::NotWholeHour => {
                String::from("must be a whole hour (minutes, seconds and fractions zero)")
            }
            IssueKind::NotCountryCode => String::from("must be an ISO 3166-1 alpha-2 country code"),
            IssueKind::ExclusiveMembers { message, .. } => message.to_owned(),
            IssueKind::OnlyIn { message, .. } => message.to_owned(),
            IssueKind::Contains {
                group,
                whole,
                actual: 0,
            } => format!("{whole} {}", group.missing),
            IssueKind::Contains {
                group,
                whole,
                actual,
            } => format!("{whole} {} (it has {actual})", group.extra),
        }
    }

    /// The params (`null` for none).
    pub fn params(&self) -> Value {
        match *self {
            IssueKind::Exclusive { flag, other, .. } => json!({ "fields": [flag, other] }),
            IssueKind::MediaTypeOnly {
                media_type,
                allowed,
                ..
            } => json!({"media_type": media_type, "allowed_media_types": allowed}),
            IssueKind::EmptyListItem { name, index } => json!({"field": name, "index": index}),
            IssueKind::RepeatedItem { index, first } => {
                json!({"index": index, "first_index": first})
            }
            IssueKind::UnsafeIdNumber => json!({"expected": "string", "actual": "number"}),
            IssueKind::NotWholeHour => {
                json!({"format": crate::formats::Format::WholeHour.name()})
            }
            IssueKind::NotCountryCode => Value::Null,
            IssueKind::ExclusiveMembers { members, .. } => json!({ "fields": members }),
            IssueKind::OnlyIn { allowed_in, .. } => json!({ "allowed_in": allowed_in }),
            IssueKind::Contains { group, actual, .. } => {
                let mut params = serde_json::Map::new();
                params.insert(group.param.to_owned(), json!(group.tags));
                if actual > 0 {
                    params.insert("max".to_owned(), json!(group.max));
                    params.insert("actual".to_owned(), json!(actual));
                }
                Value::Object(params)
            }
        }
    }
}

/// Reports `kind` at `path` as an error.
pub fn report(ctx: &mut Ctx, path: &Pointer, kind: IssueKind<'_>) {
    ctx.error_with(path, kind.code(), || (kind.message(), kind.params()));
}
