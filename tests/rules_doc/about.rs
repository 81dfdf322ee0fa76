//! Which described fields a row of docs/RULES.md is about: the matching rule between rule ids
//! and the field paths of `describe(kind)`.
//!
//! A rule id is `<kind>.<segments...>.<rule>`. The segments between the kind and the last one
//! (the rule's own name) must be exactly a field's *id name*, and the row is about the field(s)
//! of that name:
//! - a field's id name is the member names of its path in order, array indices (`*`) left out,
//!   a member name holding dots giving one segment per part: `/filter/user_id` is
//!   `filter.user_id`, `/products/*/brand` is `products.brand`, `/*/params/users/*/email` is
//!   `params.users.email`, `/webhook_config.fields` is `webhook_config.fields`;
//! - one shorthand, in `card` and `card_update`, whose component rules apply alike to each list
//!   of components (`components`, or each slide of `slides`; docs/RULES.md `## card`): a
//!   component's member is named from the component, `component.<member...>`, so
//!   `/components/*/destination/url` and `/slides/*/*/destination/url` are both
//!   `component.destination.url` (and a row so named is about both).
//!
//! Nothing else matches: no suffix, no run of segments, no name found anywhere in the id. So
//! `card_update.payload.type` is about no `type` field, and `card.label.type` names nothing (the
//! label's type is `card.component.label.type.<rule>`).
//!
//! A row whose id names no field is a problem ([`naming_problem`]) unless it is
//! - about the payload as a whole: `<kind>.unknown`, `<kind>.object`, `<kind>.shape`, or
//!   `<kind>.<word>.<rule>` with `<word>` one of [`PAYLOAD_WORDS`] (when no field of the kind has
//!   that id name); or
//! - one of the rows of a rule across fields listed in [`CROSS_FIELD_ROWS`], which is about that
//!   rule's fields (its id may name the rule, `card.composition.media_required`).

use crate::coverage::CROSS_FIELD_ROWS;
use crate::rows::segments;
use serde_json::Value;
use std::collections::BTreeSet;

/// The two-segment ids of rows about the whole payload (`<kind>.unknown`: members not listed).
pub const PAYLOAD_IDS: &[&str] = &["unknown", "object", "shape"];

/// The words that name the payload itself in `<kind>.<word>.<rule>`.
pub const PAYLOAD_WORDS: &[&str] = &["payload", "body", "query", "parameters"];

/// The id name of the field at `path` in `kind` (see the module doc).
pub fn id_name(kind: &str, path: &str) -> Vec<String> {
    let segs = segments(path);
    let card = matches!(kind, "card" | "card_update");
    let member = match segs.as_slice() {
        [c, i, rest @ ..] if card && c == "components" && i == "*" && !rest.is_empty() => {
            Some(rest)
        }
        [s, i, j, rest @ ..]
            if card && s == "slides" && i == "*" && j == "*" && !rest.is_empty() =>
        {
            Some(rest)
        }
        _ => None,
    };
    let (head, rest): (Vec<String>, &[String]) = match member {
        Some(rest) => (vec!["component".to_string()], rest),
        None => (Vec::new(), segs.as_slice()),
    };
    head.into_iter()
        .chain(
            rest.iter()
                .filter(|s| *s != "*")
                .flat_map(|s| s.split('.').map(String::from)),
        )
        .collect()
}

/// What a row is about.
#[derive(Debug, Default)]
pub struct About {
    /// The pointers (as segments) of the fields its id names.
    pub named: Vec<Vec<String>>,
    /// The pointers of the fields of the rule across fields it documents.
    pub cross: Vec<Vec<String>>,
    /// Listed in [`CROSS_FIELD_ROWS`].
    pub listed_cross: bool,
    /// About the payload as a whole.
    pub payload: bool,
    /// The segments between the kind and the rule name.
    pub middle: Vec<String>,
}

impl About {
    /// Every pointer the row is about.
    pub fn pointers(&self) -> Vec<Vec<String>> {
        self.named.iter().chain(&self.cross).cloned().collect()
    }
}

/// The described fields of a kind: (path, id name).
fn fields(kind: &str, desc: &Value) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for f in desc["fields"].as_array().into_iter().flatten() {
        let path = f["path"].as_str().unwrap_or_default().to_string();
        if !out.iter().any(|(p, _)| *p == path) {
            let name = id_name(kind, &path);
            out.push((path, name));
        }
    }
    out
}

fn describe(kind: &str) -> Option<Value> {
    let k = preflight::Kind::ALL.iter().find(|k| k.name() == kind)?;
    Some(preflight::describe(*k).to_json())
}

/// What the row `id` of section `kind` is about.
pub fn about(kind: &str, id: &str) -> About {
    let Some(desc) = describe(kind) else {
        return About::default();
    };
    let segs: Vec<String> = id.split('.').skip(1).map(String::from).collect();
    let middle = segs[..segs.len().saturating_sub(1)].to_vec();
    let fields = fields(kind, &desc);
    let mut a = About {
        middle: middle.clone(),
        ..About::default()
    };
    for (path, name) in &fields {
        if !middle.is_empty() && *name == middle {
            a.named.push(segments(path));
        }
    }
    a.payload = a.named.is_empty()
        && match middle.as_slice() {
            [] => segs.len() == 1 && PAYLOAD_IDS.contains(&segs[0].as_str()),
            [w] => PAYLOAD_WORDS.contains(&w.as_str()),
            _ => false,
        };
    for (k, code, first, rows) in CROSS_FIELD_ROWS {
        if *k != kind || !rows.contains(&id) {
            continue;
        }
        a.listed_cross = true;
        for r in desc["rules"].as_array().into_iter().flatten() {
            if r["code"] == *code && r["fields"][0] == *first {
                for f in r["fields"].as_array().into_iter().flatten() {
                    a.cross.push(segments(f.as_str().unwrap_or_default()));
                }
            }
        }
    }
    a
}

/// The problem of a row whose id names no described field and is neither about the whole
/// payload nor a listed row of a rule across fields; with the fields it may have meant.
pub fn naming_problem(kind: &str, id: &str, line: usize) -> Option<String> {
    let a = about(kind, id);
    if !a.named.is_empty() || a.payload || a.listed_cross {
        return None;
    }
    let desc = describe(kind)?;
    let words: BTreeSet<&str> = id.split('.').skip(1).collect();
    let near: Vec<String> = fields(kind, &desc)
        .into_iter()
        .filter(|(_, n)| n.last().is_some_and(|l| words.contains(l.as_str())))
        .map(|(p, n)| format!("{} ({p})", n.join(".")))
        .take(8)
        .collect();
    let hint = if near.is_empty() {
        String::new()
    } else {
        format!("; fields of a name it holds: {}", near.join(", "))
    };
    Some(format!(
        "line {line}: rule {id} names no described field of {kind}: `{}` (its segments between \
         the kind and the rule name) is not a field's id name{hint}. Name the field exactly \
         ({kind}.<field id name>.<rule>, the matching rule of docs/RULES.md's conventions), or \
         make it a whole-payload row ({kind}.unknown / .object / .shape, or \
         {kind}.<payload|body|query|parameters>.<rule>) or a listed row of a rule across fields \
         (CROSS_FIELD_ROWS)",
        a.middle.join(".")
    ))
}

/// The matching rule itself: exact id names, the card shorthand, no match by a shared name.
#[test]
fn a_row_is_about_the_field_its_id_names_exactly() {
    let named = |kind: &str, id: &str| -> Vec<String> {
        about(kind, id)
            .named
            .iter()
            .map(|s| format!("/{}", s.join("/")))
            .collect()
    };
    assert_eq!(
        named("card_update", "card_update.component.destination.type.enum"),
        [
            "/components/*/destination/type",
            "/slides/*/*/destination/type"
        ]
    );
    assert_eq!(named("card", "card.components.type"), ["/components"]);
    assert_eq!(
        named(
            "activity_subscription",
            "activity_subscription.filter.user_id.type"
        ),
        ["/filter/user_id"]
    );
    assert_eq!(
        named(
            "webhook_list_query",
            "webhook_list_query.webhook_config.fields.enum"
        ),
        ["/webhook_config.fields"]
    );
    assert_eq!(
        id_name("custom_audience_users", "/*/params/users/*/email"),
        ["params", "users", "email"]
    );
    // A name found elsewhere in the id, or a suffix of the path, is not a match.
    for (kind, id) in [
        ("card_update", "card_update.payload.type"),
        ("card_update", "card_update.label.type"),
        ("card", "card.components.destination.url.format"),
        ("product_batch", "product_batch.brand.required"),
    ] {
        assert_eq!(named(kind, id), Vec::<String>::new(), "{id}");
    }
    assert!(about("card_update", "card_update.payload.type").payload);
    assert!(about("poll_card", "poll_card.unknown").payload);
    let p = naming_problem("card_update", "card_update.label.type.enum", 7).unwrap_or_default();
    assert!(
        p.contains("line 7: rule card_update.label.type.enum names no described field")
            && p.contains("component.label.type (/components/*/label/type)"),
        "{p}"
    );
    assert_eq!(
        naming_problem("card_update", "card_update.unknown", 1),
        None
    );
    assert!(naming_problem("card_update", "card_update.name", 1).is_some());
    // The payload words are no kind's field names (else they would name that field).
    for kind in preflight::Kind::ALL {
        let desc = preflight::describe(*kind).to_json();
        for (path, name) in fields(kind.name(), &desc) {
            let word = name.join(".");
            assert!(
                !PAYLOAD_WORDS.contains(&word.as_str()) && !PAYLOAD_IDS.contains(&word.as_str()),
                "{kind}: field {path} is named {word}, a word of whole-payload rows"
            );
        }
    }
}
