//! Generates the `Kind` enum and the kind registry from the one kind table,
//! `src/spec/v12/kinds.md` (read by `build/kinds_table.rs`):
//! - `$OUT_DIR/kinds.rs`, the `kinds!` list `src/kind.rs` includes (variant, name, doc);
//! - `$OUT_DIR/rows.rs`, the registry `src/spec/v12/mod.rs` includes: one `KindSpec` constant
//!   per kind and `ROWS`, every row in `Kind` order, so that `ROWS[kind as usize]` is the row of
//!   `kind` (natively references to the rows, in a wasm build the rows: docs/PERFORMANCE.md,
//!   "The kind registry").

// The reader is shared with tests/kinds_doc.rs, which reads other columns.
#[allow(dead_code)]
#[path = "build/kinds_table.rs"]
mod kinds_table;

use kinds_table::{Run, TABLE};
use std::fmt::Write;
use std::path::PathBuf;

/// The fields of a row that say how the engine reads it (the `run` column).
fn run_fields(run: &Run) -> String {
    match run {
        Run::Data => String::from("hook: None,\n    in_order: false,"),
        Run::InOrder => String::from("hook: None,\n    in_order: true,"),
        Run::After(h) | Run::Root(h) => format!("hook: Some(hooks::{h}),\n    in_order: false,"),
    }
}

/// The constant of a kind's row: `ROW_POLL_CARD`.
fn row_name(name: &str) -> String {
    format!("ROW_{}", name.to_uppercase())
}

/// The module list of `src/rules/`, where a row's first module must be declared.
const RULES_MOD: &str = "src/rules/mod.rs";

/// A row whose rules file has no `mod` line would fail to compile in the generated `rows.rs`
/// ("could not find `x` in `rules`"); say instead which line is missing.
fn check_mod_lines(rows: &[kinds_table::Row]) {
    let text = std::fs::read_to_string(RULES_MOD).unwrap_or_else(|e| panic!("{RULES_MOD}: {e}"));
    // `mod x;`, `pub mod x;`, `pub(crate) mod x;`: the name after `mod`.
    let declared: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.trim().strip_suffix(';')?.split_whitespace().collect();
            match words.as_slice() {
                [.., "mod", name] => Some(*name),
                _ => None,
            }
        })
        .collect();
    for r in rows {
        let module = r.row.split("::").next().unwrap_or_default();
        if !declared.contains(&module) {
            panic!(
                "{TABLE}: the row of `{}` is `{}`, but {RULES_MOD} has no `pub mod {module};` \
                 (a new rules file needs its mod line: docs/ADDING_A_KIND.md, step 1)",
                r.name, r.row
            );
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed={TABLE}");
    println!("cargo:rerun-if-changed=build/kinds_table.rs");
    println!("cargo:rerun-if-changed={RULES_MOD}");
    let text = std::fs::read_to_string(TABLE).unwrap_or_else(|e| panic!("{TABLE}: {e}"));
    let rows = kinds_table::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    check_mod_lines(&rows);

    let mut kinds = String::from("kinds! {\n");
    let mut registry = String::new();
    for r in &rows {
        let doc = format!("{} (document {}).", r.what, r.section);
        // `{:?}` writes a Rust string literal.
        let _ = writeln!(
            kinds,
            "    #[doc = {doc:?}]\n    {} => {:?},",
            r.variant, r.name
        );
        let _ = writeln!(
            registry,
            "/// The row of `{}`.\nconst {}: KindSpec = KindSpec {{\n    kind: Kind::{},\n    \
             mode: Mode::{},\n    source: {:?},\n    description: &rules::{},\n    {}\n}};",
            r.name,
            row_name(&r.name),
            r.variant,
            if r.body { "Json" } else { "Query" },
            r.section,
            r.row,
            run_fields(&r.run),
        );
    }
    kinds.push_str("}\n");
    let n = rows.len();
    let list = |prefix: &str| {
        rows.iter()
            .map(|r| format!("    {prefix}{},\n", row_name(&r.name)))
            .collect::<String>()
    };
    let _ = write!(
        registry,
        "/// Every kind's row, in [`Kind`] order: natively a reference to each.\n\
         #[cfg(not(target_arch = \"wasm32\"))]\n\
         static ROWS: [&KindSpec; {n}] = [\n{}];\n\n\
         /// Every kind's row, in [`Kind`] order: in a wasm build the rows themselves.\n\
         #[cfg(target_arch = \"wasm32\")]\n\
         static ROWS: [KindSpec; {n}] = [\n{}];\n",
        list("&"),
        list(""),
    );
    // A hook says where it runs, and so does the table: the build holds them equal.
    for r in &rows {
        let (h, place) = match &r.run {
            Run::After(h) => (h, "After"),
            Run::Root(h) => (h, "Root"),
            Run::Data | Run::InOrder => continue,
        };
        let _ = writeln!(
            registry,
            "const _: () = assert!(matches!(hooks::{h}.place, Place::{place}), {:?});",
            format!("{}: the kind table runs {h} at Place::{place}", r.name)
        );
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    for (file, text) in [("kinds.rs", kinds), ("rows.rs", registry)] {
        std::fs::write(out.join(file), text).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}
