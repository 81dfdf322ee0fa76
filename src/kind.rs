//! The payload kinds, by stable name.

use crate::error::{Error, ErrorCode};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Defines [`Kind`] from one list: variant, stable name, what it is.
macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $variant:ident => $name:literal,)*) => {
        /// A payload kind. Parse one from its stable name with `str::parse`; serde writes and
        /// reads the same stable name (`"poll_card"`). Kinds are added as the platform's API
        /// grows, so a `match` needs a wildcard arm.
        ///
        /// ```
        /// use preflight::Kind;
        /// let kind: Kind = "poll_card".parse()?;
        /// assert_eq!(kind, Kind::PollCard);
        /// assert_eq!(kind.name(), "poll_card");
        /// assert_eq!(serde_json::to_string(&kind)?, "\"poll_card\"");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
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
    /// The product catalogs GET query (document B §4 Product catalogs).
    ProductCatalogListQuery => "product_catalog_list_query",
    /// The product catalog POST parameters (document B §4 Product catalogs).
    ProductCatalogCreate => "product_catalog_create",
    /// The product catalog PUT parameters (document B §4 Product catalogs).
    ProductCatalogUpdate => "product_catalog_update",
    /// The products GET query (document B §4 Products).
    ProductsListQuery => "products_list_query",
    /// The products DELETE body {product_keys} (document B §4 Products).
    ProductsDelete => "products_delete",
    /// The product set POST body (document B §2 Product set, §4 Product sets).
    ProductSetCreate => "product_set_create",
    /// The keyword insights GET query (document B §4 Keyword insights, §8 Limits).
    KeywordInsightsQuery => "keyword_insights_query",
    /// The tailored audience permissions GET query (document B §4 Tailored audience permissions, §8 Limits).
    TailoredAudiencePermissionListQuery => "tailored_audience_permission_list_query",
    /// The tailored audience permission POST parameters (document B §2 Tailored audience permission, §4).
    TailoredAudiencePermissionCreate => "tailored_audience_permission_create",
    /// The targeted audiences GET query (document B §4 Targeted audiences).
    TargetedAudiencesQuery => "targeted_audiences_query",
    /// The account media GET query (document C §4 Account media).
    AccountMediaListQuery => "account_media_list_query",
    /// The cards GET query (document C §4 Cards, §8 Limits).
    CardListQuery => "card_list_query",
    /// The poll cards GET query (document C §4 Poll cards, §8 Limits).
    PollCardListQuery => "poll_card_list_query",
    /// The video conversation cards GET query (document C §4 Video conversation cards).
    VideoConversationCardListQuery => "video_conversation_card_list_query",
    /// The media library GET query (document C §4 Media library).
    MediaLibraryListQuery => "media_library_list_query",
    /// The media library POST parameters (document C §4 Media library, §8 Limits).
    MediaLibraryCreate => "media_library_create",
    /// The media library PUT parameters (document C §4 Media library, §8 Limits).
    MediaLibraryUpdate => "media_library_update",
    /// The promoted Post creation parameters (POST .../tweet) (document C §4 Promoted Posts, §8 Limits).
    PromotedPostCreate => "promoted_post_create",
    /// The promoted Post name PUT parameters (document C §4 Promoted Posts).
    PromotedPostNameUpdate => "promoted_post_name_update",
    /// The accounts GET query (document C §4 Accounts and account data).
    AccountListQuery => "account_list_query",
    /// The account PUT parameters (document C §2, §4 Accounts and account data).
    AccountUpdate => "account_update",
    /// The account apps GET query (document C §4 Accounts and account data).
    AccountAppListQuery => "account_app_list_query",
    /// The account history GET query (document C §2, §4 Accounts and account data).
    AccountHistoryQuery => "account_history_query",
    /// The account features GET query (document C §4 Accounts and account data).
    FeaturesQuery => "features_query",
    /// The sandbox account features POST parameters (document C §4 Accounts and account data).
    SandboxFeaturesCreate => "sandbox_features_create",
    /// The line item curated categories GET query (document C §4 Line items).
    LineItemCuratedCategoryListQuery => "line_item_curated_category_list_query",
    /// The line item curated category POST parameters (document C §4 Line items).
    LineItemCuratedCategoryCreate => "line_item_curated_category_create",
    /// The line item curated category PUT parameters (document C §4 Line items).
    LineItemCuratedCategoryUpdate => "line_item_curated_category_update",
    /// The query of a single-record GET ({with_deleted}) (document C header, §4 (every GET .../:id with `with_deleted`)).
    EntityGetQuery => "entity_get_query",
}

/// The most edits (insertions, deletions, substitutions, swaps of two neighbours) between an
/// unknown kind name and a kind for the `unknown_kind` error to suggest it ("did you mean").
pub const MAX_SUGGESTION_EDITS: usize = 3;

/// Longer unknown names get no suggestion: the distance is quadratic in the length, and a name
/// this much longer than every kind is no typo of one.
pub const MAX_SUGGESTION_INPUT_CHARS: usize = 64;

impl Kind {
    /// The kind whose name is nearest to `name` (fewest edits, see [`MAX_SUGGESTION_EDITS`]; ties
    /// go to the first in [`Kind::ALL`]), compared ASCII-case-insensitively; `None` when none is
    /// that near. What the `unknown_kind` error suggests.
    pub fn suggest(name: &str) -> Option<Kind> {
        if name.chars().count() > MAX_SUGGESTION_INPUT_CHARS {
            return None;
        }
        let wanted: Vec<char> = name.chars().map(|c| c.to_ascii_lowercase()).collect();
        let mut best: Option<(usize, Kind)> = None;
        for &k in Kind::ALL {
            let candidate: Vec<char> = k.name().chars().collect();
            let d = edit_distance(&wanted, &candidate);
            // Never more edits than half the name: "a" is no typo of "card".
            if d <= MAX_SUGGESTION_EDITS
                && d * 2 <= candidate.len()
                && !matches!(best, Some((b, _)) if b <= d)
            {
                best = Some((d, k));
            }
        }
        best.map(|(_, k)| k)
    }
}

/// Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
/// two adjacent characters, each one edit.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut rows = vec![0usize; (a.len() + 1) * width];
    for (j, cell) in rows.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i * width] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[(i - 1) * width + j] + 1)
                .min(rows[i * width + j - 1] + 1)
                .min(rows[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[(i - 2) * width + j - 2] + 1);
            }
            rows[i * width + j] = d;
        }
    }
    rows[a.len() * width + b.len()]
}

impl FromStr for Kind {
    type Err = Error;

    /// An unknown name is an `unknown_kind` error whose message suggests the nearest kind
    /// ([`Kind::suggest`]) and says where the list of kinds is; it never repeats the name given,
    /// and it does not list all the kinds (43 names made a message of over 1,000 characters).
    fn from_str(s: &str) -> Result<Self, Error> {
        Kind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let hint = match Kind::suggest(s) {
                    Some(k) => format!("unknown kind; did you mean {}? ", k.name()),
                    None => String::from("unknown kind; "),
                };
                Error::new(
                    ErrorCode::UnknownKind,
                    format!(
                        "{hint}kinds() or `preflight kinds` lists the {} kinds",
                        Kind::ALL.len()
                    ),
                )
            })
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Reads a kind's stable name; any other string is an error carrying the `unknown_kind` message
/// (with its "did you mean" suggestion).
impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse()
            .map_err(|e: Error| serde::de::Error::custom(e.message))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suggested(name: &str) -> Option<&'static str> {
        Kind::suggest(name).map(Kind::name)
    }

    #[test]
    fn suggests_the_nearest_kind() {
        assert_eq!(suggested("poll_crd"), Some("poll_card"));
        assert_eq!(suggested("POLL_CARD"), Some("poll_card"));
        assert_eq!(suggested("prodcut"), Some("product"));
        assert_eq!(suggested("products"), Some("product"));
        assert_eq!(suggested("webhook_creat"), Some("webhook_create"));
        assert_eq!(suggested("card_updaet"), Some("card_update"));
        assert_eq!(suggested("entity_get"), None);
        assert_eq!(suggested(""), None);
        assert_eq!(suggested("a"), None);
        assert_eq!(suggested("zzzzzzzz"), None);
        assert_eq!(suggested(&"product".repeat(20)), None);
    }

    #[test]
    fn the_unknown_kind_message_suggests_and_never_repeats_the_name() {
        let e = "poll_crd".parse::<Kind>().unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownKind);
        assert_eq!(
            e.message,
            "unknown kind; did you mean poll_card? kinds() or `preflight kinds` lists the 43 kinds"
        );
        assert!(!e.message.contains("poll_crd"));
        let e = "nothing_like_it_at_all".parse::<Kind>().unwrap_err();
        assert_eq!(
            e.message,
            "unknown kind; kinds() or `preflight kinds` lists the 43 kinds"
        );
    }
}
