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

use super::json::J;
use crate::ctx::Mode;
use crate::describe::{needed_by, Condition, Description, Field, Format, Required, Type, When};

/// The dialect every schema declares.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A string pattern matching a decimal integer, as query parameters carry numbers.
const DECIMAL_PATTERN: &str = "^-?[0-9]+$";
/// A string pattern matching a long id.
const DIGITS_PATTERN: &str = "^[0-9]+$";
/// 64 lowercase hex digits.
const SHA256_HEX_PATTERN: &str = "^[0-9a-f]{64}$";

/// The schema of a kind, as a JSON tree.
pub fn schema(d: &Description) -> J {
    let mode = crate::engine::spec(d.kind).mode;
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
                format!("{}: {}{clock}", r.code.as_str(), r.text)
            })
            .collect();
        let comment = format!(
            "Checked by the engine, not expressible here: {}",
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
            // The engine reports an empty required string as missing (forms send "" for an
            // untouched input).
            let min = match (s.min, required) {
                (Some(n), _) => Some(n),
                (None, true) => Some(1),
                (None, false) => None,
            };
            if let Some(n) = min {
                m.put("minLength", n.into());
            }
            if let Some(n) = s.max {
                m.put("maxLength", n.into());
            }
            match s.format {
                Some(Format::Sha256Hex) => m.put("pattern", SHA256_HEX_PATTERN.into()),
                Some(Format::Digits) => m.put("pattern", DIGITS_PATTERN.into()),
                Some(f) => m.put("$comment", format!("format: {}", f.name()).into()),
                None => {}
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
            match (l.min_items, required) {
                (Some(n), _) => arr.put("minItems", n.into()),
                // The engine reports an empty required list as missing.
                (None, true) => arr.put("minItems", 1usize.into()),
                (None, false) => {}
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
        Type::Object(fields) => object_schema(fields, mode),
        Type::Tagged(tagged) => {
            let tags: Vec<J> = tagged.variants.iter().map(|(v, _)| J::from(*v)).collect();
            let branches: Vec<J> = tagged
                .variants
                .iter()
                .map(|(value, fields)| {
                    J::obj()
                        .set("if", with_member(tagged.tag, J::obj().set("const", *value)))
                        .set("then", object_schema(fields, mode))
                })
                .collect();
            typed("object")
                .set(
                    "properties",
                    J::obj().set(tagged.tag, typed("string").set("enum", tags)),
                )
                .set("required", vec![J::from(tagged.tag)])
                .set("allOf", branches)
        }
    }
}

fn object_schema(fields: &[Field], mode: Mode) -> J {
    let mut props = J::obj();
    let mut required = Vec::new();
    let mut conditions = Vec::new();
    let mut comments = Vec::new();
    for f in fields {
        let always = matches!(f.need, Required::Always);
        let mut s = type_schema(&f.ty, mode, always);
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
            Required::When(c) => match condition_schema(f.name, c) {
                Some(v) => conditions.push(v),
                None => comments.push(format!("{}: {}", f.name, c.text)),
            },
        }
    }
    let mut m = typed("object").set("properties", props);
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

/// `if`/`then` for a member required under a condition on its siblings; `None` for a condition
/// on a context fact (not in the payload).
fn condition_schema(name: &'static str, c: &Condition) -> Option<J> {
    // Each `required` names its member in `properties` of the same subschema (ajv's
    // strictRequired).
    let cond = match c.when {
        When::Equals(f, v) => with_member(f, J::obj().set("const", v)),
        When::Present(f) => with_member(f, J::Bool(true)),
        When::AllAbsent(fs) => {
            let any: Vec<J> = fs.iter().map(|f| with_member(f, J::Bool(true))).collect();
            J::obj().set("not", J::obj().set("anyOf", any))
        }
        When::Context { .. } => return None,
    };
    Some(
        J::obj()
            .set("if", cond)
            .set("then", with_member(name, J::Bool(true)))
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
