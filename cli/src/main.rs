//! The `preflight` command-line tool (crate `preflight-cli`; the library is `preflight`).
//!
//! Exit status: 0 when the payload is valid (or the command succeeded), 1 when it is invalid,
//! 2 for a usage error or input that cannot be read or parsed, 3 for CSV input with a quote that
//! never closes (`hash --column`, `audience-batch`), 141 when the reader of standard
//! output went away (every command alike: nothing more is written, no message, no summary).
//! Each command's `--help` ends with its own list ([`exit_status!`]).

/// The exit status line of a command's `--help`: its own statuses, then the one every command
/// shares (a literal, for `concat!` in the commands' `after_help`).
macro_rules! exit_status {
    ($own:literal) => {
        concat!(
            "Exit status: ",
            $own,
            "; 141 the reader of standard output went away (`| head`): the command stops \
             quietly, as a process killed by SIGPIPE."
        )
    };
}

/// `println!` for the tool's output, without its panic when the reader has gone (`preflight ... |
/// head`): the tool then stops quietly with [`EXIT_BROKEN_PIPE`], as a process the shell saw
/// die of SIGPIPE. Any other write error is a real one and is reported.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = writeln!(stdout, $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

mod answer;
mod audience_batch;
mod audience_outcome;
mod crc;
mod demo;
mod hash;
mod oauth1;
mod schema;
mod validate;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "preflight",
    version,
    about = "Validate, hash and sign before anything is sent to the platform",
    after_help = "Exit status: each command's --help lists its own; for all: 0 success (valid, \
                  verified, every row accepted), 1 some input is invalid or was rejected, 2 usage \
                  error or unreadable input, 141 the reader of standard output went away."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a payload of KIND read from FILE (or stdin with `-` or no file).
    Validate(validate::Args),
    /// Normalize and SHA-256-hash audience identifiers, one per line or a CSV column.
    Hash(hash::Args),
    /// Build custom-audience or do-not-reach upload bodies within the request limits.
    AudienceBatch(audience_batch::Args),
    /// Map the platform's answers to audience-batch bodies back to every input row.
    AudienceOutcome(audience_outcome::Args),
    /// Answer a webhook CRC challenge: the response token for a crc_token.
    Crc(crc::Args),
    /// Verify a webhook event signature over a raw body.
    Verify(verify::Args),
    /// Sign an OAuth 1.0a request (signature, base string, Authorization header).
    Oauth1(oauth1::Args),
    /// Run the built-in demo over bundled sample payloads.
    #[command(after_help = exit_status!("0 the demo ran; 2 a bundled sample is broken"))]
    Demo,
    /// List the validation kinds.
    #[command(after_help = exit_status!("0 listed"))]
    Kinds,
    /// Print the rules of KIND as data (describe) or as a JSON Schema (--schema).
    Describe(DescribeArgs),
    /// Print or write the JSON Schema of KIND (or of every kind) for editors.
    Schema(schema::Args),
    /// Read a platform answer (a list page, ...) from FILE (or stdin) and print what it says.
    Answer(answer::Args),
}

#[derive(clap::Args)]
#[command(after_help = exit_status!("0 described; 2 usage error or an unknown kind"))]
struct DescribeArgs {
    /// The payload kind.
    kind: String,
    /// Print the JSON Schema (draft 2020-12) instead of the description.
    #[arg(long)]
    schema: bool,
}

/// Exit statuses.
pub const EXIT_OK: u8 = 0;
/// Standard output was closed by its reader (128 + SIGPIPE, what a shell reports for a process
/// killed by that signal).
pub const EXIT_BROKEN_PIPE: u8 = 141;
pub const EXIT_INVALID: u8 = 1;
pub const EXIT_USAGE: u8 = 2;
/// CSV input with a quoted field that never closes (`unclosed_quote`): the rest of the input
/// cannot be read as records, so the run stops at that row (`hash --column`, `audience-batch`).
pub const EXIT_UNCLOSED_QUOTE: u8 = 3;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    let code = match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Hash(args) => hash::run(&args),
        Command::AudienceBatch(args) => audience_batch::run(&args),
        Command::AudienceOutcome(args) => audience_outcome::run(&args),
        Command::Crc(args) => crc::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Oauth1(args) => oauth1::run(&args),
        Command::Demo => demo::run(),
        Command::Schema(args) => schema::run(&args),
        Command::Answer(args) => answer::run(&args),
        Command::Describe(args) => {
            let out = if args.schema {
                preflight::describe::json_schema_json(&args.kind)
            } else {
                preflight::describe::describe_json(&args.kind)
            };
            match out {
                Ok(text) => {
                    out!("{text}");
                    EXIT_OK
                }
                Err(e) => {
                    eprintln!("preflight: describe: {e}");
                    EXIT_USAGE
                }
            }
        }
        Command::Kinds => {
            for k in preflight::Kind::ALL {
                out!("{k}");
            }
            EXIT_OK
        }
    };
    ExitCode::from(code)
}

/// Reads FILE, or stdin for `-` / no file, as bytes (the engine reports invalid UTF-8 itself).
pub fn read_input(file: Option<&str>) -> Result<Vec<u8>, String> {
    use std::io::Read;
    match file {
        None | Some("-") => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(buf)
        }
        Some(path) if std::path::Path::new(path).is_dir() => {
            Err(format!("cannot read {path}: it is a directory"))
        }
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}")),
    }
}

/// Reads FILE (or standard input for `-` / nothing) as a stream: the reader and, for a regular
/// file, its size. A directory is refused here, before anything is read or printed.
pub fn open_input(
    file: Option<&str>,
) -> Result<(Box<dyn std::io::Read + Send>, Option<u64>), String> {
    match file {
        None | Some("-") => Ok((Box::new(std::io::stdin()), None)),
        Some(path) => {
            let f = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let meta = f
                .metadata()
                .map_err(|e| format!("cannot read {path}: {e}"))?;
            if meta.is_dir() {
                return Err(format!("cannot read {path}: it is a directory"));
            }
            let size = meta.is_file().then_some(meta.len());
            Ok((Box::new(f), size))
        }
    }
}

/// Ends the tool after a failed write to standard output: quietly when the reader has gone.
pub fn output_failed(e: std::io::Error) -> ! {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        eprintln!("preflight: cannot write the output: {e}");
        std::process::exit(i32::from(EXIT_USAGE));
    }
    std::process::exit(i32::from(EXIT_BROKEN_PIPE))
}
