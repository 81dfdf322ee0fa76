//! Promoted Posts (document C §4 Promoted Posts, §5, §8 Limits, §9).
//!
//! > POST /12/accounts/:account_id/tweet
//! >
//! > | as_user_id | long | required; advertiser on whose behalf the Post is made |
//! > | text | string | required when no media_keys |
//! > | card_uri | string | optional |
//! > | conversation_settings | enum | EVERYONE (default), FOLLOWING, MENTIONED_USERS; v8 and above |
//! > | media_keys | string | comma list: up to 4 images, or 1 GIF, or 1 video |
//! > | name | string | max 80 |
//! > | nullcast | boolean | default true; false (organic) only for the authenticated user |
//! > | trim_user | boolean | default false |
//! > | tweet_mode | string | `compat` or `extended` |
//! > | video_cta | enum | VISIT_SITE, WATCH_NOW |
//! > | video_cta_value | string | |
//! > | video_description | string | max 200 |
//! > | video_title | string | max 70 |
//! >
//! > PUT /12/accounts/:account_id/tweets/:tweet_id/name with optional `name` (max 80)
//! >
//! > §8 Limits: Media per Post: 4 images, or 1 GIF, or 1 video.
//!
//! "up to 4 images, or 1 GIF, or 1 video": whatever the mix, a Post holds at most 4 media keys,
//! which the payload alone shows; that a GIF or a video stands alone needs the media types of the
//! keys, read from `context.media_types`. "false (organic) only for the authenticated user"
//! needs `context.authenticated_user_id`. Without the fact, the rule is skipped with a
//! `context_missing` warning. ("v8 and above": every path carries version 12, so nothing to check.)

use crate::ctx::report;
use crate::ctx::{Ctx, Fact};
use crate::engine::form;
use crate::issues::CreativeIssue;
use crate::json::{Object, Value};
use crate::model::{Check, Condition, Description, Field, List, Rule, Str, Type, When};
use crate::options::MediaType;
use crate::report::{Code, Pointer};

/// media_keys: "up to 4 images" (and so at most 4 keys whatever their types).
pub const MEDIA_KEYS_MAX: usize = 4;
/// media_keys: "or 1 GIF, or 1 video": a GIF or a video is the Post's only media.
pub const MEDIA_KEYS_MAX_WITH_GIF_OR_VIDEO: usize = 1;
/// The media types that stand alone ("1 GIF, or 1 video").
pub const ALONE_MEDIA_TYPES: &[MediaType] = &[MediaType::Gif, MediaType::Video];
/// name: "max 80".
pub const NAME_MAX_CHARS: usize = 80;
/// video_description: "max 200".
pub const VIDEO_DESCRIPTION_MAX_CHARS: usize = 200;
/// video_title: "max 70".
pub const VIDEO_TITLE_MAX_CHARS: usize = 70;
/// conversation_settings: "EVERYONE (default), FOLLOWING, MENTIONED_USERS".
pub const CONVERSATION_SETTINGS: &[&str] = &["EVERYONE", "FOLLOWING", "MENTIONED_USERS"];
/// tweet_mode: "`compat` or `extended`".
pub const TWEET_MODES: &[&str] = &["compat", "extended"];
/// video_cta: "VISIT_SITE, WATCH_NOW".
pub const VIDEO_CTAS: &[&str] = &["VISIT_SITE", "WATCH_NOW"];

const RULE_MEDIA_ALONE: &str = "promoted_post_create.media_keys.gif_or_video_alone";
const RULE_ORGANIC: &str = "promoted_post_create.nullcast.organic_only_for_authenticated_user";

const NAME: Field = Field::optional("name", Str::max(NAME_MAX_CHARS), "max 80");

/// What `describe("promoted_post_create")` says.
pub const PROMOTED_POST_CREATE: Description = Description {
    title: "The promoted Post creation parameters (POST .../tweet)",
    root: Type::Object(&[
        Field::required(
            "as_user_id",
            Type::Long,
            "long; required; advertiser on whose behalf the Post is made",
        ),
        Field::required_when(
            "text",
            Str::ANY,
            Condition {
                text: "required when no media_keys",
                when: When::AllAbsent(&["media_keys"]),
            },
            "required when no media_keys",
        ),
        Field::optional("card_uri", Str::ANY, "optional"),
        Field::optional(
            "conversation_settings",
            Type::Enum(CONVERSATION_SETTINGS),
            "EVERYONE (default), FOLLOWING, MENTIONED_USERS; v8 and above",
        ),
        Field::optional(
            "media_keys",
            Type::List(&List {
                item: Str::ANY,
                min_items: None,
                max_items: Some(MEDIA_KEYS_MAX),
                unique: false,
            }),
            "comma list: up to 4 images, or 1 GIF, or 1 video",
        ),
        NAME,
        Field::optional(
            "nullcast",
            Type::Bool,
            "default true; false (organic) only for the authenticated user",
        ),
        Field::optional("trim_user", Type::Bool, "default false"),
        Field::optional("tweet_mode", Type::Enum(TWEET_MODES), "compat or extended"),
        Field::optional("video_cta", Type::Enum(VIDEO_CTAS), "VISIT_SITE, WATCH_NOW"),
        Field::optional("video_cta_value", Str::ANY, "string"),
        Field::optional(
            "video_description",
            Str::max(VIDEO_DESCRIPTION_MAX_CHARS),
            "max 200",
        ),
        Field::optional("video_title", Str::max(VIDEO_TITLE_MAX_CHARS), "max 70"),
    ]),
    rules: &[
        Rule {
            code: Code::Required,
            check: Check::Hook,
            reads_clock: false,
            text: "text is required when media_keys is absent or an empty list",
            fields: &["/text", "/media_keys"],
        },
        Rule {
            code: Code::TooManyItems,
            check: Check::Hook,
            reads_clock: false,
            text: "media_keys: up to 4 images, or 1 GIF, or 1 video: a GIF or a video is the only \
                   media key (media types from context.media_types)",
            fields: &["/media_keys"],
        },
        Rule {
            code: Code::NotAllowed,
            check: Check::Hook,
            reads_clock: false,
            text: "nullcast false (organic) only when as_user_id is the authenticated user \
                   (context.authenticated_user_id)",
            fields: &["/nullcast", "/as_user_id"],
        },
    ],
};

/// What `describe("promoted_post_name_update")` says.
pub const PROMOTED_POST_NAME_UPDATE: Description = Description {
    title: "The promoted Post name PUT parameters",
    root: Type::Object(&[NAME]),
    rules: &[],
};

/// What `media_keys` holds, read after its own checks.
enum Media<'v> {
    Absent,
    /// `""` or `[]`: no media.
    Empty,
    /// Well-formed keys within [`MEDIA_KEYS_MAX`].
    Keys(Vec<&'v str>),
    /// Reported on its own (wrong type, empty item, too many).
    Malformed,
}

/// The hook of `promoted_post_create`: the text needed without media, the media mix (a GIF or a
/// video alone) and organic Posts only for the authenticated user.
pub fn media_mix_and_organic(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let media = media_keys(obj);
    text_without_media(ctx, path, obj, &media);
    if let Media::Keys(keys) = &media {
        gif_or_video_alone(ctx, path, keys);
    }
    organic(ctx, path, obj);
}

fn media_keys<'v>(obj: &'v Object<'v>) -> Media<'v> {
    let keys: Vec<&str> = match obj.get("media_keys") {
        None => return Media::Absent,
        Some(Value::String(s)) if s.is_empty() => return Media::Empty,
        Some(Value::String(s)) => s.split(form::LIST_SEPARATOR).collect(),
        Some(Value::Array(a)) if a.is_empty() => return Media::Empty,
        Some(Value::Array(a)) => {
            let strings: Vec<&str> = a.iter().filter_map(Value::as_str).collect();
            if strings.len() != a.len() {
                return Media::Malformed;
            }
            strings
        }
        Some(_) => return Media::Malformed,
    };
    if keys.len() > MEDIA_KEYS_MAX || keys.iter().any(|k| k.is_empty()) {
        return Media::Malformed;
    }
    Media::Keys(keys)
}

/// "text: required when no media_keys". The field table reports a text missing while
/// media_keys is absent; an empty media_keys (`""`, `[]`) is no media either, and a text of `""`
/// is no text.
fn text_without_media(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, media: &Media<'_>) {
    let text = obj.get("text");
    let already_reported = text.is_none() && matches!(media, Media::Absent);
    let no_text = match text {
        None => true,
        Some(t) => t.as_str() == Some(""),
    };
    if no_text && matches!(media, Media::Absent | Media::Empty) && !already_reported {
        crate::checks::fields::required_because(
            ctx,
            &path.key("text"),
            "text",
            "text is required when the Post has no media_keys",
        );
    }
}

/// "1 GIF, or 1 video": with more than one key, none may be a GIF or a video.
fn gif_or_video_alone(ctx: &mut Ctx, path: &Pointer, keys: &[&str]) {
    if keys.len() <= MEDIA_KEYS_MAX_WITH_GIF_OR_VIDEO {
        return;
    }
    let types = ctx.options.context.media_types.as_ref();
    let known: Vec<Option<MediaType>> = keys
        .iter()
        .map(|k| types.and_then(|m| m.get(*k)).copied())
        .collect();
    let alone = known
        .iter()
        .enumerate()
        .find_map(|(i, t)| t.filter(|t| ALONE_MEDIA_TYPES.contains(t)).map(|t| (i, t)));
    match alone {
        Some((index, media_type)) => report(
            ctx,
            &path.key("media_keys"),
            CreativeIssue::GifOrVideoNotAlone {
                index,
                media_type: media_type.name(),
                max: MEDIA_KEYS_MAX_WITH_GIF_OR_VIDEO,
                actual: keys.len(),
            }
            .into(),
        ),
        None if known.iter().any(Option::is_none) => ctx.skip(Fact::MediaTypes, RULE_MEDIA_ALONE),
        None => {}
    }
}

/// "nullcast ... false (organic) only for the authenticated user": an organic Post must be made
/// as the authenticated user.
fn organic(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    let organic = match obj.get("nullcast") {
        Some(Value::Bool(b)) => !*b,
        Some(Value::String(s)) => s == "false",
        _ => false,
    };
    if !organic || ctx.has_error_at(&path.key("as_user_id")) {
        return;
    }
    let Some(as_user) = obj.get("as_user_id").and_then(user_id) else {
        return;
    };
    let Some(authenticated) = ctx.authenticated_user_id(RULE_ORGANIC) else {
        return;
    };
    if authenticated.parse::<u64>().ok() != Some(as_user) {
        let at = path.key("nullcast");
        report(ctx, &at, CreativeIssue::OrganicForAnotherUser.into());
    }
}

/// A well-formed `as_user_id` (digits, or a JSON integer JavaScript holds exactly) as a number.
fn user_id(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}
