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
        Run::Data => String::from("hook: Hook::None,"),
        Run::InOrder => String::from("hook: Hook::InOrder,"),
        Run::After(h) => format!("hook: Hook::After(hooks::{h}),"),
        Run::Root(h) => format!("hook: Hook::Root(hooks::{h}),"),
    }
}

/// The constant of a kind's row: `ROW_POLL_CARD`.
fn row_name(name: &str) -> String {
    format!("ROW_{}", name.to_uppercase())
}

fn main() {
    println!("cargo:rerun-if-changed={TABLE}");
    println!("cargo:rerun-if-changed=build/kinds_table.rs");
    let text = std::fs::read_to_string(TABLE).unwrap_or_else(|e| panic!("{TABLE}: {e}"));
    let rows = kinds_table::parse(&text).unwrap_or_else(|e| panic!("{e}"));

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
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    for (file, text) in [("kinds.rs", kinds), ("rows.rs", registry)] {
        std::fs::write(out.join(file), text).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}
