//! Issues of the shared value checks (`src/checks/`: required members and the needs between
//! members, closed value sets, integers, prices, GTINs, URLs, date ranges), each variant carrying
//! its parameters.

use crate::report::{Code, Params};
use std::fmt::Display;

/// The most values a `not_in_enum` message lists; a longer set is named by its size, and its
/// values are in `params.allowed` (and in `describe(kind)`). A report may hold a thousand of
/// these issues: a set of 22 feature keys written out in every message doubled each one.
pub const MESSAGE_MAX_VALUES: usize = 10;

/// "one of: A, B" for a short set; "one of the N documented values (params.allowed)" for a
/// set of more than [`MESSAGE_MAX_VALUES`]. Never a payload value.
pub fn one_of_text<T: Display>(allowed: &[T]) -> String {
    if allowed.len() > MESSAGE_MAX_VALUES {
        return format!(
            "one of the {} documented values (listed in params.allowed)",
            allowed.len()
        );
    }
    let list: Vec<String> = allowed.iter().map(T::to_string).collect();
    format!("one of: {}", list.join(", "))
}

/// Reported in `params.pattern` of an `invalid_gtin` issue.
pub const GTIN_PATTERN: &str = "gtin";

/// Why a string is not a GTIN of the kinds the spec names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtinError {
    /// Not 8, 12 or 13 digits, nor 10 characters of an ISBN-10.
    Format,
    /// The right shape, but the check digit does not match.
    CheckDigit,
}

/// Why a string is not a well-formed absolute http(s) URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlError {
    /// No `scheme://`, or a scheme other than http/https.
    Scheme,
    /// Empty or malformed host.
    Host,
    /// Malformed port.
    Port,
    /// A character that is not allowed (space, control, `<>"{}|\^` and backtick) or a bad `%`.
    Character,
}

pub fn url_message(e: UrlError) -> &'static str {
    match e {
        UrlError::Scheme => "must be an absolute URL starting with http:// or https://",
        UrlError::Host => "must be a URL with a valid host name or address",
        UrlError::Port => "must be a URL whose port, if any, is a number from 1 to 65535",
        UrlError::Character => {
            "must be a well-formed URL (no spaces or disallowed characters; '%' must start a %XX escape)"
        }
    }
}

/// A closed value set, as the spec writes it.
#[derive(Clone, Copy, Debug)]
pub enum Allowed<'a> {
    /// Names (`"DAILY"`, ...).
    Names(&'a [&'a str]),
    /// Integers (`1, 7, 30`).
    Ints(&'a [i64]),
}

/// An issue of a shared value check.
#[derive(Clone, Copy, Debug)]
pub enum CheckIssue<'a> {
    /// `required`: member `field` is missing or empty; `message` says which and why.
    Required {
        /// The member (`params.field`).
        field: &'a str,
        /// The message.
        message: &'a str,
    },
    /// `dependency_missing`: member `missing` is absent and `required_by`, present, needs it.
    DependencyMissing {
        /// The missing member (`params.needs`, a list of one).
        missing: &'a str,
        /// The member that needs it (`params.required_by`).
        required_by: &'a str,
        /// The message.
        message: &'a str,
    },
    /// `not_in_enum`: not one of `allowed` (`params.allowed`; the message lists a short set).
    NotInEnum {
        /// The documented values.
        allowed: Allowed<'a>,
    },
    /// `not_an_integer`: a number or decimal string with a fraction, or not a number.
    NotAnInteger {
        /// The message.
        message: &'a str,
    },
    /// `invalid_price`: not "amount currency" with a '.' decimal point.
    InvalidPrice,
    /// `invalid_currency`: the currency is not an ISO 4217 code in capitals.
    InvalidCurrency,
    /// `invalid_format` (`params.pattern` "gtin", `params.reason`): not a GTIN, or a wrong check
    /// digit.
    InvalidGtin {
        /// What is wrong.
        error: GtinError,
    },
    /// `invalid_url`: not a well-formed absolute http(s) URL.
    InvalidUrl {
        /// What is wrong.
        error: UrlError,
    },
    /// `url_not_https`: a well-formed URL whose scheme is http.
    UrlNotHttps,
    /// `invalid_url` (`params.index`): item `index` of a comma-separated URL list.
    InvalidUrlItem {
        /// The item's index.
        index: usize,
    },
    /// `invalid_date_range`: not two date-times with offsets separated by one '/'.
    NotDateRange,
    /// `invalid_date_time` (`params.format`, `params.part`): one bound of a range.
    RangeBound {
        /// `start` or `end`.
        part: &'a str,
    },
}

/// `params.format` of a malformed bound of a date range.
const RANGE_BOUND_FORMAT: &str = "iso8601_with_offset";

impl CheckIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match self {
            CheckIssue::Required { .. } => Code::Required,
            CheckIssue::DependencyMissing { .. } => Code::DependencyMissing,
            CheckIssue::NotInEnum { .. } => Code::NotInEnum,
            CheckIssue::NotAnInteger { .. } => Code::NotAnInteger,
            CheckIssue::InvalidPrice => Code::InvalidPrice,
            CheckIssue::InvalidCurrency => Code::InvalidCurrency,
            CheckIssue::InvalidGtin { .. } => Code::InvalidFormat,
            CheckIssue::InvalidUrl { .. } | CheckIssue::InvalidUrlItem { .. } => Code::InvalidUrl,
            CheckIssue::UrlNotHttps => Code::UrlNotHttps,
            CheckIssue::NotDateRange => Code::InvalidDateRange,
            CheckIssue::RangeBound { .. } => Code::InvalidDateTime,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        let text = match *self {
            CheckIssue::Required { message, .. }
            | CheckIssue::DependencyMissing { message, .. }
            | CheckIssue::NotAnInteger { message } => message,
            CheckIssue::NotInEnum { allowed } => {
                return match allowed {
                    Allowed::Names(names) => format!("must be {}", one_of_text(names)),
                    Allowed::Ints(ints) => format!("must be {}", one_of_text(ints)),
                }
            }
            CheckIssue::InvalidPrice => {
                "must be a number with '.' as decimal point, one space and an ISO 4217 currency code, like \"9.99 USD\""
            }
            CheckIssue::InvalidCurrency => {
                "the currency must be an ISO 4217 code in capitals, like USD or EUR"
            }
            CheckIssue::InvalidGtin {
                error: GtinError::Format,
            } => {
                "must be a UPC (12 or 8 digits), EAN or JAN (13 or 8 digits) or ISBN (13 digits, or 10 with a final X allowed), digits only"
            }
            CheckIssue::InvalidGtin {
                error: GtinError::CheckDigit,
            } => "has a wrong check digit",
            CheckIssue::InvalidUrl { error } => url_message(error),
            CheckIssue::UrlNotHttps => "must use https",
            CheckIssue::InvalidUrlItem { index } => {
                return format!(
                    "URL {} of the comma-separated list is not a well-formed absolute http(s) URL",
                    index.saturating_add(1)
                )
            }
            CheckIssue::NotDateRange => {
                "must be two ISO 8601 date-times with offsets separated by one '/', like 2026-11-01T00:00:00+01:00/2026-11-30T23:59:59+01:00"
            }
            CheckIssue::RangeBound { part } => {
                return format!(
                    "the {part} of the range must be an ISO 8601 date-time with an offset, like 2026-11-21T09:30:00+01:00"
                )
            }
        };
        text.to_owned()
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            CheckIssue::Required { field, .. } => p.with("field", field),
            CheckIssue::DependencyMissing {
                missing,
                required_by,
                ..
            } => p
                .with("needs", &[missing][..])
                .with("required_by", required_by),
            CheckIssue::NotInEnum {
                allowed: Allowed::Names(names),
            } => p.with("allowed", names),
            CheckIssue::NotInEnum {
                allowed: Allowed::Ints(ints),
            } => p.with("allowed", ints),
            CheckIssue::InvalidGtin { error } => p.with("pattern", GTIN_PATTERN).with(
                "reason",
                match error {
                    GtinError::Format => "format",
                    GtinError::CheckDigit => "check_digit",
                },
            ),
            CheckIssue::InvalidUrlItem { index } => p.with("index", index),
            CheckIssue::RangeBound { part } => {
                p.with("format", RANGE_BOUND_FORMAT).with("part", part)
            }
            CheckIssue::NotAnInteger { .. }
            | CheckIssue::InvalidPrice
            | CheckIssue::InvalidCurrency
            | CheckIssue::InvalidUrl { .. }
            | CheckIssue::UrlNotHttps
            | CheckIssue::NotDateRange => p,
        }
    }
}
