//! What `describe("card")` and `describe("card_update")` say: the components as a tagged union on
//! `type` (MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON), their destinations tagged on `type` too
//! (WEBSITE in DETAILS, APP in BUTTON), built from the constants the rules in [`super`] use.

use super::{
    components_check, destination_check, media_keys_check, name_update_check, slides_check,
    ACTION_COMPONENTS_PER_CARD, LABEL_TYPES, LABEL_VALUES, MEDIA_COMPONENTS_PER_CARD,
    NAME_MAX_CHARS, SWIPEABLE_MEDIA_MAX_ITEMS, SWIPEABLE_MEDIA_MIN_ITEMS,
};
use crate::model::{
    Array, Check, Condition, Description, Field, Format, OnlyIn, Rule, Str, Tagged, Type, When,
};
use crate::report::Code;

/// Components in one list (`components`, or one slide): one media component plus one DETAILS or
/// BUTTON component.
pub const COMPONENTS_PER_LIST: usize = MEDIA_COMPONENTS_PER_CARD + ACTION_COMPONENTS_PER_CARD;
/// Fewest slides: an empty `slides` array leaves the card without its components.
pub const SLIDES_MIN_ITEMS: usize = 1;

/// "Label object: `type` must be `ENUM`; `value` is one of BOOK, ... SHOP".
const LABEL: &[Field] = &[
    Field::required("type", Type::Enum(LABEL_TYPES), "must be `ENUM`"),
    Field::required(
        "value",
        Type::Enum(LABEL_VALUES),
        "one of BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP",
    ),
];

/// "`WEBSITE` = {type, url (string, required)}, allowed only in DETAILS".
const WEBSITE: &[Field] = &[Field::required(
    "url",
    Str::format(Format::Url),
    "url (string, required); no scheme is stated, so http and https are accepted",
)];

/// "`APP` = {type, country_code (ISO 3166-1 alpha-2, required), androidstore_app_id,
/// ios_app_store_identifier (at least one of these two required), androidstore_deep_link (only
/// with androidstore_app_id), ios_deep_link (only with ios_app_store_identifier)}, allowed only
/// in BUTTON".
const APP: &[Field] = &[
    Field::required(
        "country_code",
        Str::format(Format::CountryCode),
        "ISO 3166-1 alpha-2, required",
    ),
    Field::required_when(
        "androidstore_app_id",
        Str::ANY,
        Condition {
            text: "required if ios_app_store_identifier is absent (at least one of these two required)",
            when: When::AllAbsent(&["ios_app_store_identifier"]),
        },
        "at least one of androidstore_app_id and ios_app_store_identifier required",
    ),
    Field::required_when(
        "ios_app_store_identifier",
        Str::ANY,
        Condition {
            text: "required if androidstore_app_id is absent (at least one of these two required)",
            when: When::AllAbsent(&["androidstore_app_id"]),
        },
        "at least one of androidstore_app_id and ios_app_store_identifier required",
    ),
    Field::optional(
        "androidstore_deep_link",
        Str::ANY,
        "only with androidstore_app_id",
    ),
    Field::optional("ios_deep_link", Str::ANY, "only with ios_app_store_identifier"),
];

/// The destination of a DETAILS component: WEBSITE only.
const DETAILS_DESTINATION: Type = Type::Tagged(&Tagged {
    tag: "type",
    variants: &[("WEBSITE", WEBSITE)],
    only_in: &[],
});

/// The destination of a BUTTON component: APP only.
const BUTTON_DESTINATION: Type = Type::Tagged(&Tagged {
    tag: "type",
    variants: &[("APP", APP)],
    only_in: &[],
});

/// One component (C §2 Card components), by its `type`. A destination is checked by
/// [`destination_check`] (its type in the wrong component is `not_allowed`, and still checked as
/// what it is), which `describe` shows as [`DETAILS_DESTINATION`] and [`BUTTON_DESTINATION`].
pub(super) const COMPONENT: Type = Type::Tagged(&Tagged {
    tag: "type",
    variants: &[
        (
            "MEDIA",
            &[Field::required("media_key", Str::ANY, "media_key (string)")],
        ),
        (
            "SWIPEABLE_MEDIA",
            &[Field::required(
                "media_keys",
                Type::Array(&Array {
                    item: Str::ANY,
                    min_items: Some(SWIPEABLE_MEDIA_MIN_ITEMS),
                    max_items: Some(SWIPEABLE_MEDIA_MAX_ITEMS),
                }),
                "media_keys (array of 2 to 6 strings)",
            )
            .checked_by(media_keys_check)],
        ),
        (
            "DETAILS",
            &[
                Field::required("title", Str::ANY, "title (string)"),
                Field::required(
                    "destination",
                    DETAILS_DESTINATION,
                    "destination (object): WEBSITE, allowed only in DETAILS",
                )
                .checked_by(destination_check),
            ],
        ),
        (
            "BUTTON",
            &[
                Field::required("label", Type::Object(LABEL), "label (object), BUTTON only"),
                Field::required(
                    "destination",
                    BUTTON_DESTINATION,
                    "destination (object): APP, allowed only in BUTTON",
                )
                .checked_by(destination_check),
            ],
        ),
    ],
    // Label "(BUTTON only)".
    only_in: &[OnlyIn {
        member: "label",
        tags: &["BUTTON"],
        message: "a label is allowed only in a BUTTON component",
    }],
});

/// A list of components: exactly one media component and one DETAILS or BUTTON component.
const COMPONENT_LIST: Type = Type::Array(&Array {
    item: COMPONENT,
    min_items: Some(COMPONENTS_PER_LIST),
    max_items: Some(COMPONENTS_PER_LIST),
});

const COMPONENTS_DOC: &str = "array, order is render order top to bottom";
const SLIDES_DOC: &str = "array of arrays of components, for multi-destination carousels";
const SLIDES: Type = Type::Array(&Array {
    item: COMPONENT_LIST,
    min_items: Some(SLIDES_MIN_ITEMS),
    max_items: None,
});

const COMPONENTS_OR_SLIDES: &[&str] = &["components", "slides"];
const COMPONENTS_AND_SLIDES: &str = "give either components or slides, not both";

/// "exactly one of `components` ... or `slides`", right after `name`: both is
/// `mutually_exclusive`, neither (POST) `one_of_required`.
const EXACTLY_ONE: Check = Check::After {
    member: "name",
    check: &Check::ExactlyOne {
        members: COMPONENTS_OR_SLIDES,
        exclusive: COMPONENTS_AND_SLIDES,
        missing: Some("one of components or slides is required"),
    },
};

/// The PUT's: both is `mutually_exclusive`; neither keeps the card's.
const NOT_BOTH: Check = Check::After {
    member: "name",
    check: &Check::ExactlyOne {
        members: COMPONENTS_OR_SLIDES,
        exclusive: COMPONENTS_AND_SLIDES,
        missing: None,
    },
};

/// The rules across members of the POST (`exactly_one`) or the PUT: the first is data; the
/// others are checked in the table, by the component's tagged table (label) and the member
/// hooks of card.rs (the composition of each list, the destination).
const fn component_rules(exactly_one: Check) -> [Rule; 6] {
    [
    Rule {
        code: Code::MutuallyExclusive,
        check: exactly_one,
        reads_clock: false,
        text: "exactly one of components or slides: not both",
        fields: &["/components", "/slides"],
    },
    Rule {
        code: Code::OneOfRequired,
        check: Check::InTable,
        reads_clock: false,
        text: "a card (each list of components: components, or each slide) needs one media component (MEDIA or SWIPEABLE_MEDIA) plus a DETAILS or BUTTON component",
        fields: &["/components", "/slides/*"],
    },
    Rule {
        code: Code::TooManyItems,
        check: Check::InTable,
        reads_clock: false,
        text: "one media component and one DETAILS or BUTTON component per list, not more",
        fields: &["/components", "/slides/*"],
    },
    Rule {
        code: Code::NotAllowed,
        check: Check::InTable,
        reads_clock: false,
        text: "label: BUTTON only; WEBSITE destinations only in DETAILS, APP destinations only in BUTTON",
        fields: &[
            "/components/*/label",
            "/components/*/destination/type",
            "/slides/*/*/label",
            "/slides/*/*/destination/type",
        ],
    },
    Rule {
        code: Code::OneOfRequired,
        check: Check::InTable,
        reads_clock: false,
        text: "an APP destination needs androidstore_app_id or ios_app_store_identifier (at least one of these two)",
        fields: &[
            "/components/*/destination/androidstore_app_id",
            "/components/*/destination/ios_app_store_identifier",
            "/slides/*/*/destination/androidstore_app_id",
            "/slides/*/*/destination/ios_app_store_identifier",
        ],
    },
    Rule {
        code: Code::DependencyMissing,
        check: Check::InTable,
        reads_clock: false,
        text: "androidstore_deep_link only with androidstore_app_id; ios_deep_link only with ios_app_store_identifier (reported at the identifier missing)",
        fields: &[
            "/components/*/destination/androidstore_deep_link",
            "/components/*/destination/ios_deep_link",
            "/slides/*/*/destination/androidstore_deep_link",
            "/slides/*/*/destination/ios_deep_link",
            "/components/*/destination/androidstore_app_id",
            "/components/*/destination/ios_app_store_identifier",
            "/slides/*/*/destination/androidstore_app_id",
            "/slides/*/*/destination/ios_app_store_identifier",
        ],
    },
    ]
}

const CREATE_RULES: [Rule; 6] = component_rules(EXACTLY_ONE);
const UPDATE_RULES: [Rule; 6] = component_rules(NOT_BOTH);

/// What `describe("card")` says.
pub const DESCRIPTION: Description = Description {
    title: "The cards POST body",
    root: Type::Object(&[
        Field::required("name", Str::max(NAME_MAX_CHARS), "`name` (max 80) required"),
        Field::required_when(
            "components",
            COMPONENT_LIST,
            Condition {
                text: "required if slides is absent (exactly one of components or slides)",
                when: When::AllAbsent(&["slides"]),
            },
            COMPONENTS_DOC,
        )
        .checked_by(components_check),
        Field::required_when(
            "slides",
            SLIDES,
            Condition {
                text: "required if components is absent (exactly one of components or slides)",
                when: When::AllAbsent(&["components"]),
            },
            SLIDES_DOC,
        )
        .checked_by(slides_check),
    ]),
    rules: &CREATE_RULES,
};

/// What `describe("card_update")` says: "JSON body of the fields to replace", nothing required
/// at the top level; a component sent is whole and keeps its rules.
pub const UPDATE_DESCRIPTION: Description = Description {
    title: "The cards PUT body (the fields to replace)",
    root: Type::Object(&[
        Field::optional(
            "name",
            Str::max(NAME_MAX_CHARS),
            "`name` (max 80); must not be replaced by an empty value",
        )
        .checked_by(name_update_check),
        Field::optional("components", COMPONENT_LIST, COMPONENTS_DOC).checked_by(components_check),
        Field::optional("slides", SLIDES, SLIDES_DOC).checked_by(slides_check),
    ]),
    rules: &UPDATE_RULES,
};

#[cfg(test)]
mod tests {
    use super::super::{APP_MEMBERS, WEBSITE_MEMBERS};
    use super::*;

    /// The names of `fields`, with the tag `type` first.
    fn names(fields: &[Field]) -> Vec<&'static str> {
        std::iter::once("type")
            .chain(fields.iter().map(|f| f.name))
            .collect()
    }

    #[test]
    fn the_destination_hook_knows_the_described_members() {
        assert_eq!(names(WEBSITE), WEBSITE_MEMBERS);
        assert_eq!(names(APP), APP_MEMBERS);
    }
}
