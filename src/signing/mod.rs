//! Signing and verification: webhook CRC, event signatures, OAuth 1.0a, app-only credentials (signing.md).
//!
//! Pure functions: no I/O, no clock, no random number generator. Whatever needs time or randomness
//! (an OAuth 1.0a nonce and timestamp) takes it from the caller ([`Entropy`]). Every check fails
//! closed: a missing, empty, duplicated or malformed input is refused with a [`SigningError`],
//! never accepted. No error message, and no `Debug` output of an input or output type, contains a
//! secret, a token, a nonce or a signature.
//!
//! | concern | module |
//! |---|---|
//! | webhook CRC answer, signing-oracle guard | [`crc`] |
//! | webhook event signature (and signed CRC GET) | [`event`] |
//! | OAuth 1.0a HMAC-SHA1 (RFC 5849) and Document A's flow rules | [`oauth1`] |
//! | RFC 3986 percent-encoding, form decoding | [`percent`] |
//! | OAuth 2.0 app-only credentials | [`app_only`] |
//! | the HMAC primitives everything above uses | [`mac`] |
//!
//! ```
//! use preflight::signing::{crc_response_token, verify_signature, sign_body, CrcTokenPolicy};
//! let token = crc_response_token(b"secret", "9b4507b3-9040-4669-9ca3-6b94edb50553",
//!     &CrcTokenPolicy::default()).unwrap();
//! assert!(token.starts_with("sha256="));
//! let header = sign_body(b"secret", br#"{"a":1}"#).unwrap();
//! assert!(verify_signature(b"secret", br#"{"a":1}"#, Some(&header)));
//! assert!(!verify_signature(b"secret", br#"{"a":2}"#, Some(&header)));
//! ```

use std::fmt;

pub mod app_only;
pub mod crc;
pub mod event;
pub mod mac;
pub mod oauth1;
pub mod percent;

pub use app_only::{
    basic_authorization_header, basic_credentials, check_grant_type, check_token_request_body,
    token_request_body, GRANT_TYPE_CLIENT_CREDENTIALS, TOKEN_REQUEST_CONTENT_TYPE,
};
pub use crc::{
    crc_response_json, crc_response_token, crc_token_from_query, CrcTokenPolicy,
    CRC_TOKEN_ALLOWED_PUNCTUATION, CRC_TOKEN_HARD_MAX_LEN, CRC_TOKEN_MAX_LEN, CRC_TOKEN_MIN_LEN,
};
pub use event::{
    check_crc_request_signature, check_request_signature, check_signature, find_header, sign_body,
    verify_crc_request_signature, verify_request_signature, verify_signature,
    DEFAULT_SIGNATURE_HEADER, SIGNATURE_PREFIX,
};
pub use oauth1::{
    authorize_url, check_flow, sign as oauth1_sign, sign_for_step as oauth1_sign_for_step, Entropy,
    FlowStep, Oauth1Request, Oauth1Signature,
};

/// Why the shape check of a CRC token refused it. Carries lengths and positions only, never the
/// token's characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CrcShapeProblem {
    /// Fewer characters than the policy's minimum.
    TooShort {
        /// The token's length in characters.
        len: usize,
        /// The policy's minimum.
        min: usize,
    },
    /// More characters than the policy's maximum.
    TooLong {
        /// The token's length in characters.
        len: usize,
        /// The policy's maximum.
        max: usize,
    },
    /// A character outside the policy's alphabet, at this character index (0-based).
    ForbiddenCharacter {
        /// The 0-based character index of the first such character.
        index: usize,
    },
}

/// An error of the signing module. [`SigningError::code`] is stable snake_case for programs;
/// [`SigningError::message`] is for people and never contains a secret, a token, a nonce, a
/// signature or any other input value (only names, lengths, positions and limits).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SigningError {
    // ---- keys ----
    /// A consumer secret (HMAC key) is empty.
    EmptySecret,
    /// The HMAC implementation refused the key (cannot happen with HMAC; kept so no path panics).
    HmacKey,

    // ---- CRC ----
    /// The `crc_token` does not have the shape the policy allows (signing-oracle guard).
    CrcTokenShape(CrcShapeProblem),
    /// A [`CrcTokenPolicy`] was built with impossible or unsafe bounds.
    InvalidCrcPolicy(&'static str),
    /// The query string carries no `crc_token` (the receiver answers 400).
    MissingCrcToken,
    /// The query string carries `crc_token` more than once.
    DuplicateCrcToken,

    // ---- event signatures ----
    /// The signature header is absent.
    MissingSignatureHeader,
    /// The signature header is present but empty.
    EmptySignatureHeader,
    /// The signature header appears more than once.
    DuplicateSignatureHeader,
    /// The signature header does not start with `sha256=` (case-sensitive).
    SignaturePrefix,
    /// The part after `sha256=` is not canonical standard base64 with padding.
    SignatureBase64,
    /// The decoded signature is not 32 bytes long.
    SignatureLength {
        /// The decoded length in bytes.
        len: usize,
    },
    /// The signature does not match the body (constant-time comparison).
    SignatureMismatch,

    // ---- percent-encoding ----
    /// A `%` not followed by two hexadecimal digits, or decoded bytes that are not UTF-8.
    InvalidPercentEncoding,

    // ---- OAuth 1.0a request ----
    /// The HTTP method is empty or not an HTTP token.
    InvalidMethod,
    /// The URL is malformed (the message says which part, never the URL).
    InvalidUrl(&'static str),
    /// The URL scheme is neither `http` nor `https`.
    UnsupportedUrlScheme,
    /// The URL carries user information (`user:pass@`).
    UrlUserinfo,
    /// The consumer key is empty.
    EmptyConsumerKey,
    /// An OAuth parameter given as `Some` is empty (the message names the parameter).
    EmptyOauthParameter(&'static str),
    /// The given nonce contains a non-ASCII character.
    NonAsciiNonce,
    /// The given nonce is empty or contains an ASCII control character or a space.
    InvalidNonce,
    /// The timestamp is zero (RFC 5849 §3.3: a positive integer).
    InvalidTimestamp,
    /// The timestamp is above [`oauth1::MAX_TIMESTAMP_SECONDS`]: a count of seconds that large is
    /// after the year 5000, so it can only be milliseconds (JavaScript's `Date.now()`). Code
    /// `invalid_timestamp`, with a message that says so.
    MillisecondTimestamp,
    /// Neither a nonce and timestamp nor an [`Entropy`] to generate them were given.
    MissingEntropy,
    /// The caller's random bytes are all zero (a broken random source).
    WeakEntropy,
    /// A query or body parameter name starts with `oauth_`: protocol parameters travel only in
    /// the `Authorization` header this module builds.
    OauthParameterInParams,
    /// An extra protocol parameter repeats one already present (or one this module sets).
    DuplicateOauthParameter,
    /// An extra protocol parameter's name does not start with `oauth_`, or is `oauth_signature`.
    InvalidOauthParameter,
    /// The realm contains a character that cannot stand in a quoted string.
    InvalidRealm,

    // ---- OAuth 1.0a flow (Document A §4) ----
    /// request_token without `oauth_callback`.
    MissingOauthCallback,
    /// `oauth_callback` is neither an absolute URL nor `oob`.
    InvalidOauthCallback,
    /// `oauth_callback` at a step that must never carry it (authorize, authenticate).
    ForbiddenOauthCallback,
    /// `x_auth_access_type` is not exactly `read` or `write`.
    InvalidAccessType,
    /// The step needs `oauth_token` and it is absent.
    MissingOauthToken,
    /// The step needs `oauth_verifier` and it is absent.
    MissingOauthVerifier,
    /// `oauth_token` at a step that has none (request_token).
    UnexpectedOauthToken,
    /// `oauth_verifier` at a step other than access_token.
    UnexpectedOauthVerifier,
    /// A parameter the step does not take, or a parameter repeated where it must be single.
    UnexpectedParameter(&'static str),
    /// The HTTP method is not the one Document A gives for the step.
    WrongMethod {
        /// The method the step takes (`POST` or `GET`).
        expected: &'static str,
    },
    /// The step's URL is not `https` (Document A: HTTPS is required for all authorization steps).
    InsecureUrl,
    /// A flow step name other than those of [`FlowStep::name`].
    UnknownFlowStep,

    // ---- OAuth 2.0 app-only ----
    /// The API key is empty.
    EmptyApiKey,
    /// A `grant_type` other than exactly `client_credentials`.
    UnsupportedGrantType,
    /// A token request body other than exactly one `grant_type=client_credentials`.
    InvalidTokenRequestBody,
}

impl SigningError {
    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        use SigningError::*;
        match self {
            EmptySecret => "empty_secret",
            HmacKey => "hmac_key",
            CrcTokenShape(_) => "crc_token_shape",
            InvalidCrcPolicy(_) => "invalid_crc_policy",
            MissingCrcToken => "missing_crc_token",
            DuplicateCrcToken => "duplicate_crc_token",
            MissingSignatureHeader => "missing_signature_header",
            EmptySignatureHeader => "empty_signature_header",
            DuplicateSignatureHeader => "duplicate_signature_header",
            SignaturePrefix => "signature_prefix",
            SignatureBase64 => "signature_base64",
            SignatureLength { .. } => "signature_length",
            SignatureMismatch => "signature_mismatch",
            InvalidPercentEncoding => "invalid_percent_encoding",
            InvalidMethod => "invalid_method",
            InvalidUrl(_) => "invalid_url",
            UnsupportedUrlScheme => "unsupported_url_scheme",
            UrlUserinfo => "url_userinfo",
            EmptyConsumerKey => "empty_consumer_key",
            EmptyOauthParameter(_) => "empty_oauth_parameter",
            NonAsciiNonce => "non_ascii_nonce",
            InvalidNonce => "invalid_nonce",
            InvalidTimestamp | MillisecondTimestamp => "invalid_timestamp",
            MissingEntropy => "missing_entropy",
            WeakEntropy => "weak_entropy",
            OauthParameterInParams => "oauth_parameter_in_params",
            DuplicateOauthParameter => "duplicate_oauth_parameter",
            InvalidOauthParameter => "invalid_oauth_parameter",
            InvalidRealm => "invalid_realm",
            MissingOauthCallback => "missing_oauth_callback",
            InvalidOauthCallback => "invalid_oauth_callback",
            ForbiddenOauthCallback => "forbidden_oauth_callback",
            InvalidAccessType => "invalid_access_type",
            MissingOauthToken => "missing_oauth_token",
            MissingOauthVerifier => "missing_oauth_verifier",
            UnexpectedOauthToken => "unexpected_oauth_token",
            UnexpectedOauthVerifier => "unexpected_oauth_verifier",
            UnexpectedParameter(_) => "unexpected_parameter",
            WrongMethod { .. } => "wrong_method",
            InsecureUrl => "insecure_url",
            UnknownFlowStep => "unknown_flow_step",
            EmptyApiKey => "empty_api_key",
            UnsupportedGrantType => "unsupported_grant_type",
            InvalidTokenRequestBody => "invalid_token_request_body",
        }
    }

    /// A message for people. Never contains an input value.
    pub fn message(&self) -> String {
        use SigningError::*;
        // The fixed texts are one `&str` each and copied in one place (not one allocation and
        // copy per arm); the texts with a number or a name are formatted where they are.
        let fixed: &'static str = match self {
            EmptySecret => "the consumer secret is empty; nothing is signed or verified with an empty key",
            HmacKey => "the HMAC key was refused",
            CrcTokenShape(CrcShapeProblem::TooShort { len, min }) => return format!(
                "the crc_token has {len} characters; at least {min} are required before it is signed"
            ),
            CrcTokenShape(CrcShapeProblem::TooLong { len, max }) => return format!(
                "the crc_token has {len} characters; at most {max} are signed"
            ),
            CrcTokenShape(CrcShapeProblem::ForbiddenCharacter { index }) => return format!(
                "the crc_token has a character outside the allowed alphabet at index {index}; it is not signed"
            ),
            InvalidCrcPolicy(why) => return format!("the CRC token policy is invalid: {why}"),
            MissingCrcToken => "the request has no crc_token query parameter",
            DuplicateCrcToken => "the request has more than one crc_token query parameter",
            MissingSignatureHeader => "the signature header is missing",
            EmptySignatureHeader => "the signature header is empty",
            DuplicateSignatureHeader => "the signature header appears more than once",
            SignaturePrefix => "the signature header does not start with \"sha256=\"",
            SignatureBase64 => "the signature is not standard base64 with padding",
            SignatureLength { len } => return format!("the signature decodes to {len} bytes, not 32"),
            SignatureMismatch => "the signature does not match the body",
            InvalidPercentEncoding => "a percent-encoded value is malformed or not UTF-8",
            InvalidMethod => "the HTTP method is empty or not an HTTP token",
            InvalidUrl(why) => return format!("the URL is invalid: {why}"),
            UnsupportedUrlScheme => "the URL scheme is neither http nor https",
            UrlUserinfo => "the URL carries user information; it is refused",
            EmptyConsumerKey => "the consumer key is empty",
            EmptyOauthParameter(name) => return format!("{name} is given but empty"),
            NonAsciiNonce => "oauth_nonce must be ASCII",
            InvalidNonce => "oauth_nonce is empty or contains a space or a control character",
            InvalidTimestamp => "oauth_timestamp must be a positive integer",
            MillisecondTimestamp => "oauth_timestamp is whole seconds since 1970; this value is so large it can only be milliseconds (Date.now()): divide it by 1000",
            MissingEntropy => "no nonce and timestamp were given and no entropy to generate them",
            WeakEntropy => "the random bytes given are all zero",
            OauthParameterInParams => "a query or body parameter name starts with oauth_; protocol parameters travel in the Authorization header only",
            DuplicateOauthParameter => "an OAuth protocol parameter is given more than once",
            InvalidOauthParameter => "an extra protocol parameter name must start with oauth_ and must not be oauth_signature",
            InvalidRealm => "the realm contains a quote, a backslash or a non-printable character",
            MissingOauthCallback => "request_token needs oauth_callback (an absolute URL or oob)",
            InvalidOauthCallback => "oauth_callback must be an absolute URL or oob",
            ForbiddenOauthCallback => "oauth_callback must never be sent to authorize or authenticate",
            InvalidAccessType => "x_auth_access_type must be read or write",
            MissingOauthToken => "this step needs oauth_token",
            MissingOauthVerifier => "access_token needs oauth_verifier",
            UnexpectedOauthToken => "request_token carries no oauth_token",
            UnexpectedOauthVerifier => "only access_token carries oauth_verifier",
            UnexpectedParameter(name) => return format!("this step does not take the parameter {name} (or not more than once)"),
            WrongMethod { expected } => return format!("this step is called with {expected}"),
            InsecureUrl => "authorization steps require an https URL",
            UnknownFlowStep => "the flow step is not one of request_token, authorize, authenticate, access_token, invalidate_token",
            EmptyApiKey => "the API key is empty",
            UnsupportedGrantType => "grant_type must be exactly client_credentials",
            InvalidTokenRequestBody => "the token request body must be exactly grant_type=client_credentials",
        };
        fixed.to_owned()
    }

    /// `{"code": ..., "message": ...}` as JSON text, the shape of [`crate::Error::to_json`].
    pub fn to_json(&self) -> String {
        serde_json::json!({"code": self.code(), "message": self.message()}).to_string()
    }
}

impl fmt::Display for SigningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for SigningError {}
