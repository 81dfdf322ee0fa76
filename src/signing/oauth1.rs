//! OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849 §3.4) and Document A's flow rules
//! (A §4, OAuth 1.0a endpoints).
//!
//! - Signature base string (RFC 5849 §3.4.1.1): `METHOD & enc(base string URI) & enc(normalized
//!   parameters)`.
//! - Base string URI (§3.4.1.2): scheme and host lowercased, the default port (80 for http, 443
//!   for https) dropped, any other port kept, the path as given (`/` when empty), no query and no
//!   fragment. Only `http` and `https` URLs are signed; user information in the URL is refused.
//! - Parameters (§3.4.1.3): the `oauth_*` protocol parameters except `oauth_signature`, the URL's
//!   own query parameters (form-decoded) and [`Oauth1Request::params`] (extra query parameters and
//!   `application/x-www-form-urlencoded` body parameters, already decoded: see
//!   [`crate::signing::percent::parse_form`]). A JSON body is never a parameter source: leave it
//!   out of `params`. Each name and value is percent-encoded (§3.6), the pairs are sorted by
//!   encoded name, then encoded value (byte order), duplicates kept, joined `name=value` with `&`.
//! - Key (§3.4.2): `enc(consumer secret) & enc(token secret)`; the token secret may be empty.
//! - `Authorization` header (§3.5.1): `OAuth ` then `realm="..."` (when given) and the protocol
//!   parameters including `oauth_signature`, each `name="enc(value)"`, sorted by name, separated
//!   by `, `.
//!
//! Choices where the spec is silent (all fail closed):
//! - protocol parameters travel only in the header this module builds: a query or body parameter
//!   whose name starts with `oauth_` (any case) is refused; further protocol parameters go in
//!   [`Oauth1Request::extra_oauth_params`];
//! - the consumer secret must not be empty (the token secret may);
//! - a given nonce must be ASCII ([`SigningError::NonAsciiNonce`]), non-empty and free of spaces
//!   and control characters; a generated nonce is the 64 lowercase hex digits of the caller's 32
//!   random bytes, refused when they are all zero;
//! - `oauth_version="1.0"` is sent unless [`Oauth1Request::omit_version`] (the RFC 5849 §1.2
//!   examples omit it; the platform lists it).

use super::mac::hmac_sha1;
use super::percent::{encode, parse_form};
use super::SigningError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use std::fmt;

/// The only signature method.
pub const SIGNATURE_METHOD: &str = "HMAC-SHA1";
/// The protocol version sent as `oauth_version`.
pub const VERSION: &str = "1.0";
/// The out-of-band (PIN) callback value.
pub const OOB_CALLBACK: &str = "oob";

/// The protocol parameters this module sets itself; none may be repeated as an extra.
const BUILT_IN: [&str; 9] = [
    "oauth_callback",
    "oauth_consumer_key",
    "oauth_nonce",
    "oauth_signature",
    "oauth_signature_method",
    "oauth_timestamp",
    "oauth_token",
    "oauth_verifier",
    "oauth_version",
];

/// A request to sign. Strings are plain (decoded) text; this module does the encoding.
/// `Debug` shows no secret, token, nonce, verifier or parameter value.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Oauth1Request {
    /// HTTP method; uppercased for the base string.
    pub method: String,
    /// The request URL, with its own query (those parameters are signed too).
    pub url: String,
    /// Further decoded query parameters and form-body parameters (never a JSON body).
    pub params: Vec<(String, String)>,
    pub consumer_key: String,
    pub consumer_secret: String,
    /// `oauth_token` (request token or access token); `None` at request_token.
    pub token: Option<String>,
    /// The secret paired with `token`; `None` or empty at request_token.
    pub token_secret: Option<String>,
    /// A fixed `oauth_nonce` (reproducible tests); generated from [`Entropy`] when `None`.
    pub nonce: Option<String>,
    /// A fixed `oauth_timestamp`; taken from [`Entropy::now_unix`] when `None`.
    pub timestamp: Option<u64>,
    /// `oauth_callback` (request_token).
    pub callback: Option<String>,
    /// `oauth_verifier` (access_token).
    pub verifier: Option<String>,
    /// `realm` for the header (never signed).
    pub realm: Option<String>,
    /// Further `oauth_*` protocol parameters, signed and sent in the header.
    pub extra_oauth_params: Vec<(String, String)>,
    /// Leave `oauth_version` out (it is OPTIONAL in RFC 5849 §3.1).
    pub omit_version: bool,
}

impl fmt::Debug for Oauth1Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let url_without_query = self.url.split(['?', '#']).next().unwrap_or("");
        f.debug_struct("Oauth1Request")
            .field("method", &self.method)
            .field("url", &url_without_query)
            .field("params", &self.params.len())
            .field("consumer_key", &"[redacted]")
            .field("consumer_secret", &"[redacted]")
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field(
                "token_secret",
                &self.token_secret.as_ref().map(|_| "[redacted]"),
            )
            .field("nonce", &self.nonce.as_ref().map(|_| "[redacted]"))
            .field("timestamp", &self.timestamp)
            .field("callback", &self.callback.is_some())
            .field("verifier", &self.verifier.as_ref().map(|_| "[redacted]"))
            .field("realm", &self.realm)
            .field("extra_oauth_params", &self.extra_oauth_params.len())
            .field("omit_version", &self.omit_version)
            .finish()
    }
}

/// What the caller's environment provides, since the core has no clock and no random source:
/// 32 bytes from a cryptographically secure generator and the current Unix time in seconds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Entropy {
    pub random: [u8; 32],
    pub now_unix: u64,
}

impl fmt::Debug for Entropy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entropy")
            .field("random", &"[redacted]")
            .field("now_unix", &self.now_unix)
            .finish()
    }
}

/// A signed request. `Debug` shows only lengths and the timestamp.
#[derive(Clone, PartialEq, Eq)]
pub struct Oauth1Signature {
    /// `oauth_signature`, base64 (not percent-encoded).
    pub signature: String,
    /// The signature base string that was signed.
    pub base_string: String,
    /// The whole `Authorization` header value, starting with `OAuth `.
    pub authorization_header: String,
    /// The nonce used (given or generated).
    pub nonce: String,
    /// The timestamp used (given or taken from the entropy).
    pub timestamp: u64,
}

impl fmt::Debug for Oauth1Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Oauth1Signature")
            .field("signature", &"[redacted]")
            .field("base_string_len", &self.base_string.len())
            .field("authorization_header", &"[redacted]")
            .field("nonce", &"[redacted]")
            .field("timestamp", &self.timestamp)
            .finish()
    }
}

/// A URL split for signing. `Debug` shows the number of query parameters, not their values.
#[derive(Clone, PartialEq, Eq)]
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
            .field("base_uri", &self.base_uri)
            .field("query", &self.query.len())
            .finish()
    }
}

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

fn is_path_char(b: u8) -> bool {
    super::percent::is_unreserved(b)
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

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
        )
}

/// Splits `scheme://authority` off; the scheme is returned lowercased.
fn split_scheme(url: &str) -> Result<(String, &str), SigningError> {
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

/// Normalizes parameters (RFC 5849 §3.4.1.3.2): encode names and values, sort by encoded name
/// then encoded value, join `name=value` with `&`. Duplicates are kept.
pub fn normalize_parameters(params: &[(String, String)]) -> String {
    let mut encoded: Vec<(String, String)> =
        params.iter().map(|(n, v)| (encode(n), encode(v))).collect();
    encoded.sort();
    let mut out = String::new();
    for (i, (n, v)) in encoded.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(n);
        out.push('=');
        out.push_str(v);
    }
    out
}

/// `METHOD & enc(base_uri) & enc(normalized)` (RFC 5849 §3.4.1.1). `method` must already be
/// uppercase; it is encoded too (a no-op for ordinary methods).
pub fn signature_base_string(method: &str, base_uri: &str, normalized_params: &str) -> String {
    format!(
        "{}&{}&{}",
        encode(method),
        encode(base_uri),
        encode(normalized_params)
    )
}

/// `enc(consumer secret) & enc(token secret)` (RFC 5849 §3.4.2).
pub fn signing_key(consumer_secret: &str, token_secret: &str) -> String {
    format!("{}&{}", encode(consumer_secret), encode(token_secret))
}

/// base64(HMAC-SHA1(key, base string)).
pub fn hmac_sha1_signature(key: &str, base_string: &str) -> Result<String, SigningError> {
    Ok(STANDARD.encode(hmac_sha1(key.as_bytes(), base_string.as_bytes())?))
}

fn check_method(method: &str) -> Result<String, SigningError> {
    if method.is_empty() || !method.bytes().all(is_tchar) {
        return Err(SigningError::InvalidMethod);
    }
    Ok(method.to_ascii_uppercase())
}

fn check_nonce(nonce: &str) -> Result<(), SigningError> {
    if !nonce.is_ascii() {
        return Err(SigningError::NonAsciiNonce);
    }
    if nonce.is_empty() || !nonce.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(SigningError::InvalidNonce);
    }
    Ok(())
}

fn hex_lower(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(HEX[usize::from(b >> 4)]));
        s.push(char::from(HEX[usize::from(b & 0x0f)]));
    }
    s
}

fn non_empty(value: &Option<String>, name: &'static str) -> Result<(), SigningError> {
    match value {
        Some(v) if v.is_empty() => Err(SigningError::EmptyOauthParameter(name)),
        _ => Ok(()),
    }
}

fn is_oauth_name(name: &str) -> bool {
    name.len() >= 6 && name.as_bytes()[..6].eq_ignore_ascii_case(b"oauth_")
}

fn check_realm(realm: &str) -> Result<(), SigningError> {
    let ok = realm
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
    if ok {
        Ok(())
    } else {
        Err(SigningError::InvalidRealm)
    }
}

/// Signs a request (RFC 5849 HMAC-SHA1). `entropy` is needed only when the nonce or the
/// timestamp is not given. See the module documentation for every rule and refusal.
pub fn sign(
    req: &Oauth1Request,
    entropy: Option<&Entropy>,
) -> Result<Oauth1Signature, SigningError> {
    let method = check_method(&req.method)?;
    let url = parse_url(&req.url)?;
    if req.consumer_key.is_empty() {
        return Err(SigningError::EmptyConsumerKey);
    }
    if req.consumer_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    non_empty(&req.token, "oauth_token")?;
    non_empty(&req.callback, "oauth_callback")?;
    non_empty(&req.verifier, "oauth_verifier")?;
    let token_secret = req.token_secret.as_deref().unwrap_or("");
    if req.token.is_none() && !token_secret.is_empty() {
        // A token secret without its token is a caller mistake; signing would hide it.
        return Err(SigningError::MissingOauthToken);
    }
    if let Some(realm) = &req.realm {
        check_realm(realm)?;
    }
    if url
        .query
        .iter()
        .chain(req.params.iter())
        .any(|(n, _)| is_oauth_name(n))
    {
        return Err(SigningError::OauthParameterInParams);
    }
    for (i, (name, _)) in req.extra_oauth_params.iter().enumerate() {
        if !name.starts_with("oauth_") || name == "oauth_signature" {
            return Err(SigningError::InvalidOauthParameter);
        }
        if BUILT_IN.contains(&name.as_str())
            || req.extra_oauth_params[..i].iter().any(|(n, _)| n == name)
        {
            return Err(SigningError::DuplicateOauthParameter);
        }
    }

    let nonce = match &req.nonce {
        Some(n) => {
            check_nonce(n)?;
            n.clone()
        }
        None => {
            let e = entropy.ok_or(SigningError::MissingEntropy)?;
            if e.random.iter().all(|&b| b == 0) {
                return Err(SigningError::WeakEntropy);
            }
            hex_lower(&e.random)
        }
    };
    let timestamp = match req.timestamp {
        Some(t) => t,
        None => entropy.ok_or(SigningError::MissingEntropy)?.now_unix,
    };
    if timestamp == 0 {
        return Err(SigningError::InvalidTimestamp);
    }

    let mut oauth: Vec<(String, String)> = vec![
        ("oauth_consumer_key".into(), req.consumer_key.clone()),
        ("oauth_nonce".into(), nonce.clone()),
        ("oauth_signature_method".into(), SIGNATURE_METHOD.into()),
        ("oauth_timestamp".into(), timestamp.to_string()),
    ];
    if let Some(t) = &req.token {
        oauth.push(("oauth_token".into(), t.clone()));
    }
    if !req.omit_version {
        oauth.push(("oauth_version".into(), VERSION.into()));
    }
    if let Some(c) = &req.callback {
        oauth.push(("oauth_callback".into(), c.clone()));
    }
    if let Some(v) = &req.verifier {
        oauth.push(("oauth_verifier".into(), v.clone()));
    }
    oauth.extend(req.extra_oauth_params.iter().cloned());

    let mut all = oauth.clone();
    all.extend(url.query.iter().cloned());
    all.extend(req.params.iter().cloned());
    let base_string = signature_base_string(&method, &url.base_uri, &normalize_parameters(&all));
    let key = signing_key(&req.consumer_secret, token_secret);
    let signature = hmac_sha1_signature(&key, &base_string)?;

    oauth.push(("oauth_signature".into(), signature.clone()));
    let mut header_pairs: Vec<(String, String)> =
        oauth.iter().map(|(n, v)| (encode(n), encode(v))).collect();
    header_pairs.sort();
    let mut parts: Vec<String> = Vec::with_capacity(header_pairs.len() + 1);
    if let Some(realm) = &req.realm {
        parts.push(format!("realm=\"{realm}\""));
    }
    parts.extend(header_pairs.iter().map(|(n, v)| format!("{n}=\"{v}\"")));
    let authorization_header = format!("OAuth {}", parts.join(", "));

    Ok(Oauth1Signature {
        signature,
        base_string,
        authorization_header,
        nonce,
        timestamp,
    })
}

/// A step of Document A's OAuth 1.0a flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlowStep {
    /// `POST oauth/request_token`.
    RequestToken,
    /// `GET oauth/authorize` (browser step).
    Authorize,
    /// `GET oauth/authenticate` (browser step).
    Authenticate,
    /// `POST oauth/access_token`.
    AccessToken,
    /// `POST 1.1/oauth/invalidate_token`.
    InvalidateToken,
}

impl FlowStep {
    /// The HTTP method Document A gives for the step.
    pub fn method(self) -> &'static str {
        match self {
            FlowStep::Authorize | FlowStep::Authenticate => "GET",
            _ => "POST",
        }
    }

    /// Every step, in flow order.
    pub const ALL: [FlowStep; 5] = [
        FlowStep::RequestToken,
        FlowStep::Authorize,
        FlowStep::Authenticate,
        FlowStep::AccessToken,
        FlowStep::InvalidateToken,
    ];

    /// The stable snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            FlowStep::RequestToken => "request_token",
            FlowStep::Authorize => "authorize",
            FlowStep::Authenticate => "authenticate",
            FlowStep::AccessToken => "access_token",
            FlowStep::InvalidateToken => "invalidate_token",
        }
    }
}

impl std::str::FromStr for FlowStep {
    type Err = SigningError;

    /// Parses a stable snake_case name ([`FlowStep::as_str`]); anything else is
    /// [`SigningError::UnknownFlowStep`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FlowStep::ALL
            .into_iter()
            .find(|step| step.as_str() == s)
            .ok_or(SigningError::UnknownFlowStep)
    }
}

/// Whether `callback` is `oob` or an absolute URL: `scheme://authority...` with a well-formed
/// scheme (any scheme: apps use custom ones), a non-empty authority, and only printable ASCII
/// without spaces.
pub fn is_valid_callback(callback: &str) -> bool {
    if callback == OOB_CALLBACK {
        return true;
    }
    if callback.is_empty() || !callback.bytes().all(|b| b.is_ascii_graphic()) {
        return false;
    }
    match split_scheme(callback) {
        Ok((_, rest)) => {
            let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
            !authority.is_empty()
        }
        Err(_) => false,
    }
}

/// Checks a request against Document A's rules for `step`:
/// - every step: an `https` URL and the step's method;
/// - request_token: `oauth_callback` required, an absolute URL or `oob`; `x_auth_access_type`
///   at most once and exactly `read` or `write`; no `oauth_token`, no `oauth_verifier`;
/// - authorize / authenticate: `oauth_token` required (the field or the URL's query);
///   `oauth_callback` never (neither the field nor a query parameter); no `oauth_verifier`;
/// - access_token: `oauth_token` and `oauth_verifier` required;
/// - invalidate_token: `oauth_token` required (the request is signed with the token to revoke);
///   no other parameter, no `oauth_callback`, no `oauth_verifier`.
pub fn check_flow(step: FlowStep, req: &Oauth1Request) -> Result<(), SigningError> {
    let url = parse_url(&req.url)?;
    if url.scheme != "https" {
        return Err(SigningError::InsecureUrl);
    }
    if check_method(&req.method)? != step.method() {
        return Err(SigningError::WrongMethod {
            expected: step.method(),
        });
    }
    let params: Vec<&(String, String)> = url.query.iter().chain(req.params.iter()).collect();
    let has_token = req.token.as_deref().is_some_and(|t| !t.is_empty());
    let has_verifier = req.verifier.is_some();
    match step {
        FlowStep::RequestToken => {
            match req.callback.as_deref() {
                None | Some("") => return Err(SigningError::MissingOauthCallback),
                Some(c) if !is_valid_callback(c) => return Err(SigningError::InvalidOauthCallback),
                Some(_) => {}
            }
            let access: Vec<&str> = params
                .iter()
                .filter(|(n, _)| n == "x_auth_access_type")
                .map(|(_, v)| v.as_str())
                .collect();
            if access.len() > 1 {
                return Err(SigningError::UnexpectedParameter("x_auth_access_type"));
            }
            if let Some(v) = access.first() {
                if *v != "read" && *v != "write" {
                    return Err(SigningError::InvalidAccessType);
                }
            }
            if req.token.is_some() {
                return Err(SigningError::UnexpectedOauthToken);
            }
            if has_verifier {
                return Err(SigningError::UnexpectedOauthVerifier);
            }
        }
        FlowStep::Authorize | FlowStep::Authenticate => {
            if req.callback.is_some()
                || params
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case("oauth_callback"))
            {
                return Err(SigningError::ForbiddenOauthCallback);
            }
            let token_in_query = params
                .iter()
                .any(|(n, v)| n == "oauth_token" && !v.is_empty());
            if !has_token && !token_in_query {
                return Err(SigningError::MissingOauthToken);
            }
            if has_verifier {
                return Err(SigningError::UnexpectedOauthVerifier);
            }
        }
        FlowStep::AccessToken => {
            if !has_token {
                return Err(SigningError::MissingOauthToken);
            }
            if req.verifier.as_deref().map_or(true, str::is_empty) {
                return Err(SigningError::MissingOauthVerifier);
            }
        }
        FlowStep::InvalidateToken => {
            if !has_token {
                return Err(SigningError::MissingOauthToken);
            }
            if req.callback.is_some() {
                return Err(SigningError::UnexpectedParameter("oauth_callback"));
            }
            if has_verifier {
                return Err(SigningError::UnexpectedOauthVerifier);
            }
            if !params.is_empty() || !req.extra_oauth_params.is_empty() {
                return Err(SigningError::UnexpectedParameter("(any)"));
            }
        }
    }
    Ok(())
}

/// [`check_flow`] then [`sign`].
pub fn sign_for_step(
    step: FlowStep,
    req: &Oauth1Request,
    entropy: Option<&Entropy>,
) -> Result<Oauth1Signature, SigningError> {
    check_flow(step, req)?;
    sign(req, entropy)
}

/// The browser URL of the authorize or authenticate step:
/// `endpoint?oauth_token=...[&force_login=true|false][&screen_name=...]`. It never carries
/// `oauth_callback` (Document A). The endpoint must be an `https` URL without query or fragment.
pub fn authorize_url(
    endpoint: &str,
    oauth_token: &str,
    force_login: Option<bool>,
    screen_name: Option<&str>,
) -> Result<String, SigningError> {
    let parsed = parse_url(endpoint)?;
    if parsed.scheme != "https" {
        return Err(SigningError::InsecureUrl);
    }
    if endpoint.contains(['?', '#']) {
        return Err(SigningError::InvalidUrl(
            "the endpoint must not carry a query or a fragment",
        ));
    }
    if oauth_token.is_empty() {
        return Err(SigningError::MissingOauthToken);
    }
    let mut url = format!("{endpoint}?oauth_token={}", encode(oauth_token));
    if let Some(f) = force_login {
        url.push_str(if f {
            "&force_login=true"
        } else {
            "&force_login=false"
        });
    }
    if let Some(s) = screen_name {
        if s.is_empty() {
            return Err(SigningError::EmptyOauthParameter("screen_name"));
        }
        url.push_str("&screen_name=");
        url.push_str(&encode(s));
    }
    Ok(url)
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

    #[test]
    fn nonce_rules() {
        assert_eq!(check_nonce("abc"), Ok(()));
        assert_eq!(check_nonce("abç"), Err(SigningError::NonAsciiNonce));
        assert_eq!(check_nonce(""), Err(SigningError::InvalidNonce));
        assert_eq!(check_nonce("a b"), Err(SigningError::InvalidNonce));
        assert_eq!(check_nonce("a\nb"), Err(SigningError::InvalidNonce));
    }

    #[test]
    fn callbacks() {
        assert!(is_valid_callback("oob"));
        assert!(is_valid_callback("https://printer.example.com/ready"));
        assert!(is_valid_callback("myapp://callback"));
        assert!(!is_valid_callback("OOB"));
        assert!(!is_valid_callback(""));
        assert!(!is_valid_callback("/relative/path"));
        assert!(!is_valid_callback("https:///nohost"));
        assert!(!is_valid_callback("https://a b/"));
        assert!(!is_valid_callback("example.com/ready"));
    }

    #[test]
    fn hex_nonce_is_64_lowercase_digits() {
        let h = hex_lower(&[0xab; 32]);
        assert_eq!(h.len(), 64);
        assert!(h.chars().all(|c| c == 'a' || c == 'b'));
    }
}
