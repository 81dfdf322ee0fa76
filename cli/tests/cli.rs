//! The `preflight` command line, run as a user runs it.

mod common;
use common::preflight;

const GOOD_POLL: &str =
    r#"{"name":"p","duration_in_minutes":60,"first_choice":"a","second_choice":"b"}"#;
const BAD_POLL: &str = r#"{"name":"p","duration_in_minutes":2,"first_choice":"a"}"#;

#[test]
fn exit_status_follows_validity() {
    assert_eq!(
        preflight(&["validate", "poll_card"], GOOD_POLL.as_bytes())
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        preflight(&["validate", "poll_card", "-"], BAD_POLL.as_bytes())
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn json_output_is_the_library_report() {
    let out = preflight(&["validate", "poll_card", "--json"], BAD_POLL.as_bytes());
    let lib = preflight::validate_json("poll_card", BAD_POLL.as_bytes(), "")
        .expect("valid call")
        .to_json();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), lib);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn reads_a_file_and_takes_context() {
    let dir = std::env::temp_dir().join(format!("preflight-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let file = dir.join("li.json");
    std::fs::write(&file, r#"{"daily_budget_amount_local_micro":"5000000"}"#).expect("write");
    let f = file.to_string_lossy().to_string();
    let out = preflight(
        &[
            "validate",
            "line_item_update",
            &f,
            "--json",
            "--context",
            r#"{"budget_optimization":"LINE_ITEM"}"#,
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(!text.contains("\"fact\":\"budget_optimization\""), "{text}");
    let out = preflight(&["validate", "line_item_update", &f, "--json"], b"");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("\"fact\":\"budget_optimization\""), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn now_pins_the_clock_rules() {
    let query = br#"{"granularity":"DAY","keywords":"coffee","start_time":"2026-11-01T00:00:00Z"}"#;
    let args = |now: &'static str| vec!["validate", "keyword_insights_query", "--now", now];
    assert_eq!(
        preflight(&args("2026-11-08T00:00:00Z"), query)
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        preflight(&args("2026-11-08T00:00:01Z"), query)
            .status
            .code(),
        Some(1)
    );
    let bad = preflight(&args("2026-11-08"), query);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad_options"));
}

#[test]
fn usage_and_parse_errors_exit_2() {
    for (args, stdin) in [
        (vec!["validate", "no_such_kind"], GOOD_POLL.as_bytes()),
        (vec!["validate", "poll_card"], b"{not json".as_slice()),
        (
            vec!["validate", "poll_card"],
            b"{\"name\":\"\xff\"}".as_slice(),
        ),
        (
            vec!["validate", "poll_card", "--context", "{\"objectiv\":1}"],
            GOOD_POLL.as_bytes(),
        ),
        (
            vec!["validate", "poll_card", "/no/such/file.json"],
            b"".as_slice(),
        ),
        (vec!["frobnicate"], b"".as_slice()),
    ] {
        let out = preflight(&args, stdin);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn demo_runs_every_sample() {
    let out = preflight(&["demo"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("product_batch") && text.contains("line_item_update"));
    assert!(
        text.contains("invalid"),
        "the demo shows problems being found"
    );
}

/// A reader that goes away (`preflight ... | head`) ends the tool quietly with 128 + SIGPIPE,
/// never with a panic.
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // 200,000 repeated items: a report of many megabytes, far more than a pipe holds.
    let items = vec!["id"; 200_000].join(",");
    let payload = format!("{{\"webhook_config.fields\":\"{items}\"}}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_preflight"))
        .args(["validate", "webhook_list_query", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn preflight");
    drop(child.stdout.take());
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(payload.as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}

/// `--max-issues N` is the option `max_issues`: the same report as the library's, byte for byte;
/// a value the option refuses is a usage error.
#[test]
fn max_issues_flag_is_the_library_option() {
    let payload = r#"{"feature_keys":["a","b","c","d","e"]}"#;
    let out = preflight(
        &[
            "validate",
            "sandbox_features_create",
            "--max-issues",
            "3",
            "--json",
        ],
        payload.as_bytes(),
    );
    let lib = preflight::validate_json(
        "sandbox_features_create",
        payload.as_bytes(),
        r#"{"max_issues":3}"#,
    )
    .expect("valid call")
    .to_json();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), lib);
    assert!(lib.contains(r#""code":"too_many_issues""#), "{lib}");
    assert_eq!(out.status.code(), Some(1));
    // The human form counts every issue found, not only those shown.
    let out = preflight(
        &["validate", "sandbox_features_create", "--max-issues", "3"],
        payload.as_bytes(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("invalid (5 errors, 0 warnings)"), "{text}");
    for bad in ["-1", "3.5", "100001", "three", ""] {
        let out = preflight(
            &["validate", "sandbox_features_create", "--max-issues", bad],
            payload.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("bad_options"), "{bad}: {err}");
    }
}

#[test]
fn an_unknown_kind_suggests_the_nearest_one() {
    for args in [&["validate", "poll_crd"][..], &["describe", "prodcut"][..]] {
        let out = preflight(args, b"{}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let want = if args[0] == "validate" {
            "poll_card"
        } else {
            "product"
        };
        assert!(
            err.contains(&format!(
                "unknown_kind: unknown kind; did you mean {want}? kinds() or `preflight kinds` lists the {} kinds\n",
                preflight::Kind::ALL.len()
            )),
            "{err}"
        );
        assert!(
            !err.contains(args[1]),
            "the name given is never repeated: {err}"
        );
    }
    let out = preflight(&["validate", "xyzzy_plugh"], b"{}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.ends_with(&format!(
            "unknown kind; kinds() or `preflight kinds` lists the {} kinds\n",
            preflight::Kind::ALL.len()
        )) && err.len() < 200,
        "{err}"
    );
}
