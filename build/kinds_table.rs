//! The reader of the kind table (`src/spec/v12/kinds.md`), shared by `build.rs` (which generates
//! `Kind` and the registry from it) and `tests/kinds_doc.rs` (which writes docs/KINDS.md's kinds
//! table from it). A malformed line is an error naming the line, never a kind left out.

/// The table, relative to the crate's root.
pub const TABLE: &str = "src/spec/v12/kinds.md";

/// The columns, in order.
pub const COLUMNS: [&str; 8] = [
    "variant", "name", "area", "in", "run", "row", "section", "what",
];

/// How the engine reads a row (the `run` column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run {
    /// `data`: the field table and the rules across fields.
    Data,
    /// `in order`: the row's `in_order`.
    InOrder,
    /// `after HOOK`: `hooks::HOOK`, a `Place::After` hook.
    After(String),
    /// `root HOOK`: `hooks::HOOK`, a `Place::Root` hook.
    Root(String),
}

/// One kind: one line of the table.
#[derive(Clone, Debug)]
pub struct Row {
    /// The `Kind` variant.
    pub variant: String,
    /// The stable name.
    pub name: String,
    /// The document and its part (`B catalogs`).
    pub area: String,
    /// Whether the values travel in a JSON body (`true`) or the query (`false`).
    pub body: bool,
    /// How the engine reads the row.
    pub run: Run,
    /// The `Description` constant, relative to `crate::rules` (`poll_card::DESCRIPTION`).
    pub row: String,
    /// Where the spec states it.
    pub section: String,
    /// What the payload is.
    pub what: String,
}

fn is_ident(s: &str, first_upper: bool) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if first_upper && c.is_ascii_uppercase() => {}
        Some(c) if !first_upper && (c.is_ascii_lowercase() || c == '_') => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_const(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && s.starts_with(|c: char| c.is_ascii_uppercase())
}

/// Reads the table: every line that starts with `|` is a row of it (after its header and
/// separator); the other lines are prose.
pub fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut header = false;
    for (i, line) in text.lines().enumerate() {
        let at = format!("{TABLE}:{}", i + 1);
        let line = line.trim();
        if !line.starts_with('|') {
            continue;
        }
        if !line.ends_with('|') || line.len() < 2 {
            return Err(format!("{at}: a table line ends with `|`"));
        }
        let cells: Vec<&str> = line[1..line.len() - 1].split('|').map(str::trim).collect();
        if !header {
            if cells != COLUMNS {
                return Err(format!("{at}: the header is `| {} |`", COLUMNS.join(" | ")));
            }
            header = true;
            continue;
        }
        if cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-'))
        {
            continue;
        }
        if cells.len() != COLUMNS.len() {
            return Err(format!(
                "{at}: {} cells, the table has {} (`|` inside a cell is not allowed)",
                cells.len(),
                COLUMNS.len()
            ));
        }
        if let Some(n) = cells.iter().position(|c| c.is_empty()) {
            return Err(format!("{at}: the `{}` cell is empty", COLUMNS[n]));
        }
        let [variant, name, area, place, run, row, section, what] =
            [0, 1, 2, 3, 4, 5, 6, 7].map(|n| cells[n].to_string());
        if !is_ident(&variant, true) {
            return Err(format!(
                "{at}: variant `{variant}` is not a CamelCase identifier"
            ));
        }
        if !is_ident(&name, false) || name.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(format!("{at}: name `{name}` is not lower-case snake case"));
        }
        let body = match place.as_str() {
            "body" => true,
            "query" => false,
            _ => return Err(format!("{at}: in is `body` or `query`, not `{place}`")),
        };
        let run = match run.split_once(' ') {
            None if run == "data" => Run::Data,
            Some(("in", "order")) => Run::InOrder,
            Some(("after", hook)) if is_const(hook) => Run::After(hook.to_string()),
            Some(("root", hook)) if is_const(hook) => Run::Root(hook.to_string()),
            _ => {
                return Err(format!(
                    "{at}: run is `data`, `in order`, `after HOOK` or `root HOOK`, not `{run}`"
                ))
            }
        };
        let path_ok = match row.rsplit_once("::") {
            Some((modules, constant)) => {
                is_const(constant) && modules.split("::").all(|m| is_ident(m, false))
            }
            None => false,
        };
        if !path_ok {
            return Err(format!(
                "{at}: row `{row}` is not `module::CONSTANT` of src/rules/"
            ));
        }
        if let Some(r) = rows.iter().find(|r| r.variant == variant || r.name == name) {
            return Err(format!(
                "{at}: `{variant}`/`{name}` repeats the line of `{}`",
                r.name
            ));
        }
        rows.push(Row {
            variant,
            name,
            area,
            body,
            run,
            row,
            section,
            what,
        });
    }
    if rows.is_empty() {
        return Err(format!("{TABLE}: no kind read"));
    }
    Ok(rows)
}
