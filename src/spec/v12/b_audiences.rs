//! Document B (catalogs and audiences): audience users, permissions, targeted audiences and
//! keyword insights.

use super::hooks;
use crate::ctx::Mode::{Json, Query};
use crate::model::KindSpec;
use crate::rules::{audience_permissions, audience_users, keyword_insights, targeted_audiences};

/// The rows of document B's audience part.
pub const KINDS: &[KindSpec] = &[
    // The root is an array of operations: the hook checks the body's bytes and operation
    // count and hands each operation to its field table (params, users and identifiers have
    // member hooks; the rules are data).
    KindSpec::root(
        Json,
        &audience_users::CUSTOM_AUDIENCE_DESCRIPTION,
        hooks::CUSTOM_AUDIENCE_BODY,
    ),
    KindSpec::root(
        Json,
        &audience_users::DO_NOT_REACH_DESCRIPTION,
        hooks::DO_NOT_REACH_BODY,
    ),
    KindSpec::with_hook(
        Query,
        &keyword_insights::KEYWORD_INSIGHTS_QUERY,
        hooks::KEYWORD_COUNT_AND_SPAN,
    ),
    KindSpec::data(
        Query,
        &audience_permissions::TAILORED_AUDIENCE_PERMISSION_LIST_QUERY,
    ),
    KindSpec::data(
        Query,
        &audience_permissions::TAILORED_AUDIENCE_PERMISSION_CREATE,
    ),
    KindSpec::data(Query, &targeted_audiences::TARGETED_AUDIENCES_QUERY),
];
