//! Document C (creatives and campaigns): cards, media and promoted Posts.

use super::hooks;
use crate::ctx::Mode::{Json, Query};
use crate::model::KindSpec;
use crate::rules::{
    account_media, card, card_lists, media_library, poll_card, promoted_post,
    video_conversation_card,
};

/// The rows of document C's creatives part.
pub const KINDS: &[KindSpec] = &[
    KindSpec::in_order(Json, &card::DESCRIPTION),
    KindSpec::in_order(Json, &card::UPDATE_DESCRIPTION),
    KindSpec::data(Query, &poll_card::DESCRIPTION),
    KindSpec::in_order(Query, &video_conversation_card::DESCRIPTION),
    KindSpec::in_order(Query, &video_conversation_card::UPDATE_DESCRIPTION),
    KindSpec::data(Query, &account_media::ACCOUNT_MEDIA_LIST_QUERY),
    KindSpec::data(Query, &card_lists::CARD_LIST_QUERY),
    KindSpec::data(Query, &card_lists::POLL_CARD_LIST_QUERY),
    KindSpec::data(Query, &card_lists::VIDEO_CONVERSATION_CARD_LIST_QUERY),
    KindSpec::data(Query, &media_library::MEDIA_LIBRARY_LIST_QUERY),
    KindSpec::data(Query, &media_library::MEDIA_LIBRARY_CREATE),
    KindSpec::data(Query, &media_library::MEDIA_LIBRARY_UPDATE),
    KindSpec::with_hook(
        Query,
        &promoted_post::PROMOTED_POST_CREATE,
        hooks::PROMOTED_POST_MEDIA_MIX,
    ),
    KindSpec::data(Query, &promoted_post::PROMOTED_POST_NAME_UPDATE),
];
