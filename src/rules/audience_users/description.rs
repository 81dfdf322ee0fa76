//! The rows of `custom_audience_users` and `do_not_reach_users`: an array of operations, built
//! from the constants the batch builder uses; `describe` shows them, the engine runs them. The
//! nested objects with rules of their own (`params`, a user) are checked by
//! [`crate::engine::form::object_then_rules`] through member hooks of [`super`].

use super::{
    custom_audience_params, custom_audience_users, do_not_reach_params, do_not_reach_users,
    hashed_values, unhashed_values, DO_NOT_REACH_IDENTIFIERS, IDENTIFIERS, MAX_OPERATIONS_PER_BODY,
    OPERATION_TYPES, UNHASHED_IDENTIFIER,
};
use crate::model::{Array, Check, Description, Empty, Field, Format, Rule, Str, Type};
use crate::report::Code;

/// An array of hashed identifier values: "SHA-256 hashed after normalization", 64 lowercase hex
/// digits.
const HASHED: Type = Type::Array(&Array {
    item: Str::format(Format::Sha256Hex),
    min_items: None,
    max_items: None,
});
const HASHED_DOC: &str = "array of values SHA-256 hashed after normalization";

/// A hashed identifier array `$name`, its values checked by [`super::hashed_values`].
macro_rules! hashed {
    ($name:expr) => {
        Field::optional($name, HASHED, HASHED_DOC).checked_by(hashed_values)
    };
}

/// The user object of the custom audience endpoint: any of the identifier arrays.
pub(super) const CUSTOM_AUDIENCE_USER: &[Field] = &[
    hashed!(IDENTIFIERS[0]),
    hashed!(IDENTIFIERS[1]),
    hashed!(IDENTIFIERS[2]),
    hashed!(IDENTIFIERS[3]),
    hashed!(IDENTIFIERS[4]),
    Field::optional(
        UNHASHED_IDENTIFIER,
        Type::Array(&Array {
            item: Str::ANY,
            min_items: None,
            max_items: None,
        }),
        "array of values sent as they are (not hashed), non-empty",
    )
    .checked_by(unhashed_values),
];

/// The user object of the do-not-reach endpoint: "hashed `email` and `phone_number` arrays".
pub(super) const DO_NOT_REACH_USER: &[Field] = &[
    hashed!(DO_NOT_REACH_IDENTIFIERS[0]),
    hashed!(DO_NOT_REACH_IDENTIFIERS[1]),
];

const USERS_DOC: &str = "array of objects, required";

const OPERATION_TYPE: Field = Field::required(
    "operation_type",
    Type::Enum(OPERATION_TYPES),
    "`Update`, `Delete`",
);
const PARAMS_DOC: &str = "object, required: holds users, effective_at, expires_at";

const USER_RULE_TEXT: &str = "a user needs at least one identifier value";
const USER_RULE_FIELDS: &[&str] = &["/*/params/users/*"];

/// "A user needs at least one identifier value", custom audience.
const CUSTOM_AUDIENCE_USER_RULE: Rule = Rule {
    code: Code::OneOfRequired,
    check: Check::AtLeastOne {
        members: IDENTIFIERS,
        empty: Empty::List,
        message: "a user needs at least one identifier value, in one of: email, device_id, \
                  handle, service_id, phone_number, partner_user_id",
    },
    reads_clock: false,
    text: USER_RULE_TEXT,
    fields: USER_RULE_FIELDS,
};

/// "A user needs at least one identifier value", do-not-reach.
const DO_NOT_REACH_USER_RULE: Rule = Rule {
    code: Code::OneOfRequired,
    check: Check::AtLeastOne {
        members: DO_NOT_REACH_IDENTIFIERS,
        empty: Empty::List,
        message: "a user needs at least one identifier value, in one of: email, phone_number",
    },
    reads_clock: false,
    text: USER_RULE_TEXT,
    fields: USER_RULE_FIELDS,
};

/// The identifiers the do-not-reach endpoint refuses.
const DO_NOT_REACH_REFUSED_RULE: Rule = Rule {
    code: Code::NotAllowed,
    check: Check::MembersNotAllowed {
        members: IDENTIFIERS,
        allowed: DO_NOT_REACH_IDENTIFIERS,
        message: "the do_not_reach_users endpoint takes only email and phone_number identifiers",
    },
    reads_clock: false,
    text: "only email and phone_number identifiers (device_id, handle, service_id and partner_user_id are refused)",
    fields: USER_RULE_FIELDS,
};

/// The rules of a user (run before the user's unknown members; the refused identifiers in their
/// place among the table's).
pub(super) const CUSTOM_AUDIENCE_USER_RULES: &[Rule] = &[CUSTOM_AUDIENCE_USER_RULE];
pub(super) const DO_NOT_REACH_USER_RULES: &[Rule] =
    &[DO_NOT_REACH_USER_RULE, DO_NOT_REACH_REFUSED_RULE];

/// Custom audience: "expires_at ... later than effective_at", which defaults to now.
const CUSTOM_AUDIENCE_DATES: Rule = Rule {
    code: Code::InvalidDateRange,
    check: Check::LaterThanOrNow {
        earlier: Some("effective_at"),
        later: "expires_at",
        clock_rule: crate::clock::CUSTOM_AUDIENCE_EXPIRES_LATER_THAN_NOW,
        now_message: "must be later than now: effective_at is not given, and it defaults to now",
    },
    reads_clock: true,
    text: "expires_at is later than effective_at; effective_at not given is now (options.now, else the clock)",
    fields: &["/*/params/effective_at", "/*/params/expires_at"],
};

/// Do-not-reach: `expires_at` "needing to be later than now".
const DO_NOT_REACH_DATES: Rule = Rule {
    code: Code::InvalidDateRange,
    check: Check::LaterThanOrNow {
        earlier: None,
        later: "expires_at",
        clock_rule: crate::clock::DO_NOT_REACH_EXPIRES_LATER_THAN_NOW,
        now_message: "must be later than now",
    },
    reads_clock: true,
    text: "expires_at is later than now (options.now, else the clock)",
    fields: &["/*/params/expires_at"],
};

/// The `params` of a custom audience operation: its table and its rules.
pub(super) const CUSTOM_AUDIENCE_PARAMS: (&[Field], &[Rule]) = (
    &[
        Field::required(
            "users",
            Type::Array(&Array {
                item: Type::Object(CUSTOM_AUDIENCE_USER),
                min_items: None,
                max_items: None,
            }),
            USERS_DOC,
        )
        .checked_by(custom_audience_users),
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
    ],
    &[CUSTOM_AUDIENCE_DATES],
);

/// The `params` of a do-not-reach operation: its table and its rules.
pub(super) const DO_NOT_REACH_PARAMS: (&[Field], &[Rule]) = (
    &[
        Field::required(
            "users",
            Type::Array(&Array {
                item: Type::Object(DO_NOT_REACH_USER),
                min_items: None,
                max_items: None,
            }),
            USERS_DOC,
        )
        .checked_by(do_not_reach_users),
        Field::required(
            "expires_at",
            Str::format(Format::DateTimeUtc),
            "ISO 8601 UTC; listed as required; later than now",
        ),
    ],
    &[DO_NOT_REACH_DATES],
);

/// An operation of the custom audience endpoint.
pub(super) const CUSTOM_AUDIENCE_OPERATION: &[Field] = &[
    OPERATION_TYPE,
    Field::required("params", Type::Object(CUSTOM_AUDIENCE_PARAMS.0), PARAMS_DOC)
        .checked_by(custom_audience_params),
];

/// An operation of the do-not-reach endpoint.
pub(super) const DO_NOT_REACH_OPERATION: &[Field] = &[
    OPERATION_TYPE,
    Field::required("params", Type::Object(DO_NOT_REACH_PARAMS.0), PARAMS_DOC)
        .checked_by(do_not_reach_params),
];

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

/// What `describe("custom_audience_users")` says.
pub const CUSTOM_AUDIENCE_DESCRIPTION: Description = Description {
    title: "The custom audience users POST body: an array of operations",
    root: Type::Array(&Array {
        item: Type::Object(CUSTOM_AUDIENCE_OPERATION),
        min_items: None,
        max_items: Some(MAX_OPERATIONS_PER_BODY),
    }),
    rules: &[
        CUSTOM_AUDIENCE_USER_RULE,
        CUSTOM_AUDIENCE_DATES,
        LIMIT_RULE,
        BYTES_RULE,
    ],
};

/// What `describe("do_not_reach_users")` says: the same shape, with `email` and `phone_number`
/// only and `expires_at` required.
pub const DO_NOT_REACH_DESCRIPTION: Description = Description {
    title: "The do-not-reach list users POST body: an array of operations",
    root: Type::Array(&Array {
        item: Type::Object(DO_NOT_REACH_OPERATION),
        min_items: None,
        max_items: Some(MAX_OPERATIONS_PER_BODY),
    }),
    rules: &[
        DO_NOT_REACH_USER_RULE,
        DO_NOT_REACH_REFUSED_RULE,
        DO_NOT_REACH_DATES,
        LIMIT_RULE,
        BYTES_RULE,
    ],
};
