//! Issues of the webhook and activity-subscription rules (`src/rules/webhooks.rs`, `src/rules/activity_subscription.rs`; spec A), each variant carrying its parameters.

use crate::report::{Code, Params};

/// The event kinds of document A §6.
pub const EVENT_TYPES: [&str; 12] = [
    "post.create",
    "post.delete",
    "dm.received",
    "dm.sent",
    "dm.read",
    "dm.indicate_typing",
    "spaces.start",
    "spaces.end",
    "profile.update.bio",
    "profile.update.verified",
    "profile.update.affiliate",
    "profile.update.screenname",
];
/// The direct-message kinds: the only listed kinds `direction` applies to ("for DM and chat
/// events"; no chat kind is listed).
pub const DM_EVENT_TYPES: [&str; 4] = ["dm.received", "dm.sent", "dm.read", "dm.indicate_typing"];
/// The effective date of the deprecation (A §6, §9).
pub const DEPRECATED_SINCE: &str = "2026-03-18";
/// The values of `direction`.
pub const DIRECTIONS: [&str; 2] = ["sent", "received"];
/// The items `webhook_config.fields` allows (A §2).
pub const WEBHOOK_CONFIG_FIELDS: [&str; 4] = ["created_at", "id", "url", "valid"];

/// Why a callback URL's host can never pass the CRC from outside (`params.reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostProblem {
    /// `localhost` or a name under it.
    Localhost,
    /// 127.0.0.0/8, `::1`.
    Loopback,
    /// 10/8, 172.16/12, 192.168/16, `fc00::/7`, `fec0::/10`.
    Private,
    /// 169.254/16, `fe80::/10`.
    LinkLocal,
    /// 0.0.0.0/8, `::`.
    Unspecified,
    /// Any other address that is not publicly routable (shared, documentation, benchmarking,
    /// multicast, reserved, broadcast; IPv6 outside global unicast or in its special blocks).
    SpecialPurpose,
}

impl HostProblem {
    /// The stable name reported in `params.reason`.
    pub fn as_str(self) -> &'static str {
        match self {
            HostProblem::Localhost => "localhost",
            HostProblem::Loopback => "loopback",
            HostProblem::Private => "private",
            HostProblem::LinkLocal => "link_local",
            HostProblem::Unspecified => "unspecified",
            HostProblem::SpecialPurpose => "special_purpose",
        }
    }
}

/// An issue of the webhook and activity-subscription rules.
#[derive(Clone, Copy, Debug)]
pub enum WebhookIssue<'a> {
    /// `not_allowed`, `params.part` `userinfo`: a callback URL with `user:password@`.
    UserInfo,
    /// `not_allowed`, `params.part` `port`: a callback URL naming a port.
    Port,
    /// `not_allowed`, `params.part` `host` and `params.reason` ([`HostProblem::as_str`]): a
    /// callback URL whose host the platform can never reach.
    UnreachableHost {
        /// Why.
        problem: HostProblem,
    },
    /// `invalid_url`, no params: the callback URL's host is malformed, a name that reads as a
    /// malformed number (`ipv6` false) or a malformed IPv6 address (`ipv6` true).
    MalformedHost {
        /// Whether it is the IPv6 address that is malformed.
        ipv6: bool,
    },
    /// `invalid_url`, `params.reason` `normalization_unavailable`: the host name needs NFKC and
    /// the build has no Unicode tables and no registered normalizer.
    HostNeedsNormalizer,
    /// `invalid_url`, `params.reason` `unsupported_character`: the host name holds a character
    /// unassigned in Unicode 15.1 that a Unicode version maps (audience::UNICODE_VERSION): no
    /// valid domain name holds one (IDNA refuses unassigned code points), and the mapping would
    /// differ between builds.
    HostUnsupportedCharacter,
    /// `not_in_enum`, `params.allowed` ([`WEBHOOK_CONFIG_FIELDS`]) and `params.index`: item
    /// `index` of `webhook_config.fields` is not an allowed item (`empty`: it is empty).
    UnknownConfigField {
        /// The item's index.
        index: usize,
        /// Whether the item is empty.
        empty: bool,
    },
    /// `wrong_type`, `params.expected` `string` and `params.actual` `number`: a JSON number
    /// where a string is expected (a webhook id, `digits`; a filter's `user_id` or `keyword`),
    /// which may already have lost precision.
    NumberNotString {
        /// Whether the string is one of digits (a webhook id).
        digits: bool,
    },
    /// `deprecated` (a warning), `params.replacement` (null when the spec names none) and
    /// `params.since` ([`DEPRECATED_SINCE`]): a PascalCase event kind.
    DeprecatedEventType {
        /// The kind that replaces it, if the spec names one.
        replacement: Option<&'a str>,
    },
    /// `not_in_enum`, `params.allowed` ([`EVENT_TYPES`]): not an event kind.
    UnknownEventType,
    /// `not_allowed`, `params.event_types` ([`DM_EVENT_TYPES`]): `direction` for an event kind
    /// that is not a direct-message kind.
    DirectionNotForEvent,
    /// `duplicate`, `params.index` and `params.first_index`: item `index` of `direction` repeats
    /// item `first`.
    RepeatedDirection {
        /// The item's index.
        index: usize,
        /// The index of its first occurrence.
        first: usize,
    },
    /// `not_in_enum`, `params.allowed` ([`DIRECTIONS`]): a `direction` that is not one.
    UnknownDirection,
}

impl WebhookIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            WebhookIssue::UserInfo
            | WebhookIssue::Port
            | WebhookIssue::UnreachableHost { .. }
            | WebhookIssue::DirectionNotForEvent => Code::NotAllowed,
            WebhookIssue::MalformedHost { .. }
            | WebhookIssue::HostNeedsNormalizer
            | WebhookIssue::HostUnsupportedCharacter => Code::InvalidUrl,
            WebhookIssue::UnknownConfigField { .. }
            | WebhookIssue::UnknownEventType
            | WebhookIssue::UnknownDirection => Code::NotInEnum,
            WebhookIssue::NumberNotString { .. } => Code::WrongType,
            WebhookIssue::DeprecatedEventType { .. } => Code::Deprecated,
            WebhookIssue::RepeatedDirection { .. } => Code::Duplicate,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        // The fixed texts copied in one place, not one allocation and copy per arm.
        let fixed: &str = match *self {
            WebhookIssue::UserInfo => "must not carry user information (user:password@): it can never pass the CRC",
            WebhookIssue::Port => "must not name a port (not even :443): a port in the URL is rejected",
            WebhookIssue::UnreachableHost { problem } => host_message(problem),
            WebhookIssue::MalformedHost { ipv6 } => return format!(
                "must be a URL with a valid host name or address ({})",
                if ipv6 {
                    "the IPv6 address is malformed"
                } else {
                    "the host reads as a malformed number"
                }
            ),
            WebhookIssue::HostUnsupportedCharacter => "the host name holds a character unassigned in Unicode 15.1",
            WebhookIssue::HostNeedsNormalizer => "cannot check the host name: it needs Unicode normalization and this build has \
                 no Unicode tables and no registered normalizer",
            WebhookIssue::UnknownConfigField { index, empty } => {
                let allowed = WEBHOOK_CONFIG_FIELDS.join(", ");
                if empty {
                    return format!("item {index} is empty; items must be one of: {allowed}")
                } else {
                    return format!("item {index} must be one of: {allowed} (exactly, without spaces)")
                }
            }
            WebhookIssue::NumberNotString { digits } => return format!(
                "must be a string{}, not a JSON number: ids above 2^53 lose precision in JavaScript",
                if digits { " of digits" } else { "" }
            ),
            WebhookIssue::DeprecatedEventType { replacement } => match replacement {
                Some(r) => return format!(
                    "this PascalCase event kind is deprecated since {DEPRECATED_SINCE}; use {r}"
                ),
                None => return format!(
                    "this PascalCase event kind is deprecated since {DEPRECATED_SINCE}; the spec lists no replacement for it"
                ),
            },
            WebhookIssue::UnknownEventType => return format!(
                "must be {}",
                super::one_of_text(&EVENT_TYPES)
            ),
            WebhookIssue::DirectionNotForEvent => return format!(
                "direction applies only to direct-message events: {}",
                DM_EVENT_TYPES.join(", ")
            ),
            WebhookIssue::RepeatedDirection { index, first } => {
                return format!("item {index} repeats item {first}; each direction is given once")
            }
            WebhookIssue::UnknownDirection => "must be sent or received; for both, give [\"sent\", \"received\"]",
        };
        fixed.to_owned()
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            WebhookIssue::UserInfo => p.with("part", "userinfo"),
            WebhookIssue::Port => p.with("part", "port"),
            WebhookIssue::UnreachableHost { problem } => {
                p.with("part", "host").with("reason", problem.as_str())
            }
            WebhookIssue::MalformedHost { .. } => p,
            WebhookIssue::HostNeedsNormalizer => p.with("reason", "normalization_unavailable"),
            WebhookIssue::HostUnsupportedCharacter => p.with("reason", "unsupported_character"),
            WebhookIssue::UnknownConfigField { index, .. } => p
                .with("allowed", &WEBHOOK_CONFIG_FIELDS[..])
                .with("index", index),
            WebhookIssue::NumberNotString { .. } => {
                p.with("expected", "string").with("actual", "number")
            }
            WebhookIssue::DeprecatedEventType { replacement } => p
                .with("replacement", replacement)
                .with("since", DEPRECATED_SINCE),
            WebhookIssue::UnknownEventType => p.with("allowed", &EVENT_TYPES[..]),
            WebhookIssue::DirectionNotForEvent => p.with("event_types", &DM_EVENT_TYPES[..]),
            WebhookIssue::RepeatedDirection { index, first } => {
                p.with("index", index).with("first_index", first)
            }
            WebhookIssue::UnknownDirection => p.with("allowed", &DIRECTIONS[..]),
        }
    }
}

/// Why the platform can never reach a callback URL's host, in words.
fn host_message(problem: HostProblem) -> &'static str {
    match problem {
        HostProblem::Localhost => {
            "must not be localhost: the platform can never reach it to pass the CRC"
        }
        HostProblem::Loopback => {
            "must not be a loopback address: the platform can never reach it to pass the CRC"
        }
        HostProblem::Private => {
            "must not be a private address: the platform can never reach it to pass the CRC"
        }
        HostProblem::LinkLocal => {
            "must not be a link-local address: the platform can never reach it to pass the CRC"
        }
        HostProblem::Unspecified => {
            "must not be an unspecified address: the platform can never reach it to pass the CRC"
        }
        HostProblem::SpecialPurpose => {
            "must not be a special-purpose address that is not publicly reachable"
        }
    }
}
