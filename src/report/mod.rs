//! The report: a flat, ordered list of issues, each with an RFC 6901 path and a stable code.
//!
//! An issue is data: `{path, code, message, severity, params}`. Codes are stable snake_case
//! strings (see [`Code`]); messages are for people and never carry a payload value, an audience
//! identifier or a secret. `params` carries the numbers and names a program needs.

use crate::json::write;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

mod params;
pub use params::{Param, Params};

/// How bad an issue is. `valid` is true when no issue is an `Error`. Serialized as `"error"` or
/// `"warning"` ([`Severity::name`]). `#[non_exhaustive]`: a level may be added (a report stays
/// valid unless an issue is an `Error`), so a `match` outside the crate needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Severity {
    /// The payload would be refused: the report is not `valid`.
    Error,
    /// Worth a look (an unknown member, a deprecated value, a rule skipped for a missing
    /// context fact), but the payload is acceptable.
    Warning,
}

impl Severity {
    /// The stable snake_case name, as serialized: `"error"`, `"warning"`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Defines [`Code`] from one list: variant, stable name, meaning.
macro_rules! codes {
    ($($(#[doc = $doc:literal])* $variant:ident => $name:literal,)*) => {
        /// Stable issue codes. The snake_case code ([`Code::code`], also the serde form) is the
        /// public contract; never rename one. Codes are added as rules grow, so a `match` needs a
        /// wildcard arm.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable snake_case code, as serialized (`"out_of_range"`, ...).
            pub fn code(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// The stable snake_case code: [`Code::code`], the name every code type of the
            /// crate uses.
            #[deprecated(since = "0.2.0", note = "use `Code::code`")]
            pub fn as_str(self) -> &'static str {
                self.code()
            }
        }
    };
}

codes! {
    // --- shape ---------------------------------------------------------------------------
    /// A required member is absent (or an empty string where a value is required).
    Required => "required",
    /// The value has the wrong JSON type (`params.expected`).
    WrongType => "wrong_type",
    /// A member the spec does not document (a warning).
    UnknownField => "unknown_field",
    /// A string is longer than the documented maximum (`params.max`, `params.actual`).
    TooLong => "too_long",
    /// A string is shorter than the documented minimum (`params.min`, `params.actual`).
    TooShort => "too_short",
    /// An array or list holds more items than documented (`params.max`, `params.actual`).
    TooManyItems => "too_many_items",
    /// An array or list holds fewer items than documented (`params.min`, `params.actual`).
    TooFewItems => "too_few_items",
    /// A serialized body is larger than the documented byte limit (`params.max`,
    /// `params.actual`, in bytes of compact JSON).
    TooLarge => "too_large",
    /// A value outside the documented set (`params.allowed`).
    NotInEnum => "not_in_enum",
    /// A number outside its documented range (`params.min` / `params.max`, `params.actual`).
    OutOfRange => "out_of_range",
    /// A number that must be a whole number is not (or a numeric string does not parse).
    NotAnInteger => "not_an_integer",
    /// Items that must be unique repeat.
    Duplicate => "duplicate",
    /// A member name written more than once in one object of JSON text (`params.count`,
    /// `params.first_index`); the last value is the one read.
    DuplicateKey => "duplicate_key",
    // --- combinations ----------------------------------------------------------------------
    /// One of several members must be present; none is (`params.fields`). Reported at the first
    /// of them (see `checks::needs`).
    OneOfRequired => "one_of_required",
    /// At most one of several members may be present; more are (`params.fields`).
    MutuallyExclusive => "mutually_exclusive",
    /// A member or value that is allowed only under a condition that does not hold.
    NotAllowed => "not_allowed",
    /// A member required because another is present is absent: reported at the missing member's
    /// pointer (`params.needs` names it, `params.required_by` the member that needs it).
    DependencyMissing => "dependency_missing",
    // --- formats ---------------------------------------------------------------------------
    /// Not a well-formed absolute http(s) URL.
    InvalidUrl => "invalid_url",
    /// A URL that must use https does not.
    UrlNotHttps => "url_not_https",
    /// Not an ISO 3166-1 alpha-2 country code.
    InvalidCountryCode => "invalid_country_code",
    /// Not an ISO 4217 currency code.
    InvalidCurrency => "invalid_currency",
    /// Not `<number> <ISO 4217 code>` with a `.` decimal point.
    InvalidPrice => "invalid_price",
    /// Not an ISO 8601 date-time of the form the rule requires (`params.format`).
    InvalidDateTime => "invalid_date_time",
    /// A date-time range that is malformed or ends before it starts.
    InvalidDateRange => "invalid_date_range",
    /// A value that does not match its documented pattern (`params.pattern`).
    InvalidFormat => "invalid_format",
    // --- context ---------------------------------------------------------------------------
    /// A rule was skipped because a fact outside the payload was not given (`params.fact`,
    /// `params.rules`). A warning, never an error.
    ContextMissing => "context_missing",
    // --- lifecycle -------------------------------------------------------------------------
    /// A value the spec names as deprecated. A warning, never an error; `params.replacement`
    /// names what replaces it (`null` when the spec names nothing).
    Deprecated => "deprecated",
    // --- the report ------------------------------------------------------------------------
    /// The last issue of a report that reached `max_issues`: how many more were found and left
    /// out (`params.omitted`, `params.omitted_errors`, `params.omitted_warnings`,
    /// `params.max_issues`), at `""`. An error when any issue left out is an error, a warning
    /// otherwise, so `valid` still counts every issue found.
    TooManyIssues => "too_many_issues",
    // --- answers ---------------------------------------------------------------------------
    /// A platform error body whose content type names the other documented shape (or neither):
    /// read by its shape (`params.read_as`, `params.media_type`), at `""`. A warning.
    ContentTypeMismatch => "content_type_mismatch",
    /// A status in a platform answer that differs from the HTTP status given with it, or from
    /// the status the spec documents for its error code (`params.expected`, `params.actual`).
    /// A warning.
    StatusMismatch => "status_mismatch",
    /// A platform error body that is a JSON object of neither documented shape (no `code` or
    /// `message` of an Error, no `type` or `title` of a Problem, no `errors` array) and whose
    /// content type does not say which it is.
    UnknownBodyShape => "unknown_body_shape",
    /// A batch answer's counts differ from each other or from what was sent (`params.sent`, and
    /// the counts read: `params.success_count`, `params.total_count` or `params.answered`).
    CountMismatch => "count_mismatch",
    /// A batch answer names an item that was not sent: an index past the operations sent, or a
    /// product id not in the request (`params.sent`, `params.index`).
    NotSent => "not_sent",
    /// An item that was sent has no item in the batch answer (`params.position`: its position
    /// in the request).
    NotAnswered => "not_answered",
    /// A batch answer item is matched to a sent item at another position (`params.position`:
    /// the sent item's position). A warning: the item is read by its id.
    PositionMismatch => "position_mismatch",
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// Reads a code's stable snake_case name; any other string is an error.
impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Code::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format_args!("unknown issue code `{name}`")))
    }
}

impl Code {
    /// The code whose stable name is `name` (`"too_long"`), if any.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.code() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An RFC 6901 JSON Pointer, built segment by segment (`""` is the whole payload).
///
/// Building one costs nothing: a pointer is a segment and a reference to its parent, on the
/// stack of the rule that walks the payload, borrowing the member name. The RFC 6901 text is
/// written only when an issue is reported (`Display`), escaping `~` as
/// `~0` and `/` as `~1`.
#[derive(Clone, Copy, Debug)]
pub struct Pointer<'a> {
    parent: Option<&'a Pointer<'a>>,
    segment: Segment<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Segment<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

impl Pointer<'static> {
    /// The pointer to the whole document, `""`.
    pub fn root() -> Self {
        Pointer {
            parent: None,
            segment: Segment::Root,
        }
    }
}

impl<'a> Pointer<'a> {
    /// The pointer to member `name` of the object this points to.
    pub fn key<'b>(&'b self, name: &'b str) -> Pointer<'b> {
        Pointer {
            parent: Some(self),
            segment: Segment::Key(name),
        }
    }

    /// The pointer to item `index` of the array this points to.
    pub fn index(&self, index: usize) -> Pointer<'_> {
        Pointer {
            parent: Some(self),
            segment: Segment::Index(index),
        }
    }

    /// How many segments deep this points: 0 for the whole payload, 1 for one of its members
    /// or items.
    pub fn depth(&self) -> usize {
        let mut depth = 0;
        let mut at = self;
        while let Some(parent) = at.parent {
            depth += 1;
            at = parent;
        }
        depth
    }

    /// Writes the RFC 6901 text. Recursion follows the parents: a pointer is only as deep as
    /// the rule that walks the payload goes, a few levels.
    fn write_rfc6901<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        if let Some(parent) = self.parent {
            parent.write_rfc6901(out)?;
        }
        match self.segment {
            Segment::Root => Ok(()),
            Segment::Key(name) => {
                out.write_char('/')?;
                let mut rest = name;
                while let Some(i) = rest.find(['~', '/']) {
                    out.write_str(&rest[..i])?;
                    out.write_str(if rest.as_bytes()[i] == b'~' {
                        "~0"
                    } else {
                        "~1"
                    })?;
                    rest = &rest[i + 1..];
                }
                out.write_str(rest)
            }
            Segment::Index(i) => write!(out, "/{i}"),
        }
    }
}

impl fmt::Display for Pointer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_rfc6901(f)
    }
}

/// Pointers are equal when their RFC 6901 texts are (`/3` is item 3 or member `"3"`).
impl PartialEq for Pointer<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Pointer<'_> {}

/// One problem found in a payload: `{path, code, message, severity, params}` in JSON (serde
/// writes and reads exactly that).
///
/// More members may be added in a minor release (`#[non_exhaustive]`): read the fields, and
/// build one (say, for a test of code that consumes reports) with [`Issue::new`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Issue {
    /// RFC 6901 pointer into the payload; a missing member is reported where it would be.
    pub path: String,
    /// What is wrong, as a stable code.
    pub code: Code,
    /// For people. Never contains a payload value, an identifier or a secret.
    pub message: String,
    /// Whether the issue makes the payload invalid.
    pub severity: Severity,
    /// Machine-readable details (`max`, `actual`, `allowed`, `fact`, ...). Keys are sorted.
    pub params: Params,
}

impl Issue {
    /// An issue with every field given.
    pub fn new(
        path: impl Into<String>,
        code: Code,
        severity: Severity,
        message: impl Into<String>,
        params: Params,
    ) -> Self {
        Issue {
            path: path.into(),
            code,
            message: message.into(),
            severity,
            params,
        }
    }
}

/// The result of validating one payload: `{"valid": ..., "issues": [...]}` in JSON. `valid` is
/// true when no issue is an error.
///
/// Serde writes that form ([`Report::to_json`] is the compact text every binding returns) and
/// reads it back; reading refuses a report whose `valid` disagrees with its issues, so a
/// deserialized report never claims a validity its issues deny.
///
/// More members may be added in a minor release (`#[non_exhaustive]`): build one with
/// [`Report::from_issues`], which computes `valid`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ReportData")]
#[non_exhaustive]
pub struct Report {
    /// True when no issue is an [`Severity::Error`].
    pub valid: bool,
    /// Every issue found, in a fixed order (at most `max_issues`, then one `too_many_issues`).
    pub issues: Vec<Issue>,
}

/// A report as read, before `valid` is checked against its issues.
#[derive(Deserialize)]
struct ReportData {
    valid: bool,
    issues: Vec<Issue>,
}

impl TryFrom<ReportData> for Report {
    type Error = String;

    fn try_from(data: ReportData) -> Result<Self, String> {
        let report = Report::from_issues(data.issues);
        if report.valid != data.valid {
            return Err(format!(
                "the report says valid: {}, but {} of its issues are errors",
                data.valid,
                report.errors().count()
            ));
        }
        Ok(report)
    }
}

impl Report {
    /// The report of `issues`: `valid` when none of them is an error.
    pub fn from_issues(issues: Vec<Issue>) -> Self {
        let valid = !issues.iter().any(|i| i.severity == Severity::Error);
        Report { valid, issues }
    }

    /// The issues whose severity is [`Severity::Error`].
    pub fn errors(&self) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(|i| i.severity == Severity::Error)
    }

    /// The report as compact JSON text, exactly as every binding returns it (and as serde
    /// writes it): written by hand, so that no build needs serde_json's serializer for it.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(32 + 160 * self.issues.len());
        out.push_str(if self.valid {
            "{\"valid\":true,\"issues\":"
        } else {
            "{\"valid\":false,\"issues\":"
        });
        write_issues(&mut out, &self.issues);
        out.push('}');
        out
    }
}

/// Appends `issues` as the JSON array a report's `issues` member is (`[{path, code, message,
/// severity, params}, ...]`): what [`Report::to_json`] writes, and the answer readers' `issues`.
pub(crate) fn write_issues(out: &mut String, issues: &[Issue]) {
    out.push('[');
    for (i, issue) in issues.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"path\":");
        write::string(out, &issue.path);
        out.push_str(",\"code\":\"");
        out.push_str(issue.code.code());
        out.push_str("\",\"message\":");
        write::string(out, &issue.message);
        out.push_str(match issue.severity {
            Severity::Error => ",\"severity\":\"error\",\"params\":",
            Severity::Warning => ",\"severity\":\"warning\",\"params\":",
        });
        issue.params.write_json(out);
        out.push('}');
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_escapes_per_rfc_6901() {
        let root = Pointer::root();
        let a = root.key("a/b");
        let m = a.key("m~n");
        assert_eq!(m.index(3).to_string(), "/a~1b/m~0n/3");
        assert_eq!(root.to_string(), "");
        assert_eq!(root.key("").to_string(), "/");
        assert_eq!(root.key("~~//~1").to_string(), "/~0~0~1~1~01");
        assert_eq!(root.key("é/ü").index(0).key("x").to_string(), "/é~1ü/0/x");
        assert_eq!(root.index(3), root.key("3"));
        assert_ne!(root.key("a"), root.key("b"));
        assert_eq!(root.depth(), 0);
        assert_eq!(root.key("a").depth(), 1);
        assert_eq!(m.index(3).depth(), 3);
    }

    #[test]
    fn code_names_are_unique_snake_case() {
        let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.code()).collect();
        assert!(names
            .iter()
            .all(|n| n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
        assert_eq!(
            serde_json::to_string(&Code::TooLong).ok().as_deref(),
            Some("\"too_long\"")
        );
    }

    #[test]
    fn valid_ignores_warnings() {
        let w = Issue {
            path: String::new(),
            code: Code::UnknownField,
            message: String::new(),
            severity: Severity::Warning,
            params: Params::new(),
        };
        assert!(Report::from_issues(vec![w.clone()]).valid);
        let e = Issue {
            severity: Severity::Error,
            ..w
        };
        assert!(!Report::from_issues(vec![e]).valid);
    }
}
