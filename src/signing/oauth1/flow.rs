//! Document A's OAuth 1.0a flow (A §4, OAuth 1.0a endpoints): the steps, their rules, and the
//! browser URL of the authorize and authenticate steps.

use super::super::percent::encode;
use super::super::SigningError;
use super::sign::{check_method, sign};
use super::types::{Entropy, Oauth1Request, Oauth1Signature};
use super::url::{parse_url, split_scheme};
use super::OOB_CALLBACK;

/// A step of Document A's OAuth 1.0a flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
}
