//! The JSON text of `describe(kind)` (docs/DESCRIBE.md), derived from the kind's row: one entry
//! per field, flattened in document order with JSON-pointer paths (`*` for an array index).

use super::json::J;
use crate::ctx::Fact;
use crate::model::{needed_by, type_name, Applies, Condition, Field, Format, KindSpec};
use crate::model::{Required, Type, When};

/// `describe(kind)` as a JSON tree.
pub fn describe(d: &KindSpec) -> J {
    let mut fields = Vec::new();
    flatten(&mut fields, "", &d.root, &J::Null);
    let rules: Vec<J> = d
        .rules
        .iter()
        .map(|r| {
            J::obj()
                .set("code", r.code.as_str())
                .set("text", r.text)
                .set("fields", r.fields)
                .set("readsClock", r.reads_clock)
        })
        .collect();
    J::obj()
        .set("kind", d.kind.name())
        .set("title", d.title)
        .set("source", d.source)
        .set("in", d.location())
        .set("root", type_name(&d.root))
        .set("fields", fields)
        .set("rules", rules)
}

/// Bounds, enum and format of a scalar type, as `describe` members of `out`; `required` when an
/// empty value is missing ([`crate::model::Str::fewest`]).
fn scalar_members(t: &Type, required: bool, out: J) -> J {
    let (mut min_len, mut max_len, mut minimum, mut maximum) = (None, None, None, None);
    let (mut values, mut format): (Option<&[&str]>, Option<&str>) = (None, None);
    match t {
        Type::Str(s) => {
            min_len = s.fewest(required);
            max_len = s.max;
            format = s.format.map(Format::name);
        }
        Type::Enum(v) => values = Some(v),
        Type::Int { min, max } => {
            minimum = *min;
            maximum = *max;
        }
        Type::Long => format = Some(Format::Digits.name()),
        _ => {}
    }
    out.set("type", type_name(t))
        .set("minLength", min_len)
        .set("maxLength", max_len)
        .set("minimum", minimum)
        .set("maximum", maximum)
        .set("enum", values)
        .set("format", format)
}

/// The pointer of member `name` of the object at `base`.
fn at(base: &str, name: &str) -> String {
    format!("{base}/{}", escape(name))
}

fn condition(c: &Condition, base: &str) -> J {
    let when = match c.when {
        When::Equals(f, v) => J::obj()
            .set("op", "equals")
            .set("field", at(base, f))
            .set("value", v),
        When::Present(f) => J::obj().set("op", "present").set("field", at(base, f)),
        When::AllAbsent(fs) => J::obj().set("op", "all_absent").set(
            "fields",
            fs.iter().map(|f| J::from(at(base, f))).collect::<Vec<_>>(),
        ),
        When::Context { fact, values } => J::obj()
            .set("op", "context")
            .set("fact", fact.name())
            .set("values", values),
    };
    J::obj().set("text", c.text).set("when", when)
}

/// The condition of a member needed by `by`: `by` is present (or given, see
/// [`Field::needs_given`]).
fn needed(by: &Field, base: &str) -> J {
    let (text, op) = if by.needs_given {
        (format!("{} is given (not empty)", by.name), "given")
    } else {
        (format!("{} is present", by.name), "present")
    };
    let when = J::obj().set("op", op).set("field", at(base, by.name));
    J::obj().set("text", text).set("when", when)
}

/// RFC 6901 escaping of one segment.
fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// Appends the entries of the members of `t` found at pointer `base`; `inherited` is the
/// `appliesWhen` of the member the value belongs to.
fn flatten(out: &mut Vec<J>, base: &str, t: &Type, inherited: &J) {
    match t {
        Type::Object(fields) => {
            for f in fields.iter() {
                entry(out, base, f, None, inherited, fields);
            }
        }
        Type::Tagged(tagged) => {
            // The tag itself: a required enum of the variant names.
            let names: Vec<J> = tagged.variants.iter().map(|(v, _)| J::from(*v)).collect();
            let tag = J::obj()
                .set("path", at(base, tagged.tag))
                .set("name", tagged.tag);
            let tag = scalar_members(&Type::Enum(&[]), true, tag)
                .set("enum", names)
                .set("required", "always")
                .set("condition", J::Null)
                .set("minItems", J::Null)
                .set("maxItems", J::Null)
                .set("items", J::Null)
                .set("appliesWhen", inherited.clone())
                .set(
                    "description",
                    format!(
                        "the {} of this object; the members below depend on it",
                        tagged.tag
                    ),
                );
            out.push(tag);
            for (tag_value, fields) in tagged.variants {
                for f in fields.iter() {
                    let variant = Some((tagged.tag, *tag_value));
                    entry(out, base, f, variant, inherited, fields);
                }
            }
        }
        Type::Array(a) => flatten(out, &format!("{base}/*"), &a.item, inherited),
        _ => {}
    }
}

/// The entry of member `f` at `base`. Its `appliesWhen` is its variant's tag condition, else its
/// own context condition, else the condition of the member it is nested in (`inherited`): a
/// destination's tag applies where the component's type allows that destination.
fn entry(
    out: &mut Vec<J>,
    base: &str,
    f: &Field,
    variant: Option<(&str, &str)>,
    inherited: &J,
    siblings: &[Field],
) {
    let path = at(base, f.name);
    let m = J::obj().set("path", path.as_str()).set("name", f.name);
    let always = matches!(f.need, Required::Always);
    let m = scalar_members(&f.ty, always, m);
    let (required, cond) = match (&f.need, needed_by(f, siblings)) {
        (Required::Always, _) => ("always", J::Null),
        (Required::Optional, None) => ("optional", J::Null),
        (Required::Optional, Some(by)) => ("conditional", needed(by, base)),
        (Required::When(c), _) => ("conditional", condition(c, base)),
    };
    let (min_items, max_items, items) = match &f.ty {
        Type::List(l) => (l.fewest(always), l.max_items, Some(&l.item)),
        Type::Array(a) => (a.min_items, a.max_items, Some(&a.item)),
        _ => (None, None, None),
    };
    // An item is never empty (the engine reports an empty item of a list).
    let items = items.map_or(J::Null, |t| scalar_members(t, true, J::obj()));
    let mut m = m
        .set("required", required)
        .set("condition", cond)
        .set("minItems", min_items)
        .set("maxItems", max_items)
        .set("items", items);
    if let Type::List(l) = &f.ty {
        m.put("unique", J::Bool(l.unique));
    }
    let applies = match (variant, f.applies) {
        (Some((tag, value)), _) => J::obj()
            .set("op", "equals")
            .set("field", at(base, tag))
            .set("value", value),
        (None, Some(Applies::MediaTypeOf(key, values))) => J::obj()
            .set("op", "context")
            .set("fact", Fact::MediaTypes.name())
            .set("key", at(base, key))
            .set("values", values),
        (None, Some(Applies::CurrentMember(member, values))) => J::obj()
            .set("op", "context")
            .set("fact", Fact::Current.name())
            .set("member", member)
            .set("values", values),
        (None, None) => inherited.clone(),
    };
    out.push(
        m.set("appliesWhen", applies.clone())
            .set("description", f.doc),
    );
    flatten(out, &path, &f.ty, &applies);
}
