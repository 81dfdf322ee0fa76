//! docs/RULES.md's part `# Answers` against the answer readers (`preflight::answers`) and their
//! vectors (tests/vectors/answers/*.json, the format of tests/answers_vectors.rs):
//! - every section is `## answer: <call>`, written once; a call of `preflight::answers::names()`
//!   has a section with at least one row; a section naming no call holds no row;
//! - every table has the header `| rule | spec's words | code | vectors |`, every row as many
//!   cells, an id `<call>.<member>.<rule>` of its section's call (or `(not checkable) ...` with
//!   `none: <why>` in its code cell), written once in the part;
//! - every vector a row cites is a case of tests/vectors/answers/ of the row's call, and every
//!   code it cites is reported by at least one of them: an error's code, or a `code` member
//!   anywhere in its expected result (an issue's, or any coded entry of a reader's result).

use crate::doc::{cells, parts, ticked, NOT_CHECKABLE};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

/// One row of the answers' part.
struct Row {
    line: usize,
    call: String,
    id: Option<String>,
    codes: Vec<String>,
    vectors: Vec<String>,
}

/// The sections (call, line) and rows of the answers' part, and what is malformed.
fn parse(part: &str, first_line: usize) -> (Vec<(String, usize)>, Vec<Row>, Vec<String>) {
    let mut sections = Vec::new();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut call: Option<String> = None;
    let mut header: Option<usize> = None;
    let lines: Vec<&str> = part.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let n = first_line + i;
        i += 1;
        if let Some(title) = line.strip_prefix("## ") {
            header = None;
            match title.trim().strip_prefix("answer: ") {
                Some(c) => {
                    call = Some(c.to_string());
                    sections.push((c.to_string(), n));
                }
                None => {
                    call = None;
                    problems.push(format!(
                        "line {n}: a section that is not `## answer: <call>`: {line}"
                    ));
                }
            }
            continue;
        }
        if !line.trim_start().starts_with('|') {
            header = None;
            continue;
        }
        let Some(want) = header else {
            let h = cells(line);
            if h != ["rule", "spec's words", "code", "vectors"] {
                problems.push(format!(
                    "line {n}: a table whose header is not | rule | spec's words | code | vectors |: {line}"
                ));
            }
            if call.is_none() {
                problems.push(format!(
                    "line {n}: a table outside any `## answer: <call>` section"
                ));
            }
            header = Some(h.len());
            i += 1; // the separator
            continue;
        };
        let c = cells(line);
        if c.len() != want {
            problems.push(format!(
                "line {n}: a row of {} cells in a table of {want}: {line}",
                c.len()
            ));
            continue;
        }
        let section = call.clone().unwrap_or_default();
        let id = if let Some(rest) = c[0].strip_prefix(NOT_CHECKABLE) {
            if rest.is_empty() || !c[2].starts_with("none") {
                problems.push(format!(
                    "line {n}: a (not checkable) row names its rule and says `none: <why>` in its code cell"
                ));
            }
            None
        } else {
            let well_formed = c[0]
                .strip_prefix(&format!("{section}."))
                .is_some_and(|rest| {
                    rest.split('.').count() >= 2
                        && rest.split('.').all(|s| {
                            !s.is_empty()
                                && s.chars().all(|ch| {
                                    ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_'
                                })
                        })
                });
            if !well_formed {
                problems.push(format!(
                    "line {n}: an id that is not {section}.<member>.<rule>: {}",
                    c[0]
                ));
                continue;
            }
            Some(c[0].to_string())
        };
        rows.push(Row {
            line: n,
            call: section,
            id,
            codes: ticked(c[2]),
            vectors: ticked(c[3]),
        });
    }
    (sections, rows, problems)
}

/// Every case of tests/vectors/answers/*.json by name: (call, whole case).
fn answer_vectors() -> BTreeMap<String, (String, Value)> {
    let dir = crate::root().join("tests/vectors/answers");
    let mut out = BTreeMap::new();
    for e in fs::read_dir(&dir).expect("tests/vectors/answers").flatten() {
        let p = e.path();
        if !p.extension().is_some_and(|x| x == "json") {
            continue;
        }
        let cases: Vec<Value> = serde_json::from_str(&fs::read_to_string(&p).unwrap()).unwrap();
        for c in cases {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            let call = c["call"].as_str().unwrap_or_default().to_string();
            out.insert(name, (call, c));
        }
    }
    out
}

/// Whether `v` holds, at any depth, an object whose `code` member is `code`.
fn holds_code(v: &Value, code: &str) -> bool {
    match v {
        Value::Object(o) => {
            o.get("code").and_then(Value::as_str) == Some(code)
                || o.values().any(|x| holds_code(x, code))
        }
        Value::Array(a) => a.iter().any(|x| holds_code(x, code)),
        _ => false,
    }
}

/// Whether the case reports `code`: its expected error, or a `code` in its expected result.
fn reports(case: &Value, code: &str) -> bool {
    case.get("error").and_then(Value::as_str) == Some(code)
        || case.get("ok").is_some_and(|ok| holds_code(ok, code))
}

/// The problems of the answers' part of `doc` (its first line numbered `first_line`).
fn problems_of(
    part: &str,
    first_line: usize,
    calls: &[&str],
    vectors: &BTreeMap<String, (String, Value)>,
) -> Vec<String> {
    let (sections, rows, mut problems) = parse(part, first_line);
    let mut seen = BTreeSet::new();
    for (call, line) in &sections {
        if !seen.insert(call.as_str()) {
            problems.push(format!("line {line}: section answer: {call} written twice"));
        }
        if !calls.contains(&call.as_str()) && rows.iter().any(|r| &r.call == call) {
            problems.push(format!(
                "line {line}: section answer: {call} names no call of preflight::answers::names()"
            ));
        }
    }
    for call in calls {
        if !rows.iter().any(|r| r.call == *call) {
            problems.push(format!(
                "the call {call} has no section with a row in the answers' part"
            ));
        }
    }
    let mut ids = BTreeSet::new();
    for row in &rows {
        let at = format!("line {}", row.line);
        if let Some(id) = &row.id {
            if !ids.insert(id.clone()) {
                problems.push(format!("{at}: rule {id} has a row already"));
            }
            if row.codes.is_empty() {
                problems.push(format!("{at}: rule {id} names no code"));
            }
            if row.vectors.is_empty() {
                problems.push(format!("{at}: rule {id} cites no vector"));
            }
        }
        for name in &row.vectors {
            match vectors.get(name) {
                None => problems.push(format!("{at}: no answer vector named `{name}`")),
                Some((call, _)) if *call != row.call => problems.push(format!(
                    "{at}: the vector `{name}` calls {call}, not {}",
                    row.call
                )),
                Some(_) => {}
            }
        }
        if row.id.is_some() {
            for code in &row.codes {
                let shown = row
                    .vectors
                    .iter()
                    .any(|n| vectors.get(n).is_some_and(|(_, c)| reports(c, code)));
                if !shown {
                    problems.push(format!("{at}: none of the vectors cited reports `{code}`"));
                }
            }
        }
    }
    problems
}

#[test]
fn the_answers_part_matches_the_readers_and_their_vectors() {
    let (kinds_part, part) = parts();
    assert!(
        !part.is_empty(),
        "docs/RULES.md has no part `{}`",
        crate::doc::ANSWERS_PART
    );
    let first_line = kinds_part.lines().count() + 1;
    let calls: Vec<&str> = preflight::answers::names().collect();
    let problems = problems_of(&part, first_line, &calls, &answer_vectors());
    assert!(
        problems.is_empty(),
        "docs/RULES.md, # Answers ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The checker itself: each kind of fault is reported.
#[test]
fn faults_of_the_answers_part_are_reported() {
    let vectors: BTreeMap<String, (String, Value)> = [
        (
            "list_page: a".to_string(),
            (
                "list_page".to_string(),
                serde_json::json!({"ok": {"issues": [{"code": "required"}]}}),
            ),
        ),
        (
            "list_next_query: b".to_string(),
            (
                "list_next_query".to_string(),
                serde_json::json!({"error": "invalid_page"}),
            ),
        ),
    ]
    .into_iter()
    .collect();
    let head = "| rule | spec's words | code | vectors |\n|---|---|---|---|\n";
    let part = format!(
        "# Answers\n\n## answer: list_page\n\n{head}\
         | list_page.next_cursor.required | \"x\" | `required` | `list_page: a` |\n\
         | list_page.next_cursor.type | \"x\" | `wrong_type` | `list_page: a` |\n\
         | list_page.data.required | \"x\" | `required` | `list_next_query: b` |\n\
         | list_page.data.required | \"x\" | `required` | `list_page: a` |\n\
         | list_next_query.x.y | \"x\" | `invalid_page` | `list_next_query: b` |\n\
         | list_page.total.count | \"x\" | `required` | `list_page: zz` |\n\n\
         ## answer: no_such_call\n\n{head}| no_such_call.a.b | \"x\" | `required` | `list_page: a` |\n"
    );
    let p = problems_of(&part, 1, &["list_page", "list_next_query"], &vectors);
    let has = |s: &str| p.iter().any(|x| x.contains(s));
    assert!(
        has("none of the vectors cited reports `wrong_type`"),
        "{p:?}"
    );
    assert!(has("calls list_next_query, not list_page"), "{p:?}");
    assert!(
        has("rule list_page.data.required has a row already"),
        "{p:?}"
    );
    assert!(has("not list_page.<member>.<rule>"), "{p:?}");
    assert!(has("no answer vector named `list_page: zz`"), "{p:?}");
    assert!(has("names no call"), "{p:?}");
    assert!(has("the call list_next_query has no section"), "{p:?}");
    // A section of a call not in the table yet, with no row, is no fault.
    let empty = format!("# Answers\n\n## answer: later\n\n## answer: list_page\n\n{head}| list_page.a.b | \"x\" | `required` | `list_page: a` |\n");
    assert_eq!(
        problems_of(&empty, 1, &["list_page"], &vectors),
        Vec::<String>::new()
    );
}
