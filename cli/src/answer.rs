//! `preflight answer <READER> [FILE]`: reads one platform answer (the HTTP body, from FILE or
//! standard input) with one of the answer readers (docs/ANSWERS.md) and prints the reader's
//! result, the JSON text every surface gives (`preflight::answers::call`).
//!
//! Exit status: 0 the answer was read and breaks no documented rule; 1 it was read and breaks one
//! (the result's `issues`); 2 usage error, input that cannot be read, or the reader's error (an
//! answer that is not JSON, or one the caller must not go on with), printed to standard error
//! as `preflight: answer: <code>: <message>`.

use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};

/// The readers that take one answer text: the command-line name, the call of
/// `preflight::answers::call`, and the argument the text goes in. One line per reader.
const READERS: &[(&str, &str, &str)] = &[
    ("list-page", "list_page", "text"),
    ("error-body", "error_body", "text"),
    ("request-token", "request_token", "text"),
    ("access-token", "access_token", "text"),
    ("invalidate-token", "invalidate_token", "text"),
];

#[derive(clap::Args)]
#[command(after_help = exit_status!(
    "0 read, the answer breaks no documented rule; 1 read, with issues (the result's `issues`); \
     2 usage error, unreadable input, or the reader's error (an answer that is not JSON, or one \
     not to go on with)"
))]
pub struct Args {
    /// The reader, named after its call (docs/ANSWERS.md): `list-page` is `list_page`.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(READERS.iter().map(|r| r.0)))]
    reader: String,
    /// The answer's body, exactly as received (standard input with `-` or no file).
    file: Option<String>,
    /// `error-body` only: the answer's Content-Type header (`application/problem+json`, ...).
    #[arg(long, value_name = "TYPE")]
    content_type: Option<String>,
    /// `error-body` only: the answer's HTTP status (100 to 599).
    #[arg(long, value_name = "CODE")]
    status: Option<u16>,
}

pub fn run(args: &Args) -> u8 {
    let Some((_, call, member)) = READERS.iter().find(|r| r.0 == args.reader) else {
        eprintln!("preflight: answer: unknown reader");
        return EXIT_USAGE;
    };
    let bytes = match crate::read_input(args.file.as_deref()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("preflight: answer: {e}");
            return EXIT_USAGE;
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("preflight: answer: invalid_json: answer: the text is not UTF-8");
        return EXIT_USAGE;
    };
    let mut arguments = serde_json::json!({ *member: text });
    if args.content_type.is_some() || args.status.is_some() {
        if *call != "error_body" {
            eprintln!("preflight: answer: --content-type and --status are for error-body only");
            return EXIT_USAGE;
        }
        arguments["content_type"] = serde_json::json!(args.content_type);
        arguments["status"] = serde_json::json!(args.status);
    }
    let arguments = arguments.to_string();
    match preflight::answers::call(call, &arguments) {
        Ok(result) => {
            let has_issues = serde_json::from_str::<serde_json::Value>(&result)
                .ok()
                .and_then(|v| v.get("issues")?.as_array().map(|a| !a.is_empty()))
                .unwrap_or(false);
            out!("{result}");
            if has_issues {
                EXIT_INVALID
            } else {
                EXIT_OK
            }
        }
        Err(e) => {
            eprintln!("preflight: answer: {e}");
            EXIT_USAGE
        }
    }
}
