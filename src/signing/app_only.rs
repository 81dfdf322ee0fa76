//! OAuth 2.0 app-only credentials (Document A §4, `POST oauth2/token`): HTTP Basic with
//! `base64(urlencode(api key) ":" urlencode(api secret))` and the body
//! `grant_type=client_credentials`, the only grant type allowed.
//!
//! "urlencode" is the RFC 3986 encoding of [`crate::signing::percent::encode`] (unreserved
//! characters kept, everything else `%XX` uppercase); for the platform's alphanumeric keys it
//! changes nothing, and it keeps a `:` in a key from splitting the pair. The base64 is standard
//! with padding. Empty keys and secrets are refused. One bearer token is outstanding per app:
//! callers should cache it (this module holds no state).

use super::percent::{encode, parse_form};
use super::SigningError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

/// The only grant type `oauth2/token` accepts.
pub const GRANT_TYPE_CLIENT_CREDENTIALS: &str = "client_credentials";
/// The content type of the token request body.
pub const TOKEN_REQUEST_CONTENT_TYPE: &str = "application/x-www-form-urlencoded;charset=UTF-8";

/// The value after `Basic ` : `base64(enc(api_key) ":" enc(api_secret))`.
pub fn basic_credentials(api_key: &str, api_secret: &str) -> Result<String, SigningError> {
    if api_key.is_empty() {
        return Err(SigningError::EmptyApiKey);
    }
    if api_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    let pair = format!("{}:{}", encode(api_key), encode(api_secret));
    Ok(STANDARD.encode(pair.as_bytes()))
}

/// The whole `Authorization` header value: `Basic <basic_credentials>`.
pub fn basic_authorization_header(api_key: &str, api_secret: &str) -> Result<String, SigningError> {
    Ok(format!("Basic {}", basic_credentials(api_key, api_secret)?))
}

/// The token request body: `grant_type=client_credentials`.
pub fn token_request_body() -> &'static str {
    "grant_type=client_credentials"
}

/// Accepts exactly `client_credentials` (case-sensitive, no surrounding whitespace).
pub fn check_grant_type(grant_type: &str) -> Result<(), SigningError> {
    if grant_type == GRANT_TYPE_CLIENT_CREDENTIALS {
        Ok(())
    } else {
        Err(SigningError::UnsupportedGrantType)
    }
}

/// Accepts a form body that holds exactly one parameter, `grant_type`, equal to
/// `client_credentials`. A missing, repeated or extra parameter is
/// [`SigningError::InvalidTokenRequestBody`]; another grant type is
/// [`SigningError::UnsupportedGrantType`].
pub fn check_token_request_body(body: &str) -> Result<(), SigningError> {
    let pairs = parse_form(body).map_err(|_| SigningError::InvalidTokenRequestBody)?;
    match pairs.as_slice() {
        [(name, value)] if name == "grant_type" => check_grant_type(value),
        _ => Err(SigningError::InvalidTokenRequestBody),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_is_accepted_by_its_own_check() {
        assert_eq!(check_token_request_body(token_request_body()), Ok(()));
        assert_eq!(
            check_token_request_body("grant_type=password"),
            Err(SigningError::UnsupportedGrantType)
        );
        assert_eq!(
            check_token_request_body("grant_type=client_credentials&x=1"),
            Err(SigningError::InvalidTokenRequestBody)
        );
    }
}
