//! Typed issues: what the engine's own checks and the shared check primitives
//! ([`crate::checks`]: types, lengths, item counts, ranges, formats, dates) report, each variant carrying its parameters and
//! giving its stable code, its params and its message in one place ([`IssueKind`]). The engine
//! (the field table, the rule kinds, the formats) reports through [`crate::ctx::report`]; the message and
//! params are only built for an issue the report keeps (`options.max_issues`).

mod audiences;
mod campaigns;
mod catalogs;
mod checks;
mod creatives;
mod webhooks;

pub use audiences::AudienceIssue;
pub use campaigns::CampaignIssue;
pub use catalogs::CatalogIssue;
#[cfg(test)]
pub use checks::MESSAGE_MAX_VALUES;
pub use checks::{one_of_text, Allowed, CheckIssue, GtinError, UrlError};
pub use creatives::CreativeIssue;
pub use webhooks::{
    HostProblem, WebhookIssue, DEPRECATED_SINCE, DIRECTIONS, DM_EVENT_TYPES, EVENT_TYPES,
    WEBHOOK_CONFIG_FIELDS,
};

use crate::report::{Code, Issue, Params, Severity};

/// The facts a rule may need from [`crate::options::Context`], in the order their
/// `context_missing` warnings are reported. Public as `preflight::describe::Fact` (a
/// [`When::Context`](crate::model::When::Context) names one); facts are added as rules need
/// them, so a `match` outside the crate needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Fact {
    /// `context.objective`: the line item's campaign objective.
    Objective,
    /// `context.placements`.
    Placements,
    /// `context.budget_optimization`: the campaign's.
    BudgetOptimization,
    /// `context.current`: the object as it stands, for an update.
    Current,
    /// `context.media_types`.
    MediaTypes,
    /// `context.authenticated_user_id`.
    AuthenticatedUserId,
    /// The current time: `options.now`, else the clock ([`crate::clock`]). Missing only where
    /// there is no clock at all.
    Now,
}

impl Fact {
    /// Every fact, in declaration (and report) order.
    pub const ALL: [Fact; 7] = [
        Fact::Objective,
        Fact::Placements,
        Fact::BudgetOptimization,
        Fact::Current,
        Fact::MediaTypes,
        Fact::AuthenticatedUserId,
        Fact::Now,
    ];

    /// The name reported in `params.fact` (the `context` member it comes from).
    pub fn name(self) -> &'static str {
        match self {
            Fact::Objective => "objective",
            Fact::Placements => "placements",
            Fact::BudgetOptimization => "budget_optimization",
            Fact::Current => "current",
            Fact::MediaTypes => "media_types",
            Fact::AuthenticatedUserId => "authenticated_user_id",
            Fact::Now => "now",
        }
    }
}

/// "A list contains one item of the group, and at most `max`" over the tags of a list's items
/// (the card's "one media component plus a DETAILS or BUTTON component", one group each):
/// [`crate::engine::rules::contains`].
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

/// `params.format` of `not_whole_hour` (the `iso8601_whole_hour` format, [`crate::formats`]).
pub const WHOLE_HOUR_FORMAT: &str = "iso8601_whole_hour";

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
    /// `wrong_type`: a value of JSON type `actual` where `expected` is.
    WrongType {
        /// The type expected, in words ("string", "comma-separated string or array of strings").
        expected: &'a str,
        /// The JSON type of the value.
        actual: &'a str,
    },
    /// `too_long`: more than `max` characters.
    TooLong {
        /// The bound.
        max: usize,
        /// The value's characters.
        actual: usize,
    },
    /// `too_short`: fewer than `min` characters.
    TooShort {
        /// The bound.
        min: usize,
        /// The value's characters.
        actual: usize,
    },
    /// `too_few_items`: fewer than `min` items.
    TooFewItems {
        /// The bound.
        min: usize,
        /// The items.
        actual: usize,
    },
    /// `too_many_items`: more than `max` items.
    TooManyItems {
        /// The bound.
        max: usize,
        /// The items.
        actual: usize,
    },
    /// `out_of_range`: the integer `actual` outside `min ..= max` (either bound optional).
    OutOfRange {
        /// The value (`params.actual`); `None` for a whole number beyond the 64-bit range, whose
        /// digits a report does not carry.
        actual: Option<i64>,
        /// The lower bound.
        min: Option<i64>,
        /// The upper bound.
        max: Option<i64>,
    },
    /// `duplicate_key`: a member name written `count` times, first at member `first_index`.
    DuplicateKey {
        /// How many times.
        count: usize,
        /// The index of its first occurrence among the members.
        first_index: usize,
    },
    /// `unknown_field` (a warning): a member not documented for the payload.
    UnknownField,
    /// `invalid_format`: text not of the form `pattern` (`message` says it in words).
    InvalidFormat {
        /// The message.
        message: &'a str,
        /// The pattern or its name (`params.pattern`).
        pattern: &'a str,
    },
    /// `invalid_date_time`: not an ISO 8601 date-time of the form `format`.
    InvalidDateTime {
        /// The message.
        message: &'a str,
        /// The format's name (`params.format`).
        format: &'a str,
    },
    /// `invalid_date_range`: not later than `what`.
    NotLater {
        /// What it must be later than.
        what: &'a str,
    },
    /// `one_of_required`: none of `members` has a value; the message is the rule's.
    AtLeastOne {
        /// The members, in the spec's order.
        members: &'a [&'a str],
        /// The rule's message.
        message: &'a str,
    },
    /// `not_allowed`: a member this object refuses; `allowed` are taken instead.
    MemberNotAllowed {
        /// The members taken instead.
        allowed: &'a [&'a str],
        /// The rule's message.
        message: &'a str,
    },
    /// `invalid_date_range`: a date-time not later than now; the message is the rule's.
    NotLaterThanNow {
        /// The rule's message.
        message: &'a str,
    },
    /// `out_of_range`: `actual` is below `min`, which holds under a condition (`message`, in
    /// words).
    BelowWhen {
        /// The least value.
        min: i64,
        /// The value.
        actual: i64,
        /// The condition in words.
        message: &'a str,
    },
    /// `duplicate`: `count` items share this key, the first at `first`; `message` follows the
    /// count.
    Shared {
        /// How many share it.
        count: usize,
        /// The index of the first.
        first: usize,
        /// The words after the count.
        message: &'a str,
    },
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
    /// the group `group` ([`Contains`]): none, or more than the group's `max`.
    Contains {
        /// The group.
        group: &'a Contains,
        /// The list, in words ("a card").
        whole: &'a str,
        /// How many items of the group the list holds.
        actual: usize,
    },
    /// `context_missing` (a warning, at the payload): the rules `rules` were not checked because
    /// `fact` was not given; params `fact`, `rules`.
    ContextMissing {
        /// The fact (a `context` member, or the clock).
        fact: Fact,
        /// The rules skipped, in the order they were met.
        rules: &'a [&'a str],
    },
    /// `too_many_issues` (the report's last issue, at `""`): issues were left out past
    /// `max_issues`; params `max_issues`, `omitted`, `omitted_errors`, `omitted_warnings`.
    TooManyIssues {
        /// The option's bound.
        max_issues: usize,
        /// The errors left out.
        omitted_errors: usize,
        /// The warnings left out.
        omitted_warnings: usize,
    },
    /// An issue of a shared value check (`src/checks/`).
    Check(CheckIssue<'a>),
    /// An issue of the webhook rules (spec A).
    Webhook(WebhookIssue<'a>),
    /// An issue of the catalog rules (spec B).
    Catalog(CatalogIssue<'a>),
    /// An issue of the audience rules (spec B).
    Audience(AudienceIssue<'a>),
    /// An issue of the creative rules (spec C).
    Creative(CreativeIssue<'a>),
    /// An issue of the campaign rules (spec C).
    Campaign(CampaignIssue<'a>),
}

/// `From` each area's enum into its [`IssueKind`] variant, so a rule reports
/// `crate::ctx::report(ctx, &at, CreativeIssue::.. { .. }.into())`.
macro_rules! from_area {
    ($($area:ident => $variant:ident),*) => {$(
        impl<'a> From<$area<'a>> for IssueKind<'a> {
            fn from(issue: $area<'a>) -> Self {
                IssueKind::$variant(issue)
            }
        }
    )*};
}

from_area!(
    CheckIssue => Check,
    WebhookIssue => Webhook,
    CatalogIssue => Catalog,
    AudienceIssue => Audience,
    CreativeIssue => Creative,
    CampaignIssue => Campaign
);

/// "a" or "an" before `word`.
fn article(word: &str) -> &'static str {
    match word.as_bytes().first() {
        Some(b'a' | b'e' | b'i' | b'o' | b'u') => "an",
        _ => "a",
    }
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
            IssueKind::WrongType { .. } => Code::WrongType,
            IssueKind::TooLong { .. } => Code::TooLong,
            IssueKind::TooShort { .. } => Code::TooShort,
            IssueKind::TooFewItems { .. } => Code::TooFewItems,
            IssueKind::TooManyItems { .. } => Code::TooManyItems,
            IssueKind::OutOfRange { .. } => Code::OutOfRange,
            IssueKind::DuplicateKey { .. } => Code::DuplicateKey,
            IssueKind::UnknownField => Code::UnknownField,
            IssueKind::InvalidFormat { .. } => Code::InvalidFormat,
            IssueKind::InvalidDateTime { .. } => Code::InvalidDateTime,
            IssueKind::NotLater { .. } => Code::InvalidDateRange,
            IssueKind::AtLeastOne { .. } => Code::OneOfRequired,
            IssueKind::MemberNotAllowed { .. } => Code::NotAllowed,
            IssueKind::NotLaterThanNow { .. } => Code::InvalidDateRange,
            IssueKind::BelowWhen { .. } => Code::OutOfRange,
            IssueKind::Shared { .. } => Code::Duplicate,
            IssueKind::ExclusiveMembers { .. } => Code::MutuallyExclusive,
            IssueKind::OnlyIn { .. } => Code::NotAllowed,
            IssueKind::Contains { actual: 0, .. } => Code::OneOfRequired,
            IssueKind::Contains { .. } => Code::TooManyItems,
            IssueKind::ContextMissing { .. } => Code::ContextMissing,
            IssueKind::TooManyIssues { .. } => Code::TooManyIssues,
            IssueKind::Check(i) => i.code(),
            IssueKind::Webhook(i) => i.code(),
            IssueKind::Catalog(i) => i.code(),
            IssueKind::Audience(i) => i.code(),
            IssueKind::Creative(i) => i.code(),
            IssueKind::Campaign(i) => i.code(),
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        // The fixed texts copied in one place, not one allocation and copy per arm.
        let fixed: &str = match *self {
            IssueKind::Exclusive { message, .. } => message,
            IssueKind::MediaTypeOnly {
                name,
                media_type,
                only,
                ..
            } => return format!("{name} is for {only} only; this media is of type {media_type}"),
            IssueKind::EmptyListItem { name, index } => {
                return format!(
                    "item {index} of {name} is empty (two commas in a row, or one at an end)"
                )
            }
            IssueKind::RepeatedItem { index, first } => {
                return format!("item {index} repeats item {first}; items must be unique")
            }
            IssueKind::UnsafeIdNumber => {
                "must be a string of digits: this number is not an id JavaScript holds exactly"
            }
            IssueKind::NotWholeHour => "must be a whole hour (minutes, seconds and fractions zero)",
            IssueKind::NotCountryCode => "must be an ISO 3166-1 alpha-2 country code",
            IssueKind::WrongType { expected, .. } => {
                return format!("must be {} {}", article(expected), expected)
            }
            IssueKind::TooLong { max, actual } => {
                return format!("must be at most {max} characters (it has {actual})")
            }
            IssueKind::TooShort { min, actual } => {
                return format!("must be at least {min} characters (it has {actual})")
            }
            IssueKind::TooFewItems { min, actual } => {
                return format!("must hold at least {min} items (it has {actual})")
            }
            IssueKind::TooManyItems { max, actual } => {
                return format!("must hold at most {max} items (it has {actual})")
            }
            IssueKind::OutOfRange { min, max, .. } => match (min, max) {
                (Some(lo), Some(hi)) => return format!("must be between {lo} and {hi}"),
                (Some(lo), None) => return format!("must be at least {lo}"),
                (None, Some(hi)) => return format!("must be at most {hi}"),
                (None, None) => "is out of range",
            },
            IssueKind::DuplicateKey { count, .. } => {
                return format!(
                    "this member name is written {count} times; only the last value is read"
                )
            }
            IssueKind::UnknownField => {
                "this member is not documented for this payload and will be ignored or refused"
            }
            IssueKind::InvalidFormat { message, .. }
            | IssueKind::InvalidDateTime { message, .. } => message,
            IssueKind::NotLater { what } => return format!("must be later than {what}"),
            IssueKind::AtLeastOne { message, .. }
            | IssueKind::MemberNotAllowed { message, .. }
            | IssueKind::NotLaterThanNow { message }
            | IssueKind::ExclusiveMembers { message, .. }
            | IssueKind::OnlyIn { message, .. } => message,
            IssueKind::BelowWhen { min, message, .. } => {
                return format!("must be at least {min} {message}")
            }
            IssueKind::Shared { count, message, .. } => return format!("{count} {message}"),
            IssueKind::Contains {
                group,
                whole,
                actual: 0,
            } => return format!("{whole} {}", group.missing),
            IssueKind::Contains {
                group,
                whole,
                actual,
            } => return format!("{whole} {} (it has {actual})", group.extra),
            IssueKind::ContextMissing { fact, rules } => {
                let what = match fact {
                    Fact::Now => String::from("options.now was not given and there is no clock"),
                    _ => format!("context.{} was not given", fact.name()),
                };
                return format!(
                    "{what}, so these rules were not checked: {}",
                    rules.join(", ")
                );
            }
            IssueKind::TooManyIssues {
                max_issues: max,
                omitted_errors: errors,
                omitted_warnings: warnings,
            } => {
                let omitted = errors.saturating_add(warnings);
                let s = |n: usize| if n == 1 { "" } else { "s" };
                return format!(
                    "{omitted} more issue{} not shown ({errors} error{}, {warnings} warning{}): a \
                     report holds at most {max} issue{} (option max_issues)",
                    s(omitted),
                    s(errors),
                    s(warnings),
                    s(max),
                );
            }
            IssueKind::Check(i) => return i.message(),
            IssueKind::Webhook(i) => return i.message(),
            IssueKind::Catalog(i) => return i.message(),
            IssueKind::Audience(i) => return i.message(),
            IssueKind::Creative(i) => return i.message(),
            IssueKind::Campaign(i) => return i.message(),
        };
        fixed.to_owned()
    }

    /// This issue at `path` with `severity`, its message and params rendered: what a report
    /// holds ([`Ctx::record`] for every issue, [`Ctx::finish`] for the last one).
    pub fn issue(&self, path: String, severity: Severity) -> Issue {
        Issue {
            path,
            code: self.code(),
            message: self.message(),
            severity,
            params: self.params(),
        }
    }

    /// The params (none for some kinds).
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            IssueKind::Exclusive { flag, other, .. } => p.with("fields", &[flag, other][..]),
            IssueKind::MediaTypeOnly {
                media_type,
                allowed,
                ..
            } => p
                .with("media_type", media_type)
                .with("allowed_media_types", allowed),
            IssueKind::EmptyListItem { name, index } => p.with("field", name).with("index", index),
            IssueKind::RepeatedItem { index, first } => {
                p.with("index", index).with("first_index", first)
            }
            IssueKind::UnsafeIdNumber => p.with("expected", "string").with("actual", "number"),
            IssueKind::NotWholeHour => p.with("format", WHOLE_HOUR_FORMAT),
            IssueKind::NotCountryCode | IssueKind::UnknownField | IssueKind::NotLater { .. } => p,
            IssueKind::WrongType { expected, actual } => {
                p.with("expected", expected).with("actual", actual)
            }
            IssueKind::TooLong { max, actual } | IssueKind::TooManyItems { max, actual } => {
                p.with("max", max).with("actual", actual)
            }
            IssueKind::TooShort { min, actual } | IssueKind::TooFewItems { min, actual } => {
                p.with("min", min).with("actual", actual)
            }
            IssueKind::OutOfRange { actual, min, max } => {
                let p = match actual {
                    Some(n) => p.with("actual", n),
                    None => p,
                };
                let p = match min {
                    Some(lo) => p.with("min", lo),
                    None => p,
                };
                match max {
                    Some(hi) => p.with("max", hi),
                    None => p,
                }
            }
            IssueKind::DuplicateKey { count, first_index }
            | IssueKind::Shared {
                count,
                first: first_index,
                ..
            } => p.with("count", count).with("first_index", first_index),
            IssueKind::InvalidFormat { pattern, .. } => p.with("pattern", pattern),
            IssueKind::InvalidDateTime { format, .. } => p.with("format", format),
            IssueKind::AtLeastOne { members, .. } | IssueKind::ExclusiveMembers { members, .. } => {
                p.with("fields", members)
            }
            IssueKind::OnlyIn { allowed_in, .. } => p.with("allowed_in", allowed_in),
            IssueKind::Contains { group, actual, .. } => {
                let p = p.with(group.param, group.tags);
                if actual > 0 {
                    p.with("max", group.max).with("actual", actual)
                } else {
                    p
                }
            }
            IssueKind::MemberNotAllowed { allowed, .. } => p.with("allowed", allowed),
            IssueKind::NotLaterThanNow { .. } => p.with("later_than", "now"),
            IssueKind::BelowWhen { min, actual, .. } => p.with("min", min).with("actual", actual),
            IssueKind::ContextMissing { fact, rules } => {
                p.with("fact", fact.name()).with("rules", rules)
            }
            IssueKind::TooManyIssues {
                max_issues,
                omitted_errors,
                omitted_warnings,
            } => p
                .with("max_issues", max_issues)
                .with("omitted", omitted_errors.saturating_add(omitted_warnings))
                .with("omitted_errors", omitted_errors)
                .with("omitted_warnings", omitted_warnings),
            IssueKind::Check(i) => i.params(),
            IssueKind::Webhook(i) => i.params(),
            IssueKind::Catalog(i) => i.params(),
            IssueKind::Audience(i) => i.params(),
            IssueKind::Creative(i) => i.params(),
            IssueKind::Campaign(i) => i.params(),
        }
    }
}
