//! `poll_card`: the poll card POST parameters (document C §4 Poll cards, §8 Limits).
//!
//! > `duration_in_minutes` int required (5 to 10080); `first_choice`, `second_choice` strings
//! > required (max 25 chars each); `name` required; `third_choice` (needs first and second),
//! > `fourth_choice` (needs first, second and third), max 25 chars; `media_key` optional.

use crate::model::{Check, Description, Field, Rule, Str, Type};
use crate::report::Code;

/// Shortest poll, in minutes.
pub const DURATION_MIN_MINUTES: i64 = 5;
/// Longest poll, in minutes (7 days).
pub const DURATION_MAX_MINUTES: i64 = 10_080;
/// Longest choice, in characters.
pub const CHOICE_MAX_CHARS: usize = 25;

/// What `describe("poll_card")` says, and what the engine checks: the whole kind is this row.
pub const DESCRIPTION: Description = Description {
    title: "The poll card POST parameters",
    root: Type::Object(&[
        Field::required("name", Str::ANY, "The card's name"),
        Field::required(
            "duration_in_minutes",
            Type::Int {
                min: Some(DURATION_MIN_MINUTES),
                max: Some(DURATION_MAX_MINUTES),
            },
            "int required (5 to 10080)",
        ),
        Field::required("first_choice", Str::max(CHOICE_MAX_CHARS), "max 25 chars"),
        Field::required("second_choice", Str::max(CHOICE_MAX_CHARS), "max 25 chars"),
        Field::optional(
            "third_choice",
            Str::max(CHOICE_MAX_CHARS),
            "needs first and second; max 25 chars",
        ),
        // "fourth_choice (needs first, second and third)": the first two are always required,
        // so it needs the third.
        Field::optional(
            "fourth_choice",
            Str::max(CHOICE_MAX_CHARS),
            "needs first, second and third; max 25 chars",
        )
        .needs(&["third_choice"]),
        Field::optional(
            "media_key",
            Str::ANY,
            "optional (write-only; image or video from the media library)",
        ),
    ]),
    rules: &[Rule {
        code: Code::DependencyMissing,
        check: Check::InTable,
        reads_clock: false,
        text: "third_choice needs first and second; fourth_choice needs first, second and third (a choice needed and missing is reported at its own pointer)",
        fields: &["/third_choice", "/fourth_choice"],
    }],
};
