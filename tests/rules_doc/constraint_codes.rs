//! The codes [`constraints`](crate::constraints::constraints) expects are the engine's: from
//! every valid vector, each described constraint of each field the payload carries is broken and
//! the engine must report that code about the field.

use crate::common::vectors::vector_cases;
use crate::constraints::{constraints, Broken, Constraint, EXCEPTIONS};
use crate::rows::{related, segments};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// The pointers a described path (`/a/*/b`) has in `v`; a member of one variant of a tagged
/// object (`appliesWhen`) only where the tag has that value.
fn concrete(v: &Value, segs: &[&str], at: String, applies: &Value, out: &mut Vec<String>) {
    let Some((first, rest)) = segs.split_first() else {
        out.push(at);
        return;
    };
    match (v, *first) {
        (Value::Array(items), "*") => {
            for (i, item) in items.iter().enumerate() {
                concrete(item, rest, format!("{at}/{i}"), applies, out);
            }
        }
        (Value::Object(m), key) => {
            let tag = applies["field"].as_str().and_then(|t| t.rsplit('/').next());
            if let (true, Some(tag)) = (rest.is_empty(), tag) {
                if m.get(tag).and_then(Value::as_str) != applies["value"].as_str() {
                    return;
                }
            }
            let name = key.replace("~1", "/").replace("~0", "~");
            if let Some(child) = m.get(&name) {
                concrete(child, rest, format!("{at}/{key}"), applies, out);
            }
        }
        _ => {}
    }
}

/// `payload` (and `options`) with the constraint at `at` broken; `None` where this value cannot
/// show it (a length of a value that is not a string, items of an empty list).
fn break_at(payload: &Value, options: &str, at: &str, broken: &Broken) -> Option<(Value, String)> {
    let mut p = payload.clone();
    let mut options = options.to_string();
    if let Broken::Remove | Broken::RemoveWhen(_) = broken {
        let (parent, key) = at.rsplit_once('/')?;
        let siblings = p.pointer_mut(parent)?.as_object_mut()?;
        siblings.remove(key)?;
        let when = match broken {
            Broken::RemoveWhen(when) => when,
            _ => &Value::Null,
        };
        let name = |f: &Value| {
            f.as_str()
                .and_then(|f| f.rsplit('/').next())
                .map(String::from)
        };
        match when["op"].as_str() {
            Some("all_absent") => {
                for f in when["fields"].as_array().into_iter().flatten() {
                    siblings.remove(&name(f)?);
                }
            }
            Some("equals") => {
                siblings.insert(name(&when["field"])?, when["value"].clone());
            }
            Some("given") => {
                // The member that needs it, given (a string, not "").
                let by = name(&when["field"])?;
                if siblings
                    .get(&by)
                    .and_then(Value::as_str)
                    .map_or(true, str::is_empty)
                {
                    siblings.insert(by, json!("x"));
                }
            }
            Some("present") => {
                // The member that needs it, with a value (any string will do).
                siblings
                    .entry(name(&when["field"])?)
                    .or_insert_with(|| json!("x"));
            }
            Some("context") => {
                let mut o: Value = serde_json::from_str(&options).unwrap_or(json!({}));
                o["context"][when["fact"].as_str()?] = when["values"].clone();
                options = o.to_string();
            }
            _ => {}
        }
        return Some((p, options));
    }
    let slot = p.pointer_mut(at)?;
    let items: Vec<Value> = match slot {
        Value::Array(a) => a.clone(),
        Value::String(s) if !s.is_empty() => s.split(',').map(Value::from).collect(),
        _ => Vec::new(),
    };
    *slot = match broken {
        Broken::Remove | Broken::RemoveWhen(_) => unreachable!("handled above"),
        Broken::Set(v) => v.clone(),
        Broken::Chars(n) => {
            let c = slot.as_str()?.chars().next().unwrap_or('k');
            Value::String(c.to_string().repeat(*n))
        }
        Broken::Items(n) => Value::Array(vec![items.first()?.clone(); *n]),
        Broken::Item(v) => {
            let mut items = items;
            *items.first_mut()? = v.clone();
            Value::Array(items)
        }
    };
    Some((p, options))
}

/// `payload` with the member at `at` (its parent an object) sent as `""`.
fn emptied(mut payload: Value, at: &str) -> Option<Value> {
    let (parent, key) = at.rsplit_once('/')?;
    let siblings = payload.pointer_mut(parent)?.as_object_mut()?;
    siblings.insert(key.to_string(), json!(""));
    Some(payload)
}

/// `options` (JSON text, or empty) without `max_issues`: the default bound.
fn unbounded(options: &str) -> String {
    match serde_json::from_str::<Value>(options) {
        Ok(Value::Object(mut o)) => {
            o.remove("max_issues");
            Value::Object(o).to_string()
        }
        _ => options.to_string(),
    }
}

/// The error codes the engine reports about the member at `at`: at it, inside it or at an
/// object holding it (as a row's vectors must: [`related`]), or at a sibling for a rule over
/// several members whose `params.fields` names it (`one_of_required` is reported at the first
/// of its members: src/checks/needs.rs).
fn errors_at(kind: &str, payload: &Value, options: &str, at: &str) -> BTreeSet<String> {
    let text = payload.to_string();
    let out = crate::common::envelope::validate_json_envelope(kind, text.as_bytes(), options);
    let got: Value = serde_json::from_str(&out).unwrap_or_default();
    let at = segments(at);
    let names_it = |i: &Value| {
        let Some((name, parent)) = at.split_last() else {
            return false;
        };
        let path = i["path"].as_str().map(segments).unwrap_or_default();
        path.len() == at.len()
            && related(&path[..parent.len()], parent)
            && i["params"]["fields"]
                .as_array()
                .is_some_and(|f| f.iter().any(|f| f.as_str() == Some(name.as_str())))
    };
    got["ok"]["issues"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|i| i["severity"] == "error")
        .filter(|i| {
            names_it(i)
                || i["path"]
                    .as_str()
                    .is_some_and(|p| related(&segments(p), &at))
        })
        .filter_map(|i| i["code"].as_str().map(String::from))
        .collect()
}

/// The codes of [`constraints`] are the engine's: from every valid vector, each described
/// constraint of each field the payload carries is broken (one character too many, one past a
/// bound, a value outside the enum or the format, one item too many or too few, an item of
/// another kind, the member removed, where it is conditional with its condition made to hold) and
/// the engine must report that code at the field. Every kind of constraint with its code, and
/// every entry of [`EXCEPTIONS`], must be shown this way at least once.
#[test]
fn constraint_codes_are_the_engines() {
    let mut problems = Vec::new();
    let mut shown: BTreeSet<(String, String)> = BTreeSet::new();
    let mut wanted: BTreeSet<(String, String)> = BTreeSet::new();
    let mut exceptions_shown: BTreeSet<(String, String, &str)> = BTreeSet::new();
    for kind in preflight::Kind::ALL {
        let desc = preflight::describe(*kind).to_json();
        for c in constraints(kind.name(), &desc, &mut problems) {
            wanted.insert((category(&c), c.code));
        }
    }
    for case in vector_cases("") {
        let (Some(text), Ok(kind)) = (&case.payload, case.kind.parse::<preflight::Kind>()) else {
            continue;
        };
        let Ok(payload) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        if case.json["valid"] != Value::Bool(true) {
            continue;
        }
        let desc = preflight::describe(kind).to_json();
        let fields = desc["fields"].as_array().cloned().unwrap_or_default();
        for c in constraints(kind.name(), &desc, &mut Vec::new()) {
            let f = fields.iter().find(|f| f["path"] == c.path.as_str());
            let applies = f.map_or(&Value::Null, |f| &f["appliesWhen"]);
            let segs: Vec<&str> = c.path.split('/').skip(1).collect();
            let mut ats = Vec::new();
            concrete(&payload, &segs, String::new(), applies, &mut ats);
            for at in ats {
                let Some((broken, options)) = break_at(&payload, &case.options, &at, &c.broken)
                else {
                    continue;
                };
                // A vector that bounds its report (report_bounds.json) would hide the error
                // the broken constraint makes: judged on the whole report.
                let options = unbounded(&options);
                let mut codes = errors_at(kind.name(), &broken, &options, &at);
                if let (Broken::RemoveWhen(_), true) = (&c.broken, codes.is_empty()) {
                    // An update leaves an absent member as it is: sent empty, it is missing.
                    if let Some(empty) = emptied(broken, &at) {
                        codes = errors_at(kind.name(), &empty, &options, &at);
                    }
                }
                if codes.contains(&c.code) {
                    shown.insert((category(&c), c.code.clone()));
                    exceptions_shown.insert((kind.name().to_string(), c.path.clone(), c.name));
                } else {
                    problems.push(format!(
                        "{kind} ({}): {} of {at} broken ({:?}) gives {codes:?} there, not {}",
                        case.name.as_deref().unwrap_or("?"),
                        c.text,
                        c.broken,
                        c.code
                    ));
                }
            }
        }
    }
    for (what, code) in wanted.difference(&shown) {
        problems.push(format!(
            "no valid vector shows that breaking {what} gives {code}: add a valid vector that \
             carries such a field"
        ));
    }
    for (k, p, c, code, _) in EXCEPTIONS {
        if !exceptions_shown.contains(&(k.to_string(), p.to_string(), c)) {
            problems.push(format!(
                "EXCEPTIONS: no valid vector of {k} shows {c} of {p} broken giving {code}"
            ));
        }
    }
    assert!(!shown.is_empty(), "no constraint was broken");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What kind of constraint `c` is, for "shown at least once": its name, and a format's name.
fn category(c: &Constraint) -> String {
    if c.name.ends_with("format") {
        c.text.clone()
    } else {
        c.name.to_string()
    }
}
