//! advertiser_domain ("Domain without protocol; required when placement is PUBLISHER_NETWORK")
//! and advertiser_user_id ("User promoting a PREROLL_VIEWS ad").

use super::{
    given_on_publisher_network, kept_without_value, required_on_publisher_network, PREROLL_VIEWS,
    PUBLISHER_NETWORK,
};
use crate::checks::fields::{self, Need};
use crate::checks::urls;
use crate::ctx::warn;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::report::Pointer;

const RULE_DOMAIN_PN: &str = "line_item_update.advertiser_domain.required_for_publisher_network";
const RULE_USER_PREROLL: &str = "line_item_update.advertiser_user_id.preroll_views";

/// advertiser_domain: a bare domain name (see [`urls::is_domain`]); sent empty, it is
/// `required` on the PUBLISHER_NETWORK placement; not sent, it is `required` there when the
/// record (`context.current`, if given) has none.
pub(super) fn advertiser_domain(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let name = "advertiser_domain";
    if !fields::present(obj, name) {
        if given_on_publisher_network(ctx) {
            let why = format!("when placement is {}", PUBLISHER_NETWORK.name());
            kept_without_value(ctx, path, name, &why);
        }
        return;
    }
    let Some(s) = fields::str_member(ctx, obj, path, name, Need::Optional) else {
        return;
    };
    if s.is_empty() {
        required_on_publisher_network(ctx, RULE_DOMAIN_PN, path, name);
        return;
    }
    urls::domain(ctx, &path.key(name), s);
}

/// advertiser_user_id: "User promoting a PREROLL_VIEWS ad" (a warning on other objectives).
pub(super) fn advertiser_user_id(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let name = "advertiser_user_id";
    match fields::str_member(ctx, obj, path, name, Need::Optional) {
        Some(s) if !s.is_empty() => {}
        _ => return,
    }
    if let Some(objective) = ctx.objective(RULE_USER_PREROLL) {
        if objective != PREROLL_VIEWS {
            let issue = CampaignIssue::AdvertiserUserNotFor {
                objective: PREROLL_VIEWS,
            };
            warn(ctx, &path.key(name), issue.into());
        }
    }
}
