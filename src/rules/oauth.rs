//! The requests of the sign-in flows (document A §4 "OAuth 1.0a endpoints" and "OAuth 2.0
//! app-only endpoints", §5 Authentication; signing.md "OAuth 1.0a", "OAuth 2.0 app-only
//! credentials"), one kind each:
//!
//! | kind | request |
//! |---|---|
//! | `oauth_request_token` | POST oauth/request_token |
//! | `oauth_authorize_query` | GET oauth/authorize (the browser step's query) |
//! | `oauth_authenticate_query` | GET oauth/authenticate (the browser step's query) |
//! | `oauth_access_token` | POST oauth/access_token |
//! | `oauth2_token` | POST oauth2/token |
//!
//! > HTTPS is required for all authorization steps. (A §4)
//! >
//! > | POST | {base_url}/oauth/request_token | none beyond the signed OAuth header | `oauth_callback`
//! > required (callback URL configured in the app settings, or `oob` for PIN mode; sent always,
//! > even if a callback is pre-registered); `x_auth_access_type` optional, `read` or `write`;
//! > `oauth_nonce` must be ASCII | ... |
//! > | GET | {base_url}/oauth/authorize | yes | query `oauth_token`; optional `force_login`,
//! > `screen_name` (prefills the login name); never send `oauth_callback` here | ... |
//! > | GET | {base_url}/oauth/authenticate | yes | query `oauth_token`; optional `force_login`
//! > (true forces credentials), `screen_name` | ... |
//! > | POST | {base_url}/oauth/access_token | yes | `oauth_token` required (the request token);
//! > `oauth_verifier` required (value from the callback, or the PIN in out-of-band mode);
//! > strictly enforced | ... |
//! > | POST | {base_url}/oauth2/token | HTTP Basic: API key as user name, API key secret as
//! > password | `grant_type` required; only `client_credentials` is allowed | ... |
//! >
//! > requests carry an OAuth Authorization header with oauth_consumer_key, oauth_nonce,
//! > oauth_signature, oauth_signature_method (HMAC-SHA1), oauth_timestamp, oauth_token,
//! > oauth_version (1.0) (A §5)
//!
//! **The payload.** Each OAuth 1.0a kind's payload is the set of parameters the request sends,
//! wherever they travel: the protocol parameters of the `Authorization` header and the query or
//! form body parameters, together in one object of name → value (`{"oauth_callback": "oob",
//! "x_auth_access_type": "read"}`). Values are text, as on the wire (`in`: `query`). The
//! signing parameters (`oauth_consumer_key`, `oauth_nonce`, `oauth_signature`,
//! `oauth_signature_method`, `oauth_timestamp`, `oauth_version`) are optional: the signer
//! ([`crate::signing::oauth1`]) writes them, so the parameters are checked before signing as well
//! as after; given, each is checked. The authorize and authenticate kinds are the browser
//! step's query (`oauth_token`, `force_login`, `screen_name`), which carries no OAuth header.
//! The `oauth2_token` payload is the form body's `grant_type` and the request's
//! `Authorization` header value, as member `authorization` (`{"grant_type":
//! "client_credentials", "authorization": "Basic ..."}`).
//!
//! Choices where the spec is silent are listed in docs/RULES.md; each fails closed.

use crate::model::{Check, Description, Field, Format, Rule, Str, Type};
use crate::report::Code;
use crate::signing::app_only::GRANT_TYPE_CLIENT_CREDENTIALS;
use crate::signing::oauth1::{MAX_TIMESTAMP_SECONDS, SIGNATURE_METHOD, VERSION};

/// The values of `x_auth_access_type` ("`read` or `write`", A §4).
pub const ACCESS_TYPES: &[&str] = &["read", "write"];
/// The one value of `oauth_signature_method` (A §5, "HMAC-SHA1").
pub const SIGNATURE_METHODS: &[&str] = &[SIGNATURE_METHOD];
/// The one value of `oauth_version` (A §5, "1.0").
pub const VERSIONS: &[&str] = &[VERSION];
/// The one value of `grant_type` ("only `client_credentials` is allowed", A §4).
pub const GRANT_TYPES: &[&str] = &[GRANT_TYPE_CLIENT_CREDENTIALS];
/// The least `oauth_timestamp`: "The timestamp value MUST be a positive integer" (RFC 5849
/// §3.3).
pub const TIMESTAMP_MIN: i64 = 1;
/// The largest `oauth_timestamp`, the signer's ([`MAX_TIMESTAMP_SECONDS`]): a larger count can
/// only be milliseconds.
pub const TIMESTAMP_MAX: i64 = MAX_TIMESTAMP_SECONDS as i64;
/// The parameter the browser steps must never carry (A §4, "never send `oauth_callback` here").
pub const CALLBACK: &str = "oauth_callback";

// ---------------------------------------------------------------------------------------------
// The members several kinds share
// ---------------------------------------------------------------------------------------------

const CONSUMER_KEY: Field =
    Field::optional("oauth_consumer_key", Str::ANY, "oauth_consumer_key (A §5)");
const NONCE: Field = Field::optional("oauth_nonce", Str::format(Format::Ascii), "must be ASCII");
const SIGNATURE: Field = Field::optional("oauth_signature", Str::ANY, "oauth_signature (A §5)");
const SIGNATURE_METHOD_FIELD: Field = Field::optional(
    "oauth_signature_method",
    Type::Enum(SIGNATURE_METHODS),
    "HMAC-SHA1 (A §5)",
);
const TIMESTAMP: Field = Field::optional(
    "oauth_timestamp",
    Type::Int {
        min: Some(TIMESTAMP_MIN),
        max: Some(TIMESTAMP_MAX),
    },
    "seconds since 1970 (RFC 5849 §3.3)",
);
const VERSION_FIELD: Field = Field::optional("oauth_version", Type::Enum(VERSIONS), "1.0 (A §5)");

/// The browser steps' query members, and the parameter they refuse.
const BROWSER_QUERY: &[Field] = &[
    Field::required("oauth_token", Str::ANY, "the request token"),
    Field::optional("force_login", Type::Bool, "true forces credentials"),
    Field::optional("screen_name", Str::ANY, "prefills the login name"),
];

/// "never send `oauth_callback` here": the members of the browser query, then the one refused
/// (reported in its place, and not also as unknown).
const NO_CALLBACK: Rule = Rule {
    code: Code::NotAllowed,
    check: &Check::MembersNotAllowed {
        members: &["oauth_token", "force_login", "screen_name", CALLBACK],
        allowed: &["oauth_token", "force_login", "screen_name"],
        message: "never send oauth_callback here: it is given at request_token",
    },
    reads_clock: false,
    text: "never send oauth_callback here",
    fields: &["/oauth_callback"],
};

// ---------------------------------------------------------------------------------------------
// The kinds
// ---------------------------------------------------------------------------------------------

/// What `describe("oauth_request_token")` says.
pub const REQUEST_TOKEN: Description = Description {
    title: "The OAuth request-token parameters",
    root: Type::Object(&[
        Field::required(
            CALLBACK,
            Str::format(Format::HttpsUrlOrOob),
            "callback URL (https) or oob for PIN mode; sent always",
        ),
        Field::optional(
            "x_auth_access_type",
            Type::Enum(ACCESS_TYPES),
            "read or write",
        ),
        CONSUMER_KEY,
        NONCE,
        SIGNATURE,
        SIGNATURE_METHOD_FIELD,
        TIMESTAMP,
        VERSION_FIELD,
    ]),
    rules: &[],
};

/// What `describe("oauth_authorize_query")` says.
pub const AUTHORIZE_QUERY: Description = Description {
    title: "The OAuth authorize query",
    root: Type::Object(BROWSER_QUERY),
    rules: &[NO_CALLBACK],
};

/// What `describe("oauth_authenticate_query")` says.
pub const AUTHENTICATE_QUERY: Description = Description {
    title: "The OAuth authenticate query",
    root: Type::Object(BROWSER_QUERY),
    rules: &[NO_CALLBACK],
};

/// What `describe("oauth_access_token")` says.
pub const ACCESS_TOKEN: Description = Description {
    title: "The OAuth access-token parameters",
    root: Type::Object(&[
        Field::required(
            "oauth_token",
            Str::ANY,
            "the request token; strictly enforced",
        ),
        Field::required(
            "oauth_verifier",
            Str::ANY,
            "from the callback, or the PIN (out-of-band); strictly enforced",
        ),
        CONSUMER_KEY,
        NONCE,
        SIGNATURE,
        SIGNATURE_METHOD_FIELD,
        TIMESTAMP,
        VERSION_FIELD,
    ]),
    rules: &[],
};

/// What `describe("oauth2_token")` says.
pub const OAUTH2_TOKEN: Description = Description {
    title: "The OAuth 2.0 app-only token request",
    root: Type::Object(&[
        Field::required(
            "grant_type",
            Type::Enum(GRANT_TYPES),
            "only client_credentials is allowed",
        ),
        Field::required(
            "authorization",
            Str::format(Format::BasicCredentials),
            "the Authorization header: HTTP Basic, API key and secret",
        ),
    ]),
    rules: &[],
};
