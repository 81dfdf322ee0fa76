//! One module per payload kind. Each exposes `validate(ctx, path, value)` and lists its
//! documented limits as named constants beside the rules that use them.

pub mod activity_subscription;
pub mod audience_users;
pub mod card;
pub mod line_item;
pub mod poll_card;
pub mod product;
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
            | Kind::ActivitySubscription => Mode::Json,
            Kind::PollCard
            | Kind::VideoConversationCard
            | Kind::VideoConversationCardUpdate
            | Kind::LineItemUpdate
            | Kind::WebhookListQuery
            | Kind::WebhookId => Mode::Query,
        }
    }
}

/// The description of `kind` (see [`crate::describe`]).
pub fn description(kind: Kind) -> &'static Description {
    match kind {
        Kind::PollCard => &poll_card::DESCRIPTION,
        _ => &PENDING,
    }
}

/// Placeholder while the descriptions are being written.
const PENDING: Description = Description {
    kind: Kind::Product,
    title: "",
    source: "",
    root: crate::describe::Type::Object(&[]),
    rules: &[],
};

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
    }
    ctx.finish()
}
