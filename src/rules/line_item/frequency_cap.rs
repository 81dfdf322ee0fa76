//! frequency_cap ("int"; "Only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives")
//! and duration_in_days ("window of frequency_cap"; "1, 7 or 30"). The spec states no dependency
//! between the two, so none is checked.

use super::only_for_objectives;
use crate::checks::fields::{self, Need};
use crate::checks::{enums, numbers};
use crate::ctx::Ctx;
use crate::model::At;
use crate::options::Objective;

/// duration_in_days: "1, 7 or 30".
pub const DURATIONS_IN_DAYS: &[i64] = &[1, 7, 30];
/// The shortest of [`DURATIONS_IN_DAYS`] (`describe`'s minimum).
pub const DURATION_MIN_DAYS: i64 = DURATIONS_IN_DAYS[0];
/// The longest of [`DURATIONS_IN_DAYS`] (`describe`'s maximum).
pub const DURATION_MAX_DAYS: i64 = DURATIONS_IN_DAYS[DURATIONS_IN_DAYS.len() - 1];
/// frequency_cap: "Only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives".
pub const FREQUENCY_CAP_OBJECTIVES: &[Objective] = &[
    Objective::Reach,
    Objective::Engagements,
    Objective::VideoViews,
    Objective::PrerollViews,
];

const RULE_FREQUENCY_CAP: &str = "line_item_update.frequency_cap.objectives";

/// duration_in_days: one of [`DURATIONS_IN_DAYS`].
pub(super) fn duration_in_days(ctx: &mut Ctx, at: &At) {
    let (path, obj) = (at.path, at.object);
    let name = "duration_in_days";
    let Some(v) = fields::member(ctx, obj, path, name, Need::Optional) else {
        return;
    };
    let p = path.key(name);
    // A whole number beyond 64 bits is none of them either: `i64::MAX` stands for it.
    if let Some(d) = numbers::whole(ctx, &p, v) {
        enums::one_of_int(ctx, &p, d.unwrap_or(i64::MAX), DURATIONS_IN_DAYS);
    }
}

/// frequency_cap: an integer, only for the objectives of [`FREQUENCY_CAP_OBJECTIVES`].
pub(super) fn frequency_cap(ctx: &mut Ctx, at: &At) {
    let (path, obj) = (at.path, at.object);
    let name = "frequency_cap";
    if fields::int_member(ctx, obj, path, name, Need::Optional).is_some() {
        let (rule, objectives) = (RULE_FREQUENCY_CAP, FREQUENCY_CAP_OBJECTIVES);
        only_for_objectives(ctx, rule, &path.key(name), name, objectives);
    }
}
