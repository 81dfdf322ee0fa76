//! `preflight schema (KIND | --all) [--out DIR]`: the JSON Schema (draft 2020-12) of a kind, as
//! `jsonSchema(kind)` gives it, for editors (VS Code's `json.schemas`) and other validators.
//! Written pretty-printed (two-space indent, members in name order): the text of the files the
//! npm package ships as `preflight-wasm/schemas/<kind>.schema.json` (scripts/write-schemas.mjs;
//! tests/node/schema.test.mjs holds the two byte for byte).

use crate::{EXIT_OK, EXIT_USAGE};
use preflight::describe::{describe, schema::json_schema};
use preflight::Kind;
use std::path::Path;

#[derive(clap::Args)]
#[command(
    group(clap::ArgGroup::new("which").required(true).args(["kind", "all"])),
    after_help = concat!(
        "Examples:\n  preflight schema product > product.schema.json\n  \
         preflight schema --all --out schemas/   (writes schemas/<kind>.schema.json)\n\n",
        exit_status!("0 written; 2 usage error, an unknown kind, or a file that cannot be written")
    )
)]
pub struct Args {
    /// The payload kind (`preflight kinds` lists them).
    kind: Option<String>,
    /// Every kind (needs --out).
    #[arg(long, requires = "out")]
    all: bool,
    /// Write DIR/<kind>.schema.json (DIR is created if missing) instead of printing.
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
}

/// The file name of `kind`'s schema.
pub fn file_name(kind: Kind) -> String {
    format!("{}.schema.json", kind.name())
}

/// The schema text of `kind`: pretty-printed JSON and a final newline.
pub fn text(kind: Kind) -> String {
    let value = json_schema(describe(kind));
    // A `Value` always serializes.
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

pub fn run(args: &Args) -> u8 {
    let kinds: Vec<Kind> = match &args.kind {
        Some(name) => match name.parse::<Kind>() {
            Ok(k) => vec![k],
            Err(e) => {
                eprintln!("preflight: {e}");
                return EXIT_USAGE;
            }
        },
        None => Kind::ALL.to_vec(),
    };
    let Some(dir) = &args.out else {
        for k in kinds {
            let t = text(k);
            out!("{}", t.trim_end());
        }
        return EXIT_OK;
    };
    let dir = Path::new(dir);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("preflight: cannot create {}: {e}", dir.display());
        return EXIT_USAGE;
    }
    for k in kinds {
        let path = dir.join(file_name(k));
        if let Err(e) = std::fs::write(&path, text(k)) {
            eprintln!("preflight: cannot write {}: {e}", path.display());
            return EXIT_USAGE;
        }
    }
    EXIT_OK
}
