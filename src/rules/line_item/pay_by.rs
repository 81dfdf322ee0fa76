//! pay_by: "APP_CLICK, IMPRESSION, LINK_CLICK; changeable only for APP_INSTALLS line items".
//! ("IMPRESSION is the default for APP_INSTALLS and LINK_CLICKS goals (not with TARGET bidding)"
//! states a default: nothing is checked.)

use crate::checks::current;
use crate::checks::fields::{self, Need};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::options::Objective;
use crate::report::Pointer;

/// pay_by: "APP_CLICK, IMPRESSION, LINK_CLICK".
pub const PAY_BY_VALUES: &[&str] = &["APP_CLICK", "IMPRESSION", "LINK_CLICK"];
/// pay_by: "changeable only for APP_INSTALLS line items".
pub const PAY_BY_CHANGEABLE_OBJECTIVE: Objective = Objective::AppInstalls;

const RULE_PAY_BY: &str = "line_item_update.pay_by.app_installs_only";

/// One of [`PAY_BY_VALUES`]; sending it changes it, which only an APP_INSTALLS line item allows.
pub(super) fn pay_by(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let name = "pay_by";
    let Some(v) = fields::enum_member(ctx, obj, path, name, PAY_BY_VALUES, Need::Optional) else {
        return;
    };
    let Some(objective) = ctx.objective(RULE_PAY_BY) else {
        return;
    };
    if objective == PAY_BY_CHANGEABLE_OBJECTIVE {
        return;
    }
    // Sending the value the line item already has changes nothing; the record is read if given
    // but never asked for.
    let unchanged = ctx
        .current_if_given()
        .is_some_and(|record| current::string(record, name) == Some(v));
    if !unchanged {
        let issue = CampaignIssue::PayByNotChangeable {
            objective: PAY_BY_CHANGEABLE_OBJECTIVE,
        };
        report(ctx, &path.key(name), issue.into());
    }
}
