//! URL parsing for signing (RFC 5849 §3.4.1.2 base string URI, §3.4.1.3.1 query parameters).

use super::super::percent::{is_unreserved, parse_form};
use super::super::SigningError;
use std::fmt;

/// A URL split for signing. `Debug` shows the number of query parameters, not their values.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParsedUrl {
    /// `http` or `https`.
    pub scheme: String,
    /// The base string URI (RFC 5849 §3.4.1.2).
    pub base_uri: String,
    /// The URL's query parameters, form-decoded, in order.
    pub query: Vec<(String, String)>,
}

impl fmt::Debug for ParsedUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParsedUrl")
            .field("scheme", &self.scheme)
            .field("base_uri", &shown_base_uri(&self.base_uri))
            .field("query", &self.query.len())
            .finish()
    }
}

/// What `Debug` output shows of a URL: the base string URI (scheme, host, port, path; no query,
/// no fragment) that [`parse_url`] makes of it, or why it does not parse (`[not shown:
/// invalid_url]`), and nothing of a URL that may carry user information. Both come from how the
/// parse delimits the URL, not from a pattern over the text: the query starts at the first `?`,
/// the fragment at the first `#`, and before them an `@` anywhere means user information,
/// whatever surrounds it (`https://user:pa/ss@host/`, where the authority would end at the `/`,
/// or `//user:pw@host/` without a scheme): `[not shown: user information]`.
pub(crate) fn shown_url(url: &str) -> String {
    let before_query = url.split(['?', '#']).next().unwrap_or("");
    if before_query.contains('@') {
        return NOT_SHOWN_USERINFO.to_owned();
    }
    match parse_url(before_query) {
        Ok(parsed) => parsed.base_uri,
        Err(e) => format!("[not shown: {}]", e.code()),
    }
}

/// What `Debug` output shows of a URL that may carry user information.
const NOT_SHOWN_USERINFO: &str = "[not shown: user information]";

/// A base string URI as `Debug` output shows it (see [`shown_url`]): one holding `@` (only its
/// path can) may be a `user:password@` with a `/` in it, read as a host and a path.
fn shown_base_uri(base_uri: &str) -> &str {
    if base_uri.contains('@') {
        NOT_SHOWN_USERINFO
    } else {
        base_uri
    }
}

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

fn is_path_char(b: u8) -> bool {
    is_unreserved(b)
        || matches!(
            b,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'@'
                | b'/'
        )
}

/// Splits `scheme://authority` off; the scheme is returned lowercased.
pub(super) fn split_scheme(url: &str) -> Result<(String, &str), SigningError> {
    let (scheme, rest) = url
        .split_once("://")
        .ok_or(SigningError::InvalidUrl("it has no scheme://"))?;
    let bytes = scheme.as_bytes();
    let well_formed = bytes.first().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.iter().all(|&b| is_scheme_char(b));
    if !well_formed {
        return Err(SigningError::InvalidUrl("the scheme is malformed"));
    }
    Ok((scheme.to_ascii_lowercase(), rest))
}

/// Parses an `http`/`https` URL into its base string URI and query parameters (RFC 5849
/// §3.4.1.2 and §3.4.1.3.1). Refuses: spaces, control and non-ASCII characters (percent-encode
/// them), other schemes, user information, an empty or malformed host, a malformed or zero port,
/// a path character that must be percent-encoded, a broken `%XX`.
pub fn parse_url(url: &str) -> Result<ParsedUrl, SigningError> {
    if url.is_empty() {
        return Err(SigningError::InvalidUrl("it is empty"));
    }
    if !url.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(SigningError::InvalidUrl(
            "it contains a space, a control character or a non-ASCII character",
        ));
    }
    let (scheme, rest) = split_scheme(url)?;
    let default_port: u16 = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return Err(SigningError::UnsupportedUrlScheme),
    };
    let rest = rest.split('#').next().unwrap_or("");
    let (before_query, query) = match rest.split_once('?') {
        Some((b, q)) => (b, q),
        None => (rest, ""),
    };
    let (authority, path) = match before_query.find('/') {
        Some(i) => before_query.split_at(i),
        None => (before_query, ""),
    };
    if authority.is_empty() {
        return Err(SigningError::InvalidUrl("it has no host"));
    }
    if authority.contains('@') {
        return Err(SigningError::UrlUserinfo);
    }
    let (host, port) = if let Some(inner) = authority.strip_prefix('[') {
        let (literal, after) = inner
            .split_once(']')
            .ok_or(SigningError::InvalidUrl("the IPv6 host is not closed"))?;
        let ok = !literal.is_empty()
            && literal
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
        if !ok {
            return Err(SigningError::InvalidUrl("the IPv6 host is malformed"));
        }
        let port = match after {
            "" => None,
            p => Some(
                p.strip_prefix(':')
                    .ok_or(SigningError::InvalidUrl("text follows the IPv6 host"))?,
            ),
        };
        (format!("[{}]", literal.to_ascii_lowercase()), port)
    } else {
        let (host, port) = match authority.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        };
        let ok = !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
        if !ok {
            return Err(SigningError::InvalidUrl("the host is empty or malformed"));
        }
        (host.to_ascii_lowercase(), port)
    };
    let port: Option<u16> = match port {
        None => None,
        Some(p) => {
            if p.is_empty() || p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(SigningError::InvalidUrl("the port is malformed"));
            }
            match p.parse::<u16>() {
                Ok(0) | Err(_) => return Err(SigningError::InvalidUrl("the port is out of range")),
                Ok(n) => Some(n),
            }
        }
    };
    let path = if path.is_empty() { "/" } else { path };
    let pb = path.as_bytes();
    let mut i = 0;
    while i < pb.len() {
        if pb[i] == b'%' {
            let ok = pb.get(i + 1).is_some_and(|b| b.is_ascii_hexdigit())
                && pb.get(i + 2).is_some_and(|b| b.is_ascii_hexdigit());
            if !ok {
                return Err(SigningError::InvalidPercentEncoding);
            }
            i += 3;
        } else if is_path_char(pb[i]) {
            i += 1;
        } else {
            return Err(SigningError::InvalidUrl(
                "the path has a character that must be percent-encoded",
            ));
        }
    }
    let mut base_uri = format!("{scheme}://{host}");
    if let Some(p) = port {
        if p != default_port {
            base_uri.push(':');
            base_uri.push_str(&p.to_string());
        }
    }
    base_uri.push_str(path);
    Ok(ParsedUrl {
        scheme,
        base_uri,
        query: parse_form(query)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_uri_rules_of_rfc_5849_3_4_1_2() {
        assert_eq!(
            parse_url("http://EXAMPLE.COM:80/r%20v/X?id=123")
                .unwrap()
                .base_uri,
            "http://example.com/r%20v/X"
        );
        assert_eq!(
            parse_url("https://www.example.net:8080/?q=1")
                .unwrap()
                .base_uri,
            "https://www.example.net:8080/"
        );
        assert_eq!(
            parse_url("HTTPS://Example.com:443").unwrap().base_uri,
            "https://example.com/"
        );
        assert_eq!(
            parse_url("https://example.com:80/a#frag").unwrap().base_uri,
            "https://example.com:80/a"
        );
        assert_eq!(
            parse_url("http://[::1]:8080/x").unwrap().base_uri,
            "http://[::1]:8080/x"
        );
    }

    #[test]
    fn url_refusals() {
        assert_eq!(
            parse_url("ftp://example.com/").unwrap_err(),
            SigningError::UnsupportedUrlScheme
        );
        assert_eq!(
            parse_url("https://u:p@example.com/").unwrap_err(),
            SigningError::UrlUserinfo
        );
        for bad in [
            "",
            "example.com/x",
            "https:///x",
            "https://exa mple.com/",
            "https://example.com:/",
            "https://example.com:0/",
            "https://example.com:65536/",
            "https://example.com:8a/",
            "https://ex%41mple.com/",
            "https://example.com/a\"b",
            "https://exämple.com/",
            "https://[::1/",
            "1https://example.com/",
        ] {
            assert!(parse_url(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_url("https://example.com/%zz").unwrap_err(),
            SigningError::InvalidPercentEncoding
        );
    }

    /// Issue 14, finding 5: a pattern over the text let `user:pa/ss@` and `//user:pw@host`
    /// through; what is shown now comes from the parse.
    #[test]
    fn debug_shows_what_the_parse_accepts_and_never_the_userinfo() {
        let userinfo = "[not shown: user information]";
        for (url, shown) in [
            ("https://user:pa/ss@example.com/x", userinfo),
            ("//user:secretpw@host/", userinfo),
            ("https://user:secretpw@host/x?q=1", userinfo),
            ("https://u%3Ap:secretpw@host/", userinfo),
            ("https://user:secret@pw@host/", userinfo),
            ("HTTPS://user:secretpw@Host:8443", userinfo),
            ("ftp://user:secretpw@host/", userinfo),
            ("https://user/x:secretpw@host/y", userinfo),
            ("user:secretpw@host", userinfo),
            ("https://user:secretpw/x", "[not shown: invalid_url]"),
            ("https://host/x?secret@1#frag@x", "https://host/x"),
            (
                "https://Host:8443/a/b?secret=1#frag",
                "https://host:8443/a/b",
            ),
            ("http://example.com", "http://example.com/"),
            (
                "https://host/%zz?secret",
                "[not shown: invalid_percent_encoding]",
            ),
            ("", "[not shown: invalid_url]"),
        ] {
            assert_eq!(shown_url(url), shown, "{url}");
        }
        let parsed = parse_url("https://user/x:secretpw@host/y").unwrap();
        assert!(!format!("{parsed:?}").contains("secretpw"));
        assert!(format!("{parsed:?}").contains(userinfo));
    }
}
