//! What `describe("custom_audience_users")` and `describe("do_not_reach_users")` say: an array
//! of operations, built from the constants the rules in [`super`] and the batch builder use.

use super::{
    DO_NOT_REACH_IDENTIFIERS, IDENTIFIERS, MAX_OPERATIONS_PER_BODY, OPERATION_TYPES,
    UNHASHED_IDENTIFIER,
};
use crate::describe::{Array, Check, Description, Field, Format, Rule, Str, Type};
use crate::kind::Kind;
use crate::report::Code;

/// An array of hashed identifier values: "SHA-256 hashed after normalization", 64 lowercase hex
/// digits.
const HASHED: Type = Type::Array(&Array {
    item: Str::format(Format::Sha256Hex),
    min_items: None,
    max_items: None,
});
const HASHED_DOC: &str = "array of values SHA-256 hashed after normalization";

/// The user object of the custom audience endpoint: any of the identifier arrays.
pub(super) const CUSTOM_AUDIENCE_USER: &[Field] = &[
    Field::optional(IDENTIFIERS[0], HASHED, HASHED_DOC),
    Field::optional(IDENTIFIERS[1], HASHED, HASHED_DOC),
    Field::optional(IDENTIFIERS[2], HASHED, HASHED_DOC),
    Field::optional(IDENTIFIERS[3], HASHED, HASHED_DOC),
    Field::optional(IDENTIFIERS[4], HASHED, HASHED_DOC),
    Field::optional(
        UNHASHED_IDENTIFIER,
        Type::Array(&Array {
            item: Str::ANY,
            min_items: None,
            max_items: None,
        }),
        "array of values sent as they are (not hashed), non-empty",
    ),
];

/// The user object of the do-not-reach endpoint: "hashed `email` and `phone_number` arrays".
pub(super) const DO_NOT_REACH_USER: &[Field] = &[
    Field::optional(DO_NOT_REACH_IDENTIFIERS[0], HASHED, HASHED_DOC),
    Field::optional(DO_NOT_REACH_IDENTIFIERS[1], HASHED, HASHED_DOC),
];

const USERS_DOC: &str = "array of objects, required";

const OPERATION_TYPE: Field = Field::required(
    "operation_type",
    Type::Enum(OPERATION_TYPES),
    "`Update`, `Delete`",
);
const PARAMS_DOC: &str = "object, required: holds users, effective_at, expires_at";

/// The rules both endpoints have.
const USER_RULE: Rule = Rule {
    code: Code::OneOfRequired,
    check: Check::Hook,
    reads_clock: false,
    text: "a user needs at least one identifier value",
    fields: &["/*/params/users/*"],
};
const LIMIT_RULE: Rule = Rule {
    code: Code::TooManyItems,
    check: Check::Hook,
    reads_clock: false,
    text: "at most 2500 operations per request (counting Update and Delete objects; more than 2500 users in all is a warning)",
    fields: &["", "/*/params/users"],
};
const BYTES_RULE: Rule = Rule {
    code: Code::TooLarge,
    check: Check::Hook,
    reads_clock: false,
    text: "body at most 5,000,000 bytes (compact JSON)",
    fields: &[""],
};

/// The body both endpoints take: an array of at most [`MAX_OPERATIONS_PER_BODY`] operations, each
/// an `operation_type` and `params` holding `users` (objects of the `$user` fields) and the
/// endpoint's date fields `$date`. (A macro: a `const fn` cannot return the nested references.)
macro_rules! operations {
    ($user:expr, $($date:expr),+ $(,)?) => {
        Type::Array(&Array {
            item: Type::Object(&[
                OPERATION_TYPE,
                Field::required(
                    "params",
                    Type::Object(&[
                        Field::required(
                            "users",
                            Type::Array(&Array {
                                item: Type::Object($user),
                                min_items: None,
                                max_items: None,
                            }),
                            USERS_DOC,
                        ),
                        $($date),+
                    ]),
                    PARAMS_DOC,
                ),
            ]),
            min_items: None,
            max_items: Some(MAX_OPERATIONS_PER_BODY),
        })
    };
}

/// What `describe("custom_audience_users")` says.
pub const CUSTOM_AUDIENCE_DESCRIPTION: Description = Description {
    kind: Kind::CustomAudienceUsers,
    title: "The custom audience users POST body: an array of operations",
    source: "B §4 Custom audience users, §8 Limits; audience-identifiers.md",
    root: operations!(
        CUSTOM_AUDIENCE_USER,
        Field::optional(
            "effective_at",
            Str::format(Format::DateTimeUtc),
            "ISO 8601 UTC; defaults to now",
        ),
        Field::optional(
            "expires_at",
            Str::format(Format::DateTimeUtc),
            "ISO 8601 UTC; later than effective_at",
        ),
    ),
    rules: &[
        USER_RULE,
        Rule {
            code: Code::InvalidDateRange,
            check: Check::Hook,
            reads_clock: true,
            text: "expires_at is later than effective_at; effective_at not given is now (options.now, else the clock)",
            fields: &["/*/params/effective_at", "/*/params/expires_at"],
        },
        LIMIT_RULE,
        BYTES_RULE,
    ],
};

/// What `describe("do_not_reach_users")` says: the same shape, with `email` and `phone_number`
/// only and `expires_at` required.
pub const DO_NOT_REACH_DESCRIPTION: Description = Description {
    kind: Kind::DoNotReachUsers,
    title: "The do-not-reach list users POST body: an array of operations",
    source: "B §4 Do-not-reach list users, §8 Limits; audience-identifiers.md",
    root: operations!(
        DO_NOT_REACH_USER,
        Field::required(
            "expires_at",
            Str::format(Format::DateTimeUtc),
            "ISO 8601 UTC; listed as required; later than now",
        ),
    ),
    rules: &[
        USER_RULE,
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "only email and phone_number identifiers (device_id, handle, service_id and partner_user_id are refused)",
            fields: &["/*/params/users/*"],
        },
        Rule {
            code: Code::InvalidDateRange,
            check: Check::Hook,
            reads_clock: true,
            text: "expires_at is later than now (options.now, else the clock)",
            fields: &["/*/params/expires_at"],
        },
        LIMIT_RULE,
        BYTES_RULE,
    ],
};
