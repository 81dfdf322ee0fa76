//! The payload kinds, by stable name.

use crate::error::{Error, ErrorCode};
use std::fmt;
use std::str::FromStr;

/// Defines [`Kind`] from one list: variant, stable name, what it is.
macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $variant:ident => $name:literal,)*) => {
        /// A payload kind. Parse one from its stable name with `str::parse`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Kind {
            /// Every kind, in a fixed order.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// The stable name.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }
        }
    };
}

kinds! {
    /// One product of a catalog (document B §2 Product).
    Product => "product",
    /// The products PUT body `{"products": [...]}` (document B §4 Products).
    ProductBatch => "product_batch",
    /// The cards POST body (document C §4 Cards, §2 Card components).
    Card => "card",
    /// The cards PUT body: only the members present are checked.
    CardUpdate => "card_update",
    /// The poll card POST parameters (document C §4 Poll cards).
    PollCard => "poll_card",
    /// The video conversation card POST parameters (document C §4 Video conversation cards).
    VideoConversationCard => "video_conversation_card",
    /// The video conversation card PUT parameters: the same fields, all optional.
    VideoConversationCardUpdate => "video_conversation_card_update",
    /// The line item PUT parameters (document C §4 Line items).
    LineItemUpdate => "line_item_update",
    /// The custom audience users POST body (document B §4 Custom audience users).
    CustomAudienceUsers => "custom_audience_users",
    /// The do-not-reach list users POST body (document B §4 Do-not-reach list users).
    DoNotReachUsers => "do_not_reach_users",
    /// The webhook create body `{url}` (document A §4 Webhook management, signing.md).
    WebhookCreate => "webhook_create",
    /// The webhook list query `{"webhook_config.fields": ...}` (document A §2, §4).
    WebhookListQuery => "webhook_list_query",
    /// A webhook id path parameter `{"webhook_id": ...}` (document A §2 WebhookConfig id).
    WebhookId => "webhook_id",
    /// An activity subscription's filter (document A §6: user id, keyword, direction, event kinds).
    ActivitySubscription => "activity_subscription",
    /// The product catalogs GET query (document B §4 Product catalogs).
    ProductCatalogListQuery => "product_catalog_list_query",
    /// The product catalog POST parameters (document B §4 Product catalogs).
    ProductCatalogCreate => "product_catalog_create",
    /// The product catalog PUT parameters (document B §4 Product catalogs).
    ProductCatalogUpdate => "product_catalog_update",
    /// The products GET query (document B §4 Products).
    ProductsListQuery => "products_list_query",
    /// The products DELETE body {product_keys} (document B §4 Products).
    ProductsDelete => "products_delete",
    /// The product set POST body (document B §2 Product set, §4 Product sets).
    ProductSetCreate => "product_set_create",
    /// The keyword insights GET query (document B §4 Keyword insights, §8 Limits).
    KeywordInsightsQuery => "keyword_insights_query",
    /// The tailored audience permissions GET query (document B §4 Tailored audience permissions, §8 Limits).
    TailoredAudiencePermissionListQuery => "tailored_audience_permission_list_query",
    /// The tailored audience permission POST parameters (document B §2 Tailored audience permission, §4).
    TailoredAudiencePermissionCreate => "tailored_audience_permission_create",
    /// The targeted audiences GET query (document B §4 Targeted audiences).
    TargetedAudiencesQuery => "targeted_audiences_query",
    /// The account media GET query (document C §4 Account media).
    AccountMediaListQuery => "account_media_list_query",
    /// The cards GET query (document C §4 Cards, §8 Limits).
    CardListQuery => "card_list_query",
    /// The poll cards GET query (document C §4 Poll cards, §8 Limits).
    PollCardListQuery => "poll_card_list_query",
    /// The video conversation cards GET query (document C §4 Video conversation cards).
    VideoConversationCardListQuery => "video_conversation_card_list_query",
    /// The media library GET query (document C §4 Media library).
    MediaLibraryListQuery => "media_library_list_query",
    /// The media library POST parameters (document C §4 Media library, §8 Limits).
    MediaLibraryCreate => "media_library_create",
    /// The media library PUT parameters (document C §4 Media library, §8 Limits).
    MediaLibraryUpdate => "media_library_update",
    /// The promoted Post creation parameters (POST .../tweet) (document C §4 Promoted Posts, §8 Limits).
    PromotedPostCreate => "promoted_post_create",
    /// The promoted Post name PUT parameters (document C §4 Promoted Posts).
    PromotedPostNameUpdate => "promoted_post_name_update",
    /// The accounts GET query (document C §4 Accounts and account data).
    AccountListQuery => "account_list_query",
    /// The account PUT parameters (document C §2, §4 Accounts and account data).
    AccountUpdate => "account_update",
    /// The account apps GET query (document C §4 Accounts and account data).
    AccountAppListQuery => "account_app_list_query",
    /// The account history GET query (document C §2, §4 Accounts and account data).
    AccountHistoryQuery => "account_history_query",
    /// The account features GET query (document C §4 Accounts and account data).
    FeaturesQuery => "features_query",
    /// The sandbox account features POST parameters (document C §4 Accounts and account data).
    SandboxFeaturesCreate => "sandbox_features_create",
    /// The line item curated categories GET query (document C §4 Line items).
    LineItemCuratedCategoryListQuery => "line_item_curated_category_list_query",
    /// The line item curated category POST parameters (document C §4 Line items).
    LineItemCuratedCategoryCreate => "line_item_curated_category_create",
    /// The line item curated category PUT parameters (document C §4 Line items).
    LineItemCuratedCategoryUpdate => "line_item_curated_category_update",
    /// The query of a single-record GET ({with_deleted}) (document C header, §4 (every GET .../:id with `with_deleted`)).
    EntityGetQuery => "entity_get_query",
}

impl FromStr for Kind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::UnknownKind,
                    format!(
                        "unknown kind; expected one of: {}",
                        Kind::ALL
                            .iter()
                            .map(|k| k.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
