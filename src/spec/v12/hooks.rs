//! The named code hooks: the rules across fields that data cannot say, each named in its kind's
//! row ([`crate::engine::Hook::After`]) and marked [`crate::engine::Check::Hook`] in its
//! description. The code lives beside the spec's words in [`crate::rules`]; this list is where a
//! newcomer finds every one. Member hooks (`Field::checked_by`: a member's value check whose
//! messages are its own) are named where their field is: `webhooks::url_check` (the callback
//! URL's public host), `config_fields_check`, `id_check`;
//! `activity_subscription::event_type_check` (deprecated kinds), `filter_check` (direction only
//! for dm events); `audience_users::hashed_values`, `unhashed_values` (an identifier array's
//! values, messages naming the array), `custom_audience_params`, `users` and the do-not-reach
//! ones (a nested object whose rules, data, run before its unknown members:
//! `engine::form::object_then_rules`); `product::sale_price_check` (sale price lower than price,
//! in its currency). Slot hooks (`Field::checked_in_slot`: a member checked at its place, present
//! or not, with rules that read the context or the record) are the line item's:
//! `line_item::{advertiser, app_store, bid, categories, frequency_cap, flight, pay_by, budget}`.
//!
//! `card` and `card_update` are read in order ([`crate::engine::Hook::InOrder`]); their member
//! hooks are in [`crate::rules::card`]: `components_check`, `slides_check` (each component by
//! the tagged table, then the composition of the list), `media_keys_check` and
//! `name_update_check` (messages of their own), `destination_check` (a destination in the wrong
//! component is refused and still checked as what it is).
//!
//! `video_conversation_card(_update)` are read in order too; their member hook is
//! `video_conversation_card::cta_check` (first_cta's hashtag form, 20 characters not counting a
//! leading `#`).
//!
//! Every kind is a row: none keeps a hand-written validation of the whole payload.

use crate::model::{ObjectHook, ValueHook};
use crate::rules::{audience_users, keyword_insights, promoted_post};

/// `keyword_insights_query`: "Max 10 keywords (keywords plus negative_keywords)" and the span
/// (at most 7 days, `end_time` defaulting to now: reads the clock).
pub const KEYWORD_COUNT_AND_SPAN: ObjectHook = keyword_insights::keyword_count_and_span;

/// `promoted_post_create`: text needed without media, the media mix (a GIF or a video alone,
/// from `context.media_types`), organic Posts only for the authenticated user.
pub const PROMOTED_POST_MEDIA_MIX: ObjectHook = promoted_post::media_mix_and_organic;

/// `custom_audience_users` (a root hook, [`crate::engine::Hook::Root`]): "body at most
/// 5,000,000 bytes", "at most 2500 operations" (its own message, `params.counted`), a warning
/// past 2500 users in all; each operation goes to the field table.
pub const CUSTOM_AUDIENCE_BODY: ValueHook = audience_users::custom_audience_body;

/// `do_not_reach_users`: the same root hook over its own operation table.
pub const DO_NOT_REACH_BODY: ValueHook = audience_users::do_not_reach_body;
