//! One row of docs/RULES.md against the vectors it cites and the members it is about.

use crate::doc::Row;
use crate::vectors::Vector;
use std::collections::{BTreeMap, BTreeSet};

/// The segments of a JSON pointer, array indices written `*` (as `describe` writes them).
pub fn segments(pointer: &str) -> Vec<String> {
    if pointer.is_empty() {
        return Vec::new();
    }
    pointer
        .split('/')
        .skip(1)
        .map(|s| {
            if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                "*".to_string()
            } else {
                s.replace("~1", "/").replace("~0", "~")
            }
        })
        .collect()
}

/// Whether an issue at `path` is about a member at `field` (both as segments): the same
/// member, inside it (an item of a list) or an object holding it (a rule across members is
/// reported at their object, or at `""`).
pub fn related(path: &[String], field: &[String]) -> bool {
    let n = path.len().min(field.len());
    path[..n]
        .iter()
        .zip(&field[..n])
        .all(|(a, b)| a == b || a == "*" || b == "*")
}

/// The pointers (as segments) of the members a row is about: the fields its id names exactly
/// and the fields of the rule across members it documents (the matching rule of
/// [`crate::about`]).
pub fn row_pointers(kind: &str, id: &str) -> Vec<Vec<String>> {
    crate::about::about(kind, id).pointers()
}

/// The problems of one row against the vectors: each cited vector exists and is a case of the
/// row's kind, and each cited code is reported by at least one cited vector; when the row is
/// about described members (`pointers`), at one of them (or inside one, or at an object holding
/// one). `context_missing` is always at `""`.
pub fn row_problems(
    row: &Row,
    id: &str,
    vectors: &BTreeMap<String, Vector>,
    codes: &BTreeSet<&str>,
    pointers: &[Vec<String>],
) -> Vec<String> {
    let mut problems = Vec::new();
    let at = format!("line {}: rule {id}", row.line);
    if row.codes.is_empty() {
        problems.push(format!("{at} names no code"));
    }
    if row.vectors.is_empty() {
        problems.push(format!("{at} names no vector"));
    }
    for c in &row.codes {
        if !codes.contains(c.as_str()) {
            problems.push(format!("{at} names an unknown code: {c}"));
        }
    }
    let cited = cited_vectors(row, &at, vectors, &mut problems);
    for c in &row.codes {
        if !codes.contains(c.as_str()) {
            continue;
        }
        let reporting: Vec<&(String, String)> = cited
            .iter()
            .flat_map(|v| v.issues.iter())
            .filter(|(_, code)| code == c)
            .collect();
        if reporting.is_empty() {
            let reported: BTreeSet<&str> = cited
                .iter()
                .flat_map(|v| v.issues.iter().map(|(_, code)| code.as_str()))
                .collect();
            let what = if reported.is_empty() {
                "all its vectors are valid".to_string()
            } else {
                format!("its vectors report only {reported:?}")
            };
            problems.push(format!(
                "{at} cites the code {c}, but no vector it names reports {c} ({what}): add an \
                 invalid vector that does, and cite it"
            ));
        } else if c == "context_missing" {
            if !cited.iter().any(|v| v.skipped_rules().contains(id)) {
                problems.push(format!(
                    "{at} cites context_missing, but no vector it names gets a context_missing \
                     warning naming {id} (params.rules): cite one that skips this rule"
                ));
            }
        } else if !pointers.is_empty()
            && !reporting
                .iter()
                .any(|(path, _)| pointers.iter().any(|f| related(&segments(path), f)))
        {
            let paths: BTreeSet<&str> = reporting.iter().map(|(p, _)| p.as_str()).collect();
            problems.push(format!(
                "{at} cites the code {c}, but its vectors report {c} only at {paths:?}, none of \
                 them at the member(s) the row is about: cite a vector that reports it there"
            ));
        }
    }
    problems
}

/// The vectors a row cites that exist and are cases of the row's kind (the others are
/// problems).
pub fn cited_vectors<'a>(
    row: &Row,
    at: &str,
    vectors: &'a BTreeMap<String, Vector>,
    problems: &mut Vec<String>,
) -> Vec<&'a Vector> {
    let mut cited = Vec::new();
    for name in &row.vectors {
        match vectors.get(name) {
            None => problems.push(format!("{at} names a vector that does not exist: {name}")),
            Some(v) if v.kind != row.section => problems.push(format!(
                "{at} names a vector of another kind ({}, in {}): {name}",
                v.kind, v.file
            )),
            Some(v) => cited.push(v),
        }
    }
    cited
}

/// The vector check itself: a row citing an error code whose vectors are all valid fails.
#[test]
fn a_code_no_cited_vector_reports_is_reported() {
    let mut vectors = BTreeMap::new();
    vectors.insert(
        "ok".to_string(),
        Vector::generated("x.json", "poll_card", vec![]),
    );
    vectors.insert(
        "other kind".to_string(),
        Vector::generated(
            "x.json",
            "product",
            vec![("/name".into(), "wrong_type".into())],
        ),
    );
    let codes: BTreeSet<&str> = preflight::Code::ALL.iter().map(|c| c.code()).collect();
    let row = Row {
        line: 1,
        section: "poll_card".into(),
        id: Some("poll_card.name.type".into()),
        codes: vec!["wrong_type".into()],
        vectors: vec!["ok".into(), "other kind".into(), "missing".into()],
    };
    let name = vec!["name".to_string()];
    let problems = |row: &Row, vectors: &BTreeMap<String, Vector>| {
        row_problems(
            row,
            "poll_card.name.type",
            vectors,
            &codes,
            std::slice::from_ref(&name),
        )
    };
    let p = problems(&row, &vectors);
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(p[0].contains("vector of another kind"), "{p:?}");
    assert!(p[1].contains("does not exist: missing"), "{p:?}");
    assert!(p[2].contains("all its vectors are valid"), "{p:?}");
    // Reported, but at another member: still a problem.
    vectors.insert(
        "elsewhere".to_string(),
        Vector::generated(
            "x.json",
            "poll_card",
            vec![("/first_choice".into(), "wrong_type".into())],
        ),
    );
    let row = Row {
        vectors: vec!["elsewhere".into()],
        ..row
    };
    let p = problems(&row, &vectors);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("only at {\"/first_choice\"}"), "{p:?}");
    // At the member, inside it or at the object holding it: related.
    for path in ["/name", "/name/0", ""] {
        assert!(related(&segments(path), &name), "{path}");
    }
    assert!(!related(&segments("/names"), &name));
    assert!(related(
        &segments("/products/3/brand"),
        &segments("/products/*/brand")
    ));
}
