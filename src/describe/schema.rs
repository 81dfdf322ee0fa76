//! `jsonSchema(kind)`: a JSON Schema (draft 2020-12) carrying what JSON Schema can express of
//! a kind's [`Description`]: types, required members (also the conditional ones whose
//! condition is about the payload itself), lengths, ranges, enums, item counts, and for a
//! comma-separated list of enum values a pattern. What it cannot express (cross-field rules,
//! formats like prices or GTIN check digits, facts from `options.context`) is named in
//! `$comment`s; the engine checks all of it. Unknown members are allowed (`additionalProperties`
//! stays open) because the engine reports them as warnings, not errors.
//!
//! Tests keep the two in step: every valid shared vector must pass this schema under ajv
//! (tests/node/schema.test.mjs).

use super::{Condition, Description, Field, Format, Required, Type, When};
use crate::ctx::Mode;
use serde_json::{json, Map, Value};

/// The dialect every schema declares.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The schema of a kind.
pub fn json_schema(d: &Description) -> Value {
    let mode = d.kind.mode();
    let mut root = match type_schema(&d.root, mode, true) {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    root.insert("$schema".into(), json!(DIALECT));
    root.insert(
        "$id".into(),
        json!(format!("urn:preflight:kind:{}", d.kind.name())),
    );
    root.insert("title".into(), json!(d.title));
    root.insert(
        "description".into(),
        json!(format!("{} ({})", d.title, d.source)),
    );
    if !d.rules.is_empty() {
        let rules: Vec<String> = d
            .rules
            .iter()
            .map(|r| {
                // A rule relative to "now" says so: the engine reads options.now or the clock.
                let clock = if r.reads_clock {
                    " [reads the clock]"
                } else {
                    ""
                };
                format!("{}: {}{clock}", r.code, r.text)
            })
            .collect();
        root.insert(
            "$comment".into(),
            json!(format!(
                "Checked by the engine, not expressible here: {}",
                rules.join("; ")
            )),
        );
    }
    Value::Object(root)
}

/// A string pattern matching a decimal integer, as query parameters carry numbers.
const DECIMAL_PATTERN: &str = "^-?[0-9]+$";
/// A string pattern matching a long id.
const DIGITS_PATTERN: &str = "^[0-9]+$";
/// 64 lowercase hex digits.
const SHA256_HEX_PATTERN: &str = "^[0-9a-f]{64}$";

fn type_schema(t: &Type, mode: Mode, required: bool) -> Value {
    match t {
        Type::Str(s) => {
            let mut m = Map::new();
            m.insert("type".into(), json!("string"));
            // The engine reports an empty required string as missing (forms send "" for an
            // untouched input).
            let min = match (s.min, required) {
                (Some(n), _) => Some(n),
                (None, true) => Some(1),
                (None, false) => None,
            };
            if let Some(n) = min {
                m.insert("minLength".into(), json!(n));
            }
            if let Some(n) = s.max {
                m.insert("maxLength".into(), json!(n));
            }
            match s.format {
                Some(Format::Sha256Hex) => {
                    m.insert("pattern".into(), json!(SHA256_HEX_PATTERN));
                }
                Some(Format::Digits) => {
                    m.insert("pattern".into(), json!(DIGITS_PATTERN));
                }
                Some(f) => {
                    m.insert("$comment".into(), json!(format!("format: {}", f.name())));
                }
                None => {}
            }
            Value::Object(m)
        }
        Type::Enum(values) => json!({"type": "string", "enum": values}),
        Type::Int { min, max } => {
            let mut n = Map::new();
            n.insert("type".into(), json!("integer"));
            if let Some(v) = min {
                n.insert("minimum".into(), json!(v));
            }
            if let Some(v) = max {
                n.insert("maximum".into(), json!(v));
            }
            match mode {
                Mode::Json => Value::Object(n),
                Mode::Query => json!({"anyOf": [
                    Value::Object(n),
                    {"type": "string", "pattern": DECIMAL_PATTERN,
                     "$comment": "a decimal string; its range is checked by the engine"}
                ]}),
            }
        }
        Type::Number => json!({"type": "number"}),
        Type::Long => json!({"anyOf": [
            {"type": "string", "pattern": crate::engine::form::LONG_PATTERN},
            {"type": "integer", "minimum": 0, "maximum": crate::checks::numbers::MAX_SAFE_INTEGER}
        ]}),
        Type::Bool => match mode {
            Mode::Json => json!({"type": "boolean"}),
            Mode::Query => json!({"anyOf": [{"type": "boolean"}, {"enum": ["true", "false"]}]}),
        },
        Type::List(l) => {
            let item = type_schema(&l.item, mode, true);
            let mut arr = Map::new();
            arr.insert("type".into(), json!("array"));
            arr.insert("items".into(), item);
            match (l.min_items, required) {
                (Some(n), _) => {
                    arr.insert("minItems".into(), json!(n));
                }
                // The engine reports an empty required list as missing.
                (None, true) => {
                    arr.insert("minItems".into(), json!(1));
                }
                (None, false) => {}
            }
            if let Some(n) = l.max_items {
                arr.insert("maxItems".into(), json!(n));
            }
            if l.unique {
                arr.insert("uniqueItems".into(), json!(true));
            }
            let mut text = Map::new();
            text.insert("type".into(), json!("string"));
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
                text.insert("pattern".into(), json!(pattern));
            } else if !may_be_empty {
                text.insert("minLength".into(), json!(1));
            }
            text.insert(
                "$comment".into(),
                json!("comma-separated; the item count is checked by the engine"),
            );
            json!({"anyOf": [Value::Object(text), Value::Object(arr)]})
        }
        Type::Array(a) => {
            let mut m = Map::new();
            m.insert("type".into(), json!("array"));
            m.insert("items".into(), type_schema(&a.item, mode, true));
            if let Some(n) = a.min_items {
                m.insert("minItems".into(), json!(n));
            }
            if let Some(n) = a.max_items {
                m.insert("maxItems".into(), json!(n));
            }
            Value::Object(m)
        }
        Type::Object(fields) => object_schema(fields, mode),
        Type::Tagged(tagged) => {
            let tags: Vec<&str> = tagged.variants.iter().map(|(v, _)| *v).collect();
            let branches: Vec<Value> = tagged
                .variants
                .iter()
                .map(|(value, fields)| {
                    json!({
                        "if": {"properties": {tagged.tag: {"const": value}}, "required": [tagged.tag]},
                        "then": object_schema(fields, mode),
                    })
                })
                .collect();
            json!({
                "type": "object",
                "properties": {tagged.tag: {"type": "string", "enum": tags}},
                "required": [tagged.tag],
                "allOf": branches,
            })
        }
    }
}

fn object_schema(fields: &[Field], mode: Mode) -> Value {
    let mut props = Map::new();
    let mut required = Vec::new();
    let mut conditions = Vec::new();
    let mut comments = Vec::new();
    for f in fields {
        let always = matches!(f.need, Required::Always);
        let mut s = type_schema(&f.ty, mode, always);
        if let Value::Object(m) = &mut s {
            m.entry("description").or_insert_with(|| json!(f.doc));
        }
        props.insert(f.name.to_owned(), s);
        match &f.need {
            Required::Always => required.push(f.name),
            Required::Optional => {
                if let Some(by) = super::needed_by(f, fields) {
                    conditions.push(needed_schema(by, f.name));
                }
            }
            Required::When(c) => match condition_schema(f.name, c) {
                Some(v) => conditions.push(v),
                None => comments.push(format!("{}: {}", f.name, c.text)),
            },
        }
    }
    let mut m = Map::new();
    m.insert("type".into(), json!("object"));
    m.insert("properties".into(), Value::Object(props));
    if !required.is_empty() {
        m.insert("required".into(), json!(required));
    }
    if !conditions.is_empty() {
        m.insert("allOf".into(), json!(conditions));
    }
    if !comments.is_empty() {
        m.insert(
            "$comment".into(),
            json!(format!(
                "required under facts from options.context: {}",
                comments.join("; ")
            )),
        );
    }
    Value::Object(m)
}

/// `if`/`then` for a member required under a condition on its siblings; `None` for a condition
/// on a context fact (not in the payload).
fn condition_schema(name: &str, c: &Condition) -> Option<Value> {
    // Each `required` names its member in `properties` of the same subschema (ajv's
    // strictRequired).
    let cond = match c.when {
        When::Equals(f, v) => json!({"properties": {f: {"const": v}}, "required": [f]}),
        When::Present(f) => json!({"properties": {f: true}, "required": [f]}),
        When::AllAbsent(fs) => {
            let any: Vec<Value> = fs
                .iter()
                .map(|f| json!({"properties": {*f: true}, "required": [f]}))
                .collect();
            json!({"not": {"anyOf": any}})
        }
        When::Context { .. } => return None,
    };
    Some(json!({
        "if": cond,
        "then": {"properties": {name: true}, "required": [name]},
        "$comment": c.text
    }))
}

/// `if`/`then` for member `name`, needed by `by` ([`Field::needs`]).
fn needed_schema(by: &Field, name: &str) -> Value {
    if by.needs_given {
        // Given: present and not "" (a form's untouched input).
        let given = json!({"not": {"const": ""}});
        json!({
            "if": {"properties": {by.name: given}, "required": [by.name]},
            "then": {"properties": {name: given}, "required": [name]},
            "$comment": format!("{} is given (not empty)", by.name)
        })
    } else {
        json!({
            "if": {"properties": {by.name: true}, "required": [by.name]},
            "then": {"properties": {name: true}, "required": [name]},
            "$comment": format!("{} is present", by.name)
        })
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
