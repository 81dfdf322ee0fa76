//! docs/RULES.md against each constraint `describe` gives a field: for every described
//! constraint (type, required, lengths, range, enum, format, item counts, items) of every field,
//! the kind's section has a row about that field (its id names the field exactly, the matching
//! rule of [`crate::about`], or it documents a rule across fields that includes it) citing the
//! code the engine reports when the constraint is broken. A field with several rows therefore
//! keeps one per code: deleting `poll_card.duration_in_minutes.range` fails although
//! `duration_in_minutes` has other rows; and a row about another field of the same name
//! (`card_update.payload.type` for `/components/*/label/type`) covers nothing.
//!
//! Which code a broken constraint gives is the engine's, not a guess: [`FORMAT_CODES`] and
//! [`EXCEPTIONS`] are held to it by [`crate::constraint_codes`], which breaks each constraint of
//! each field of every valid vector and requires that code at the field.

use crate::about::id_name;
use crate::doc::{doc, Row};
use crate::rows::{row_pointers, segments};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The code of a broken `format`, by format name, and a value that breaks it.
#[rustfmt::skip]
pub const FORMAT_CODES: &[(&str, &str, &str)] = &[
    ("url", "invalid_url", "%% not a URL %%"),
    ("url_list", "invalid_url", "%% not a URL %%"),
    ("https_url", "url_not_https", "http://example.com/"),
    ("iso8601", "invalid_date_time", "%% not a time %%"),
    ("iso8601_with_offset", "invalid_date_time", "%% not a time %%"),
    ("iso8601_utc", "invalid_date_time", "%% not a time %%"),
    ("iso8601_whole_hour", "invalid_date_time", "%% not a time %%"),
    ("iso8601_range", "invalid_date_range", "%% not a range %%"),
    ("country_code", "invalid_country_code", "%% not a country %%"),
    ("price", "invalid_price", "%% not a price %%"),
    ("domain", "invalid_format", "%% not a domain %%"),
    ("gtin", "invalid_format", "%% not a GTIN %%"),
    ("sha256_hex", "invalid_format", "%% not a hash %%"),
    ("hashtag", "invalid_format", "%% not a hashtag %%"),
    ("digits", "invalid_format", "%% not digits %%"),
    ("numeric", "invalid_format", "%% not a number %%"),
    ("plain_text", "invalid_format", "<b>markup</b>"),
    ("no_hex_color", "invalid_format", "#ff00ff"),
    ("iab_category_list", "invalid_format", "%% not a category %%"),
    ("ascii", "invalid_format", "non-ASCII \u{e9}"),
    ("https_url_or_oob", "url_not_https", "http://example.com/"),
    ("http_basic_credentials", "invalid_format", "Bearer %% not Basic %%"),
];

/// Where the engine reports another code than the constraint's usual one, because another rule
/// of the field is stricter: (kind, field path, constraint, code, why).
#[rustfmt::skip]
pub const EXCEPTIONS: &[(&str, &str, &str, &str, &str)] = &[
    ("line_item_update", "/duration_in_days", "minimum", "not_in_enum", "only 1, 7 or 30"),
    ("line_item_update", "/duration_in_days", "maximum", "not_in_enum", "only 1, 7 or 30"),
    ("activity_subscription", "/webhook_id", "maxLength", "invalid_format", "1 to 19 digits"),
    ("webhook_id", "/webhook_id", "maxLength", "invalid_format", "1 to 19 digits"),
    ("promoted_post_create", "/text", "required", "required", "its own rule, at /text"),
    ("card", "/components", "minItems", "one_of_required", "media plus DETAILS or BUTTON"),
    ("card", "/slides", "minItems", "one_of_required", "each slide needs its components"),
    ("card_update", "/components", "minItems", "one_of_required", "media plus DETAILS or BUTTON"),
    ("card_update", "/slides", "minItems", "one_of_required", "each slide needs its components"),
    ("keyword_insights_query", "/keywords", "minItems", "required", "required: empty is missing"),
];

/// How a bound is passed, from the bound.
type PassBound = fn(i64) -> Broken;

/// The bounds `describe` gives a field: (member, the code when it is passed, how to pass it).
#[rustfmt::skip]
const BOUNDS: &[(&str, &str, PassBound)] = &[
    ("minLength", "too_short", |m| Broken::Chars((m - 1).max(0) as usize)),
    ("maxLength", "too_long", |m| Broken::Chars(m as usize + 1)),
    ("minimum", "out_of_range", |m| Broken::Set(json!(m - 1))),
    ("maximum", "out_of_range", |m| Broken::Set(json!(m + 1))),
    ("minItems", "too_few_items", |m| Broken::Items((m - 1).max(0) as usize)),
    ("maxItems", "too_many_items", |m| Broken::Items(m as usize + 1)),
];

/// How a constraint is broken, on a payload where the field has a value.
#[derive(Clone, Debug)]
pub enum Broken {
    /// The member removed.
    Remove,
    /// The member removed where its condition (`describe`'s `when`) holds: the members it
    /// needs absent removed too, the member it depends on set, or the context fact given.
    RemoveWhen(Value),
    /// The value replaced.
    Set(Value),
    /// A string of this many characters (the value's first character repeated).
    Chars(usize),
    /// The list with this many items (its first item repeated; as an array).
    Items(usize),
    /// The list's first item replaced (as an array).
    Item(Value),
}

/// One described constraint of one field and the code the engine reports when it is broken.
#[derive(Clone, Debug)]
pub struct Constraint {
    pub path: String,
    /// The constraint as `describe` names it (`maxLength`, `format`, `items.enum`, ...).
    pub name: &'static str,
    /// The constraint with its value, for messages (`maxLength 25`).
    pub text: String,
    pub code: String,
    pub broken: Broken,
}

/// The constraints `describe(kind)` gives each field, with the codes that break them; a format
/// without a known code is a problem.
pub fn constraints(kind: &str, desc: &Value, problems: &mut Vec<String>) -> Vec<Constraint> {
    let mut out = Vec::new();
    for f in desc["fields"].as_array().into_iter().flatten() {
        let path = f["path"].as_str().unwrap_or_default();
        let mut add = |name: &'static str, text: String, code: &str, broken: Broken| {
            let code = EXCEPTIONS
                .iter()
                .find(|(k, p, c, _, _)| (*k, *p, *c) == (kind, path, name))
                .map_or(code, |e| e.3);
            out.push(Constraint {
                path: path.to_string(),
                name,
                text,
                code: code.to_string(),
                broken,
            });
        };
        let ty = f["type"].as_str().unwrap_or_default();
        let wrong = if matches!(ty, "object" | "array" | "list") {
            json!(7)
        } else {
            json!({})
        };
        add(
            "type",
            format!("type {ty}"),
            "wrong_type",
            Broken::Set(wrong),
        );
        if ty == "integer" {
            let fraction = Broken::Set(json!(1.5));
            add("type", "type integer".into(), "not_an_integer", fraction);
        }
        match f["required"].as_str() {
            Some("always") => add("required", "required".into(), "required", Broken::Remove),
            Some("conditional") => {
                let when = format!("required when {}", f["condition"]["text"]);
                let cond = &f["condition"]["when"];
                // "Required if the others are absent": one of a group, reported at the object.
                let code = match cond["op"].as_str() {
                    Some("all_absent") => "one_of_required",
                    // "Needed by a sibling when it is present": reported as that need.
                    Some("present" | "given") => "dependency_missing",
                    _ => "required",
                };
                add("required", when, code, Broken::RemoveWhen(cond.clone()));
            }
            _ => {}
        }
        let always = f["required"] == "always";
        for (name, code, broken) in BOUNDS {
            if let Some(m) = f[*name].as_i64() {
                // A string always required has at least one character: the engine reports an
                // empty one as missing (`Str::fewest`).
                let code = match (*name, m) {
                    ("minLength", 1) if always => "required",
                    _ => code,
                };
                add(name, format!("{name} {m}"), code, broken(m));
            }
        }
        if f["enum"].is_array() {
            let other = Broken::Set(json!("NOT_A_DOCUMENTED_VALUE"));
            add("enum", "enum".into(), "not_in_enum", other);
        }
        let formats = [
            ("format", &f["format"]),
            ("items.format", &f["items"]["format"]),
        ];
        for (name, format) in formats {
            let Some(format) = format.as_str() else {
                continue;
            };
            let Some((_, code, bad)) = FORMAT_CODES.iter().find(|e| e.0 == format) else {
                problems.push(format!(
                    "{kind}: {path} has format {format}, which FORMAT_CODES does not map to a \
                     code (add it, with a value that breaks it)"
                ));
                continue;
            };
            let broken = if name == "format" {
                Broken::Set(json!(bad))
            } else {
                Broken::Item(json!(bad))
            };
            add(name, format!("{name} {format}"), code, broken);
        }
        let items = &f["items"];
        if items["enum"].is_array() {
            let other = Broken::Item(json!("NOT_A_DOCUMENTED_VALUE"));
            add("items.enum", "items.enum".into(), "not_in_enum", other);
        }
        if let Some(t) = items["type"].as_str() {
            let other = matches!(t, "object" | "array");
            let wrong = Broken::Item(if other { json!("x") } else { json!(7) });
            add(
                "items.type",
                format!("items of type {t}"),
                "wrong_type",
                wrong,
            );
        }
    }
    out
}

/// The constraints no row of the section covers: a row about the constraint's field (its id
/// names the field, or it documents a rule across fields that includes it) citing its code.
/// (Rows are (row, the pointers it is about).)
pub fn missing_rows(
    kind: &str,
    constraints: &[Constraint],
    rows: &[(&Row, Vec<Vec<String>>)],
) -> Vec<String> {
    // One problem per field and code, naming every constraint that wants it.
    let mut wanted: BTreeMap<(&str, &str), Vec<&str>> = BTreeMap::new();
    for c in constraints {
        wanted
            .entry((c.path.as_str(), c.code.as_str()))
            .or_default()
            .push(c.text.as_str());
    }
    for why in wanted.values_mut() {
        why.dedup();
    }
    let mut problems = Vec::new();
    for ((path, code), why) in wanted {
        let field = segments(path);
        let covered = rows.iter().any(|(row, pointers)| {
            row.codes.iter().any(|c| c == code) && pointers.iter().any(|p| p == &field)
        });
        if !covered {
            problems.push(format!(
                "{kind}: {path} ({}) has no row citing {code}, the code the engine reports when \
                 it is broken: add a row {kind}.{}.<rule> (its id naming the field exactly) \
                 citing {code} and a vector reporting it at {path}",
                why.join(", "),
                id_name(kind, path).join(".")
            ));
        }
    }
    problems
}

#[test]
fn every_described_constraint_has_a_row() {
    let d = doc();
    let mut problems = Vec::new();
    let mut count = 0;
    for kind in preflight::Kind::ALL {
        let desc = preflight::describe(*kind).to_json();
        let cs = constraints(kind.name(), &desc, &mut problems);
        count += cs.len();
        let rows: Vec<(&Row, Vec<Vec<String>>)> = d
            .rows
            .iter()
            .filter(|r| r.section == kind.name())
            .filter_map(|r| Some((r, row_pointers(kind.name(), r.id.as_deref()?))))
            .collect();
        problems.extend(missing_rows(kind.name(), &cs, &rows));
    }
    assert!(count > 0, "describe gave no constraint");
    assert!(
        problems.is_empty(),
        "docs/RULES.md ({} described constraints without their row):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The check itself: a field whose range row is gone is reported, although other rows name it.
#[test]
fn a_constraint_without_its_row_is_reported() {
    let desc = preflight::describe(preflight::Kind::PollCard).to_json();
    let duration: Vec<Constraint> = constraints("poll_card", &desc, &mut Vec::new())
        .into_iter()
        .filter(|c| c.path == "/duration_in_minutes")
        .collect();
    let row = |id: &str, codes: &[&str]| Row {
        line: 1,
        section: "poll_card".into(),
        id: Some(id.into()),
        codes: codes.iter().map(|c| c.to_string()).collect(),
        vectors: Vec::new(),
    };
    let required = row(
        "poll_card.duration_in_minutes.required",
        &["required", "wrong_type", "not_an_integer"],
    );
    let range = row("poll_card.duration_in_minutes.range", &["out_of_range"]);
    let with = |rows: &[&Row]| {
        let rows: Vec<(&Row, Vec<Vec<String>>)> = rows
            .iter()
            .map(|r| {
                (
                    *r,
                    row_pointers("poll_card", r.id.as_deref().unwrap_or_default()),
                )
            })
            .collect();
        missing_rows("poll_card", &duration, &rows)
    };
    assert_eq!(with(&[&required, &range]), Vec::<String>::new());
    let p = with(&[&required]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("minimum 5, maximum 10080") && p[0].contains("citing out_of_range"));
}
