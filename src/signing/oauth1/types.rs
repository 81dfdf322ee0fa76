//! The request to sign, the caller's entropy and the signed result. No `Debug` output shows a
//! secret, a token, a nonce, a verifier, a signature or a parameter value.

use super::url::shown_url;
use std::fmt;

/// A request to sign. Strings are plain (decoded) text; this module does the encoding.
/// `Debug` shows no secret, token, nonce, verifier or parameter value, and of the URL only what
/// its parse for signing accepts: the base string URI, or why it does not parse (so never user
/// information, a query or a fragment).
///
/// More members may be added in a minor release (`#[non_exhaustive]`): build one with
/// [`Oauth1Request::new`] (or `default()`) and assign the optional fields.
#[derive(Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Oauth1Request {
    /// HTTP method; uppercased for the base string.
    pub method: String,
    /// The request URL, with its own query (those parameters are signed too).
    pub url: String,
    /// Further decoded query parameters and form-body parameters (never a JSON body).
    pub params: Vec<(String, String)>,
    /// `oauth_consumer_key`: the app's API key.
    pub consumer_key: String,
    /// The app's API secret, the first half of the HMAC key (never sent).
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

impl Oauth1Request {
    /// A request with its method, URL and consumer credentials; every other member empty (no
    /// token, no extra parameters, a nonce and timestamp from the [`Entropy`] at signing).
    pub fn new(
        method: impl Into<String>,
        url: impl Into<String>,
        consumer_key: impl Into<String>,
        consumer_secret: impl Into<String>,
    ) -> Self {
        Oauth1Request {
            method: method.into(),
            url: url.into(),
            consumer_key: consumer_key.into(),
            consumer_secret: consumer_secret.into(),
            ..Oauth1Request::default()
        }
    }
}

impl fmt::Debug for Oauth1Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // What the URL parse accepts, never the user information, query or fragment.
        let url = shown_url(&self.url);
        f.debug_struct("Oauth1Request")
            .field("method", &self.method)
            .field("url", &url)
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
    /// 32 bytes from a cryptographically secure generator (the nonce is made from them).
    pub random: [u8; 32],
    /// The current Unix time in seconds (`oauth_timestamp`).
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
#[non_exhaustive]
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
