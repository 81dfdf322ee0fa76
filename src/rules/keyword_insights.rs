//! `keyword_insights_query`: the keyword insights GET query (document B §4 Keyword insights,
//! §8 Limits).
//!
//! > GET {ads_base_url}/12/insights/keywords/search
//! >
//! > | granularity | enum | yes | `DAY`, `HOUR` |
//! > | keywords | string | yes | Comma-separated, OR-combined |
//! > | start_time | string | yes | ISO 8601 |
//! > | end_time | string | no | ISO 8601, default now |
//! > | location | string | no | Country-level targeting value from the locations targeting endpoint; results are for a single country |
//! > | negative_keywords | string | no | Comma-separated exclusions, OR-combined |
//! >
//! > Max 10 keywords (keywords plus negative_keywords); max span end_time minus start_time is 7
//! > days.
//! > §8: Keyword insights: 7-day span; 10 keywords.
//!
//! The per-field rules come from the description; the two rules across fields (the keyword
//! count over both lists, the span between the two times) follow it. Choices where the spec is
//! silent are listed in docs/RULES.md.

use crate::checks::dates::{self, DateTime};
use crate::checks::fields;
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::engine::form::LIST_SEPARATOR;
use crate::issues::CampaignIssue;
use crate::json::{Object, Value};
use crate::model::{Check, Description, Field, Format, List, Rule, Str, Type};
use crate::report::{Code, Pointer};

/// "`granularity` enum: `DAY`, `HOUR`".
pub const GRANULARITIES: [&str; 2] = ["DAY", "HOUR"];
/// "Max 10 keywords (keywords plus negative_keywords)" (§8 "10 keywords"): the bound of the two
/// lists together, and so of each alone.
pub const KEYWORDS_MAX: usize = 10;
/// "max span end_time minus start_time is 7 days" (§8 "7-day span").
pub const SPAN_MAX_DAYS: i64 = 7;
/// [`SPAN_MAX_DAYS`] in seconds.
pub const SPAN_MAX_SECONDS: i64 = SPAN_MAX_DAYS * SECONDS_PER_DAY;
const SECONDS_PER_DAY: i64 = 86_400;

/// A comma-separated keyword list of at most [`KEYWORDS_MAX`] items.
const KEYWORD_LIST: Type = Type::List(&List {
    item: Str::ANY,
    min_items: None,
    max_items: Some(KEYWORDS_MAX),
    unique: false,
});

const KEYWORDS: &str = "keywords";
const NEGATIVE_KEYWORDS: &str = "negative_keywords";
const START_TIME: &str = "start_time";
const END_TIME: &str = "end_time";

/// The keyword count across both lists.
const KEYWORD_COUNT_RULE: Rule = Rule {
    code: Code::TooManyItems,
    check: Check::Hook,
    reads_clock: false,
    text: "Max 10 keywords (keywords plus negative_keywords)",
    fields: &["/keywords", "/negative_keywords"],
};

/// The span between the two times.
const SPAN_RULE: Rule = Rule {
    code: Code::InvalidDateRange,
    check: Check::Hook,
    reads_clock: true,
    text: "end_time is later than start_time, and max span end_time minus start_time is 7 days; end_time not given is now (options.now, else the clock), and start_time is then reported",
    fields: &["/start_time", "/end_time"],
};

/// What `describe("keyword_insights_query")` says.
pub const KEYWORD_INSIGHTS_QUERY: Description = Description {
    title: "The keyword insights GET query",
    root: Type::Object(&[
        Field::required("granularity", Type::Enum(&GRANULARITIES), "DAY, HOUR"),
        Field::required(KEYWORDS, KEYWORD_LIST, "Comma-separated, OR-combined"),
        Field::required(START_TIME, Str::format(Format::DateTime), "ISO 8601"),
        Field::optional(
            END_TIME,
            Str::format(Format::DateTime),
            "ISO 8601, default now",
        ),
        Field::optional(
            "location",
            Str::ANY,
            "Country-level targeting value from the locations targeting endpoint; results are for a single country",
        ),
        Field::optional(
            NEGATIVE_KEYWORDS,
            KEYWORD_LIST,
            "Comma-separated exclusions, OR-combined",
        ),
    ]),
    rules: &[KEYWORD_COUNT_RULE, SPAN_RULE],
};

/// The hook of `keyword_insights_query` (its two rules across fields: the keyword count and
/// the span, which reads the clock).
pub fn keyword_count_and_span(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    keyword_count(ctx, path, obj);
    span(ctx, path, obj);
}

/// "Max 10 keywords (keywords plus negative_keywords)": each list is already held to
/// [`KEYWORDS_MAX`] on its own; the sum is reported once, with
/// `params.fields`, at `/keywords` (the list a form marks: the one the limit is named after,
/// and the one that is always there). A list that is malformed (reported on its own) takes no
/// part.
fn keyword_count(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let (Some(keywords), Some(negatives)) = (
        item_count(ctx, path, obj, KEYWORDS),
        item_count(ctx, path, obj, NEGATIVE_KEYWORDS),
    ) else {
        return;
    };
    let actual = keywords + negatives;
    if actual > KEYWORDS_MAX {
        let issue = CampaignIssue::TooManyKeywords {
            max: KEYWORDS_MAX,
            actual,
            fields: &[KEYWORDS, NEGATIVE_KEYWORDS],
        };
        report(ctx, &path.key(KEYWORDS), issue.into());
    }
}

/// The items of the list `name` (0 when absent), or `None` when it was reported as malformed.
fn item_count(ctx: &Ctx, path: &Pointer, obj: &Object<'_>, name: &str) -> Option<usize> {
    let at = path.key(name);
    if ctx.has_error_at(&at) {
        return None;
    }
    match obj.get(name) {
        None => Some(0),
        Some(Value::String(s)) if s.is_empty() => Some(0),
        Some(Value::String(s)) => Some(s.split(LIST_SEPARATOR).count()),
        Some(Value::Array(items)) => items
            .iter()
            .all(|i| i.as_str().is_some_and(|s| !s.is_empty()))
            .then_some(items.len()),
        Some(_) => None,
    }
}

/// The span between `start_time` and `end_time`: the end must be later than the start, and at
/// most [`SPAN_MAX_DAYS`] after it. Reported at `/end_time` when it is given (and well-formed);
/// without it the span ends "now" (`end_time` "default now"), read from the clock
/// ([`Ctx::now`]), and a start in the future or more than [`SPAN_MAX_DAYS`] ago is reported at
/// `/start_time`, the member that breaks it.
fn span(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let Some(start) = time(obj, START_TIME) else {
        return;
    };
    if fields::present(obj, END_TIME) {
        let Some(end) = time(obj, END_TIME) else {
            return;
        };
        let at = path.key(END_TIME);
        if dates::later_than(ctx, &at, &start, &end, START_TIME) {
            max_span(ctx, &at, &start, &end, false);
        }
        return;
    }
    let Some(now) = ctx.now(RULE_SPAN_TO_NOW) else {
        return;
    };
    let at = path.key(START_TIME);
    if start.key() >= now.key() {
        report(ctx, &at, CampaignIssue::StartNotBeforeNow.into());
        return;
    }
    max_span(ctx, &at, &start, &now, true);
}

/// The rule id `end_time` "default now" is checked under (named when there is no clock).
const RULE_SPAN_TO_NOW: &str = crate::clock::KEYWORD_SPAN_TO_NOW;

/// "max span end_time minus start_time is 7 days", for an end later than the start: reports
/// `invalid_date_range` at `at` (`to_now`: the end is now, `end_time` not given).
fn max_span(ctx: &mut Ctx, at: &Pointer, start: &DateTime, end: &DateTime, to_now: bool) {
    let seconds = end.unix_seconds - start.unix_seconds;
    let nanos = i64::from(end.nanos) - i64::from(start.nanos);
    if seconds > SPAN_MAX_SECONDS || (seconds == SPAN_MAX_SECONDS && nanos > 0) {
        // Whole seconds as an integer; a span with a fraction as a float.
        let issue = CampaignIssue::SpanTooLong {
            max_days: SPAN_MAX_DAYS,
            max_seconds: SPAN_MAX_SECONDS,
            seconds,
            nanos,
            to_now,
        };
        report(ctx, at, issue.into());
    }
}

/// The instant of the date-time member `name`, when it is a well-formed ISO 8601 string.
fn time(obj: &Object<'_>, name: &str) -> Option<DateTime> {
    obj.get(name)
        .and_then(Value::as_str)
        .and_then(dates::parse_iso8601)
}
