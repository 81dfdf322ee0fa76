//! `preflight verify [BODY_FILE|-] (--signature VALUE | --headers FILE) [--header-name NAME]
//! [--secret-stdin] [--json]`: whether a webhook event's signature matches its raw body
//! (signing.md "Event signature").
//!
//! Exit status: 0 verified; 1 not verified (every malformed, missing, repeated or mismatching
//! signature); 2 when verification cannot be attempted (usage, no or empty secret, unreadable
//! input). The computed signature is never printed: a tool that printed it would be a signing
//! oracle for any body.

use crate::crc::secrets;
use crate::{read_input, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use preflight::signing::{check_signature, find_header, SigningError, DEFAULT_SIGNATURE_HEADER};
use serde_json::json;

const AFTER_HELP: &str = concat!(
    "\
The consumer secret (API secret key) is read from the environment variable
PREFLIGHT_CONSUMER_SECRET, or with --secret-stdin from the first line of standard input.
It is never taken from the command line and never printed.

The body and the secret cannot both come from standard input: with --secret-stdin, give the
body as BODY_FILE. The body is used byte for byte, exactly as received (never re-serialized).

--headers reads a header block such as `curl -D FILE` writes: one `Name: value` per line, an
optional first request or status line, ending at the first empty line. The signature is the
value of --header-name there; a header that is absent or appears more than once is not verified.

",
    exit_status!("0 verified; 1 not verified; 2 usage error, no secret, or unreadable input")
);

/// Longest header block read by `--headers`, in bytes.
const MAX_HEADERS_BYTES: u64 = 1024 * 1024;

#[derive(clap::Args)]
#[command(
    group(clap::ArgGroup::new("sig").required(true).args(["signature", "headers"])),
    after_help = AFTER_HELP
)]
pub struct Args {
    /// The raw request body; `-` or nothing reads standard input.
    #[arg(value_name = "BODY_FILE")]
    body: Option<String>,
    /// The signature header's value exactly as received: `sha256=<base64>`.
    #[arg(long, value_name = "VALUE")]
    signature: Option<String>,
    /// A file holding the request's headers (`Name: value` lines); the signature is read from
    /// the header --header-name.
    #[arg(long, value_name = "FILE")]
    headers: Option<String>,
    /// The signature header's name (case-insensitive), for deployments that use another one.
    /// With --signature it only names the header in the output.
    #[arg(long, value_name = "NAME", default_value = DEFAULT_SIGNATURE_HEADER)]
    header_name: String,
    /// Read the consumer secret from the first line of standard input instead of
    /// PREFLIGHT_CONSUMER_SECRET (the body must then be a file).
    #[arg(long)]
    secret_stdin: bool,
    /// Print the verdict as JSON: {"verified": true|false, "header", "code"?, "message"?}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> u8 {
    match verdict(args) {
        Ok(result) => report(args, result),
        Err(e) => {
            eprintln!("preflight: verify: {e}");
            EXIT_USAGE
        }
    }
}

/// `Ok(Ok(()))` verified, `Ok(Err(why))` not verified, `Err(message)` not attempted.
fn verdict(args: &Args) -> Result<Result<(), SigningError>, String> {
    let body_from_stdin = matches!(args.body.as_deref(), None | Some("-"));
    if args.secret_stdin && body_from_stdin {
        return Err(String::from(
            "--secret-stdin reads the secret from standard input, so the body must come from a \
             file: give BODY_FILE (or put the secret in PREFLIGHT_CONSUMER_SECRET)",
        ));
    }
    if !is_token(&args.header_name) {
        return Err(String::from(
            "--header-name must be an HTTP field name (letters, digits and !#$%&'*+-.^_`|~)",
        ));
    }
    let secret = secrets::consumer_secret_only(args.secret_stdin)?;
    let headers = match &args.headers {
        Some(path) => Some(read_headers(path)?),
        None => None,
    };
    let body = read_input(args.body.as_deref())?;
    let value: Result<Option<&str>, SigningError> = match (&headers, &args.signature) {
        (Some(h), _) => find_header(h, &args.header_name),
        (None, Some(s)) => Ok(Some(s.as_str())),
        (None, None) => return Err(String::from("give --signature or --headers")),
    };
    Ok(value.and_then(|v| check_signature(secret.bytes(), &body, v)))
}

fn report(args: &Args, result: Result<(), SigningError>) -> u8 {
    let header = args.header_name.to_ascii_lowercase();
    match result {
        Ok(()) => {
            if args.json {
                out!("{}", json!({"verified": true, "header": header}));
            } else {
                out!("verified: {header} matches the body");
            }
            EXIT_OK
        }
        Err(e) => {
            if args.json {
                out!(
                    "{}",
                    json!({"verified": false, "header": header, "code": e.code(), "message": e.message()})
                );
            } else {
                out!("not verified: {e}");
            }
            EXIT_INVALID
        }
    }
}

/// An HTTP field name (RFC 9110 `token`).
fn is_token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(preflight::signing::oauth1::is_tchar)
}

/// Reads a header block: an optional first line without `:` before its first space (a request
/// or status line) is skipped; then `Name: value` lines until the first empty line or the end.
/// The value is trimmed of spaces and tabs (as HTTP parsers do). Folded lines and lines that are
/// not headers are refused (line numbers only in the messages, never contents).
fn read_headers(path: &str) -> Result<Vec<(String, String)>, String> {
    use std::io::Read;
    if path == "-" {
        return Err(String::from(
            "--headers needs a file; standard input carries the body",
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut buf = Vec::new();
    file.take(MAX_HEADERS_BYTES + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if buf.len() as u64 > MAX_HEADERS_BYTES {
        return Err(format!(
            "{path} is larger than {MAX_HEADERS_BYTES} bytes; it is not a header block"
        ));
    }
    let text = String::from_utf8(buf).map_err(|_| format!("{path} is not valid UTF-8"))?;
    let mut headers = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.is_empty() {
            if headers.is_empty() && i == 0 {
                continue;
            }
            break;
        }
        let n = i + 1;
        if line.starts_with([' ', '\t']) {
            return Err(format!(
                "line {n} of {path} continues a folded header; folding is not accepted"
            ));
        }
        let looks_like_start_line = line
            .split_once(' ')
            .is_some_and(|(first, _)| !first.contains(':'));
        if i == 0 && looks_like_start_line {
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(format!("line {n} of {path} is not a `Name: value` header"));
        };
        if !is_token(name) {
            return Err(format!("line {n} of {path} has a malformed header name"));
        }
        headers.push((
            name.to_string(),
            value.trim_matches([' ', '\t']).to_string(),
        ));
    }
    Ok(headers)
}
