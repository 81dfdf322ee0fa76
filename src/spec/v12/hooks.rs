//! The named code hooks: the rules across fields that data cannot say, each named in its kind's
//! row ([`crate::engine::Hook::After`]) and marked [`crate::engine::Check::Hook`] in its
//! description. The code lives beside the spec's words in [`crate::rules`]; this list is where a
//! newcomer finds every one. Member hooks (`Field::checked_by`: a member's value check whose
//! messages are its own) are named where their field is: `webhooks::url_check` (the callback
//! URL's public host), `config_fields_check`, `id_check`;
//! `activity_subscription::event_type_check` (deprecated kinds), `filter_check` (direction only
//! for dm events).
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
//! NOT YET MIGRATED: 5 kinds keep their whole hand-written validation behind
//! [`crate::engine::Hook::Whole`] (their rows give only the description and the mode): product,
//! product_batch, line_item_update, custom_audience_users, do_not_reach_users. The test below
//! keeps this list true.

use crate::engine::ObjectHook;
#[cfg(test)]
use crate::kind::Kind;
use crate::rules::{keyword_insights, promoted_post};

/// `keyword_insights_query`: "Max 10 keywords (keywords plus negative_keywords)" and the span
/// (at most 7 days, `end_time` defaulting to now: reads the clock).
pub const KEYWORD_COUNT_AND_SPAN: ObjectHook = keyword_insights::keyword_count_and_span;

/// `promoted_post_create`: text needed without media, the media mix (a GIF or a video alone,
/// from `context.media_types`), organic Posts only for the authenticated user.
pub const PROMOTED_POST_MEDIA_MIX: ObjectHook = promoted_post::media_mix_and_organic;

#[cfg(test)]
/// The kinds whose hand-written validation still does the whole check.
const NOT_YET_MIGRATED: &[Kind] = &[
    Kind::Product,
    Kind::ProductBatch,
    Kind::LineItemUpdate,
    Kind::CustomAudienceUsers,
    Kind::DoNotReachUsers,
];

#[cfg(test)]
mod tests {
    use super::NOT_YET_MIGRATED;
    use crate::engine::{spec, Hook};
    use crate::kind::Kind;

    #[test]
    fn the_list_of_kinds_not_yet_migrated_is_true() {
        for k in Kind::ALL {
            let whole = matches!(spec(*k).hook, Hook::Whole(_));
            assert_eq!(whole, NOT_YET_MIGRATED.contains(k), "{k}");
        }
    }
}
