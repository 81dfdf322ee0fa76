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

use crate::checks::text::{invalid_format, is_digits};
use crate::ctx::Ctx;
use crate::report::{Code, Pointer};
use serde_json::json;

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

/// Why a string is not a well-formed absolute http(s) URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlError {
    /// No `scheme://`, or a scheme other than http/https.
    Scheme,
    /// Empty or malformed host.
    Host,
    /// Malformed port.
    Port,
    /// A character that is not allowed (space, control, `<>"{}|\^` and backtick) or a bad `%`.
    Character,
}

/// Longest DNS label, in bytes.
const MAX_LABEL_LEN: usize = 63;
/// Longest DNS name, in bytes (without a final `.`).
const MAX_DOMAIN_LEN: usize = 253;
/// Most digits of a port (65535).
const MAX_PORT_DIGITS: usize = 5;
/// Most digits of an IPv4 octet (255).
const MAX_OCTET_DIGITS: usize = 3;
/// How a bare domain name must look (reported in `params.pattern` by [`domain`]).
pub const DOMAIN_PATTERN: &str = "domain name without protocol, like example.com";

/// Parses `s` as an absolute http or https URL.
pub fn parse_http_url(s: &str) -> Result<Url<'_>, UrlError> {
    let (scheme, rest) = s.split_once("://").ok_or(UrlError::Scheme)?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
        return Err(UrlError::Scheme);
    }
    let auth_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(auth_end);
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    if let Some(u) = userinfo {
        if !valid_chars(u, |c| is_unreserved(c) || is_sub_delim(c) || c == ':') {
            return Err(UrlError::Character);
        }
    }
    let (host_text, port_text) = split_host_port(hostport)?;
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
    let (before_fragment, fragment) = match tail.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (before_fragment, None),
    };
    let pchar = |c: char| is_unreserved(c) || is_sub_delim(c) || matches!(c, ':' | '@');
    if !valid_chars(path, |c| pchar(c) || c == '/') {
        return Err(UrlError::Character);
    }
    for part in [query, fragment].into_iter().flatten() {
        if !valid_chars(part, |c| pchar(c) || c == '/' || c == '?') {
            return Err(UrlError::Character);
        }
    }
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

fn split_host_port(hostport: &str) -> Result<(&str, Option<&str>), UrlError> {
    if let Some(inner) = hostport.strip_prefix('[') {
        let close = inner.find(']').ok_or(UrlError::Host)?;
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
    Ok(match hostport.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (hostport, None),
    })
}

fn parse_host(h: &str) -> Result<Host<'_>, UrlError> {
    if h.is_empty() {
        return Err(UrlError::Host);
    }
    if let Some(inner) = h.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        let ok = !inner.is_empty()
            && inner.contains(':')
            && inner
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        return if ok {
            Ok(Host::Ipv6(inner))
        } else {
            Err(UrlError::Host)
        };
    }
    if let Some(v4) = parse_ipv4(h) {
        return Ok(Host::Ipv4(v4));
    }
    let name = h.strip_suffix('.').unwrap_or(h);
    if name.is_empty() || name.len() > MAX_DOMAIN_LEN {
        return Err(UrlError::Host);
    }
    for label in name.split('.') {
        let ok = !label.is_empty()
            && label.len() <= MAX_LABEL_LEN
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || !c.is_ascii());
        if !ok {
            return Err(UrlError::Host);
        }
    }
    // A name whose last label is all digits is neither a DNS name nor a valid IPv4 address.
    if name.rsplit('.').next().is_some_and(is_digits) {
        return Err(UrlError::Host);
    }
    Ok(Host::Domain(h))
}

/// Dotted-quad IPv4 with decimal octets 0 to 255 and no leading zeros.
pub fn parse_ipv4(h: &str) -> Option<[u8; 4]> {
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

fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~') || !c.is_ascii()
}

fn is_sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// Every char passes `allowed`, or is a `%` followed by two hex digits; non-ASCII must not be
/// whitespace or a control character.
fn valid_chars(s: &str, allowed: impl Fn(char) -> bool) -> bool {
    let b = s.as_bytes();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return false;
            }
            chars.next();
            chars.next();
            continue;
        }
        if c.is_whitespace() || c.is_control() || !allowed(c) {
            return false;
        }
    }
    true
}

fn url_message(e: UrlError) -> &'static str {
    match e {
        UrlError::Scheme => "must be an absolute URL starting with http:// or https://",
        UrlError::Host => "must be a URL with a valid host name or address",
        UrlError::Port => "must be a URL whose port, if any, is a number from 1 to 65535",
        UrlError::Character => {
            "must be a well-formed URL (no spaces or disallowed characters; '%' must start a %XX escape)"
        }
    }
}

/// A well-formed absolute http(s) URL; reports `invalid_url` otherwise.
pub fn http_url<'a>(ctx: &mut Ctx, path: &Pointer, s: &'a str) -> Option<Url<'a>> {
    match parse_http_url(s) {
        Ok(u) => Some(u),
        Err(e) => {
            ctx.error(path, Code::InvalidUrl, url_message(e), json!(null));
            None
        }
    }
}

/// A well-formed absolute https URL; reports `invalid_url` or `url_not_https` otherwise.
pub fn https_url<'a>(ctx: &mut Ctx, path: &Pointer, s: &'a str) -> Option<Url<'a>> {
    let u = http_url(ctx, path, s)?;
    if !u.is_https() {
        ctx.error(path, Code::UrlNotHttps, "must use https", json!(null));
        return None;
    }
    Some(u)
}

#[cfg(test)]
mod tests {
    use super::*;

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
