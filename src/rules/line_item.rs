//! `line_item_update`: the line item PUT query parameters, "all query parameters optional"
//! (document C §4 Line items; business categories from §4 Accounts and account data).
//!
//! Facts outside the payload come from the context: the line item's `objective` and
//! `placements`, the parent campaign's `budget_optimization`, and values set earlier on the
//! record (`current`). Each is asked for only when the payload sends a member whose rule needs
//! it, so a payload that does not involve a fact never gets a `context_missing` warning for it.
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

use crate::checks::dates::{self, DateTime, Require};
use crate::checks::fields::{self, Need};
use crate::checks::numbers::{self, parse_decimal_i64};
use crate::checks::urls::{parse_http_url, Host};
use crate::checks::{enums, lengths};
use crate::ctx::Ctx;
use crate::options::BudgetOptimization;
use crate::report::{Code, Pointer};
use serde_json::{json, Map, Value};

/// bid_strategy: "AUTO (ignores bid amount), MAX (...), TARGET (...)".
pub const BID_STRATEGIES: &[&str] = &["AUTO", "MAX", "TARGET"];
/// "MAX (not for REACH or FOLLOWERS objectives)".
pub const MAX_BID_EXCLUDED_OBJECTIVES: &[&str] = &["REACH", "FOLLOWERS"];
/// "TARGET (...; for REACH or WEBSITE_CLICKS objectives)".
pub const TARGET_BID_OBJECTIVES: &[&str] = &["REACH", "WEBSITE_CLICKS"];
/// bid_amount_local_micro: "required when bid_strategy is MAX or TARGET".
pub const BID_STRATEGIES_NEEDING_AMOUNT: &[&str] = &["MAX", "TARGET"];
/// bid_amount_local_micro: "greater than zero" (the smallest whole number of micro units).
pub const BID_AMOUNT_MIN_MICRO: i64 = 1;
/// frequency_cap: "Only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives".
pub const FREQUENCY_CAP_OBJECTIVES: &[&str] =
    &["REACH", "ENGAGEMENTS", "VIDEO_VIEWS", "PREROLL_VIEWS"];
/// duration_in_days: "1, 7 or 30".
pub const DURATIONS_IN_DAYS: &[i64] = &[1, 7, 30];
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
/// pay_by: "APP_CLICK, IMPRESSION, LINK_CLICK".
pub const PAY_BY_VALUES: &[&str] = &["APP_CLICK", "IMPRESSION", "LINK_CLICK"];
/// pay_by: "changeable only for APP_INSTALLS line items".
pub const PAY_BY_CHANGEABLE_OBJECTIVE: &str = "APP_INSTALLS";
/// android/ios_app_store_identifier: "APP_INSTALLS and APP_ENGAGEMENTS need this or the iOS
/// identifier".
pub const APP_OBJECTIVES: &[&str] = &["APP_INSTALLS", "APP_ENGAGEMENTS"];
/// The two app store identifiers, one of which the app objectives need.
pub const APP_STORE_IDENTIFIERS: [&str; 2] =
    ["android_app_store_identifier", "ios_app_store_identifier"];
/// advertiser_domain, categories: "required when placement is PUBLISHER_NETWORK".
pub const PUBLISHER_NETWORK: &str = "PUBLISHER_NETWORK";
/// "Business categories apply only to line items with objective PREROLL_VIEWS";
/// advertiser_user_id: "User promoting a PREROLL_VIEWS ad".
pub const PREROLL_VIEWS: &str = "PREROLL_VIEWS";
/// Business categories: "one or two must be set through the line item categories parameter".
pub const PREROLL_CATEGORIES_MIN: usize = 1;
/// See [`PREROLL_CATEGORIES_MIN`].
pub const PREROLL_CATEGORIES_MAX: usize = 2;
/// categories: "IAB categories", one list item per code.
pub const CATEGORY_SEPARATOR: char = ',';
/// The form of an IAB category code (reported in `params.pattern`).
pub const IAB_CODE_PATTERN: &str = "^IAB[0-9]+(-[0-9]+)?$";
/// The prefix of an IAB category code.
pub const IAB_PREFIX: &str = "IAB";
/// daily_budget_amount_local_micro: "only when the parent campaign has budget_optimization
/// LINE_ITEM".
pub const DAILY_BUDGET_OPTIMIZATION: BudgetOptimization = BudgetOptimization::LineItem;
/// The name of [`DAILY_BUDGET_OPTIMIZATION`] in options and params.
pub const DAILY_BUDGET_OPTIMIZATION_NAME: &str = "LINE_ITEM";
/// advertiser_domain: "Domain without protocol" (reported in `params.pattern`).
pub const DOMAIN_PATTERN: &str = "domain name without protocol, like example.com";
/// ios_app_store_identifier: "Numeric portion of the store identifier" (`params.pattern`).
pub const IOS_ID_PATTERN: &str = "^[0-9]+$";

// Rule ids, as docs/RULES.md names them and `context_missing` lists them.
const RULE_DOMAIN_PN: &str = "line_item_update.advertiser_domain.required_for_publisher_network";
const RULE_USER_PREROLL: &str = "line_item_update.advertiser_user_id.preroll_views";
const RULE_APP_IDS: &str = "line_item_update.app_store_identifier.app_objectives";
const RULE_BID_MAX: &str = "line_item_update.bid_strategy.max_objectives";
const RULE_BID_TARGET: &str = "line_item_update.bid_strategy.target_objectives";
const RULE_BID_AMOUNT: &str = "line_item_update.bid_amount_local_micro.required_for_max_or_target";
const RULE_CATEGORIES_PN: &str = "line_item_update.categories.required_for_publisher_network";
const RULE_CATEGORIES_PREROLL: &str = "line_item_update.categories.preroll_views_one_or_two";
const RULE_DATES: &str = "line_item_update.end_time.after_start_time";
const RULE_FREQUENCY_CAP: &str = "line_item_update.frequency_cap.objectives";
const RULE_PAY_BY: &str = "line_item_update.pay_by.app_installs_only";
const RULE_DAILY_OPTIMIZATION: &str =
    "line_item_update.daily_budget_amount_local_micro.line_item_optimization";
const RULE_DAILY_AT_MOST_TOTAL: &str =
    "line_item_update.daily_budget_amount_local_micro.at_most_total";

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
    advertiser_domain(ctx, path, obj);
    advertiser_user_id(ctx, path, obj);
    app_store_identifiers(ctx, path, obj);
    enum_member(ctx, path, obj, "audience_expansion", AUDIENCE_EXPANSIONS);
    bid(ctx, path, obj);
    categories(ctx, path, obj);
    if let Some(d) = fields::int_member(ctx, obj, path, "duration_in_days", Need::Optional) {
        if !DURATIONS_IN_DAYS.contains(&d) {
            ctx.error(
                &path.key("duration_in_days"),
                Code::NotInEnum,
                format!("must be one of: {}", join_numbers(DURATIONS_IN_DAYS)),
                json!({"allowed": DURATIONS_IN_DAYS}),
            );
        }
    }
    enum_member(ctx, path, obj, "entity_status", ENTITY_STATUSES);
    flight(ctx, path, obj);
    if fields::int_member(ctx, obj, path, "frequency_cap", Need::Optional).is_some() {
        if let Some(objective) = ctx.objective(RULE_FREQUENCY_CAP) {
            if !FREQUENCY_CAP_OBJECTIVES.contains(&objective) {
                ctx.error(
                    &path.key("frequency_cap"),
                    Code::NotAllowed,
                    format!(
                        "frequency_cap is only for line items with objective {}",
                        FREQUENCY_CAP_OBJECTIVES.join(", ")
                    ),
                    json!({"objectives": FREQUENCY_CAP_OBJECTIVES}),
                );
            }
        }
    }
    enum_member(ctx, path, obj, "goal", GOALS);
    fields::str_member(ctx, obj, path, "name", Need::Optional);
    pay_by(ctx, path, obj);
    budgets(ctx, path, obj);
    fields::unknown_fields(ctx, path, obj, KNOWN);
}

/// An optional string member that must be one of `allowed`; the value when it is.
fn enum_member<'v>(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &'v Map<String, Value>,
    name: &str,
    allowed: &[&str],
) -> Option<&'v str> {
    let v = fields::str_member(ctx, obj, path, name, Need::Optional)?;
    enums::one_of(ctx, &path.key(name), v, allowed).then_some(v)
}

/// Whether the line item's placements (context) include PUBLISHER_NETWORK; `None` when the fact
/// is not given (recorded for `rule`).
fn on_publisher_network(ctx: &mut Ctx, rule: &'static str) -> Option<bool> {
    ctx.placements(rule)
        .map(|ps| ps.iter().any(|p| p == PUBLISHER_NETWORK))
}

fn publisher_network_reason() -> String {
    format!("when placement is {PUBLISHER_NETWORK}")
}

fn join_numbers(ns: &[i64]) -> String {
    ns.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// Reports `required` for a member sent empty that the line item needs (`why` says when).
fn required_empty(ctx: &mut Ctx, path: &Pointer, name: &str, why: &str) {
    ctx.error(
        &path.key(name),
        Code::Required,
        format!("{name} must not be empty {why}"),
        json!({"field": name}),
    );
}

/// advertiser_domain: "Domain without protocol; required when placement is PUBLISHER_NETWORK".
fn advertiser_domain(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let name = "advertiser_domain";
    let Some(s) = fields::str_member(ctx, obj, path, name, Need::Optional) else {
        return;
    };
    if s.is_empty() {
        if on_publisher_network(ctx, RULE_DOMAIN_PN) == Some(true) {
            required_empty(ctx, path, name, &publisher_network_reason());
        }
        return;
    }
    if !is_domain(s) {
        let message = if s.contains("://") {
            "must be a domain without protocol: leave out http:// or https://"
        } else {
            "must be a domain name without protocol, path or port, like example.com"
        };
        ctx.error(
            &path.key(name),
            Code::InvalidFormat,
            message,
            json!({"pattern": DOMAIN_PATTERN}),
        );
    }
}

/// A DNS domain name with nothing around it: no protocol, user, port, path, query or fragment,
/// and not an IP address (host names follow [`crate::checks::urls`]).
pub fn is_domain(s: &str) -> bool {
    let mut url = String::with_capacity(s.len() + 7);
    url.push_str("http://");
    url.push_str(s);
    match parse_http_url(&url) {
        Ok(u) => {
            matches!(u.host, Host::Domain(_))
                && u.userinfo.is_none()
                && u.port.is_none()
                && u.path.is_empty()
                && u.query.is_none()
                && u.fragment.is_none()
        }
        Err(_) => false,
    }
}

/// advertiser_user_id: "User promoting a PREROLL_VIEWS ad" (a warning on other objectives).
fn advertiser_user_id(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let name = "advertiser_user_id";
    match fields::str_member(ctx, obj, path, name, Need::Optional) {
        Some(s) if !s.is_empty() => {}
        _ => return,
    }
    if let Some(objective) = ctx.objective(RULE_USER_PREROLL) {
        if objective != PREROLL_VIEWS {
            ctx.warning(
                &path.key(name),
                Code::NotAllowed,
                format!("advertiser_user_id is documented only as the user promoting a {PREROLL_VIEWS} ad"),
                json!({"objectives": [PREROLL_VIEWS]}),
            );
        }
    }
}

/// The two app store identifiers: "APP_INSTALLS and APP_ENGAGEMENTS need this or the iOS
/// identifier"; ios_app_store_identifier is the "Numeric portion of the store identifier".
fn app_store_identifiers(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let [android, ios] = APP_STORE_IDENTIFIERS;
    fields::str_member(ctx, obj, path, android, Need::Optional);
    if let Some(s) = fields::str_member(ctx, obj, path, ios, Need::Optional) {
        if !s.is_empty() && !s.bytes().all(|b| b.is_ascii_digit()) {
            ctx.error(
                &path.key(ios),
                Code::InvalidFormat,
                "must be only the numeric portion of the App Store identifier (digits, without the leading id)",
                json!({"pattern": IOS_ID_PATTERN}),
            );
        }
    }
    // Only an update that sends an identifier empty, and no value for the other, can leave an
    // app line item without one.
    let sent: Vec<Option<&Value>> = APP_STORE_IDENTIFIERS.iter().map(|n| obj.get(*n)).collect();
    let cleared = sent
        .iter()
        .any(|v| v.is_some_and(|v| v.as_str() == Some("")));
    let valued = sent
        .iter()
        .any(|v| v.is_some_and(|v| v.as_str() != Some("")));
    if !cleared || valued {
        return;
    }
    let Some(objective) = ctx.objective(RULE_APP_IDS) else {
        return;
    };
    if !APP_OBJECTIVES.contains(&objective) {
        return;
    }
    let kept = if sent.iter().any(Option::is_none) {
        let Some(current) = ctx.current(RULE_APP_IDS) else {
            return;
        };
        APP_STORE_IDENTIFIERS
            .iter()
            .zip(&sent)
            .any(|(name, v)| v.is_none() && current_has(current, name))
    } else {
        false
    };
    if !kept {
        ctx.error(
            path,
            Code::OneOfRequired,
            format!(
                "line items with objective {} need {android} or {ios}",
                APP_OBJECTIVES.join(", ")
            ),
            json!({"fields": APP_STORE_IDENTIFIERS}),
        );
    }
}

/// bid_amount_local_micro ("greater than zero; required when bid_strategy is MAX or TARGET") and
/// bid_strategy (the objectives MAX and TARGET are for).
fn bid(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let amount_name = "bid_amount_local_micro";
    if let Some(n) = fields::int_member(ctx, obj, path, amount_name, Need::Optional) {
        numbers::in_range(
            ctx,
            &path.key(amount_name),
            n,
            Some(BID_AMOUNT_MIN_MICRO),
            None,
        );
    }
    let Some(strategy) = enum_member(ctx, path, obj, "bid_strategy", BID_STRATEGIES) else {
        return;
    };
    let p = path.key("bid_strategy");
    match strategy {
        "MAX" => {
            if let Some(objective) = ctx.objective(RULE_BID_MAX) {
                if MAX_BID_EXCLUDED_OBJECTIVES.contains(&objective) {
                    ctx.error(
                        &p,
                        Code::NotAllowed,
                        format!(
                            "MAX bidding is not for line items with objective {}",
                            MAX_BID_EXCLUDED_OBJECTIVES.join(", ")
                        ),
                        json!({"not_for_objectives": MAX_BID_EXCLUDED_OBJECTIVES}),
                    );
                }
            }
        }
        "TARGET" => {
            if let Some(objective) = ctx.objective(RULE_BID_TARGET) {
                if !TARGET_BID_OBJECTIVES.contains(&objective) {
                    ctx.error(
                        &p,
                        Code::NotAllowed,
                        format!(
                            "TARGET bidding is only for line items with objective {}",
                            TARGET_BID_OBJECTIVES.join(", ")
                        ),
                        json!({"objectives": TARGET_BID_OBJECTIVES}),
                    );
                }
            }
        }
        _ => {}
    }
    // The strategy carries the need (the engine's convention); an amount set earlier counts.
    if BID_STRATEGIES_NEEDING_AMOUNT.contains(&strategy) && !fields::present(obj, amount_name) {
        if let Some(current) = ctx.current(RULE_BID_AMOUNT) {
            if !current_has(current, amount_name) {
                ctx.error(
                    &p,
                    Code::DependencyMissing,
                    format!(
                        "{} bidding needs {amount_name}",
                        BID_STRATEGIES_NEEDING_AMOUNT.join(" or ")
                    ),
                    json!({"needs": [amount_name]}),
                );
            }
        }
    }
}

/// categories: "IAB categories; required when placement is PUBLISHER_NETWORK"; business
/// categories "apply only to line items with objective PREROLL_VIEWS; one or two must be set
/// through the line item categories parameter using the corresponding IAB codes".
fn categories(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let name = "categories";
    let Some(s) = fields::str_member(ctx, obj, path, name, Need::Optional) else {
        return;
    };
    let p = path.key(name);
    if s.is_empty() {
        if on_publisher_network(ctx, RULE_CATEGORIES_PN) == Some(true) {
            required_empty(ctx, path, name, &publisher_network_reason());
        } else if ctx.objective(RULE_CATEGORIES_PREROLL) == Some(PREROLL_VIEWS) {
            let why = format!(
                "for {PREROLL_VIEWS} line items ({PREROLL_CATEGORIES_MIN} to {PREROLL_CATEGORIES_MAX} IAB codes)"
            );
            required_empty(ctx, path, name, &why);
        }
        return;
    }
    let codes: Vec<&str> = s.split(CATEGORY_SEPARATOR).map(str::trim).collect();
    if !codes.iter().all(|c| is_iab_code(c)) {
        ctx.error(
            &p,
            Code::InvalidFormat,
            "must be a comma-separated list of IAB category codes, like IAB1 or IAB9-30",
            json!({"pattern": IAB_CODE_PATTERN}),
        );
    }
    if ctx.objective(RULE_CATEGORIES_PREROLL) == Some(PREROLL_VIEWS) {
        lengths::item_count(
            ctx,
            &p,
            codes.len(),
            Some(PREROLL_CATEGORIES_MIN),
            Some(PREROLL_CATEGORIES_MAX),
        );
    }
}

/// Whether `s` has the form of an IAB category code ([`IAB_CODE_PATTERN`]).
pub fn is_iab_code(s: &str) -> bool {
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    match s.strip_prefix(IAB_PREFIX) {
        Some(rest) => match rest.split_once('-') {
            Some((tier1, tier2)) => digits(tier1) && digits(tier2),
            None => digits(rest),
        },
        None => false,
    }
}

/// A date-time member: `None` when absent or malformed (reported), else the parsed value.
fn date_member(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Map<String, Value>,
    name: &str,
) -> Option<DateTime> {
    let s = fields::str_member(ctx, obj, path, name, Need::Optional)?;
    dates::datetime(ctx, &path.key(name), s, Require::Any)
}

/// A date-time of the existing record, if it holds a well-formed one.
fn current_date(current: &Map<String, Value>, name: &str) -> Option<DateTime> {
    current
        .get(name)
        .and_then(Value::as_str)
        .and_then(dates::parse_iso8601)
}

/// start_time, end_time: "ISO 8601"; the end must be later than the start when both are known
/// (a value not sent comes from `context.current`).
fn flight(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let start = date_member(ctx, path, obj, "start_time");
    let end = date_member(ctx, path, obj, "end_time");
    let start_sent = fields::present(obj, "start_time");
    let end_sent = fields::present(obj, "end_time");
    match (start, end) {
        (Some(s), Some(e)) => {
            dates::later_than(ctx, &path.key("end_time"), &s, &e, "start_time");
        }
        (Some(s), None) if !end_sent => {
            let Some(current) = ctx.current(RULE_DATES) else {
                return;
            };
            if let Some(e) = current_date(current, "end_time") {
                if e.key() <= s.key() {
                    ctx.error(
                        &path.key("start_time"),
                        Code::InvalidDateRange,
                        "must be earlier than the line item's end_time",
                        Value::Null,
                    );
                }
            }
        }
        (None, Some(e)) if !start_sent => {
            let Some(current) = ctx.current(RULE_DATES) else {
                return;
            };
            if let Some(s) = current_date(current, "start_time") {
                dates::later_than(
                    ctx,
                    &path.key("end_time"),
                    &s,
                    &e,
                    "the line item's start_time",
                );
            }
        }
        _ => {}
    }
}

/// pay_by: "APP_CLICK, IMPRESSION, LINK_CLICK; changeable only for APP_INSTALLS line items".
fn pay_by(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let Some(v) = enum_member(ctx, path, obj, "pay_by", PAY_BY_VALUES) else {
        return;
    };
    let Some(objective) = ctx.objective(RULE_PAY_BY) else {
        return;
    };
    if objective == PAY_BY_CHANGEABLE_OBJECTIVE {
        return;
    }
    // Sending the value the line item already has changes nothing.
    let unchanged = ctx
        .current_if_given()
        .is_some_and(|c| c.get("pay_by").and_then(Value::as_str) == Some(v));
    if !unchanged {
        ctx.error(
            &path.key("pay_by"),
            Code::NotAllowed,
            format!("pay_by can be changed only for {PAY_BY_CHANGEABLE_OBJECTIVE} line items"),
            json!({"objectives": [PAY_BY_CHANGEABLE_OBJECTIVE]}),
        );
    }
}

/// total_budget_amount_local_micro (long) and daily_budget_amount_local_micro ("At most the total
/// budget; only when the parent campaign has budget_optimization LINE_ITEM").
fn budgets(ctx: &mut Ctx, path: &Pointer, obj: &Map<String, Value>) {
    let total_name = "total_budget_amount_local_micro";
    let daily_name = "daily_budget_amount_local_micro";
    let total = fields::int_member(ctx, obj, path, total_name, Need::Optional);
    let daily = fields::int_member(ctx, obj, path, daily_name, Need::Optional);
    if daily.is_some() {
        if let Some(bo) = ctx.budget_optimization(RULE_DAILY_OPTIMIZATION) {
            if bo != DAILY_BUDGET_OPTIMIZATION {
                ctx.error(
                    &path.key(daily_name),
                    Code::NotAllowed,
                    format!(
                        "a daily budget is only for line items whose campaign has budget_optimization {DAILY_BUDGET_OPTIMIZATION_NAME}"
                    ),
                    json!({"budget_optimization": DAILY_BUDGET_OPTIMIZATION_NAME}),
                );
            }
        }
    }
    let total_sent = fields::present(obj, total_name);
    let daily_sent = fields::present(obj, daily_name);
    match (daily, total) {
        (Some(d), Some(t)) => daily_at_most_total(ctx, &path.key(daily_name), d, t),
        (Some(d), None) if !total_sent => {
            if let Some(current) = ctx.current(RULE_DAILY_AT_MOST_TOTAL) {
                // A line item without a total budget has nothing to exceed.
                if let Some(t) = current_int(current, total_name) {
                    daily_at_most_total(ctx, &path.key(daily_name), d, t);
                }
            }
        }
        (None, Some(t)) if !daily_sent => {
            if let Some(current) = ctx.current(RULE_DAILY_AT_MOST_TOTAL) {
                if let Some(d) = current_int(current, daily_name) {
                    if d > t {
                        ctx.error(
                            &path.key(total_name),
                            Code::OutOfRange,
                            "must be at least the line item's daily budget",
                            json!({"min": d, "actual": t}),
                        );
                    }
                }
            }
        }
        _ => {}
    }
}

fn daily_at_most_total(ctx: &mut Ctx, p: &Pointer, daily: i64, total: i64) {
    if daily > total {
        ctx.error(
            p,
            Code::OutOfRange,
            "must be at most the total budget",
            json!({"max": total, "actual": daily}),
        );
    }
}

/// Whether the existing record holds a value for `name` (not absent, `null` or `""`).
fn current_has(current: &Map<String, Value>, name: &str) -> bool {
    match current.get(name) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// An integer of the existing record (a JSON integer or a decimal string), if it holds one.
fn current_int(current: &Map<String, Value>, name: &str) -> Option<i64> {
    match current.get(name)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => parse_decimal_i64(s),
        _ => None,
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
                validate_update(&mut ctx, &Pointer::root(), &p);
                for i in &ctx.finish().issues {
                    assert!(!i.message.contains("SECRET"), "{}", i.message);
                }
            }
        }
    }

    #[test]
    fn domains() {
        for ok in [
            "example.com",
            "sub.example.co.uk",
            "Example.COM",
            "bücher.example",
            "localhost",
        ] {
            assert!(is_domain(ok), "{ok}");
        }
        for bad in [
            "",
            "https://example.com",
            "http://example.com",
            "example.com/",
            "example.com/path",
            "example.com:8080",
            "user@example.com",
            "example.com?q",
            "192.168.0.1",
            "exa mple.com",
            "-bad.com",
            "//example.com",
        ] {
            assert!(!is_domain(bad), "{bad:?}");
        }
    }

    #[test]
    fn iab_codes() {
        for ok in ["IAB1", "IAB26", "IAB9-30", "IAB19-15"] {
            assert!(is_iab_code(ok), "{ok}");
        }
        for bad in [
            "", "IAB", "IAB-1", "IAB1-", "iab1", "IAB1-2-3", "IABx", "1", "IAB 1",
        ] {
            assert!(!is_iab_code(bad), "{bad:?}");
        }
    }
}
