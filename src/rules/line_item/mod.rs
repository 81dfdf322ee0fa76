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
//! - A member a rule needs that the update does not send keeps the record's value: with the fact
//!   given and `context.current` given without a value for it, it is reported at its pointer
//!   (advertiser_domain and categories `required`, the app store identifiers `one_of_required`,
//!   bid_amount_local_micro `dependency_missing`). The record is read if given, never asked for.
//! - `context.placements` on the publisher network: PUBLISHER_NETWORK or a `TAP_` refinement.
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

use crate::checks::current;
use crate::checks::fields;
use crate::ctx::report;
use crate::ctx::{Ctx, Fact};
use crate::issues::CampaignIssue;
use crate::model::{Check, Condition, Description, Field, Format, Rule, Str, Type, When};
use crate::options::{Objective, Placement};
use crate::report::{Code, Pointer};

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
/// advertiser_domain, categories: "required when placement is PUBLISHER_NETWORK" (its `TAP_`
/// refinements count as it: [`Placement::on_publisher_network`]).
pub const PUBLISHER_NETWORK: Placement = Placement::PublisherNetwork;

/// Whether a line item of `placements` is on the publisher network (PUBLISHER_NETWORK or one of
/// its `TAP_` refinements).
pub fn on_publisher_network(placements: &[Placement]) -> bool {
    placements.iter().any(|p| p.on_publisher_network())
}
/// "Business categories apply only to line items with objective PREROLL_VIEWS";
/// advertiser_user_id: "User promoting a PREROLL_VIEWS ad".
pub const PREROLL_VIEWS: Objective = Objective::PrerollViews;

/// "required when placement is PUBLISHER_NETWORK": on this PUT a member not sent keeps the line
/// item's value, so the engine reports `required` for the member sent empty.
const ON_PUBLISHER_NETWORK: Condition = Condition {
    text: "required when placement is PUBLISHER_NETWORK (on this PUT: not sent empty)",
    when: When::Context {
        fact: Fact::Placements,
        values: &[PUBLISHER_NETWORK.name()],
    },
};

/// Any whole number (the spec states no range).
const INT: Type = Type::Int {
    min: None,
    max: None,
};

/// What `describe("line_item_update")` says, and the row the engine runs: every query parameter
/// of the PUT, all optional except where a fact of `options.context` makes one required; the
/// facts the rules across members need are named in each rule. Members in the spec's table
/// order, each followed by the cross-field rules it carries: the members whose rules read the
/// context or the record are checked by slot hooks (`checked_in_slot`: the functions of the
/// submodules), the others (audience_expansion, entity_status, goal, name) by the table.
pub const DESCRIPTION: Description = Description {
    title: "The line item PUT query parameters",
    root: Type::Object(&[
        Field::required_when(
            "advertiser_domain",
            Str::format(Format::Domain),
            ON_PUBLISHER_NETWORK,
            "Domain without protocol; required when placement is PUBLISHER_NETWORK",
        )
        .checked_in_slot(advertiser::advertiser_domain),
        Field::optional(
            "advertiser_user_id",
            Str::ANY,
            "User promoting a PREROLL_VIEWS ad",
        )
        .checked_in_slot(advertiser::advertiser_user_id),
        Field::optional(
            "android_app_store_identifier",
            Str::ANY,
            "APP_INSTALLS and APP_ENGAGEMENTS need this or the iOS identifier",
        )
        .checked_in_slot(app_store::app_store_identifiers),
        Field::optional(
            "ios_app_store_identifier",
            Str::format(Format::Numeric),
            "Numeric portion of the store identifier",
        )
        .checked_with_previous(),
        Field::optional(
            "audience_expansion",
            Type::Enum(AUDIENCE_EXPANSIONS),
            "BROAD, DEFINED, EXPANDED",
        ),
        Field::optional(
            "bid_amount_local_micro",
            Type::Int {
                min: Some(bid::BID_AMOUNT_MIN_MICRO),
                max: None,
            },
            "long; greater than zero; required when bid_strategy is MAX or TARGET",
        )
        .checked_in_slot(bid::bid),
        Field::optional(
            "bid_strategy",
            Type::Enum(bid::BID_STRATEGIES),
            "AUTO (ignores bid amount), MAX (not for REACH or FOLLOWERS objectives), TARGET (for REACH or WEBSITE_CLICKS objectives)",
        )
        .checked_with_previous(),
        Field::required_when(
            "categories",
            Str::format(Format::IabCategoryList),
            ON_PUBLISHER_NETWORK,
            "IAB categories (comma-separated IAB codes); required when placement is PUBLISHER_NETWORK",
        )
        .checked_in_slot(categories::categories),
        Field::optional(
            "duration_in_days",
            Type::Int {
                min: Some(frequency_cap::DURATION_MIN_DAYS),
                max: Some(frequency_cap::DURATION_MAX_DAYS),
            },
            "window of frequency_cap: 1, 7 or 30",
        )
        .checked_in_slot(frequency_cap::duration_in_days),
        Field::optional(
            "entity_status",
            Type::Enum(ENTITY_STATUSES),
            "ACTIVE, PAUSED",
        ),
        Field::optional("start_time", Str::format(Format::DateTime), "ISO 8601")
            .checked_in_slot(flight::flight),
        Field::optional("end_time", Str::format(Format::DateTime), "ISO 8601")
            .checked_with_previous(),
        Field::optional(
            "frequency_cap",
            INT,
            "int; only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives",
        )
        .checked_in_slot(frequency_cap::frequency_cap),
        Field::optional("goal", Type::Enum(GOALS), "default depends on objective"),
        Field::optional("name", Str::ANY, "The line item's name"),
        Field::optional(
            "pay_by",
            Type::Enum(pay_by::PAY_BY_VALUES),
            "APP_CLICK, IMPRESSION, LINK_CLICK; changeable only for APP_INSTALLS line items",
        )
        .checked_in_slot(pay_by::pay_by),
        Field::optional("total_budget_amount_local_micro", INT, "long").checked_in_slot(budget::budgets),
        Field::optional(
            "daily_budget_amount_local_micro",
            INT,
            "At most the total budget; only when the parent campaign has budget_optimization LINE_ITEM",
        )
        .checked_with_previous(),
    ]),
    rules: &[
        Rule {
            code: Code::OneOfRequired,
            check: Check::Hook,
            reads_clock: false,
            text: "APP_INSTALLS and APP_ENGAGEMENTS line items need android_app_store_identifier or ios_app_store_identifier (context: objective, current)",
            fields: &["/android_app_store_identifier", "/ios_app_store_identifier"],
        },
        Rule {
            code: Code::DependencyMissing,
            check: Check::Hook,
            reads_clock: false,
            text: "bid_amount_local_micro is required when bid_strategy is MAX or TARGET (context: current)",
            fields: &["/bid_strategy", "/bid_amount_local_micro"],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "bid_strategy MAX is not for REACH or FOLLOWERS objectives; TARGET is for REACH or WEBSITE_CLICKS objectives (context: objective)",
            fields: &["/bid_strategy"],
        },
        Rule {
            code: Code::TooManyItems,
            check: Check::Hook,
            reads_clock: false,
            text: "business categories: a PREROLL_VIEWS line item takes one or two IAB codes in categories (sent empty: required) (context: objective)",
            fields: &["/categories"],
        },
        Rule {
            code: Code::InvalidDateRange,
            check: Check::Hook,
            reads_clock: false,
            text: "end_time is later than start_time (context: current, for the one not sent)",
            fields: &["/start_time", "/end_time"],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "frequency_cap only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives (context: objective)",
            fields: &["/frequency_cap"],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "pay_by is changeable only for APP_INSTALLS line items (context: objective; current if given)",
            fields: &["/pay_by"],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "daily_budget_amount_local_micro only when the parent campaign has budget_optimization LINE_ITEM (context: budget_optimization)",
            fields: &["/daily_budget_amount_local_micro"],
        },
        Rule {
            code: Code::OutOfRange,
            check: Check::Hook,
            reads_clock: false,
            text: "daily_budget_amount_local_micro is at most the total budget (context: current, for the one not sent)",
            fields: &[
                "/daily_budget_amount_local_micro",
                "/total_budget_amount_local_micro",
            ],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "advertiser_user_id is the user promoting a PREROLL_VIEWS ad (a warning on another objective) (context: objective)",
            fields: &["/advertiser_user_id"],
        },
    ],
};

/// "required when placement is PUBLISHER_NETWORK", for member `name` sent as `""`: reports
/// `required` when the line item's placements (context, asked for `rule`) are on the publisher
/// network ([`on_publisher_network`]). Whether it reported.
fn required_on_publisher_network(
    ctx: &mut Ctx,
    rule: &'static str,
    path: &Pointer,
    name: &str,
) -> bool {
    let on_network = ctx.placements(rule).is_some_and(on_publisher_network);
    if on_network {
        let why = format!("when placement is {}", PUBLISHER_NETWORK.name());
        required_empty(ctx, path, name, &why);
    }
    on_network
}

/// Whether the given placements (read without asking: see [`kept_without_value`]) are on the
/// publisher network.
fn given_on_publisher_network(ctx: &Ctx) -> bool {
    ctx.options
        .context
        .placements
        .as_deref()
        .is_some_and(on_publisher_network)
}

/// Reports `required` for a member sent empty that the line item needs (`why` says when).
fn required_empty(ctx: &mut Ctx, path: &Pointer, name: &str, why: &str) {
    let message = format!("{name} must not be empty {why}");
    fields::required_because(ctx, &path.key(name), name, message);
}

/// For member `name`, which the update does not send and the line item needs (`why` says when):
/// reports `required` at its pointer when the record (`context.current`) is given and has no
/// value for it, since the line item keeps none after the update. The update does not touch
/// the member, so the record is read if given and never asked for (no `context_missing`).
fn kept_without_value(ctx: &mut Ctx, path: &Pointer, name: &str, why: &str) {
    let lacks = ctx
        .current_if_given()
        .is_some_and(|record| !current::has_value(record, name));
    if lacks {
        let message = format!(
            "{name} is required {why}: the line item has none (context.current) and this update does not set one"
        );
        fields::required_because(ctx, &path.key(name), name, message);
    }
}

/// "Only for <objectives>": reports `not_allowed` at `at` (`what` names what is limited) when the
/// line item's objective (context, asked for `rule`) is not one of `objectives`.
fn only_for_objectives(
    ctx: &mut Ctx,
    rule: &'static str,
    at: &Pointer,
    what: &str,
    objectives: &[Objective],
) {
    let Some(objective) = ctx.objective(rule) else {
        return;
    };
    if !objectives.contains(&objective) {
        let issue = CampaignIssue::OnlyForObjectives { what, objectives };
        report(ctx, at, issue.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::Kind;
    use crate::model::MemberHook;
    use crate::options::Options;
    use serde_json::json;

    /// A member checked by an earlier member's slot hook follows one (the first member cannot
    /// be covered, and a covered member never follows a member the table checks itself).
    #[test]
    fn covered_members_follow_a_slot() {
        let mut in_slot = false;
        for f in DESCRIPTION.fields() {
            match f.check {
                Some(MemberHook::Slot(_)) => in_slot = true,
                Some(MemberHook::Covered) => assert!(in_slot, "{}", f.name),
                _ => in_slot = false,
            }
        }
    }

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
                let v = crate::json::Value::from_serde(&p);
                let report =
                    crate::engine::run(crate::spec::v12::spec(Kind::LineItemUpdate), &v, &options);
                for i in &report.issues {
                    assert!(!i.message.contains("SECRET"), "{}", i.message);
                }
            }
        }
    }
}
