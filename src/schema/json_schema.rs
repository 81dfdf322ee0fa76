//! `jsonSchema(kind)`: a JSON Schema (draft 2020-12) carrying what JSON Schema can express of
//! a kind's [`Description`]: types, required members (also the conditional ones whose
//! condition is about the payload itself, a one-of group as one `anyOf`), lengths, ranges, enums,
//! item counts, every format as a `pattern` ([`pattern`]), and no member the spec does not list
//! (`additionalProperties` / `unevaluatedProperties` false: the engine warns of one,
//! `unknown_field`, and an editor should show it). The rules across fields and the facts from
//! `options.context` are named in `$comment`s; the engine checks all of it, and what a pattern
//! cannot say of a format (a check digit, a month's length).
//!
//! A schema never refuses what the engine accepts, but for a member not listed. Tests keep the
//! two in step (tests/node/schema.test.mjs): every valid shared vector passes under ajv, every
//! refusal of a type, pattern or count fails, values at each format's edges agree, and
//! `describe` gives the same bounds.

use super::json::J;
use crate::ctx::Mode;
use crate::model::{needed_by, Check, Condition, Field, Format, KindSpec};
use crate::model::{Required, Type, When};
use crate::signing::oauth1::OOB_CALLBACK;

/// The dialect every schema declares.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A string pattern matching a decimal integer, as query parameters carry numbers.
const DECIMAL_PATTERN: &str = "^-?[0-9]+$";
/// 64 lowercase hex digits.
const SHA256_HEX_PATTERN: &str = "^[0-9a-f]{64}$";

/// The bytes of `parts` joined, at compile time (see [`pat!`]).
const fn joined<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut i, mut at) = (0, 0);
    while i < parts.len() {
        let b = parts[i].as_bytes();
        let mut j = 0;
        while j < b.len() {
            out[at] = b[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The length of `parts` joined.
const fn joined_len(parts: &[&str]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// A pattern written as pieces, joined at compile time into one `&'static str`: the module
/// holds each pattern as text, with no code to build it.
macro_rules! pat {
    ($($part:expr),+ $(,)?) => {{
        const PARTS: &[&str] = &[$($part),+];
        const BYTES: [u8; joined_len(PARTS)] = joined(PARTS);
        const TEXT: &str = match std::str::from_utf8(&BYTES) {
            Ok(s) => s,
            Err(_) => panic!("a pattern is UTF-8"),
        };
        TEXT
    }};
}

/// A URL character, as [`crate::checks::urls`] allows it: not a space, a control character or
/// `"<>\^`{|}` (the class is left open for the callers' additions). A pattern may accept more
/// than the engine (a `%` not starting an escape: the engine checks the rest), never less.
const URL_CHAR: &str = "[^\\x00-\\x20\\x7f\"<>\\\\^`{|}";
/// `://`, the host and the rest of an absolute URL, not anchored.
const URL_REST: &str = pat!("://", URL_CHAR, "/?#]+([/?#]", URL_CHAR, "]*)?");
/// The same inside a comma-separated list (no `,`, no space).
const URL_ITEM_REST: &str = pat!("://", URL_CHAR, "/?#,]+([/?#]", URL_CHAR, ",]*)?");
/// `http` or `https`, any case.
const HTTP: &str = "[Hh][Tt][Tt][Pp][Ss]?";
/// `https`, any case.
const HTTPS: &str = "[Hh][Tt][Tt][Pp][Ss]";
/// A `YYYY-MM-DD` date ([`crate::time`]; month lengths are the engine's).
const DATE: &str = "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])";
/// `Thh:`.
const HOUR: &str = "[Tt]([01][0-9]|2[0-3]):";
/// `Thh:mm[:ss[.fraction]]`.
const TIME: &str = pat!(HOUR, "[0-5][0-9](:[0-5][0-9]([.,][0-9]+)?)?");
/// `Z` or `±hh[[:]mm]`.
const OFFSET: &str = "([Zz]|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)";
/// A date-time with an offset.
const WITH_OFFSET: &str = pat!(DATE, TIME, OFFSET);
/// A hex digit.
const HEX: &str = "[0-9A-Fa-f]";
/// An ASCII letter or digit (a character of a word).
const ALNUM: &str = "[^\\W_]";
/// An IAB category code with the spaces around it (the engine trims each item).
const IAB_ITEM: &str = "[\\s\\x85]*IAB[0-9]+(-[0-9]+)?[\\s\\x85]*";

const _: () = assert!(crate::rules::product::ADDITIONAL_IMAGES_MAX == 10);

/// The pattern of a format: everything a regular expression can say of it (never refusing what
/// the engine accepts; what it cannot say, like a GTIN's check digit or a month's length, the
/// engine still checks). Country and currency codes are the engine's own tables
/// ([`crate::checks::iso`]).
pub fn pattern(f: Format) -> String {
    use crate::checks::iso;
    let p = match f {
        Format::Url => pat!("^", HTTP, URL_REST, "$"),
        Format::HttpsUrl => pat!("^", HTTPS, URL_REST, "$"),
        Format::UrlList => pat!("^", HTTPS, URL_ITEM_REST, "(,", HTTPS, URL_ITEM_REST, ")*$"),
        // Up to ADDITIONAL_IMAGES_MAX items (the `{0,9}`, held to it below).
        Format::ProductUrlList => {
            pat!(
                "^ *",
                HTTP,
                URL_ITEM_REST,
                " *(, *",
                HTTP,
                URL_ITEM_REST,
                " *){0,9}$"
            )
        }
        Format::DateTime => pat!("^", DATE, "(", TIME, OFFSET, "?)?$"),
        Format::DateTimeWithOffset => pat!("^", WITH_OFFSET, "$"),
        Format::DateTimeUtc => pat!("^", DATE, TIME, "([Zz]|[+-]00(:?00)?)$"),
        // The engine reads nine digits of a fraction: any after nine zeros are whole-hour too.
        Format::WholeHour => pat!(
            "^",
            DATE,
            HOUR,
            "00(:00([.,](0{9}[0-9]*|0{1,8}))?)?",
            OFFSET,
            "$"
        ),
        Format::DateRange => pat!("^", WITH_OFFSET, "/", WITH_OFFSET, "$"),
        Format::CountryCode => return format!("^({})$", iso::COUNTRY_ALPHA2.join("|")),
        Format::Price => {
            let codes = iso::CURRENCY_ALPHA3.join("|");
            return format!("^[0-9]+(\\.[0-9]+)? ({codes})$");
        }
        // Letters, digits, `-`, `_`, `.` and non-ASCII (`urls::is_domain`: no scheme, port or
        // path; the engine checks the labels).
        Format::Domain => "^[^\\x00-\\x2c/:-@\\[-\\^`{-\\x7f]+$",
        Format::Gtin => "^([0-9]{8}|[0-9]{12,13}|[0-9]{9}[0-9X])$",
        Format::Sha256Hex => SHA256_HEX_PATTERN,
        // HASHTAG_PATTERN (`^#[^#\s]+$`) with the white space of Rust's `char::is_whitespace`,
        // which the engine tests: JavaScript's `\s` has U+FEFF and not U+0085.
        Format::Hashtag => "^#([^#\\s\\x85]|\\ufeff)+$",
        Format::Digits => "^[0-9]+$",
        // The ios identifier: digits, or "" (an update clearing it).
        Format::Numeric => "^[0-9]*$",
        Format::IabCategoryList => pat!("^(", IAB_ITEM, "(,", IAB_ITEM, ")*)?$"),
        // No `<` opening a tag (a letter, `/` and a letter, `!` or `?`) closed by a `>` before
        // the next `<` (`checks::text::contains_markup`).
        Format::PlainText => "^(?![\\s\\S]*<([!?]|/?[A-Za-z])[^<]*>)",
        // No hex colour code (`checks::text::contains_hex_color`): a word of 3, 4, 6 or 8 hex
        // digits after `#` (`HASHED_HEX_COLOR_LENGTHS`), or a bare word of 6 with both digits and
        // letters (`BARE_HEX_COLOR_LENGTH`).
        Format::Ascii => crate::formats::ASCII_PATTERN,
        Format::HttpsUrlOrOob => pat!("^(", OOB_CALLBACK, "|", HTTPS, URL_REST, ")$"),
        Format::BasicCredentials => crate::checks::credentials::BASIC_PATTERN,
        Format::NoHexColor => pat!(
            "^(?![\\s\\S]*(#(",
            HEX,
            "{3,4}|",
            HEX,
            "{6}|",
            HEX,
            "{8})|(?<!#|",
            ALNUM,
            ")(?=",
            HEX,
            "{0,5}\\d)(?=",
            HEX,
            "{0,5}[A-Fa-f])",
            HEX,
            "{6})(?!",
            ALNUM,
            "))"
        ),
    };
    p.into()
}

/// The schema of a kind, as a JSON tree.
pub fn schema(d: &KindSpec) -> J {
    let mode = d.mode;
    let mut root = match type_schema(&d.root, mode, true) {
        o @ J::Obj(_) => o,
        _ => J::obj(),
    };
    root.put("$schema", DIALECT.into());
    root.put(
        "$id",
        format!("urn:preflight:kind:{}", d.kind.name()).into(),
    );
    root.put("title", d.title.into());
    root.put("description", format!("{} ({})", d.title, d.source).into());
    let said = super::describe::rules(d);
    if !said.is_empty() {
        let rules: Vec<String> = said
            .iter()
            .map(|r| {
                // A rule relative to "now" says so: the engine reads options.now or the clock.
                let clock = if r.reads_clock {
                    " [reads the clock]"
                } else {
                    ""
                };
                format!("{}: {}{clock}", r.code.code(), r.text)
            })
            .collect();
        let comment = format!(
            "Rules across fields, checked by the engine: {}",
            rules.join("; ")
        );
        root.put("$comment", comment.into());
    }
    root
}

/// `{"type": t}`.
fn typed(t: &str) -> J {
    J::obj().set("type", t)
}

/// `{"anyOf": [a, b]}`.
fn any_of(a: J, b: J) -> J {
    J::obj().set("anyOf", vec![a, b])
}

/// `{"properties": {name: value}, "required": [name]}`.
fn with_member(name: &'static str, value: J) -> J {
    J::obj()
        .set("properties", J::obj().set(name, value))
        .set("required", vec![J::from(name)])
}

fn type_schema(t: &Type, mode: Mode, required: bool) -> J {
    match t {
        Type::Str(s) => {
            let mut m = typed("string");
            if let Some(n) = s.fewest(required) {
                m.put("minLength", n.into());
            }
            if let Some(n) = s.max {
                m.put("maxLength", n.into());
            }
            if let Some(f) = s.format {
                m.put("pattern", pattern(f).into());
                m.put("$comment", format!("format: {}", f.name()).into());
            }
            m
        }
        Type::Enum(values) => typed("string").set("enum", *values),
        Type::Int { min, max } => {
            let mut n = typed("integer");
            if let Some(v) = min {
                n.put("minimum", (*v).into());
            }
            if let Some(v) = max {
                n.put("maximum", (*v).into());
            }
            match mode {
                Mode::Json => n,
                Mode::Query => any_of(
                    n,
                    typed("string").set("pattern", DECIMAL_PATTERN).set(
                        "$comment",
                        "a decimal string; its range is checked by the engine",
                    ),
                ),
            }
        }
        Type::Number => typed("number"),
        Type::Long => any_of(
            typed("string").set("pattern", crate::engine::form::LONG_PATTERN),
            typed("integer")
                .set("minimum", 0i64)
                .set("maximum", crate::checks::numbers::MAX_SAFE_INTEGER),
        ),
        Type::Bool => match mode {
            Mode::Json => typed("boolean"),
            Mode::Query => {
                let text: &[&str] = &["true", "false"];
                any_of(typed("boolean"), J::obj().set("enum", text))
            }
        },
        Type::List(l) => {
            let mut arr = typed("array").set("items", type_schema(&l.item, mode, true));
            if let Some(n) = l.fewest(required) {
                arr.put("minItems", n.into());
            }
            if let Some(n) = l.max_items {
                arr.put("maxItems", n.into());
            }
            if l.unique {
                arr.put("uniqueItems", true.into());
            }
            let mut text = typed("string");
            // An empty text is an untouched optional input (the engine accepts it); a required
            // list or one with a minimum count must not be empty.
            let may_be_empty = !required && l.min_items.unwrap_or(0) == 0;
            if let Type::Enum(values) = l.item {
                let alt = values
                    .iter()
                    .map(|v| regex_escape(v))
                    .collect::<Vec<_>>()
                    .join("|");
                let list = format!("({alt})(,({alt}))*");
                let pattern = if may_be_empty {
                    format!("^({list})?$")
                } else {
                    format!("^{list}$")
                };
                text.put("pattern", pattern.into());
            } else if !may_be_empty {
                text.put("minLength", 1usize.into());
            }
            text.put(
                "$comment",
                "comma-separated; the item count is checked by the engine".into(),
            );
            any_of(text, arr)
        }
        Type::Array(a) => {
            let mut m = typed("array").set("items", type_schema(&a.item, mode, true));
            if let Some(n) = a.min_items {
                m.put("minItems", n.into());
            }
            if let Some(n) = a.max_items {
                m.put("maxItems", n.into());
            }
            m
        }
        Type::Object(fields) => object_schema(fields, mode, true),
        Type::Tagged(tagged) => {
            let tags: Vec<J> = tagged.variants.iter().map(|(v, _)| J::from(*v)).collect();
            let branches: Vec<J> = tagged
                .variants
                .iter()
                .map(|(value, fields)| {
                    J::obj()
                        .set("if", with_member(tagged.tag, J::obj().set("const", *value)))
                        .set("then", object_schema(fields, mode, false))
                })
                .collect();
            // The members of the variant taken (its `then`) and the tag are the only ones
            // known: the engine warns of any other (`unknown_field`) or refuses it (a member of
            // another variant, `not_allowed`).
            typed("object")
                .set(
                    "properties",
                    J::obj().set(tagged.tag, typed("string").set("enum", tags)),
                )
                .set("required", vec![J::from(tagged.tag)])
                .set("allOf", branches)
                .set("unevaluatedProperties", false)
        }
    }
}

/// The schema of an object with the members `fields`; `closed`: no other member (the table is
/// every member the spec lists: the engine warns of any other, `unknown_field`, or refuses it).
fn object_schema(fields: &[Field], mode: Mode, closed: bool) -> J {
    let mut props = J::obj();
    let mut required = Vec::new();
    let mut conditions = Vec::new();
    let mut comments = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let always = matches!(f.need, Required::Always);
        let mut s = type_schema(&f.ty, mode, always);
        if (f.hook.is_some() || f.covered) && !always {
            allow_empty(&mut s);
        }
        if !s.has("description") {
            s.put("description", f.doc.into());
        }
        props.put(f.name, s);
        match &f.need {
            Required::Always => required.push(J::from(f.name)),
            Required::Optional => {
                if let Some(by) = needed_by(f, fields) {
                    conditions.push(needed_schema(by, f.name));
                }
            }
            Required::When(c) => {
                // A twin of an earlier member's group ("gtin: if brand and mpn are absent"
                // after brand's): that member's rule says it.
                let twin = fields[..i].iter().any(|g| {
                    matches!(g.need, Required::When(&Condition { when: When::AllAbsent(o), .. })
                        if o.contains(&f.name))
                });
                match condition_schema(f, c, fields) {
                    _ if twin => {}
                    Some(v) => conditions.push(v),
                    None => comments.push(format!("{}: {}", f.name, c.text)),
                }
            }
        }
    }
    let mut m = typed("object").set("properties", props);
    if closed {
        m.put("additionalProperties", false.into());
    }
    if !required.is_empty() {
        m.put("required", required.into());
    }
    if !conditions.is_empty() {
        m.put("allOf", conditions.into());
    }
    if !comments.is_empty() {
        let comment = format!(
            "required under facts from options.context: {}",
            comments.join("; ")
        );
        m.put("$comment", comment.into());
    }
    m
}

/// Lets the pattern of an optional member checked by a hook match `""` too: what a hook does
/// with an empty value (an update clearing the member) is its own.
fn allow_empty(s: &mut J) {
    if let J::Obj(members) = s {
        for (k, v) in members.iter_mut() {
            if let (&"pattern", J::Str(p)) = (&*k, v) {
                p.insert_str(0, "^$|");
            }
        }
    }
}

/// `if`/`then` for member `f` required under condition `c` on its `fields` siblings; `None` for a
/// condition on a context fact (not in the payload). "Required if all of X are absent" is one
/// rule of the group, `anyOf` of each of `f` and X given: at least one of them (its twins, which
/// say the same, are left out by [`object_schema`]), with the words of the rule the engine
/// reports it by (a [`Check::AtLeastOne`] of [`Field::grouped`] members, which counts `""` as
/// absent), else the condition's.
fn condition_schema(f: &Field, c: &Condition, fields: &[Field]) -> Option<J> {
    // Each `required` names its member in `properties` of the same subschema (ajv's
    // strictRequired).
    let cond = match c.when {
        When::Equals(f, v) => with_member(f, J::obj().set("const", v)),
        When::Present(f) => with_member(f, J::Bool(true)),
        When::AllAbsent(others) => {
            let given = |name| match f.grouped {
                true => with_member(name, J::obj().set("not", J::obj().set("const", ""))),
                false => with_member(name, J::Bool(true)),
            };
            let mut any = vec![given(f.name)];
            any.extend(others.iter().map(|n| given(n)));
            let mut words = c.text;
            for g in fields.iter().filter(|g| f.grouped && g.grouped) {
                if let Some(Check::AtLeastOne { message, .. }) = g.then {
                    words = message;
                }
            }
            return Some(J::obj().set("anyOf", any).set("description", words));
        }
        When::Context { .. } => return None,
    };
    Some(
        J::obj()
            .set("if", cond)
            .set("then", with_member(f.name, J::Bool(true)))
            .set("$comment", c.text),
    )
}

/// `if`/`then` for member `name`, needed by `by` ([`Field::needs`]).
fn needed_schema(by: &Field, name: &'static str) -> J {
    if by.needs_given {
        // Given: a string, not "" (a form's untouched input); another type is reported on its
        // own by the member's schema.
        let given = || typed("string").set("minLength", 1usize);
        J::obj()
            .set("if", with_member(by.name, given()))
            .set("then", with_member(name, given()))
            .set("$comment", format!("{} is given (not empty)", by.name))
    } else {
        J::obj()
            .set("if", with_member(by.name, J::Bool(true)))
            .set("then", with_member(name, J::Bool(true)))
            .set("$comment", format!("{} is present", by.name))
    }
}

/// Escapes the regex metacharacters of an enum value.
fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\^$.|?*+()[]{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
