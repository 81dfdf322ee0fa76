//! Issues of the audience rules (`src/rules/audience_users.rs` and the other audience kinds; spec B), each variant carrying its parameters.

use crate::audience::batch::{MAX_BODY_BYTES, MAX_OPERATIONS_PER_BODY, MAX_USERS_PER_BODY};
use crate::report::{Code, Params};

/// `params.pattern` of a value that is not a hash as sent.
pub const HASH_PATTERN: &str = "sha256_lowercase_hex";

/// An issue of the audience rules.
#[derive(Clone, Copy, Debug)]
pub enum AudienceIssue<'a> {
    /// `too_large`: a users body of `actual` bytes as compact JSON, over [`MAX_BODY_BYTES`];
    /// params `max`, `actual`.
    BodyTooLarge {
        /// The body's bytes as compact JSON.
        actual: usize,
    },
    /// `too_many_items`: a users body of `actual` operation objects, over
    /// [`MAX_OPERATIONS_PER_BODY`]; params `max`, `actual`, `counted` (`"operations"`).
    TooManyOperations {
        /// The operation objects.
        actual: usize,
    },
    /// `too_many_items` (a warning): a users body holding `actual` users in all, over
    /// [`MAX_USERS_PER_BODY`], which the platform may count; params `max`, `actual`, `counted`
    /// (`"users"`).
    TooManyUsers {
        /// The users of all operations.
        actual: usize,
    },
    /// `invalid_format`: a value of the hashed identifier array `name` that is not 64
    /// hexadecimal digits; params `pattern` ([`HASH_PATTERN`]), `reason` (`"not_hashed"`).
    NotHashed {
        /// The identifier array (never the value).
        name: &'a str,
    },
    /// `invalid_format`: a value of the hashed identifier array `name` of 64 hexadecimal digits,
    /// some in upper case; params `pattern` ([`HASH_PATTERN`]), `reason` (`"uppercase"`).
    UppercaseHash {
        /// The identifier array (never the value).
        name: &'a str,
    },
}

impl AudienceIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            AudienceIssue::BodyTooLarge { .. } => Code::TooLarge,
            AudienceIssue::TooManyOperations { .. } | AudienceIssue::TooManyUsers { .. } => {
                Code::TooManyItems
            }
            AudienceIssue::NotHashed { .. } | AudienceIssue::UppercaseHash { .. } => {
                Code::InvalidFormat
            }
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            AudienceIssue::BodyTooLarge { actual } => format!(
                "a request body is at most {MAX_BODY_BYTES} bytes (this one is {actual} bytes as \
                 compact JSON)"
            ),
            AudienceIssue::TooManyOperations { actual } => format!(
                "a request holds at most {MAX_OPERATIONS_PER_BODY} operation objects (it has \
                 {actual})"
            ),
            AudienceIssue::TooManyUsers { actual } => format!(
                "the request holds {actual} users; the limit of {MAX_USERS_PER_BODY} operations \
                 may count users too, and a request over it fails whole: send at most \
                 {MAX_USERS_PER_BODY} users per request"
            ),
            AudienceIssue::NotHashed { name } => format!(
                "{name} values must be SHA-256 hashed after normalization: 64 lowercase \
                 hexadecimal digits"
            ),
            AudienceIssue::UppercaseHash { name } => {
                format!("{name} hashes must be in lower case (64 lowercase hexadecimal digits)")
            }
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            AudienceIssue::BodyTooLarge { actual } => {
                p.with("max", MAX_BODY_BYTES).with("actual", actual)
            }
            AudienceIssue::TooManyOperations { actual } => p
                .with("max", MAX_OPERATIONS_PER_BODY)
                .with("actual", actual)
                .with("counted", "operations"),
            AudienceIssue::TooManyUsers { actual } => p
                .with("max", MAX_USERS_PER_BODY)
                .with("actual", actual)
                .with("counted", "users"),
            AudienceIssue::NotHashed { .. } => {
                p.with("pattern", HASH_PATTERN).with("reason", "not_hashed")
            }
            AudienceIssue::UppercaseHash { .. } => {
                p.with("pattern", HASH_PATTERN).with("reason", "uppercase")
            }
        }
    }
}
