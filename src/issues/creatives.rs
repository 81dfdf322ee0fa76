//! Issues of the creative rules (`src/rules/card.rs`, `video_conversation_card.rs`, `media_library.rs`, `promoted_post.rs`; spec C), each variant carrying its parameters.

use crate::report::{Code, Params};

/// An issue of the creative rules.
#[derive(Clone, Copy, Debug)]
pub enum CreativeIssue<'a> {
    /// `not_allowed`: a card destination whose type is allowed only in a `component` component
    /// (WEBSITE only in DETAILS, APP only in BUTTON); params `allowed_in` = `[component]`.
    DestinationOnlyIn {
        /// The component type the destination type belongs in ("DETAILS", "BUTTON").
        component: &'a str,
    },
    /// `invalid_country_code`: an APP destination's `country_code` not an ISO 3166-1 alpha-2
    /// code (two capital letters); no params.
    NotCountryAlpha2,
    /// `too_long`: a video conversation card's call to action longer than `max` characters,
    /// one leading `#` not counted; params `max`, `actual`.
    CtaTooLong {
        /// The bound.
        max: usize,
        /// The characters, without the leading `#`.
        actual: usize,
    },
    /// `too_many_items`: a Post's `media_keys` holds `actual` keys, item `index` of which is of
    /// type `media_type` (a GIF or a video), which holds at most `max` (it goes alone); params
    /// `max`, `actual`, `index`, `media_type`.
    GifOrVideoNotAlone {
        /// The index of the first GIF or video.
        index: usize,
        /// Its media type ("GIF", "VIDEO").
        media_type: &'a str,
        /// The most keys a Post with a GIF or a video holds.
        max: usize,
        /// The keys.
        actual: usize,
    },
    /// `not_allowed`: an organic Post (`nullcast` false) whose `as_user_id` is not the
    /// authenticated user; params `fields` = `["nullcast", "as_user_id"]`.
    OrganicForAnotherUser,
}

impl CreativeIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CreativeIssue::DestinationOnlyIn { .. } | CreativeIssue::OrganicForAnotherUser => {
                Code::NotAllowed
            }
            CreativeIssue::NotCountryAlpha2 => Code::InvalidCountryCode,
            CreativeIssue::CtaTooLong { .. } => Code::TooLong,
            CreativeIssue::GifOrVideoNotAlone { .. } => Code::TooManyItems,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        // The fixed texts copied in one place, not one allocation and copy per arm.
        let fixed: &str = match *self {
            CreativeIssue::DestinationOnlyIn { component } => {
                return format!("this destination type is allowed only in a {component} component")
            }
            CreativeIssue::NotCountryAlpha2 => {
                "must be an ISO 3166-1 alpha-2 country code (two capital letters)"
            }
            CreativeIssue::CtaTooLong { max, actual } => {
                return format!(
                "must be at most {max} characters, not counting the leading '#' (it has {actual})"
            )
            }
            CreativeIssue::GifOrVideoNotAlone {
                index,
                media_type,
                actual,
                ..
            } => {
                return format!(
                    "item {index} is a {media_type}: a Post with a GIF or a video holds only that \
                 one media key (it has {actual})"
                )
            }
            CreativeIssue::OrganicForAnotherUser => {
                "nullcast false (an organic Post) is only for the authenticated user; as_user_id \
                 is another user"
            }
        };
        fixed.to_owned()
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            CreativeIssue::DestinationOnlyIn { component } => {
                p.with("allowed_in", &[component][..])
            }
            CreativeIssue::NotCountryAlpha2 => p,
            CreativeIssue::CtaTooLong { max, actual } => p.with("max", max).with("actual", actual),
            CreativeIssue::GifOrVideoNotAlone {
                index,
                media_type,
                max,
                actual,
            } => p
                .with("max", max)
                .with("actual", actual)
                .with("index", index)
                .with("media_type", media_type),
            CreativeIssue::OrganicForAnotherUser => {
                p.with("fields", &["nullcast", "as_user_id"][..])
            }
        }
    }
}
