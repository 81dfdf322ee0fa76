//! The command line's edges (issue 15, items 6 and 8): a reader that goes away, `--column` past
//! the header, empty input, a directory as input, a bad `--context`, `audience-batch`'s header
//! mapping and kept identifiers, and every command's exit statuses in its `--help` and in the
//! README.

mod common;

use common::{preflight, preflight_env, stderr, stdout, temp_dir, CONSUMER_SECRET_ENV};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// SHA-256 of `a@x.com` and of `+442071838750` (Python's hashlib).
const A_AT_X: &str = "478abec7430569163161dfea8513b8ce89d05f559456a26e945c66e1fe55a29d";
const UK_PHONE: &str = "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d";

const BATCH: [&str; 6] = [
    "audience-batch",
    "--endpoint",
    "custom_audience_users",
    "--operation",
    "Update",
    "--ndjson",
];

fn batch(extra: &[&str], stdin: &[u8]) -> Output {
    let args: Vec<&str> = BATCH.iter().copied().chain(extra.iter().copied()).collect();
    preflight(&args, stdin)
}

/// Environment variables to set for one run.
type Env<'a> = &'a [(&'a str, &'a str)];

/// Runs the binary with standard output a pipe whose reader has already gone: the write end of
/// the standard input of a `true` process that has exited. Deterministic: the first write fails.
fn with_closed_stdout(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("spawn true");
    let pipe = reader.stdin.take().expect("a pipe");
    reader.wait().expect("true exits");
    let mut child = Command::new(env!("CARGO_BIN_EXE_preflight"))
        .args(args)
        .env_remove(CONSUMER_SECRET_ENV)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::from(pipe))
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn preflight");
    if let Some(mut s) = child.stdin.take() {
        // The command may stop before reading everything: a broken pipe here is fine.
        let _ = s.write_all(stdin);
    }
    child.wait_with_output().expect("wait")
}

#[test]
fn a_reader_that_goes_away_ends_every_command_quietly_with_141() {
    let lines: String = (0..50_000)
        .map(|i| format!("user{i}@example.com\n"))
        .collect();
    let csv = format!("email\n{lines}");
    let secret = [(CONSUMER_SECRET_ENV, "test")];
    let cases: Vec<(Vec<&str>, Env, &[u8])> = vec![
        (vec!["validate", "poll_card"], &[], b"{}"),
        (vec!["hash", "email"], &[], lines.as_bytes()),
        (
            vec!["hash", "email", "--threads", "1"],
            &[],
            lines.as_bytes(),
        ),
        (
            vec!["hash", "email", "--column", "email"],
            &[],
            csv.as_bytes(),
        ),
        (BATCH.to_vec(), &[], csv.as_bytes()),
        (
            vec!["crc", "--token", "9b4507b3-9040-4669-9ca3-6b94edb50553"],
            &secret,
            b"",
        ),
        (
            vec![
                "verify",
                "--signature",
                "sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc=",
            ],
            &secret,
            b"test=1&other_test=2",
        ),
        (
            vec![
                "oauth1",
                "--method",
                "GET",
                "--url",
                "https://api.example.com/1.1/x.json",
                "--consumer-key",
                "key",
            ],
            &secret,
            b"",
        ),
        (vec!["demo"], &[], b""),
        (vec!["kinds"], &[], b""),
        (vec!["describe", "poll_card"], &[], b""),
        (
            vec!["answer", "list-page"],
            &[],
            br#"{"data":[],"next_cursor":null}"#,
        ),
    ];
    for (args, env, input) in cases {
        let out = with_closed_stdout(&args, env, input);
        let err = stderr(&out);
        // Not "cannot write the output: Broken pipe" with 2, not a summary of rows never written.
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}: nothing on standard error");
    }
}

#[test]
fn a_column_past_the_header_is_a_usage_error() {
    let csv = b"email,phone\na@x.com,1\nb@x.com,2\n";
    let out = preflight(&["hash", "email", "--column", "99"], csv);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "preflight: hash: --column 99: the header has 2 fields\n"
    );
    assert_eq!(stdout(&out), "");
    let out = preflight(&["hash", "email", "--column", "3", "--no-header"], csv);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--column 3: the first record has 2 fields"));
    // The last field is in range, with and without a header; the first record of a headerless
    // input is still hashed (after its byte-order mark).
    let out = preflight(&["hash", "email", "--column", "1", "--no-header"], csv);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("row 1: invalid_email"));
    let out = preflight(
        &["hash", "email", "--column", "2", "--no-header"],
        "\u{FEFF}1,a@x.com\r\n2,a@x.com".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{A_AT_X}\n{A_AT_X}\n"));
}

#[test]
fn a_header_that_is_not_csv_is_a_usage_error_a_first_row_is_not() {
    // Text after a closing quote: not CSV.
    let input = b"\"a\"b,c\nx@y.com,1\n";
    let out = preflight(&["hash", "email", "--column", "1"], input);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the header record is not valid CSV"));
    // Without a header it is a row, rejected alone.
    let out = preflight(&["hash", "email", "--column", "1", "--no-header"], input);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("row 1: invalid_csv"),
        "{}",
        stderr(&out)
    );
    // So is a first row too long to hold (its fields cannot be counted).
    let long = format!("{}\na@x.com\n", "x".repeat(9 << 20));
    let out = preflight(
        &["hash", "email", "--column", "1", "--no-header"],
        long.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("row 1: too_long"), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("\n{A_AT_X}\n"));
}

#[test]
fn empty_input_with_a_column_is_an_error() {
    for args in [
        vec!["hash", "email", "--column", "email"],
        vec!["hash", "email", "--column", "1"],
        vec!["hash", "email", "--column", "1", "--no-header"],
    ] {
        let out = preflight(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("standard input is empty: --column needs a"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // A header and no rows is not empty: nothing to hash, nothing wrong.
    let out = preflight(&["hash", "email", "--column", "email"], b"email\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Without --column an empty input is zero lines, as before.
    assert_eq!(preflight(&["hash", "email"], b"").status.code(), Some(0));
    // audience-batch: CSV needs its header.
    let out = batch(&[], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("standard input is empty"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_directory_is_refused_before_any_summary() {
    let dir = temp_dir("edges-dir");
    let d = dir.to_string_lossy().into_owned();
    let env = [(CONSUMER_SECRET_ENV, "test")];
    let batch_args: Vec<&str> = BATCH.iter().copied().chain([d.as_str()]).collect();
    for args in [
        vec!["hash", "email", &d],
        vec!["hash", "email", "--column", "1", &d],
        batch_args,
        vec!["validate", "poll_card", &d],
        vec!["verify", &d, "--signature", "sha256=x"],
    ] {
        let out = preflight_env(&args, &env, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        // One line: the error, no "0 rows" summary before it.
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.ends_with(&format!("cannot read {d}: it is a directory\n")),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_context_names_the_argument() {
    let out = preflight(&["validate", "poll_card", "--context", "{bad"], b"{}");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("--context is not valid JSON"), "{err}");
    assert!(
        !err.contains("payload"),
        "the payload was never read: {err}"
    );
    for context in ["[1]", r#"{"objective": 5}"#] {
        let out = preflight(&["validate", "poll_card", "--context", context], b"{}");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).starts_with("preflight: validate: --context: "),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn audience_batch_header_columns_are_identifier_types_or_mapped() {
    // An unknown column is an error, not a notice with exit 0: nothing is written.
    let csv = b"email,phone,name\na@x.com,+44 20 7183 8750,Ann\n";
    let out = batch(&[], csv);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(
        err.contains(
            "header fields \"phone\" (column 2), \"name\" (column 3) name no identifier type"
        ),
        "{err}"
    );
    assert!(!err.contains("Ann") && !err.contains("phone,"), "{err}");
    // A header that names no type at all is likely a user's values (a file without a header):
    // its fields are named by number only.
    let out = batch(
        &[],
        b"a@x.com,Ann
b@x.com,Bob
",
    );
    let err = stderr(&out);
    assert!(
        err.contains("header fields column 1, column 2 name no identifier type")
            && err.contains("is the header record missing?"),
        "{err}"
    );
    assert!(!err.contains("a@x.com") && !err.contains("Ann"), "{err}");
    // Mapped: the phone column read as phone_number, the name left out.
    let out = batch(&["--map", "Phone=phone_number", "--map", "3=ignore"], csv);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "[{{\"operation_type\":\"Update\",\"params\":{{\"users\":[{{\"email\":[\"{A_AT_X}\"],\
             \"phone_number\":[\"{UK_PHONE}\"]}}]}}}}]\n"
        )
    );
    for (map, want) in [
        ("nosuch=email", "no header field has that name"),
        ("4=ignore", "the header has 3 fields"),
        ("0=ignore", "the header has 3 fields"),
    ] {
        let out = batch(&["--map", map, "--map", "name=ignore"], csv);
        assert_eq!(out.status.code(), Some(2), "{map}");
        assert!(stderr(&out).contains(want), "{map}: {}", stderr(&out));
    }
    for map in ["name=emails", "name", "=email"] {
        let out = batch(&["--map", map], csv);
        assert_eq!(out.status.code(), Some(2), "{map}: {}", stderr(&out));
    }
    let out = batch(
        &["--input-format", "ndjson", "--map", "a=email"],
        b"{\"email\":\"a@x.com\"}\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--map applies to CSV input"));
}

/// Issue 15.6: from a file where a user's phone number is invalid, the user is still sent with
/// the email; each value left out is reported by row and column; only a user with nothing left
/// is rejected. CSV with a byte-order mark, CRLF, quoted fields and a bad row.
#[test]
fn audience_batch_keeps_every_valid_identifier() {
    let csv = "\u{FEFF}email,phone_number,email\r\n\
               a@x.com,555 0100,\r\n\
               \"not an email\",\"(657) 777-0000\",\r\n\
               \"A@X.com \",\"+44 20 7183 8750\",\"second, bad\"\r\n\
               \"unclosed,1,2\r\n";
    let out = batch(&[], csv.as_bytes());
    // The last record's quote never closes: the run stops there (3), after writing the bodies
    // of the records before it, without a summary.
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    let want = "\
record 0 (row 2): phone_number (column 2): missing_country_code (left out; the user is kept)
record 1 (row 3): email (column 1): invalid_email
record 1 (row 3): phone_number (column 2): missing_country_code
record 2 (row 4): email (column 3): invalid_email (left out; the user is kept)
preflight: audience-batch: unclosed_quote: row 5: a quoted field opened in this record does not \
close before the end of the input or within 1048576 bytes (or closes only for text to follow it, \
rows later); nothing from this row on was read; the bodies written hold the records before it
";
    assert_eq!(err, want);
    let body: serde_json::Value = serde_json::from_str(stdout(&out).trim_end()).expect("one body");
    assert_eq!(
        body[0]["params"]["users"],
        serde_json::json!([
            {"email": [A_AT_X]},
            {"email": [A_AT_X], "phone_number": [UK_PHONE]},
        ])
    );
    // NDJSON: the value's position in the member; a type the endpoint does not take is left
    // out of a user that has an email.
    let ndjson = b"{\"email\": [\"bad\", \"a@x.com\"], \"handle\": \"@ok_handle\"}\n";
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Update",
            "--expires-at",
            "2030-01-01T00:00:00Z",
            "--ndjson",
            "--input-format",
            "ndjson",
        ],
        ndjson,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("record 0 (row 1): email[0]: invalid_email (left out; the user is kept)\n"),
        "{err}"
    );
    assert!(
        err.contains("record 0 (row 1): handle: field_not_allowed (left out; the user is kept)\n"),
        "{err}"
    );
    assert!(stdout(&out).contains(A_AT_X));
}

/// The statuses a command's `--help` lists ("Exit status: 0 ...; 1 ...; 141 ...").
fn help_statuses(command: &str) -> Vec<u32> {
    let out = preflight(&[command, "--help"], b"");
    assert_eq!(out.status.code(), Some(0), "{command} --help");
    let help = stdout(&out);
    let line = help
        .lines()
        .find_map(|l| l.strip_prefix("Exit status: "))
        .unwrap_or_else(|| panic!("{command} --help has no exit status line: {help}"));
    line.split("; ")
        .filter_map(|part| part.split(' ').next()?.parse().ok())
        .collect()
}

/// The statuses the table of docs/CLI.md gives `preflight <command>` (its non-empty cells).
fn readme_statuses(readme: &str, command: &str) -> Vec<u32> {
    let row = readme
        .lines()
        .find(|l| l.starts_with(&format!("| `preflight {command}` |")))
        .unwrap_or_else(|| panic!("no docs/CLI.md row for {command}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    // "", command, 0, 1, 2, 3, 141, ""
    [0, 1, 2, 3, 141]
        .iter()
        .zip(cells.iter().skip(2))
        .filter(|(_, c)| !c.is_empty())
        .map(|(s, _)| *s)
        .collect()
}

#[test]
fn every_command_lists_its_exit_statuses_in_help_and_the_cli_reference() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CLI.md"))
        .expect("docs/CLI.md");
    let commands = [
        ("validate", vec![0, 1, 2, 141]),
        ("hash", vec![0, 1, 2, 3, 141]),
        ("audience-batch", vec![0, 1, 2, 3, 141]),
        ("audience-outcome", vec![0, 1, 2, 141]),
        ("crc", vec![0, 1, 2, 141]),
        ("verify", vec![0, 1, 2, 141]),
        ("oauth1", vec![0, 2, 141]),
        ("demo", vec![0, 2, 141]),
        ("kinds", vec![0, 141]),
        ("describe", vec![0, 2, 141]),
        ("schema", vec![0, 2, 141]),
        ("answer", vec![0, 1, 2, 141]),
    ];
    // Every subcommand is in the list (the top-level help names each).
    let top = stdout(&preflight(&["--help"], b""));
    let listed: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    let mut known: Vec<&str> = commands.iter().map(|(c, _)| *c).collect();
    known.sort_unstable();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort_unstable();
    assert_eq!(listed_sorted, known, "{top}");
    for (command, want) in &commands {
        assert_eq!(&help_statuses(command), want, "{command} --help");
        assert_eq!(
            &readme_statuses(&readme, command),
            want,
            "docs/CLI.md, {command}"
        );
    }
}

/// Each status each command's help promises, produced (141: the test above; the signing
/// commands' other statuses: tests/cli_signing.rs).
#[test]
fn every_exit_status_happens() {
    let code = |args: &[&str], stdin: &[u8]| preflight(args, stdin).status.code();
    assert_eq!(
        code(
            &["validate", "poll_card"],
            br#"{"name":"P","duration_in_minutes":5,"first_choice":"a","second_choice":"b"}"#
        ),
        Some(0)
    );
    assert_eq!(code(&["validate", "poll_card"], b"{}"), Some(1));
    assert_eq!(code(&["validate", "no_such_kind"], b"{}"), Some(2));
    assert_eq!(code(&["validate", "poll_card"], b"{"), Some(2));
    assert_eq!(code(&["hash", "email"], b"a@x.com\n"), Some(0));
    assert_eq!(code(&["hash", "email"], b"bad\n"), Some(1));
    assert_eq!(
        code(&["hash", "email", "--column", "2"], b"email\na@x.com\n"),
        Some(2)
    );
    assert_eq!(code(&BATCH, b"email\na@x.com\n"), Some(0));
    assert_eq!(code(&BATCH, b"email\nbad\n"), Some(1));
    assert_eq!(code(&BATCH, b"mail\nbad\n"), Some(2));
    // audience-outcome's 0, 1 and 2 (and 141): cli/tests/cli_outcome.rs.
    assert_eq!(
        code(
            &[
                "audience-outcome",
                "--bodies",
                "/no/such/dir",
                "--answers",
                "."
            ],
            b""
        ),
        Some(2)
    );
    assert_eq!(code(&["demo"], b""), Some(0));
    assert_eq!(code(&["kinds"], b""), Some(0));
    assert_eq!(code(&["describe", "poll_card"], b""), Some(0));
    assert_eq!(code(&["describe", "no_such_kind"], b""), Some(2));
    let page = br#"{"data":[{"id":"a"}],"next_cursor":"c1","total_count":3}"#;
    assert_eq!(code(&["answer", "list-page"], page), Some(0));
    assert_eq!(code(&["answer", "list-page"], br#"{"data":[]}"#), Some(1));
    assert_eq!(code(&["answer", "list-page"], b"<html>"), Some(2));
    assert_eq!(
        code(&["answer", "list-page", "/no/such/file"], b""),
        Some(2)
    );
    assert_eq!(code(&["answer", "no-such-reader"], b""), Some(2));
    let rfc5849 = b"oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true\n";
    assert_eq!(code(&["answer", "request-token"], rfc5849), Some(0));
    assert_eq!(
        code(
            &["answer", "request-token"],
            b"oauth_token=a&oauth_token_secret=b"
        ),
        Some(2)
    );
    assert_eq!(
        code(
            &["answer", "access-token"],
            b"oauth_token=a&oauth_token_secret=b"
        ),
        Some(1)
    );
    assert_eq!(
        code(&["answer", "invalidate-token"], br#"{"access_token":"a"}"#),
        Some(0)
    );
    assert_eq!(
        code(&["answer", "invalidate-token"], b"access_token=a"),
        Some(2)
    );
    let problem = br#"{"type":"about:blank","title":"Not Found"}"#;
    assert_eq!(code(&["answer", "error-body"], problem), Some(0));
    assert_eq!(
        code(&["answer", "error-body"], br#"{"detail":"x"}"#),
        Some(1)
    );
    let typed = [
        "answer",
        "error-body",
        "--content-type",
        "application/json",
        "--status",
        "404",
    ];
    assert_eq!(code(&typed, problem), Some(1));
    assert_eq!(
        code(&["answer", "error-body", "--status", "600"], problem),
        Some(2)
    );
    assert_eq!(
        code(&["answer", "list-page", "--status", "404"], problem),
        Some(2)
    );
    assert_eq!(code(&["no-such-command"], b""), Some(2));
    assert_eq!(code(&["--help"], b""), Some(0));
}
