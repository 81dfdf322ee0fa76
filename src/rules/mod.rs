//! One module per payload kind. Each exposes `validate(ctx, path, value)` and lists its
//! documented limits as named constants beside the rules that use them.

pub mod account_media;
pub mod accounts;
pub mod activity_subscription;
pub mod audience_permissions;
pub mod audience_users;
pub mod card;
pub mod card_lists;
pub mod catalogs;
pub mod curated_categories;
pub mod entity_query;
pub mod features;
pub mod keyword_insights;
pub mod line_item;
pub mod list_query;
pub mod media_library;
pub mod poll_card;
pub mod product;
pub mod product_sets;
pub mod promoted_post;
pub mod targeted_audiences;
pub mod video_conversation_card;
pub mod webhooks;

use crate::ctx::{Ctx, Mode};
use crate::describe::Description;
use crate::json::Value;
use crate::kind::Kind;
use crate::options::Options;
use crate::report::{Pointer, Report};

impl Kind {
    /// How the kind's scalar parameters arrive (document C: "Parameters are sent in the query
    /// unless a JSON body is stated").
    pub fn mode(self) -> Mode {
        match self {
            Kind::Product
            | Kind::ProductBatch
            | Kind::Card
            | Kind::CardUpdate
            | Kind::CustomAudienceUsers
            | Kind::DoNotReachUsers
            | Kind::WebhookCreate
            | Kind::ActivitySubscription
            | Kind::ProductsDelete
            | Kind::ProductSetCreate => Mode::Json,
            Kind::PollCard
            | Kind::VideoConversationCard
            | Kind::VideoConversationCardUpdate
            | Kind::LineItemUpdate
            | Kind::WebhookListQuery
            | Kind::WebhookId
            | Kind::ProductCatalogListQuery
            | Kind::ProductCatalogCreate
            | Kind::ProductCatalogUpdate
            | Kind::ProductsListQuery
            | Kind::KeywordInsightsQuery
            | Kind::TailoredAudiencePermissionListQuery
            | Kind::TailoredAudiencePermissionCreate
            | Kind::TargetedAudiencesQuery
            | Kind::AccountMediaListQuery
            | Kind::CardListQuery
            | Kind::PollCardListQuery
            | Kind::VideoConversationCardListQuery
            | Kind::MediaLibraryListQuery
            | Kind::MediaLibraryCreate
            | Kind::MediaLibraryUpdate
            | Kind::PromotedPostCreate
            | Kind::PromotedPostNameUpdate
            | Kind::AccountListQuery
            | Kind::AccountUpdate
            | Kind::AccountAppListQuery
            | Kind::AccountHistoryQuery
            | Kind::FeaturesQuery
            | Kind::SandboxFeaturesCreate
            | Kind::LineItemCuratedCategoryListQuery
            | Kind::LineItemCuratedCategoryCreate
            | Kind::LineItemCuratedCategoryUpdate
            | Kind::EntityGetQuery => Mode::Query,
        }
    }
}

/// The description of `kind` (see [`crate::describe`]).
pub fn description(kind: Kind) -> &'static Description {
    match kind {
        Kind::Product => &product::DESCRIPTION,
        Kind::ProductBatch => &product::BATCH_DESCRIPTION,
        Kind::Card => &card::DESCRIPTION,
        Kind::CardUpdate => &card::UPDATE_DESCRIPTION,
        Kind::PollCard => &poll_card::DESCRIPTION,
        Kind::VideoConversationCard => &video_conversation_card::DESCRIPTION,
        Kind::VideoConversationCardUpdate => &video_conversation_card::UPDATE_DESCRIPTION,
        Kind::LineItemUpdate => &line_item::DESCRIPTION,
        Kind::CustomAudienceUsers => &audience_users::CUSTOM_AUDIENCE_DESCRIPTION,
        Kind::DoNotReachUsers => &audience_users::DO_NOT_REACH_DESCRIPTION,
        Kind::WebhookCreate => &webhooks::CREATE_DESCRIPTION,
        Kind::WebhookListQuery => &webhooks::LIST_QUERY_DESCRIPTION,
        Kind::WebhookId => &webhooks::ID_DESCRIPTION,
        Kind::ActivitySubscription => &activity_subscription::DESCRIPTION,
        Kind::ProductCatalogListQuery => &catalogs::PRODUCT_CATALOG_LIST_QUERY,
        Kind::ProductCatalogCreate => &catalogs::PRODUCT_CATALOG_CREATE,
        Kind::ProductCatalogUpdate => &catalogs::PRODUCT_CATALOG_UPDATE,
        Kind::ProductsListQuery => &catalogs::PRODUCTS_LIST_QUERY,
        Kind::ProductsDelete => &catalogs::PRODUCTS_DELETE,
        Kind::ProductSetCreate => &product_sets::PRODUCT_SET_CREATE,
        Kind::KeywordInsightsQuery => &keyword_insights::KEYWORD_INSIGHTS_QUERY,
        Kind::TailoredAudiencePermissionListQuery => {
            &audience_permissions::TAILORED_AUDIENCE_PERMISSION_LIST_QUERY
        }
        Kind::TailoredAudiencePermissionCreate => {
            &audience_permissions::TAILORED_AUDIENCE_PERMISSION_CREATE
        }
        Kind::TargetedAudiencesQuery => &targeted_audiences::TARGETED_AUDIENCES_QUERY,
        Kind::AccountMediaListQuery => &account_media::ACCOUNT_MEDIA_LIST_QUERY,
        Kind::CardListQuery => &card_lists::CARD_LIST_QUERY,
        Kind::PollCardListQuery => &card_lists::POLL_CARD_LIST_QUERY,
        Kind::VideoConversationCardListQuery => &card_lists::VIDEO_CONVERSATION_CARD_LIST_QUERY,
        Kind::MediaLibraryListQuery => &media_library::MEDIA_LIBRARY_LIST_QUERY,
        Kind::MediaLibraryCreate => &media_library::MEDIA_LIBRARY_CREATE,
        Kind::MediaLibraryUpdate => &media_library::MEDIA_LIBRARY_UPDATE,
        Kind::PromotedPostCreate => &promoted_post::PROMOTED_POST_CREATE,
        Kind::PromotedPostNameUpdate => &promoted_post::PROMOTED_POST_NAME_UPDATE,
        Kind::AccountListQuery => &accounts::ACCOUNT_LIST_QUERY,
        Kind::AccountUpdate => &accounts::ACCOUNT_UPDATE,
        Kind::AccountAppListQuery => &accounts::ACCOUNT_APP_LIST_QUERY,
        Kind::AccountHistoryQuery => &accounts::ACCOUNT_HISTORY_QUERY,
        Kind::FeaturesQuery => &features::FEATURES_QUERY,
        Kind::SandboxFeaturesCreate => &features::SANDBOX_FEATURES_CREATE,
        Kind::LineItemCuratedCategoryListQuery => {
            &curated_categories::LINE_ITEM_CURATED_CATEGORY_LIST_QUERY
        }
        Kind::LineItemCuratedCategoryCreate => {
            &curated_categories::LINE_ITEM_CURATED_CATEGORY_CREATE
        }
        Kind::LineItemCuratedCategoryUpdate => {
            &curated_categories::LINE_ITEM_CURATED_CATEGORY_UPDATE
        }
        Kind::EntityGetQuery => &entity_query::ENTITY_GET_QUERY,
    }
}

/// Runs the rules of `kind` over `payload`.
pub fn run(kind: Kind, payload: &Value, options: &Options) -> Report {
    let mut ctx = Ctx::new(options, kind.mode());
    let root = Pointer::root();
    match kind {
        Kind::Product => product::validate(&mut ctx, &root, payload),
        Kind::ProductBatch => product::validate_batch(&mut ctx, &root, payload),
        Kind::Card => card::validate(&mut ctx, &root, payload),
        Kind::CardUpdate => card::validate_update(&mut ctx, &root, payload),
        Kind::PollCard => poll_card::validate(&mut ctx, &root, payload),
        Kind::VideoConversationCard => video_conversation_card::validate(&mut ctx, &root, payload),
        Kind::VideoConversationCardUpdate => {
            video_conversation_card::validate_update(&mut ctx, &root, payload)
        }
        Kind::LineItemUpdate => line_item::validate_update(&mut ctx, &root, payload),
        Kind::CustomAudienceUsers => {
            audience_users::validate_custom_audience(&mut ctx, &root, payload)
        }
        Kind::DoNotReachUsers => audience_users::validate_do_not_reach(&mut ctx, &root, payload),
        Kind::WebhookCreate => webhooks::validate_create(&mut ctx, &root, payload),
        Kind::WebhookListQuery => webhooks::validate_list_query(&mut ctx, &root, payload),
        Kind::WebhookId => webhooks::validate_id(&mut ctx, &root, payload),
        Kind::ActivitySubscription => activity_subscription::validate(&mut ctx, &root, payload),
        Kind::ProductCatalogListQuery => {
            catalogs::validate_product_catalog_list_query(&mut ctx, &root, payload)
        }
        Kind::ProductCatalogCreate => {
            catalogs::validate_product_catalog_create(&mut ctx, &root, payload)
        }
        Kind::ProductCatalogUpdate => {
            catalogs::validate_product_catalog_update(&mut ctx, &root, payload)
        }
        Kind::ProductsListQuery => catalogs::validate_products_list_query(&mut ctx, &root, payload),
        Kind::ProductsDelete => catalogs::validate_products_delete(&mut ctx, &root, payload),
        Kind::ProductSetCreate => {
            product_sets::validate_product_set_create(&mut ctx, &root, payload)
        }
        Kind::KeywordInsightsQuery => {
            keyword_insights::validate_keyword_insights_query(&mut ctx, &root, payload)
        }
        Kind::TailoredAudiencePermissionListQuery => {
            audience_permissions::validate_tailored_audience_permission_list_query(
                &mut ctx, &root, payload,
            )
        }
        Kind::TailoredAudiencePermissionCreate => {
            audience_permissions::validate_tailored_audience_permission_create(
                &mut ctx, &root, payload,
            )
        }
        Kind::TargetedAudiencesQuery => {
            targeted_audiences::validate_targeted_audiences_query(&mut ctx, &root, payload)
        }
        Kind::AccountMediaListQuery => {
            account_media::validate_account_media_list_query(&mut ctx, &root, payload)
        }
        Kind::CardListQuery => card_lists::validate_card_list_query(&mut ctx, &root, payload),
        Kind::PollCardListQuery => {
            card_lists::validate_poll_card_list_query(&mut ctx, &root, payload)
        }
        Kind::VideoConversationCardListQuery => {
            card_lists::validate_video_conversation_card_list_query(&mut ctx, &root, payload)
        }
        Kind::MediaLibraryListQuery => {
            media_library::validate_media_library_list_query(&mut ctx, &root, payload)
        }
        Kind::MediaLibraryCreate => {
            media_library::validate_media_library_create(&mut ctx, &root, payload)
        }
        Kind::MediaLibraryUpdate => {
            media_library::validate_media_library_update(&mut ctx, &root, payload)
        }
        Kind::PromotedPostCreate => {
            promoted_post::validate_promoted_post_create(&mut ctx, &root, payload)
        }
        Kind::PromotedPostNameUpdate => {
            promoted_post::validate_promoted_post_name_update(&mut ctx, &root, payload)
        }
        Kind::AccountListQuery => accounts::validate_account_list_query(&mut ctx, &root, payload),
        Kind::AccountUpdate => accounts::validate_account_update(&mut ctx, &root, payload),
        Kind::AccountAppListQuery => {
            accounts::validate_account_app_list_query(&mut ctx, &root, payload)
        }
        Kind::AccountHistoryQuery => {
            accounts::validate_account_history_query(&mut ctx, &root, payload)
        }
        Kind::FeaturesQuery => features::validate_features_query(&mut ctx, &root, payload),
        Kind::SandboxFeaturesCreate => {
            features::validate_sandbox_features_create(&mut ctx, &root, payload)
        }
        Kind::LineItemCuratedCategoryListQuery => {
            curated_categories::validate_line_item_curated_category_list_query(
                &mut ctx, &root, payload,
            )
        }
        Kind::LineItemCuratedCategoryCreate => {
            curated_categories::validate_line_item_curated_category_create(&mut ctx, &root, payload)
        }
        Kind::LineItemCuratedCategoryUpdate => {
            curated_categories::validate_line_item_curated_category_update(&mut ctx, &root, payload)
        }
        Kind::EntityGetQuery => entity_query::validate_entity_get_query(&mut ctx, &root, payload),
    }
    ctx.finish()
}
