//! `video_conversation_card` and `video_conversation_card_update`: the video conversation card
//! POST parameters and the PUT, "the same fields, all optional" (document C §4 Video
//! conversation cards, §8 Limits).
//!
//! > first_cta (yes): Hashtag, max 20 chars excluding #; first_cta_tweet (yes); media_key (yes);
//! > name (yes); thank_you_text (yes): Max 23 chars; title (conditional): Max 23 chars; required
//! > if second_cta is absent; second_cta (conditional): Max 20 chars; required if title is absent;
//! > second_cta_tweet: if second_cta; third_cta, fourth_cta (no): Max 20 chars each;
//! > third_cta_tweet, fourth_cta_tweet: if the matching cta; poster_media_key, thank_you_url,
//! > unlocked_image_media_key, unlocked_video_media_key (no).
//!
//! Choices where the spec is silent (also in docs/RULES.md):
//! - "Hashtag" (first_cta only, the one row that says it): one `#`, then at least one character,
//!   with no whitespace and no further `#` (a hashtag ends at a space, and a second `#` starts a
//!   second hashtag). Which characters a hashtag may hold beyond that is not stated, so it is not
//!   checked.
//! - "max 20 chars excluding #": one leading `#` is not counted. §8 states the limit for every
//!   "CTA hashtag", so the other CTAs are counted the same way, but only first_cta must have the
//!   hashtag form.
//! - An empty string is no value (forms send `""` for an untouched input): it does not satisfy
//!   "required", "required if ..." or "if second_cta", and an empty CTA needs no Post text.
//! - A non-string value is reported as `wrong_type` and then counts as given, so a cross-field
//!   rule does not report it a second time; a non-string CTA needs nothing.
//! - Update: a member sent replaces the record's value (an empty string leaves it without one);
//!   a member not sent keeps the record's value, read from `context.current` only when a rule
//!   needs it. A member the card always needs (first_cta, first_cta_tweet, media_key, name,
//!   thank_you_text) sent as `""` is `required`.

use crate::checks::{fields, lengths, text};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CreativeIssue;
use crate::json::Value;
use crate::model::{
    At, Check, Condition, Description, Empty, Field, Format, Hook, Member, Place, Required, Rule,
    Str, Type, When,
};
use crate::report::{Code, Pointer};

/// Longest CTA, in characters, not counting one leading `#` ("max 20 chars excluding #").
pub const CTA_MAX_CHARS: usize = 20;
/// Longest title, in characters ("Max 23 chars").
pub const TITLE_MAX_CHARS: usize = 23;
/// Longest thank-you text, in characters ("Max 23 chars").
pub const THANK_YOU_TEXT_MAX_CHARS: usize = 23;
/// The sign a hashtag starts with, not counted in [`CTA_MAX_CHARS`].
pub const HASHTAG_SIGN: char = '#';
/// The hashtag form first_cta must have (reported in `params.pattern`).
pub const HASHTAG_PATTERN: &str = "^#[^#\\s]+$";

/// The members the card always has (required in the POST; an update must not send them empty).
const ALWAYS: [&str; 5] = [
    "first_cta",
    "first_cta_tweet",
    "media_key",
    "name",
    "thank_you_text",
];

/// "title ... required if second_cta is absent; second_cta ... required if title is absent".
const TITLE_OR_SECOND_CTA: [&str; 2] = ["title", "second_cta"];
const ONE_OF_MESSAGE: &str =
    "title or second_cta is required (each is required when the other is absent)";

/// The optional CTAs and the Post text each needs ("if second_cta", "if the matching cta").
const CTA_PAIRS: [(&str, &str); 3] = [
    ("second_cta", "second_cta_tweet"),
    ("third_cta", "third_cta_tweet"),
    ("fourth_cta", "fourth_cta_tweet"),
];
/// [`CTA_PAIRS`] with the rule id an update records when it needs `context.current` for the
/// pair.
const CTA_PAIRS_KEPT: [(&str, &str, &str); 3] = [
    (
        "second_cta",
        "second_cta_tweet",
        "video_conversation_card_update.second_cta.needs_tweet",
    ),
    (
        "third_cta",
        "third_cta_tweet",
        "video_conversation_card_update.third_cta.needs_tweet",
    ),
    (
        "fourth_cta",
        "fourth_cta_tweet",
        "video_conversation_card_update.fourth_cta.needs_tweet",
    ),
];
/// What a CTA needs, in the `dependency_missing` message.
const POST_TEXT: &str = "the Post text used on click";

/// Longest CTA as typed, in characters: [`CTA_MAX_CHARS`] plus the one leading `#` not counted.
/// The bound a form can set as `maxlength` (the engine counts without the `#`).
pub const CTA_MAX_CHARS_WITH_SIGN: usize = CTA_MAX_CHARS + HASHTAG_SIGN.len_utf8();

const CTA_DOC: &str = "Max 20 chars (a leading # not counted: CTA hashtag max 20)";

/// The POST parameters in the spec's table order (C §4 Video conversation cards).
const FIELDS: [Field; 16] = [
    Field::required(
        "first_cta",
        Type::Str(Str {
            min: None,
            max: Some(CTA_MAX_CHARS_WITH_SIGN),
            format: Some(Format::Hashtag),
        }),
        "Hashtag, max 20 chars excluding #",
    )
    .hooked(&CTA),
    Field::required("first_cta_tweet", Str::ANY, "Post text used on click"),
    Field::required("media_key", Str::ANY, "Video in the media library, 16:9"),
    Field::required("name", Str::ANY, "The card's name"),
    Field::required(
        "thank_you_text",
        Str::max(THANK_YOU_TEXT_MAX_CHARS),
        "Max 23 chars",
    ),
    Field::required_when(
        "title",
        Str::max(TITLE_MAX_CHARS),
        &Condition {
            text: "required if second_cta is absent",
            when: When::AllAbsent(&["second_cta"]),
        },
        "Max 23 chars; required if second_cta is absent",
    ),
    Field::required_when(
        "second_cta",
        Str::max(CTA_MAX_CHARS_WITH_SIGN),
        &Condition {
            text: "required if title is absent",
            when: When::AllAbsent(&["title"]),
        },
        "Max 20 chars; required if title is absent",
    )
    .hooked(&CTA)
    .needs_when_given(&["second_cta_tweet"]),
    Field::optional(
        "second_cta_tweet",
        Str::ANY,
        "Post text used on click; required if second_cta (a CTA sent empty needs none)",
    ),
    Field::optional("third_cta", Str::max(CTA_MAX_CHARS_WITH_SIGN), CTA_DOC)
        .hooked(&CTA)
        .needs_when_given(&["third_cta_tweet"]),
    Field::optional("fourth_cta", Str::max(CTA_MAX_CHARS_WITH_SIGN), CTA_DOC)
        .hooked(&CTA)
        .needs_when_given(&["fourth_cta_tweet"]),
    Field::optional(
        "third_cta_tweet",
        Str::ANY,
        "Post text used on click; required if the matching cta (a CTA sent empty needs none)",
    ),
    Field::optional(
        "fourth_cta_tweet",
        Str::ANY,
        "Post text used on click; required if the matching cta (a CTA sent empty needs none)",
    ),
    Field::optional("poster_media_key", Str::ANY, "Default first frame"),
    Field::optional("thank_you_url", Str::ANY, "thank_you_url"),
    Field::optional(
        "unlocked_image_media_key",
        Str::ANY,
        "Write-only; image from the media library",
    ),
    Field::optional(
        "unlocked_video_media_key",
        Str::ANY,
        "unlocked_video_media_key",
    ),
];

/// "the same fields, all optional": [`FIELDS`] with every member optional, and no Post text
/// needed by the table (the update's rule, [`Check::NeedsKept`], reads the record).
const fn all_optional<const N: usize>(mut fields: [Field; N]) -> [Field; N] {
    let mut i = 0;
    while i < N {
        fields[i].need = Required::Optional;
        // An update's CTA may take its Post text from the record (context.current).
        fields[i].needs = &[];
        i += 1;
    }
    fields
}

const UPDATE_FIELDS: [Field; FIELDS.len()] = all_optional(FIELDS);

const ONE_OF_RULE: &str = "title or second_cta (each is required if the other is absent)";
const NEEDS_TWEET_RULE: &str =
    "second_cta, third_cta and fourth_cta each need their Post text (second_cta_tweet, third_cta_tweet, fourth_cta_tweet)";
const ONE_OF_FIELDS: &[&str] = &["/title", "/second_cta"];
const NEEDS_TWEET_FIELDS: &[&str] = &[
    "/second_cta",
    "/second_cta_tweet",
    "/third_cta",
    "/third_cta_tweet",
    "/fourth_cta",
    "/fourth_cta_tweet",
];

/// What `describe("video_conversation_card")` says.
pub const DESCRIPTION: Description = Description {
    title: "The video conversation card POST parameters",
    root: Type::Object(&FIELDS),
    rules: &[
        Rule {
            code: Code::OneOfRequired,
            check: &Check::AtLeastOne {
                members: &TITLE_OR_SECOND_CTA,
                empty: Empty::Text,
                message: ONE_OF_MESSAGE,
            },
            reads_clock: false,
            text: ONE_OF_RULE,
            fields: ONE_OF_FIELDS,
        },
        Rule {
            code: Code::DependencyMissing,
            check: &Check::Needs {
                pairs: &CTA_PAIRS,
                what: POST_TEXT,
            },
            reads_clock: false,
            text: NEEDS_TWEET_RULE,
            fields: NEEDS_TWEET_FIELDS,
        },
    ],
};

/// What `describe("video_conversation_card_update")` says: the same fields, all optional; the
/// rules across fields hold for the card as it will be (a member not sent is read from
/// `context.current`).
pub const UPDATE_DESCRIPTION: Description = Description {
    title: "The video conversation card PUT parameters (the same fields, all optional)",
    root: Type::Object(&UPDATE_FIELDS),
    rules: &[
        Rule {
            code: Code::OneOfRequired,
            check: &Check::OneOfKept {
                members: &TITLE_OR_SECOND_CTA,
                message: ONE_OF_MESSAGE,
                rule: "video_conversation_card_update.title_or_second_cta.one_of",
            },
            reads_clock: false,
            text: "title or second_cta must remain on the card (a member not sent is read from context.current)",
            fields: ONE_OF_FIELDS,
        },
        Rule {
            code: Code::DependencyMissing,
            check: &Check::NeedsKept {
                pairs: &CTA_PAIRS_KEPT,
                what: POST_TEXT,
            },
            reads_clock: false,
            text: "a CTA the card will have needs its Post text (a member not sent is read from context.current)",
            fields: NEEDS_TWEET_FIELDS,
        },
        Rule {
            code: Code::Required,
            check: &Check::NotSentEmpty {
                members: &ALWAYS,
                message: "is required and must not be empty",
            },
            reads_clock: false,
            text: "first_cta, first_cta_tweet, media_key, name and thank_you_text, which the card always has, must not be sent empty",
            fields: &["/first_cta", "/first_cta_tweet", "/media_key", "/name", "/thank_you_text"],
        },
    ],
};

/// The member hook of the CTAs ([`cta_check`]).
const CTA: Hook = Hook::new(Place::Value, cta_check, &[]);

/// Member hook of the CTAs: first_cta "Hashtag, max 20 chars excluding #" (the one row that
/// says hashtag); second_cta, third_cta, fourth_cta "Max 20 chars" (a leading `#` not counted,
/// as for every "CTA hashtag" of §8).
fn cta_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path,
        name,
        value: v,
        required,
        ..
    }) = hook.member()
    else {
        return;
    };
    if let Some(s) = cta(ctx, path, name, v, required) {
        if name == "first_cta" {
            hashtag(ctx, path, s);
        }
        cta_length(ctx, path, s);
    }
}

/// A CTA's text when it is a non-empty string (`""` is `required` when the member is).
fn cta<'v>(
    ctx: &mut Ctx,
    path: &Pointer,
    name: &str,
    v: &'v Value,
    required: bool,
) -> Option<&'v str> {
    let s = fields::string(ctx, path, v)?;
    if s.is_empty() {
        if required {
            let message = format!("{name} is required and must not be empty");
            fields::required_because(ctx, path, name, message);
        }
        return None;
    }
    Some(s)
}

/// Whether `s` has the hashtag form of [`HASHTAG_PATTERN`].
pub fn is_hashtag(s: &str) -> bool {
    s.strip_prefix(HASHTAG_SIGN).is_some_and(|tag| {
        !tag.is_empty() && !tag.chars().any(|c| c.is_whitespace() || c == HASHTAG_SIGN)
    })
}

/// first_cta: "Hashtag".
fn hashtag(ctx: &mut Ctx, p: &Pointer, s: &str) {
    if !is_hashtag(s) {
        text::invalid_format(
            ctx,
            p,
            "must be one hashtag: '#' followed by at least one character, with no spaces and no other '#'",
            HASHTAG_PATTERN,
        );
    }
}

/// "max 20 chars excluding #" (first_cta), "Max 20 chars" (the other CTAs), "CTA hashtag max 20"
/// (§8): one leading `#` is not counted.
fn cta_length(ctx: &mut Ctx, p: &Pointer, s: &str) {
    let counted = s.strip_prefix(HASHTAG_SIGN).unwrap_or(s);
    let actual = lengths::char_count(counted);
    if actual > CTA_MAX_CHARS {
        let max = CTA_MAX_CHARS;
        report(ctx, p, CreativeIssue::CtaTooLong { max, actual }.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::Kind;
    use crate::options::Options;
    use crate::report::Report;
    use serde_json::json;

    fn run(update: bool, payload: serde_json::Value, options: &Options) -> Report {
        let kind = if update {
            Kind::VideoConversationCardUpdate
        } else {
            Kind::VideoConversationCard
        };
        crate::validate(kind, &payload, options)
    }

    #[test]
    fn the_update_has_the_same_members_and_requires_nothing() {
        let names: Vec<&str> = FIELDS.iter().map(|f| f.name).collect();
        let update: Vec<&str> = UPDATE_FIELDS.iter().map(|f| f.name).collect();
        assert_eq!(update, names);
        assert!(ALWAYS.iter().all(|a| names.contains(a)));
        assert!(UPDATE_FIELDS
            .iter()
            .all(|f| matches!(f.need, Required::Optional)));
        for (post, put) in FIELDS.iter().zip(UPDATE_FIELDS.iter()) {
            assert_eq!(format!("{:?}", post.ty), format!("{:?}", put.ty));
        }
    }

    #[test]
    fn hashtag_form() {
        for ok in ["#a", "#APIs", "#日本語", "#with_underscore", "#123"] {
            assert!(is_hashtag(ok), "{ok}");
        }
        for bad in ["", "#", "APIs", "##a", "#a#b", "#a b", "# a", "#a\n", " #a"] {
            assert!(!is_hashtag(bad), "{bad:?}");
        }
    }

    #[test]
    fn never_panics_and_never_echoes_values() {
        let secret = "#SECRETVALUEthatislongerthan20";
        let payloads = [
            json!(null),
            json!([secret]),
            json!({"first_cta": secret, "title": secret, "second_cta": secret,
                   "third_cta": secret, "fourth_cta": "", "thank_you_text": secret}),
            json!({"second_cta": secret, "second_cta_tweet": "", "third_cta": 3}),
        ];
        for p in payloads {
            for update in [false, true] {
                let r = run(update, p.clone(), &Options::default());
                for i in &r.issues {
                    assert!(!i.message.contains("SECRET"), "{}", i.message);
                }
            }
        }
    }

    #[test]
    fn update_asks_for_current_only_when_needed() {
        let r = run(true, json!({"name": "n", "title": ""}), &Options::default());
        assert_eq!(r.issues.len(), 1);
        assert_eq!(r.issues[0].code, Code::ContextMissing);
        let r = run(
            true,
            json!({"title": "", "second_cta": "#b", "second_cta_tweet": "t"}),
            &Options::default(),
        );
        assert!(r.issues.is_empty());
        let r = run(
            true,
            json!({"title": "", "second_cta": ""}),
            &Options::default(),
        );
        assert_eq!(r.issues.len(), 1);
        assert_eq!(r.issues[0].code, Code::OneOfRequired);
    }
}
