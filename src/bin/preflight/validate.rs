//! `preflight validate <kind> [FILE|-] [--context JSON] [--max-issues N] [--json]`.

use crate::{read_input, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use preflight::{Code, Context, Kind, Options, Report, Severity};

#[derive(clap::Args)]
pub struct Args {
    /// The payload kind (see `preflight kinds`).
    kind: String,
    /// The payload file; `-` or nothing reads standard input.
    file: Option<String>,
    /// The context object itself, as JSON: {"objective", "placements", "budget_optimization", "current",
    /// "media_types", "authenticated_user_id"}.
    #[arg(long)]
    context: Option<String>,
    /// The most issues the report holds (0 to 100000; default 1000); the rest are counted in one
    /// final `too_many_issues` issue. The option `max_issues` of the library.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_issues: Option<String>,
    /// Print the report as JSON, exactly as the library returns it.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> u8 {
    match report(args) {
        Ok(r) => {
            if args.json {
                out!("{}", r.to_json());
            } else {
                print_human(&r, "");
            }
            if r.valid {
                EXIT_OK
            } else {
                EXIT_INVALID
            }
        }
        Err(e) => {
            eprintln!("preflight: {e}");
            EXIT_USAGE
        }
    }
}

fn report(args: &Args) -> Result<Report, String> {
    let kind: Kind = args
        .kind
        .parse()
        .map_err(|e: preflight::Error| e.to_string())?;
    let mut options = Options::default();
    if let Some(c) = &args.context {
        let value =
            preflight::parse_json(c.as_bytes()).map_err(|e| format!("--context: {}", e.message))?;
        options.context = Context::from_value(&value).map_err(|e| e.to_string())?;
    }
    if let Some(n) = &args.max_issues {
        // The library's own check of the value, so the CLI refuses exactly what it refuses.
        // (`null`, for text that is not a whole number, is refused by it too.)
        let value = n
            .parse::<u64>()
            .map_or(serde_json::Value::Null, serde_json::Value::from);
        options.max_issues =
            preflight::options::max_issues(&value).map_err(|e| format!("--max-issues: {e}"))?;
    }
    let input = read_input(args.file.as_deref())?;
    preflight::validate_slice(kind, &input, &options).map_err(|e| e.to_string())
}

/// One line per issue: severity, path, code, message. The counts are of every issue found: a
/// final `too_many_issues` issue stands for the ones it counts.
pub fn print_human(r: &Report, indent: &str) {
    let (mut errors, mut warnings) = (0u64, 0u64);
    for i in &r.issues {
        let count = |k: &str| i.params.get(k).and_then(serde_json::Value::as_u64);
        match (i.code, count("omitted_errors"), count("omitted_warnings")) {
            (Code::TooManyIssues, Some(e), Some(w)) => {
                errors = errors.saturating_add(e);
                warnings = warnings.saturating_add(w);
            }
            (_, _, _) if i.severity == Severity::Error => errors += 1,
            _ => warnings += 1,
        }
    }
    out!(
        "{indent}{} ({} error{}, {} warning{})",
        if r.valid { "valid" } else { "invalid" },
        errors,
        if errors == 1 { "" } else { "s" },
        warnings,
        if warnings == 1 { "" } else { "s" }
    );
    for i in &r.issues {
        let sev = match i.severity {
            Severity::Error => "error  ",
            Severity::Warning => "warning",
        };
        let path = if i.path.is_empty() {
            "(payload)"
        } else {
            &i.path
        };
        out!("{indent}  {sev} {path}  {}  {}", i.code, i.message);
    }
}
