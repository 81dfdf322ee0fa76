//! Document A (webhooks and tokens): the webhook requests and activity subscriptions.

use crate::ctx::Mode::{Json, Query};
use crate::engine::KindSpec;
use crate::rules::{activity_subscription, webhooks};

/// The rows of document A.
pub const KINDS: &[KindSpec] = &[
    // Not yet migrated: the public-host rule of the callback URL is code.
    KindSpec::whole(
        Json,
        &webhooks::CREATE_DESCRIPTION,
        webhooks::validate_create,
    ),
    KindSpec::whole(
        Query,
        &webhooks::LIST_QUERY_DESCRIPTION,
        webhooks::validate_list_query,
    ),
    KindSpec::whole(Query, &webhooks::ID_DESCRIPTION, webhooks::validate_id),
    KindSpec::whole(
        Json,
        &activity_subscription::DESCRIPTION,
        activity_subscription::validate,
    ),
];
