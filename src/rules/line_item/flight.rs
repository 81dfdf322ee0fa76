//! start_time, end_time: "ISO 8601"; a flight ends after it starts.

use crate::checks::current::{self, Pair};
use crate::checks::dates::{self, Require};
use crate::checks::fields::{self, Need};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::report::Pointer;

const RULE_DATES: &str = "line_item_update.end_time.after_start_time";

/// Each date on its own; then the end must be later than the start when both are known (a value
/// not sent comes from `context.current`).
pub(super) fn flight(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let names = ["start_time", "end_time"];
    let [start_name, end_name] = names;
    let start = fields::datetime_member(ctx, obj, path, start_name, Require::Any, Need::Optional);
    let end = fields::datetime_member(ctx, obj, path, end_name, Require::Any, Need::Optional);
    let values = (start, end);
    match current::pair(ctx, RULE_DATES, obj, names, values, current::datetime) {
        Some(Pair::Sent(s, e)) => {
            dates::later_than(ctx, &path.key(end_name), &s, &e, start_name);
        }
        Some(Pair::SecondFromRecord(s, e)) if e.key() <= s.key() => {
            let issue = CampaignIssue::StartNotBeforeRecordEnd;
            report(ctx, &path.key(start_name), issue.into());
        }
        Some(Pair::FirstFromRecord(s, e)) => {
            let what = "the line item's start_time";
            dates::later_than(ctx, &path.key(end_name), &s, &e, what);
        }
        _ => {}
    }
}
