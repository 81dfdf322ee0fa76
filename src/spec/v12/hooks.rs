//! The code hooks: the rules across fields that data cannot say. Every hook has one shape,
//! [`crate::model::Hook`] (where it runs, a [`crate::model::Place`]; its code, one signature
//! `fn(&mut Ctx, &At)`; the rules it checks, which `describe` shows), defined as a constant beside
//! its code and the spec's words in [`crate::rules`]. The row hooks are named here, where a
//! newcomer finds every one, and placed by the kind table's `run` column (`after NAME`,
//! `root NAME` in `kinds.md`): after the table
//! ([`crate::model::Place::After`]) or in place of it ([`crate::model::Place::Root`]).
//!
//! The member hooks are placed where their field is (`Field::hooked`). At a member's value
//! ([`crate::model::Place::Value`], messages of its own): `webhooks::{URL, CONFIG_FIELDS, ID}`
//! (the callback URL's public host, the fields list, a webhook id);
//! `activity_subscription::{EVENT_TYPE, FILTER}` (deprecated kinds; direction only for dm
//! events); the audience users' identifier arrays (messages naming the array), `params` and
//! `users` (a nested object whose rules, data, run before its unknown members:
//! `engine::form::object_then_rules`); the product's `sale_price` (lower than price, in its
//! currency); the card's `components`, `slides` (each component by the tagged table, then the
//! composition of the list), `media_keys`, the PUT's `name` and a component's `destination` (a
//! destination in the wrong component is refused and still checked as what it is); the video
//! conversation card's CTAs (first_cta's hashtag form, 20 characters not counting a leading
//! `#`). At a member's place, present or not ([`crate::model::Place::Slot`], rules that read the
//! context or the record): the line item's (`line_item::{advertiser, app_store, bid,
//! categories, frequency_cap, flight, pay_by, budget}`).
//!
//! Every kind is a row: none keeps a hand-written validation of the whole payload.

use crate::model::Hook;
use crate::rules::{audience_users, keyword_insights, promoted_post};

/// `keyword_insights_query`: "Max 10 keywords (keywords plus negative_keywords)" and the span
/// (at most 7 days, `end_time` defaulting to now: reads the clock).
pub const KEYWORD_COUNT_AND_SPAN: &Hook = &keyword_insights::COUNT_AND_SPAN;

/// `promoted_post_create`: text needed without media, the media mix (a GIF or a video alone,
/// from `context.media_types`), organic Posts only for the authenticated user.
pub const PROMOTED_POST_MEDIA_MIX: &Hook = &promoted_post::MEDIA_MIX_AND_ORGANIC;

/// `custom_audience_users` (a root hook, [`crate::model::Place::Root`]): "body at most
/// 5,000,000 bytes", "at most 2500 operations" (its own message, `params.counted`), a warning
/// past 2500 users in all; each operation goes to the field table.
pub const CUSTOM_AUDIENCE_BODY: &Hook = &audience_users::CUSTOM_AUDIENCE_BODY;

/// `do_not_reach_users`: the same root hook over its own operation table.
pub const DO_NOT_REACH_BODY: &Hook = &audience_users::DO_NOT_REACH_BODY;
