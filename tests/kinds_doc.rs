//! The kind table (`src/spec/v12/kinds.md`, from which build.rs generates `Kind` and the
//! registry) against the built library and the documentation:
//! - the library's kinds are the table's lines, in order, each with the table's section and
//!   where its values travel (so the registry cannot drift from the table it was built from);
//! - docs/KINDS.md's table of kinds is the one this test writes from the table, between its
//!   `<!-- kinds -->` and `<!-- /kinds -->` lines: it fails on any difference, and
//!   `UPDATE_SNAPSHOTS=1 cargo test --test kinds_doc` rewrites it.

// The reader is shared with build.rs, which reads other columns.
#[allow(dead_code)]
#[path = "../build/kinds_table.rs"]
mod kinds_table;

use preflight::{describe, Kind};
use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rows() -> Vec<kinds_table::Row> {
    let text = fs::read_to_string(root().join(kinds_table::TABLE)).expect("the kind table");
    kinds_table::parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_library_has_the_kinds_of_the_table() {
    let rows = rows();
    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    let table: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, table, "Kind::ALL against {}", kinds_table::TABLE);
    for (kind, row) in Kind::ALL.iter().zip(&rows) {
        let d = describe(*kind);
        assert_eq!(d.kind, *kind);
        assert_eq!(d.source, row.section, "{kind}");
        assert_eq!(
            d.location(),
            if row.body { "body" } else { "query" },
            "{kind}"
        );
        let parsed: Kind = row.name.parse().expect("the table's name parses");
        assert_eq!(parsed, *kind);
    }
}

const START: &str = "<!-- kinds: written by `UPDATE_SNAPSHOTS=1 cargo test --test kinds_doc` from src/spec/v12/kinds.md -->";
const END: &str = "<!-- /kinds -->";

/// The table of docs/KINDS.md: one line per kind, by document area (in the order the areas
/// first appear), then in `Kind` order.
fn kinds_table_markdown(rows: &[kinds_table::Row]) -> String {
    let mut areas: Vec<&str> = Vec::new();
    for r in rows {
        if !areas.contains(&r.area.as_str()) {
            areas.push(&r.area);
        }
    }
    areas.sort();
    let mut out = String::from("| document | kind | in | what | spec |\n|---|---|---|---|---|\n");
    for area in areas {
        for r in rows.iter().filter(|r| r.area == area) {
            out.push_str(&format!(
                "| {area} | `{}` | {} | {} | {} |\n",
                r.name,
                if r.body { "body" } else { "query" },
                r.what,
                r.section
            ));
        }
    }
    out
}

#[test]
fn docs_kinds_md_lists_the_kinds_of_the_table() {
    let path = root().join("docs/KINDS.md");
    let doc = fs::read_to_string(&path).expect("docs/KINDS.md");
    let (Some(start), Some(end)) = (doc.find(START), doc.find(END)) else {
        panic!("docs/KINDS.md has no `{START}` ... `{END}` block");
    };
    let from = start + START.len() + 1;
    let fresh = kinds_table_markdown(&rows());
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        let text = format!("{}{fresh}{}", &doc[..from], &doc[end..]);
        fs::write(&path, text).expect("write docs/KINDS.md");
        return;
    }
    assert!(
        doc[from..end] == fresh,
        "docs/KINDS.md's table of kinds differs from src/spec/v12/kinds.md: \
         UPDATE_SNAPSHOTS=1 cargo test --test kinds_doc rewrites it"
    );
}

/// The reader refuses a table it would read short or wrong, naming the line, rather than leave a
/// kind out (build.rs stops the build with its message).
#[test]
fn the_reader_refuses_a_malformed_table() {
    let head = "| variant | name | area | in | run | row | section | what |\n|---|---|---|---|---|---|---|---|\n";
    let line = "| PollCard | poll_card | C creatives | query | data | poll_card::DESCRIPTION | C §4 Poll cards | The poll card |\n";
    let ok = kinds_table::parse(&format!("{head}{line}")).expect("one kind");
    assert_eq!(ok.len(), 1);
    assert_eq!(ok[0].run, kinds_table::Run::Data);
    let refused = [
        // Two lines of one kind.
        format!("{head}{line}{line}"),
        // A cell too few (a `|` lost), a cell too many (a `|` inside a cell).
        format!("{head}| PollCard | poll_card | C creatives | query | data | poll_card::DESCRIPTION | C §4 |\n"),
        format!("{head}| PollCard | poll_card | C | query | data | poll_card::DESCRIPTION | C §4 | a | b |\n"),
        // An empty cell, a name in capitals, an unknown place or way to run, a row without module.
        format!("{head}| PollCard | poll_card | C | query | data | poll_card::DESCRIPTION |  | a |\n"),
        format!("{head}| PollCard | Poll_card | C | query | data | poll_card::DESCRIPTION | C §4 | a |\n"),
        format!("{head}| PollCard | poll_card | C | path | data | poll_card::DESCRIPTION | C §4 | a |\n"),
        format!("{head}| PollCard | poll_card | C | query | after | poll_card::DESCRIPTION | C §4 | a |\n"),
        format!("{head}| PollCard | poll_card | C | query | data | DESCRIPTION | C §4 | a |\n"),
        // Another header, and no kind at all.
        "| kind | name |\n|---|---|\n| PollCard | poll_card |\n".to_string(),
        head.to_string(),
    ];
    for text in refused {
        let e = kinds_table::parse(&text).expect_err(&text);
        assert!(e.starts_with(kinds_table::TABLE), "{e}");
    }
}

/// The validate_json fuzz target's dictionary holds every kind's name (the target reads the kind
/// from the header line's first word), so that the fuzzer reaches every kind's rules:
/// `UPDATE_SNAPSHOTS=1 cargo test --test kinds_doc` adds the missing ones.
#[test]
fn the_fuzz_dictionary_names_every_kind() {
    let path = root().join("fuzz/dict/validate_json.dict");
    let dict = fs::read_to_string(&path).expect("fuzz/dict/validate_json.dict");
    let missing: Vec<String> = rows()
        .iter()
        .map(|r| format!("\"{} \"", r.name))
        .filter(|line| !dict.lines().any(|l| l == line))
        .collect();
    if missing.is_empty() {
        return;
    }
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        let mut text = dict.clone();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        for line in &missing {
            text.push_str(line);
            text.push('\n');
        }
        fs::write(&path, text).expect("write the fuzz dictionary");
        return;
    }
    panic!(
        "fuzz/dict/validate_json.dict lacks {missing:?}: \
         UPDATE_SNAPSHOTS=1 cargo test --test kinds_doc adds them"
    );
}
