//! Issues of the campaign rules (`src/rules/line_item/`, `src/rules/keyword_insights.rs`; spec C), each variant carrying its parameters.

use crate::options::{BudgetOptimization, Objective};
use crate::report::{Code, Param, Params};

/// An issue of the campaign rules.
#[derive(Clone, Copy, Debug)]
pub enum CampaignIssue<'a> {
    /// `too_many_items` (keyword insights): the lists `fields` hold `actual` keywords together,
    /// more than `max`; params `max`, `actual`, `fields`.
    TooManyKeywords {
        /// The bound of the lists together.
        max: usize,
        /// The keywords the lists hold.
        actual: usize,
        /// The lists, in the spec's order ("keywords", "negative_keywords").
        fields: &'a [&'a str],
    },
    /// `invalid_date_range` (keyword insights): start_time not earlier than now, end_time not
    /// given (it defaults to now); params `end_time: "now"`.
    StartNotBeforeNow,
    /// `invalid_date_range` (keyword insights): the span from start_time to end_time (or to now,
    /// `to_now`) is longer than `max_days`; params `max_days`, `max_seconds`, `actual_seconds`
    /// (an integer when the instants' fractions are equal, else a float: `seconds` plus
    /// `nanos` / 10^9 as an f64).
    SpanTooLong {
        /// The longest span in days.
        max_days: i64,
        /// The longest span in seconds.
        max_seconds: i64,
        /// The span's whole seconds, the difference of the instants' Unix seconds.
        seconds: i64,
        /// The difference of the instants' nanoseconds (-999,999,999 to 999,999,999).
        nanos: i64,
        /// Whether the span ends now (end_time not given), reported at start_time.
        to_now: bool,
    },
    /// `not_allowed` (a warning; line items): advertiser_user_id on a line item whose objective
    /// is not `objective`; params `objectives: [objective]`.
    AdvertiserUserNotFor {
        /// The objective the member is documented for.
        objective: Objective,
    },
    /// `one_of_required` (line items): a line item with one of `objectives` keeps none of
    /// `fields`; params `fields`.
    NeedsOneOf {
        /// The objectives that need one of the members.
        objectives: &'a [Objective],
        /// The members, in the spec's order.
        fields: &'a [&'a str],
    },
    /// `not_allowed` (line items): `what` on a line item with one of `objectives`; params
    /// `not_for_objectives`.
    NotForObjectives {
        /// What is limited, in words ("MAX bidding").
        what: &'a str,
        /// The objectives it is not for.
        objectives: &'a [Objective],
    },
    /// `not_allowed` (line items): `what` on a line item whose objective is none of
    /// `objectives`; params `objectives`.
    OnlyForObjectives {
        /// What is limited, in words (a member's name, "TARGET bidding").
        what: &'a str,
        /// The objectives it is for.
        objectives: &'a [Objective],
    },
    /// `not_allowed` (line items): pay_by sent for a line item whose objective is not
    /// `objective`; params `objectives: [objective]`.
    PayByNotChangeable {
        /// The one objective whose line items may change pay_by.
        objective: Objective,
    },
    /// `not_allowed` (line items): a daily budget under a campaign whose budget_optimization is
    /// not `budget_optimization`; params `budget_optimization`.
    DailyBudgetNotAllowed {
        /// The budget optimization a daily budget needs (LINE_ITEM).
        budget_optimization: BudgetOptimization,
    },
    /// `out_of_range` (line items): the daily budget `actual` above the total budget `max`;
    /// params `max`, `actual`.
    DailyAboveTotal {
        /// The total budget.
        max: i64,
        /// The daily budget.
        actual: i64,
    },
    /// `out_of_range` (line items): the total budget `actual` below the record's daily budget
    /// `min`; params `min`, `actual`.
    TotalBelowDaily {
        /// The line item's daily budget.
        min: i64,
        /// The total budget.
        actual: i64,
    },
    /// `invalid_date_range` (line items): start_time not earlier than the record's end_time;
    /// no params.
    StartNotBeforeRecordEnd,
}

impl CampaignIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CampaignIssue::TooManyKeywords { .. } => Code::TooManyItems,
            CampaignIssue::StartNotBeforeNow
            | CampaignIssue::SpanTooLong { .. }
            | CampaignIssue::StartNotBeforeRecordEnd => Code::InvalidDateRange,
            CampaignIssue::AdvertiserUserNotFor { .. }
            | CampaignIssue::NotForObjectives { .. }
            | CampaignIssue::OnlyForObjectives { .. }
            | CampaignIssue::PayByNotChangeable { .. }
            | CampaignIssue::DailyBudgetNotAllowed { .. } => Code::NotAllowed,
            CampaignIssue::NeedsOneOf { .. } => Code::OneOfRequired,
            CampaignIssue::DailyAboveTotal { .. } | CampaignIssue::TotalBelowDaily { .. } => {
                Code::OutOfRange
            }
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        // The fixed texts copied in one place, not one allocation and copy per arm.
        let fixed: &str = match *self {
            CampaignIssue::TooManyKeywords {
                max,
                actual,
                fields,
            } => return format!(
                "{} must hold at most {max} keywords (they hold {actual})",
                fields.join(" plus ")
            ),
            CampaignIssue::StartNotBeforeNow => "must be earlier than now: end_time is not given, and it defaults to now",
            CampaignIssue::SpanTooLong {
                max_days,
                to_now: false,
                ..
            } => return format!("must be at most {max_days} days after start_time"),
            CampaignIssue::SpanTooLong {
                max_days,
                to_now: true,
                ..
            } => return format!(
                "must be at most {max_days} days before now: end_time is not given, and it defaults to now"
            ),
            CampaignIssue::AdvertiserUserNotFor { objective } => return format!(
                "advertiser_user_id is documented only as the user promoting a {} ad",
                objective.name()
            ),
            CampaignIssue::NeedsOneOf { objectives, fields } => return format!(
                "line items with objective {} need {}",
                names(objectives),
                fields.join(" or ")
            ),
            CampaignIssue::NotForObjectives { what, objectives } => return format!(
                "{what} is not for line items with objective {}",
                names(objectives)
            ),
            CampaignIssue::OnlyForObjectives { what, objectives } => return format!(
                "{what} is only for line items with objective {}",
                names(objectives)
            ),
            CampaignIssue::PayByNotChangeable { objective } => {
                return format!("pay_by can be changed only for {} line items", objective.name())
            }
            CampaignIssue::DailyBudgetNotAllowed {
                budget_optimization,
            } => return format!(
                "a daily budget is only for line items whose campaign has budget_optimization {}",
                budget_optimization.name()
            ),
            CampaignIssue::DailyAboveTotal { .. } => {
                "must be at most the total budget"
            }
            CampaignIssue::TotalBelowDaily { .. } => {
                "must be at least the line item's daily budget"
            }
            CampaignIssue::StartNotBeforeRecordEnd => {
                "must be earlier than the line item's end_time"
            }
        };
        fixed.to_owned()
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            CampaignIssue::TooManyKeywords {
                max,
                actual,
                fields,
            } => p
                .with("max", max)
                .with("actual", actual)
                .with("fields", fields),
            CampaignIssue::StartNotBeforeNow => p.with("end_time", "now"),
            CampaignIssue::SpanTooLong {
                max_days,
                max_seconds,
                seconds,
                nanos,
                ..
            } => p
                .with("max_days", max_days)
                .with("max_seconds", max_seconds)
                .with(
                    "actual_seconds",
                    if nanos == 0 {
                        Param::Int(seconds)
                    } else {
                        Param::Float(seconds as f64 + nanos as f64 / 1e9)
                    },
                ),
            CampaignIssue::AdvertiserUserNotFor { objective }
            | CampaignIssue::PayByNotChangeable { objective } => p.with("objectives", [objective]),
            CampaignIssue::NeedsOneOf { fields, .. } => p.with("fields", fields),
            CampaignIssue::NotForObjectives { objectives, .. } => {
                p.with("not_for_objectives", objectives)
            }
            CampaignIssue::OnlyForObjectives { objectives, .. } => p.with("objectives", objectives),
            CampaignIssue::DailyBudgetNotAllowed {
                budget_optimization,
            } => p.with("budget_optimization", budget_optimization),
            CampaignIssue::DailyAboveTotal { max, actual } => {
                p.with("max", max).with("actual", actual)
            }
            CampaignIssue::TotalBelowDaily { min, actual } => {
                p.with("min", min).with("actual", actual)
            }
            CampaignIssue::StartNotBeforeRecordEnd => p,
        }
    }
}

/// The spec's names of `objectives`, joined with ", ".
fn names(objectives: &[Objective]) -> String {
    let names: Vec<&str> = objectives.iter().map(|o| o.name()).collect();
    names.join(", ")
}
