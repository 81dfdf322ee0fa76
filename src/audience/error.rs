//! Errors of one identifier value. Messages are fixed texts: they never contain the value (which
//! is personal data).

use serde::{Serialize, Serializer};
use std::fmt;

/// Why one identifier value was rejected. [`IdError::code`] is the stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdError {
    /// Nothing left after trimming (for `partner_user_id`: the value is the empty string).
    Empty,
    /// The raw value is longer than [`super::MAX_VALUE_BYTES`] bytes.
    TooLong,
    /// A line of bulk input is not valid UTF-8.
    InvalidUtf8,
    /// Not exactly one `@`, an empty local part or domain, or whitespace inside.
    InvalidEmail,
    /// An email address longer than [`super::MAX_EMAIL_BYTES`] bytes after normalization (or a
    /// trimmed value longer than [`super::MAX_EMAIL_INPUT_BYTES`], which cannot normalize to
    /// fewer).
    EmailTooLong,
    /// The local part of an email address (before the `@`) is longer than
    /// [`super::MAX_EMAIL_LOCAL_BYTES`] bytes after normalization.
    EmailLocalPartTooLong,
    /// A phone number without `+` or `00` and no default country calling code was given.
    MissingCountryCode,
    /// Letters, an extension or another character; not E.164 after normalization, an unassigned
    /// calling code or a national number of no possible length for it.
    InvalidPhoneNumber,
    /// The `default_country_code` option is not the digits of an assigned country calling code.
    InvalidDefaultCountryCode,
    /// A phone number without `+` or `00` that begins with the default country calling code and
    /// is a possible number both read with that code written without `+` (`919876543210` with
    /// 91: `+91 98765 43210`) and read as a national number (`+91 919876543210`): which one was
    /// meant is unknown, and a guess would hash a number that matches nobody.
    AmbiguousCountryCode,
    /// Not 1 to 20 of `a-z`, `0-9`, `_` after removing one leading `@`.
    InvalidHandle,
    /// Neither a UUID (with or without dashes) nor a 16-hex-digit Android ID.
    InvalidDeviceId,
    /// The all-zero UUID: the device limits ad tracking; the value identifies nobody.
    LimitedAdTracking,
    /// Not digits only, zero, or above the unsigned 64-bit range.
    InvalidServiceId,
    /// The `prehashed` option is set and the value is not 64 hexadecimal digits.
    InvalidPrehashed,
    /// The value needs Unicode normalization (an email address that is not NFC, or one with a
    /// `Σ` to lowercase) and the build has no tables (feature `nfc-tables`) and no registered
    /// normalizer ([`super::set_normalizer`], [`super::set_lowercase`]); in the wasm package, a
    /// JavaScript engine older than Unicode 15, whose normalizer is not registered. Never with
    /// the tables.
    NormalizationUnavailable,
    /// An email address holding a character unassigned in Unicode 15.1
    /// ([`super::UNICODE_VERSION`]) that a later version normalizes or lowercases, or `Σ` with a
    /// character whose case properties changed after 15.1: Unicode versions read it differently,
    /// so every build refuses it.
    UnsupportedCharacter,
    /// A `partner_user_id` holding a character that a line splitter reads as a line end
    /// ([`super::LINE_BREAKS`]), in output written one value per line (line input, CSV input):
    /// written as is, it would shift every later row.
    LineBreak,
    /// A CSV record that is not valid CSV: text after a closing quote ([`super::csv`]).
    InvalidCsv,
    /// A CSV record with fewer fields than the column asked for ([`super::csv`]).
    MissingColumn,
    /// The record's own country (a country column, [`super::batch::AudienceRecord::country`])
    /// is neither an assigned calling code (`44`, `+44`, `0044`) nor an ISO 3166-1 alpha-2
    /// region of the phone metadata (`GB`): the record's phone number is not read with a guess.
    InvalidCountry,
}

impl From<super::nfc::NormalizerMissing> for IdError {
    fn from(_: super::nfc::NormalizerMissing) -> Self {
        IdError::NormalizationUnavailable
    }
}

impl IdError {
    /// Every error, in declaration order.
    pub const ALL: [IdError; 21] = [
        IdError::Empty,
        IdError::TooLong,
        IdError::InvalidUtf8,
        IdError::InvalidEmail,
        IdError::EmailTooLong,
        IdError::EmailLocalPartTooLong,
        IdError::MissingCountryCode,
        IdError::InvalidPhoneNumber,
        IdError::InvalidDefaultCountryCode,
        IdError::AmbiguousCountryCode,
        IdError::InvalidHandle,
        IdError::InvalidDeviceId,
        IdError::LimitedAdTracking,
        IdError::InvalidServiceId,
        IdError::InvalidPrehashed,
        IdError::NormalizationUnavailable,
        IdError::UnsupportedCharacter,
        IdError::LineBreak,
        IdError::InvalidCsv,
        IdError::MissingColumn,
        IdError::InvalidCountry,
    ];

    /// The stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            IdError::Empty => "empty",
            IdError::TooLong => "too_long",
            IdError::InvalidUtf8 => "invalid_utf8",
            IdError::InvalidEmail => "invalid_email",
            IdError::EmailTooLong => "email_too_long",
            IdError::EmailLocalPartTooLong => "email_local_part_too_long",
            IdError::MissingCountryCode => "missing_country_code",
            IdError::InvalidPhoneNumber => "invalid_phone_number",
            IdError::InvalidDefaultCountryCode => "invalid_default_country_code",
            IdError::AmbiguousCountryCode => "ambiguous_country_code",
            IdError::InvalidHandle => "invalid_handle",
            IdError::InvalidDeviceId => "invalid_device_id",
            IdError::LimitedAdTracking => "limited_ad_tracking",
            IdError::InvalidServiceId => "invalid_service_id",
            IdError::InvalidPrehashed => "invalid_prehashed",
            IdError::NormalizationUnavailable => "normalization_unavailable",
            IdError::UnsupportedCharacter => "unsupported_character",
            IdError::LineBreak => "line_break",
            IdError::InvalidCsv => "invalid_csv",
            IdError::MissingColumn => "missing_column",
            IdError::InvalidCountry => "invalid_country",
        }
    }

    /// A fixed explanation for people. Never contains the value.
    pub fn message(self) -> &'static str {
        match self {
            IdError::Empty => "the value is empty",
            IdError::TooLong => "the value is longer than 65536 bytes",
            IdError::InvalidUtf8 => "the line is not valid UTF-8",
            IdError::InvalidEmail => {
                "an email address needs exactly one @, a non-empty local part and domain, and no \
                 whitespace inside"
            }
            IdError::EmailTooLong => {
                "an email address is at most 254 bytes (UTF-8) after normalization (RFC 5321)"
            }
            IdError::EmailLocalPartTooLong => {
                "the local part of an email address (before the @) is at most 64 bytes (UTF-8) \
                 after normalization (RFC 5321)"
            }
            IdError::MissingCountryCode => {
                "the phone number has no country calling code (+ or 00) and no default country \
                 code was given"
            }
            IdError::InvalidPhoneNumber => {
                "the phone number is not a possible E.164 number after normalization (only digits \
                 and the separators space - . ( ) / are allowed; letters and extensions are not)"
            }
            IdError::InvalidDefaultCountryCode => {
                "the default country code option must be an assigned country calling code"
            }
            IdError::AmbiguousCountryCode => {
                "the phone number begins with the default country calling code and is a possible \
                 number both with those digits as the calling code and as a national number; \
                 which one was meant is unknown (write it with + or 00)"
            }
            IdError::InvalidHandle => {
                "a handle is 1 to 20 letters, digits or underscores after one optional leading @"
            }
            IdError::InvalidDeviceId => {
                "a device id is a UUID (8-4-4-4-12 hex digits, dashes optional) or a \
                 16-hex-digit Android ID"
            }
            IdError::LimitedAdTracking => {
                "the all-zero advertising id means ad tracking is limited; it identifies nobody"
            }
            IdError::InvalidServiceId => {
                "a service id is ASCII digits only, not zero, and fits an unsigned 64-bit integer"
            }
            IdError::InvalidPrehashed => {
                "a prehashed value must be 64 hexadecimal digits (a SHA-256 digest)"
            }
            IdError::NormalizationUnavailable => {
                "the value needs Unicode normalization and this build has no Unicode tables and \
                 no registered normalizer (set_normalizer, set_lowercase), or the JavaScript \
                 engine's Unicode is older than 15"
            }
            IdError::UnsupportedCharacter => {
                "the value holds a character added after Unicode 15.1 that Unicode versions \
                 normalize or lowercase differently; it is refused in every build"
            }
            IdError::LineBreak => {
                "a partner_user_id holding a line break (CR, LF, VT, FF, NEL, U+2028, U+2029, \
                 U+001C-U+001E) or NUL cannot be written one per line; it is refused"
            }
            IdError::InvalidCsv => "the record is not valid CSV (text after a closing quote)",
            IdError::MissingColumn => "the record has fewer fields than the column asked for",
            IdError::InvalidCountry => {
                "the row's country is no calling code (44, +44, 0044) or ISO 3166 region (GB)"
            }
        }
    }
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for IdError {}

/// Serializes as the code string.
impl Serialize for IdError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// An identifier type name that is not one of [`super::IdType::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownIdType;

impl UnknownIdType {
    /// The stable code, `unknown_id_type`.
    pub fn code(self) -> &'static str {
        "unknown_id_type"
    }

    /// A fixed, human-readable explanation.
    pub fn message(self) -> &'static str {
        "expected one of email, phone_number, handle, device_id, service_id, partner_user_id"
    }
}

impl fmt::Display for UnknownIdType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for UnknownIdType {}
