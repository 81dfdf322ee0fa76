//! `webhook_create`, `webhook_list_query`, `webhook_id`: the inputs of the webhook management
//! endpoints (document A §2, §4; signing.md "Webhook URL").
//!
//! > POST /2/webhooks: JSON body `{url: string}`. "publicly reachable HTTPS URL; the path is
//! > free; a port specification in the URL is rejected" (A §4); "**no port** in the URL,
//! > well-formed; the platform's machine description caps it at 200 characters. A receiver must
//! > not register `localhost`, a loopback or private address, or a URL with user info: they can
//! > never pass the CRC from outside" (signing.md).
//! >
//! > `webhook_config.fields`: "Comma-separated list (form style, not exploded), at least one
//! > item, items unique. Allowed items: `created_at`, `id`, `url`, `valid`" (A §2).
//! >
//! > WebhookConfig `id`: string, "Pattern `^[0-9]{1,19}$`" (A §2).
//!
//! Choices where the spec is silent are listed in docs/RULES.md; each fails
//! closed (it refuses rather than lets through).

mod description;

pub use description::{CREATE_DESCRIPTION, ID_DESCRIPTION, LIST_QUERY_DESCRIPTION, WEBHOOK_ID};

use crate::checks::fields::{self, Need};
use crate::checks::text::{invalid_format, is_digits};
use crate::checks::{lengths, urls};
use crate::ctx::report;
use crate::ctx::Ctx;
pub use crate::issues::{HostProblem, WEBHOOK_CONFIG_FIELDS};
use crate::issues::{IssueKind, WebhookIssue};
use crate::json::Value;
use crate::model::{At, Check, Hook, Member, Place, Rule};
use crate::report::{Code, Pointer};
use std::net::Ipv6Addr;

/// Longest callback URL, in characters (signing.md: the machine description's cap).
pub const URL_MAX_CHARS: usize = 200;
/// The query parameter of GET /2/webhooks.
pub const FIELDS_PARAM: &str = "webhook_config.fields";
/// Fewest items of `webhook_config.fields` ("at least one item").
pub const FIELDS_MIN_ITEMS: usize = 1;
/// The separator of the form-style, not exploded list.
pub const FIELDS_SEPARATOR: char = ',';
/// The path parameter of DELETE and PUT /2/webhooks/:webhook_id.
pub const ID_PARAM: &str = "webhook_id";
/// The WebhookConfig id pattern (A §2), reported in `params.pattern`.
pub const ID_PATTERN: &str = "^[0-9]{1,19}$";
/// Most digits of a webhook id (the `{1,19}` of [`ID_PATTERN`]).
pub const ID_MAX_DIGITS: usize = 19;
/// The host name that always means this machine (and every name under it, RFC 6761 §6.3).
pub const LOCALHOST: &str = "localhost";

// ---------------------------------------------------------------------------------------------
// webhook_create
// ---------------------------------------------------------------------------------------------

/// The member hook of `url` in the POST /2/webhooks body `{url}` (the row is all data
/// otherwise): a string, not empty when required, then [`callback_url`].
pub const URL: Hook = Hook::new(
    Place::Value,
    url_check,
    &[Rule {
        code: Code::NotAllowed,
        check: &Check::Hook,
        reads_clock: false,
        text: "the URL names no port and no user info, and its host is publicly reachable (not localhost, a loopback, private, link-local or other special-purpose address)",
        fields: &["/url"],
    }],
);

fn url_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path: at,
        name,
        value: v,
        required,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(url) = fields::string(ctx, at, v) else {
        return;
    };
    if url.is_empty() && required {
        let message = format!("{name} is required and must not be empty");
        fields::required_because(ctx, at, name, message);
        return;
    }
    callback_url(ctx, at, url);
}

/// The callback URL rules: at most [`URL_MAX_CHARS`] characters, a well-formed https URL, no
/// user info, no port, and a host the platform can reach. Every problem is reported (the length
/// and the parts are independent); the parts are checked only when the URL parses.
pub fn callback_url(ctx: &mut Ctx, path: &Pointer, url: &str) {
    lengths::max_chars(ctx, path, url, URL_MAX_CHARS);
    let Some(u) = urls::https_url(ctx, path, url) else {
        return;
    };
    if u.userinfo.is_some() {
        report(ctx, path, WebhookIssue::UserInfo.into());
    }
    if u.port.is_some() {
        report(ctx, path, WebhookIssue::Port.into());
    }
    let problem = match u.host {
        urls::Host::Domain(name) => match domain_problem(name) {
            Ok(p) => p,
            Err(UnreadableHost::Numeric) => {
                let malformed = WebhookIssue::MalformedHost { ipv6: false };
                report(ctx, path, malformed.into());
                return;
            }
            Err(UnreadableHost::NormalizationUnavailable) => {
                report(ctx, path, WebhookIssue::HostNeedsNormalizer.into());
                return;
            }
            Err(UnreadableHost::UnsupportedCharacter) => {
                let issue = WebhookIssue::HostUnsupportedCharacter;
                report(ctx, path, issue.into());
                return;
            }
        },
        urls::Host::Ipv4(octets) => ipv4_problem(octets),
        urls::Host::Ipv6(text) => match urls::parse_ipv6(text) {
            Some(groups) => ipv6_problem(&Ipv6Addr::from(groups)),
            None => {
                let malformed = WebhookIssue::MalformedHost { ipv6: true };
                report(ctx, path, malformed.into());
                return;
            }
        },
    };
    if let Some(p) = problem {
        report(
            ctx,
            path,
            WebhookIssue::UnreachableHost { problem: p }.into(),
        );
    }
}

/// A host name that cannot be judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnreadableHost {
    /// Once mapped, it ends in an all-digit label without being an IPv4 address.
    Numeric,
    /// It needs NFKC and the build has no Unicode tables and no registered normalizer
    /// (`crate::audience::set_normalizer`): reported rather than guessed, since a `localhost` in
    /// fullwidth letters would otherwise pass.
    NormalizationUnavailable,
    /// It holds a character unassigned in Unicode 15.1 that some Unicode version maps
    /// (`crate::audience::UNICODE_VERSION`): builds with other Unicode versions would map it
    /// differently, and no valid domain name holds one.
    UnsupportedCharacter,
}

/// `localhost` and every name under it (`a.localhost`), any case, with or without a final dot.
///
/// The name is first mapped as a client resolving it would (IDNA maps compatibility characters):
/// NFKC, the ideographic and fullwidth full stops as `.`, lowercase. So `ｌｏｃａｌｈｏｓｔ` is
/// localhost, and a name that maps to an IPv4 address (`１２７.０.０.１`) is judged as that address.
/// [`UnreadableHost::Numeric`] when the mapped name ends in an all-digit label without being an
/// IPv4 address (a malformed number, like `127.1` written in fullwidth digits).
pub fn domain_problem(name: &str) -> Result<Option<HostProblem>, UnreadableHost> {
    if name.chars().any(crate::audience::unicode::is_refused) {
        return Err(UnreadableHost::UnsupportedCharacter);
    }
    let mapped: String = crate::audience::nfkc(name)
        .map_err(|_| UnreadableHost::NormalizationUnavailable)?
        .chars()
        .map(|c| match c {
            '\u{3002}' | '\u{ff0e}' | '\u{ff61}' => '.',
            c => c,
        })
        .collect::<String>();
    // The audience module's lowercase (equal to `str::to_lowercase`), so a build without the
    // standard library's case tables (the wasm package) does without them here too.
    let mapped = crate::audience::case::to_lowercase(&mapped)
        .map_err(|_| UnreadableHost::NormalizationUnavailable)?;
    let mapped = mapped.strip_suffix('.').unwrap_or(&mapped);
    if let Some(octets) = urls::parse_ipv4(mapped) {
        return Ok(ipv4_problem(octets));
    }
    if mapped.rsplit('.').next().is_some_and(is_digits) {
        return Err(UnreadableHost::Numeric);
    }
    let under = mapped
        .strip_suffix(LOCALHOST)
        .is_some_and(|rest| rest.is_empty() || rest.ends_with('.'));
    Ok(under.then_some(HostProblem::Localhost))
}

/// What keeps an IPv4 address from being publicly reachable (IANA IPv4 Special-Purpose Address
/// Registry), or `None` for a public address.
pub fn ipv4_problem(o: [u8; 4]) -> Option<HostProblem> {
    let in_block = |net: [u8; 4], bits: u32| {
        let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
        u32::from_be_bytes(o) & mask == u32::from_be_bytes(net) & mask
    };
    if in_block([0, 0, 0, 0], 8) {
        return Some(HostProblem::Unspecified);
    }
    if in_block([127, 0, 0, 0], 8) {
        return Some(HostProblem::Loopback);
    }
    if in_block([10, 0, 0, 0], 8) || in_block([172, 16, 0, 0], 12) || in_block([192, 168, 0, 0], 16)
    {
        return Some(HostProblem::Private);
    }
    if in_block([169, 254, 0, 0], 16) {
        return Some(HostProblem::LinkLocal);
    }
    let special: [([u8; 4], u32); 8] = [
        ([100, 64, 0, 0], 10),   // shared address space (RFC 6598)
        ([192, 0, 0, 0], 24),    // IETF protocol assignments
        ([192, 0, 2, 0], 24),    // documentation (TEST-NET-1)
        ([198, 18, 0, 0], 15),   // benchmarking
        ([198, 51, 100, 0], 24), // documentation (TEST-NET-2)
        ([203, 0, 113, 0], 24),  // documentation (TEST-NET-3)
        ([224, 0, 0, 0], 4),     // multicast
        ([240, 0, 0, 0], 4),     // reserved, and 255.255.255.255 broadcast
    ];
    special
        .iter()
        .any(|&(net, bits)| in_block(net, bits))
        .then_some(HostProblem::SpecialPurpose)
}

/// What keeps an IPv6 address from being publicly reachable, or `None` for a global unicast
/// address. Only `2000::/3` can be public; inside it the IETF block `2001::/23`, the
/// documentation blocks `2001:db8::/32` and `3fff::/20` are refused, and 6to4 (`2002::/16`) is
/// judged by the IPv4 address it embeds. An IPv4-mapped address (`::ffff:a.b.c.d`) is judged by
/// its IPv4 address when that is not public, and is otherwise special-purpose.
pub fn ipv6_problem(addr: &Ipv6Addr) -> Option<HostProblem> {
    let s = addr.segments();
    if addr.is_unspecified() {
        return Some(HostProblem::Unspecified);
    }
    if addr.is_loopback() {
        return Some(HostProblem::Loopback);
    }
    if let Some(v4) = addr.to_ipv4_mapped() {
        return Some(ipv4_problem(v4.octets()).unwrap_or(HostProblem::SpecialPurpose));
    }
    if s[0] & 0xfe00 == 0xfc00 || s[0] & 0xffc0 == 0xfec0 {
        return Some(HostProblem::Private);
    }
    if s[0] & 0xffc0 == 0xfe80 {
        return Some(HostProblem::LinkLocal);
    }
    if s[0] & 0xe000 != 0x2000 {
        return Some(HostProblem::SpecialPurpose);
    }
    let ietf = s[0] == 0x2001 && s[1] & 0xfe00 == 0;
    let documentation =
        (s[0] == 0x2001 && s[1] == 0x0db8) || (s[0] == 0x3fff && s[1] & 0xf000 == 0);
    if ietf || documentation {
        return Some(HostProblem::SpecialPurpose);
    }
    if s[0] == 0x2002 {
        let [a, b] = s[1].to_be_bytes();
        let [c, d] = s[2].to_be_bytes();
        return ipv4_problem([a, b, c, d]);
    }
    None
}

// ---------------------------------------------------------------------------------------------
// webhook_list_query
// ---------------------------------------------------------------------------------------------

/// The member hook of `webhook_config.fields` in the GET /2/webhooks query
/// `{"webhook_config.fields": "created_at,id"}`: [`config_fields`], whose messages name the
/// allowed items.
pub const CONFIG_FIELDS: Hook = Hook::new(Place::Value, config_fields_check, &[]);

fn config_fields_check(ctx: &mut Ctx, hook: &At) {
    if let Some(m) = hook.member() {
        config_fields(ctx, m.path, m.value);
    }
}

/// `webhook_config.fields`: a comma-separated string (as sent), or an array of strings (as a
/// client holds it before joining). Items are matched exactly: no trimming, case-sensitive.
fn config_fields(ctx: &mut Ctx, path: &Pointer, v: &Value) {
    // (the item, where to report it, its index in the list)
    let items: Vec<(&str, Pointer, usize)> = match v {
        Value::String(s) if s.is_empty() => Vec::new(),
        Value::String(s) => s
            .split(FIELDS_SEPARATOR)
            .enumerate()
            .map(|(i, item)| (item, *path, i))
            .collect(),
        Value::Array(a) => {
            let mut items = Vec::with_capacity(a.len());
            for (i, item) in a.iter().enumerate() {
                if let Some(s) = fields::string(ctx, &path.index(i), item) {
                    items.push((s, path.index(i), i));
                }
            }
            if items.len() < a.len() {
                // Items of the wrong type are reported; the count and repeats are not judged.
                check_items(ctx, &items, None);
                return;
            }
            items
        }
        other => {
            fields::wrong_type(ctx, path, "string or array of strings", other);
            return;
        }
    };
    check_items(ctx, &items, Some(path));
}

/// Each item in [`WEBHOOK_CONFIG_FIELDS`] and not repeated; with `count_at`, at least
/// [`FIELDS_MIN_ITEMS`] items (reported there).
fn check_items(ctx: &mut Ctx, items: &[(&str, Pointer, usize)], count_at: Option<&Pointer>) {
    if let Some(at) = count_at {
        if !lengths::item_count(ctx, at, items.len(), Some(FIELDS_MIN_ITEMS), None) {
            return;
        }
    }
    let earlier = lengths::earlier_repeats(items.iter().map(|(item, _, _)| *item));
    for (n, (item, at, index)) in items.iter().enumerate() {
        if !WEBHOOK_CONFIG_FIELDS.contains(item) {
            let unknown = WebhookIssue::UnknownConfigField {
                index: *index,
                empty: item.is_empty(),
            };
            report(ctx, at, unknown.into());
            continue;
        }
        if let Some(&(_, _, first)) = earlier[n].and_then(|j| items.get(j)) {
            let repeated = IssueKind::RepeatedItem {
                index: *index,
                first,
            };
            report(ctx, at, repeated);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// webhook_id
// ---------------------------------------------------------------------------------------------

/// The member hook of a webhook id (the path parameter `{"webhook_id": "..."}` of DELETE and
/// PUT /2/webhooks/:webhook_id): [`id_value`].
pub const ID: Hook = Hook::new(Place::Value, id_check, &[]);

fn id_check(ctx: &mut Ctx, hook: &At) {
    let Some(m) = hook.member() else {
        return;
    };
    let need = if m.required {
        Need::Required
    } else {
        Need::Optional
    };
    id_value(ctx, m.path, m.name, m.value, need);
}

/// The value `v` of webhook id member `name` at `at`: a string matching [`ID_PATTERN`]. A JSON
/// number is a `wrong_type` whatever its value: ids reach 19 digits, above the 2^53 a JavaScript
/// number holds exactly, so a number may already have been rounded to another id. An empty
/// string is `required` when the member is, else an `invalid_format`. Whether it is an id.
pub fn id_value(ctx: &mut Ctx, at: &Pointer, name: &str, v: &Value, need: Need) -> bool {
    match v {
        Value::String(s) if s.is_empty() && need == Need::Required => {
            let message = format!("{name} is required and must not be empty");
            fields::required_because(ctx, at, name, message);
            false
        }
        Value::String(s) => {
            let ok = is_digits(s) && s.len() <= ID_MAX_DIGITS;
            if !ok {
                let message = format!("must be 1 to {ID_MAX_DIGITS} decimal digits (0-9)");
                invalid_format(ctx, at, &message, ID_PATTERN);
            }
            ok
        }
        Value::Number(_) => {
            let number = WebhookIssue::NumberNotString { digits: true };
            report(ctx, at, number.into());
            false
        }
        other => {
            fields::wrong_type(ctx, at, "string", other);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn v4(s: &str) -> Option<HostProblem> {
        ipv4_problem(s.parse::<Ipv4Addr>().map(|a| a.octets()).unwrap_or([0; 4]))
    }

    fn v6(s: &str) -> Option<HostProblem> {
        ipv6_problem(&s.parse::<Ipv6Addr>().unwrap_or(Ipv6Addr::UNSPECIFIED))
    }

    #[test]
    fn ipv4_blocks_and_their_edges() {
        use HostProblem::*;
        for (a, want) in [
            ("0.0.0.0", Some(Unspecified)),
            ("0.255.255.255", Some(Unspecified)),
            ("1.1.1.1", None),
            ("9.255.255.255", None),
            ("10.0.0.0", Some(Private)),
            ("10.255.255.255", Some(Private)),
            ("11.0.0.0", None),
            ("100.63.255.255", None),
            ("100.64.0.0", Some(SpecialPurpose)),
            ("100.127.255.255", Some(SpecialPurpose)),
            ("100.128.0.0", None),
            ("126.255.255.255", None),
            ("127.0.0.1", Some(Loopback)),
            ("127.255.255.255", Some(Loopback)),
            ("128.0.0.0", None),
            ("169.253.255.255", None),
            ("169.254.169.254", Some(LinkLocal)),
            ("169.255.0.0", None),
            ("172.15.255.255", None),
            ("172.16.0.0", Some(Private)),
            ("172.31.255.255", Some(Private)),
            ("172.32.0.0", None),
            ("192.0.0.8", Some(SpecialPurpose)),
            ("192.0.2.1", Some(SpecialPurpose)),
            ("192.0.3.1", None),
            ("192.167.255.255", None),
            ("192.168.0.1", Some(Private)),
            ("192.169.0.0", None),
            ("198.17.255.255", None),
            ("198.18.0.0", Some(SpecialPurpose)),
            ("198.19.255.255", Some(SpecialPurpose)),
            ("198.20.0.0", None),
            ("198.51.100.7", Some(SpecialPurpose)),
            ("203.0.113.9", Some(SpecialPurpose)),
            ("223.255.255.255", None),
            ("224.0.0.1", Some(SpecialPurpose)),
            ("255.255.255.255", Some(SpecialPurpose)),
        ] {
            assert_eq!(v4(a), want, "{a}");
        }
    }

    #[test]
    fn ipv6_blocks() {
        use HostProblem::*;
        for (a, want) in [
            ("::", Some(Unspecified)),
            ("::1", Some(Loopback)),
            ("::ffff:127.0.0.1", Some(Loopback)),
            ("::ffff:10.1.2.3", Some(Private)),
            ("::ffff:8.8.8.8", Some(SpecialPurpose)),
            ("::8.8.8.8", Some(SpecialPurpose)),
            ("fc00::1", Some(Private)),
            ("fdff:ffff::1", Some(Private)),
            ("fec0::1", Some(Private)),
            ("fe80::1", Some(LinkLocal)),
            ("febf::1", Some(LinkLocal)),
            ("ff02::1", Some(SpecialPurpose)),
            ("64:ff9b::808:808", Some(SpecialPurpose)),
            ("2001:db8::1", Some(SpecialPurpose)),
            ("3fff::1", Some(SpecialPurpose)),
            ("3fff:fff::1", Some(SpecialPurpose)),
            ("3fff:1000::1", None),
            ("2001::1", Some(SpecialPurpose)),
            ("2001:1ff::1", Some(SpecialPurpose)),
            ("2001:200::1", None),
            ("2001:4860:4860::8888", None),
            ("2606:4700:4700::1111", None),
            ("2002:7f00:1::", Some(Loopback)),
            ("2002:0808:0808::", None),
            ("4000::1", Some(SpecialPurpose)),
        ] {
            assert_eq!(v6(a), want, "{a}");
        }
    }

    /// `domain_problem`, except that without the tables (and no normalizer registered, as in
    /// this test binary) a name that is not ASCII must be refused as unreadable, never judged.
    fn judged(n: &str) -> Result<Option<HostProblem>, UnreadableHost> {
        let got = domain_problem(n);
        if cfg!(feature = "nfc-tables") || n.is_ascii() {
            return got;
        }
        assert_eq!(got, Err(UnreadableHost::NormalizationUnavailable), "{n}");
        Err(UnreadableHost::NormalizationUnavailable)
    }

    /// The one callback-URL issue no vector reaches (the vectors run with the tables): a
    /// fullwidth `localhost` without the tables and no normalizer is `invalid_url` with
    /// `params.reason`, never judged; with the tables it is localhost.
    #[test]
    fn unreadable_host_issue_without_the_tables() {
        let payload = serde_json::json!({"url": "https://\u{ff4c}\u{ff4f}\u{ff43}\u{ff41}\u{ff4c}\u{ff48}\u{ff4f}\u{ff53}\u{ff54}/hook"});
        let report = crate::validate(
            crate::Kind::WebhookCreate,
            &payload,
            &crate::Options::default(),
        );
        let [issue] = &report.issues[..] else {
            panic!("one issue: {:?}", report.issues);
        };
        assert_eq!(issue.path, "/url");
        let (code, message, params) = if cfg!(feature = "nfc-tables") {
            (
                "not_allowed",
                "must not be localhost: the platform can never reach it to pass the CRC",
                r#"{"part":"host","reason":"localhost"}"#,
            )
        } else {
            (
                "invalid_url",
                "cannot check the host name: it needs Unicode normalization and this build has \
                 no Unicode tables and no registered normalizer",
                r#"{"reason":"normalization_unavailable"}"#,
            )
        };
        assert_eq!(issue.code.to_string(), code);
        assert_eq!(issue.message, message);
        assert_eq!(
            serde_json::to_string(&issue.params).ok().as_deref(),
            Some(params)
        );
    }

    /// A host holding a character unassigned in Unicode 15.1 that some Unicode version maps is
    /// refused before any mapping, with or without the tables, so that builds whose NFKC knows
    /// other Unicode versions (the native tables, a browser's) give one answer; every other
    /// character is mapped as before.
    #[test]
    fn a_host_with_a_character_unknown_to_unicode_15_1_is_refused() {
        let refused: Vec<char> = (0x500..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| crate::audience::unicode::is_refused(c))
            .collect();
        assert!(refused.contains(&'\u{5C8}'), "U+05C8 is new in Unicode 18");
        assert!(refused.len() > 300, "{}", refused.len());
        for c in refused {
            for name in [
                format!("exa{c}mple.com"),
                format!("localhost{c}"),
                format!("{c}"),
            ] {
                assert_eq!(
                    domain_problem(&name),
                    Err(UnreadableHost::UnsupportedCharacter),
                    "U+{:04X}",
                    u32::from(c)
                );
            }
        }
        let payload = serde_json::json!({"url": "https://exa\u{5C8}mple.com/hook"});
        let report = crate::validate(
            crate::Kind::WebhookCreate,
            &payload,
            &crate::Options::default(),
        );
        assert_eq!(
            report.to_json(),
            r#"{"valid":false,"issues":[{"path":"/url","code":"invalid_url","message":"the host name holds a character unassigned in Unicode 15.1","severity":"error","params":{"reason":"unsupported_character"}}]}"#
        );
        // Assigned in 15.1: mapped as before (without the tables: unreadable, as before).
        if cfg!(feature = "nfc-tables") {
            assert_eq!(judged("\u{e9}xample.com"), Ok(None));
        } else {
            assert!(judged("\u{e9}xample.com").is_err());
        }
    }

    #[test]
    fn localhost_names() {
        let tables = cfg!(feature = "nfc-tables");
        let or_unreadable = |n: &str, want| {
            if tables || n.is_ascii() {
                want
            } else {
                Err(UnreadableHost::NormalizationUnavailable)
            }
        };
        for n in [
            "localhost",
            "LOCALHOST",
            "localhost.",
            "api.localhost",
            "a.b.LocalHost.",
            "ｌｏｃａｌｈｏｓｔ",
            "api。localhost",
        ] {
            assert_eq!(
                judged(n),
                or_unreadable(n, Ok(Some(HostProblem::Localhost))),
                "{n}"
            );
        }
        for n in [
            "example.com",
            "mylocalhost",
            "localhost.example.com",
            "notlocalhost.",
            "bücher.example",
        ] {
            assert_eq!(judged(n), or_unreadable(n, Ok(None)), "{n}");
        }
        for (n, want) in [
            ("１２７.０.０.１", Ok(Some(HostProblem::Loopback))),
            ("８.８.８.８", Ok(None)),
            ("１２７.１", Err(UnreadableHost::Numeric)),
        ] {
            assert_eq!(judged(n), or_unreadable(n, want), "{n}");
        }
    }
}
