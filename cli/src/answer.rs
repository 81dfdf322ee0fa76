//! `preflight answer <READER> [FILE]`: reads one platform answer (the HTTP body, from FILE or
//! standard input) with one of the answer readers (docs/ANSWERS.md) and prints the reader's
//! result, the JSON text every surface gives (`preflight::answers::call`).
//!
//! Exit status: 0 the answer was read and breaks no documented rule; 1 it was read and breaks one
//! (the result's `issues`), or (`product-answer`) a product sent was not written (its outcome is
//! not `created`, `updated` or `unchanged`); 2 usage error, input that cannot be read, or the reader's error (an
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
    ("product-answer", "product_answer", "text"),
];

/// The outcomes of a product sent that was written (`product-answer`); any other is exit 1.
const PRODUCT_WRITTEN: [&str; 3] = ["created", "updated", "unchanged"];

#[derive(clap::Args)]
#[command(after_help = exit_status!(
    "0 read, the answer breaks no documented rule; 1 read, with issues (the result's `issues`), \
     or a product sent that was not written (product-answer); 2 usage error, unreadable input, or the reader's error (an answer that is not JSON, or one \
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
    /// `product-answer` only, and required there: the products PUT body that was sent (a file).
    #[arg(long, value_name = "FILE")]
    sent: Option<String>,
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
    match (*call == "product_answer", &args.sent) {
        (true, Some(sent)) => match crate::read_input(Some(sent)).map(String::from_utf8) {
            Ok(Ok(sent)) => arguments["sent"] = serde_json::json!(sent),
            Ok(Err(_)) => {
                eprintln!("preflight: answer: invalid_json: sent: the text is not UTF-8");
                return EXIT_USAGE;
            }
            Err(e) => {
                eprintln!("preflight: answer: {e}");
                return EXIT_USAGE;
            }
        },
        (true, None) => {
            eprintln!("preflight: answer: product-answer needs --sent FILE (the body sent)");
            return EXIT_USAGE;
        }
        (false, Some(_)) => {
            eprintln!("preflight: answer: --sent is for product-answer only");
            return EXIT_USAGE;
        }
        (false, None) => {}
    }
    let arguments = arguments.to_string();
    match preflight::answers::call(call, &arguments) {
        Ok(result) => {
            let value = serde_json::from_str::<serde_json::Value>(&result).ok();
            let has_issues = value
                .as_ref()
                .and_then(|v| v.get("issues")?.as_array().map(|a| !a.is_empty()))
                .unwrap_or(false);
            let not_written = value
                .as_ref()
                .and_then(|v| v.get("products")?.as_array())
                .is_some_and(|products| {
                    products.iter().any(|p| {
                        !p.get("outcome")
                            .and_then(|o| o.as_str())
                            .is_some_and(|o| PRODUCT_WRITTEN.contains(&o))
                    })
                });
            let has_issues = has_issues || not_written;
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
