//! The rules across fields `describe` shows, derived from the checks that hold them, and the
//! test that keeps `super::rules_table` (what `describe` reads) equal to them. Run
//! `UPDATE_RULES_TABLE=1 cargo test -p preflight --lib schema::derive` to write the table after
//! changing a field table, a hook's rules or a kind's data rules; the test fails while they
//! differ. (Derived here, in a test, rather than at each `describe` call: the derivation's code
//! would cost the validation `.wasm` about 1.7 KB gzipped, the table nothing beyond the rules'
//! own words and pointers.)

use crate::kind::Kind;
use crate::model::{Check, Field, Format, KindSpec, Rule, Str, Type};
use crate::report::Code;

/// A rule across fields derived from its check, as `describe` shows it.
pub struct Said {
    /// The code it reports.
    pub code: Code,
    /// The rule in words.
    pub text: String,
    /// The members it involves, as JSON pointers (`*` for any array index).
    pub fields: Vec<String>,
    /// Whether it reads the current time.
    pub reads_clock: bool,
}

/// The rules across fields of `d`, each derived from the check that holds it: the field table's
/// (a member's needs, the rule anchored after a member, the rules of a member's hook, a
/// format's rule across the parts of a value, a member allowed with some tags only), in the
/// table's order, a nested table's at its pointers; then the row's hook's; then the row's data
/// rules. One rule reached at several places (each product of a batch, each component of a
/// card) is one entry naming all of them.
pub fn rules(row: &KindSpec) -> Vec<Said> {
    let d = row.description;
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
fn concat(parts: &[&str]) -> String {
    let mut out = String::new();
    for p in parts {
        out.push_str(p);
    }
    out
}

/// Listed rules (a hook's, the row's data rules) standing in the object at `base`: their
/// pointers are from it.
fn listed(out: &mut Vec<Said>, base: &str, rules: &[Rule]) {
    for r in rules {
        let text = r.text.to_string();
        said(out, r.code, text, base, "", r.fields, r.reads_clock);
    }
}

/// Adds the rule `code`, `text` (or, when one with that code and text is there, adds to it)
/// with the pointers `base`, `sep`, member for each of `members` (`sep` `"/"`: member names,
/// which need no escaping; `""`: pointers from `base`).
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
        if !fields.contains(&pointer) {
            fields.push(pointer);
        }
    }
}

/// The rules the table of `t` at `base` holds; `needs`: whether its members' needs are checked
/// by the table (not in a kind read in order, nor in a tagged variant).
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

/// The Rust text of `super::rules_table`: every kind's derived rules, in `Kind::ALL` order.
fn table_text() -> String {
    let mut out = String::from(
        "//! Generated by `UPDATE_RULES_TABLE=1 cargo test -p preflight --lib schema::derive` from the\n\
         //! kinds' checks (`src/schema/derive.rs`): the rules across fields `describe` shows. Do not\n\
         //! edit; the test fails when this table and the checks differ.\n\n\
         use crate::kind::Kind;\n\
         use crate::report::Code;\n\n\
         /// A rule across fields as `describe` shows it (`rules`).\n\
         #[derive(Clone, Copy, Debug)]\n\
         pub struct Said {\n\
        \x20   /// The code it reports.\n\
        \x20   pub code: Code,\n\
        \x20   /// The rule in words.\n\
        \x20   pub text: &'static str,\n\
        \x20   /// The members it involves, as JSON pointers (`*` for any array index).\n\
        \x20   pub fields: &'static [&'static str],\n\
        \x20   /// Whether it reads the current time.\n\
        \x20   pub reads_clock: bool,\n\
         }\n\n\
         /// Each kind's rules across fields, as `describe` shows them.\n\
         #[rustfmt::skip]\n\
         pub const RULES: &[(Kind, &[Said])] = &[\n",
    );
    for kind in Kind::ALL {
        let said = rules(crate::spec::v12::spec(*kind));
        if said.is_empty() {
            continue;
        }
        out.push_str(&format!("    (Kind::{kind:?}, &[\n"));
        for s in said {
            out.push_str(&format!(
                "        Said {{ code: Code::{:?}, text: {:?}, fields: &{:?}, reads_clock: {} }},\n",
                s.code, s.text, s.fields, s.reads_clock
            ));
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::{anchored, table_text};
    use crate::kind::Kind;
    use crate::model::{Field, Type};

    /// `super::rules_table` is what the checks say (`UPDATE_RULES_TABLE=1`, or the
    /// `UPDATE_SNAPSHOTS=1` that rewrites every generated file, writes it).
    #[test]
    fn the_rules_table_is_derived_from_the_checks() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/schema/rules_table.rs");
        let want = table_text();
        if std::env::var_os("UPDATE_RULES_TABLE").is_some()
            || std::env::var_os("UPDATE_SNAPSHOTS").is_some()
        {
            std::fs::write(path, &want).expect("write src/schema/rules_table.rs");
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "src/schema/rules_table.rs differs from the checks: run \
             UPDATE_RULES_TABLE=1 cargo test -p preflight --lib schema::derive"
        );
    }

    /// Every member of every kind's tables, at any depth, with the tagged objects met.
    fn members() -> (Vec<&'static Field>, Vec<&'static crate::model::Tagged>) {
        fn visit(
            t: &'static Type,
            out: &mut (Vec<&'static Field>, Vec<&'static crate::model::Tagged>),
        ) {
            let table = |fields: &'static [Field], out: &mut (Vec<_>, Vec<_>)| {
                for f in fields {
                    out.0.push(f);
                    visit(&f.ty, out);
                }
            };
            match t {
                Type::Object(fields) => table(fields, out),
                Type::Tagged(tagged) => {
                    out.1.push(tagged);
                    for (_, fields) in tagged.variants {
                        table(fields, out);
                    }
                }
                Type::Array(a) => visit(&a.item, out),
                _ => {}
            }
        }
        let mut out = (Vec::new(), Vec::new());
        for kind in Kind::ALL {
            visit(&crate::spec::v12::spec(*kind).description.root, &mut out);
        }
        out
    }

    /// `describe` shows every rule anchored in a table: none is left out for want of words.
    #[test]
    fn every_anchored_rule_is_described() {
        let checks: Vec<_> = members().0.iter().filter_map(|f| f.then).collect();
        assert!(!checks.is_empty());
        for check in checks {
            assert!(anchored(&mut Vec::new(), "", check), "{check:?}");
        }
    }

    /// Member names need no escaping in a pointer (`~` or `/`): the derivation joins them as
    /// they are.
    #[test]
    fn member_names_need_no_escaping() {
        let (fields, tagged) = members();
        let names = fields
            .iter()
            .flat_map(|f| std::iter::once(&f.name).chain(f.needs));
        let only_in = tagged
            .iter()
            .flat_map(|t| t.only_in.iter().map(|o| &o.member));
        assert!(names.chain(only_in).all(|n| !n.contains(['~', '/'])));
    }
}
