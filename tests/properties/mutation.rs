//! Property (3): a payload valid before a random rule-breaking mutation of one member gets an
//! issue at that member's path afterwards, and the same member at the rule's limit does not.
//!
//! Start: every `valid: true` case of `tests/vectors/*.json` whose kind the catalog covers. A site
//! is one member of such a payload that a catalog entry's path matches (and that the payload's
//! own report does not already flag, see [`flagged`]); proptest picks a site and
//! the mutation's free parts (how far past the limit, which non-member string, which other JSON
//! type), applies it, and checks the report: invalid, with the entry's code at the member's path
//! (for a removed required member: at the path where it was). Limits (`too_long`, `out_of_range`,
//! item counts) are also checked from the other side: exactly at the limit, no issue of that code
//! at that path.

use crate::catalog::{catalog, is_country, is_sha256_hex, Break, Entry, Json, DERIVED};
use crate::harness::report;
use crate::vectors::{valid_cases, Case};
use preflight::{validate, Code, Report};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{json, Map, Value};

/// A segment of a concrete member path.
#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Key(String),
    Index(usize),
}

/// One place a mutation applies: a case, a catalog entry, the member's concrete path.
#[derive(Clone, Debug)]
struct Site {
    case: usize,
    entry: usize,
    path: Vec<Seg>,
}

fn pointer(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => format!("/{i}"),
        })
        .collect()
}

/// Every member path of `v` (objects' members and arrays' items, at every depth).
fn members(v: &Value, at: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    let children: Vec<(Seg, &Value)> = match v {
        Value::Object(m) => m.iter().map(|(k, c)| (Seg::Key(k.clone()), c)).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, c)| (Seg::Index(i), c))
            .collect(),
        _ => return,
    };
    for (seg, child) in children {
        at.push(seg);
        out.push(at.clone());
        members(child, at, out);
        at.pop();
    }
}

/// Whether pattern `pat` (`/a/*/b`) matches `path`.
fn matches(pat: &str, path: &[Seg]) -> bool {
    let segs: Vec<&str> = pat.split('/').skip(1).collect();
    segs.len() == path.len()
        && segs.iter().zip(path).all(|(p, s)| match s {
            Seg::Index(_) => *p == "*",
            Seg::Key(k) => p == k,
        })
}

/// Whether the valid payload's own report already flags the member at `at` or a member holding
/// it (an `unknown_field` warning: a member documented elsewhere, like `media_keys` in a MEDIA
/// component, which that rule does not govern there).
fn flagged(report: &Report, at: &str) -> bool {
    report
        .issues
        .iter()
        .any(|i| i.path == at || (!i.path.is_empty() && at.starts_with(&format!("{}/", i.path))))
}

fn sites(cases: &[Case], entries: &[Entry]) -> Vec<Site> {
    let mut out = Vec::new();
    for (ci, case) in cases.iter().enumerate() {
        if !entries.iter().any(|e| e.kind == case.kind) {
            continue;
        }
        let before = validate(case.kind, &case.payload, &case.options);
        assert!(before.valid, "{}: the vector is not valid", case.name);
        let mut paths = Vec::new();
        members(&case.payload, &mut Vec::new(), &mut paths);
        paths.retain(|p| !flagged(&before, &pointer(p)));
        for (ei, entry) in entries.iter().enumerate() {
            if entry.kind != case.kind {
                continue;
            }
            for path in paths.iter().filter(|p| matches(&entry.path, p)) {
                let is_key = matches!(path.last(), Some(Seg::Key(_)));
                if matches!(entry.brk, Break::Remove) && !is_key {
                    continue;
                }
                out.push(Site {
                    case: ci,
                    entry: ei,
                    path: path.clone(),
                });
            }
        }
    }
    out
}

/// The free parts of a mutation, drawn by proptest.
#[derive(Clone, Debug)]
struct Draw {
    /// How far past the limit (at least 1).
    beyond: usize,
    /// Characters to fill strings with (cycled).
    fill: Vec<char>,
    /// A non-empty word, for values outside a set.
    word: String,
    /// Picks among alternatives (other JSON type, which side of a range).
    pick: usize,
    /// An arbitrary integer.
    int: i64,
}

fn draw() -> impl Strategy<Value = Draw> {
    (
        1usize..40,
        prop::collection::vec(
            prop::sample::select(vec!['a', 'Z', '0', '_', 'é', 'ß', '漢', '😀', 'Ω', '-']),
            1..6,
        ),
        "[A-Za-z_ ]{0,12}[A-Za-z]",
        any::<usize>(),
        any::<i64>(),
    )
        .prop_map(|(beyond, fill, word, pick, int)| Draw {
            beyond,
            fill,
            word,
            pick,
            int,
        })
}

fn filled(prefix: Option<char>, chars: usize, fill: &[char]) -> Value {
    let mut s: String = prefix.into_iter().collect();
    s.extend(fill.iter().cycle().take(chars));
    Value::String(s)
}

/// A value of another JSON type than `expected` (for a kind sent as query parameters, a decimal
/// string is an integer too).
fn other_type(expected: Json, query: bool, pick: usize) -> Value {
    let all = [
        json!("1"),
        json!(7),
        json!(true),
        json!(null),
        json!(["x"]),
        json!({"x": 1}),
    ];
    let wrong: Vec<&Value> = all
        .iter()
        .filter(|v| match expected {
            Json::String => !v.is_string(),
            Json::Integer => !v.is_number() && (!query || !v.is_string()),
            Json::Object => !v.is_object(),
            Json::Array => !v.is_array(),
        })
        .collect();
    wrong[pick % wrong.len()].clone()
}

/// The mutated value (`None`: remove the member), the code expected at the path, and the value
/// exactly at the limit that must not get that code (when the rule has a limit).
fn mutate(brk: Break, query: bool, d: &Draw) -> (Option<Value>, Code, Option<Value>) {
    match brk {
        Break::TooLong { max, prefix } => (
            Some(filled(prefix, max + d.beyond, &d.fill)),
            Code::TooLong,
            Some(filled(prefix, max, &d.fill)),
        ),
        Break::NotInEnum(allowed) => {
            let mut w = d.word.clone();
            while allowed.contains(&w.as_str()) {
                w.push('x');
            }
            (Some(Value::String(w)), Code::NotInEnum, None)
        }
        Break::IntNotInEnum(allowed) => {
            let mut n = d.int;
            if allowed.contains(&n) {
                n = allowed.iter().max().map_or(0, |m| m + 1);
            }
            (Some(json!(n)), Code::NotInEnum, None)
        }
        Break::OutOfRange { min, max } => {
            let step = i64::try_from(d.beyond).unwrap_or(1);
            let below = min.map(|m| (m.saturating_sub(step), m));
            let above = max.map(|m| (m.saturating_add(step), m));
            let sides: Vec<(i64, i64)> = below.into_iter().chain(above).collect();
            let (bad, edge) = sides[d.pick % sides.len()];
            (Some(json!(bad)), Code::OutOfRange, Some(json!(edge)))
        }
        Break::ItemCount { min, max } => {
            let few = (0..min).map(|n| (n, min, Code::TooFewItems));
            let many = std::iter::once((max + d.beyond, max, Code::TooManyItems));
            let sides: Vec<(usize, usize, Code)> = few.chain(many).collect();
            let (n, edge, code) = sides[d.pick % sides.len()];
            let items = |n: usize| Value::Array((0..n).map(|i| json!(format!("1_{i}"))).collect());
            (Some(items(n)), code, Some(items(edge)))
        }
        Break::UrlListTooLong { max } => {
            let list = |n: usize| {
                let urls: Vec<String> = (0..n)
                    .map(|i| format!("https://cdn.example.com/i{i}.jpg"))
                    .collect();
                Value::String(urls.join(", "))
            };
            (
                Some(list(max + d.beyond)),
                Code::TooManyItems,
                Some(list(max)),
            )
        }
        Break::WrongType(expected) => (
            Some(other_type(expected, query, d.pick)),
            Code::WrongType,
            None,
        ),
        Break::Remove => (None, Code::Required, None),
        Break::NotCountry => {
            let mut w = d.word.clone();
            while is_country(&w) {
                w.push('x');
            }
            (Some(Value::String(w)), Code::InvalidCountryCode, None)
        }
        Break::NotHashed => {
            let digest = "0123456789abcdef".repeat(4);
            let choices = [
                d.word.clone(),
                digest.to_uppercase(),
                format!("{digest}0"),
                digest[1..].to_owned(),
                format!("{}g", &digest[1..]),
            ];
            let w = choices[d.pick % choices.len()].clone();
            assert!(!is_sha256_hex(&w));
            (Some(Value::String(w)), Code::InvalidFormat, None)
        }
    }
}

/// `payload` with the member at `path` set to `value`, or removed for `None`.
fn with(payload: &Value, path: &[Seg], value: Option<Value>) -> Value {
    let mut out = payload.clone();
    let (last, parent) = match path.split_last() {
        Some(x) => x,
        None => return value.unwrap_or(Value::Null),
    };
    let mut at = &mut out;
    for seg in parent {
        at = match seg {
            Seg::Key(k) => &mut at[k.as_str()],
            Seg::Index(i) => &mut at[*i],
        };
    }
    match (last, value) {
        (Seg::Key(k), Some(v)) => at[k.as_str()] = v,
        (Seg::Key(k), None) => {
            if let Some(m) = at.as_object_mut() {
                m.remove(k);
            }
        }
        (Seg::Index(i), Some(v)) => at[*i] = v,
        (Seg::Index(_), None) => unreachable!("only members are removed"),
    }
    out
}

fn has(report: &Report, path: &str, code: Code) -> bool {
    report
        .issues
        .iter()
        .any(|i| i.path == path && i.code == code)
}

fn describe(report: &Report) -> Map<String, Value> {
    report
        .issues
        .iter()
        .enumerate()
        .map(|(n, i)| (format!("{n}"), json!([i.path, i.code.code()])))
        .collect()
}

proptest! {
    #![proptest_config(crate::config(1000))]

    #[test]
    fn a_broken_rule_is_reported_at_its_member(pick in any::<usize>(), d in draw()) {
        let (cases, entries, all) = setup();
        one_site(cases, entries, &all[pick % all.len()], &d)?;
    }
}

/// Applies the mutation of `site` with the free parts `d` and checks both sides.
fn one_site(cases: &[Case], entries: &[Entry], site: &Site, d: &Draw) -> Result<(), TestCaseError> {
    let case = &cases[site.case];
    let entry = &entries[site.entry];
    let at = pointer(&site.path);
    let query = preflight::describe(case.kind).location() == "query";
    let (bad, code, edge) = mutate(entry.brk, query, d);
    let mutated = with(&case.payload, &site.path, bad);
    let got = validate(case.kind, &mutated, &case.options);
    report::check(&got, Some(&mutated));
    prop_assert!(
        !got.valid && has(&got, &at, code),
        "{} ({}): {:?} at {} should give {} there; got {:?}",
        case.name,
        case.kind,
        entry.brk,
        at,
        code.code(),
        describe(&got)
    );
    if let Some(edge) = edge {
        let at_limit = with(&case.payload, &site.path, Some(edge));
        let got = validate(case.kind, &at_limit, &case.options);
        prop_assert!(
            !has(&got, &at, code),
            "{} ({}): the value at the limit of {:?} gives {} at {}",
            case.name,
            case.kind,
            entry.brk,
            code.code(),
            at
        );
    }
    Ok(())
}

/// The cases, the catalog and the sites, built once.
fn setup() -> &'static (Vec<Case>, Vec<Entry>, Vec<Site>) {
    use std::sync::OnceLock;
    static SETUP: OnceLock<(Vec<Case>, Vec<Entry>, Vec<Site>)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let cases = valid_cases();
        let entries = catalog();
        let all = sites(&cases, &entries);
        (cases, entries, all)
    })
}

/// Every site, each once, with fixed free parts (the property above draws them at random): every
/// catalog entry on every member of every valid vector is checked on every run.
#[test]
fn every_site_once() {
    let (cases, entries, all) = setup();
    let mut failures = Vec::new();
    for (n, site) in all.iter().enumerate() {
        let d = Draw {
            beyond: 1 + n % 7,
            fill: vec!['a', 'é', '漢'],
            word: String::from("Not a member"),
            pick: n,
            int: -1,
        };
        if let Err(e) = one_site(cases, entries, site, &d) {
            failures.push(e.to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} sites fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// The catalog reaches every kind the issue names, and every entry of a kind that is not
/// [`DERIVED`] applies to some member of some valid vector (an entry no vector reaches would never
/// be exercised).
#[test]
fn the_catalog_covers_the_kinds_and_every_entry_applies() {
    use preflight::Kind;
    let (cases, entries, all) = setup();
    for kind in [
        Kind::Product,
        Kind::Card,
        Kind::PollCard,
        Kind::VideoConversationCard,
        Kind::LineItemUpdate,
        Kind::CustomAudienceUsers,
    ] {
        let n = all.iter().filter(|s| cases[s.case].kind == kind).count();
        assert!(n > 0, "no mutation site for {kind}");
    }
    let unused: Vec<String> = entries
        .iter()
        .enumerate()
        .filter(|(i, e)| !DERIVED.contains(&e.kind) && !all.iter().any(|s| s.entry == *i))
        .map(|(_, e)| format!("{} {} {:?}", e.kind, e.path, e.brk))
        .collect();
    assert!(
        unused.is_empty(),
        "entries no valid vector reaches:\n{}",
        unused.join("\n")
    );
}
