//! total_budget_amount_local_micro ("long") and daily_budget_amount_local_micro ("At most the
//! total budget; only when the parent campaign has budget_optimization LINE_ITEM").

use crate::checks::current::{self, Pair};
use crate::checks::fields::{self, Need};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::options::BudgetOptimization;
use crate::report::Pointer;

/// daily_budget_amount_local_micro: "only when the parent campaign has budget_optimization
/// LINE_ITEM".
pub const DAILY_BUDGET_OPTIMIZATION: BudgetOptimization = BudgetOptimization::LineItem;

const RULE_DAILY_OPTIMIZATION: &str =
    "line_item_update.daily_budget_amount_local_micro.line_item_optimization";
const RULE_DAILY_AT_MOST_TOTAL: &str =
    "line_item_update.daily_budget_amount_local_micro.at_most_total";

/// Both amounts on their own; a daily budget only under LINE_ITEM budget optimization; and the
/// daily budget at most the total when both are known (the one not sent from `context.current`;
/// a line item without a total budget has nothing to exceed).
pub(super) fn budgets(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let total_name = "total_budget_amount_local_micro";
    let daily_name = "daily_budget_amount_local_micro";
    let total = fields::int_member(ctx, obj, path, total_name, Need::Optional);
    let daily = fields::int_member(ctx, obj, path, daily_name, Need::Optional);
    if daily.is_some() {
        if let Some(bo) = ctx.budget_optimization(RULE_DAILY_OPTIMIZATION) {
            if bo != DAILY_BUDGET_OPTIMIZATION {
                let issue = CampaignIssue::DailyBudgetNotAllowed {
                    budget_optimization: DAILY_BUDGET_OPTIMIZATION,
                };
                report(ctx, &path.key(daily_name), issue.into());
            }
        }
    }
    let names = [daily_name, total_name];
    match current::pair(
        ctx,
        RULE_DAILY_AT_MOST_TOTAL,
        obj,
        names,
        (daily, total),
        current::int,
    ) {
        Some(Pair::Sent(d, t) | Pair::SecondFromRecord(d, t)) => {
            daily_at_most_total(ctx, &path.key(daily_name), d, t);
        }
        Some(Pair::FirstFromRecord(d, t)) if d > t => {
            let issue = CampaignIssue::TotalBelowDaily { min: d, actual: t };
            report(ctx, &path.key(total_name), issue.into());
        }
        _ => {}
    }
}

fn daily_at_most_total(ctx: &mut Ctx, p: &Pointer, daily: i64, total: i64) {
    if daily > total {
        let issue = CampaignIssue::DailyAboveTotal {
            max: total,
            actual: daily,
        };
        report(ctx, p, issue.into());
    }
}
