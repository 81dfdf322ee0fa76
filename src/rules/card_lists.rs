//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("card_list_query")` says.
pub const CARD_LIST_QUERY: Description = Description {
    kind: Kind::CardListQuery,
    title: "The cards GET query",
    source: "C §4 Cards, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `card_list_query`.
pub fn validate_card_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, CARD_LIST_QUERY.fields());
}

/// What `describe("poll_card_list_query")` says.
pub const POLL_CARD_LIST_QUERY: Description = Description {
    kind: Kind::PollCardListQuery,
    title: "The poll cards GET query",
    source: "C §4 Poll cards, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `poll_card_list_query`.
pub fn validate_poll_card_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, POLL_CARD_LIST_QUERY.fields());
}

/// What `describe("video_conversation_card_list_query")` says.
pub const VIDEO_CONVERSATION_CARD_LIST_QUERY: Description = Description {
    kind: Kind::VideoConversationCardListQuery,
    title: "The video conversation cards GET query",
    source: "C §4 Video conversation cards",
    root: Type::Object(&[]),
    rules: &[],
};

/// `video_conversation_card_list_query`.
pub fn validate_video_conversation_card_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(
        ctx,
        path,
        value,
        VIDEO_CONVERSATION_CARD_LIST_QUERY.fields(),
    );
}
