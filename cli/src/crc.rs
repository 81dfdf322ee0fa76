//! `preflight crc (--token CRC_TOKEN | --query QUERY) [--token-only] [--query-signature SIG]
//! [--secret-stdin]`: the answer to a webhook challenge-response check (signing.md "CRC response
//! token").
//!
//! This file also holds the secret sources every signing command shares ([`secrets`]): secrets
//! come from an environment variable or from standard input, never from the command line, and
//! are never printed.

use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use preflight::signing::{
    check_crc_request_signature, crc_response_json, crc_response_token, crc_token_from_query,
    CrcTokenPolicy, CRC_TOKEN_ALLOWED_PUNCTUATION, CRC_TOKEN_MAX_LEN, CRC_TOKEN_MIN_LEN,
};

const AFTER_HELP: &str = concat!(
    "\
The consumer secret (API secret key) is read from the environment variable
PREFLIGHT_CONSUMER_SECRET, or with --secret-stdin from the first line of standard input.
It is never taken from the command line and never printed.

Only crc_token values of the platform's shape are signed: 16 to 128 characters of
A-Z a-z 0-9 + / = _ - . The CRC answer is the same HMAC as an event signature, so signing
any other text would let an attacker obtain a valid signature for a forged event body.

",
    exit_status!(
    "0 answered; 1 the --query-signature is not verified (no answer is printed); 2 usage error, \
     no secret, or a crc_token that is missing or of the wrong shape (refused)"
)
);

#[derive(clap::Args)]
#[command(
    group(clap::ArgGroup::new("source").required(true).args(["token", "query"])),
    after_help = AFTER_HELP
)]
pub struct Args {
    /// The crc_token value, exactly as received (already URL-decoded).
    #[arg(long, value_name = "CRC_TOKEN")]
    token: Option<String>,
    /// The raw query string of the CRC GET (`crc_token=...`, a leading `?` is optional); the
    /// crc_token is read from it (form-decoded); missing or repeated is refused.
    #[arg(long, value_name = "QUERY")]
    query: Option<String>,
    /// The signature the platform sent over the raw query string (`sha256=<base64>`), when it
    /// signs the CRC GET itself: verified before anything is answered.
    #[arg(long, value_name = "SIGNATURE", requires = "query")]
    query_signature: Option<String>,
    /// Print only the response token (`sha256=...`) instead of the JSON answer.
    #[arg(long)]
    token_only: bool,
    /// Read the consumer secret from the first line of standard input instead of
    /// PREFLIGHT_CONSUMER_SECRET.
    #[arg(long)]
    secret_stdin: bool,
}

pub fn run(args: &Args) -> u8 {
    let secret = match secrets::consumer_secret_only(args.secret_stdin) {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let token = match (&args.token, &args.query) {
        (Some(t), _) => t.clone(),
        (None, Some(q)) => {
            if let Some(sig) = &args.query_signature {
                let raw = q.strip_prefix('?').unwrap_or(q);
                if let Err(e) = check_crc_request_signature(secret.bytes(), raw, Some(sig)) {
                    out!("not verified: {e}");
                    eprintln!(
                        "preflight: crc: the CRC request signature is not verified; no answer is given"
                    );
                    return EXIT_INVALID;
                }
            }
            match crc_token_from_query(q) {
                Ok(t) => t,
                Err(e) => {
                    return usage(&format!("{e} (a receiver answers such a request with 400)"))
                }
            }
        }
        (None, None) => return usage("give --token or --query"),
    };
    let policy = CrcTokenPolicy::default();
    let answer = if args.token_only {
        crc_response_token(secret.bytes(), &token, &policy)
    } else {
        crc_response_json(secret.bytes(), &token, &policy)
    };
    match answer {
        Ok(a) => {
            out!("{a}");
            EXIT_OK
        }
        Err(e) => usage(&format!(
            "{e}; refused: only tokens of {CRC_TOKEN_MIN_LEN} to {CRC_TOKEN_MAX_LEN} characters of \
             A-Z a-z 0-9 {CRC_TOKEN_ALLOWED_PUNCTUATION} are signed"
        )),
    }
}

fn usage(message: &str) -> u8 {
    eprintln!("preflight: crc: {message}");
    EXIT_USAGE
}

/// Where secrets come from: an environment variable, or standard input with `--secret-stdin`
/// (one secret per line). Never the command line. No message here contains a secret's value.
pub mod secrets {
    use std::fmt;
    use std::io::Read;

    /// The consumer secret (API secret key).
    pub const CONSUMER_SECRET_ENV: &str = "PREFLIGHT_CONSUMER_SECRET";
    /// The token secret paired with `--token` (oauth1 only).
    pub const TOKEN_SECRET_ENV: &str = "PREFLIGHT_TOKEN_SECRET";
    /// Most bytes read from standard input for secrets (a few lines; more is a mistake).
    pub const MAX_SECRET_INPUT_BYTES: u64 = 64 * 1024;

    /// A secret. `Debug` does not show it; [`Secret::expose`] is the only way to read it.
    pub struct Secret(String);

    impl Secret {
        pub fn expose(&self) -> &str {
            &self.0
        }

        pub fn bytes(&self) -> &[u8] {
            self.0.as_bytes()
        }

        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
    }

    impl fmt::Debug for Secret {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("Secret([redacted])")
        }
    }

    /// The variable `name`: `None` when unset; an error (naming the variable only) when it is
    /// not UTF-8.
    pub fn from_env(name: &str) -> Result<Option<Secret>, String> {
        match std::env::var(name) {
            Ok(v) => Ok(Some(Secret(v))),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(format!("{name} is not valid UTF-8")),
        }
    }

    /// Standard input as at most `max_lines` secrets, one per line (`\n` or `\r\n`; the final
    /// line ending is optional). Trailing empty lines are ignored; a further non-empty line is an
    /// error (the order of the lines would be in doubt).
    pub fn from_stdin(max_lines: usize) -> Result<Vec<Secret>, String> {
        let mut buf = Vec::new();
        std::io::stdin()
            .take(MAX_SECRET_INPUT_BYTES + 1)
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read the secrets from standard input: {}", e.kind()))?;
        if buf.len() as u64 > MAX_SECRET_INPUT_BYTES {
            return Err(format!(
                "standard input holds more than {MAX_SECRET_INPUT_BYTES} bytes; --secret-stdin expects \
                 at most {max_lines} line(s) of secrets"
            ));
        }
        let text = String::from_utf8(buf)
            .map_err(|_| String::from("the secrets on standard input are not valid UTF-8"))?;
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.len() > max_lines {
            return Err(format!(
                "standard input holds {} lines; --secret-stdin expects at most {max_lines} here \
                 (see --help for their order)",
                lines.len()
            ));
        }
        Ok(lines.into_iter().map(|l| Secret(l.to_string())).collect())
    }

    /// A non-empty consumer secret from `--secret-stdin` (line 1) or [`CONSUMER_SECRET_ENV`].
    pub fn consumer_secret_only(secret_stdin: bool) -> Result<Secret, String> {
        let secret = if secret_stdin {
            from_stdin(1)?.into_iter().next()
        } else {
            from_env(CONSUMER_SECRET_ENV)?
        };
        require_consumer_secret(secret, secret_stdin)
    }

    /// Refuses an absent or empty consumer secret, saying where it should come from.
    pub fn require_consumer_secret(
        secret: Option<Secret>,
        secret_stdin: bool,
    ) -> Result<Secret, String> {
        let source = if secret_stdin {
            "line 1 of standard input"
        } else {
            CONSUMER_SECRET_ENV
        };
        match secret {
            None if secret_stdin => Err(String::from(
                "no consumer secret on standard input: --secret-stdin expects it on line 1",
            )),
            None => Err(format!(
                "no consumer secret: set {CONSUMER_SECRET_ENV}, or pass --secret-stdin and write it \
                 on line 1 of standard input (secrets are never taken from the command line)"
            )),
            Some(s) if s.is_empty() => Err(format!(
                "the consumer secret ({source}) is empty; nothing is signed or verified with an empty key"
            )),
            Some(s) => Ok(s),
        }
    }
}
