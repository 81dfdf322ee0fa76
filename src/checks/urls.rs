//! Absolute http(s) URLs, parsed per RFC 3986 (no normalization, no network).
//!
//! "Well formed" here means: scheme `http` or `https` (any case) followed by `://`; a non-empty
//! host that is a DNS name (labels of letters, digits, `-`, `_` or non-ASCII, at most 63 each,
//! not starting or ending with `-`), an IPv4 address or a bracketed IPv6 address; an optional
//! port of 1 to 5 digits (1 to 65535); and path, query and fragment made of RFC 3986 characters
//! (or non-ASCII), with every `%` followed by two hex digits. Spaces and control characters are
//! never allowed.
//!
//! A bare domain name ([`is_domain`], "Domain without protocol") is a host of that DNS form on its
//! own: the same label rules, with no scheme, user, port, path, query or fragment around it.

use crate::checks::text::{find_byte, invalid_format, is_digits};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CheckIssue;
pub use crate::issues::UrlError;
use crate::report::Pointer;

/// The host of a parsed URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host<'a> {
    /// A DNS name, as written.
    Domain(&'a str),
    Ipv4([u8; 4]),
    /// The text between the brackets.
    Ipv6(&'a str),
}

/// A parsed absolute http(s) URL (borrowed parts of the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url<'a> {
    /// `http` or `https`, as written (compare case-insensitively).
    pub scheme: &'a str,
    pub userinfo: Option<&'a str>,
    pub host: Host<'a>,
    pub port: Option<u16>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl Url<'_> {
    pub fn is_https(&self) -> bool {
        self.scheme.eq_ignore_ascii_case("https")
    }
}

/// Longest DNS label, in bytes.
const MAX_LABEL_LEN: usize = 63;
/// Longest DNS name, in bytes (without a final `.`).
const MAX_DOMAIN_LEN: usize = 253;
/// Most digits of a port (65535).
const MAX_PORT_DIGITS: usize = 5;
/// Most digits of an IPv4 octet (255).
const MAX_OCTET_DIGITS: usize = 3;
/// Most hexadecimal digits of an IPv6 address's group (RFC 4291 §2.2: "one to four").
const MAX_GROUP_DIGITS: usize = 4;
/// How a bare domain name must look (reported in `params.pattern` by [`domain`]).
pub const DOMAIN_PATTERN: &str = "domain name without protocol, like example.com";

/// Parses `s` as an absolute http or https URL.
///
/// Every delimiter is ASCII, so the text is read as bytes, each part in one pass; a non-ASCII
/// character is decoded only where its class matters (path, query, fragment, user info).
pub fn parse_http_url(s: &str) -> Result<Url<'_>, UrlError> {
    let (scheme, rest) = match http_prefix(s) {
        Some(split) => split,
        None => {
            let (scheme, rest) = split_scheme(s).ok_or(UrlError::Scheme)?;
            if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
                return Err(UrlError::Scheme);
            }
            (scheme, rest)
        }
    };
    // The authority runs to the first `/`, `?` or `#`; user info ends at its last `@`; a port
    // follows the last `:` after that.
    let mut auth_end = rest.len();
    let mut last_at = None;
    let mut last_colon = None;
    for (i, &c) in rest.as_bytes().iter().enumerate() {
        let class = ASCII_CLASSES.get(usize::from(c)).copied().unwrap_or(0);
        if class & (AUTHORITY_END | AT | COLON) == 0 {
            continue;
        }
        if class & AUTHORITY_END != 0 {
            auth_end = i;
            break;
        }
        if c == b'@' {
            last_at = Some(i);
            last_colon = None;
        } else {
            last_colon = Some(i);
        }
    }
    let (authority, tail) = rest.split_at(auth_end);
    let (userinfo, hostport) = match last_at {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    if let Some(u) = userinfo {
        if !valid_chars(u, USERINFO) {
            return Err(UrlError::Character);
        }
    }
    let (host_text, port_text) = match (hostport.as_bytes().first() == Some(&b'['), last_colon) {
        (true, _) => split_host_port(hostport)?,
        (false, None) => (hostport, None),
        // The last `:` of the authority, after its last `@`: within `hostport`.
        (false, Some(colon)) => {
            let at = colon.checked_sub(authority.len() - hostport.len());
            match at.map(|at| (hostport.get(..at), hostport.get(at + 1..))) {
                Some((Some(host), Some(port))) => (host, Some(port)),
                _ => split_host_port(hostport)?,
            }
        }
    };
    let host = parse_host(host_text)?;
    let port = match port_text {
        None => None,
        Some(p) => {
            if p.len() > MAX_PORT_DIGITS || !is_digits(p) {
                return Err(UrlError::Port);
            }
            match p.parse::<u16>() {
                Ok(0) | Err(_) => return Err(UrlError::Port),
                Ok(n) => Some(n),
            }
        }
    };
    let (path, query, fragment) = split_tail(tail).ok_or(UrlError::Character)?;
    Ok(Url {
        scheme,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    })
}

/// The usual case, quickly: `http://` or `https://` (any case) opening the text, split as
/// [`split_scheme`] splits it. Setting bit 0x20 lowercases a letter, and only `H` or `h` gives
/// `h` (likewise `t`, `p` and `s`).
fn http_prefix(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    if !b.get(..4)?.iter().zip(b"http").all(|(c, l)| c | 0x20 == *l) {
        return None;
    }
    let len = match b.get(4) {
        Some(c) if c | 0x20 == b's' => 5,
        _ => 4,
    };
    if b.get(len..len + 3) != Some(b"://") {
        return None;
    }
    Some((s.get(..len)?, s.get(len + 3..)?))
}

/// The text before the first `://` and the text after it.
fn split_scheme(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(i) = b.get(from..).and_then(|rest| find_byte(rest, b':')) {
        let colon = from + i;
        if b.get(colon + 1..colon + 3) == Some(b"//") {
            return Some((s.get(..colon)?, s.get(colon + 3..)?));
        }
        from = colon + 1;
    }
    None
}

/// Path, query (after the first `?` before any `#`) and fragment (after the first `#`), each
/// of the characters it may hold; `None` when one holds another.
fn split_tail(tail: &str) -> Option<(&str, Option<&str>, Option<&str>)> {
    let b = tail.as_bytes();
    let mut classes = PATH;
    let mut query_at = None;
    let mut fragment_at = None;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        // The usual byte: ASCII of the current part's classes. (`%`, `#` and a first `?` in
        // the path are in none of them and are handled below.)
        if c < 0x80 && ASCII_CLASSES[usize::from(c)] & classes != 0 {
            i += 1;
            continue;
        }
        match c {
            b'%' => {
                let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
                if !ok {
                    return None;
                }
                i += 3;
            }
            b'#' if fragment_at.is_none() => {
                fragment_at = Some(i);
                classes = QUERY;
                i += 1;
            }
            b'?' if query_at.is_none() && fragment_at.is_none() => {
                query_at = Some(i);
                classes = QUERY;
                i += 1;
            }
            0..=0x7f => {
                if ASCII_CLASSES[usize::from(c)] & classes == 0 {
                    return None;
                }
                i += 1;
            }
            _ => i += non_ascii_len(tail, i)?,
        }
    }
    let path_end = query_at.or(fragment_at).unwrap_or(tail.len());
    let query = query_at.and_then(|q| tail.get(q + 1..fragment_at.unwrap_or(tail.len())));
    let fragment = fragment_at.and_then(|f| tail.get(f + 1..));
    Some((tail.get(..path_end)?, query, fragment))
}

fn split_host_port(hostport: &str) -> Result<(&str, Option<&str>), UrlError> {
    if let Some(inner) = hostport.strip_prefix('[') {
        let close = find_byte(inner.as_bytes(), b']').ok_or(UrlError::Host)?;
        let host = &hostport[..close + 2];
        let after = &inner[close + 1..];
        return match after {
            "" => Ok((host, None)),
            _ => match after.strip_prefix(':') {
                Some(p) => Ok((host, Some(p))),
                None => Err(UrlError::Host),
            },
        };
    }
    Ok(match hostport.bytes().rposition(|c| c == b':') {
        Some(i) => (&hostport[..i], Some(&hostport[i + 1..])),
        None => (hostport, None),
    })
}

fn parse_host(h: &str) -> Result<Host<'_>, UrlError> {
    if h.is_empty() {
        return Err(UrlError::Host);
    }
    let b = h.as_bytes();
    if b.first() == Some(&b'[') && b.last() == Some(&b']') {
        let inner = h.get(1..h.len() - 1).unwrap_or_default();
        let ok = !inner.is_empty()
            && inner.contains(':')
            && inner
                .bytes()
                .all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.');
        return if ok {
            Ok(Host::Ipv6(inner))
        } else {
            Err(UrlError::Host)
        };
    }
    if let Some(v4) = parse_ipv4(h) {
        return Ok(Host::Ipv4(v4));
    }
    let name = match b.last() {
        Some(b'.') => h.get(..h.len() - 1).unwrap_or_default(),
        _ => h,
    };
    if name.is_empty() || name.len() > MAX_DOMAIN_LEN || !is_dns_name(name.as_bytes()) {
        return Err(UrlError::Host);
    }
    Ok(Host::Domain(h))
}

/// Labels of letters, digits, `-`, `_` or non-ASCII characters (whose bytes are all
/// non-ASCII), 1 to 63 bytes each, not starting or ending with `-`, separated by `.`; the last
/// not all digits (then it is neither a DNS name nor a valid IPv4 address). One pass.
fn is_dns_name(name: &[u8]) -> bool {
    let label_ok = |label: &[u8]| match (label.first(), label.last()) {
        (Some(&first), Some(&last)) => {
            label.len() <= MAX_LABEL_LEN && first != b'-' && last != b'-'
        }
        _ => false,
    };
    let mut start = 0;
    let mut digits_only = true;
    for (i, &c) in name.iter().enumerate() {
        if c == b'.' {
            if !label_ok(&name[start..i]) {
                return false;
            }
            start = i + 1;
            digits_only = true;
        } else if c >= 0x80 || ASCII_CLASSES[usize::from(c)] & HOST_LABEL != 0 {
            digits_only &= c.is_ascii_digit();
        } else {
            return false;
        }
    }
    label_ok(&name[start..]) && !digits_only
}

/// Dotted-quad IPv4 with decimal octets 0 to 255 and no leading zeros.
pub fn parse_ipv4(h: &str) -> Option<[u8; 4]> {
    // Cheap exit for the common case, a name: an address starts with a digit.
    if !h.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut out = [0u8; 4];
    let mut parts = h.split('.');
    for slot in out.iter_mut() {
        let p = parts.next()?;
        if p.len() > MAX_OCTET_DIGITS || !is_digits(p) {
            return None;
        }
        if p.len() > 1 && p.starts_with('0') {
            return None;
        }
        *slot = p.parse::<u8>().ok()?;
    }
    if parts.next().is_some() {
        return None;
    }
    Some(out)
}

/// An IPv6 address's text (what `[...]` holds in a URL, RFC 4291 §2.2) as its eight 16-bit
/// groups, or `None`: exactly the texts `str::parse::<std::net::Ipv6Addr>` accepts (groups of
/// one to four hexadecimal digits, one `::` for a run of zero groups, an IPv4 address in the last
/// two groups, no zone). The standard library's parser weighed about 2.4 KB of code in the wasm
/// builds; `ipv6_as_the_standard_library` holds the two equal.
pub fn parse_ipv6(text: &str) -> Option<[u16; 8]> {
    let b = text.as_bytes();
    let mut at = 0;
    let mut head = [0u16; 8];
    let (head_len, head_v4) = ipv6_groups(b, &mut at, &mut head);
    if head_len < 8 {
        // An IPv4 address only ends an address; otherwise `::` stands for the missing groups
        // (at least one).
        if head_v4 || b.get(at..at + 2) != Some(&b"::"[..]) {
            return None;
        }
        at += 2;
        let mut tail = [0u16; 7];
        let tail_len = ipv6_groups(b, &mut at, &mut tail[..7 - head_len]).0;
        for (slot, g) in head[8 - tail_len..].iter_mut().zip(tail) {
            *slot = g;
        }
    }
    (at == b.len()).then_some(head)
}

/// Up to `groups.len()` groups from `b[*at..]`, separated by `:`, the last two of which may be
/// an IPv4 address: how many were read, and whether an IPv4 address ended them. `*at` is left
/// after the last group read (a `:` not followed by a group stays unread).
fn ipv6_groups(b: &[u8], at: &mut usize, groups: &mut [u16]) -> (usize, bool) {
    let limit = groups.len();
    for i in 0..limit {
        let start = match i {
            0 => *at,
            _ if b.get(*at) == Some(&b':') => *at + 1,
            _ => return (i, false),
        };
        if i + 1 < limit {
            if let Some(([o1, o2, o3, o4], end)) = ipv4_at(b, start) {
                groups[i] = u16::from_be_bytes([o1, o2]);
                groups[i + 1] = u16::from_be_bytes([o3, o4]);
                *at = end;
                return (i + 2, true);
            }
        }
        match number_at(b, start, 16, MAX_GROUP_DIGITS) {
            Some((g, end)) => {
                groups[i] = g as u16;
                *at = end;
            }
            None => return (i, false),
        }
    }
    (limit, false)
}

/// A dotted-quad IPv4 address starting at `b[start]` (decimal octets, no leading zeros) and
/// where it ends.
fn ipv4_at(b: &[u8], start: usize) -> Option<([u8; 4], usize)> {
    let mut at = start;
    let mut out = [0u8; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        if i > 0 {
            if b.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
        let (v, end) = number_at(b, at, 10, MAX_OCTET_DIGITS)?;
        if end - at > 1 && b.get(at) == Some(&b'0') {
            return None;
        }
        *slot = u8::try_from(v).ok()?;
        at = end;
    }
    Some((out, at))
}

/// The number of one to `max_digits` digits in `radix` (10 or 16) that starts at `b[start]`, and
/// where it ends; `None` when there is no digit there or more than `max_digits` in a row.
fn number_at(b: &[u8], start: usize, radix: u32, max_digits: usize) -> Option<(u32, usize)> {
    let mut v = 0u32;
    let mut at = start;
    while let Some(d) = b.get(at).and_then(|&c| char::from(c).to_digit(radix)) {
        if at - start == max_digits {
            return None;
        }
        v = v * radix + d;
        at += 1;
    }
    (at > start).then_some((v, at))
}

/// A DNS domain name with nothing around it: a host of the form above that is not an IP address,
/// with no protocol, user, port, path, query or fragment. Exactly the strings `s` for which
/// `http://` + `s` is a well-formed URL whose host is a DNS name and has nothing after it: those
/// parts would need a character (`/ ? # @ : [`) that a DNS host never holds.
pub fn is_domain(s: &str) -> bool {
    matches!(parse_host(s), Ok(Host::Domain(_)))
}

/// A bare domain name (see [`is_domain`]); reports `invalid_format` otherwise, telling a URL
/// (`scheme://`) apart from any other malformed value.
pub fn domain(ctx: &mut Ctx, path: &Pointer, s: &str) -> bool {
    if is_domain(s) {
        return true;
    }
    let message = if s.contains("://") {
        "must be a domain without protocol: leave out http:// or https://"
    } else {
        "must be a domain name without protocol, path or port, like example.com"
    };
    invalid_format(ctx, path, message, DOMAIN_PATTERN);
    false
}

/// Character classes of ASCII bytes, as bit flags (see [`ASCII_CLASSES`]).
const UNRESERVED: u8 = 1;
const SUB_DELIM: u8 = 2;
/// `:`
const COLON: u8 = 4;
/// `@`
const AT: u8 = 8;
/// `/`
const SLASH: u8 = 16;
/// `?`
const QUESTION: u8 = 32;
/// What a DNS label holds of ASCII: letters, digits, `-` and `_`.
const HOST_LABEL: u8 = 64;
/// `#`, and with `/` and `?` what ends the authority.
const HASH: u8 = 128;
const AUTHORITY_END: u8 = SLASH | QUESTION | HASH;

/// What user info may hold: unreserved, sub-delims and `:`.
const USERINFO: u8 = UNRESERVED | SUB_DELIM | COLON;
/// What a path may hold: pchar (unreserved, sub-delims, `:`, `@`) and `/`.
const PATH: u8 = UNRESERVED | SUB_DELIM | COLON | AT | SLASH;
/// What a query or fragment may hold: pchar, `/` and `?`.
const QUERY: u8 = PATH | QUESTION;

/// The RFC 3986 classes of each ASCII byte: unreserved (letters, digits, `-._~`), sub-delims
/// (`!$&'()*+,;=`), the four delimiters allowed in some parts, and what a DNS label holds. Any other ASCII byte (space,
/// controls, `"<>\^`{|}`, `%` outside an escape, `#`, `[`, `]`) is in no class.
const ASCII_CLASSES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_') {
            UNRESERVED | HOST_LABEL
        } else if matches!(b, b'.' | b'~') {
            UNRESERVED
        } else {
            match b {
                b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' => {
                    SUB_DELIM
                }
                b':' => COLON,
                b'@' => AT,
                b'/' => SLASH,
                b'?' => QUESTION,
                b'#' => HASH,
                _ => 0,
            }
        };
        c += 1;
    }
    t
};

/// Every character is ASCII in one of `classes`, or non-ASCII and neither whitespace nor a
/// control character (RFC 3987 lets IRIs carry them), or a `%` followed by two hex digits.
fn valid_chars(s: &str, classes: u8) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return false;
            }
            i += 3;
        } else if c < 0x80 {
            if ASCII_CLASSES[usize::from(c)] & classes == 0 {
                return false;
            }
            i += 1;
        } else {
            let Some(len) = non_ascii_len(s, i) else {
                return false;
            };
            i += len;
        }
    }
    true
}

/// The length of the non-ASCII character at byte `i` of `s` (a char boundary: callers only
/// move past whole characters) when it may stand in a URL part (IRI characters: neither
/// whitespace nor a control character); `None` otherwise.
fn non_ascii_len(s: &str, i: usize) -> Option<usize> {
    let ch = s.get(i..)?.chars().next()?;
    (!ch.is_whitespace() && !ch.is_control()).then_some(ch.len_utf8())
}

/// A well-formed absolute http(s) URL; reports `invalid_url` otherwise.
pub fn http_url<'a>(ctx: &mut Ctx, path: &Pointer, s: &'a str) -> Option<Url<'a>> {
    match parse_http_url(s) {
        Ok(u) => Some(u),
        Err(e) => {
            report(ctx, path, CheckIssue::InvalidUrl { error: e }.into());
            None
        }
    }
}

/// A well-formed absolute https URL; reports `invalid_url` or `url_not_https` otherwise.
pub fn https_url<'a>(ctx: &mut Ctx, path: &Pointer, s: &'a str) -> Option<Url<'a>> {
    let u = http_url(ctx, path, s)?;
    if !u.is_https() {
        report(ctx, path, CheckIssue::UrlNotHttps.into());
        return None;
    }
    Some(u)
}

/// A comma-separated list of at most `max_items` URLs (the `url_list` format of a product's
/// `additional_image_link`): each item, spaces around a comma allowed, a well-formed absolute
/// http(s) URL, reported as `invalid_url` at the list with `params.index`. Too many items is
/// reported alone: the item checks would be as many issues as commas.
pub fn url_list(ctx: &mut Ctx, path: &Pointer, list: &str, max_items: usize) {
    let count = crate::checks::text::split_byte(list, b',').count();
    if !crate::checks::lengths::item_count(ctx, path, count, None, Some(max_items)) {
        return;
    }
    for (i, item) in crate::checks::text::split_byte(list, b',').enumerate() {
        if parse_http_url(item.trim_matches(' ')).is_err() {
            report(ctx, path, CheckIssue::InvalidUrlItem { index: i }.into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_ipv6` accepts exactly what the standard library's parser accepts, with the same
    /// groups: every text of up to 6 characters over the characters of an address, then a
    /// million random texts of up to 45, then real addresses written every way.
    #[test]
    fn ipv6_as_the_standard_library() {
        fn same(s: &str) {
            let std = s.parse::<std::net::Ipv6Addr>().ok().map(|a| a.segments());
            assert_eq!(parse_ipv6(s), std, "{s:?}");
        }
        const CHARS: &[u8] = b"0123456789abcdefABCDEF:.g ";
        const SHORT: &[u8] = b"0129af:.";
        let mut text = Vec::new();
        fn all(text: &mut Vec<u8>, left: usize, same: &dyn Fn(&str)) {
            same(std::str::from_utf8(text).expect("ASCII"));
            if left == 0 {
                return;
            }
            for &c in SHORT {
                text.push(c);
                all(text, left - 1, same);
                text.pop();
            }
        }
        all(&mut text, 6, &same);
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..1_000_000 {
            let len = (next() % 46) as usize;
            // Mostly digits and colons, so that many texts are addresses or nearly.
            let s: String = (0..len)
                .map(|_| {
                    let r = next();
                    let c = match r % 4 {
                        0 => b':',
                        1 => b"0123456789"[(r >> 8) as usize % 10],
                        2 => CHARS[(r >> 8) as usize % CHARS.len()],
                        _ => b"0f1.2"[(r >> 8) as usize % 5],
                    };
                    char::from(c)
                })
                .collect();
            same(&s);
        }
        for _ in 0..200_000 {
            let mut g = [0u16; 8];
            for s in g.iter_mut() {
                let r = next();
                *s = if r % 3 == 0 { 0 } else { (r >> 16) as u16 };
            }
            let a = std::net::Ipv6Addr::from(g);
            let v4 = std::net::Ipv4Addr::from(u32::from(g[6]) << 16 | u32::from(g[7]));
            let full: Vec<String> = g.iter().map(|s| format!("{s:x}")).collect();
            let padded: Vec<String> = g.iter().map(|s| format!("{s:04X}")).collect();
            for s in [
                a.to_string(),
                full.join(":"),
                padded.join(":"),
                format!("{}:{v4}", full[..6].join(":")),
                format!("::{v4}"),
                format!("::ffff:{v4}"),
                format!("{}::", full[..(next() % 8) as usize].join(":")),
                format!("::{}", full[1 + (next() % 7) as usize..].join(":")),
            ] {
                same(&s);
                assert!(parse_ipv6(&s).is_some(), "{s}");
            }
            // An IPv4 address anywhere but at the end: refused.
            for s in [
                format!("{v4}::"),
                format!("{v4}::{}", full[7]),
                format!("{}:{v4}::", full[..(next() % 5) as usize].join(":")),
                format!("::{v4}:{}", full[7]),
                format!("{}:{v4}", full.join(":")),
            ] {
                same(&s);
                assert!(parse_ipv6(&s).is_none(), "{s}");
            }
        }
    }

    #[test]
    fn accepts_well_formed() {
        for s in [
            "https://example.com",
            "https://example.com/",
            "HTTPS://Example.COM/a/b?c=d&e=%20#frag",
            "http://sub.example.co.uk:8080/p",
            "https://user:pw@example.com/",
            "https://192.168.0.1/x",
            "https://[2001:db8::1]:443/",
            "https://bücher.example/straße",
            "https://example.com/a(b)!$'*+,;=:@~",
        ] {
            assert!(parse_http_url(s).is_ok(), "{s}");
        }
        let u = parse_http_url("https://u@h.example:99/p?q#f").expect("valid");
        assert_eq!(u.userinfo, Some("u"));
        assert_eq!(u.host, Host::Domain("h.example"));
        assert_eq!(u.port, Some(99));
        assert_eq!((u.path, u.query, u.fragment), ("/p", Some("q"), Some("f")));
    }

    #[test]
    fn rejects_malformed() {
        let cases = [
            ("example.com", UrlError::Scheme),
            ("ftp://example.com", UrlError::Scheme),
            ("javascript://x", UrlError::Scheme),
            ("https://", UrlError::Host),
            ("https:///path", UrlError::Host),
            ("https://-bad-.com", UrlError::Host),
            ("https://a..b", UrlError::Host),
            ("https://256.1.1.1", UrlError::Host),
            ("https://example.com:", UrlError::Port),
            ("https://example.com:0", UrlError::Port),
            ("https://example.com:65536", UrlError::Port),
            ("https://example.com:8a", UrlError::Port),
            ("https://exa mple.com", UrlError::Host),
            ("https://example.com/a b", UrlError::Character),
            ("https://example.com/%zz", UrlError::Character),
            ("https://example.com/<x>", UrlError::Character),
            ("https://example.com/\u{0}", UrlError::Character),
        ];
        for (s, e) in cases {
            assert_eq!(parse_http_url(s).map(|_| ()), Err(e), "{s}");
        }
    }

    #[test]
    fn domains() {
        for ok in [
            "example.com",
            "sub.example.co.uk",
            "Example.COM",
            "bücher.example",
            "localhost",
        ] {
            assert!(is_domain(ok), "{ok}");
        }
        for bad in [
            "",
            "https://example.com",
            "http://example.com",
            "example.com/",
            "example.com/path",
            "example.com:8080",
            "user@example.com",
            "example.com?q",
            "192.168.0.1",
            "exa mple.com",
            "-bad.com",
            "//example.com",
        ] {
            assert!(!is_domain(bad), "{bad:?}");
        }
    }

    /// A bare domain is exactly what `http://` + it parses to as a URL with a DNS host and
    /// nothing else: checked on every string of up to four characters over an alphabet holding
    /// each character class the two readings treat apart.
    #[test]
    fn domain_is_a_url_host_with_nothing_around_it() {
        let alphabet: Vec<char> = "a1-_.:/?#@[]% ü".chars().collect();
        let as_url = |s: &str| {
            parse_http_url(&format!("http://{s}")).is_ok_and(|u| {
                matches!(u.host, Host::Domain(_))
                    && u.userinfo.is_none()
                    && u.port.is_none()
                    && u.path.is_empty()
                    && u.query.is_none()
                    && u.fragment.is_none()
            })
        };
        let mut layer = vec![String::new()];
        let mut words = layer.clone();
        for _ in 0..4 {
            layer = layer
                .iter()
                .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                .collect();
            words.extend(layer.iter().cloned());
        }
        words.extend(["a.b.c", "1.2.3.4", "[::1]", "a.com."].map(String::from));
        for w in &words {
            assert_eq!(is_domain(w), as_url(w), "{w:?}");
        }
    }
}
