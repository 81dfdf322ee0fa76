//! `preflight oauth1 --method M --url URL [--param NAME=VALUE ...] [--form-body FILE]
//! [--consumer-key K] [--token T] [--nonce N --timestamp T] [--step STEP] [--callback URL]
//! [--verifier V] [--secret-stdin] [--json]`: signs an OAuth 1.0a request with HMAC-SHA1 and
//! prints the signature, the signature base string and the `Authorization` header
//! (signing.md "OAuth 1.0a").

use crate::crc::secrets::{self, Secret, CONSUMER_SECRET_ENV, TOKEN_SECRET_ENV};
use crate::{read_input, EXIT_OK, EXIT_USAGE};
use preflight::signing::percent::parse_form;
use preflight::signing::{oauth1_sign, oauth1_sign_for_step, Entropy, FlowStep, Oauth1Request};
use serde_json::json;
use std::io::Read;
use std::time::{SystemTime, UNIX_EPOCH};

const AFTER_HELP: &str = concat!(
    "\
Secrets are never taken from the command line and never printed. They come from:
  PREFLIGHT_CONSUMER_SECRET   the consumer secret (API secret key), always needed
  PREFLIGHT_TOKEN_SECRET      the token secret, needed with --token (and refused without it)
or, with --secret-stdin, from standard input (the environment variables are then ignored):
  line 1: the consumer secret
  line 2: the token secret (only with --token)
The consumer key comes from --consumer-key or PREFLIGHT_CONSUMER_KEY.

--param values and --form-body are plain form parameters (a JSON body is never signed: leave it
out). Parameter names starting with oauth_ are refused: protocol parameters travel only in the
Authorization header. --nonce and --timestamp go together (for reproducible signatures);
without them a nonce is made of 32 bytes from /dev/urandom and the timestamp is the clock's.

--step checks Document A's rules for that step before signing: request_token needs --callback
(an absolute URL or oob) and no --token; authorize/authenticate never take --callback;
access_token needs --token and --verifier; every step needs an https URL and the step's method.

",
    exit_status!("0 signed; 2 usage error, missing or empty secret, or a request that is refused")
);

/// The environment variable the consumer key is read from when `--consumer-key` is not given.
const CONSUMER_KEY_ENV: &str = "PREFLIGHT_CONSUMER_KEY";
/// Where the random bytes of a generated nonce come from.
const RANDOM_SOURCE: &str = "/dev/urandom";
/// Random bytes per generated nonce (the core turns them into 64 hex digits).
const NONCE_RANDOM_BYTES: usize = 32;
/// Secret lines `--secret-stdin` may hold: consumer secret, token secret.
const MAX_SECRET_LINES: usize = 2;

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The HTTP method (uppercased for the base string).
    #[arg(long, value_name = "METHOD")]
    method: String,
    /// The request URL, with its query (its parameters are signed too).
    #[arg(long, value_name = "URL")]
    url: String,
    /// A further query or form parameter, plain (not percent-encoded): NAME=VALUE. Repeatable.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// An application/x-www-form-urlencoded body file whose parameters are signed (`-` reads
    /// standard input, not with --secret-stdin). Used byte for byte.
    #[arg(long, value_name = "FILE")]
    form_body: Option<String>,
    /// oauth_consumer_key (default: PREFLIGHT_CONSUMER_KEY).
    #[arg(long, value_name = "KEY")]
    consumer_key: Option<String>,
    /// oauth_token (request token or access token); its secret comes from
    /// PREFLIGHT_TOKEN_SECRET or line 2 of --secret-stdin.
    #[arg(long, value_name = "TOKEN")]
    token: Option<String>,
    /// A fixed oauth_nonce (ASCII), for reproducible signatures; needs --timestamp.
    #[arg(long, value_name = "NONCE", requires = "timestamp")]
    nonce: Option<String>,
    /// A fixed oauth_timestamp (Unix seconds), for reproducible signatures; needs --nonce.
    #[arg(long, value_name = "SECONDS", requires = "nonce")]
    timestamp: Option<u64>,
    /// Check Document A's rules for this flow step before signing.
    #[arg(long, value_name = "STEP", value_parser = parse_step)]
    step: Option<FlowStep>,
    /// oauth_callback (request_token): an absolute URL or `oob`.
    #[arg(long, value_name = "URL")]
    callback: Option<String>,
    /// oauth_verifier (access_token): the value from the callback, or the PIN.
    #[arg(long, value_name = "VERIFIER")]
    verifier: Option<String>,
    /// Read the secrets from standard input (line 1 consumer secret, line 2 token secret)
    /// instead of the environment.
    #[arg(long)]
    secret_stdin: bool,
    /// Print JSON: {"signature", "base_string", "authorization_header", "nonce", "timestamp"}.
    #[arg(long)]
    json: bool,
}

fn parse_step(s: &str) -> Result<FlowStep, String> {
    s.parse::<FlowStep>().map_err(|e| e.message())
}

pub fn run(args: &Args) -> u8 {
    match sign(args) {
        Ok(signed) => {
            if args.json {
                out!(
                    "{}",
                    json!({
                        "signature": signed.signature,
                        "base_string": signed.base_string,
                        "authorization_header": signed.authorization_header,
                        "nonce": signed.nonce,
                        "timestamp": signed.timestamp,
                    })
                );
            } else {
                out!("signature: {}", signed.signature);
                out!("base string: {}", signed.base_string);
                out!("Authorization: {}", signed.authorization_header);
                out!("nonce: {}", signed.nonce);
                out!("timestamp: {}", signed.timestamp);
            }
            EXIT_OK
        }
        Err(e) => {
            eprintln!("preflight: oauth1: {e}");
            EXIT_USAGE
        }
    }
}

fn sign(args: &Args) -> Result<preflight::signing::Oauth1Signature, String> {
    if args.secret_stdin && args.form_body.as_deref() == Some("-") {
        return Err(String::from(
            "--secret-stdin reads the secrets from standard input, so --form-body must be a file",
        ));
    }
    let (consumer_secret, token_secret) = read_secrets(args)?;
    let consumer_key = match &args.consumer_key {
        Some(k) => k.clone(),
        None => std::env::var(CONSUMER_KEY_ENV).map_err(|_| {
            format!("no consumer key: pass --consumer-key or set {CONSUMER_KEY_ENV}")
        })?,
    };
    let mut params = Vec::with_capacity(args.params.len());
    for (i, p) in args.params.iter().enumerate() {
        match p.split_once('=') {
            Some((name, value)) if !name.is_empty() => {
                params.push((name.to_string(), value.to_string()))
            }
            _ => {
                return Err(format!(
                    "--param number {} must be NAME=VALUE with a non-empty NAME",
                    i + 1
                ))
            }
        }
    }
    if let Some(path) = &args.form_body {
        params.extend(read_form_body(path)?);
    }
    let req = {
        let mut request = Oauth1Request::new(
            args.method.clone(),
            args.url.clone(),
            consumer_key,
            consumer_secret.expose().to_string(),
        );
        request.params = params;
        request.token = args.token.clone();
        request.token_secret = token_secret.map(|s| s.expose().to_string());
        request.nonce = args.nonce.clone();
        request.timestamp = args.timestamp;
        request.callback = args.callback.clone();
        request.verifier = args.verifier.clone();
        request
    };
    let entropy = if args.nonce.is_some() && args.timestamp.is_some() {
        None
    } else {
        Some(entropy()?)
    };
    let signed = match args.step {
        Some(step) => oauth1_sign_for_step(step, &req, entropy.as_ref()),
        None => oauth1_sign(&req, entropy.as_ref()),
    };
    signed.map_err(|e| e.to_string())
}

/// The consumer secret (required, non-empty) and the token secret (required and non-empty with
/// `--token`, refused without it).
fn read_secrets(args: &Args) -> Result<(Secret, Option<Secret>), String> {
    let (consumer, token, token_source) = if args.secret_stdin {
        let mut lines = secrets::from_stdin(MAX_SECRET_LINES)?.into_iter();
        (lines.next(), lines.next(), "line 2 of standard input")
    } else {
        (
            secrets::from_env(CONSUMER_SECRET_ENV)?,
            secrets::from_env(TOKEN_SECRET_ENV)?,
            TOKEN_SECRET_ENV,
        )
    };
    let consumer = secrets::require_consumer_secret(consumer, args.secret_stdin)?;
    let token = match (&args.token, token) {
        (Some(_), None) => {
            return Err(format!(
                "--token needs its token secret: set {TOKEN_SECRET_ENV}, or pass --secret-stdin \
                 and write it on line 2 of standard input"
            ))
        }
        (Some(_), Some(s)) if s.is_empty() => {
            return Err(format!("the token secret ({token_source}) is empty"))
        }
        (None, Some(s)) if !s.is_empty() => {
            return Err(format!(
                "a token secret is given ({token_source}) but no --token; a request without a \
                 token is signed without a token secret (unset it, or pass --token)"
            ))
        }
        (Some(_), s) => s,
        (None, _) => None,
    };
    Ok((consumer, token))
}

/// The form body's parameters, decoded. A body that looks like JSON is refused: JSON bodies are
/// never signature parameters.
fn read_form_body(path: &str) -> Result<Vec<(String, String)>, String> {
    let bytes = read_input(Some(path))?;
    let text =
        String::from_utf8(bytes).map_err(|_| String::from("the form body is not valid UTF-8"))?;
    if text.trim_start().starts_with(['{', '[']) {
        return Err(String::from(
            "the form body looks like JSON; a JSON body is not signed (leave --form-body out)",
        ));
    }
    parse_form(&text).map_err(|e| format!("the form body: {e}"))
}

/// 32 bytes from the operating system's generator and the current Unix time.
fn entropy() -> Result<Entropy, String> {
    let mut random = [0u8; NONCE_RANDOM_BYTES];
    std::fs::File::open(RANDOM_SOURCE)
        .and_then(|mut f| f.read_exact(&mut random))
        .map_err(|e| format!("cannot read random bytes from {RANDOM_SOURCE}: {e}"))?;
    let now_unix = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_err(|_| String::from("the system clock is before 1970"))?
        .as_secs();
    Ok(Entropy { random, now_unix })
}
