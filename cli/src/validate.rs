//! `preflight validate <kind> [FILE|-] [--context JSON] [--now TIME] [--max-issues N] [--json]`.

use crate::{read_input, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use preflight::{Code, Context, Kind, Options, Report, Severity};

#[derive(clap::Args)]
#[command(after_help = exit_status!(
    "0 valid (warnings allowed); 1 invalid; 2 usage error, an unknown kind, a bad --context, or a \
     payload that cannot be read or parsed"
))]
pub struct Args {
    /// The payload kind (see `preflight kinds`).
    kind: String,
    /// The payload file; `-` or nothing reads standard input.
    file: Option<String>,
    /// The context object itself, as JSON: {"objective", "placements", "budget_optimization", "current",
    /// "media_types", "authenticated_user_id"}.
    #[arg(long)]
    context: Option<String>,
    /// The current time for the rules relative to "now", RFC 3339 (2026-11-21T09:30:00Z)
    /// [default: the system clock].
    #[arg(long)]
    now: Option<String>,
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
            eprintln!("preflight: validate: {e}");
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
        options.context = context(c)?;
    }
    if let Some(now) = &args.now {
        options.now = Some(preflight::options::parse_now(now).map_err(|e| e.to_string())?);
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

/// The `--context` argument, every error naming it (the engine's parse error speaks of "the
/// payload").
fn context(text: &str) -> Result<Context, String> {
    let value = preflight::parse_json(text.as_bytes()).map_err(|e| {
        let detail = e.message.strip_prefix("the payload is not valid JSON: ");
        match detail {
            Some(d) => format!("--context is not valid JSON: {d}"),
            None => format!("--context is not valid JSON ({})", e.message),
        }
    })?;
    Context::from_value(&value).map_err(|e| format!("--context: {}", e.message))
}

/// One line per issue: severity, path, code, message. The counts are of every issue found: a
/// final `too_many_issues` issue stands for the ones it counts.
pub fn print_human(r: &Report, indent: &str) {
    let (mut errors, mut warnings) = (0u64, 0u64);
    for i in &r.issues {
        let count = |k: &str| i.params.get(k).and_then(preflight::report::Param::as_u64);
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
        // Padded to the longest level's width, so the paths line up.
        let sev = format!("{:<7}", i.severity.name());
        let path = if i.path.is_empty() {
            "(payload)"
        } else {
            &i.path
        };
        out!("{indent}  {sev} {path}  {}  {}", i.code, i.message);
    }
}
