//! The two app store identifiers: android_app_store_identifier ("APP_INSTALLS and
//! APP_ENGAGEMENTS need this or the iOS identifier") and ios_app_store_identifier ("Numeric
//! portion of the store identifier").

use crate::checks::fields::{self, Need};
use crate::checks::{current, text};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CampaignIssue;
use crate::json::Object;
use crate::options::Objective;
use crate::report::Pointer;

/// "APP_INSTALLS and APP_ENGAGEMENTS need this or the iOS identifier".
pub const APP_OBJECTIVES: &[Objective] = &[Objective::AppInstalls, Objective::AppEngagements];
/// The two app store identifiers, one of which the app objectives need.
pub const APP_STORE_IDENTIFIERS: [&str; 2] =
    ["android_app_store_identifier", "ios_app_store_identifier"];
/// ios_app_store_identifier: "Numeric portion of the store identifier" (`params.pattern`).
pub const IOS_ID_PATTERN: &str = "^[0-9]+$";

const RULE_APP_IDS: &str = "line_item_update.app_store_identifier.app_objectives";

/// Each identifier's form, then whether an app line item keeps one of them.
pub(super) fn app_store_identifiers(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let [android, ios] = APP_STORE_IDENTIFIERS;
    fields::str_member(ctx, obj, path, android, Need::Optional);
    if let Some(s) = fields::str_member(ctx, obj, path, ios, Need::Optional) {
        if !s.is_empty() && !text::is_digits(s) {
            text::invalid_format(
                ctx,
                &path.key(ios),
                "must be only the numeric portion of the App Store identifier (digits, without the leading id)",
                IOS_ID_PATTERN,
            );
        }
    }
    // An update that sends an identifier empty, and no value for the other, can leave an app
    // line item without one (the record is asked for the one not sent). One that sends neither
    // keeps the record's: checked when the record is given (read, never asked for).
    let keeps_none = if current::clears_one_of(obj, &APP_STORE_IDENTIFIERS) {
        let Some(objective) = ctx.objective(RULE_APP_IDS) else {
            return;
        };
        APP_OBJECTIVES.contains(&objective)
            && current::record_keeps_one_of(ctx, RULE_APP_IDS, obj, &APP_STORE_IDENTIFIERS)
                == Some(false)
    } else {
        !APP_STORE_IDENTIFIERS
            .iter()
            .any(|name| fields::present(obj, name))
            && ctx
                .options
                .context
                .objective
                .is_some_and(|o| APP_OBJECTIVES.contains(&o))
            && ctx.current_if_given().is_some_and(|record| {
                !APP_STORE_IDENTIFIERS
                    .iter()
                    .any(|name| current::has_value(record, name))
            })
    };
    if keeps_none {
        // Reported at the first of the two (the member a form marks), naming both.
        let issue = CampaignIssue::NeedsOneOf {
            objectives: APP_OBJECTIVES,
            fields: &APP_STORE_IDENTIFIERS,
        };
        report(ctx, &path.key(android), issue.into());
    }
}
