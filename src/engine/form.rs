//! Checks a payload against a [`Description`](crate::model::Description)'s field table: the
//! first pass of the engine over every migrated kind. The description *is* the rule, so
//! `describe` and `validate` cannot drift apart. The rules across fields run after this pass
//! ([`super::rules`], then the kind's hook).
//!
//! Order: the members in the table's order (each: presence, type, bounds, format), then unknown
//! members in the order they were written.

use crate::checks::fields::{self, Known};
use crate::checks::{enums, lengths, needs, numbers, text};
use crate::ctx::report;
use crate::ctx::{Ctx, Fact};
use crate::issues::IssueKind;
use crate::json::{Object, Value};
use crate::model::{
    Condition, Field, List, MemberCheck, MemberHook, Required, Str, Tagged, Type, When,
};
use crate::report::Pointer;

/// The separator of comma-separated list parameters.
pub const LIST_SEPARATOR: char = ',';
/// Most decimal digits of a 64-bit id.
pub const LONG_MAX_DIGITS: usize = 19;
/// The pattern of a 64-bit id, reported in `params.pattern`.
pub const LONG_PATTERN: &str = "^[0-9]{1,19}$";

impl Known for [Field] {
    fn contains_name(&self, name: &str) -> bool {
        self.iter().any(|f| f.name == name)
    }
}

/// The value must be an object with `table`'s members; returns it for the cross-field rules.
pub fn object<'v>(
    ctx: &mut Ctx,
    path: &Pointer,
    value: &'v Value<'v>,
    table: &[Field],
) -> Option<&'v Object<'v>> {
    let obj = fields::object(ctx, path, value)?;
    members(ctx, path, obj, table);
    Some(obj)
}

/// Checks the members of `obj` against `table`, then warns about unknown members.
pub fn members(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, table: &[Field]) {
    // When the members of the table found are all the object's members (no name repeated),
    // none is unknown and the pass over the names is skipped.
    let found = table_members(ctx, path, obj, table);
    if found < obj.len() || obj.has_repeated_keys() {
        fields::unknown_fields(ctx, path, obj, table);
    }
}

/// Checks the members of `obj` against `table` (not the unknown members), each followed by its
/// anchored rule ([`Field::then`]); returns how many members of the table are present (those of
/// a slot hook are not counted, so the caller's pass over the names still runs).
fn table_members(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, table: &[Field]) -> usize {
    let mut found = 0;
    for f in table {
        match f.check {
            Some(MemberHook::Slot(check)) => check(ctx, path, obj),
            Some(MemberHook::Covered) => {}
            // The common case apart, so that its member check knows it has no hook.
            None => found += usize::from(member(ctx, path, obj, f, None)),
            Some(MemberHook::Value(check)) => {
                found += usize::from(member(ctx, path, obj, f, Some(check)));
            }
        }
        if let Some(rule) = f.then {
            super::rules::check(ctx, path, obj, rule);
        }
    }
    found
}

/// Checks member `f` of `obj` (presence, value by its member hook `hook` or by its type, needs);
/// returns whether it is present.
#[inline(always)]
fn member(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    f: &Field,
    hook: Option<MemberCheck>,
) -> bool {
    let Some(v) = obj.get_at(f.name, f.slot) else {
        if !(f.grouped || matches!(f.need, Required::Optional)) {
            missing(ctx, path, obj, f);
        }
        return false;
    };
    let required = matches!(f.need, Required::Always);
    match (hook, &f.ty, v) {
        (Some(check), _, _) => {
            check(ctx, &path.key(f.name), f.name, v, required, obj);
        }
        // The common case without the general dispatch (a hot path: products).
        (None, Type::Str(spec), Value::String(text)) => {
            let plain = spec.min.is_none() && spec.max.is_none();
            // Any string (none empty where required) has nothing more to check.
            if !(plain && spec.format.is_none() && !(required && text.is_empty())) {
                string(ctx, &path.key(f.name), f.name, text, spec, required);
            }
        }
        (None, Type::Enum(allowed), Value::String(text)) => {
            enum_value(ctx, &path.key(f.name), f.name, text, allowed, required);
        }
        _ => value(ctx, &path.key(f.name), f.name, v, &f.ty, required),
    }
    // "X (needs Y)": presence on both sides, or values given (not "") for "Y: if X".
    let needing =
        !f.needs.is_empty() && (!f.needs_given || matches!(v, Value::String(s) if !s.is_empty()));
    for needed in f.needs.iter().filter(|_| needing) {
        let met = if f.needs_given {
            fields::given(obj, needed)
        } else {
            fields::present(obj, needed)
        };
        if !met {
            let message = format!("{needed} is required with {}", f.name);
            needs::missing(ctx, path, needed, f.name, message);
        }
    }
    true
}

fn missing(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, f: &Field) {
    match &f.need {
        Required::Always => fields::required(ctx, path, f.name),
        Required::Optional => {}
        Required::When(c) => {
            if holds(ctx, obj, c) {
                fields::required_because(
                    ctx,
                    &path.key(f.name),
                    f.name,
                    format!("{} is {}", f.name, c.text),
                );
            }
        }
    }
}

/// Whether `c` holds for `obj` (a context fact not given is reported as skipped and holds not).
fn holds(ctx: &mut Ctx, obj: &Object<'_>, c: &Condition) -> bool {
    match c.when {
        When::Equals(name, v) => obj.get(name).and_then(Value::as_str) == Some(v),
        When::Present(name) => fields::present(obj, name),
        When::AllAbsent(names) => names.iter().all(|n| !fields::present(obj, n)),
        When::Context { fact, values } => match fact {
            Fact::Objective => ctx
                .objective(c.text)
                .is_some_and(|o| values.contains(&o.name())),
            Fact::Placements => ctx
                .placements(c.text)
                .is_some_and(|p| p.iter().any(|x| values.contains(&x.name()))),
            Fact::BudgetOptimization => ctx
                .budget_optimization(c.text)
                .is_some_and(|b| values.contains(&b.name())),
            Fact::Current => ctx.current(c.text).is_some(),
            Fact::MediaTypes => {
                let types = ctx.options.context.media_types.as_ref();
                if types.is_none() {
                    ctx.skip(fact, c.text);
                }
                types.is_some_and(|m| m.values().any(|t| values.contains(&t.name())))
            }
            Fact::AuthenticatedUserId => ctx
                .authenticated_user_id(c.text)
                .is_some_and(|u| values.contains(&u)),
            // The time is not a value from a set: no form condition is about it.
            Fact::Now => false,
        },
    }
}

/// Checks one value of type `ty` at `path`. `name` is the member it belongs to (for messages);
/// `required` makes an empty string a missing value.
pub fn value(ctx: &mut Ctx, path: &Pointer, name: &str, v: &Value, ty: &Type, required: bool) {
    match ty {
        Type::Str(s) => {
            if let Some(text) = fields::string(ctx, path, v) {
                string(ctx, path, name, text, s, required);
            }
        }
        Type::Enum(allowed) => {
            if let Some(text) = fields::string(ctx, path, v) {
                enum_value(ctx, path, name, text, allowed, required);
            }
        }
        Type::Int { min, max } => {
            numbers::integer_in(ctx, path, v, *min, *max);
        }
        Type::Number => {
            if !matches!(v, Value::Number(_)) {
                fields::wrong_type(ctx, path, "number", v);
            }
        }
        Type::Long => long(ctx, path, name, v, required),
        Type::Bool => {
            fields::boolean(ctx, path, v);
        }
        Type::List(l) => list(ctx, path, name, v, l, required),
        Type::Array(a) => {
            if let Some(items) = fields::array(ctx, path, v) {
                lengths::item_count(ctx, path, items.len(), a.min_items, a.max_items);
                for (i, item) in items.iter().enumerate() {
                    value(ctx, &path.index(i), name, item, &a.item, true);
                }
            }
        }
        Type::Object(table) => {
            object(ctx, path, v, table);
        }
        Type::Tagged(t) => tagged(ctx, path, v, t),
    }
}

/// A string of an enum: `required` when empty and required, else one of `allowed`.
#[inline(always)]
fn enum_value(ctx: &mut Ctx, at: &Pointer, name: &str, text: &str, allowed: &[&str], req: bool) {
    if text.is_empty() && req {
        empty_required(ctx, at, name);
    } else {
        enums::one_of(ctx, at, text, allowed);
    }
}

fn empty_required(ctx: &mut Ctx, path: &Pointer, name: &str) {
    let message = format!("{name} is required and must not be empty");
    fields::required_because(ctx, path, name, message);
}

#[inline(always)]
fn string(ctx: &mut Ctx, path: &Pointer, name: &str, s: &str, spec: &Str, required: bool) {
    if s.is_empty() && required {
        empty_required(ctx, path, name);
        return;
    }
    if let Some(min) = spec.min {
        lengths::min_chars(ctx, path, s, min);
    }
    if let Some(max) = spec.max {
        lengths::max_chars(ctx, path, s, max);
    }
    if let Some(f) = spec.format {
        crate::formats::check(ctx, path, s, f);
    }
}

/// A 64-bit id: a string of 1 to [`LONG_MAX_DIGITS`] digits; a JSON integer only up to 2^53 - 1
/// (a larger number may already have been rounded to another id by JavaScript).
fn long(ctx: &mut Ctx, path: &Pointer, name: &str, v: &Value, required: bool) {
    match v {
        Value::String(s) if s.is_empty() && required => empty_required(ctx, path, name),
        Value::String(s) => long_digits(ctx, path, s),
        Value::Number(n) => match n.as_u64() {
            Some(u) if u <= numbers::MAX_SAFE_INTEGER as u64 => {}
            _ => report(ctx, path, IssueKind::UnsafeIdNumber),
        },
        other => fields::wrong_type(ctx, path, "string", other),
    }
}

fn long_digits(ctx: &mut Ctx, path: &Pointer, s: &str) {
    if !(text::is_digits(s) && s.len() <= LONG_MAX_DIGITS) {
        let message = format!("must be 1 to {LONG_MAX_DIGITS} decimal digits (0-9)");
        text::invalid_format(ctx, path, &message, LONG_PATTERN);
    }
}

/// A comma-separated list (a string, as sent), or an array of its items (as a client holds it
/// before joining). Items are taken exactly: no trimming.
fn list(ctx: &mut Ctx, path: &Pointer, name: &str, v: &Value, l: &List, required: bool) {
    match v {
        Value::String(s) if s.is_empty() => {
            if required || l.min_items.unwrap_or(0) > 0 {
                empty_required(ctx, path, name);
            }
        }
        Value::String(s) => {
            let items: Vec<&str> = s.split(LIST_SEPARATOR).collect();
            if !lengths::item_count(ctx, path, items.len(), l.min_items, l.max_items) {
                return;
            }
            for (i, item) in items.iter().enumerate() {
                list_item(ctx, path, name, item, i, &l.item);
            }
            if l.unique {
                repeats(ctx, path, &items);
            }
        }
        // An empty array is the same untouched value as an empty text.
        Value::Array(a) if a.is_empty() && required && l.min_items.is_none() => {
            empty_required(ctx, path, name);
        }
        Value::Array(a) => {
            if !lengths::item_count(ctx, path, a.len(), l.min_items, l.max_items) {
                return;
            }
            let mut items = Vec::with_capacity(a.len());
            for (i, item) in a.iter().enumerate() {
                if let Some(s) = fields::string(ctx, &path.index(i), item) {
                    list_item(ctx, &path.index(i), name, s, i, &l.item);
                    items.push(s);
                }
            }
            if l.unique && items.len() == a.len() {
                repeats(ctx, path, &items);
            }
        }
        other => fields::wrong_type(
            ctx,
            path,
            "comma-separated string or array of strings",
            other,
        ),
    }
}

fn list_item(ctx: &mut Ctx, at: &Pointer, name: &str, item: &str, index: usize, ty: &Type) {
    if item.is_empty() {
        report(ctx, at, IssueKind::EmptyListItem { name, index });
        return;
    }
    match ty {
        Type::Enum(allowed) => {
            enums::one_of(ctx, at, item, allowed);
        }
        Type::Str(s) => string(ctx, at, name, item, s, true),
        Type::Long => long_digits(ctx, at, item),
        _ => {}
    }
}

fn repeats(ctx: &mut Ctx, path: &Pointer, items: &[&str]) {
    let earlier = lengths::earlier_repeats(items.iter().copied());
    for (i, first) in earlier.into_iter().enumerate() {
        if let Some(first) = first {
            let kind = IssueKind::RepeatedItem { index: i, first };
            report(ctx, path, kind);
        }
    }
}

/// A nested object with rules of its own (an audience user's "at least one identifier"):
/// the value must be an object; its members are checked against `table`, then `rules` run (rule
/// kinds of [`super::rules`]; a [`Check::Hook`](super::Check::Hook) does nothing here), then its
/// unknown members are warned. A [`MembersNotAllowed`](super::Check::MembersNotAllowed) rule's
/// refused members are reported in their place among the table's members (the order of its
/// whole set), and are not unknown.
pub fn object_then_rules<'v>(
    ctx: &mut Ctx,
    path: &Pointer,
    value: &'v Value<'v>,
    table: &[Field],
    rules: &[crate::model::Rule],
) -> Option<&'v Object<'v>> {
    let obj = fields::object(ctx, path, value)?;
    let refusing = rules.iter().find_map(|r| match r.check {
        super::Check::MembersNotAllowed {
            members,
            allowed,
            message,
        } => Some((members, allowed, message)),
        _ => None,
    });
    match refusing {
        // The table's members and the refused ones, in the order of the whole set.
        Some((members, allowed, message)) => {
            for name in members {
                match table.iter().find(|f| f.name == *name) {
                    Some(f) => {
                        table_members(ctx, path, obj, std::slice::from_ref(f));
                    }
                    None => {
                        super::rules::not_allowed_member(ctx, path, obj, name, allowed, message)
                    }
                }
            }
            for f in table.iter().filter(|f| !members.contains(&f.name)) {
                table_members(ctx, path, obj, std::slice::from_ref(f));
            }
        }
        None => {
            table_members(ctx, path, obj, table);
        }
    }
    for rule in rules {
        if !matches!(rule.check, super::Check::MembersNotAllowed { .. }) {
            super::rules::check(ctx, path, obj, &rule.check);
        }
    }
    fields::unknown_fields(ctx, path, obj, &TableAndRefused { table, rules });
    Some(obj)
}

/// The members an object of [`object_then_rules`] knows: its table's and those its rules refuse.
struct TableAndRefused<'a> {
    table: &'a [Field],
    rules: &'a [crate::model::Rule],
}

impl Known for TableAndRefused<'_> {
    fn contains_name(&self, name: &str) -> bool {
        self.table.contains_name(name)
            || self.rules.iter().any(|r| {
                matches!(r.check, super::Check::MembersNotAllowed { members, .. }
                    if members.contains(&name))
            })
    }
}

/// Member `f` of `obj` on its own: present when always required (`required` if not), and its
/// value (type, bounds, format, or its member hook). The conditions across members (required
/// when, needs) are left to the kind's rules: this is the member check of a kind read in order
/// ([`super::Hook::InOrder`]) and of a tagged variant. A slot hook ([`MemberHook::Slot`]) checks
/// its members instead, and a rule anchored at the member ([`Field::then`]) runs after it, as in
/// [`members`].
pub fn shape(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, f: &Field) {
    let required = matches!(f.need, Required::Always);
    match (f.check, obj.get_at(f.name, f.slot)) {
        (Some(MemberHook::Slot(check)), _) => check(ctx, path, obj),
        (Some(MemberHook::Covered), _) => {}
        (None | Some(MemberHook::Value(_)), None) if required => {
            fields::required(ctx, path, f.name);
        }
        (_, None) => {}
        (Some(MemberHook::Value(check)), Some(v)) => {
            check(ctx, &path.key(f.name), f.name, v, required, obj);
        }
        (_, Some(v)) => value(ctx, &path.key(f.name), f.name, v, &f.ty, required),
    }
    if let Some(rule) = f.then {
        super::rules::check(ctx, path, obj, rule);
    }
}

/// A [`Type::Tagged`] value: an object whose tag is one of the variants (else reported, and its
/// members are not checked: which shape they belong to is unknown), the members of its
/// variant ([`shape`]), the members only for other tags (`not_allowed`), then the unknown
/// members (the tag and the members of [`Tagged::only_in`] are known).
fn tagged(ctx: &mut Ctx, path: &Pointer, v: &Value, t: &Tagged) {
    let Some(obj) = fields::object(ctx, path, v) else {
        return;
    };
    let tags: Vec<&str> = t.variants.iter().map(|(tag, _)| *tag).collect();
    let Some(tag) = fields::enum_member(ctx, obj, path, t.tag, &tags, fields::Need::Required)
    else {
        return;
    };
    let Some((_, table)) = t.variants.iter().find(|(v, _)| *v == tag) else {
        return;
    };
    for f in table.iter() {
        shape(ctx, path, obj, f);
    }
    for only in t.only_in {
        if !only.tags.contains(&tag) && fields::present(obj, only.member) {
            let kind = IssueKind::OnlyIn {
                allowed_in: only.tags,
                message: only.message,
            };
            report(ctx, &path.key(only.member), kind);
        }
    }
    let known = VariantNames { t, table };
    fields::unknown_fields(ctx, path, obj, &known);
}

/// The members a tagged variant knows: its tag, its table and the members only for some tags.
struct VariantNames<'t> {
    t: &'t Tagged,
    table: &'t [Field],
}

impl Known for VariantNames<'_> {
    fn contains_name(&self, name: &str) -> bool {
        name == self.t.tag
            || self.table.contains_name(name)
            || self.t.only_in.iter().any(|o| o.member == name)
    }
}

#[cfg(test)]
mod tests {
    use crate::ctx::{Ctx, Mode};
    use crate::model::{Field, Str};
    use crate::options::Options;
    use crate::report::Pointer;

    const PRESENT: &[Field] = &[
        Field::optional("a", Str::ANY, "a"),
        Field::optional("b", Str::ANY, "b").needs(&["a"]),
    ];
    const GIVEN: &[Field] = &[
        Field::optional("a", Str::ANY, "a"),
        Field::optional("b", Str::ANY, "b").needs_when_given(&["a"]),
    ];

    /// (path, code) of the issues the table gives `payload`.
    fn issues(table: &[Field], payload: &str) -> Vec<(String, String)> {
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let v = crate::json::parse(payload.as_bytes()).expect("JSON");
        super::object(&mut ctx, &Pointer::root(), &v, table);
        let report = ctx.finish();
        report
            .issues
            .iter()
            .map(|i| (i.path.clone(), i.code.as_str().to_string()))
            .collect()
    }

    fn missing_a() -> Vec<(String, String)> {
        vec![("/a".into(), "dependency_missing".into())]
    }

    #[test]
    fn needs_by_presence() {
        assert_eq!(issues(PRESENT, r#"{"b": "x"}"#), missing_a());
        assert_eq!(issues(PRESENT, r#"{"b": ""}"#), missing_a());
        assert!(issues(PRESENT, r#"{"b": "x", "a": ""}"#).is_empty());
        assert!(issues(PRESENT, r#"{"a": "x"}"#).is_empty());
    }

    #[test]
    fn needs_when_given() {
        assert_eq!(issues(GIVEN, r#"{"b": "x"}"#), missing_a());
        assert_eq!(issues(GIVEN, r#"{"b": "x", "a": ""}"#), missing_a());
        assert!(issues(GIVEN, r#"{"b": ""}"#).is_empty());
        assert!(issues(GIVEN, r#"{"b": "x", "a": "y"}"#).is_empty());
    }

    const GROUP: crate::model::Check = crate::model::Check::AtLeastOne {
        members: &["a", "b"],
        empty: crate::model::Empty::Text,
        message: "a or b",
    };
    const ANCHORED: &[Field] = &[
        Field::optional("a", Str::ANY, "a").grouped(),
        Field::optional("b", Str::ANY, "b").grouped().then(&GROUP),
        Field::required("c", Str::ANY, "c"),
    ];

    /// The anchored rule runs right after its member (before `c`), once for the group, and
    /// treats `""` as not given; members found are no unknown ones, a repeated name still is
    /// reported (its duplicate and, once, an unknown member).
    #[test]
    fn anchored_rules_run_in_table_order() {
        let one_of = || ("/a".to_string(), "one_of_required".to_string());
        let c = || ("/c".to_string(), "required".to_string());
        assert_eq!(issues(ANCHORED, "{}"), vec![one_of(), c()]);
        assert_eq!(issues(ANCHORED, r#"{"b": ""}"#), vec![one_of(), c()]);
        assert_eq!(issues(ANCHORED, r#"{"b": "x"}"#), vec![c()]);
        assert!(issues(ANCHORED, r#"{"a": "x", "c": "y"}"#).is_empty());
        let repeated = issues(ANCHORED, r#"{"a": "x", "c": "y", "a": "z", "d": 1}"#);
        let codes: Vec<&str> = repeated.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(codes, ["duplicate_key", "unknown_field"]);
    }

    const TAGGED: &[Field] = &[Field::required(
        "c",
        crate::model::Type::Tagged(&crate::model::Tagged {
            tag: "type",
            variants: &[
                ("A", &[Field::required("x", Str::ANY, "x")]),
                ("B", &[Field::optional("y", Str::ANY, "y")]),
            ],
            only_in: &[crate::model::OnlyIn {
                member: "y",
                tags: &["B"],
                message: "y only in B",
            }],
        }),
        "c",
    )];

    #[test]
    fn a_tagged_object_knows_its_tag_and_refuses_a_member_of_another_tag() {
        assert!(issues(TAGGED, r#"{"c": {"type": "A", "x": "1"}}"#).is_empty());
        assert!(issues(TAGGED, r#"{"c": {"type": "B", "y": "1"}}"#).is_empty());
        assert_eq!(
            issues(TAGGED, r#"{"c": {"type": "A", "y": "1", "z": 1}}"#),
            vec![
                ("/c/x".into(), "required".into()),
                ("/c/y".into(), "not_allowed".into()),
                ("/c/z".into(), "unknown_field".into()),
            ]
        );
        assert_eq!(
            issues(TAGGED, r#"{"c": {"type": "C", "x": "1"}}"#),
            vec![("/c/type".into(), "not_in_enum".into())]
        );
    }
}

#[cfg(test)]
mod shape_tests {
    use super::shape;
    use crate::ctx::{Ctx, Mode};
    use crate::json::{Object, Value};
    use crate::model::{Check, Empty, Field, Str};
    use crate::options::Options;
    use crate::report::Pointer;

    const ONE: Check = Check::AtLeastOne {
        members: &["a", "b"],
        empty: Empty::Text,
        message: "a or b",
    };

    fn slot(ctx: &mut Ctx, path: &Pointer, _: &Object) {
        crate::checks::fields::required(ctx, path, "from_slot");
    }

    fn paths(f: &Field, payload: &str) -> Vec<String> {
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let v = crate::json::parse(payload.as_bytes()).expect("JSON");
        if let Value::Object(obj) = &v {
            shape(&mut ctx, &Pointer::root(), obj, f);
        }
        ctx.finish().issues.iter().map(|i| i.path.clone()).collect()
    }

    /// A member read on its own (a kind read in order, a tagged variant) keeps what the table
    /// says of it elsewhere: its anchored rule runs after it, a slot hook checks in its place
    /// (present or not), a member the slot hook covers is left to it.
    #[test]
    fn a_member_read_on_its_own_runs_its_anchored_rule_and_its_slot_hook() {
        let anchored = Field::optional("b", Str::ANY, "b").grouped().then(&ONE);
        assert_eq!(paths(&anchored, "{}"), ["/a"]);
        assert!(paths(&anchored, r#"{"b": "x"}"#).is_empty());
        let slotted = Field::optional("s", Str::ANY, "s").checked_in_slot(slot);
        assert_eq!(paths(&slotted, "{}"), ["/from_slot"]);
        assert_eq!(paths(&slotted, r#"{"s": 1}"#), ["/from_slot"]);
        let covered = Field::required("s", Str::ANY, "s").checked_with_previous();
        assert!(paths(&covered, "{}").is_empty());
    }
}
