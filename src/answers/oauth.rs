//! OAuth token answers (document A §2 "Token values", §3 "OAuth 1.0a endpoints"): the answers
//! of `oauth/request_token` (`oauth_token`, `oauth_token_secret`, `oauth_callback_confirmed`),
//! `oauth/access_token` (`oauth_token`, `oauth_token_secret`, `user_id`, `screen_name`) and
//! `1.1/oauth/invalidate_token` (JSON `{access_token}`).
//!
//! **The form.** "Response format is listed as JSON, but the token responses shown are
//! form-encoded name=value pairs joined by `&`" (§3): a token answer is read as form-encoded
//! pairs, or, when its text starts with `{`, as a JSON object whose members are strings (the
//! listed format). In the form, names and values are percent-decoded as RFC 5849 §3.6 encodes
//! them (RFC 3986: `%XX` escapes of UTF-8 bytes): a broken escape or bytes that are not UTF-8
//! are refused, and so is a raw `+`, which RFC 3986 encoding never writes (it writes `%2B` for
//! `+` and `%20` for a space) and which form decoding would read as a space: neither reading
//! is guessed. Whitespace around the whole text (a saved file's last newline) is not part of
//! the form; an empty segment (`a=1&&b=2`) is skipped; a segment without `=` is a name with an
//! empty value.
//!
//! **Errors the caller cannot ignore** ([`Error`]): `callback_not_confirmed` when a request
//! token's `oauth_callback_confirmed` is anything but the literal `true` (absent, `false`,
//! `True`, `1`; in JSON, the literal `true` or the string `"true"`): the defence against a
//! swapped callback, so no token is returned; `invalid_token_answer` when the text is not such a
//! form, a name is written more than once (never one of them picked), or `oauth_token` or
//! `oauth_token_secret` is missing or empty. A missing `user_id` or `screen_name` of an
//! access-token answer is a `required` issue beside the tokens. Members the spec does not name
//! are kept as data (`extra`).
//!
//! **Secrets.** The tokens and secrets are [`Secret`]s: `Debug` writes `Secret(<redacted>)`, no
//! `Display`, and [`Secret::expose`] hands the text to the caller; the answers' `Debug` redacts
//! every value (the user's id and name, and the `extra` values, too). No message holds a value.
//!
//! The OAuth 2.0 bearer-token answer is "not shown" (§2: "described only as a JSON structure
//! describing the awarded bearer token"): there is no reader of it.

use super::problem::{self, duplicate_keys, optional_string, wrong_type, Extra};
use super::{parse_answer, text_member};
use crate::error::{Error, ErrorCode};
use crate::json::{Object, Value};
use crate::report::{Issue, Pointer};
use crate::signing::percent;
use std::fmt;

/// The only value of `oauth_callback_confirmed` that confirms the callback (document A §2: "Literal
/// true when the callback was accepted").
pub const CALLBACK_CONFIRMED: &str = "true";

/// The members of a request-token answer (document A §2, §3), in order.
pub const REQUEST_TOKEN_MEMBERS: &[&str] = &[
    "oauth_token",
    "oauth_token_secret",
    "oauth_callback_confirmed",
];

/// The members of an access-token answer (document A §2, §3), in order.
pub const ACCESS_TOKEN_MEMBERS: &[&str] = &[
    "oauth_token",
    "oauth_token_secret",
    "user_id",
    "screen_name",
];

/// A token or secret: `Debug` writes `Secret(<redacted>)` and there is no `Display`, so it
/// never reaches a log by accident; [`Secret::expose`] gives the text.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The secret text. Keep it out of logs and messages.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// The answer of `oauth/request_token`, its callback confirmed.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct RequestToken {
    /// `oauth_token`: the request token.
    pub oauth_token: Secret,
    /// `oauth_token_secret`: its secret.
    pub oauth_token_secret: Secret,
    /// The members the spec does not name (values are answer text: keep them out of logs).
    pub extra: Extra,
}

/// The answer of `oauth/access_token`.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct AccessToken {
    /// `oauth_token`: the user's access token.
    pub oauth_token: Secret,
    /// `oauth_token_secret`: its secret.
    pub oauth_token_secret: Secret,
    /// `user_id`: the authorizing user's identifier (`None`, with a `required` issue, when
    /// missing or empty).
    pub user_id: Option<String>,
    /// `screen_name`: the authorizing user's handle (`None`, with a `required` issue, when
    /// missing or empty).
    pub screen_name: Option<String>,
    /// The members the spec does not name.
    pub extra: Extra,
    /// The documented rules the answer breaks.
    pub issues: Vec<Issue>,
}

/// The answer of `1.1/oauth/invalidate_token`: `{access_token}`.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct InvalidatedToken {
    /// `access_token`: the token that was revoked (`None`, with an issue, when missing or not a
    /// string).
    pub access_token: Option<Secret>,
    /// The members the spec does not name.
    pub extra: Extra,
    /// The documented rules the answer breaks.
    pub issues: Vec<Issue>,
}

/// Writes the names of `extra`, never its values.
fn extra_names(extra: &Extra) -> Vec<&str> {
    extra.iter().map(|(n, _)| n.as_str()).collect()
}

impl fmt::Debug for RequestToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RequestToken")
            .field("oauth_token", &self.oauth_token)
            .field("oauth_token_secret", &self.oauth_token_secret)
            .field("extra (names)", &extra_names(&self.extra))
            .finish()
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redacted = |v: &Option<String>| v.as_ref().map(|_| "<redacted>");
        f.debug_struct("AccessToken")
            .field("oauth_token", &self.oauth_token)
            .field("oauth_token_secret", &self.oauth_token_secret)
            .field("user_id", &redacted(&self.user_id))
            .field("screen_name", &redacted(&self.screen_name))
            .field("extra (names)", &extra_names(&self.extra))
            .field("issues", &self.issues)
            .finish()
    }
}

impl fmt::Debug for InvalidatedToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InvalidatedToken")
            .field("access_token", &self.access_token)
            .field("extra (names)", &extra_names(&self.extra))
            .field("issues", &self.issues)
            .finish()
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidTokenAnswer, message)
}

/// A name for messages: a documented one as it is, any other as "a member" (an answer's own
/// names are answer text).
fn named(name: &str, documented: &[&str]) -> String {
    if documented.contains(&name) {
        format!("`{name}`")
    } else {
        String::from("a member the spec does not name")
    }
}

/// A token answer's members, in order, each name once: `(name, value)`, a value a string, or a
/// JSON boolean (only `oauth_callback_confirmed` reads one).
fn read_pairs(text: &str, documented: &[&str]) -> Result<Vec<(String, Value<'static>)>, Error> {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(invalid("the token answer is empty"));
    }
    let mut pairs: Vec<(String, Value<'static>)> = Vec::new();
    if text.starts_with('{') {
        let doc = parse_answer(text)
            .map_err(|_| invalid("the token answer starts with `{` but is not a JSON object"))?;
        let Value::Object(object) = doc else {
            return Err(invalid(
                "the token answer starts with `{` but is not a JSON object",
            ));
        };
        for (name, value) in object.iter() {
            pairs.push((name.to_owned(), value.clone().into_owned()));
        }
    } else {
        for segment in text.split('&') {
            if segment.is_empty() {
                continue;
            }
            let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
            let decode = |s: &str| {
                if s.contains('+') {
                    return Err(invalid(
                        "the token answer holds a raw `+`, which RFC 3986 percent-encoding never writes (`%2B` is a plus sign, `%20` a space)",
                    ));
                }
                percent::decode(s).map_err(|_| {
                    invalid("the token answer is not percent-encoded text (a broken `%` escape, or bytes that are not UTF-8)")
                })
            };
            let name = decode(name)?;
            let value = decode(value)?;
            pairs.push((name, Value::String(value.into())));
        }
    }
    for (i, (name, _)) in pairs.iter().enumerate() {
        if pairs[..i].iter().any(|(n, _)| n == name) {
            return Err(invalid(format!(
                "{} is written more than once in the token answer; no value is picked",
                named(name, documented)
            )));
        }
    }
    Ok(pairs)
}

/// The token member `name`: a non-empty string, else `invalid_token_answer`.
fn token(pairs: &[(String, Value<'static>)], name: &str, answer: &str) -> Result<Secret, Error> {
    match pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
        Some(Value::String(s)) if !s.is_empty() => Ok(Secret(s.clone().into_owned())),
        Some(Value::String(_)) | None => Err(invalid(format!(
            "the {answer} answer has no `{name}` (missing or empty)"
        ))),
        Some(_) => Err(invalid(format!(
            "the {answer} answer's `{name}` is not a string"
        ))),
    }
}

/// The members of `pairs` not in `documented`.
fn rest(pairs: Vec<(String, Value<'static>)>, documented: &[&str]) -> Extra {
    pairs
        .into_iter()
        .filter(|(n, _)| !documented.contains(&n.as_str()))
        .collect()
}

/// Reads the answer of `oauth/request_token` (module docs: the form, the errors).
///
/// ```
/// use preflight::answers::oauth::read_request_token;
/// use preflight::ErrorCode;
///
/// // RFC 5849 §2.1's example answer.
/// let text = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true";
/// let answer = read_request_token(text)?;
/// assert_eq!(answer.oauth_token.expose(), "hh5s93j4hdidpola");
/// assert!(!format!("{answer:?}").contains("hdhd0244k9j7ao03"));
///
/// let swapped = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03";
/// assert_eq!(read_request_token(swapped).unwrap_err().code, ErrorCode::CallbackNotConfirmed);
/// # Ok::<(), preflight::Error>(())
/// ```
pub fn read_request_token(text: &str) -> Result<RequestToken, Error> {
    let pairs = read_pairs(text, REQUEST_TOKEN_MEMBERS)?;
    let oauth_token = token(&pairs, "oauth_token", "request-token")?;
    let oauth_token_secret = token(&pairs, "oauth_token_secret", "request-token")?;
    let confirmed = match pairs
        .iter()
        .find(|(n, _)| n == "oauth_callback_confirmed")
        .map(|(_, v)| v)
    {
        Some(Value::String(s)) => s == CALLBACK_CONFIRMED,
        Some(Value::Bool(b)) => *b,
        _ => false,
    };
    if !confirmed {
        return Err(Error::new(
            ErrorCode::CallbackNotConfirmed,
            "the request-token answer does not confirm the callback (`oauth_callback_confirmed` is not the literal `true`): the callback may have been swapped; do not use this request token",
        ));
    }
    Ok(RequestToken {
        oauth_token,
        oauth_token_secret,
        extra: rest(pairs, REQUEST_TOKEN_MEMBERS),
    })
}

/// Reads the answer of `oauth/access_token` (module docs: the form, the errors).
///
/// ```
/// use preflight::answers::oauth::read_access_token;
///
/// let text = "oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU&user_id=6253282&screen_name=twitterapi";
/// let answer = read_access_token(text)?;
/// assert_eq!(answer.user_id.as_deref(), Some("6253282"));
/// assert!(answer.issues.is_empty());
/// # Ok::<(), preflight::Error>(())
/// ```
pub fn read_access_token(text: &str) -> Result<AccessToken, Error> {
    let pairs = read_pairs(text, ACCESS_TOKEN_MEMBERS)?;
    let oauth_token = token(&pairs, "oauth_token", "access-token")?;
    let oauth_token_secret = token(&pairs, "oauth_token_secret", "access-token")?;
    let mut issues = Vec::new();
    let root = Pointer::root();
    let mut user = |name: &str| -> Option<String> {
        let at = root.key(name);
        match pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
            Some(Value::String(s)) if !s.is_empty() => Some(s.clone().into_owned()),
            Some(Value::String(_)) | None => {
                issues.push(problem::required(&at, name));
                None
            }
            Some(other) => {
                issues.push(wrong_type(&at, "string", other));
                None
            }
        }
    };
    let user_id = user("user_id");
    let screen_name = user("screen_name");
    Ok(AccessToken {
        oauth_token,
        oauth_token_secret,
        user_id,
        screen_name,
        extra: rest(pairs, ACCESS_TOKEN_MEMBERS),
        issues,
    })
}

/// Reads the answer of `1.1/oauth/invalidate_token`, JSON `{access_token}` (document A §3):
/// read like an error body, every broken rule an issue (`required`, `wrong_type`,
/// `duplicate_key`); fails only on text that is not JSON.
pub fn read_invalidate_token(text: &str) -> Result<InvalidatedToken, Error> {
    let doc = parse_answer(text)?;
    let root = Pointer::root();
    let mut issues = Vec::new();
    let Value::Object(object) = &doc else {
        issues.push(wrong_type(&root, "object", &doc));
        return Ok(InvalidatedToken {
            access_token: None,
            extra: Vec::new(),
            issues,
        });
    };
    duplicate_keys(object, &root, &mut issues);
    let access_token = if object.contains_key("access_token") {
        optional_string(object, &root, "access_token", &mut issues)
    } else {
        issues.push(problem::required(&root.key("access_token"), "access_token"));
        None
    };
    Ok(InvalidatedToken {
        access_token: access_token.map(Secret),
        extra: problem::extra(object, &["access_token"]),
        issues,
    })
}

// --- the calls -------------------------------------------------------------------------------

/// Appends `"name":value,` (the string, or `null`).
fn member(out: &mut String, name: &str, value: Option<&str>) {
    problem::member_str(out, name, value);
    out.push(',');
}

/// Appends the token and its secret: `"oauth_token":...,"oauth_token_secret":...,`.
fn tokens(out: &mut String, token: &Secret, secret: &Secret) {
    member(out, "oauth_token", Some(token.expose()));
    member(out, "oauth_token_secret", Some(secret.expose()));
}

/// `request_token` `{text}` -> `{"oauth_token","oauth_token_secret","oauth_callback_confirmed":
/// true,"extra","issues":[]}`.
pub(super) fn call_request_token(args: &Object<'_>) -> Result<String, Error> {
    let answer = read_request_token(text_member(args, "text")?)?;
    let mut out = String::from("{");
    tokens(&mut out, &answer.oauth_token, &answer.oauth_token_secret);
    out.push_str("\"oauth_callback_confirmed\":true,\"extra\":");
    problem::write_extra(&mut out, &answer.extra);
    out.push(',');
    problem::write_issues(&mut out, &[]);
    out.push('}');
    Ok(out)
}

/// `access_token` `{text}` -> `{"oauth_token","oauth_token_secret","user_id","screen_name",
/// "extra","issues"}`.
pub(super) fn call_access_token(args: &Object<'_>) -> Result<String, Error> {
    let answer = read_access_token(text_member(args, "text")?)?;
    let mut out = String::from("{");
    tokens(&mut out, &answer.oauth_token, &answer.oauth_token_secret);
    member(&mut out, "user_id", answer.user_id.as_deref());
    member(&mut out, "screen_name", answer.screen_name.as_deref());
    out.push_str("\"extra\":");
    problem::write_extra(&mut out, &answer.extra);
    out.push(',');
    problem::write_issues(&mut out, &answer.issues);
    out.push('}');
    Ok(out)
}

/// `invalidate_token` `{text}` -> `{"access_token","extra","issues"}`.
pub(super) fn call_invalidate_token(args: &Object<'_>) -> Result<String, Error> {
    let answer = read_invalidate_token(text_member(args, "text")?)?;
    let mut out = String::from("{");
    member(
        &mut out,
        "access_token",
        answer.access_token.as_ref().map(Secret::expose),
    );
    out.push_str("\"extra\":");
    problem::write_extra(&mut out, &answer.extra);
    out.push(',');
    problem::write_issues(&mut out, &answer.issues);
    out.push('}');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RFC_5849_2_1: &str = "oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true";

    #[test]
    fn debug_never_shows_a_token_secret_or_user() {
        let r = read_request_token(RFC_5849_2_1).unwrap();
        let d = format!("{r:?}");
        assert!(
            !d.contains("hh5s93j4hdidpola") && !d.contains("hdhd0244k9j7ao03"),
            "{d}"
        );
        let a = read_access_token(
            "oauth_token=nnch734d00sl2jdk&oauth_token_secret=pfkkdhi9sl3r4s00&user_id=42&screen_name=someone&x=secretish",
        )
        .unwrap();
        let d = format!("{a:?}");
        for v in [
            "nnch734d00sl2jdk",
            "pfkkdhi9sl3r4s00",
            "42",
            "someone",
            "secretish",
        ] {
            assert!(!d.contains(v), "{d}");
        }
        let i = read_invalidate_token(r#"{"access_token":"AAAA%2FAAA"}"#).unwrap();
        assert!(!format!("{i:?}").contains("AAAA"));
    }

    #[test]
    fn errors_never_hold_a_value() {
        for text in [
            "oauth_token=SECRETVALUE&oauth_token_secret=SECRETVALUE&oauth_callback_confirmed=SECRETVALUE",
            "oauth_token=SECRETVALUE&oauth_token=SECRETVALUE&oauth_token_secret=x&oauth_callback_confirmed=true",
            "SECRETVALUE=1&SECRETVALUE=2",
            "oauth_token=SECRET+VALUE",
            "oauth_token=SECRETVALUE%zz",
            "{\"oauth_token\":\"SECRETVALUE\"",
        ] {
            let e = read_request_token(text).unwrap_err();
            assert!(!e.message.contains("SECRET"), "{}", e.message);
        }
    }

    #[test]
    fn the_callback_is_confirmed_only_by_the_literal_true() {
        let base = "oauth_token=a&oauth_token_secret=b";
        for bad in [
            "",
            "&oauth_callback_confirmed=True",
            "&oauth_callback_confirmed=1",
            "&oauth_callback_confirmed=false",
            "&oauth_callback_confirmed=",
            "&oauth_callback_confirmed=true%20",
            "&oauth_callback_confirmed",
        ] {
            let e = read_request_token(&format!("{base}{bad}")).unwrap_err();
            assert_eq!(e.code, ErrorCode::CallbackNotConfirmed, "{bad}");
        }
        assert!(read_request_token(&format!("{base}&oauth_callback_confirmed=true\n")).is_ok());
        assert!(read_request_token(
            r#"{"oauth_token":"a","oauth_token_secret":"b","oauth_callback_confirmed":true}"#
        )
        .is_ok());
        assert_eq!(
            read_request_token(
                r#"{"oauth_token":"a","oauth_token_secret":"b","oauth_callback_confirmed":1}"#
            )
            .unwrap_err()
            .code,
            ErrorCode::CallbackNotConfirmed
        );
    }
}
