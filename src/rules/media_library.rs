//! The media library calls (document C §4 Media library, §2 Media library object and
//! Enumerations, §8 Limits; list conventions of document B §1).
//!
//! > GET /12/accounts/:account_id/media_library: `count` (default 20, 1 to 50), `cursor`,
//! > `media_type`, `q` (1 to 255 chars, term match on name, title, file_name, description)
//! >
//! > POST .../media_library: `media_key` required (returned by media upload when a
//! > media_category is given) plus optional fields below
//! >
//! > PUT .../media_library/:media_key: optional fields below
//! >
//! > Optional fields: `description` (max 200, videos only), `file_name` (max 255), `name` (max
//! > 100), `poster_media_key` (videos only; POST default is the first frame), `title` (max 70,
//! > videos only).
//!
//! > media_type: GIF, IMAGE, VIDEO.
//!
//! > §8 Limits: Media library: name 100, title 70, description 200, file_name 255.
//!
//! "videos only" depends on the media type of the object, which the payload does not carry: the
//! POST reads the type of its `media_key` from `context.media_types`, the PUT reads the
//! `media_type` of the object being updated from `context.current` (a field of the media library
//! object, C §2). Without it the rule is skipped with a `context_missing` warning.

use super::list_query::{self, CURSOR};
use crate::model::{Applies, Check, Description, Field, Rule, Str, Type};
use crate::options::MediaType;
use crate::report::Code;

/// media_type (C §2 Enumerations): "GIF, IMAGE, VIDEO" (the names of [`MediaType`], the values
/// of `context.media_types`).
pub const MEDIA_TYPES: &[&str] = MediaType::NAMES;
/// The media type the "videos only" fields are for.
pub const VIDEO: &str = MediaType::Video.name();
/// GET `count`: "(default 20, 1 to 50)".
pub const COUNT_MAX: i64 = 50;
/// GET `q`: "(1 to 255 chars ...)".
pub const Q_MIN_CHARS: usize = 1;
/// GET `q`: "(1 to 255 chars ...)".
pub const Q_MAX_CHARS: usize = 255;
/// `description`: "(max 200, videos only)".
pub const DESCRIPTION_MAX_CHARS: usize = 200;
/// `file_name`: "(max 255)".
pub const FILE_NAME_MAX_CHARS: usize = 255;
/// `name`: "(max 100)".
pub const NAME_MAX_CHARS: usize = 100;
/// `title`: "(max 70, videos only)".
pub const TITLE_MAX_CHARS: usize = 70;

/// "videos only" on the POST: the media type `context.media_types` gives for `media_key`.
const VIDEO_MEDIA_KEY: Applies = Applies::MediaTypeOf("media_key", &[VIDEO]);
/// "videos only" on the PUT: the `media_type` of the record being updated (`context.current`).
const VIDEO_RECORD: Applies = Applies::CurrentMember("media_type", &[VIDEO]);

/// The optional fields of the POST that are for videos only, with the rule ids their skips name.
const VIDEO_ONLY_CREATE: &[(&str, &str)] = &[
    (
        "description",
        "media_library_create.description.videos_only",
    ),
    (
        "poster_media_key",
        "media_library_create.poster_media_key.videos_only",
    ),
    ("title", "media_library_create.title.videos_only"),
];

/// The optional fields of the PUT that are for videos only, with the rule ids their skips name.
const VIDEO_ONLY_UPDATE: &[(&str, &str)] = &[
    (
        "description",
        "media_library_update.description.videos_only",
    ),
    (
        "poster_media_key",
        "media_library_update.poster_media_key.videos_only",
    ),
    ("title", "media_library_update.title.videos_only"),
];

/// What `describe("media_library_list_query")` says.
pub const MEDIA_LIBRARY_LIST_QUERY: Description = Description {
    title: "The media library GET query",
    root: Type::Object(&[
        list_query::count(COUNT_MAX, "default 20, 1 to 50"),
        CURSOR,
        Field::optional("media_type", Type::Enum(MEDIA_TYPES), "GIF, IMAGE, VIDEO"),
        Field::optional(
            "q",
            Str::between(Q_MIN_CHARS, Q_MAX_CHARS),
            "1 to 255 chars, term match on name, title, file_name, description",
        ),
    ]),
    rules: &[],
};

const DESCRIPTION: Field = Field::optional(
    "description",
    Str::max(DESCRIPTION_MAX_CHARS),
    "max 200, videos only",
);
const FILE_NAME: Field = Field::optional("file_name", Str::max(FILE_NAME_MAX_CHARS), "max 255");
const NAME: Field = Field::optional("name", Str::max(NAME_MAX_CHARS), "max 100");
const POSTER_MEDIA_KEY: Field = Field::optional(
    "poster_media_key",
    Str::ANY,
    "videos only; POST default is the first frame",
);
const TITLE: Field = Field::optional("title", Str::max(TITLE_MAX_CHARS), "max 70, videos only");

/// What `describe("media_library_create")` says.
pub const MEDIA_LIBRARY_CREATE: Description = Description {
    title: "The media library POST parameters",
    root: Type::Object(&[
        Field::required(
            "media_key",
            Str::ANY,
            "required (returned by media upload when a media_category is given)",
        ),
        DESCRIPTION.only_when(VIDEO_MEDIA_KEY),
        FILE_NAME,
        NAME,
        POSTER_MEDIA_KEY.only_when(VIDEO_MEDIA_KEY),
        TITLE.only_when(VIDEO_MEDIA_KEY),
    ]),
    rules: &[Rule {
        code: Code::NotAllowed,
        check: Check::MediaTypeOnly {
            members: VIDEO_ONLY_CREATE,
            applies: VIDEO_MEDIA_KEY,
            known: MEDIA_TYPES,
            only: "videos",
        },
        reads_clock: false,
        text: "description, poster_media_key and title are for videos only: allowed when \
               context.media_types gives VIDEO for media_key",
        fields: &["/description", "/poster_media_key", "/title"],
    }],
};

/// What `describe("media_library_update")` says.
pub const MEDIA_LIBRARY_UPDATE: Description = Description {
    title: "The media library PUT parameters",
    root: Type::Object(&[
        DESCRIPTION.only_when(VIDEO_RECORD),
        FILE_NAME,
        NAME,
        POSTER_MEDIA_KEY.only_when(VIDEO_RECORD),
        TITLE.only_when(VIDEO_RECORD),
    ]),
    rules: &[Rule {
        code: Code::NotAllowed,
        check: Check::MediaTypeOnly {
            members: VIDEO_ONLY_UPDATE,
            applies: VIDEO_RECORD,
            known: MEDIA_TYPES,
            only: "videos",
        },
        reads_clock: false,
        text: "description, poster_media_key and title are for videos only: allowed when the \
               media_type of context.current is VIDEO",
        fields: &["/description", "/poster_media_key", "/title"],
    }],
};

#[cfg(test)]
mod tests {
    use super::MEDIA_TYPES;
    use crate::Kind;
    use serde_json::{json, Value};

    /// `appliesWhen` says what the engine does: for every member that has a context condition and
    /// every media type, the engine refuses the member (`not_allowed` at it) exactly when the
    /// condition does not hold. The payload and context are built from the description alone.
    #[test]
    fn applies_when_is_what_the_engine_refuses() {
        let mut checked = 0;
        for kind in [Kind::MediaLibraryCreate, Kind::MediaLibraryUpdate] {
            let described = crate::describe(kind).to_json();
            let fields = described["fields"].as_array().cloned().unwrap_or_default();
            for field in &fields {
                let when = &field["appliesWhen"];
                if when["op"] != "context" {
                    continue;
                }
                let name = field["name"].as_str().unwrap_or_default();
                let values = when["values"].as_array().cloned().unwrap_or_default();
                for media_type in MEDIA_TYPES {
                    let mut payload = json!({ name: "x" });
                    let context = match when["fact"].as_str() {
                        Some("media_types") => {
                            let key = when["key"]
                                .as_str()
                                .unwrap_or_default()
                                .trim_start_matches('/');
                            payload[key] = json!("3_1");
                            json!({"media_types": {"3_1": media_type}})
                        }
                        Some("current") => {
                            let member = when["member"].as_str().unwrap_or_default();
                            json!({"current": { member: media_type }})
                        }
                        other => panic!("{kind:?} {name}: unexpected fact {other:?}"),
                    };
                    let options = json!({ "context": context }).to_string();
                    let report =
                        crate::validate_json(kind.name(), payload.to_string().as_bytes(), &options)
                            .expect("a well-formed call");
                    let refused = report
                        .issues
                        .iter()
                        .any(|i| i.path == format!("/{name}") && i.code.as_str() == "not_allowed");
                    let applies = values.contains(&Value::from(*media_type));
                    assert_eq!(
                        refused, !applies,
                        "{kind:?} {name} for {media_type}: {report:?}"
                    );
                    checked += 1;
                }
            }
        }
        // Three members on each kind, three media types each.
        assert_eq!(checked, 18);
    }
}
