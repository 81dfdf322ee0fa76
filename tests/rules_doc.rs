//! docs/RULES.md and the engine must not drift apart. Checked here:
//! - every kind has a section and every section is a kind;
//! - every table row is well formed: as many cells as its table's header, and an id that starts
//!   with its section's kind (`kind.field.rule`) or is marked `(not checkable)`;
//! - every rule id is written once, names at least one known code and at least one vector;
//! - every vector a row cites exists and is a case of the row's kind;
//! - every code a row cites is reported by at least one of the vectors it cites (the vector
//!   files' own `issues` expectations, which `cargo test --test vectors` holds to the engine's
//!   output), so a row whose vectors are all valid cannot stand for an error;
//! - every field `describe(kind)` lists has a row naming it, and every rule across fields
//!   (`Description.rules`) has its own rows ([`CROSS_FIELD_ROWS`]), each citing the rule's code;
//! - tests/vectors/hostile.json holds at least one case of every kind (as the intro says).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// One vector case, as far as RULES.md is concerned.
struct Vector {
    file: String,
    kind: String,
    /// The expected issues: (path, code).
    issues: Vec<(String, String)>,
    /// The texts fed to the engine (as `cargo test --test vectors` feeds them).
    payload: String,
    options: String,
}

impl Vector {
    /// The rule ids the engine names in this case's `context_missing` warnings
    /// (`params.rules`): the rules it skipped for want of a fact.
    fn skipped_rules(&self) -> BTreeSet<String> {
        if !self.issues.iter().any(|(_, c)| c == "context_missing") {
            return BTreeSet::new();
        }
        let out =
            preflight::validate_json_envelope(&self.kind, self.payload.as_bytes(), &self.options);
        let got: Value = serde_json::from_str(&out).unwrap_or_default();
        got["ok"]["issues"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|i| i["code"] == "context_missing")
            .flat_map(|i| i["params"]["rules"].as_array().cloned().unwrap_or_default())
            .filter_map(|r| r.as_str().map(String::from))
            .collect()
    }
}

/// Every vector case by name; names must be unique across all files (RULES.md cites them by
/// name).
fn vectors() -> BTreeMap<String, Vector> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("tests/vectors")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = BTreeMap::new();
    let mut repeated = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let text = fs::read_to_string(&path).expect("readable");
        let cases: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{file} is not a JSON array of cases: {e}"));
        for c in cases {
            let Some(name) = c["name"].as_str() else {
                panic!("{file}: a case without a name: {c}");
            };
            let issues = c["issues"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|i| {
                            (
                                i["path"].as_str().unwrap_or("?").to_string(),
                                i["code"].as_str().unwrap_or("?").to_string(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            let payload = match (c.get("payload_text"), c.get("payload")) {
                (Some(Value::String(t)), _) => t.clone(),
                (_, Some(p)) => p.to_string(),
                _ => String::new(),
            };
            let options = match c.get("options") {
                None | Some(Value::Null) => String::new(),
                Some(o) => o.to_string(),
            };
            let v = Vector {
                file: file.clone(),
                kind: c["kind"].as_str().unwrap_or_default().to_string(),
                issues,
                payload,
                options,
            };
            if out.insert(name.to_string(), v).is_some() {
                repeated.push(name.to_string());
            }
        }
    }
    for c in large_cases() {
        let v = Vector {
            file: "tests/rules_doc.rs".into(),
            kind: c.kind.into(),
            issues: c
                .issues
                .iter()
                .map(|(p, c)| (p.to_string(), c.to_string()))
                .collect(),
            payload: String::new(),
            options: String::new(),
        };
        if out.insert(c.name.to_string(), v).is_some() {
            repeated.push(c.name.to_string());
        }
    }
    assert!(repeated.is_empty(), "vector names used twice: {repeated:?}");
    out
}

/// A case too large for a vector file (the files stay small: they are replayed in Node and
/// Chromium too), generated here, run natively by [`large_cases_match_the_engine`] and cited
/// in docs/RULES.md by name like a vector.
struct LargeCase {
    name: &'static str,
    kind: &'static str,
    payload: Value,
    valid: bool,
    /// The expected issues: (path, code), errors and warnings.
    issues: Vec<(&'static str, &'static str)>,
}

/// The spec's limits of the audience bodies (B §4, §8): "at most 2500 operations per request
/// (counting Update and Delete objects); body at most 5,000,000 bytes".
const MAX_OPERATIONS: usize = 2500;
const MAX_BYTES: usize = 5_000_000;
const HASH: &str = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

/// The compact JSON length of `v` (what the byte limit counts).
fn compact_len(v: &Value) -> usize {
    serde_json::to_string(v).map(|s| s.len()).unwrap_or(0)
}

/// A custom audience body of exactly `bytes` bytes (compact JSON): one Update operation whose
/// 2000 users each hold one `partner_user_id` (sent as it is), the first padded to the size.
fn custom_audience_body_of(bytes: usize) -> Value {
    let users = 2000;
    let body = |len: usize| {
        let user = serde_json::json!({"partner_user_id": ["p".repeat(len)]});
        serde_json::json!([{"operation_type": "Update",
            "params": {"users": vec![user; users]}}])
    };
    let overhead = compact_len(&body(0));
    let len = (bytes - overhead) / users;
    let mut b = body(len);
    let missing = bytes - compact_len(&b);
    b[0]["params"]["users"][0]["partner_user_id"][0] = Value::String("p".repeat(len + missing));
    assert_eq!(compact_len(&b), bytes);
    b
}

fn large_cases() -> Vec<LargeCase> {
    use serde_json::json;
    let custom_op = json!({"operation_type": "Delete", "params": {"users": [{"email": [HASH]}]}});
    let dnr_op = json!({"operation_type": "Delete",
        "params": {"expires_at": "2030-01-01T00:00:00Z", "users": [{"email": [HASH]}]}});
    let custom_users = |n: usize| {
        json!([{"operation_type": "Update",
            "params": {"users": vec![json!({"partner_user_id": ["p"]}); n]}}])
    };
    // A do-not-reach body over the byte limit with fewer than 2500 users: 2000 users of 38
    // hashed emails each (about 5.2 MB).
    let dnr_big_user = json!({"email": vec![HASH; 38]});
    let dnr_big = json!([{"operation_type": "Update",
        "params": {"expires_at": "2030-01-01T00:00:00Z", "users": vec![dnr_big_user; 2000]}}]);
    vec![
        LargeCase {
            name: "large: custom_audience_users 2500 operations",
            kind: "custom_audience_users",
            payload: Value::Array(vec![custom_op.clone(); MAX_OPERATIONS]),
            valid: true,
            issues: vec![],
        },
        LargeCase {
            name: "large: custom_audience_users 2501 operations (their 2501 users also a warning)",
            kind: "custom_audience_users",
            payload: Value::Array(vec![custom_op; MAX_OPERATIONS + 1]),
            valid: false,
            issues: vec![("", "too_many_items"), ("", "too_many_items")],
        },
        LargeCase {
            name: "large: custom_audience_users 2500 users in one operation",
            kind: "custom_audience_users",
            payload: custom_users(MAX_OPERATIONS),
            valid: true,
            issues: vec![],
        },
        LargeCase {
            name: "large: custom_audience_users 2501 users in one operation is a warning",
            kind: "custom_audience_users",
            payload: custom_users(MAX_OPERATIONS + 1),
            valid: true,
            issues: vec![("", "too_many_items")],
        },
        LargeCase {
            name: "large: custom_audience_users body of 5,000,000 bytes",
            kind: "custom_audience_users",
            payload: custom_audience_body_of(MAX_BYTES),
            valid: true,
            issues: vec![],
        },
        LargeCase {
            name: "large: custom_audience_users body of 5,000,001 bytes",
            kind: "custom_audience_users",
            payload: custom_audience_body_of(MAX_BYTES + 1),
            valid: false,
            issues: vec![("", "too_large")],
        },
        LargeCase {
            name: "large: do_not_reach_users 2500 operations",
            kind: "do_not_reach_users",
            payload: Value::Array(vec![dnr_op.clone(); MAX_OPERATIONS]),
            valid: true,
            issues: vec![],
        },
        LargeCase {
            name: "large: do_not_reach_users 2501 operations (their 2501 users also a warning)",
            kind: "do_not_reach_users",
            payload: Value::Array(vec![dnr_op; MAX_OPERATIONS + 1]),
            valid: false,
            issues: vec![("", "too_many_items"), ("", "too_many_items")],
        },
        LargeCase {
            name: "large: do_not_reach_users body over 5,000,000 bytes",
            kind: "do_not_reach_users",
            payload: dnr_big,
            valid: false,
            issues: vec![("", "too_large")],
        },
    ]
}

/// The large cases, run as `cargo test --test vectors` runs a vector: the report's validity
/// and its issues as a multiset of (path, code).
#[test]
fn large_cases_match_the_engine() {
    let mut failures = Vec::new();
    for c in large_cases() {
        let text = serde_json::to_string(&c.payload).expect("serializable");
        let out = preflight::validate_json_envelope(c.kind, text.as_bytes(), "");
        let got: Value = serde_json::from_str(&out).expect("envelope is JSON");
        let mut have: Vec<(String, String)> = got["ok"]["issues"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|i| {
                        (
                            i["path"].as_str().unwrap_or("?").to_string(),
                            i["code"].as_str().unwrap_or("?").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        have.sort();
        let mut want: Vec<(String, String)> = c
            .issues
            .iter()
            .map(|(p, c)| (p.to_string(), c.to_string()))
            .collect();
        want.sort();
        if got["ok"]["valid"] != c.valid || have != want {
            failures.push(format!(
                "{} ({} bytes): expected valid {} and {want:?}, got valid {} and {have:?}",
                c.name,
                text.len(),
                c.valid,
                got["ok"]["valid"],
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One table row of docs/RULES.md.
#[derive(Clone, Debug)]
struct Row {
    /// 1-based line number.
    line: usize,
    section: String,
    /// The rule id (`kind.field.rule`); `None` for a `(not checkable)` row.
    id: Option<String>,
    codes: Vec<String>,
    vectors: Vec<String>,
}

/// The rows of docs/RULES.md, the sections (in order) and what is malformed.
struct Doc {
    sections: Vec<String>,
    rows: Vec<Row>,
    problems: Vec<String>,
}

/// The items written in backticks in a cell.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

fn cells(line: &str) -> Vec<&str> {
    let inner = line.trim();
    let inner = inner.strip_prefix('|').unwrap_or(inner);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').map(str::trim).collect()
}

const NOT_CHECKABLE: &str = "(not checkable) ";

fn parse(doc: &str, kinds: &BTreeSet<&str>) -> Doc {
    let lines: Vec<&str> = doc.lines().collect();
    let mut sections = Vec::new();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut section = String::new();
    // The number of cells of the table being read (its header's), if inside a table.
    let mut header: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let n = i + 1;
        i += 1;
        if let Some(title) = line.strip_prefix("## ") {
            section = title.trim().to_string();
            sections.push(section.clone());
            header = None;
            continue;
        }
        if !line.trim_start().starts_with('|') {
            header = None;
            continue;
        }
        let is_separator = |l: &str| {
            let c = cells(l);
            !c.is_empty()
                && c.iter()
                    .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')))
        };
        if header.is_none() {
            // A table starts: its header, then the separator.
            if i < lines.len() && is_separator(lines[i]) {
                let h = cells(line);
                if h != ["rule", "spec's words", "code", "vectors"] {
                    problems.push(format!(
                        "line {n}: a table whose header is not | rule | spec's words | code | \
                         vectors |: {line}"
                    ));
                }
                if section.is_empty() {
                    problems.push(format!("line {n}: a table outside any `## kind` section"));
                }
                header = Some(h.len());
                i += 1;
            } else {
                problems.push(format!("line {n}: a table line with no header: {line}"));
            }
            continue;
        }
        let want = header.unwrap_or_default();
        let c = cells(line);
        if c.len() != want {
            problems.push(format!(
                "line {n}: a row of {} cells in a table of {want} (a missing cell, or a `|` \
                 inside a cell): {line}",
                c.len()
            ));
            continue;
        }
        let (id_cell, code_cell, vector_cell) = (c[0], c[2], c[3]);
        let id = if let Some(rest) = id_cell.strip_prefix(NOT_CHECKABLE) {
            if rest.is_empty() {
                problems.push(format!("line {n}: a (not checkable) row names no rule"));
            }
            if !code_cell.starts_with("none") {
                problems.push(format!(
                    "line {n}: the (not checkable) row {rest} must say `none: <why>` in its \
                     code cell"
                ));
            }
            None
        } else {
            let first = id_cell.split('.').next().unwrap_or_default();
            let well_formed = id_cell.split('.').count() >= 2
                && id_cell.split('.').all(|s| {
                    !s.is_empty()
                        && s.chars()
                            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
                });
            if first != section || !well_formed {
                let what = if kinds.contains(first) && first != section {
                    format!("an id of kind {first} in section {section}")
                } else {
                    format!("an id that is not {section}.<field>.<rule> (nor (not checkable) ...)")
                };
                problems.push(format!("line {n}: {what}: {id_cell}"));
                continue;
            }
            Some(id_cell.to_string())
        };
        rows.push(Row {
            line: n,
            section: section.clone(),
            id,
            codes: ticked(code_cell),
            vectors: ticked(vector_cell),
        });
    }
    Doc {
        sections,
        rows,
        problems,
    }
}

/// The string literals of src/ that are rule ids (`"<kind>.<field>.<rule>"`): the ids the
/// engine names when it skips a rule for want of a context fact. (src/ file -> ids.)
fn rule_id_literals(kinds: &BTreeSet<&str>) -> BTreeMap<String, String> {
    fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
        for e in fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, files);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files);
    files.sort();
    let mut out = BTreeMap::new();
    for f in files {
        let text = fs::read_to_string(&f).unwrap_or_default();
        let rel = f
            .strip_prefix(root())
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        for lit in text.split('"').skip(1).step_by(2) {
            let mut segs = lit.split('.');
            let first = segs.next().unwrap_or_default();
            let rest: Vec<&str> = segs.collect();
            let id_like = rest.len() >= 2
                && rest.iter().all(|s| {
                    !s.is_empty()
                        && s.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                });
            if kinds.contains(first) && id_like {
                out.entry(lit.to_string()).or_insert_with(|| rel.clone());
            }
        }
    }
    out
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn doc() -> Doc {
    let text = fs::read_to_string(root().join("docs/RULES.md")).expect("docs/RULES.md");
    let kinds: BTreeSet<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    parse(&text, &kinds)
}

/// The segments of a JSON pointer, array indices written `*` (as `describe` writes them).
fn segments(pointer: &str) -> Vec<String> {
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
fn related(path: &[String], field: &[String]) -> bool {
    let n = path.len().min(field.len());
    path[..n]
        .iter()
        .zip(&field[..n])
        .all(|(a, b)| a == b || a == "*" || b == "*")
}

/// The pointers (as segments) of the members a row is about: the fields `describe(kind)` lists
/// whose name is a run of the row id's segments, and the fields of the rule across members the
/// row documents ([`CROSS_FIELD_ROWS`]).
fn row_pointers(kind: &str, id: &str) -> Vec<Vec<String>> {
    let Some(k) = preflight::Kind::ALL.iter().find(|k| k.name() == kind) else {
        return Vec::new();
    };
    let desc = preflight::describe(*k).to_json();
    let segs: Vec<&str> = id.split('.').skip(1).collect();
    let mut out = Vec::new();
    for f in desc["fields"].as_array().cloned().unwrap_or_default() {
        let name = f["name"].as_str().unwrap_or_default();
        let want: Vec<&str> = name.split('.').collect();
        if segs.windows(want.len()).any(|w| w == want.as_slice()) {
            out.push(segments(f["path"].as_str().unwrap_or_default()));
        }
    }
    for (k, code, first, rows) in CROSS_FIELD_ROWS {
        if *k != kind || !rows.contains(&id) {
            continue;
        }
        for r in desc["rules"].as_array().cloned().unwrap_or_default() {
            if r["code"] == *code && r["fields"][0] == *first {
                for f in r["fields"].as_array().cloned().unwrap_or_default() {
                    out.push(segments(f.as_str().unwrap_or_default()));
                }
            }
        }
    }
    out
}

/// The problems of one row against the vectors: each cited vector exists and is a case of the
/// row's kind, and each cited code is reported by at least one cited vector; when the row is
/// about described members (`pointers`), at one of them (or inside one, or at an object holding
/// one). `context_missing` is always at `""`.
fn row_problems(
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
fn cited_vectors<'a>(
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

#[test]
fn rules_doc_matches_kinds_and_vectors() {
    let d = doc();
    let codes: BTreeSet<&str> = preflight::Code::ALL.iter().map(|c| c.as_str()).collect();
    let kinds: BTreeSet<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    let vectors = vectors();
    let mut problems = d.problems.clone();
    let mut seen = BTreeSet::new();
    for s in &d.sections {
        if !kinds.contains(s.as_str()) {
            problems.push(format!("section '{s}' is not a kind"));
        }
        if !seen.insert(s.as_str()) {
            problems.push(format!("section '{s}' written twice"));
        }
    }
    for k in &kinds {
        if !seen.contains(k) {
            problems.push(format!("kind {k} has no section in docs/RULES.md"));
        }
    }
    let mut ids = BTreeSet::new();
    let mut checked = 0;
    for row in &d.rows {
        let Some(id) = &row.id else {
            // A (not checkable) row may cite a vector showing the rule is not checked.
            cited_vectors(row, &format!("line {}", row.line), &vectors, &mut problems);
            continue;
        };
        checked += 1;
        if !ids.insert(id.as_str()) {
            problems.push(format!(
                "line {}: rule {id} has a row already (one row per rule id)",
                row.line
            ));
        }
        let pointers = row_pointers(&row.section, id);
        problems.extend(row_problems(row, id, &vectors, &codes, &pointers));
    }
    // Every rule id the engine names has a row citing context_missing: the ids its
    // context_missing warnings name in the vectors, and the rule-id literals of src/.
    let cites_context: BTreeSet<&str> = d
        .rows
        .iter()
        .filter(|r| r.codes.iter().any(|c| c == "context_missing"))
        .filter_map(|r| r.id.as_deref())
        .collect();
    let mut named: BTreeMap<String, String> = BTreeMap::new();
    for (name, v) in &vectors {
        for rule in v.skipped_rules() {
            named
                .entry(rule)
                .or_insert_with(|| format!("vector {name}"));
        }
    }
    for (rule, file) in rule_id_literals(&kinds) {
        named.entry(rule).or_insert(file);
    }
    for (rule, source) in &named {
        if !ids.contains(rule.as_str()) {
            problems.push(format!(
                "the engine names the rule {rule} ({source}), which has no row"
            ));
        } else if !cites_context.contains(rule.as_str()) {
            problems.push(format!(
                "the engine skips the rule {rule} without its context fact ({source}), but its \
                 row does not cite context_missing"
            ));
        }
    }
    assert!(checked > 0, "no rule rows found");
    assert!(
        problems.is_empty(),
        "docs/RULES.md ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The rows that document each rule across fields of `describe(kind).rules`, by kind, the
/// rule's code and its first field. Each rule has its own rows (a row documents at most one
/// of them), each must exist in the kind's section and cite the rule's code; so deleting such
/// a row fails, even when another row of the same field cites the same code. A rule the
/// engine adds needs an entry here (and its rows).
///
/// (The engine's `describe::Rule` carries no rule id; this table is that link.)
#[rustfmt::skip]
const CROSS_FIELD_ROWS: &[(&str, &str, &str, &[&str])] = &[
    ("product", "one_of_required", "/brand", &["product.identifiers.one_of"]),
    ("product", "out_of_range", "/inventory", &["product.inventory.in_stock_min"]),
    ("product", "out_of_range", "/sale_price", &["product.sale_price.lower_than_price"]),
    ("product", "not_allowed", "/sale_price", &["product.sale_price.same_currency_as_price"]),
    ("product", "invalid_date_range", "/sale_price_effective_date",
        &["product.sale_price_effective_date.range"]),
    ("product_batch", "duplicate", "/products/*/id", &["product_batch.id.duplicate"]),
    ("product_batch", "one_of_required", "/products/*/brand", &["product_batch.products.brand"]),
    ("product_batch", "out_of_range", "/products/*/inventory",
        &["product_batch.products.inventory"]),
    ("product_batch", "out_of_range", "/products/*/sale_price",
        &["product_batch.products.sale_price"]),
    ("product_batch", "not_allowed", "/products/*/sale_price",
        &["product_batch.products.sale_price.same_currency_as_price"]),
    ("product_batch", "invalid_date_range", "/products/*/sale_price_effective_date",
        &["product_batch.products.sale_price_effective_date"]),
    ("card", "mutually_exclusive", "/components", &["card.components_or_slides.exclusive"]),
    ("card", "one_of_required", "/components",
        &["card.composition.media_required", "card.composition.action_required"]),
    ("card", "too_many_items", "/components",
        &["card.composition.media_max", "card.composition.action_max"]),
    ("card", "not_allowed", "/components/*/label",
        &["card.label.button_only", "card.destination.website_only_in_details",
          "card.destination.app_only_in_button"]),
    ("card", "one_of_required", "/components/*/destination/androidstore_app_id",
        &["card.app.store_id.one_of"]),
    ("card", "dependency_missing", "/components/*/destination/androidstore_deep_link",
        &["card.app.androidstore_deep_link.needs", "card.app.ios_deep_link.needs"]),
    ("card_update", "mutually_exclusive", "/components",
        &["card_update.components_or_slides.exclusive"]),
    ("card_update", "one_of_required", "/components", &["card_update.composition.required"]),
    ("card_update", "too_many_items", "/components", &["card_update.composition.max"]),
    ("card_update", "not_allowed", "/components/*/label", &["card_update.destination"]),
    ("card_update", "one_of_required", "/components/*/destination/androidstore_app_id",
        &["card_update.app.androidstore_app_id.one_of",
          "card_update.app.ios_app_store_identifier.one_of"]),
    ("card_update", "dependency_missing", "/components/*/destination/androidstore_deep_link",
        &["card_update.app.androidstore_deep_link.needs", "card_update.app.ios_deep_link.needs"]),
    ("poll_card", "dependency_missing", "/third_choice",
        &["poll_card.third_choice.needs", "poll_card.fourth_choice.needs"]),
    ("video_conversation_card", "one_of_required", "/title",
        &["video_conversation_card.title_or_second_cta.one_of"]),
    ("video_conversation_card", "dependency_missing", "/second_cta",
        &["video_conversation_card.second_cta.needs_tweet",
          "video_conversation_card.third_cta.needs_tweet",
          "video_conversation_card.fourth_cta.needs_tweet"]),
    ("video_conversation_card_update", "one_of_required", "/title",
        &["video_conversation_card_update.title_or_second_cta.one_of"]),
    ("video_conversation_card_update", "dependency_missing", "/second_cta",
        &["video_conversation_card_update.second_cta.needs_tweet",
          "video_conversation_card_update.third_cta.needs_tweet",
          "video_conversation_card_update.fourth_cta.needs_tweet"]),
    ("video_conversation_card_update", "required", "/first_cta",
        &["video_conversation_card_update.first_cta.hashtag",
          "video_conversation_card_update.first_cta_tweet.not_empty",
          "video_conversation_card_update.media_key.not_empty",
          "video_conversation_card_update.name.not_empty",
          "video_conversation_card_update.thank_you_text.max_length"]),
    ("line_item_update", "one_of_required", "/android_app_store_identifier",
        &["line_item_update.app_store_identifier.app_objectives"]),
    ("line_item_update", "dependency_missing", "/bid_strategy",
        &["line_item_update.bid_amount_local_micro.required_for_max_or_target"]),
    ("line_item_update", "not_allowed", "/bid_strategy",
        &["line_item_update.bid_strategy.max_objectives",
          "line_item_update.bid_strategy.target_objectives"]),
    ("line_item_update", "too_many_items", "/categories",
        &["line_item_update.categories.preroll_views_one_or_two"]),
    ("line_item_update", "invalid_date_range", "/start_time",
        &["line_item_update.end_time.after_start_time"]),
    ("line_item_update", "not_allowed", "/frequency_cap",
        &["line_item_update.frequency_cap.objectives"]),
    ("line_item_update", "not_allowed", "/pay_by", &["line_item_update.pay_by.app_installs_only"]),
    ("line_item_update", "not_allowed", "/daily_budget_amount_local_micro",
        &["line_item_update.daily_budget_amount_local_micro.line_item_optimization"]),
    ("line_item_update", "out_of_range", "/daily_budget_amount_local_micro",
        &["line_item_update.daily_budget_amount_local_micro.at_most_total"]),
    ("line_item_update", "not_allowed", "/advertiser_user_id",
        &["line_item_update.advertiser_user_id.preroll_views"]),
    ("custom_audience_users", "one_of_required", "/*/params/users/*",
        &["custom_audience_users.users.identifier"]),
    ("custom_audience_users", "invalid_date_range", "/*/params/effective_at",
        &["custom_audience_users.expires_at.after_effective_at"]),
    ("custom_audience_users", "too_many_items", "", &["custom_audience_users.operations.max"]),
    ("custom_audience_users", "too_large", "", &["custom_audience_users.body.max_bytes"]),
    ("do_not_reach_users", "one_of_required", "/*/params/users/*",
        &["do_not_reach_users.users.identifiers"]),
    ("do_not_reach_users", "not_allowed", "/*/params/users/*",
        &["do_not_reach_users.users.email_and_phone_number_only"]),
    ("do_not_reach_users", "too_many_items", "", &["do_not_reach_users.operations.max"]),
    ("do_not_reach_users", "too_large", "", &["do_not_reach_users.body.max_bytes"]),
    ("webhook_create", "not_allowed", "/url",
        &["webhook_create.url.no_port", "webhook_create.url.no_userinfo",
          "webhook_create.url.not_localhost", "webhook_create.url.public_address"]),
    ("activity_subscription", "one_of_required", "/filter/user_id",
        &["activity_subscription.filter.user_id_or_keyword"]),
    ("activity_subscription", "not_allowed", "/filter/direction",
        &["activity_subscription.filter.direction.dm_only"]),
    ("activity_subscription", "deprecated", "/event_type",
        &["activity_subscription.event_type.deprecated"]),
    ("keyword_insights_query", "too_many_items", "/keywords",
        &["keyword_insights_query.keywords.negative_keywords.total"]),
    ("keyword_insights_query", "invalid_date_range", "/start_time",
        &["keyword_insights_query.end_time.after_start_time",
          "keyword_insights_query.start_time.end_time.span"]),
    ("tailored_audience_permission_list_query", "mutually_exclusive", "/with_total_count",
        &["tailored_audience_permission_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_media_list_query", "mutually_exclusive", "/with_total_count",
        &["account_media_list_query.with_total_count.exclusive_with_cursor"]),
    ("poll_card_list_query", "mutually_exclusive", "/with_total_count",
        &["poll_card_list_query.with_total_count.exclusive_with_cursor"]),
    ("video_conversation_card_list_query", "mutually_exclusive", "/with_total_count",
        &["video_conversation_card_list_query.with_total_count.exclusive_with_cursor"]),
    ("media_library_create", "not_allowed", "/description",
        &["media_library_create.description.videos_only",
          "media_library_create.poster_media_key.videos_only",
          "media_library_create.title.videos_only"]),
    ("media_library_update", "not_allowed", "/description",
        &["media_library_update.description.videos_only",
          "media_library_update.poster_media_key.videos_only",
          "media_library_update.title.videos_only"]),
    ("promoted_post_create", "required", "/text",
        &["promoted_post_create.text.required_without_media"]),
    ("promoted_post_create", "too_many_items", "/media_keys",
        &["promoted_post_create.media_keys.gif_or_video_alone"]),
    ("promoted_post_create", "not_allowed", "/nullcast",
        &["promoted_post_create.nullcast.organic_only_for_authenticated_user"]),
    ("account_list_query", "mutually_exclusive", "/with_total_count",
        &["account_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_app_list_query", "mutually_exclusive", "/with_total_count",
        &["account_app_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_history_query", "invalid_date_range", "/start_time",
        &["account_history_query.end_time.after_start_time"]),
    ("line_item_curated_category_list_query", "mutually_exclusive", "/with_total_count",
        &["line_item_curated_category_list_query.with_total_count.exclusive_with_cursor"]),
];

/// The coverage check: every field the engine describes for a kind (`describe(kind)`) has a
/// row whose rule id names it (`kind.<...>.field.<...>`), and every rule across fields it
/// describes has its own rows ([`CROSS_FIELD_ROWS`]). So a rule the engine knows without a row
/// fails the build, as a row without a vector does (above).
#[test]
fn every_described_field_and_rule_has_a_row() {
    let d = doc();
    let mut by_kind: BTreeMap<&str, BTreeMap<&str, &Row>> = BTreeMap::new();
    for row in &d.rows {
        if let Some(id) = &row.id {
            by_kind
                .entry(row.section.as_str())
                .or_default()
                .insert(id.as_str(), row);
        }
    }
    let mut problems = Vec::new();
    let mut used: BTreeSet<(&str, &str, &str)> = BTreeSet::new();
    for kind in preflight::Kind::ALL {
        let desc = preflight::describe(*kind).to_json();
        let fields = desc["fields"].as_array().cloned().unwrap_or_default();
        if fields.is_empty() {
            problems.push(format!("{kind}: describe lists no field"));
        }
        let section = by_kind.get(kind.name()).cloned().unwrap_or_default();
        for f in &fields {
            let name = f["name"].as_str().unwrap_or_default();
            // A name may itself hold dots (`webhook_config.fields`): match it as a run of
            // segments.
            let want: Vec<&str> = name.split('.').collect();
            let named = section.keys().any(|id| {
                let segs: Vec<&str> = id.split('.').skip(1).collect();
                segs.windows(want.len()).any(|w| w == want.as_slice())
            });
            if !named {
                problems.push(format!(
                    "{kind}: field {} has no row (a rule id like {kind}.{name}.<rule>)",
                    f["path"]
                ));
            }
        }
        // Each rule across fields: its entry, and its own rows.
        let mut rows_of_kind: BTreeMap<&str, String> = BTreeMap::new();
        for r in desc["rules"].as_array().cloned().unwrap_or_default() {
            let code = r["code"].as_str().unwrap_or_default().to_string();
            let first = r["fields"][0].as_str().unwrap_or_default().to_string();
            let text = r["text"].as_str().unwrap_or_default().to_string();
            let entries: Vec<_> = CROSS_FIELD_ROWS
                .iter()
                .filter(|(k, c, f, _)| *k == kind.name() && *c == code && *f == first)
                .collect();
            let [(k, c, f, rows)] = entries.as_slice() else {
                problems.push(format!(
                    "{kind}: the rule \"{text}\" (code {code}, fields {}) needs exactly one \
                     entry in CROSS_FIELD_ROWS naming its rows (found {})",
                    r["fields"],
                    entries.len()
                ));
                continue;
            };
            if !used.insert((k, c, f)) {
                problems.push(format!(
                    "{kind}: two rules share code {code} and first field {first}: key \
                     CROSS_FIELD_ROWS by more"
                ));
            }
            if rows.is_empty() {
                problems.push(format!("{kind}: the rule \"{text}\" names no row"));
            }
            for id in *rows {
                match section.get(id) {
                    None => problems.push(format!(
                        "{kind}: the rule \"{text}\" (code {code}) is documented by row {id}, \
                         which docs/RULES.md does not have"
                    )),
                    Some(row) if !row.codes.contains(&code) => problems.push(format!(
                        "{kind}: row {id} (line {}) documents the rule \"{text}\" but does not \
                         cite its code {code}",
                        row.line
                    )),
                    Some(_) => {}
                }
                if let Some(other) = rows_of_kind.insert(id, text.clone()) {
                    problems.push(format!(
                        "{kind}: row {id} documents two rules (\"{other}\" and \"{text}\"): each \
                         rule needs its own row"
                    ));
                }
            }
        }
    }
    for (k, c, f, _) in CROSS_FIELD_ROWS {
        if !used.contains(&(*k, *c, *f)) {
            problems.push(format!(
                "CROSS_FIELD_ROWS names a rule describe({k}) does not have: {c} at {f}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The intro says tests/vectors/hostile.json holds duplicate-key cases of every kind.
#[test]
fn hostile_vectors_cover_every_kind() {
    let vectors = vectors();
    let have: BTreeSet<&str> = vectors
        .values()
        .filter(|v| v.file == "hostile.json" && v.issues.iter().any(|(_, c)| c == "duplicate_key"))
        .map(|v| v.kind.as_str())
        .collect();
    let missing: Vec<&str> = preflight::Kind::ALL
        .iter()
        .map(|k| k.name())
        .filter(|k| !have.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "tests/vectors/hostile.json has no duplicate_key case of: {missing:?}"
    );
}

/// The parser itself: a malformed row is reported, not skipped.
#[test]
fn malformed_rows_are_reported() {
    let kinds: BTreeSet<&str> = ["poll_card", "product"].into_iter().collect();
    let text = "## poll_card\n\n| rule | spec's words | code | vectors |\n|---|---|---|---|\n\
        | poll_card.name.required | \"x\" | `required` | `a` |\n\
        | poll_card.name.short | \"x\" | `too_long` |\n\
        | product.name.required | \"x\" | `required` | `a` |\n\
        | name.required | \"x\" | `required` | `a` |\n\
        | (not checkable) name.pixels | \"x\" | none: fetched | |\n";
    let d = parse(text, &kinds);
    assert_eq!(d.rows.len(), 2, "{:?}", d.rows);
    assert_eq!(d.problems.len(), 3, "{:?}", d.problems);
    assert!(d.problems[0].contains("a row of 3 cells in a table of 4"));
    assert!(d.problems[1].contains("an id of kind product in section poll_card"));
    assert!(d.problems[2].contains("not poll_card.<field>.<rule>"));
}

/// The vector check itself: a row citing an error code whose vectors are all valid fails.
#[test]
fn a_code_no_cited_vector_reports_is_reported() {
    let mut vectors = BTreeMap::new();
    vectors.insert(
        "ok".to_string(),
        Vector {
            file: "x.json".into(),
            kind: "poll_card".into(),
            issues: vec![],
            payload: String::new(),
            options: String::new(),
        },
    );
    vectors.insert(
        "other kind".to_string(),
        Vector {
            file: "x.json".into(),
            kind: "product".into(),
            issues: vec![("/name".into(), "wrong_type".into())],
            payload: String::new(),
            options: String::new(),
        },
    );
    let codes: BTreeSet<&str> = preflight::Code::ALL.iter().map(|c| c.as_str()).collect();
    let row = Row {
        line: 1,
        section: "poll_card".into(),
        id: Some("poll_card.name.type".into()),
        codes: vec!["wrong_type".into()],
        vectors: vec!["ok".into(), "other kind".into(), "missing".into()],
    };
    let name = vec!["name".to_string()];
    let p = row_problems(
        &row,
        "poll_card.name.type",
        &vectors,
        &codes,
        std::slice::from_ref(&name),
    );
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(p[0].contains("vector of another kind"), "{p:?}");
    assert!(p[1].contains("does not exist: missing"), "{p:?}");
    assert!(p[2].contains("all its vectors are valid"), "{p:?}");
    // Reported, but at another member: still a problem.
    vectors.insert(
        "elsewhere".to_string(),
        Vector {
            file: "x.json".into(),
            kind: "poll_card".into(),
            issues: vec![("/first_choice".into(), "wrong_type".into())],
            payload: String::new(),
            options: String::new(),
        },
    );
    let row = Row {
        vectors: vec!["elsewhere".into()],
        ..row
    };
    let p = row_problems(
        &row,
        "poll_card.name.type",
        &vectors,
        &codes,
        std::slice::from_ref(&name),
    );
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
