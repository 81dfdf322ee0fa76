//! The signing commands of the `preflight` command line (`crc`, `verify`, `oauth1`), run as a
//! user runs them, with the secrets in the environment or on standard input. Expected values come
//! from signing.md's public vectors and the Twitter developer documentation ("Creating a
//! signature"), never from this crate.

mod common;
// The binary with the PREFLIGHT_* variables removed, then `env` set, `stdin` written.
use common::preflight_env as run;
use common::{stderr, stdout, CONSUMER_SECRET_ENV, TOKEN_SECRET_ENV};
use std::path::PathBuf;
use std::process::Output;

const EXIT_OK: i32 = 0;
const EXIT_INVALID: i32 = 1;
const EXIT_USAGE: i32 = 2;

// signing.md "Public vectors".
const CRC_SECRET: &str = "z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu";
const CRC_TOKEN: &str = "9b4507b3-9040-4669-9ca3-6b94edb50553";
const CRC_EXPECTED: &str = "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8=";
const EV_SECRET: &str = "test";
const EV_FORM_BODY: &[u8] = b"test=1&other_test=2";
const EV_FORM_SIG: &str = "sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc=";
const EV_JSON_BODY: &[u8] = br#"{"test_number":1,"test_string":"two"}"#;
const EV_JSON_SIG: &str = "sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=";

// Twitter developer documentation, "Creating a signature".
const TW_URL: &str = "https://api.twitter.com/1.1/statuses/update.json?include_entities=true";
const TW_STATUS: &str = "Hello Ladies + Gentlemen, a signed OAuth request!";
const TW_CONSUMER_KEY: &str = "xvz1evFS4wEEPTGEFPHBog";
const TW_CONSUMER_SECRET: &str = "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw";
const TW_TOKEN: &str = "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb";
const TW_TOKEN_SECRET: &str = "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE";
const TW_NONCE: &str = "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg";
const TW_TIMESTAMP: &str = "1318622958";
const TW_SIGNATURE: &str = "hCtSmYh+iHYCEqBWrE7C7hYmtUk=";
const TW_BASE_STRING: &str = concat!(
    "POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities",
    "%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFab",
    "xSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp",
    "%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
    "%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520",
    "a%2520signed%2520OAuth%2520request%2521"
);
const TW_HEADER: &str = concat!(
    "OAuth oauth_consumer_key=\"xvz1evFS4wEEPTGEFPHBog\", ",
    "oauth_nonce=\"kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg\", ",
    "oauth_signature=\"hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D\", ",
    "oauth_signature_method=\"HMAC-SHA1\", oauth_timestamp=\"1318622958\", ",
    "oauth_token=\"370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb\", ",
    "oauth_version=\"1.0\""
);

/// Environment variables to set for one run.
type Env<'a> = &'a [(&'a str, &'a str)];

// Marker secrets: no output or error may contain them.
const MARK_CONSUMER: &str = "MARKcs7Qx2ConsumerSecretZ9";
const MARK_TOKEN: &str = "MARKts4Kp8TokenSecretW3";

fn describe(o: &Output) -> String {
    format!(
        "status {:?}\nstdout: {}\nstderr: {}",
        o.status.code(),
        stdout(o),
        stderr(o)
    )
}

/// A file under the system temporary directory, unique to this test process and `name`,
/// removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn path(&self) -> String {
        self.0.to_string_lossy().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp_file(name: &str, content: &[u8]) -> TempFile {
    let path = std::env::temp_dir().join(format!(
        "preflight-cli-signing-{}-{name}",
        std::process::id()
    ));
    std::fs::write(&path, content).expect("write temp file");
    TempFile(path)
}

fn assert_no_secret(o: &Output, secrets: &[&str], what: &str) {
    let (out, err) = (stdout(o), stderr(o));
    for s in secrets {
        assert!(
            !out.contains(s) && !err.contains(s),
            "{what}: a secret appears in the output\n{}",
            describe(o)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// crc
// ---------------------------------------------------------------------------------------------

#[test]
fn crc_answers_the_spec_vector() {
    let env = [(CONSUMER_SECRET_ENV, CRC_SECRET)];
    let o = run(&["crc", "--token", CRC_TOKEN], &env, b"");
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    assert_eq!(
        stdout(&o).trim_end(),
        format!("{{\"response_token\":\"{CRC_EXPECTED}\"}}")
    );
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON answer");
    assert_eq!(json["response_token"], CRC_EXPECTED);
    assert_no_secret(&o, &[CRC_SECRET], "crc --token");

    let o = run(&["crc", "--token", CRC_TOKEN, "--token-only"], &env, b"");
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    assert_eq!(stdout(&o).trim_end(), CRC_EXPECTED);

    // From the raw query string, with or without `?`, among other parameters.
    for q in [
        format!("crc_token={CRC_TOKEN}"),
        format!("?crc_token={CRC_TOKEN}&nonce=abc"),
        format!("nonce=abc&crc_token={}", CRC_TOKEN.replace('-', "%2D")),
    ] {
        let o = run(&["crc", "--query", &q, "--token-only"], &env, b"");
        assert_eq!(o.status.code(), Some(EXIT_OK), "{q}: {}", describe(&o));
        assert_eq!(stdout(&o).trim_end(), CRC_EXPECTED, "{q}");
    }
}

#[test]
fn crc_takes_the_secret_from_stdin() {
    for stdin in [
        format!("{CRC_SECRET}\n"),
        format!("{CRC_SECRET}\r\n"),
        CRC_SECRET.to_string(),
    ] {
        let o = run(
            &[
                "crc",
                "--token",
                CRC_TOKEN,
                "--token-only",
                "--secret-stdin",
            ],
            &[],
            stdin.as_bytes(),
        );
        assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
        assert_eq!(stdout(&o).trim_end(), CRC_EXPECTED);
        assert_no_secret(&o, &[CRC_SECRET], "crc --secret-stdin");
    }
    // --secret-stdin ignores the environment.
    let o = run(
        &[
            "crc",
            "--token",
            CRC_TOKEN,
            "--token-only",
            "--secret-stdin",
        ],
        &[(CONSUMER_SECRET_ENV, MARK_CONSUMER)],
        format!("{CRC_SECRET}\n").as_bytes(),
    );
    assert_eq!(stdout(&o).trim_end(), CRC_EXPECTED);
}

#[test]
fn crc_refuses_tokens_of_the_wrong_shape() {
    let env = [(CONSUMER_SECRET_ENV, MARK_CONSUMER)];
    let too_long = "Q".repeat(129);
    for (token, hint) in [
        ("shortTOKEN", "at least 16"),
        (
            "forged.event.body.with.dots",
            "outside the allowed alphabet",
        ),
        (
            r#"{"forged":"event","body":1}"#,
            "outside the allowed alphabet",
        ),
        ("WITH SPACES INSIDE TOKEN", "outside the allowed alphabet"),
        (too_long.as_str(), "at most 128"),
    ] {
        let o = run(&["crc", "--token", token], &env, b"");
        assert_eq!(
            o.status.code(),
            Some(EXIT_USAGE),
            "{token}: {}",
            describe(&o)
        );
        assert!(o.stdout.is_empty(), "{token}: nothing is answered");
        let err = stderr(&o);
        assert!(
            err.contains("crc_token") && err.contains("refused"),
            "{err}"
        );
        assert!(err.contains(hint), "{token}: {err}");
        assert!(!err.contains(token), "the token is not echoed: {err}");
        assert_no_secret(&o, &[MARK_CONSUMER], "crc bad token");
    }
    // Missing or repeated crc_token in the query (a receiver answers 400).
    for q in [
        "nonce=1".to_string(),
        format!("crc_token={CRC_TOKEN}&crc_token={CRC_TOKEN}"),
        String::new(),
    ] {
        let o = run(&["crc", "--query", &q], &env, b"");
        assert_eq!(o.status.code(), Some(EXIT_USAGE), "{q}: {}", describe(&o));
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains("crc_token"), "{}", describe(&o));
    }
}

#[test]
fn crc_checks_the_signed_query_before_answering() {
    let env = [(CONSUMER_SECRET_ENV, EV_SECRET)];
    // A signed CRC GET (the signature made with the library, as the platform would).
    let query = format!("crc_token={CRC_TOKEN}&nonce=n1");
    let sig = preflight::signing::sign_body(EV_SECRET.as_bytes(), query.as_bytes())
        .expect("sign the query");
    let with_q = format!("?{query}");
    let o = run(
        &["crc", "--query", &with_q, "--query-signature", &sig],
        &env,
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    assert!(stdout(&o).contains("response_token"));
    let tampered = format!("crc_token={CRC_TOKEN}&nonce=n2");
    let o = run(
        &["crc", "--query", &tampered, "--query-signature", &sig],
        &env,
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
    assert!(!stdout(&o).contains("response_token"), "no answer is given");
    // signing.md's form-body vector doubles as a signed query string: same HMAC, same key.
    let q = "test=1&other_test=2";
    let o = run(
        &["crc", "--query", q, "--query-signature", EV_FORM_SIG],
        &env,
        b"",
    );
    // Verified, but the query has no crc_token: refused as usage.
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
    assert!(stderr(&o).contains("no crc_token"));
    let o = run(
        &[
            "crc",
            "--query",
            "test=1&other_test=3",
            "--query-signature",
            EV_FORM_SIG,
        ],
        &env,
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
    assert!(!stdout(&o).contains("response_token"), "no answer is given");
}

#[test]
fn crc_without_a_secret_is_a_usage_error() {
    let o = run(&["crc", "--token", CRC_TOKEN], &[], b"");
    assert_eq!(o.status.code(), Some(EXIT_USAGE));
    assert!(stderr(&o).contains(CONSUMER_SECRET_ENV), "{}", describe(&o));
    let o = run(
        &["crc", "--token", CRC_TOKEN],
        &[(CONSUMER_SECRET_ENV, "")],
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_USAGE));
    assert!(stderr(&o).contains("empty"), "{}", describe(&o));
    for stdin in [&b"\n"[..], &b""[..]] {
        let o = run(&["crc", "--token", CRC_TOKEN, "--secret-stdin"], &[], stdin);
        assert_eq!(o.status.code(), Some(EXIT_USAGE));
        assert!(stderr(&o).contains("line 1"), "{}", describe(&o));
    }
    // One secret is expected: a second line would leave the order in doubt.
    let two = format!("{MARK_CONSUMER}\n{MARK_TOKEN}\n");
    let o = run(
        &["crc", "--token", CRC_TOKEN, "--secret-stdin"],
        &[],
        two.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
    assert!(stderr(&o).contains("lines"), "{}", describe(&o));
    assert!(o.stdout.is_empty());
    assert_no_secret(&o, &[MARK_CONSUMER, MARK_TOKEN], "crc two stdin lines");
}

// ---------------------------------------------------------------------------------------------
// verify
// ---------------------------------------------------------------------------------------------

#[test]
fn verify_accepts_the_spec_vectors_from_a_file_and_from_stdin() {
    let env = [(CONSUMER_SECRET_ENV, EV_SECRET)];
    for (name, body, sig) in [
        ("form.txt", EV_FORM_BODY, EV_FORM_SIG),
        ("event.json", EV_JSON_BODY, EV_JSON_SIG),
    ] {
        let body_file = temp_file(name, body);
        let file = body_file.path();
        let o = run(&["verify", &file, "--signature", sig], &env, b"");
        assert_eq!(o.status.code(), Some(EXIT_OK), "{name}: {}", describe(&o));
        assert!(stdout(&o).starts_with("verified"));
        let o = run(&["verify", "--signature", sig], &env, body);
        assert_eq!(
            o.status.code(),
            Some(EXIT_OK),
            "{name} stdin: {}",
            describe(&o)
        );
        let o = run(&["verify", "-", "--signature", sig, "--json"], &env, body);
        assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
        let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        assert_eq!(json["verified"], true);
        assert_eq!(json["header"], "x-service-webhooks-signature");
    }
    // Crossed: each signature belongs to its own body only.
    let o = run(&["verify", "--signature", EV_JSON_SIG], &env, EV_FORM_BODY);
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
}

#[test]
fn verify_refuses_tampered_bodies_and_malformed_signatures() {
    let env = [(CONSUMER_SECRET_ENV, EV_SECRET)];
    // Tampered bodies: one byte changed, re-serialized JSON, a trailing newline.
    for body in [
        &br#"{"test_number":2,"test_string":"two"}"#[..],
        &br#"{"test_number": 1, "test_string": "two"}"#[..],
        &b"{\"test_number\":1,\"test_string\":\"two\"}\n"[..],
        &b""[..],
    ] {
        let o = run(&["verify", "--signature", EV_JSON_SIG], &env, body);
        assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
        assert!(stdout(&o).starts_with("not verified"), "{}", describe(&o));
    }
    // Malformed signatures, each "not verified" (fail closed), with its reason.
    let no_padding = "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8";
    let thirty_three = "sha256=Cytd4Sq+NvEcV3MMrXxWJGJx5A+y/lXzzU2Maartkx8A";
    let thirty_one = "sha256=JbB7yJsH6Y3lEMK5MB3GAc7hZIL4kk/1cgDsq0GzGw==";
    for (sig, code) in [
        ("", "empty_signature_header"),
        ("sha256=", "signature_base64"),
        ("sha256=not base64!", "signature_base64"),
        (no_padding, "signature_base64"),
        (thirty_three, "signature_length"),
        (thirty_one, "signature_length"),
        (
            "SHA256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=",
            "signature_prefix",
        ),
        (
            "YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=",
            "signature_prefix",
        ),
        (
            " sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=",
            "signature_prefix",
        ),
        (
            "sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=,sha256=x",
            "signature_base64",
        ),
    ] {
        let o = run(
            &["verify", "--signature", sig, "--json"],
            &env,
            EV_JSON_BODY,
        );
        assert_eq!(
            o.status.code(),
            Some(EXIT_INVALID),
            "{sig:?}: {}",
            describe(&o)
        );
        let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        assert_eq!(json["verified"], false, "{sig:?}");
        assert_eq!(json["code"], code, "{sig:?}");
    }
    // The wrong secret.
    let o = run(
        &["verify", "--signature", EV_JSON_SIG],
        &[(CONSUMER_SECRET_ENV, "tesT")],
        EV_JSON_BODY,
    );
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
}

#[test]
fn verify_reads_the_named_header_from_a_header_block() {
    let env = [(CONSUMER_SECRET_ENV, EV_SECRET)];
    let body_file = temp_file("hb-body.json", EV_JSON_BODY);
    let body = body_file.path();
    let block = format!(
        "POST /webhooks HTTP/1.1\r\nHost: receiver.example\r\nContent-Type: application/json\r\n\
         X-Service-Webhooks-Signature: {EV_JSON_SIG}\r\nX-Other-Signature: {EV_FORM_SIG}\r\n\r\n"
    );
    let headers_file = temp_file("hb-headers.txt", block.as_bytes());
    let headers = headers_file.path();
    let o = run(&["verify", &body, "--headers", &headers], &env, b"");
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    // Another header name: that header's value is checked (here it belongs to another body).
    let o = run(
        &[
            "verify",
            &body,
            "--headers",
            &headers,
            "--header-name",
            "x-other-signature",
        ],
        &env,
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
    // A header that is absent, or repeated, is not verified.
    let o = run(
        &[
            "verify",
            &body,
            "--headers",
            &headers,
            "--header-name",
            "x-missing",
        ],
        &env,
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
    assert!(stdout(&o).contains("missing_signature_header"));
    let twice = format!(
        "x-service-webhooks-signature: {EV_JSON_SIG}\nX-SERVICE-WEBHOOKS-SIGNATURE: {EV_JSON_SIG}\n"
    );
    let headers2_file = temp_file("hb-twice.txt", twice.as_bytes());
    let headers2 = headers2_file.path();
    let o = run(&["verify", &body, "--headers", &headers2], &env, b"");
    assert_eq!(o.status.code(), Some(EXIT_INVALID), "{}", describe(&o));
    assert!(stdout(&o).contains("duplicate_signature_header"));
    // A malformed header block cannot be judged: usage.
    let folded = format!("x-service-webhooks-signature: {EV_JSON_SIG}\n continued\n");
    let headers3_file = temp_file("hb-folded.txt", folded.as_bytes());
    let headers3 = headers3_file.path();
    let o = run(&["verify", &body, "--headers", &headers3], &env, b"");
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
}

#[test]
fn verify_usage_errors_exit_2() {
    let env = [(CONSUMER_SECRET_ENV, EV_SECRET)];
    let body_file = temp_file("usage-body.json", EV_JSON_BODY);
    let body = body_file.path();
    // The body and the secret cannot both come from standard input.
    let o = run(
        &["verify", "--signature", EV_JSON_SIG, "--secret-stdin"],
        &[],
        b"test\n",
    );
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
    assert!(
        stderr(&o).contains("standard input") && stderr(&o).contains("BODY_FILE"),
        "{}",
        describe(&o)
    );
    // With the body in a file, the secret may come from stdin.
    let o = run(
        &[
            "verify",
            &body,
            "--signature",
            EV_JSON_SIG,
            "--secret-stdin",
        ],
        &[],
        b"test\n",
    );
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    // No secret, an empty secret, no signature, an unreadable body, a bad header name.
    for (args, env) in [
        (vec!["verify", &body, "--signature", EV_JSON_SIG], vec![]),
        (
            vec!["verify", &body, "--signature", EV_JSON_SIG],
            vec![(CONSUMER_SECRET_ENV, "")],
        ),
        (vec!["verify", &body], env.to_vec()),
        (
            vec!["verify", "/no/such/body.json", "--signature", EV_JSON_SIG],
            env.to_vec(),
        ),
        (
            vec![
                "verify",
                &body,
                "--signature",
                EV_JSON_SIG,
                "--header-name",
                "a b",
            ],
            env.to_vec(),
        ),
        (
            vec![
                "verify",
                &body,
                "--signature",
                "x",
                "--headers",
                "/dev/null",
            ],
            env.to_vec(),
        ),
    ] {
        let o = run(&args, &env, b"");
        assert_eq!(
            o.status.code(),
            Some(EXIT_USAGE),
            "{args:?}: {}",
            describe(&o)
        );
        assert!(!stderr(&o).is_empty());
        assert!(o.stdout.is_empty(), "{args:?}: no verdict is printed");
    }
}

// ---------------------------------------------------------------------------------------------
// oauth1
// ---------------------------------------------------------------------------------------------

fn twitter_env() -> Vec<(&'static str, &'static str)> {
    vec![
        (CONSUMER_SECRET_ENV, TW_CONSUMER_SECRET),
        (TOKEN_SECRET_ENV, TW_TOKEN_SECRET),
    ]
}

fn twitter_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "oauth1",
        "--method",
        "post",
        "--url",
        TW_URL,
        "--consumer-key",
        TW_CONSUMER_KEY,
        "--token",
        TW_TOKEN,
        "--nonce",
        TW_NONCE,
        "--timestamp",
        TW_TIMESTAMP,
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn oauth1_signs_the_twitter_docs_example() {
    let param = format!("status={TW_STATUS}");
    let o = run(&twitter_args(&["--param", &param]), &twitter_env(), b"");
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("signature: {TW_SIGNATURE}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("base string: {TW_BASE_STRING}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("Authorization: {TW_HEADER}\n")),
        "{out}"
    );
    assert_no_secret(&o, &[TW_CONSUMER_SECRET, TW_TOKEN_SECRET], "oauth1 human");

    let o = run(
        &twitter_args(&["--param", &param, "--json"]),
        &twitter_env(),
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(json["signature"], TW_SIGNATURE);
    assert_eq!(json["base_string"], TW_BASE_STRING);
    assert_eq!(json["authorization_header"], TW_HEADER);
    assert_eq!(json["nonce"], TW_NONCE);
    assert_eq!(json["timestamp"], 1318622958);
    assert_no_secret(&o, &[TW_CONSUMER_SECRET, TW_TOKEN_SECRET], "oauth1 json");
}

#[test]
fn oauth1_takes_the_body_from_a_form_file_and_secrets_from_stdin() {
    // The docs' body as sent: `status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20...`.
    let form_file = temp_file(
        "tw-form.txt",
        b"status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21",
    );
    let form = form_file.path();
    let o = run(
        &twitter_args(&["--form-body", &form, "--json"]),
        &twitter_env(),
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(json["signature"], TW_SIGNATURE);

    let stdin = format!("{TW_CONSUMER_SECRET}\n{TW_TOKEN_SECRET}\n");
    let o = run(
        &twitter_args(&["--form-body", &form, "--json", "--secret-stdin"]),
        &[],
        stdin.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(json["signature"], TW_SIGNATURE);
    assert_no_secret(&o, &[TW_CONSUMER_SECRET, TW_TOKEN_SECRET], "oauth1 stdin");

    // A JSON body is never a signature parameter.
    let json_body_file = temp_file("tw-body.json", br#"{"text":"hi"}"#);
    let json_body = json_body_file.path();
    let o = run(
        &twitter_args(&["--form-body", &json_body]),
        &twitter_env(),
        b"",
    );
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
    assert!(stderr(&o).contains("JSON"));
}

#[test]
fn oauth1_generates_a_nonce_and_timestamp_when_not_given() {
    let env = [(CONSUMER_SECRET_ENV, MARK_CONSUMER)];
    let args = [
        "oauth1",
        "--method",
        "POST",
        "--url",
        "https://api.example.com/oauth/request_token",
        "--consumer-key",
        "ck",
        "--step",
        "request_token",
        "--callback",
        "oob",
        "--json",
    ];
    let a = run(&args, &env, b"");
    let b = run(&args, &env, b"");
    assert_eq!(a.status.code(), Some(EXIT_OK), "{}", describe(&a));
    let ja: serde_json::Value = serde_json::from_str(stdout(&a).trim()).expect("JSON");
    let jb: serde_json::Value = serde_json::from_str(stdout(&b).trim()).expect("JSON");
    let nonce = ja["nonce"].as_str().unwrap_or("");
    assert_eq!(nonce.len(), 64);
    assert!(nonce
        .bytes()
        .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)));
    assert_ne!(ja["nonce"], jb["nonce"], "a fresh nonce every time");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let ts = ja["timestamp"].as_u64().unwrap_or(0);
    assert!(ts.abs_diff(now) < 300, "timestamp {ts} vs now {now}");
    assert!(ja["authorization_header"]
        .as_str()
        .unwrap_or("")
        .contains("oauth_callback=\"oob\""));
    assert_no_secret(&a, &[MARK_CONSUMER], "oauth1 generated nonce");
}

#[test]
fn oauth1_refusals_exit_2_with_a_clear_message() {
    let env = [
        (CONSUMER_SECRET_ENV, MARK_CONSUMER),
        (TOKEN_SECRET_ENV, MARK_TOKEN),
    ];
    let only_consumer = [(CONSUMER_SECRET_ENV, MARK_CONSUMER)];
    let base = |url: &'static str, method: &'static str| {
        vec![
            "oauth1",
            "--method",
            method,
            "--url",
            url,
            "--consumer-key",
            "ck",
        ]
    };
    let rt = "https://api.example.com/oauth/request_token";
    let at = "https://api.example.com/oauth/access_token";
    let cases: Vec<(Vec<&str>, Env, &str)> = vec![
        // Document A's flow rules.
        (
            [base(rt, "POST"), vec!["--step", "request_token"]].concat(),
            &only_consumer,
            "oauth_callback",
        ),
        (
            [
                base(rt, "POST"),
                vec!["--step", "request_token", "--callback", "not a url"],
            ]
            .concat(),
            &only_consumer,
            "oauth_callback",
        ),
        (
            [
                base(at, "POST"),
                vec!["--step", "access_token", "--token", "rt"],
            ]
            .concat(),
            &env,
            "oauth_verifier",
        ),
        (
            [
                base("https://api.example.com/oauth/authorize", "GET"),
                vec!["--step", "authorize", "--token", "rt", "--callback", "oob"],
            ]
            .concat(),
            &env,
            "never be sent",
        ),
        (
            [
                base("http://api.example.com/oauth/request_token", "POST"),
                vec!["--step", "request_token", "--callback", "oob"],
            ]
            .concat(),
            &only_consumer,
            "https",
        ),
        (
            [
                base(rt, "GET"),
                vec!["--step", "request_token", "--callback", "oob"],
            ]
            .concat(),
            &only_consumer,
            "POST",
        ),
        // Secrets that do not fit the request.
        (
            [base(at, "POST"), vec!["--token", "rt"]].concat(),
            &only_consumer,
            TOKEN_SECRET_ENV,
        ),
        (base(rt, "POST"), &env, "no --token"),
        (
            [base(at, "POST"), vec!["--token", "rt"]].concat(),
            &[(CONSUMER_SECRET_ENV, MARK_CONSUMER), (TOKEN_SECRET_ENV, "")],
            "empty",
        ),
        (base(rt, "POST"), &[], CONSUMER_SECRET_ENV),
        // Inputs the core refuses.
        (
            [base(rt, "POST"), vec!["--param", "oauth_callback=oob"]].concat(),
            &only_consumer,
            "oauth_",
        ),
        (
            [base(rt, "POST"), vec!["--param", "no-equals-sign"]].concat(),
            &only_consumer,
            "NAME=VALUE",
        ),
        (
            [
                base(rt, "POST"),
                vec!["--nonce", "n\u{e9}", "--timestamp", "1"],
            ]
            .concat(),
            &only_consumer,
            "ASCII",
        ),
        (
            [base(rt, "POST"), vec!["--nonce", "n", "--timestamp", "0"]].concat(),
            &only_consumer,
            "timestamp",
        ),
        // Milliseconds (Date.now(), `date +%s%3N`) where seconds belong.
        (
            [
                base(rt, "POST"),
                vec!["--nonce", "n", "--timestamp", "1795800000000"],
            ]
            .concat(),
            &only_consumer,
            "can only be milliseconds",
        ),
        (
            base("https://user:pw@api.example.com/x", "POST"),
            &only_consumer,
            "user information",
        ),
        (
            vec!["oauth1", "--method", "POST", "--url", rt],
            &only_consumer,
            "consumer key",
        ),
        (
            [base(rt, "POST"), vec!["--nonce", "n"]].concat(),
            &only_consumer,
            "--timestamp",
        ),
        (
            [base(rt, "POST"), vec!["--step", "login"]].concat(),
            &only_consumer,
            "flow step",
        ),
    ];
    for (args, env, hint) in cases {
        let o = run(&args, env, b"");
        assert_eq!(
            o.status.code(),
            Some(EXIT_USAGE),
            "{args:?}: {}",
            describe(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}: nothing is signed");
        assert!(
            stderr(&o).contains(hint),
            "{args:?}: wants {hint:?}: {}",
            describe(&o)
        );
        assert_no_secret(&o, &[MARK_CONSUMER, MARK_TOKEN], "oauth1 refusal");
    }
}

#[test]
fn oauth1_secret_stdin_lines() {
    let args = [
        "oauth1",
        "--method",
        "GET",
        "--url",
        "https://api.example.com/1.1/x",
        "--consumer-key",
        "ck",
        "--token",
        "at",
        "--secret-stdin",
    ];
    let ok = format!("{MARK_CONSUMER}\n{MARK_TOKEN}\n");
    let o = run(&args, &[], ok.as_bytes());
    assert_eq!(o.status.code(), Some(EXIT_OK), "{}", describe(&o));
    assert_no_secret(&o, &[MARK_CONSUMER, MARK_TOKEN], "oauth1 stdin ok");
    for stdin in [
        format!("{MARK_CONSUMER}\n"),
        format!("{MARK_CONSUMER}\n\n"),
        format!("{MARK_CONSUMER}\n{MARK_TOKEN}\nthird\n"),
        String::new(),
    ] {
        let o = run(&args, &[], stdin.as_bytes());
        assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
        assert!(o.stdout.is_empty());
        assert_no_secret(&o, &[MARK_CONSUMER, MARK_TOKEN], "oauth1 stdin refused");
    }
    // The form body cannot come from stdin too.
    let mut with_form = args.to_vec();
    with_form.extend(["--form-body", "-"]);
    let o = run(&with_form, &[], ok.as_bytes());
    assert_eq!(o.status.code(), Some(EXIT_USAGE), "{}", describe(&o));
    assert!(stderr(&o).contains("--form-body"));
}

// ---------------------------------------------------------------------------------------------
// Secrets never on the command line, never in any output
// ---------------------------------------------------------------------------------------------

#[test]
fn no_flag_takes_a_secret() {
    let marker = "MARKcliSecretQ5";
    for cmd in ["crc", "verify", "oauth1"] {
        for flag in [
            "--consumer-secret",
            "--token-secret",
            "--secret",
            "--api-secret",
            "--key-secret",
            "--consumer_secret",
        ] {
            let joined = format!("{flag}={marker}");
            for args in [vec![cmd, flag, marker], vec![cmd, joined.as_str()]] {
                let o = run(&args, &[], b"");
                assert_eq!(
                    o.status.code(),
                    Some(EXIT_USAGE),
                    "{args:?}: {}",
                    describe(&o)
                );
                assert!(o.stdout.is_empty(), "{args:?}");
                assert!(!stderr(&o).contains(marker), "{args:?}: {}", describe(&o));
            }
        }
        // The help names the environment variables, and the only option about secrets is the
        // value-less --secret-stdin.
        let o = run(&[cmd, "--help"], &[], b"");
        assert_eq!(o.status.code(), Some(EXIT_OK));
        let help = stdout(&o);
        assert!(help.contains(CONSUMER_SECRET_ENV), "{cmd}: {help}");
        let mut options = 0;
        for line in help.lines().map(str::trim_start) {
            let mut words = line.split_whitespace();
            let option = words.next().unwrap_or("");
            if !option.starts_with("--") || option.ends_with(',') {
                continue;
            }
            options += 1;
            if option.to_ascii_lowercase().contains("secret") {
                assert_eq!(option, "--secret-stdin", "{cmd}: {line}");
                let value = words.next().unwrap_or("");
                assert!(
                    !value.starts_with('<'),
                    "--secret-stdin takes no value: {line}"
                );
            }
        }
        assert!(options > 0, "{cmd}: no options found in the help");
    }
    let o = run(&["oauth1", "--help"], &[], b"");
    assert!(stdout(&o).contains(TOKEN_SECRET_ENV));
}

#[test]
fn no_output_contains_a_secret() {
    let env = [
        (CONSUMER_SECRET_ENV, MARK_CONSUMER),
        (TOKEN_SECRET_ENV, MARK_TOKEN),
    ];
    let body_file = temp_file("leak-body.json", EV_JSON_BODY);
    let body = body_file.path();
    let with_consumer = [(CONSUMER_SECRET_ENV, MARK_CONSUMER)];
    let runs: Vec<(Vec<&str>, Env, Vec<u8>)> = vec![
        (vec!["crc", "--token", CRC_TOKEN], &with_consumer, vec![]),
        (
            vec!["crc", "--token", CRC_TOKEN, "--token-only"],
            &with_consumer,
            vec![],
        ),
        (vec!["crc", "--token", "bad token!"], &with_consumer, vec![]),
        (vec!["crc", "--query", "x=1"], &with_consumer, vec![]),
        (
            vec!["crc", "--token", CRC_TOKEN, "--secret-stdin"],
            &[],
            format!("{MARK_CONSUMER}\n").into_bytes(),
        ),
        (
            vec!["crc", "--token", CRC_TOKEN, "--secret-stdin"],
            &[],
            format!("{MARK_CONSUMER}\n{MARK_TOKEN}\n").into_bytes(),
        ),
        (
            vec!["verify", "--signature", EV_JSON_SIG],
            &with_consumer,
            EV_JSON_BODY.to_vec(),
        ),
        (
            vec!["verify", "--signature", EV_JSON_SIG, "--json"],
            &with_consumer,
            EV_JSON_BODY.to_vec(),
        ),
        (
            vec!["verify", "--signature", "sha256=bad"],
            &with_consumer,
            EV_JSON_BODY.to_vec(),
        ),
        (
            vec![
                "verify",
                &body,
                "--signature",
                EV_JSON_SIG,
                "--secret-stdin",
            ],
            &[],
            format!("{MARK_CONSUMER}\n").into_bytes(),
        ),
        (
            vec!["verify", "--signature", EV_JSON_SIG, "--secret-stdin"],
            &[],
            format!("{MARK_CONSUMER}\n").into_bytes(),
        ),
        (
            vec![
                "oauth1",
                "--method",
                "POST",
                "--url",
                "https://api.example.com/1.1/statuses/update.json",
                "--consumer-key",
                "ck",
                "--token",
                "at",
                "--param",
                "status=hi",
            ],
            &env,
            vec![],
        ),
        (
            vec![
                "oauth1",
                "--method",
                "POST",
                "--url",
                "https://api.example.com/x",
                "--consumer-key",
                "ck",
                "--token",
                "at",
                "--json",
            ],
            &env,
            vec![],
        ),
        (
            vec![
                "oauth1",
                "--method",
                "POST",
                "--url",
                "ftp://api.example.com/x",
                "--consumer-key",
                "ck",
                "--token",
                "at",
            ],
            &env,
            vec![],
        ),
        (
            vec![
                "oauth1",
                "--method",
                "POST",
                "--url",
                "https://api.example.com/x",
                "--consumer-key",
                "ck",
            ],
            &env,
            vec![],
        ),
    ];
    for (args, env, stdin) in runs {
        let o = run(&args, env, &stdin);
        assert_no_secret(&o, &[MARK_CONSUMER, MARK_TOKEN], &format!("{args:?}"));
    }
}
