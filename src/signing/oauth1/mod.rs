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
//!
//! The module is split by concern; every item is re-exported here, so the paths
//! `preflight::signing::oauth1::*` are the public ones:
//!
//! | concern | file |
//! |---|---|
//! | the request, entropy and result types | `types.rs` |
//! | URL parsing and the base string URI | `url.rs` |
//! | parameter normalization, base string, key, HMAC-SHA1 | `base_string.rs` |
//! | input checks, nonce and timestamp, the `Authorization` header | `sign.rs` |
//! | Document A's flow steps and the authorize URL | `flow.rs` |

#[cfg(doc)]
use super::SigningError;

mod base_string;
mod flow;
mod sign;
mod types;
mod url;

pub use base_string::{
    hmac_sha1_signature, normalize_parameters, signature_base_string, signing_key,
};
pub use flow::{authorize_url, check_flow, is_valid_callback, sign_for_step, FlowStep};
pub use sign::{is_tchar, sign};
pub use types::{Entropy, Oauth1Request, Oauth1Signature};
pub use url::{parse_url, ParsedUrl};

/// The only signature method.
pub const SIGNATURE_METHOD: &str = "HMAC-SHA1";
/// The protocol version sent as `oauth_version`.
pub const VERSION: &str = "1.0";
/// The largest `oauth_timestamp` taken (seconds since 1970, RFC 5849 §3.3): 10^11 - 1, a second
/// in the year 5138. A larger count can only be milliseconds: every millisecond timestamp since
/// March 1973 is at least 10^11, so `Date.now()` given as seconds is refused
/// ([`SigningError::MillisecondTimestamp`], code `invalid_timestamp`) rather than signed into a
/// request the platform rejects without saying why.
pub const MAX_TIMESTAMP_SECONDS: u64 = 99_999_999_999;
/// The out-of-band (PIN) callback value.
pub const OOB_CALLBACK: &str = "oob";
