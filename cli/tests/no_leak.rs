//! The CLI half of tests/no_leak.rs (which holds the rule): every subcommand run with marked
//! values on standard input, in files and in the environment, on failing paths (and on
//! successful ones for the secrets); standard output and standard error searched for every form
//! of every mark (tests/no_leak/marks.rs, shared with the library half).

mod common;
#[path = "../../tests/no_leak/marks.rs"]
mod marks;

// The binary with the PREFLIGHT_* variables removed, then `env` set, `stdin` written.
use common::preflight_env as run;
use common::{CONSUMER_KEY_ENV as KEY_ENV, CONSUMER_SECRET_ENV as SECRET_ENV, TOKEN_SECRET_ENV};
use marks::{leaks, DEVICE, EMAIL, HANDLE, PARTNER, PHONE, SECRET, SERVICE, TOKEN, TOKEN_SECRET};
use std::path::PathBuf;
use std::process::Output;

/// A file in a directory of its own (removed on drop).
struct Dir(PathBuf);

impl Dir {
    fn new() -> Dir {
        let p = std::env::temp_dir().join(format!("preflight-no-leak-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("temp dir");
        Dir(p)
    }

    fn file(&self, name: &str, content: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, content).expect("write temp file");
        p.to_string_lossy().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One run's outputs; `secrets_only` for a successful run whose output carries values by
/// purpose (then only the secrets are searched).
struct Runs {
    bad: Vec<String>,
    count: usize,
}

impl Runs {
    fn check(&mut self, what: &str, o: &Output, secrets_only: bool) {
        self.count += 1;
        let text = format!(
            "{}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            o.status.code().is_some_and(|c| c <= 2),
            "{what}: status {:?}\n{text}",
            o.status
        );
        assert!(!text.contains("panicked"), "{what}: {text}");
        let found: Vec<String> = if secrets_only {
            [SECRET, TOKEN_SECRET]
                .iter()
                .filter(|s| text.contains(*s))
                .map(|s| s.to_string())
                .collect()
        } else {
            leaks(&text)
        };
        if !found.is_empty() {
            let shown: String = text.chars().take(600).collect();
            self.bad.push(format!("{what}: {found:?} in\n{shown}"));
        }
    }
}

pub fn check_every_subcommand() {
    let dir = Dir::new();
    let mut runs = Runs {
        bad: Vec::new(),
        count: 0,
    };

    // validate: marked values in the payload (stdin and file), in --context, and text that is
    // not JSON.
    let payload = format!(
        r#"{{"name":"{}","duration_in_minutes":"{SERVICE}x","first_choice":"{EMAIL}{EMAIL}","second_choice":"{PHONE}"}}"#,
        SECRET.repeat(5)
    );
    let file = dir.file("payload.json", payload.as_bytes());
    for args in [
        vec!["validate", "poll_card"],
        vec!["validate", "poll_card", "--json"],
        vec!["validate", "poll_card", file.as_str()],
        vec!["validate", "webhook_create", "--json"],
        vec!["validate", "custom_audience_users"],
    ] {
        runs.check(&args.join(" "), &run(&args, &[], payload.as_bytes()), false);
    }
    let users = format!(
        r#"[{{"operation_type":"Update","params":{{"users":[{{"email":["{EMAIL}"],"phone_number":["{PHONE}"],"handle":["{HANDLE}"],"device_id":["{DEVICE}"]}}]}}}}]"#
    );
    runs.check(
        "validate users",
        &run(
            &["validate", "custom_audience_users", "--json"],
            &[],
            users.as_bytes(),
        ),
        false,
    );
    for context in [
        format!(r#"{{"objective":"{SECRET}"}}"#),
        format!(r#"{{"current":{{"name":"{EMAIL}"}},"placements":["{PHONE}"]}}"#),
        format!(r#"{{"objective":"{SECRET}"#),
    ] {
        let o = run(
            &["validate", "line_item_update", "--context", &context],
            &[],
            b"{}",
        );
        runs.check("validate --context", &o, false);
    }
    for text in [
        format!("{{\"name\":\"{SECRET}"),
        format!("{{\"name\":\"{EMAIL}\\ud800\"}}"),
    ] {
        let o = run(&["validate", "poll_card"], &[], text.as_bytes());
        runs.check("validate not JSON", &o, false);
    }
    let mut bad_utf8 = format!("{{\"name\":\"{EMAIL}").into_bytes();
    bad_utf8.extend_from_slice(b"\xff\"}");
    runs.check(
        "validate invalid UTF-8",
        &run(&["validate", "poll_card"], &[], &bad_utf8),
        false,
    );

    // hash: rejected rows report their row and code only; accepted rows print hashes.
    let lines = [
        format!("{EMAIL}@x"),
        EMAIL.to_string(),
        format!("{PHONE}x"),
        format!("{HANDLE} {SECRET}"),
        format!("{DEVICE}Z"),
        format!("{SERVICE}a"),
        String::new(),
    ]
    .join("\n");
    for t in ["email", "phone_number", "handle", "device_id", "service_id"] {
        for extra in [
            &[][..],
            &["--prehashed"][..],
            &["--default-country-code", "44"][..],
        ] {
            let mut args = vec!["hash", t];
            args.extend_from_slice(extra);
            runs.check(&args.join(" "), &run(&args, &[], lines.as_bytes()), false);
        }
    }
    let csv = format!("id,email\n1,{EMAIL}@@\n2,\"{EMAIL}\"\n3,{SECRET}\n4,\"{PHONE},{HANDLE}\"\n");
    let csv_file = dir.file("users.csv", csv.as_bytes());
    runs.check(
        "hash --column",
        &run(&["hash", "email", "--column", "email", &csv_file], &[], b""),
        false,
    );
    runs.check(
        "hash --column 9",
        &run(&["hash", "email", "--column", "9", &csv_file], &[], b""),
        false,
    );
    // A country per row and a kept column: a country cell holding a marked value is
    // invalid_country by row number only; the kept id column holds no mark.
    let by_country = format!(
        "id,phone,country\n1,{PHONE}x,{EMAIL}\n2,{SERVICE},\"{PHONE}\"\n3,{PHONE}x,GB\n4,5\n"
    );
    let by_country_file = dir.file("countries.csv", by_country.as_bytes());
    for extra in [&[][..], &["--keep-column", "id"][..]] {
        let mut args = vec![
            "hash",
            "phone_number",
            "--column",
            "phone",
            "--country-column",
            "country",
            by_country_file.as_str(),
        ];
        args.extend_from_slice(extra);
        runs.check(&args.join(" "), &run(&args, &[], b""), false);
    }
    // --show-normalized writes the identifiers in clear by purpose (its help says so): never
    // without the flag, and never on standard error.
    let o = run(
        &["hash", "email", "--show-normalized"],
        &[],
        EMAIL.as_bytes(),
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(&EMAIL.to_lowercase()),
        "--show-normalized shows the normalized value"
    );
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(leaks(&err).is_empty(), "hash --show-normalized: {err}");
    // partner_user_id is printed verbatim by purpose: only rejected (empty) values here, and a
    // partner id must not reach standard error.
    let o = run(
        &["hash", "partner_user_id"],
        &[],
        format!("\n{PARTNER}\n").as_bytes(),
    );
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(leaks(&err).is_empty(), "hash partner_user_id: {err}");

    // audience-batch: rejected records name index, row, field and position only; bodies hold
    // hashes.
    let csv = format!(
        "email,phone_number,handle,device_id\n{EMAIL},{PHONE},{HANDLE},{DEVICE}\n{EMAIL}@,,,\n,{PHONE}x,,\n,,{SECRET} x,\n,,,{DEVICE}0\n"
    );
    let csv_file = dir.file("records.csv", csv.as_bytes());
    let ndjson = format!(
        "{{\"email\":\"{EMAIL}@\"}}\n{{\"email\":[\"{EMAIL}\",7]}}\n{{\"{SECRET}\":\"x\"}}\n{{\"email\":\"{EMAIL}\"\n"
    );
    let ndjson_file = dir.file("records.ndjson", ndjson.as_bytes());
    // A file without a header: its first row, read as one, names no identifier type (an error
    // that must name the columns by number only).
    let headerless = format!("{EMAIL},{PHONE}\n{EMAIL},{PHONE}\n");
    let headerless_file = dir.file("headerless.csv", headerless.as_bytes());
    for (endpoint, extra) in [
        ("custom_audience_users", &[][..]),
        (
            "do_not_reach_users",
            &["--expires-at", "2030-01-01T00:00:00Z"][..],
        ),
    ] {
        let countries = dir.file(
            "batch-countries.csv",
            format!("email,phone_number,country\n{EMAIL}@,{PHONE},{EMAIL}\n,{PHONE},{SERVICE}\n")
                .as_bytes(),
        );
        for (input, more) in [
            (&csv_file, &[][..]),
            (&ndjson_file, &[][..]),
            (&headerless_file, &[][..]),
            (&countries, &["--country-column", "country"][..]),
        ] {
            let mut args = vec![
                "audience-batch",
                "--endpoint",
                endpoint,
                "--operation",
                "Update",
                "--ndjson",
                "--now",
                "2026-01-01T00:00:00Z",
                input.as_str(),
            ];
            args.extend_from_slice(extra);
            args.extend_from_slice(more);
            runs.check(&args.join(" "), &run(&args, &[], b""), false);
        }
    }

    // audience-outcome: marked values in every part of the answers (codes, messages, unknown
    // members, text that is not JSON): standard error names bodies, states, reasons, paths and
    // codes only. The outcome CSV (`--out`) carries the platform's code and message as given,
    // by purpose, so it goes to a file.
    let out_dir = dir.0.join("outcome-bodies");
    let four = dir.file(
        "four.csv",
        format!("email\n{EMAIL}\nb@x.com\n{EMAIL}@\nc@x.com\nd@x.com\n").as_bytes(),
    );
    let o = run(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--max-users-per-body",
            "1",
            "--out-dir",
            &out_dir.to_string_lossy(),
            "--now",
            "2026-01-01T00:00:00Z",
            four.as_str(),
        ],
        &[],
        b"",
    );
    runs.check("audience-batch --out-dir", &o, false);
    let answers = dir.0.join("outcome-answers");
    std::fs::create_dir_all(&answers).expect("answers dir");
    for (i, text) in [
        format!(r#"{{"errors":[{{"code":"{SECRET}","message":"{EMAIL} {TOKEN}"}}]}}"#),
        format!(r#"{{"operation_errors":[{{"index":"{SECRET}","code":"{EMAIL}"}}],"{PHONE}":1}}"#),
        format!(r#"{{"data":{{"success_count":"{SECRET}","total_count":{{"{EMAIL}":1}}}}}}"#),
        format!("<html>{SECRET} {EMAIL}</html>"),
    ]
    .iter()
    .enumerate()
    {
        std::fs::write(answers.join(format!("body-{:04}.json", i + 1)), text).expect("answer");
    }
    let csv_out = dir.0.join("outcome.csv");
    let o = run(
        &[
            "audience-outcome",
            "--bodies",
            &out_dir.to_string_lossy(),
            "--answers",
            &answers.to_string_lossy(),
            "--out",
            &csv_out.to_string_lossy(),
            "--retry-dir",
            &dir.0.join("outcome-retry").to_string_lossy(),
        ],
        &[],
        b"",
    );
    // Every body answered (none refused as answering no body): rows failed or to retry.
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    runs.check("audience-outcome", &o, false);

    // crc: the marked secret from the environment and from stdin; tokens of the wrong shape.
    let env = [(SECRET_ENV, SECRET)];
    for token in [
        format!("{TOKEN} {SECRET}"),
        format!("{{\"a\":\"{EMAIL}\"}}"),
        TOKEN.to_string(),
        TOKEN.repeat(20),
    ] {
        runs.check(
            "crc --token",
            &run(&["crc", "--token", &token], &env, b""),
            false,
        );
    }
    for query in [
        format!("crc_token={TOKEN}&crc_token={TOKEN}"),
        format!("x={SECRET}"),
        format!("crc_token={SECRET}%zz"),
    ] {
        runs.check(
            "crc --query",
            &run(&["crc", "--query", &query], &env, b""),
            false,
        );
    }
    let good_token = "9b4507b3-9040-4669-9ca3-6b94edb50553";
    let query = format!("crc_token={good_token}&nonce={TOKEN}");
    let o = run(
        &[
            "crc",
            "--query",
            &query,
            "--query-signature",
            &format!("sha256={TOKEN}"),
        ],
        &env,
        b"",
    );
    runs.check("crc --query-signature", &o, false);
    let o = run(
        &["crc", "--token", good_token, "--secret-stdin"],
        &[],
        format!("{SECRET}\n").as_bytes(),
    );
    runs.check("crc answered", &o, true);
    runs.check(
        "crc empty secret",
        &run(&["crc", "--token", good_token], &[(SECRET_ENV, "")], b""),
        false,
    );

    // verify: wrong, missing and repeated signatures over a marked body.
    let body = format!("{{\"email\":\"{EMAIL}\",\"phone\":\"{PHONE}\"}}");
    let body_file = dir.file("body.json", body.as_bytes());
    for sig in [
        format!("sha256={TOKEN}"),
        format!("sha256={}", "A".repeat(44)),
        TOKEN.to_string(),
        String::new(),
    ] {
        for json in [&[][..], &["--json"][..]] {
            let mut args = vec!["verify", "--signature", sig.as_str(), body_file.as_str()];
            args.extend_from_slice(json);
            runs.check("verify --signature", &run(&args, &env, b""), false);
        }
    }
    let headers = dir.file(
        "headers.txt",
        format!(
            "POST /hook HTTP/1.1\nx-service-webhooks-signature: sha256={TOKEN}\nX-Service-Webhooks-Signature: {SECRET}\nx-email: {EMAIL}\n\n"
        )
        .as_bytes(),
    );
    for json in [&[][..], &["--json"][..]] {
        let mut args = vec!["verify", "--headers", headers.as_str(), body_file.as_str()];
        args.extend_from_slice(json);
        runs.check("verify --headers", &run(&args, &env, b""), false);
    }
    let o = run(
        &["verify", "--signature", "sha256=x", "--secret-stdin"],
        &[],
        format!("{SECRET}\n").as_bytes(),
    );
    runs.check("verify secret and body on stdin", &o, false);

    // oauth1: marked secrets in the environment and on stdin; refusals at every stage.
    let env = [
        (SECRET_ENV, SECRET),
        (TOKEN_SECRET_ENV, TOKEN_SECRET),
        (KEY_ENV, TOKEN),
    ];
    let status = format!("status={PHONE}");
    let url = "https://api.example.com/1.1/statuses/update.json";
    // (method, url, the other arguments)
    let refusals: [(&str, &str, &[&str]); 10] = [
        ("POST", "ftp://example.com/", &[]),
        ("PO ST", url, &[]),
        ("POST", url, &["--param", "oauth_x=1"]),
        ("POST", url, &["--nonce", "né", "--timestamp", "1"]),
        ("POST", url, &["--nonce", "n"]),
        ("POST", url, &["--token", TOKEN, "--step", "request_token"]),
        ("POST", url, &["--token", TOKEN, "--step", "access_token"]),
        ("GET", url, &["--step", "authorize", "--callback", "oob"]),
        (
            "POST",
            url,
            &["--step", "request_token", "--callback", "x y"],
        ),
        (
            "POST",
            url,
            &[
                "--token",
                TOKEN,
                "--param",
                status.as_str(),
                "--timestamp",
                "x",
                "--nonce",
                "n",
            ],
        ),
    ];
    for (method, target, extra) in refusals {
        let mut args = vec!["oauth1", "--method", method, "--url", target];
        args.extend_from_slice(extra);
        runs.check(&args.join(" "), &run(&args, &env, b""), false);
    }
    // A token without its secret, and an empty consumer secret.
    let o = run(
        &["oauth1", "--method", "POST", "--url", url, "--token", TOKEN],
        &[(SECRET_ENV, SECRET), (KEY_ENV, TOKEN)],
        b"",
    );
    runs.check("oauth1 no token secret", &o, false);
    let o = run(
        &["oauth1", "--method", "POST", "--url", url],
        &[(SECRET_ENV, ""), (KEY_ENV, TOKEN)],
        b"",
    );
    runs.check("oauth1 empty secret", &o, false);
    // Successful signatures: the secrets never appear (the base string carries the key, the
    // token and the parameters by purpose).
    let signed = ["oauth1", "--method", "POST", "--url", url, "--token", TOKEN];
    for json in [&[][..], &["--json"][..]] {
        let mut args = signed.to_vec();
        args.extend_from_slice(&["--param", status.as_str()]);
        args.extend_from_slice(json);
        runs.check("oauth1 signed", &run(&args, &env, b""), true);
        let mut args = signed.to_vec();
        args.push("--secret-stdin");
        args.extend_from_slice(json);
        let stdin = format!("{SECRET}\n{TOKEN_SECRET}\n");
        runs.check(
            "oauth1 signed, stdin",
            &run(&args, &[(KEY_ENV, TOKEN)], stdin.as_bytes()),
            true,
        );
    }

    assert!(runs.count >= 60, "only {} runs", runs.count);
    assert!(
        runs.bad.is_empty(),
        "{} leaks:\n{}",
        runs.bad.len(),
        runs.bad.join("\n\n")
    );
}

#[test]
fn the_cli_prints_no_marked_value() {
    check_every_subcommand();
}

/// `preflight answer` with token answers that must be refused (callback not confirmed, a name
/// written twice, a raw `+`, a broken escape) and error bodies whose members hold marked values:
/// nothing marked on standard output or standard error, but for the error body's own values
/// in the result it prints.
#[test]
fn answer_readers_print_no_token_or_secret_when_they_refuse() {
    let mut runs = Runs {
        bad: Vec::new(),
        count: 0,
    };
    let refused = [
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}&oauth_callback_confirmed={SECRET}"),
        format!("oauth_token={TOKEN}&oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}&oauth_callback_confirmed=true"),
        format!("oauth_token={TOKEN}+{SECRET}&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}%zz&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}&user_id={SERVICE}&screen_name={HANDLE}"),
    ];
    for text in &refused {
        for reader in ["request-token", "access-token", "invalidate-token"] {
            let o = run(&["answer", reader], &[], text.as_bytes());
            // A token answer read prints its tokens (its purpose); a refused one prints none.
            if o.status.code() == Some(2) {
                runs.check(reader, &o, false);
            }
        }
    }
    let body = format!(
        "{{\"type\":\"x/usage-capped\",\"title\":\"t\",\"period\":\"{SECRET}\",\"scope\":\"{TOKEN_SECRET}\"}}"
    );
    let o = run(&["answer", "error-body"], &[], body.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    // The result prints the body's values (its purpose); its issues name none.
    let stdout = String::from_utf8_lossy(&o.stdout);
    let issues = stdout.split("\"issues\":").nth(1).unwrap_or("");
    assert!(!issues.is_empty() && leaks(issues).is_empty(), "{issues}");
    assert!(leaks(&String::from_utf8_lossy(&o.stderr)).is_empty());
    assert!(runs.bad.is_empty(), "{}", runs.bad.join("\n\n"));
    assert!(runs.count >= 16, "only {} refusals", runs.count);
}
