//! The JSON text of `describe(kind)` (docs/DESCRIBE.md), derived from the kind's row: one entry
//! per field, flattened in document order with JSON-pointer paths (`*` for an array index).

use super::json::J;
use crate::ctx::Fact;
use crate::model::{needed_by, type_name, Applies, Check, Condition, Description, Field, Format};
use crate::model::{Required, Rule, Str, Type, When};
use crate::report::Code;

/// A rule across fields as `describe` shows it (`rules`).
pub struct Said {
    /// The code it reports.
    pub code: Code,
    /// The rule in words.
    pub text: String,
    /// The members it involves, as JSON pointers (`*` for any array index): strings.
    pub fields: Vec<J>,
    /// Whether it reads the current time.
    pub reads_clock: bool,
}

/// The rules across fields of `d`, each derived from the check that holds it: the field table's
/// (a member's needs, the rule anchored after a member, the rules of a member's hook, a
/// format's rule across the parts of a value, a member allowed with some tags only), in the
/// table's order, a nested table's at its pointers; then the row's hook's; then the row's data
/// rules. One rule reached at several places (each product of a batch, each component of a
/// card) is one entry naming all of them.
pub fn rules(d: &Description) -> Vec<Said> {
    let row = crate::spec::v12::spec(d.kind);
    let mut out = Vec::new();
    // A kind read in order checks its table's needs by its rules, not by the table.
    walk(&mut out, "", &d.root, !row.in_order);
    if let Some(hook) = row.hook {
        listed(&mut out, "", hook.rules);
    }
    listed(&mut out, "", d.rules);
    out
}

/// The parts, one after the other.
#[inline(never)]
fn concat(parts: &[&str]) -> String {
    let mut out = String::new();
    for p in parts {
        out.push_str(p);
    }
    out
}

/// Listed rules (a hook's, the row's data rules) standing in the object at `base`: their
/// pointers are from it.
#[inline(never)]
fn listed(out: &mut Vec<Said>, base: &str, rules: &[Rule]) {
    for r in rules {
        let text = r.text.to_string();
        said(out, r.code, text, base, "", r.fields, r.reads_clock);
    }
}

/// Adds the rule `code`, `text` (or, when one with that code and text is there, adds to it)
/// with the pointers `base`, `sep`, member for each of `members` (`sep` `"/"`: member names,
/// which need no escaping; `""`: pointers from `base`).
#[inline(never)]
fn said(
    out: &mut Vec<Said>,
    code: Code,
    text: String,
    base: &str,
    sep: &str,
    members: &[&str],
    reads_clock: bool,
) {
    let i = match out.iter().position(|s| s.code == code && s.text == text) {
        Some(i) => i,
        None => {
            out.push(Said {
                code,
                text,
                fields: Vec::new(),
                reads_clock,
            });
            out.len() - 1
        }
    };
    for m in members {
        let pointer = concat(&[base, sep, m]);
        let fields = &mut out[i].fields;
        if !fields
            .iter()
            .any(|f| matches!(f, J::Str(p) if *p == pointer))
        {
            fields.push(J::Str(pointer));
        }
    }
}

/// The rules the table of `t` at `base` holds; `needs`: whether its members' needs are checked
/// by the table (not in a kind read in order, nor in a tagged variant).
#[inline(never)]
fn walk(out: &mut Vec<Said>, base: &str, t: &Type, needs: bool) {
    match t {
        Type::Object(fields) => {
            for f in fields.iter() {
                member_rules(out, base, f, needs);
            }
        }
        Type::Tagged(tagged) => {
            for (_, fields) in tagged.variants {
                for f in fields.iter() {
                    member_rules(out, base, f, false);
                }
            }
            for only in tagged.only_in {
                let text = only.message.to_string();
                said(
                    out,
                    Code::NotAllowed,
                    text,
                    base,
                    "/",
                    &[only.member],
                    false,
                );
            }
        }
        Type::Array(a) => walk(out, &concat(&[base, "/*"]), &a.item, true),
        _ => {}
    }
}

/// The rules member `f` of the object at `base` holds, then those of its value's table.
#[inline(never)]
fn member_rules(out: &mut Vec<Said>, base: &str, f: &Field, needs: bool) {
    if needs && !f.needs.is_empty() {
        let mut text = concat(&[f.name, " needs ", &f.needs.join(", ")]);
        if f.needs_given {
            text.push_str(" (when given, not empty)");
        }
        let code = Code::DependencyMissing;
        said(out, code, text.clone(), base, "/", &[f.name], false);
        said(out, code, text, base, "/", f.needs, false);
    }
    if let Some(hook) = f.hook {
        listed(out, base, hook.rules);
    }
    if let Type::Str(Str {
        format: Some(Format::DateRange),
        ..
    }) = f.ty
    {
        let text = concat(&["the end of ", f.name, " is later than its start"]);
        said(
            out,
            Code::InvalidDateRange,
            text,
            base,
            "/",
            &[f.name],
            false,
        );
    }
    if let Some(check) = f.then {
        anchored(out, base, check);
    }
    walk(out, &concat(&[base, "/", f.name]), &f.ty, true);
}

/// The rule anchored after a member ([`Field::then`]) of the object at `base`; whether it is a
/// rule kind anchored (and so described).
#[inline(never)]
fn anchored(out: &mut Vec<Said>, base: &str, check: &Check) -> bool {
    match *check {
        Check::AtLeastOne {
            members, message, ..
        } => {
            let text = message.to_string();
            said(out, Code::OneOfRequired, text, base, "/", members, false);
        }
        Check::MinWhen {
            member, min, when, ..
        } => {
            let text = format!("{member} is at least {min} when {} is `{}`", when.0, when.1);
            said(
                out,
                Code::OutOfRange,
                text,
                base,
                "/",
                &[member, when.0],
                false,
            );
        }
        Check::UniqueBy {
            array,
            key,
            message,
        } => {
            let text = concat(&[
                "each ",
                key,
                " in ",
                array,
                " once (else: `count` ",
                message,
                ")",
            ]);
            let items = concat(&[base, "/", array, "/*"]);
            said(out, Code::Duplicate, text, &items, "/", &[key], false);
        }
        _ => return false,
    }
    true
}

/// `describe(kind)` as a JSON tree.
pub fn describe(d: &Description) -> J {
    let mut fields = Vec::new();
    flatten(&mut fields, "", &d.root, &J::Null);
    let rules: Vec<J> = rules(d)
        .into_iter()
        .map(|r| {
            J::obj()
                .set("code", r.code.as_str())
                .set("text", r.text)
                .set(
                    "fields",
                    r.fields.into_iter().map(J::from).collect::<Vec<_>>(),
                )
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
    let applies = match (variant, f.applies.copied()) {
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

#[cfg(test)]
mod tests {
    use super::anchored;
    use crate::kind::Kind;
    use crate::model::{Field, Type};

    /// Every rule anchored in a table (`Field::then`), in every kind, at any depth.
    fn anchored_in(t: &Type, out: &mut Vec<&'static crate::model::Check>) {
        let visit = |fields: &'static [Field], out: &mut Vec<_>| {
            for f in fields {
                out.extend(f.then);
                anchored_in(&f.ty, out);
            }
        };
        match *t {
            Type::Object(fields) => visit(fields, out),
            Type::Tagged(tagged) => {
                for (_, fields) in tagged.variants {
                    visit(fields, out);
                }
            }
            Type::Array(a) => anchored_in(&a.item, out),
            _ => {}
        }
    }

    /// `describe` shows every rule anchored in a table: none is left out for want of words.
    #[test]
    fn every_anchored_rule_is_described() {
        let mut checks = Vec::new();
        for kind in Kind::ALL {
            anchored_in(&crate::describe::describe(*kind).root, &mut checks);
        }
        assert!(!checks.is_empty());
        for check in checks {
            assert!(anchored(&mut Vec::new(), "", check), "{check:?}");
        }
    }
}
