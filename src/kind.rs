//! The payload kinds, by stable name.

use crate::error::{Error, ErrorCode};
use std::fmt;
use std::str::FromStr;

/// Defines [`Kind`] from one list: variant, stable name, what it is.
macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $variant:ident => $name:literal,)*) => {
        /// A payload kind. Parse one from its stable name with `str::parse`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Kind {
            /// Every kind, in a fixed order.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// The stable name.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }
        }
    };
}

kinds! {
    /// One product of a catalog (document B §2 Product).
    Product => "product",
    /// The products PUT body `{"products": [...]}` (document B §4 Products).
    ProductBatch => "product_batch",
    /// The cards POST body (document C §4 Cards, §2 Card components).
    Card => "card",
    /// The cards PUT body: only the members present are checked.
    CardUpdate => "card_update",
    /// The poll card POST parameters (document C §4 Poll cards).
    PollCard => "poll_card",
    /// The video conversation card POST parameters (document C §4 Video conversation cards).
    VideoConversationCard => "video_conversation_card",
    /// The video conversation card PUT parameters: the same fields, all optional.
    VideoConversationCardUpdate => "video_conversation_card_update",
    /// The line item PUT parameters (document C §4 Line items).
    LineItemUpdate => "line_item_update",
    /// The custom audience users POST body (document B §4 Custom audience users).
    CustomAudienceUsers => "custom_audience_users",
    /// The do-not-reach list users POST body (document B §4 Do-not-reach list users).
    DoNotReachUsers => "do_not_reach_users",
    /// The webhook create body `{url}` (document A §4 Webhook management, signing.md).
    WebhookCreate => "webhook_create",
    /// The webhook list query `{"webhook_config.fields": ...}` (document A §2, §4).
    WebhookListQuery => "webhook_list_query",
    /// A webhook id path parameter `{"webhook_id": ...}` (document A §2 WebhookConfig id).
    WebhookId => "webhook_id",
    /// An activity subscription's filter (document A §6: user id, keyword, direction, event kinds).
    ActivitySubscription => "activity_subscription",
}

impl FromStr for Kind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::UnknownKind,
                    format!(
                        "unknown kind; expected one of: {}",
                        Kind::ALL
                            .iter()
                            .map(|k| k.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
