//! `poll_card`: the poll card POST parameters (document C §4 Poll cards, §8 Limits).
//!
//! > `duration_in_minutes` int required (5 to 10080); `first_choice`, `second_choice` strings
//! > required (max 25 chars each); `name` required; `third_choice` (needs first and second),
//! > `fourth_choice` (needs first, second and third), max 25 chars; `media_key` optional.

use crate::checks::fields::{self, Need};
use crate::checks::{lengths, needs, numbers};
use crate::ctx::Ctx;
use crate::describe::{Check, Description, Field, Rule, Str, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::{Code, Pointer};

/// Shortest poll, in minutes.
pub const DURATION_MIN_MINUTES: i64 = 5;
/// Longest poll, in minutes (7 days).
pub const DURATION_MAX_MINUTES: i64 = 10_080;
/// Longest choice, in characters.
pub const CHOICE_MAX_CHARS: usize = 25;

/// The choices in order; each needs every one before it.
const CHOICES: [&str; 4] = [
    "first_choice",
    "second_choice",
    "third_choice",
    "fourth_choice",
];

const KNOWN: &[&str] = &[
    "name",
    "duration_in_minutes",
    "first_choice",
    "second_choice",
    "third_choice",
    "fourth_choice",
    "media_key",
];

/// What `describe("poll_card")` says: the same limits the rules below use.
pub const DESCRIPTION: Description = Description {
    kind: Kind::PollCard,
    title: "The poll card POST parameters",
    source: "C §4 Poll cards, §8 Limits",
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
        Field::optional(
            "fourth_choice",
            Str::max(CHOICE_MAX_CHARS),
            "needs first, second and third; max 25 chars",
        ),
        Field::optional(
            "media_key",
            Str::ANY,
            "optional (write-only; image or video from the media library)",
        ),
    ]),
    rules: &[Rule {
        code: Code::DependencyMissing,
        check: Check::Hook,
        reads_clock: false,
        text: "third_choice needs first and second; fourth_choice needs first, second and third (a choice needed and missing is reported at its own pointer)",
        fields: &["/third_choice", "/fourth_choice"],
    }],
};

pub fn validate(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    let Some(obj) = fields::object(ctx, path, value) else {
        return;
    };
    fields::str_member(ctx, obj, path, "name", Need::Required);
    if let Some(d) = fields::int_member(ctx, obj, path, "duration_in_minutes", Need::Required) {
        numbers::in_range(
            ctx,
            &path.key("duration_in_minutes"),
            d,
            Some(DURATION_MIN_MINUTES),
            Some(DURATION_MAX_MINUTES),
        );
    }
    for (i, name) in CHOICES.iter().enumerate() {
        let need = if i < 2 {
            Need::Required
        } else {
            Need::Optional
        };
        if let Some(choice) = fields::str_member(ctx, obj, path, name, need) {
            lengths::max_chars(ctx, &path.key(name), choice, CHOICE_MAX_CHARS);
        }
        // "third_choice (needs first and second), fourth_choice (needs first, second and third)".
        // A choice needed and missing is reported where it would be (see `checks::needs`): the
        // first two are already `required` there; the third is `dependency_missing` at
        // `/third_choice` when the fourth is sent without it.
        if i >= 2 && fields::present(obj, name) {
            for needed in &CHOICES[2..i] {
                if !fields::present(obj, needed) {
                    needs::missing(
                        ctx,
                        path,
                        needed,
                        name,
                        format!("{needed} is required with {name}"),
                    );
                }
            }
        }
    }
    fields::str_member(ctx, obj, path, "media_key", Need::Optional);
    fields::unknown_fields(ctx, path, obj, KNOWN);
}
