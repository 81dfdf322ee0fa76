//! The spec's words per payload kind: each module holds a kind's field table (its
//! [`crate::model::Description`]), its documented limits as named constants, and the code
//! hooks of the rules data cannot say. The rows that tie them to the engine are in
//! `spec::v12`.

pub mod account_media;
pub mod accounts;
pub mod activity_subscription;
pub mod audience_permissions;
pub mod audience_users;
pub mod card;
pub mod card_delete;
pub mod card_lists;
pub mod catalogs;
pub mod curated_categories;
pub mod entity_query;
pub mod features;
pub mod keyword_insights;
pub mod line_item;
pub mod list_query;
pub mod media_library;
pub mod oauth;
pub mod poll_card;
pub mod product;
pub mod product_sets;
pub mod promoted_post;
pub mod targeted_audiences;
pub mod video_conversation_card;
pub mod webhooks;
