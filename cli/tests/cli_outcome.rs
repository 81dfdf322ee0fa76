//! `preflight audience-outcome` (issue 26, item 1): a customer file with the mistakes real
//! exports have goes through `audience-batch --out-dir`, the platform's answers are fabricated
//! body by body (accepted, counts that differ, counts that count the users, operation errors,
//! request errors, an answer that is not JSON, no answer), and every input row must come out
//! exactly once, in input order, with the outcome its row and its body's answer call for:
//! computed here from what the generator made of each row, not from the tool's own output.

mod common;

use common::{preflight, stderr, stdout, temp_dir, write};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// What the generator made of data row `i` (0-based): `true` when it must be sent.
fn good(i: usize) -> bool {
    !matches!(i % 20, 8 | 9 | 18 | 19)
}

/// The customer file: BOM, CRLF, a header `email,phone_number,country`, and per 20 rows:
/// emails with spaces and capitals, a UK phone number with its region, a US one with its calling
/// code, and the bad ones: an invalid email (8), a blank line (9), a row with a field too many
/// (18), a phone number whose country names none (19).
fn customer_csv(rows: usize) -> Vec<u8> {
    let mut s = String::from("\u{feff}email,phone_number,country\r\n");
    for i in 0..rows {
        let line = match i % 20 {
            8 => "not-an-email,,".to_owned(),
            9 => String::new(),
            18 => format!("user{i}@example.com,,,extra"),
            19 => ",020 7183 8750,XX".to_owned(),
            6 | 16 => format!("User{i}@Example.com,020 7183 8750,GB"),
            7 | 17 => ",(657) 777-0000,1".to_owned(),
            _ => format!(" User{i}@Example.COM ,,"),
        };
        s.push_str(&line);
        s.push_str("\r\n");
    }
    s.into_bytes()
}

/// The answer fabricated for body `k` (1-based), and the outcome and code its rows must get.
fn answer(k: usize) -> (Option<String>, &'static str, &'static str) {
    match k % 8 {
        0 => (
            Some(r#"{"data":{"success_count":1,"total_count":1}}"#.into()),
            "accepted",
            "",
        ),
        1 => (
            Some(r#"{"data":[{"success_count":1,"total_count":1}],"request":[]}"#.into()),
            "accepted",
            "",
        ),
        2 => (
            Some(r#"{"data":{"success_count":0,"total_count":1}}"#.into()),
            "retry",
            "counts_mismatch",
        ),
        // Counts that count the users: not the one operation sent.
        3 => (
            Some(r#"{"data":{"success_count":500,"total_count":500}}"#.into()),
            "retry",
            "counts_mismatch",
        ),
        4 => (
            Some(
                r#"{"operation_errors":[{"code":"INVALID_USERS","message":"users, bad"}]}"#.into(),
            ),
            "failed",
            "INVALID_USERS",
        ),
        5 => (
            Some(r#"{"errors":[{"code":"UNAUTHORIZED","message":"not authorized"}]}"#.into()),
            "failed",
            "UNAUTHORIZED",
        ),
        6 => (
            Some("<html>502 Bad Gateway</html>".into()),
            "retry",
            "not_json",
        ),
        _ => (None, "retry", "no_answer"),
    }
}

fn manifest(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("manifest.ndjson"))
        .expect("manifest")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a manifest line is JSON"))
        .collect()
}

/// Parses the outcome CSV (its fields hold no line break) into (row, record, outcome, body,
/// code).
fn outcome_rows(csv: &str) -> Vec<(String, usize, String, String, String)> {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("row,record,outcome,body,code,message"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.splitn(6, ',').collect();
            (
                f[0].to_owned(),
                f[1].parse().expect("record index"),
                f[2].to_owned(),
                f[3].to_owned(),
                f[4].to_owned(),
            )
        })
        .collect()
}

#[test]
fn every_row_comes_out_once_in_input_order_with_its_outcome() {
    let dir = temp_dir("outcome-realistic");
    let rows = 20_000;
    let input = write(&dir, "customers.csv", &customer_csv(rows));
    let bodies = dir.join("bodies");
    let b = bodies.to_string_lossy().into_owned();
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--country-column",
            "country",
            "--max-users-per-body",
            "500",
            "--out-dir",
            &b,
            "-q",
            &input,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // The manifest: its bodies' records are exactly the good rows, its rejected the bad ones.
    let lines = manifest(&bodies);
    let mut body_of: BTreeMap<usize, usize> = BTreeMap::new();
    let mut n_bodies = 0;
    for l in &lines {
        if let Some(name) = l.get("body").and_then(Value::as_str) {
            n_bodies += 1;
            assert_eq!(name, format!("body-{n_bodies:04}.json"));
            let recs = l["records"].as_array().expect("records");
            let rws = l["rows"].as_array().expect("rows");
            for (r, row) in recs.iter().zip(rws) {
                let r = r.as_u64().expect("index") as usize;
                assert_eq!(row.as_u64(), Some(r as u64 + 2), "the row of record {r}");
                body_of.insert(r, n_bodies);
            }
        }
    }
    assert!(n_bodies >= 30, "{n_bodies} bodies");
    for i in 0..rows {
        assert_eq!(body_of.contains_key(&i), good(i), "record {i}");
    }
    // The answers, one file per body but the ones never answered.
    let answers = dir.join("answers");
    std::fs::create_dir_all(&answers).expect("answers dir");
    for k in 1..=n_bodies {
        if let Some(text) = answer(k).0 {
            std::fs::write(answers.join(format!("body-{k:04}.json")), text).expect("answer");
        }
    }
    let retry = dir.join("retry");
    let csv_path = dir.join("outcome.csv");
    let (a, r, o) = (
        answers.to_string_lossy().into_owned(),
        retry.to_string_lossy().into_owned(),
        csv_path.to_string_lossy().into_owned(),
    );
    let out = preflight(
        &[
            "audience-outcome",
            "--bodies",
            &b,
            "--answers",
            &a,
            "--retry-dir",
            &r,
            "--out",
            &o,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let csv = std::fs::read_to_string(&csv_path).expect("outcome.csv");
    let got = outcome_rows(&csv);
    // Every row once, in input order.
    assert_eq!(got.len(), rows);
    let mut expected_retry = Vec::new();
    for (i, (row, record, outcome, body, code)) in got.iter().enumerate() {
        assert_eq!(*record, i, "input order");
        assert_eq!(row, &(i + 2).to_string(), "row of record {i}");
        if !good(i) {
            assert_eq!(outcome, "rejected", "record {i}");
            let want = match i % 20 {
                8 => "invalid_email",
                9 => "no_identifiers",
                18 => "column_count",
                _ => "invalid_country",
            };
            assert_eq!(code, want, "record {i}");
            assert_eq!(body, "", "record {i}");
            continue;
        }
        let k = body_of[&i];
        let (_, want, want_code) = answer(k);
        assert_eq!(
            (outcome.as_str(), code.as_str(), body.as_str()),
            (want, want_code, format!("body-{k:04}.json").as_str()),
            "record {i}"
        );
        if want == "retry" {
            expected_retry.push(i);
        }
    }
    let err = stderr(&out);
    let count = |o: &str| got.iter().filter(|g| g.2 == o).count();
    assert!(
        err.contains(&format!(
            "preflight: audience-outcome: {rows} records: {} accepted, {} rejected, {} failed, {} to retry",
            count("accepted"),
            count("rejected"),
            count("failed"),
            count("retry")
        )),
        "{err}"
    );
    assert!(err.contains("retry (counts_mismatch"), "{err}");
    assert!(err.contains("/data count_mismatch"), "{err}");
    // A platform message with a comma is one quoted CSV field.
    assert!(
        csv.contains(",failed,body-0004.json,INVALID_USERS,\"users, bad\"\n"),
        "{csv}"
    );
    // The bodies to retry: exactly the records to retry, each body as it was sent.
    let retried = manifest(&retry);
    let mut retry_records = Vec::new();
    for l in &retried {
        if let Some(name) = l.get("body").and_then(Value::as_str) {
            let recs: Vec<usize> = l["records"]
                .as_array()
                .expect("records")
                .iter()
                .map(|v| v.as_u64().expect("index") as usize)
                .collect();
            let original = body_of[&recs[0]];
            assert_eq!(
                std::fs::read(retry.join(name)).expect("retry body"),
                std::fs::read(bodies.join(format!("body-{original:04}.json"))).expect("body"),
                "{name} is body {original} as sent"
            );
            for (r, row) in recs.iter().zip(l["rows"].as_array().expect("rows")) {
                assert_eq!(row.as_u64(), Some(*r as u64 + 2));
            }
            retry_records.extend(recs);
        }
    }
    assert_eq!(retry_records, expected_retry);
    assert_eq!(
        retried.last().expect("end")["records"].as_u64(),
        Some(expected_retry.len() as u64)
    );
    // The retry directory reads the same way: every body accepted this time, exit 0.
    let again = dir.join("answers2");
    std::fs::create_dir_all(&again).expect("dir");
    for l in &retried {
        if let Some(name) = l.get("body").and_then(Value::as_str) {
            std::fs::write(
                again.join(name),
                r#"{"data":{"success_count":1,"total_count":1}}"#,
            )
            .expect("answer");
        }
    }
    let out = preflight(
        &[
            "audience-outcome",
            "--bodies",
            &r,
            "--answers",
            &again.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let second = outcome_rows(&stdout(&out));
    assert_eq!(
        second.iter().map(|g| g.1).collect::<Vec<_>>(),
        expected_retry
    );
    assert!(second.iter().all(|g| g.2 == "accepted"));
    assert!(
        second.iter().all(|g| g.0 == (g.1 + 2).to_string()),
        "the original rows"
    );
}

/// A small run: `DIR` with two bodies (records 0 and 2; record 1 rejected).
fn small(name: &str) -> (std::path::PathBuf, String) {
    let dir = temp_dir(name);
    let input = write(&dir, "in.csv", b"email\na@x.com\nbad\nb@x.com\n");
    let bodies = dir.join("bodies");
    let b = bodies.to_string_lossy().into_owned();
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--max-users-per-body",
            "1",
            "--out-dir",
            &b,
            "-q",
            &input,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    (dir, b)
}

#[test]
fn exit_statuses() {
    const OK: &str = r#"{"data":{"success_count":1,"total_count":1}}"#;
    let (dir, b) = small("outcome-exit");
    let answers = dir.join("answers");
    std::fs::create_dir_all(&answers).expect("dir");
    let a = answers.to_string_lossy().into_owned();
    let run = |extra: &[&str]| {
        let mut args = vec!["audience-outcome", "--bodies", &b, "--answers", &a];
        args.extend_from_slice(extra);
        preflight(&args, b"")
    };
    std::fs::write(answers.join("body-0001.json"), OK).expect("answer");
    std::fs::write(answers.join("body-0002.json"), OK).expect("answer");
    // 1: a row was rejected before sending, though every body was accepted.
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "row,record,outcome,body,code,message\n\
         2,0,accepted,body-0001.json,,\n\
         3,1,rejected,,invalid_email,\n\
         4,2,accepted,body-0002.json,,\n"
    );
    // 0: every row accepted (a file of good rows).
    let good = temp_dir("outcome-exit-good");
    let input = write(&good, "in.csv", b"email\na@x.com\n");
    let gb = good.join("bodies").to_string_lossy().into_owned();
    let built = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Delete",
            "--expires-at",
            "2999-01-01T00:00:00Z",
            "--out-dir",
            &gb,
            &input,
        ],
        b"",
    );
    assert_eq!(built.status.code(), Some(0), "{}", stderr(&built));
    let ga = good.join("answers");
    std::fs::create_dir_all(&ga).expect("dir");
    std::fs::write(
        ga.join("body-0001.json"),
        r#"{"data":[{"success_count":1,"total_count":1}],"request":[{"params":{},"operation_type":"Delete"}]}"#,
    )
    .expect("answer");
    let out = preflight(
        &[
            "audience-outcome",
            "--bodies",
            &gb,
            "--answers",
            &ga.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // 2: an answer file that answers no body.
    std::fs::write(answers.join("body-0003.json"), OK).expect("answer");
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("body-0003.json answers no body"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");
    std::fs::remove_file(answers.join("body-0003.json")).expect("rm");
    // 2: a manifest that does not match its bodies (a record dropped from a body line).
    let m = Path::new(&b).join("manifest.ndjson");
    let text = std::fs::read_to_string(&m).expect("manifest");
    std::fs::write(
        &m,
        text.replace("\"records\":[2],\"rows\":[4]", "\"records\":[],\"rows\":[]"),
    )
    .expect("edit");
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // 2: a manifest cut short (no end line).
    let cut: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&m, cut).expect("edit");
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cut short"), "{}", stderr(&out));
    // 2: no manifest at all, or no answer directory.
    std::fs::remove_file(&m).expect("rm");
    assert_eq!(run(&[]).status.code(), Some(2));
    std::fs::write(&m, &text).expect("restore");
    assert_eq!(run(&[]).status.code(), Some(1));
    let out = preflight(
        &[
            "audience-outcome",
            "--bodies",
            &b,
            "--answers",
            "/no/such/dir",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    // 2: a retry directory that holds bodies already.
    let r = dir.join("retry").to_string_lossy().into_owned();
    std::fs::remove_file(answers.join("body-0002.json")).expect("rm");
    assert_eq!(run(&["--retry-dir", &r]).status.code(), Some(1));
    assert_eq!(run(&["--retry-dir", &r]).status.code(), Some(2));
}

#[test]
fn a_reader_that_goes_away_ends_it_quietly_with_141() {
    let dir = temp_dir("outcome-141");
    let mut csv = String::from("email\n");
    for i in 0..30_000 {
        csv.push_str(&format!("user{i}@example.com\n"));
    }
    let input = write(&dir, "in.csv", csv.as_bytes());
    let b = dir.join("bodies").to_string_lossy().into_owned();
    let built = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--out-dir",
            &b,
            &input,
        ],
        b"",
    );
    assert_eq!(built.status.code(), Some(0));
    let a = dir.join("answers");
    std::fs::create_dir_all(&a).expect("dir");
    let mut child = std::process::Command::new("true")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("true");
    let pipe = child.stdin.take().expect("pipe");
    child.wait().expect("true exits");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_preflight"))
        .args([
            "audience-outcome",
            "--bodies",
            &b,
            "--answers",
            &a.to_string_lossy(),
            "-q",
        ])
        .stdout(std::process::Stdio::from(pipe))
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(stderr(&out), "");
}

/// The README's worked example, run as written: its `sh` block (after the comment naming this
/// file) in bash, with `preflight` the built binary and `curl` a stand-in for the platform that
/// checks each request (the URL, an OAuth 1.0a header, the body sent as a file) and saves its
/// answer where the block says.
#[test]
fn the_readme_worked_example_runs_as_written() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let after = readme
        .split("<!-- worked example: audience outcome")
        .nth(1)
        .expect("the README's worked example");
    let block = after
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("its sh block");
    let dir = temp_dir("outcome-readme");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_preflight"), bin.join("preflight"))
        .expect("symlink");
    // The platform: answers every body as accepted, after checking the request.
    let curl = r#"#!/bin/bash
set -e
out=""; data=""; url=""; auth=""; ctype=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    --data-binary) data="$2"; shift 2 ;;
    -H) case "$2" in Authorization:*) auth="$2" ;; Content-Type:*) ctype="$2" ;; esac; shift 2 ;;
    -X|-s) [ "$1" = -X ] && shift; shift ;;
    *) url="$1"; shift ;;
  esac
done
[ "$url" = "https://ads-api.example.com/12/accounts/18ce54d4x5t/custom_audiences/1nmth/users" ] || { echo "url $url" >&2; exit 9; }
case "$auth" in "Authorization: OAuth oauth_consumer_key=\"ck\", "*) ;; *) echo "auth" >&2; exit 9 ;; esac
[ "$ctype" = "Content-Type: application/json" ] || { echo "ctype" >&2; exit 9; }
[ -f "${data#@}" ] || { echo "data" >&2; exit 9; }
echo "$data" >> sent.txt
printf '%s' '{"data":{"success_count":1,"total_count":1}}' > "$out"
"#;
    std::fs::write(bin.join("curl"), curl).expect("curl");
    std::process::Command::new("chmod")
        .args(["+x", &bin.join("curl").to_string_lossy()])
        .status()
        .expect("chmod");
    write(
        &dir,
        "customers.csv",
        b"\xef\xbb\xbfemail,phone_number,country\r\na@x.com,,\r\nnot an email,,\r\n,020 7183 8750,GB\r\n",
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", block])
        .current_dir(&dir)
        .env("PATH", path)
        .env("ADS_API", "https://ads-api.example.com")
        .env("ACCOUNT", "18ce54d4x5t")
        .env("AUDIENCE", "1nmth")
        .env("TOKEN", "tok")
        .env("PREFLIGHT_CONSUMER_KEY", "ck")
        .env("PREFLIGHT_CONSUMER_SECRET", "cs")
        .env("PREFLIGHT_TOKEN_SECRET", "ts")
        .output()
        .expect("bash");
    // audience-outcome exits 1 (a row was rejected), the last command of the block.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.join("sent.txt")).expect("requests"),
        "@bodies/body-0001.json\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("outcome.csv")).expect("outcome.csv"),
        "row,record,outcome,body,code,message\n\
         2,0,accepted,body-0001.json,,\n\
         3,1,rejected,,invalid_email,\n\
         4,2,accepted,body-0001.json,,\n"
    );
}

/// An answer whose bytes are not UTF-8 is not JSON: its rows are to retry, whatever it holds.
#[test]
fn an_answer_that_is_not_utf8_is_not_json() {
    let (dir, b) = small("outcome-utf8");
    let answers = dir.join("answers");
    std::fs::create_dir_all(&answers).expect("dir");
    std::fs::write(
        answers.join("body-0001.json"),
        b"{\"data\":{\"success_count\":1,\"total_count\":1},\"x\":\"\xff\"}",
    )
    .expect("answer");
    let out = preflight(
        &[
            "audience-outcome",
            "--bodies",
            &b,
            "--answers",
            &answers.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("\n2,0,retry,body-0001.json,not_json,the answer is not JSON\n"),
        "{}",
        stdout(&out)
    );
}
