//! Error bodies (document A §2 "Error object" and "Problem object", §7 "Errors"): the default
//! failure body of every call, an `Error` (`application/json`, `{code, message}`) or a `Problem`
//! (`application/problem+json`, RFC 7807: `type`, `title`, `detail`, `status`), whose `type`
//! selects a documented sub-shape with its own members.
//!
//! [`read_error_body`] reads the body text into an [`ErrorBody`] and reports every documented
//! rule the body breaks as an [`Issue`] (a JSON Pointer into the body), the way validation
//! reports a payload: a missing required member is `required`, a value of the wrong JSON type
//! `wrong_type`, a value outside its documented list `not_in_enum`. Members the spec does not
//! document are kept as data ([`Extra`]), never an issue (RFC 7807 §3.2 allows extension
//! members). It fails only on text that is not JSON at all (`invalid_json`, `too_deep`,
//! `input_too_large`, the parser's codes).
//!
//! **Which shape.** The body is read by its shape: an object with a `type` or `title` member is
//! a Problem; else one with a `code` or `message` member is an Error; else one whose `errors`
//! member is an array is a list of errors (`{"errors": [...]}`, the form of the "errors array,
//! code 89" answer of §3), each item a Problem when it has `type` or `title`, else an Error.
//! The content type decides only when the shape is silent (an object with none of these
//! members): `application/problem+json` reads it as a Problem, `application/json` as an Error
//! (and the missing members are `required` issues). A content type that names the other shape,
//! or neither documented type, is a `content_type_mismatch` warning: the body is read by its
//! shape, never silently by the header. The media type is compared without its parameters
//! (`; charset=utf-8`) and without case. JSON that is not an object, or an object of no shape
//! with no deciding content type, is [`ErrorBody::Unknown`] with a `wrong_type` or
//! `unknown_body_shape` issue at `""`.
//!
//! **The `type` of a Problem.** Its values are `{problems_base}/<suffix>` and the base is not
//! given, so the suffix is the text after the last `/` of `type`, matched exactly (case and all)
//! against [`SUFFIXES`]; a `type` with no `/`, or whose last segment is no documented suffix
//! (`https://example.com/probs/out-of-credit`, RFC 7807's own example), and `about:blank`, the
//! generic type, are a generic Problem ([`ProblemKind::Generic`]): read, never an error.
//!
//! **Other codes** (§7): an Error's `code` 89 (HTTP 401: an invalidated or expired token), 99
//! (HTTP 403: bearer-token requests too frequent) and 93 (a missing direct-message permission)
//! carry a [`Meaning`]. Given the HTTP status (`status`), a documented code answered with
//! another status, or a Problem whose `status` member differs from it, is a `status_mismatch`
//! warning (RFC 7807 §3.1: an intermediary may have changed the status).

use super::parse_answer;
use crate::error::Error;
use crate::issues::{Allowed, CheckIssue, IssueKind};
use crate::json::{write, Number, Object, Value};
use crate::report::{Code, Issue, Params, Pointer, Severity};

/// The generic Problem type (RFC 7807 §4.2; document A §7).
pub const ABOUT_BLANK: &str = "about:blank";

/// The media type of a Problem body (document A §2, §7).
pub const PROBLEM_MEDIA_TYPE: &str = "application/problem+json";

/// The media type of an Error body (document A §7).
pub const ERROR_MEDIA_TYPE: &str = "application/json";

/// `client-forbidden`'s `reason` values (document A §7).
pub const CLIENT_FORBIDDEN_REASONS: &[&str] = &["official-client-forbidden", "client-not-enrolled"];

/// `resource_type` of `disallowed-resource`, `not-authorized-for-field` and
/// `not-authorized-for-resource` ("the unauthorized types"), and of `resource-unavailable`
/// (document A §7).
pub const RESOURCE_TYPES: &[&str] = &["user", "tweet", "media", "list", "space"];

/// `resource_type` of `resource-not-found` (document A §7).
pub const NOT_FOUND_RESOURCE_TYPES: &[&str] =
    &["user", "tweet", "media", "list", "space", "place", "poll"];

/// `section` values (document A §7: "Allowed section: data, includes.").
pub const SECTIONS: &[&str] = &["data", "includes"];

/// `operational-disconnect`'s `disconnect_type` values (document A §7).
pub const DISCONNECT_TYPES: &[&str] = &[
    "OperationalDisconnect",
    "UpstreamOperationalDisconnect",
    "ForceDisconnect",
    "UpstreamUncleanDisconnect",
    "SlowReader",
    "InternalError",
    "ClientApplicationStateDegraded",
    "InvalidRules",
];

/// `streaming-connection`'s `connection_issue` values (document A §7).
pub const CONNECTION_ISSUES: &[&str] = &[
    "TooManyConnections",
    "ProvisioningSubscription",
    "RuleConfigurationIssue",
    "RulesInvalidIssue",
];

/// `usage-capped`'s `period` values (document A §7).
pub const USAGE_PERIODS: &[&str] = &["Daily", "Monthly"];

/// `usage-capped`'s `scope` values (document A §7).
pub const USAGE_SCOPES: &[&str] = &["Account", "Product"];

/// The least length of `parameter` of `resource-not-found` (document A §7: "min length 1").
pub const PARAMETER_MIN_LENGTH: usize = 1;

/// The range of an Error's `code` (document A §2: "integer (int32)").
pub const ERROR_CODE_RANGE: (i64, i64) = (i32::MIN as i64, i32::MAX as i64);

/// The documented Problem type suffixes (document A §7), in the table's order.
pub const SUFFIXES: &[&str] = &[
    "client-disconnected",
    "client-forbidden",
    "conflict",
    "disallowed-resource",
    "duplicate-rules",
    "invalid-request",
    "invalid-rules",
    "noncompliant-rules",
    "not-authorized-for-field",
    "not-authorized-for-resource",
    "operational-disconnect",
    "resource-not-found",
    "resource-unavailable",
    "rule-cap",
    "streaming-connection",
    "unsupported-authentication",
    "usage-capped",
];

/// The Error codes document A §7 ("Other codes") and §3, §5 give a meaning: code, meaning,
/// and the HTTP status documented with it.
pub const CODE_MEANINGS: &[(i64, Meaning, Option<u16>)] = &[
    (89, Meaning::TokenInvalid, Some(401)),
    (99, Meaning::BearerTokenRequestsTooFrequent, Some(403)),
    (93, Meaning::DirectMessagePermissionMissing, None),
];

/// What a documented Error code means (document A §7 "Other codes", §3, §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Meaning {
    /// Code 89, HTTP 401: the token is invalidated or expired (`token_invalid`).
    TokenInvalid,
    /// Code 99, HTTP 403: bearer-token requests made too often
    /// (`bearer_token_requests_too_frequent`).
    BearerTokenRequestsTooFrequent,
    /// Code 93: the app lacks the direct-message permission
    /// (`direct_message_permission_missing`).
    DirectMessagePermissionMissing,
}

impl Meaning {
    /// The stable snake_case name, as written in results.
    pub fn name(self) -> &'static str {
        match self {
            Meaning::TokenInvalid => "token_invalid",
            Meaning::BearerTokenRequestsTooFrequent => "bearer_token_requests_too_frequent",
            Meaning::DirectMessagePermissionMissing => "direct_message_permission_missing",
        }
    }

    /// The meaning of Error code `code`, if the spec gives one.
    pub fn of(code: i64) -> Option<Meaning> {
        CODE_MEANINGS
            .iter()
            .find(|(c, _, _)| *c == code)
            .map(|(_, m, _)| *m)
    }
}

/// Members the spec does not document, kept as they were written, in order.
pub type Extra = Vec<(String, Value<'static>)>;

/// An Error object (document A §2): `code` (int32) and `message`, both required; `None` when
/// absent or of the wrong type (an issue says which).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ErrorObject {
    /// The error code.
    pub code: Option<i32>,
    /// The message, for people.
    pub message: Option<String>,
    /// What the code means, where the spec says ([`CODE_MEANINGS`]).
    pub meaning: Option<Meaning>,
    /// The other members.
    pub extra: Extra,
}

/// A Problem (document A §2, RFC 7807): the four members, the documented sub-shape its `type`
/// selects, and the other members.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Problem {
    /// `type` (required), as written.
    pub type_: Option<String>,
    /// `title` (required).
    pub title: Option<String>,
    /// `detail`.
    pub detail: Option<String>,
    /// `status` (an integer).
    pub status: Option<i64>,
    /// The documented sub-shape `type` selects, with its members.
    pub kind: ProblemKind,
    /// The members neither RFC 7807 nor the sub-shape documents.
    pub extra: Extra,
}

/// One item of `invalid-request`'s `errors`: `{message, parameters}`. An item that is not an
/// object is read as one with no members (a `wrong_type` issue), so items keep their positions;
/// a parameter whose list holds an item that is not a string is left out of `parameters`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct InvalidRequestError {
    /// `message`.
    pub message: Option<String>,
    /// `parameters`: each parameter's name and its values (a map of name to array of strings).
    pub parameters: Option<Vec<(String, Vec<String>)>>,
    /// The other members of the item.
    pub extra: Extra,
}

/// The documented sub-shapes of a Problem (document A §7), by `type` suffix. A member is `None`
/// when absent or of the wrong type (an issue says which); a member whose type the spec does not
/// give is kept as the JSON value written. Values outside a documented list are kept (and
/// reported `not_in_enum`).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// `about:blank`, a `type` with no documented suffix, or no `type`.
    Generic,
    /// `client-disconnected`.
    ClientDisconnected,
    /// `client-forbidden`.
    ClientForbidden {
        /// `reason` ([`CLIENT_FORBIDDEN_REASONS`]).
        reason: Option<String>,
        /// `registration_url` (a URI).
        registration_url: Option<String>,
    },
    /// `conflict`: a job is already in progress.
    Conflict,
    /// `disallowed-resource` (all required).
    DisallowedResource {
        /// `resource_id`.
        resource_id: Option<Value<'static>>,
        /// `resource_type` ([`RESOURCE_TYPES`]).
        resource_type: Option<String>,
        /// `section` ([`SECTIONS`]).
        section: Option<String>,
    },
    /// `duplicate-rules`.
    DuplicateRules {
        /// `id`.
        id: Option<Value<'static>>,
        /// `value`.
        value: Option<Value<'static>>,
    },
    /// `invalid-request`.
    InvalidRequest {
        /// `errors`.
        errors: Option<Vec<InvalidRequestError>>,
    },
    /// `invalid-rules`.
    InvalidRules,
    /// `noncompliant-rules`.
    NoncompliantRules,
    /// `not-authorized-for-field` (required).
    NotAuthorizedForField {
        /// `field`.
        field: Option<Value<'static>>,
        /// `resource_type` ([`RESOURCE_TYPES`]).
        resource_type: Option<String>,
        /// `section` ([`SECTIONS`]).
        section: Option<String>,
    },
    /// `not-authorized-for-resource` (required).
    NotAuthorizedForResource {
        /// `value`.
        value: Option<Value<'static>>,
        /// `resource_id`.
        resource_id: Option<Value<'static>>,
        /// `resource_type` ([`RESOURCE_TYPES`]).
        resource_type: Option<String>,
        /// `section` ([`SECTIONS`]).
        section: Option<String>,
        /// `parameter`.
        parameter: Option<String>,
    },
    /// `operational-disconnect`.
    OperationalDisconnect {
        /// `disconnect_type` ([`DISCONNECT_TYPES`]).
        disconnect_type: Option<String>,
    },
    /// `resource-not-found` (all required).
    ResourceNotFound {
        /// `parameter` (at least [`PARAMETER_MIN_LENGTH`] character).
        parameter: Option<String>,
        /// `value`.
        value: Option<Value<'static>>,
        /// `resource_id`.
        resource_id: Option<Value<'static>>,
        /// `resource_type` ([`NOT_FOUND_RESOURCE_TYPES`]).
        resource_type: Option<String>,
    },
    /// `resource-unavailable` (required).
    ResourceUnavailable {
        /// `parameter`.
        parameter: Option<String>,
        /// `resource_id`.
        resource_id: Option<Value<'static>>,
        /// `resource_type` ([`RESOURCE_TYPES`]).
        resource_type: Option<String>,
    },
    /// `rule-cap`.
    RuleCap,
    /// `streaming-connection`.
    StreamingConnection {
        /// `connection_issue` ([`CONNECTION_ISSUES`]).
        connection_issue: Option<String>,
    },
    /// `unsupported-authentication`.
    UnsupportedAuthentication,
    /// `usage-capped`.
    UsageCapped {
        /// `period` ([`USAGE_PERIODS`]).
        period: Option<String>,
        /// `scope` ([`USAGE_SCOPES`]).
        scope: Option<String>,
    },
}

/// One item of an `errors` array: a Problem when it has `type` or `title`, else an Error.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorItem {
    /// An Error object.
    Error(ErrorObject),
    /// A Problem.
    Problem(Problem),
}

/// An error body, by its shape.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorBody {
    /// A Problem (`application/problem+json`).
    Problem(Problem),
    /// An Error object (`application/json`).
    Error(ErrorObject),
    /// `{"errors": [...]}`: a list of Errors or Problems.
    Errors(Vec<ErrorItem>),
    /// JSON of neither shape (an issue at `""` says why).
    Unknown,
}

impl ErrorBody {
    /// The shape's name, as written in results: `problem`, `error`, `errors`, `unknown`.
    pub fn shape(&self) -> &'static str {
        match self {
            ErrorBody::Problem(_) => "problem",
            ErrorBody::Error(_) => "error",
            ErrorBody::Errors(_) => "errors",
            ErrorBody::Unknown => "unknown",
        }
    }
}

/// An error body as read: the body and the issues it breaks.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ErrorBodyRead {
    /// The body.
    pub body: ErrorBody,
    /// Every documented rule the body breaks, in reading order.
    pub issues: Vec<Issue>,
}

/// What the `Content-Type` of an error body names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Media {
    None,
    Problem,
    Error,
    Other,
}

/// The media type of `content_type`, its parameters dropped, compared without case.
fn media(content_type: Option<&str>) -> Media {
    let Some(text) = content_type else {
        return Media::None;
    };
    let essence = text.split(';').next().unwrap_or("").trim();
    if essence.is_empty() {
        Media::None
    } else if essence.eq_ignore_ascii_case(PROBLEM_MEDIA_TYPE) {
        Media::Problem
    } else if essence.eq_ignore_ascii_case(ERROR_MEDIA_TYPE) {
        Media::Error
    } else {
        Media::Other
    }
}

/// Reads an error body: `text` the body as received, `content_type` its `Content-Type` header,
/// `status` the HTTP status it came with (module docs: how the shape is decided).
///
/// Fails only when `text` is not JSON (`invalid_json`, `too_deep`, `input_too_large`).
///
/// ```
/// use preflight::answers::problem::{read_error_body, ErrorBody, ProblemKind};
///
/// let text = r#"{"type":"https://api.example.com/2/problems/usage-capped",
///                "title":"Usage capped","period":"Monthly","scope":"Product"}"#;
/// let read = read_error_body(text, Some("application/problem+json"), Some(429)).unwrap();
/// let ErrorBody::Problem(problem) = read.body else { panic!() };
/// assert!(matches!(problem.kind, ProblemKind::UsageCapped { .. }));
/// assert!(read.issues.is_empty());
/// ```
pub fn read_error_body(
    text: &str,
    content_type: Option<&str>,
    status: Option<u16>,
) -> Result<ErrorBodyRead, Error> {
    let doc = parse_answer(text)?;
    let mut issues = Vec::new();
    let root = Pointer::root();
    let media = media(content_type);
    let Value::Object(object) = &doc else {
        issues.push(wrong_type(&root, "object", &doc));
        return Ok(ErrorBodyRead {
            body: ErrorBody::Unknown,
            issues,
        });
    };
    let has = |name: &str| object.contains_key(name);
    let shape = if has("type") || has("title") {
        Some(Media::Problem)
    } else if has("code") || has("message") {
        Some(Media::Error)
    } else if object.get("errors").is_some_and(|e| e.as_array().is_some()) {
        None
    } else {
        match media {
            Media::Problem | Media::Error => Some(media),
            Media::None | Media::Other => {
                issues.push(Issue::new(
                    "",
                    Code::UnknownBodyShape,
                    Severity::Error,
                    "the body is neither an Error ({code, message}) nor a Problem ({type, title}) nor an errors array, and no content type says which it is",
                    Params::new(),
                ));
                return Ok(ErrorBodyRead {
                    body: ErrorBody::Unknown,
                    issues,
                });
            }
        }
    };
    let read_as = match shape {
        Some(Media::Problem) => "problem",
        Some(_) => "error",
        None => "errors",
    };
    let agrees = match media {
        Media::None => true,
        Media::Problem => shape == Some(Media::Problem),
        Media::Error => shape != Some(Media::Problem),
        Media::Other => false,
    };
    if !agrees {
        let named = match media {
            Media::Problem => PROBLEM_MEDIA_TYPE,
            Media::Error => ERROR_MEDIA_TYPE,
            _ => "other",
        };
        issues.push(Issue::new(
            "",
            Code::ContentTypeMismatch,
            Severity::Warning,
            "the content type does not name the shape of the body; the body is read by its shape",
            Params::new()
                .with("media_type", named)
                .with("read_as", read_as),
        ));
    }
    duplicate_keys(object, &root, &mut issues);
    let body = match shape {
        Some(Media::Problem) => {
            ErrorBody::Problem(read_problem(object, &root, status, &mut issues))
        }
        Some(_) => ErrorBody::Error(read_error(object, &root, status, &mut issues)),
        None => {
            let at = root.key("errors");
            let items = object
                .get("errors")
                .and_then(Value::as_array)
                .unwrap_or_default();
            let mut read = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let at = at.index(i);
                read.push(read_item(item, &at, status, &mut issues));
            }
            ErrorBody::Errors(read)
        }
    };
    Ok(ErrorBodyRead { body, issues })
}

/// One item of an `errors` array (of an error body, or of a list response, document A §2 "List
/// response": `errors`, an array of Problem): a Problem when it has `type` or `title`, else an
/// Error; `None` for an item that is not an object (a `wrong_type` issue at `at`). Issues are
/// pushed onto `issues`; `status` is the HTTP status, if known.
pub fn read_error_item(
    item: &Value<'_>,
    at: &Pointer<'_>,
    status: Option<u16>,
    issues: &mut Vec<Issue>,
) -> Option<ErrorItem> {
    let Value::Object(object) = item else {
        issues.push(wrong_type(at, "object", item));
        return None;
    };
    duplicate_keys(object, at, issues);
    Some(
        if object.contains_key("type") || object.contains_key("title") {
            ErrorItem::Problem(read_problem(object, at, status, issues))
        } else {
            ErrorItem::Error(read_error(object, at, status, issues))
        },
    )
}

fn read_item(
    item: &Value<'_>,
    at: &Pointer<'_>,
    status: Option<u16>,
    issues: &mut Vec<Issue>,
) -> ErrorItem {
    read_error_item(item, at, status, issues).unwrap_or_else(|| {
        ErrorItem::Error(ErrorObject {
            code: None,
            message: None,
            meaning: None,
            extra: Vec::new(),
        })
    })
}

/// Reads an Error object's members.
fn read_error(
    object: &Object<'_>,
    at: &Pointer<'_>,
    status: Option<u16>,
    issues: &mut Vec<Issue>,
) -> ErrorObject {
    let code_at = at.key("code");
    let code = match object.get("code") {
        None => {
            issues.push(required(&code_at, "code"));
            None
        }
        Some(v) => integer(v, &code_at, issues).and_then(|n| {
            let (min, max) = ERROR_CODE_RANGE;
            match i32::try_from(n) {
                Ok(n) => Some(n),
                Err(_) => {
                    issues.push(
                        IssueKind::OutOfRange {
                            actual: Some(n),
                            min: Some(min),
                            max: Some(max),
                        }
                        .issue(code_at.to_string(), Severity::Error),
                    );
                    None
                }
            }
        }),
    };
    let message = required_string(object, at, "message", issues);
    let meaning = code.and_then(|c| Meaning::of(i64::from(c)));
    if let (Some(code), Some(actual)) = (code, status) {
        let documented = CODE_MEANINGS
            .iter()
            .find(|(c, _, _)| *c == i64::from(code))
            .and_then(|(_, _, s)| *s);
        if let Some(expected) = documented.filter(|s| *s != actual) {
            issues.push(Issue::new(
                code_at.to_string(),
                Code::StatusMismatch,
                Severity::Warning,
                "the spec documents this error code with another HTTP status",
                Params::new()
                    .with("expected", expected)
                    .with("actual", actual),
            ));
        }
    }
    ErrorObject {
        code,
        message,
        meaning,
        extra: extra(object, &["code", "message"]),
    }
}

/// The documented suffix of a Problem `type` (module docs): the text after its last `/`, if
/// that is one of [`SUFFIXES`]; `None` for `about:blank`, a `type` without `/`, or another
/// suffix.
pub fn suffix_of(type_: &str) -> Option<&'static str> {
    let (_, last) = type_.rsplit_once('/')?;
    SUFFIXES.iter().copied().find(|s| *s == last)
}

/// What a member of a sub-shape holds.
#[derive(Clone, Copy)]
enum Ty {
    /// Any JSON value (the spec gives no type).
    Any,
    /// A string.
    Str,
    /// A string of at least this many characters.
    MinLen(usize),
    /// A URI (`scheme:...`).
    Uri,
    /// One of a documented list.
    OneOf(&'static [&'static str]),
    /// `invalid-request`'s `errors`.
    Errors,
}

/// A sub-shape's members: name, type, required.
type Members = &'static [(&'static str, Ty, bool)];

/// The members of each documented suffix (document A §7), in [`SUFFIXES`]'s order.
const SHAPES: &[Members] = &[
    &[],
    &[
        ("reason", Ty::OneOf(CLIENT_FORBIDDEN_REASONS), false),
        ("registration_url", Ty::Uri, false),
    ],
    &[],
    &[
        ("resource_id", Ty::Any, true),
        ("resource_type", Ty::OneOf(RESOURCE_TYPES), true),
        ("section", Ty::OneOf(SECTIONS), true),
    ],
    &[("id", Ty::Any, false), ("value", Ty::Any, false)],
    &[("errors", Ty::Errors, false)],
    &[],
    &[],
    &[
        ("field", Ty::Any, true),
        ("resource_type", Ty::OneOf(RESOURCE_TYPES), true),
        ("section", Ty::OneOf(SECTIONS), true),
    ],
    &[
        ("value", Ty::Any, true),
        ("resource_id", Ty::Any, true),
        ("resource_type", Ty::OneOf(RESOURCE_TYPES), true),
        ("section", Ty::OneOf(SECTIONS), true),
        ("parameter", Ty::Str, true),
    ],
    &[("disconnect_type", Ty::OneOf(DISCONNECT_TYPES), false)],
    &[
        ("parameter", Ty::MinLen(PARAMETER_MIN_LENGTH), true),
        ("value", Ty::Any, true),
        ("resource_id", Ty::Any, true),
        ("resource_type", Ty::OneOf(NOT_FOUND_RESOURCE_TYPES), true),
    ],
    &[
        ("parameter", Ty::Str, true),
        ("resource_id", Ty::Any, true),
        ("resource_type", Ty::OneOf(RESOURCE_TYPES), true),
    ],
    &[],
    &[("connection_issue", Ty::OneOf(CONNECTION_ISSUES), false)],
    &[],
    &[
        ("period", Ty::OneOf(USAGE_PERIODS), false),
        ("scope", Ty::OneOf(USAGE_SCOPES), false),
    ],
];

/// The members of a documented suffix.
fn members_of(suffix: Option<&str>) -> Members {
    suffix
        .and_then(|s| SUFFIXES.iter().position(|x| *x == s))
        .and_then(|i| SHAPES.get(i).copied())
        .unwrap_or(&[])
}

/// A member of a sub-shape as read.
enum Read {
    Absent,
    Value(Value<'static>),
    Errors(Vec<InvalidRequestError>),
}

/// Reads a Problem's members.
fn read_problem(
    object: &Object<'_>,
    at: &Pointer<'_>,
    status: Option<u16>,
    issues: &mut Vec<Issue>,
) -> Problem {
    let type_ = required_string(object, at, "type", issues);
    let title = required_string(object, at, "title", issues);
    let detail = optional_string(object, at, "detail", issues);
    let status_at = at.key("status");
    let member_status = object
        .get("status")
        .and_then(|v| integer(v, &status_at, issues));
    if let (Some(actual), Some(expected)) = (member_status, status) {
        if actual != i64::from(expected) {
            issues.push(Issue::new(
                status_at.to_string(),
                Code::StatusMismatch,
                Severity::Warning,
                "the Problem's status differs from the HTTP status it came with",
                Params::new()
                    .with("expected", expected)
                    .with("actual", actual),
            ));
        }
    }
    let suffix = type_.as_deref().and_then(suffix_of);
    let members = members_of(suffix);
    let mut read: Vec<Read> = Vec::with_capacity(members.len());
    for &(name, ty, needed) in members {
        let member_at = at.key(name);
        read.push(read_member(
            object.get(name),
            &member_at,
            name,
            ty,
            needed,
            issues,
        ));
    }
    let mut known: Vec<&str> = vec!["type", "title", "detail", "status"];
    known.extend(members.iter().map(|(n, _, _)| *n));
    Problem {
        type_,
        title,
        detail,
        status: member_status,
        kind: kind_of(suffix, read),
        extra: extra(object, &known),
    }
}

/// Reads one member of a sub-shape, reporting what it breaks.
fn read_member(
    value: Option<&Value<'_>>,
    at: &Pointer<'_>,
    name: &'static str,
    ty: Ty,
    needed: bool,
    issues: &mut Vec<Issue>,
) -> Read {
    let Some(value) = value else {
        if needed {
            issues.push(required(at, name));
        }
        return Read::Absent;
    };
    let text = match ty {
        Ty::Any => return Read::Value(value.clone().into_owned()),
        Ty::Errors => {
            return match read_invalid_request_errors(value, at, issues) {
                Some(errors) => Read::Errors(errors),
                None => Read::Absent,
            }
        }
        Ty::Str | Ty::MinLen(_) | Ty::Uri | Ty::OneOf(_) => match value.as_str() {
            Some(text) => text,
            None => {
                issues.push(wrong_type(at, "string", value));
                return Read::Absent;
            }
        },
    };
    let path = || at.to_string();
    match ty {
        Ty::MinLen(min) => {
            let actual = text.chars().count();
            if actual < min {
                issues.push(IssueKind::TooShort { min, actual }.issue(path(), Severity::Error));
            }
        }
        Ty::Uri if !is_uri(text) => issues.push(
            IssueKind::InvalidFormat {
                message: "must be a URI (a scheme, then ':')",
                pattern: "uri",
            }
            .issue(path(), Severity::Error),
        ),
        Ty::OneOf(allowed) if !allowed.contains(&text) => issues.push(
            IssueKind::Check(CheckIssue::NotInEnum {
                allowed: Allowed::Names(allowed),
            })
            .issue(path(), Severity::Error),
        ),
        _ => {}
    }
    Read::Value(Value::String(text.to_owned().into()))
}

/// Whether `text` starts with an RFC 3986 scheme and `:` (`ALPHA *( ALPHA / DIGIT / "+" / "-"
/// / "." ) ":"`) and holds no space or control character.
fn is_uri(text: &str) -> bool {
    let Some((scheme, _)) = text.split_once(':') else {
        return false;
    };
    let mut bytes = scheme.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        && !text.bytes().any(|b| b <= b' ' || b == 0x7f)
}

/// `invalid-request`'s `errors`: an array of `{message, parameters}`, `parameters` a map of
/// name to array of strings.
fn read_invalid_request_errors(
    value: &Value<'_>,
    at: &Pointer<'_>,
    issues: &mut Vec<Issue>,
) -> Option<Vec<InvalidRequestError>> {
    let Some(items) = value.as_array() else {
        issues.push(wrong_type(at, "array", value));
        return None;
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let item_at = at.index(i);
        let Value::Object(object) = item else {
            // Kept as an empty item, so that the items keep their positions.
            issues.push(wrong_type(&item_at, "object", item));
            out.push(InvalidRequestError {
                message: None,
                parameters: None,
                extra: Vec::new(),
            });
            continue;
        };
        duplicate_keys(object, &item_at, issues);
        let message = optional_string(object, &item_at, "message", issues);
        let parameters_at = item_at.key("parameters");
        let parameters = match object.get("parameters") {
            None => None,
            Some(Value::Object(map)) => {
                duplicate_keys(map, &parameters_at, issues);
                let mut params = Vec::with_capacity(map.len());
                for (name, values) in map.iter() {
                    let name_at = parameters_at.key(name);
                    let Some(list) = values.as_array() else {
                        issues.push(wrong_type(&name_at, "array", values));
                        continue;
                    };
                    let mut texts = Vec::with_capacity(list.len());
                    for (j, v) in list.iter().enumerate() {
                        match v.as_str() {
                            Some(t) => texts.push(t.to_owned()),
                            None => issues.push(wrong_type(&name_at.index(j), "string", v)),
                        }
                    }
                    // A list with an item that is no string is left out whole (its issues say
                    // where), never shortened.
                    if texts.len() == list.len() {
                        params.push((name.to_owned(), texts));
                    }
                }
                Some(params)
            }
            Some(other) => {
                issues.push(wrong_type(&parameters_at, "object", other));
                None
            }
        };
        out.push(InvalidRequestError {
            message,
            parameters,
            extra: extra(object, &["message", "parameters"]),
        });
    }
    Some(out)
}

/// The typed sub-shape of `suffix` from its members as read, in [`SHAPES`]'s order.
fn kind_of(suffix: Option<&str>, read: Vec<Read>) -> ProblemKind {
    let mut read = read.into_iter();
    let mut any = || match read.next() {
        Some(Read::Value(v)) => Some(v),
        _ => None,
    };
    fn text(v: Option<Value<'static>>) -> Option<String> {
        match v {
            Some(Value::String(s)) => Some(s.into_owned()),
            _ => None,
        }
    }
    match suffix {
        Some("client-disconnected") => ProblemKind::ClientDisconnected,
        Some("client-forbidden") => ProblemKind::ClientForbidden {
            reason: text(any()),
            registration_url: text(any()),
        },
        Some("conflict") => ProblemKind::Conflict,
        Some("disallowed-resource") => ProblemKind::DisallowedResource {
            resource_id: any(),
            resource_type: text(any()),
            section: text(any()),
        },
        Some("duplicate-rules") => ProblemKind::DuplicateRules {
            id: any(),
            value: any(),
        },
        Some("invalid-request") => ProblemKind::InvalidRequest {
            errors: match read.next() {
                Some(Read::Errors(errors)) => Some(errors),
                _ => None,
            },
        },
        Some("invalid-rules") => ProblemKind::InvalidRules,
        Some("noncompliant-rules") => ProblemKind::NoncompliantRules,
        Some("not-authorized-for-field") => ProblemKind::NotAuthorizedForField {
            field: any(),
            resource_type: text(any()),
            section: text(any()),
        },
        Some("not-authorized-for-resource") => ProblemKind::NotAuthorizedForResource {
            value: any(),
            resource_id: any(),
            resource_type: text(any()),
            section: text(any()),
            parameter: text(any()),
        },
        Some("operational-disconnect") => ProblemKind::OperationalDisconnect {
            disconnect_type: text(any()),
        },
        Some("resource-not-found") => ProblemKind::ResourceNotFound {
            parameter: text(any()),
            value: any(),
            resource_id: any(),
            resource_type: text(any()),
        },
        Some("resource-unavailable") => ProblemKind::ResourceUnavailable {
            parameter: text(any()),
            resource_id: any(),
            resource_type: text(any()),
        },
        Some("rule-cap") => ProblemKind::RuleCap,
        Some("streaming-connection") => ProblemKind::StreamingConnection {
            connection_issue: text(any()),
        },
        Some("unsupported-authentication") => ProblemKind::UnsupportedAuthentication,
        Some("usage-capped") => ProblemKind::UsageCapped {
            period: text(any()),
            scope: text(any()),
        },
        _ => ProblemKind::Generic,
    }
}

impl ProblemKind {
    /// The documented suffix of this sub-shape (`None` for [`ProblemKind::Generic`]).
    pub fn suffix(&self) -> Option<&'static str> {
        Some(match self {
            ProblemKind::Generic => return None,
            ProblemKind::ClientDisconnected => "client-disconnected",
            ProblemKind::ClientForbidden { .. } => "client-forbidden",
            ProblemKind::Conflict => "conflict",
            ProblemKind::DisallowedResource { .. } => "disallowed-resource",
            ProblemKind::DuplicateRules { .. } => "duplicate-rules",
            ProblemKind::InvalidRequest { .. } => "invalid-request",
            ProblemKind::InvalidRules => "invalid-rules",
            ProblemKind::NoncompliantRules => "noncompliant-rules",
            ProblemKind::NotAuthorizedForField { .. } => "not-authorized-for-field",
            ProblemKind::NotAuthorizedForResource { .. } => "not-authorized-for-resource",
            ProblemKind::OperationalDisconnect { .. } => "operational-disconnect",
            ProblemKind::ResourceNotFound { .. } => "resource-not-found",
            ProblemKind::ResourceUnavailable { .. } => "resource-unavailable",
            ProblemKind::RuleCap => "rule-cap",
            ProblemKind::StreamingConnection { .. } => "streaming-connection",
            ProblemKind::UnsupportedAuthentication => "unsupported-authentication",
            ProblemKind::UsageCapped { .. } => "usage-capped",
        })
    }

    /// The documented members, in the table's order: name and value (`None` when absent or of
    /// the wrong type). `invalid-request`'s `errors` is not among them ([`Self::errors`]).
    fn members(&self) -> Vec<(&'static str, Option<Value<'static>>)> {
        let s = |v: &Option<String>| v.clone().map(|t| Value::String(t.into()));
        match self {
            ProblemKind::ClientForbidden {
                reason,
                registration_url,
            } => vec![
                ("reason", s(reason)),
                ("registration_url", s(registration_url)),
            ],
            ProblemKind::DisallowedResource {
                resource_id,
                resource_type,
                section,
            } => vec![
                ("resource_id", resource_id.clone()),
                ("resource_type", s(resource_type)),
                ("section", s(section)),
            ],
            ProblemKind::DuplicateRules { id, value } => {
                vec![("id", id.clone()), ("value", value.clone())]
            }
            ProblemKind::NotAuthorizedForField {
                field,
                resource_type,
                section,
            } => vec![
                ("field", field.clone()),
                ("resource_type", s(resource_type)),
                ("section", s(section)),
            ],
            ProblemKind::NotAuthorizedForResource {
                value,
                resource_id,
                resource_type,
                section,
                parameter,
            } => vec![
                ("value", value.clone()),
                ("resource_id", resource_id.clone()),
                ("resource_type", s(resource_type)),
                ("section", s(section)),
                ("parameter", s(parameter)),
            ],
            ProblemKind::OperationalDisconnect { disconnect_type } => {
                vec![("disconnect_type", s(disconnect_type))]
            }
            ProblemKind::ResourceNotFound {
                parameter,
                value,
                resource_id,
                resource_type,
            } => vec![
                ("parameter", s(parameter)),
                ("value", value.clone()),
                ("resource_id", resource_id.clone()),
                ("resource_type", s(resource_type)),
            ],
            ProblemKind::ResourceUnavailable {
                parameter,
                resource_id,
                resource_type,
            } => vec![
                ("parameter", s(parameter)),
                ("resource_id", resource_id.clone()),
                ("resource_type", s(resource_type)),
            ],
            ProblemKind::StreamingConnection { connection_issue } => {
                vec![("connection_issue", s(connection_issue))]
            }
            ProblemKind::UsageCapped { period, scope } => {
                vec![("period", s(period)), ("scope", s(scope))]
            }
            _ => Vec::new(),
        }
    }
}

// --- small readers ---------------------------------------------------------------------------

/// `wrong_type` at `at`: `expected`, found `v`.
pub(super) fn wrong_type(at: &Pointer<'_>, expected: &str, v: &Value<'_>) -> Issue {
    IssueKind::WrongType {
        expected,
        actual: v.type_name(),
    }
    .issue(at.to_string(), Severity::Error)
}

/// `required` at `at`, for member `name`.
pub(super) fn required(at: &Pointer<'_>, name: &str) -> Issue {
    IssueKind::Check(CheckIssue::Required {
        field: name,
        message: "is required",
    })
    .issue(at.to_string(), Severity::Error)
}

/// `duplicate_key` for each name `object` writes more than once (the last value is read).
pub(super) fn duplicate_keys(object: &Object<'_>, at: &Pointer<'_>, issues: &mut Vec<Issue>) {
    for repeat in object.repeats_in_order() {
        issues.push(
            IssueKind::DuplicateKey {
                count: repeat.count,
                first_index: repeat.first_index,
            }
            .issue(at.key(repeat.name).to_string(), Severity::Error),
        );
    }
}

/// An integer member; `wrong_type` or `not_an_integer` otherwise.
fn integer(v: &Value<'_>, at: &Pointer<'_>, issues: &mut Vec<Issue>) -> Option<i64> {
    match v {
        Value::Number(Number::Int(n)) => Some(*n),
        Value::Number(Number::UInt(_) | Number::Big(_)) => {
            issues.push(
                IssueKind::OutOfRange {
                    actual: None,
                    min: Some(i64::MIN),
                    max: Some(i64::MAX),
                }
                .issue(at.to_string(), Severity::Error),
            );
            None
        }
        Value::Number(Number::Float(_)) => {
            issues.push(
                IssueKind::Check(CheckIssue::NotAnInteger {
                    message: "must be a whole number",
                })
                .issue(at.to_string(), Severity::Error),
            );
            None
        }
        other => {
            issues.push(wrong_type(at, "integer", other));
            None
        }
    }
}

/// A required string member.
pub(super) fn required_string(
    object: &Object<'_>,
    at: &Pointer<'_>,
    name: &str,
    issues: &mut Vec<Issue>,
) -> Option<String> {
    if object.get(name).is_none() {
        issues.push(required(&at.key(name), name));
        return None;
    }
    optional_string(object, at, name, issues)
}

/// An optional string member; `wrong_type` when not a string.
pub(super) fn optional_string(
    object: &Object<'_>,
    at: &Pointer<'_>,
    name: &str,
    issues: &mut Vec<Issue>,
) -> Option<String> {
    match object.get(name)? {
        Value::String(s) => Some(s.clone().into_owned()),
        other => {
            issues.push(wrong_type(&at.key(name), "string", other));
            None
        }
    }
}

/// The members of `object` not named in `known`, each once (the last of a repeated name, as
/// [`Object::get`] reads it), in the order of their first occurrence.
pub(super) fn extra(object: &Object<'_>, known: &[&str]) -> Extra {
    let mut out: Extra = Vec::new();
    for (name, _) in object.iter() {
        if known.contains(&name) || out.iter().any(|(n, _)| n == name) {
            continue;
        }
        if let Some(value) = object.get(name) {
            out.push((name.to_owned(), value.clone().into_owned()));
        }
    }
    out
}

// --- the written result ----------------------------------------------------------------------

/// Appends `"name":` and the string, or `null`.
pub(super) fn member_str(out: &mut String, name: &str, value: Option<&str>) {
    write::string(out, name);
    out.push(':');
    match value {
        Some(s) => write::string(out, s),
        None => out.push_str("null"),
    }
}

/// Appends an [`Extra`] as a JSON object.
pub(super) fn write_extra(out: &mut String, extra: &Extra) {
    out.push('{');
    for (i, (name, value)) in extra.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write::string(out, name);
        out.push(':');
        write::value(out, value);
    }
    out.push('}');
}

/// Appends an Error object: `{"shape":"error","code","message","meaning","extra"}`.
fn write_error(out: &mut String, e: &ErrorObject) {
    out.push_str("{\"shape\":\"error\",\"code\":");
    match e.code {
        Some(c) => write::int(out, i64::from(c)),
        None => out.push_str("null"),
    }
    out.push(',');
    member_str(out, "message", e.message.as_deref());
    out.push(',');
    member_str(out, "meaning", e.meaning.map(Meaning::name));
    out.push_str(",\"extra\":");
    write_extra(out, &e.extra);
    out.push('}');
}

/// Appends a Problem: `{"shape":"problem","type","suffix","title","detail","status","fields",
/// "extra"}`.
fn write_problem(out: &mut String, p: &Problem) {
    out.push_str("{\"shape\":\"problem\",");
    member_str(out, "type", p.type_.as_deref());
    out.push(',');
    member_str(out, "suffix", p.kind.suffix());
    out.push(',');
    member_str(out, "title", p.title.as_deref());
    out.push(',');
    member_str(out, "detail", p.detail.as_deref());
    out.push_str(",\"status\":");
    match p.status {
        Some(s) => write::int(out, s),
        None => out.push_str("null"),
    }
    out.push_str(",\"fields\":{");
    if let ProblemKind::InvalidRequest { errors } = &p.kind {
        out.push_str("\"errors\":");
        match errors {
            None => out.push_str("null"),
            Some(errors) => {
                out.push('[');
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('{');
                    member_str(out, "message", e.message.as_deref());
                    out.push_str(",\"parameters\":");
                    match &e.parameters {
                        None => out.push_str("null"),
                        Some(params) => {
                            out.push('{');
                            for (j, (name, values)) in params.iter().enumerate() {
                                if j > 0 {
                                    out.push(',');
                                }
                                write::string(out, name);
                                out.push_str(":[");
                                for (k, v) in values.iter().enumerate() {
                                    if k > 0 {
                                        out.push(',');
                                    }
                                    write::string(out, v);
                                }
                                out.push(']');
                            }
                            out.push('}');
                        }
                    }
                    out.push_str(",\"extra\":");
                    write_extra(out, &e.extra);
                    out.push('}');
                }
                out.push(']');
            }
        }
    }
    for (i, (name, value)) in p.kind.members().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write::string(out, name);
        out.push(':');
        match value {
            Some(v) => write::value(out, v),
            None => out.push_str("null"),
        }
    }
    out.push_str("},\"extra\":");
    write_extra(out, &p.extra);
    out.push('}');
}

/// Appends one item of an `errors` array.
fn write_item(out: &mut String, item: &ErrorItem) {
    match item {
        ErrorItem::Error(e) => write_error(out, e),
        ErrorItem::Problem(p) => write_problem(out, p),
    }
}

/// Appends `"issues":[...]`, as a report writes its issues.
pub(super) fn write_issues(out: &mut String, issues: &[Issue]) {
    out.push_str("\"issues\":");
    crate::report::write_issues(out, issues);
}

impl ErrorBodyRead {
    /// The result as JSON text: `{"shape","problem","error","errors","issues"}`, the member of
    /// the body's shape filled and the others `null` (docs/ANSWERS.md, "Error bodies").
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(256);
        out.push_str("{\"shape\":\"");
        out.push_str(self.body.shape());
        out.push_str("\",\"problem\":");
        match &self.body {
            ErrorBody::Problem(p) => write_problem(&mut out, p),
            _ => out.push_str("null"),
        }
        out.push_str(",\"error\":");
        match &self.body {
            ErrorBody::Error(e) => write_error(&mut out, e),
            _ => out.push_str("null"),
        }
        out.push_str(",\"errors\":");
        match &self.body {
            ErrorBody::Errors(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_item(&mut out, item);
                }
                out.push(']');
            }
            _ => out.push_str("null"),
        }
        out.push(',');
        write_issues(&mut out, &self.issues);
        out.push('}');
        out
    }
}

/// The call `error_body` `{text, content_type?, status?}`: `text` a string, `content_type` a
/// string or null, `status` an HTTP status (100 to 599) or null.
pub(super) fn call_error_body(args: &Object<'_>) -> Result<String, Error> {
    let text = super::text_member(args, "text")?;
    let content_type = match args.get("content_type") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_ref()),
        Some(_) => return Err(super::bad_arguments("content_type: not a string")),
    };
    let status = match args.get("status") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_i64()
                .and_then(|n| u16::try_from(n).ok())
                .filter(|n| HTTP_STATUS_RANGE.contains(n))
                .ok_or_else(|| super::bad_arguments("status: not an HTTP status (100 to 599)"))?,
        ),
    };
    Ok(read_error_body(text, content_type, status)?.to_json())
}

/// The HTTP statuses `error_body` takes as `status`.
pub const HTTP_STATUS_RANGE: std::ops::RangeInclusive<u16> = 100..=599;
