//! `line_item_update`: the line item PUT query parameters, "all query parameters optional"
//! (document C §4 Line items; business categories from §4 Accounts and account data).
//!
//! Facts outside the payload come from the context: the line item's `objective` and
//! `placements`, the parent campaign's `budget_optimization`, and values set earlier on the
//! record (`current`). Each is asked for only when the payload sends a member whose rule needs
//! it, so a payload that does not involve a fact never gets a `context_missing` warning for it.
//!
//! Where each member's rules live (one file per group of the spec's sentences):
//!
//! | members | file |
//! |---|---|
//! | advertiser_domain, advertiser_user_id | [`advertiser`] |
//! | android_app_store_identifier, ios_app_store_identifier | [`app_store`] |
//! | bid_amount_local_micro, bid_strategy | [`bid`] |
//! | categories (IAB codes, business categories) | [`categories`] |
//! | frequency_cap, duration_in_days (its window) | [`frequency_cap`] |
//! | start_time, end_time | [`flight`] |
//! | pay_by | [`pay_by`] |
//! | total_budget_amount_local_micro, daily_budget_amount_local_micro | [`budget`] |
//! | audience_expansion, entity_status, goal, name (a value set or a type, no more) | this file |
//!
//! Choices where the spec is silent (also in docs/RULES.md):
//! - A member sent replaces the record's value; an empty string leaves it without one, so a
//!   string that is "required when ..." and sent as `""` is `required` when the condition holds.
//!   An empty enum value is not in its set (`not_in_enum`); an empty number is not a number.
//! - Cross-field rules look only at values that passed their own checks (a malformed value is
//!   reported once).
//! - "IMPRESSION is the default for APP_INSTALLS and LINK_CLICKS goals (not with TARGET
//!   bidding)" states a default, and the parenthesis says when that default does not apply; it
//!   does not forbid choosing IMPRESSION with TARGET bidding, so nothing is checked.
//! - "changeable only for APP_INSTALLS line items": sending pay_by changes it, unless
//!   `context.current` is given and already holds the same value (then nothing changes).
//! - advertiser_user_id, "User promoting a PREROLL_VIEWS ad", is a warning (`not_allowed`) on a
//!   line item of another objective: the spec describes the member, it does not state a ban.

pub mod advertiser;
pub mod app_store;
pub mod bid;
pub mod budget;
pub mod categories;
pub mod flight;
pub mod frequency_cap;
pub mod pay_by;

use crate::checks::fields::{self, Need};
use crate::ctx::Ctx;
use crate::json::Value;
use crate::report::{Code, Pointer};
use serde_json::json;

/// audience_expansion: "BROAD, DEFINED, EXPANDED".
pub const AUDIENCE_EXPANSIONS: &[&str] = &["BROAD", "DEFINED", "EXPANDED"];
/// entity_status: "ACTIVE, PAUSED".
pub const ENTITY_STATUSES: &[&str] = &["ACTIVE", "PAUSED"];
/// goal: the 15 documented values.
pub const GOALS: &[&str] = &[
    "APP_CLICKS",
    "APP_INSTALLS",
    "APP_PURCHASES",
    "ENGAGEMENT",
    "FOLLOWERS",
    "LINK_CLICKS",
    "MAX_REACH",
    "PREROLL",
    "PREROLL_STARTS",
    "REACH_WITH_ENGAGEMENT",
    "VIDEO_VIEW",
    "VIEW_3S_100PCT",
    "VIEW_6S",
    "VIEW_15S",
    "WEBSITE_CONVERSIONS",
];
/// advertiser_domain, categories: "required when placement is PUBLISHER_NETWORK".
pub const PUBLISHER_NETWORK: &str = "PUBLISHER_NETWORK";
/// "Business categories apply only to line items with objective PREROLL_VIEWS";
/// advertiser_user_id: "User promoting a PREROLL_VIEWS ad".
pub const PREROLL_VIEWS: &str = "PREROLL_VIEWS";

const KNOWN: &[&str] = &[
    "advertiser_domain",
    "advertiser_user_id",
    "android_app_store_identifier",
    "ios_app_store_identifier",
    "audience_expansion",
    "bid_amount_local_micro",
    "bid_strategy",
    "categories",
    "duration_in_days",
    "entity_status",
    "start_time",
    "end_time",
    "frequency_cap",
    "goal",
    "name",
    "pay_by",
    "total_budget_amount_local_micro",
    "daily_budget_amount_local_micro",
];

/// The PUT query parameters, all optional. Members are checked in the spec's table order, each
/// followed by the cross-field rules it carries.
pub fn validate_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    let Some(obj) = fields::object(ctx, path, value) else {
        return;
    };
    // audience_expansion, entity_status and goal are a value set and no more.
    let value_set = |ctx: &mut Ctx, name: &str, allowed: &[&str]| {
        fields::enum_member(ctx, obj, path, name, allowed, Need::Optional);
    };
    advertiser::advertiser_domain(ctx, path, obj);
    advertiser::advertiser_user_id(ctx, path, obj);
    app_store::app_store_identifiers(ctx, path, obj);
    value_set(ctx, "audience_expansion", AUDIENCE_EXPANSIONS);
    bid::bid(ctx, path, obj);
    categories::categories(ctx, path, obj);
    frequency_cap::duration_in_days(ctx, path, obj);
    value_set(ctx, "entity_status", ENTITY_STATUSES);
    flight::flight(ctx, path, obj);
    frequency_cap::frequency_cap(ctx, path, obj);
    value_set(ctx, "goal", GOALS);
    fields::str_member(ctx, obj, path, "name", Need::Optional);
    pay_by::pay_by(ctx, path, obj);
    budget::budgets(ctx, path, obj);
    fields::unknown_fields(ctx, path, obj, KNOWN);
}

/// "required when placement is PUBLISHER_NETWORK", for member `name` sent as `""`: reports
/// `required` when the line item's placements (context, asked for `rule`) include
/// PUBLISHER_NETWORK. Whether it reported.
fn required_on_publisher_network(
    ctx: &mut Ctx,
    rule: &'static str,
    path: &Pointer,
    name: &str,
) -> bool {
    let on_network = ctx
        .placements(rule)
        .is_some_and(|ps| ps.iter().any(|p| p == PUBLISHER_NETWORK));
    if on_network {
        let why = format!("when placement is {PUBLISHER_NETWORK}");
        required_empty(ctx, path, name, &why);
    }
    on_network
}

/// Reports `required` for a member sent empty that the line item needs (`why` says when).
fn required_empty(ctx: &mut Ctx, path: &Pointer, name: &str, why: &str) {
    let message = format!("{name} must not be empty {why}");
    fields::required_because(ctx, &path.key(name), name, message);
}

/// "Only for <objectives>": reports `not_allowed` at `at` (`what` names what is limited) when the
/// line item's objective (context, asked for `rule`) is not one of `objectives`.
fn only_for_objectives(
    ctx: &mut Ctx,
    rule: &'static str,
    at: &Pointer,
    what: &str,
    objectives: &[&str],
) {
    let Some(objective) = ctx.objective(rule) else {
        return;
    };
    if !objectives.contains(&objective) {
        ctx.error(
            at,
            Code::NotAllowed,
            format!(
                "{what} is only for line items with objective {}",
                objectives.join(", ")
            ),
            json!({"objectives": objectives}),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Mode;
    use crate::options::Options;

    #[test]
    fn never_panics_and_never_echoes_values() {
        let secret = "SECRET://x y/IAB";
        let payload = json!({
            "advertiser_domain": secret, "advertiser_user_id": secret,
            "android_app_store_identifier": "", "ios_app_store_identifier": secret,
            "audience_expansion": secret, "bid_amount_local_micro": secret,
            "bid_strategy": secret, "categories": secret, "duration_in_days": secret,
            "entity_status": secret, "start_time": secret, "end_time": secret,
            "frequency_cap": secret, "goal": secret, "name": secret, "pay_by": secret,
            "total_budget_amount_local_micro": secret,
            "daily_budget_amount_local_micro": u64::MAX,
            "SECRET": secret
        });
        let current = json!({"start_time": secret, "end_time": 5, "pay_by": [],
            "total_budget_amount_local_micro": secret, "daily_budget_amount_local_micro": -1.5});
        let contexts = [
            json!(null),
            json!({"context": {"objective": "APP_INSTALLS", "placements": [],
                "budget_optimization": "CAMPAIGN", "current": current}}),
        ];
        for options in contexts {
            let options = Options::from_value(&options).unwrap_or_default();
            for p in [payload.clone(), json!(null), json!({"categories": ",,,"})] {
                let mut ctx = Ctx::new(&options, Mode::Query);
                validate_update(&mut ctx, &Pointer::root(), &Value::from_serde(&p));
                for i in &ctx.finish().issues {
                    assert!(!i.message.contains("SECRET"), "{}", i.message);
                }
            }
        }
    }
}
