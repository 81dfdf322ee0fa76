//! The rule engine: one interpreter over the rows of the kind registry.
//!
//! Every payload kind is one [`KindSpec`] row (in [`crate::spec::v12`], generated from its kind
//! table): its name (the [`Kind`]), where its values travel ([`Mode`]), its section, its
//! [`Description`] (title, the field table, the rules across fields) and, only where data cannot
//! say a rule, a named code [`Hook`]. [`run`] reads the row:
//!
//! 1. the field table, member by member ([`form`]: presence, type, bounds, format), then the
//!    unknown members;
//! 2. the rules across fields, in the order the description lists them: each a rule kind of
//!    [`rules::Check`] (data). A row whose rules refuse members ([`Check::MembersNotAllowed`]:
//!    the sign-in browser steps never take `oauth_callback`) is read by
//!    [`form::object_then_rules`] instead: the refused members in their place among the table's,
//!    not also as unknown, and the other rules before the unknown members;
//! 3. the row's hook, if any ([`crate::model::Hook`], [`Place::After`]; a [`Place::Root`] hook
//!    is handed the payload in place of the table). A hook placed at a member runs as the table
//!    reaches it ([`form`]).
//!
//! A kind whose rules report among its members ([`KindSpec::in_order`]: the cards, the video
//! conversation cards) is read in order instead ([`in_order`]): each member on its own
//! ([`form::shape`]), each followed by the rules placed after it ([`Check::After`],
//! [`Check::NotSentEmpty`]), then the other rules, then the unknown members; the table's
//! conditions across members are shown by `describe` and checked by the kind's rules.
//!
//! `describe` and `jsonSchema` are derived from the same rows ([`crate::describe`],
//! [`crate::model::schema`]), so a form cannot disagree with the engine.

pub mod form;
pub mod rules;

pub use crate::model::{Check, KindSpec};

use crate::model::{At, Place};

use crate::ctx::Ctx;
use crate::json::{Object, Value};
use crate::model::Description;
use crate::options::Options;
use crate::report::{Pointer, Report};

/// Runs the rules of `row` (a kind's row of the registry, [`crate::spec::v12::spec`]) over
/// `payload`.
pub fn run(row: &KindSpec, payload: &Value, options: &Options) -> Report {
    let mut ctx = Ctx::new(options, row.mode);
    let root = Pointer::root();
    match row.hook {
        Some(hook) if hook.place == Place::Root => root_hook(&mut ctx, hook, payload),
        _ if row.in_order => {
            if let Some(obj) = crate::checks::fields::object(&mut ctx, &root, payload) {
                in_order(&mut ctx, &root, obj, row.description);
            }
        }
        hook => {
            let d = row.description;
            if let Some(obj) = data(&mut ctx, &root, payload, d) {
                if let Some(hook) = hook {
                    (hook.run)(&mut ctx, &At::row(&root, obj, payload));
                }
            }
        }
    }
    ctx.finish()
}

/// A row read as data: the field table, then the rules across fields; a row whose rules refuse
/// members ([`Check::MembersNotAllowed`]) by [`form::object_then_rules`], which reports them in
/// their place and not also as unknown.
fn data<'v>(
    ctx: &mut Ctx,
    root: &Pointer,
    payload: &'v Value<'v>,
    d: &Description,
) -> Option<&'v Object<'v>> {
    if d.rules
        .iter()
        .any(|r| matches!(r.check, Check::MembersNotAllowed { .. }))
    {
        return form::object_then_rules(ctx, root, payload, d.fields(), d.rules);
    }
    let obj = form::object(ctx, root, payload, d.fields())?;
    for rule in d.rules {
        rules::check(ctx, root, obj, rule.check);
    }
    Some(obj)
}

/// The object a [`Place::Root`] hook stands in: the payload is not an object.
static NO_OBJECT: Object<'static> = Object::EMPTY;

/// A [`Place::Root`] hook over the payload.
#[inline(never)]
fn root_hook(ctx: &mut Ctx, hook: &crate::model::Hook, payload: &Value) {
    (hook.run)(ctx, &At::row(&Pointer::root(), &NO_OBJECT, payload));
}

/// A kind read in order ([`KindSpec::in_order`]): its members, each followed by the rules placed
/// after it, then the other rules, then the unknown members.
pub fn in_order(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, d: &Description) {
    let table = d.fields();
    for f in table {
        form::shape(ctx, path, obj, f);
        for rule in d.rules {
            rules::placed_after(ctx, path, obj, rule.check, f.name);
        }
    }
    for rule in d.rules {
        if !rules::is_placed(rule.check) {
            rules::check(ctx, path, obj, rule.check);
        }
    }
    crate::checks::fields::unknown_fields(ctx, path, obj, table);
}

#[cfg(test)]
mod in_order_tests {
    use super::Check;
    use crate::ctx::{Ctx, Mode};
    use crate::model::{Description, Field, Rule, Str, Type};
    use crate::options::Options;
    use crate::report::{Code, Pointer};

    const fn rule(check: &'static Check) -> Rule {
        Rule {
            code: Code::OneOfRequired,
            check,
            reads_clock: false,
            text: "",
            fields: &[],
        }
    }

    /// A kind read in order: `a`, then `b` and `c`, exactly one of which, checked right after
    /// `a`; `d` needs `e`; `a` must not be sent empty.
    const D: Description = Description {
        title: "",
        root: Type::Object(&[
            Field::optional("a", Str::max(1), "a"),
            Field::optional("b", Str::ANY, "b"),
            Field::optional("c", Str::ANY, "c"),
            Field::optional("d", Str::ANY, "d"),
            Field::optional("e", Str::ANY, "e"),
        ]),
        rules: &[
            rule(&Check::Needs {
                pairs: &[("d", "e")],
                what: "the e",
            }),
            rule(&Check::After {
                member: "a",
                check: &Check::ExactlyOne {
                    members: &["b", "c"],
                    exclusive: "not both",
                    missing: Some("one of b or c"),
                },
            }),
            rule(&Check::NotSentEmpty {
                members: &["a"],
                message: "must not be empty",
            }),
        ],
    };

    fn issues(payload: &str) -> Vec<(String, &'static str)> {
        let options = Options::default();
        let mut ctx = Ctx::new(&options, Mode::Json);
        let v = crate::json::parse(payload.as_bytes()).expect("JSON");
        if let crate::json::Value::Object(obj) = &v {
            super::in_order(&mut ctx, &Pointer::root(), obj, &D);
        }
        let report = ctx.finish();
        report
            .issues
            .iter()
            .map(|i| (i.path.clone(), i.code.code()))
            .collect()
    }

    #[test]
    fn rules_placed_after_a_member_report_before_the_members_after_it() {
        assert_eq!(
            issues(r#"{"a": "xx", "b": 1, "c": "", "d": "y", "f": 0}"#),
            vec![
                ("/a".to_string(), "too_long"),
                ("/b".to_string(), "mutually_exclusive"),
                ("/b".to_string(), "wrong_type"),
                ("/e".to_string(), "dependency_missing"),
                ("/f".to_string(), "unknown_field"),
            ]
        );
        assert_eq!(
            issues(r#"{"d": 1, "a": ""}"#),
            vec![
                // The rules placed after `a`, in the order listed.
                ("/b".to_string(), "one_of_required"),
                ("/a".to_string(), "required"),
                ("/d".to_string(), "wrong_type"),
            ]
        );
        assert!(issues(r#"{"c": "", "d": "y", "e": "z"}"#).is_empty());
    }
}
