//! bid_amount_local_micro ("long"; "greater than zero; required when bid_strategy is MAX or
//! TARGET") and bid_strategy ("AUTO (ignores bid amount), MAX (not for REACH or FOLLOWERS
//! objectives), TARGET (daily averages within 20% of the bid amount; for REACH or WEBSITE_CLICKS
//! objectives)").

use super::only_for_objectives;
use crate::checks::fields::{self, Need};
use crate::checks::{current, numbers};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::options::Objective;
use crate::report::Pointer;

/// bid_strategy: "AUTO (ignores bid amount), MAX (...), TARGET (...)".
pub const BID_STRATEGIES: &[&str] = &["AUTO", "MAX", "TARGET"];
/// "MAX (not for REACH or FOLLOWERS objectives)".
pub const MAX_BID_EXCLUDED_OBJECTIVES: &[Objective] = &[Objective::Reach, Objective::Followers];
/// "TARGET (...; for REACH or WEBSITE_CLICKS objectives)".
pub const TARGET_BID_OBJECTIVES: &[Objective] = &[Objective::Reach, Objective::WebsiteClicks];
/// bid_amount_local_micro: "required when bid_strategy is MAX or TARGET".
pub const BID_STRATEGIES_NEEDING_AMOUNT: &[&str] = &["MAX", "TARGET"];
/// bid_amount_local_micro: "greater than zero" (the smallest whole number of micro units).
pub const BID_AMOUNT_MIN_MICRO: i64 = 1;

const RULE_BID_MAX: &str = "line_item_update.bid_strategy.max_objectives";
const RULE_BID_TARGET: &str = "line_item_update.bid_strategy.target_objectives";
const RULE_BID_AMOUNT: &str = "line_item_update.bid_amount_local_micro.required_for_max_or_target";

/// The amount on its own, then the strategy with the objectives it is for and the amount it
/// needs.
pub(super) fn bid(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let amount_name = "bid_amount_local_micro";
    if let Some(v) = fields::member(ctx, obj, path, amount_name, Need::Optional) {
        let min = Some(BID_AMOUNT_MIN_MICRO);
        numbers::integer_in(ctx, &path.key(amount_name), v, min, None);
    }
    if !fields::present(obj, "bid_strategy") {
        // The strategy is kept: a record given with MAX or TARGET and no amount keeps a line
        // item without the amount it needs, unless this update sets one (read, never asked).
        let kept = ctx.current_if_given().and_then(|r| {
            let strategy = current::string(r, "bid_strategy")?;
            (BID_STRATEGIES_NEEDING_AMOUNT.contains(&strategy)
                && !current::has_value(r, amount_name))
            .then(|| strategy.to_owned())
        });
        if let Some(strategy) = kept {
            if !fields::present(obj, amount_name) {
                amount_missing(ctx, path, &strategy);
            }
        }
        return;
    }
    let Some(strategy) = fields::enum_member(
        ctx,
        obj,
        path,
        "bid_strategy",
        BID_STRATEGIES,
        Need::Optional,
    ) else {
        return;
    };
    let p = path.key("bid_strategy");
    match strategy {
        "MAX" => {
            if let Some(objective) = ctx.objective(RULE_BID_MAX) {
                if MAX_BID_EXCLUDED_OBJECTIVES.contains(&objective) {
                    let issue = CampaignIssue::NotForObjectives {
                        what: "MAX bidding",
                        objectives: MAX_BID_EXCLUDED_OBJECTIVES,
                    };
                    report(ctx, &p, issue.into());
                }
            }
        }
        "TARGET" => {
            only_for_objectives(
                ctx,
                RULE_BID_TARGET,
                &p,
                "TARGET bidding",
                TARGET_BID_OBJECTIVES,
            );
        }
        _ => {}
    }
    // Reported at the amount, the member missing; an amount set earlier counts.
    if BID_STRATEGIES_NEEDING_AMOUNT.contains(&strategy) && !fields::present(obj, amount_name) {
        if let Some(record) = ctx.current(RULE_BID_AMOUNT) {
            if !current::has_value(record, amount_name) {
                amount_missing(ctx, path, strategy);
            }
        }
    }
}

/// `dependency_missing` at `/bid_amount_local_micro`: bid_strategy `strategy` needs it.
fn amount_missing(ctx: &mut Ctx, path: &Pointer, strategy: &str) {
    let amount_name = "bid_amount_local_micro";
    crate::checks::needs::missing(
        ctx,
        path,
        amount_name,
        "bid_strategy",
        format!("{amount_name} is required when bid_strategy is {strategy}"),
    );
}
