//! Account features (document C §4 Accounts and account data).
//!
//! > | GET | /12/accounts/:account_id/features | `feature_keys` optional comma list
//! > (REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP, WEBSITE_CLICKS_CPM_BILLING); only
//! > features the account has are returned | `data`: array of feature key strings |
//! > | POST | {ads_sandbox_url}/12/accounts/:account_id/features | `feature_keys` required comma
//! > list | sandbox only |
//!
//! > Allowed feature_keys for the sandbox POST: AGE_TARGETING,
//! > ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE, AWARENESS_OBJECTIVE, BRAND_TPN,
//! > CHARGE_FOR_GOOD_CLICK, CONVERSATION_CARD, CONVERSATION_CARD_FOUR_OPTIONS,
//! > CONVERSATION_CARD_UNLOCK, CPI_CHARGING, DIRECT_MESSAGE_CARD, DR_TAP, ENGAGER_RETARGETING,
//! > EVENT_TARGETING, INSTALLED_APP_CATEGORY_TARGETING, MOBILE_CONVERSION_TRANSACTION_VALUE,
//! > OPTIMIZED_ACTION_BIDDING, REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP,
//! > VALIDATED_AGE_TARGETING, VIDEO_VIEWS_MIDROLL_OBJECTIVE, PREROLL_VIEWS_OBJECTIVE,
//! > VIDEO_APP_DOWNLOAD_CARD.
//!
//! The engine checks both kinds from their description tables; neither has a rule across
//! members.

use crate::model::{Description, Field, List, Type};

/// The feature keys the features GET filters on: "`feature_keys` optional comma list
/// (REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP, WEBSITE_CLICKS_CPM_BILLING)".
pub const QUERY_FEATURE_KEYS: &[&str] = &[
    "REACH_AND_FREQUENCY_ANALYTICS",
    "REACH_FREQUENCY_CAP",
    "WEBSITE_CLICKS_CPM_BILLING",
];

/// "Allowed feature_keys for the sandbox POST" (22 keys, in the spec's order).
pub const SANDBOX_FEATURE_KEYS: &[&str] = &[
    "AGE_TARGETING",
    "ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE",
    "AWARENESS_OBJECTIVE",
    "BRAND_TPN",
    "CHARGE_FOR_GOOD_CLICK",
    "CONVERSATION_CARD",
    "CONVERSATION_CARD_FOUR_OPTIONS",
    "CONVERSATION_CARD_UNLOCK",
    "CPI_CHARGING",
    "DIRECT_MESSAGE_CARD",
    "DR_TAP",
    "ENGAGER_RETARGETING",
    "EVENT_TARGETING",
    "INSTALLED_APP_CATEGORY_TARGETING",
    "MOBILE_CONVERSION_TRANSACTION_VALUE",
    "OPTIMIZED_ACTION_BIDDING",
    "REACH_AND_FREQUENCY_ANALYTICS",
    "REACH_FREQUENCY_CAP",
    "VALIDATED_AGE_TARGETING",
    "VIDEO_VIEWS_MIDROLL_OBJECTIVE",
    "PREROLL_VIEWS_OBJECTIVE",
    "VIDEO_APP_DOWNLOAD_CARD",
];

/// Fewest keys of the sandbox POST: "`feature_keys` required comma list" (a list with no key,
/// `""` or `[]`, sends nothing).
pub const SANDBOX_FEATURE_KEYS_MIN_ITEMS: usize = 1;

/// What `describe("features_query")` says.
pub const FEATURES_QUERY: Description = Description {
    title: "The account features GET query (GET /12/accounts/:account_id/features)",
    root: Type::Object(&[Field::optional(
        "feature_keys",
        Type::List(&List {
            item: Type::Enum(QUERY_FEATURE_KEYS),
            min_items: None,
            max_items: None,
            unique: false,
        }),
        "optional comma list (REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP, \
         WEBSITE_CLICKS_CPM_BILLING); only features the account has are returned",
    )]),
    rules: &[],
};

/// What `describe("sandbox_features_create")` says.
pub const SANDBOX_FEATURES_CREATE: Description = Description {
    title: "The sandbox account features POST parameters \
            (POST {ads_sandbox_url}/12/accounts/:account_id/features)",
    root: Type::Object(&[Field::required(
        "feature_keys",
        Type::List(&List {
            item: Type::Enum(SANDBOX_FEATURE_KEYS),
            min_items: Some(SANDBOX_FEATURE_KEYS_MIN_ITEMS),
            max_items: None,
            unique: false,
        }),
        "required comma list of the allowed feature_keys for the sandbox POST",
    )]),
    rules: &[],
};
