//! Document A (webhooks and tokens): the webhook requests and activity subscriptions.

use crate::ctx::Mode::{Json, Query};
use crate::model::KindSpec;
use crate::rules::{activity_subscription, webhooks};

/// The rows of document A.
pub const KINDS: &[KindSpec] = &[
    // The callback URL, the fields list and the id have member hooks (`checked_by`): their
    // messages are their own (the public-host rule, the allowed items, the id pattern).
    KindSpec::data(Json, &webhooks::CREATE_DESCRIPTION),
    KindSpec::data(Query, &webhooks::LIST_QUERY_DESCRIPTION),
    KindSpec::data(Query, &webhooks::ID_DESCRIPTION),
    // event_type (deprecations), filter (direction only for dm events) and webhook_id have
    // member hooks.
    KindSpec::data(Json, &activity_subscription::DESCRIPTION),
];
