//! `preflight hash` and `preflight audience-batch`, run as a user runs them, on generated files:
//! the spec's vectors, CSV columns, rejected rows (reported by number and code, never by value),
//! thread counts, line endings, exit statuses, and upload bodies within the request limits.

use preflight::audience::batch::{MAX_BODY_BYTES, MAX_USERS_PER_BODY};
use preflight::audience::{hash, HashOptions, IdType};
use serde_json::Value;
use std::process::Output;

mod common;
use common::{preflight, stderr, stdout, temp_dir, write};

fn lines(o: &Output) -> Vec<String> {
    stdout(o).lines().map(str::to_owned).collect()
}

/// (type, extra arguments, raw value, sha256) from the spec's "Public vectors" table.
#[rustfmt::skip]
const SPEC: &[(&str, &[&str], &str, &str)] = &[
    ("email", &[], "  Support@X.com ", "6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381"),
    ("email", &[], "testemail_Organisational_baseball+884@It92I6Ev2B.Com", "c934839719cef7e670281f3a3e281dfb93f0f4b4f0519d8df09a993971227d9e"),
    ("email", &[], "Jane.Doe+News@Gmail.com", "f41439c944a763c9812d700a779941cec169de13c9ccd13aaf9424ba5231620a"),
    ("email", &[], "\u{FEFF}alice@example.com", "ff8d9819fc0e12bf0d24892e45987e249a28dce836a85cad60e28eaaa8c6d976"),
    ("email", &[], "jose\u{0301}@example.com", "b0a53cf19e34d05b57bced7365c6b00ddbe38d62957e863de2a66a56c3b42cea"),
    ("email", &[], "ÉMILE@EXAMPLE.FR", "785a3e87c6b9f8c4a167e44c2456219325da44c27a00afb793663d9ff71dfd7c"),
    ("phone_number", &[], "+44 20 7183 8750", "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"),
    ("phone_number", &[], "0044 20 7183 8750", "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"),
    ("phone_number", &["--default-country-code", "1"], "(657) 777-0000", "a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"),
    ("phone_number", &["--default-country-code", "44"], "447911123456", "20b18ac9de7b3aad174961827d8e451c410af9aedfd1d699927f4b29b81aa1fa"),
    ("handle", &[], "@AdsAPI", "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"),
    ("device_id", &[], "4B61639E-47CC-4056-A16A-C8217E029462", "225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a"),
    ("device_id", &[], "4b61639e47cc4056a16ac8217e029462", "225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a"),
    ("device_id", &[], " AF3802A465767E36 ", "38bb33cb239524887c276ca99f9a077bc7161629804b914f4fd52e19dcffe92c"),
    ("service_id", &[], "143567", "617b8747525a154b1ecf75a42d883df00e0dd6d0f981bea57ac7bdce73e57eae"),
    ("partner_user_id", &[], " ABC-123 ", " ABC-123 "),
];

/// (type, extra arguments, raw value, code) of the spec's error rows.
#[rustfmt::skip]
const SPEC_ERRORS: &[(&str, &[&str], &str, &str)] = &[
    ("email", &[], "john doe@example.com", "invalid_email"),
    ("email", &[], "no-at-sign.example.com", "invalid_email"),
    ("phone_number", &[], "(657) 777-0000", "missing_country_code"),
    ("phone_number", &[], "+1-800-FLOWERS", "invalid_phone_number"),
    ("phone_number", &["--default-country-code", "91"], "919876543210", "ambiguous_country_code"),
    ("handle", &[], "@@jack", "invalid_handle"),
    ("handle", &[], "https://x.com/jack", "invalid_handle"),
    ("device_id", &[], "00000000-0000-0000-0000-000000000000", "limited_ad_tracking"),
    ("service_id", &[], "1.4e5", "invalid_service_id"),
    ("service_id", &[], "123456789012345678901234", "invalid_service_id"),
];

#[test]
fn spec_vectors_through_the_cli() {
    for (t, extra, raw, want) in SPEC {
        for threads in ["1", "2"] {
            let mut args = vec!["hash", t, "--threads", threads];
            args.extend_from_slice(extra);
            // As a line of a file, and as a quoted CSV field after a header.
            let out = preflight(&args, format!("{raw}\n").as_bytes());
            assert_eq!(out.status.code(), Some(0), "{t} {raw:?}: {}", stderr(&out));
            assert_eq!(lines(&out), vec![want.to_string()], "{t} {raw:?}");
            args.extend_from_slice(&["--column", "value"]);
            let csv = format!("value\n\"{}\"\n", raw.replace('"', "\"\""));
            let out = preflight(&args, csv.as_bytes());
            assert_eq!(lines(&out), vec![want.to_string()], "csv {t} {raw:?}");
        }
    }
    for (t, extra, raw, code) in SPEC_ERRORS {
        let mut args = vec!["hash", t];
        args.extend_from_slice(extra);
        let out = preflight(&args, format!("{raw}\n").as_bytes());
        assert_eq!(out.status.code(), Some(1), "{t} {raw:?}");
        assert_eq!(stdout(&out), "\n", "an empty line for the rejected row");
        assert!(
            stderr(&out).contains(&format!("row 1: {code}\n")),
            "{}",
            stderr(&out)
        );
    }
    // Phone formats and prehashed input.
    let out = preflight(
        &["hash", "phone_number", "--phone-format", "digits"],
        b"+44 20 7183 8750\n",
    );
    let digits = hash(
        IdType::PhoneNumber,
        "+442071838750",
        &HashOptions::default().with_phone_format(preflight::audience::PhoneFormat::Digits),
    )
    .expect("valid");
    assert_eq!(lines(&out), vec![digits]);
    let upper = "49E0BE2AECCFB51A8DEE4C945C8A70A9AC500CF6F5CB08112575F74DB9B1470D";
    let out = preflight(
        &["hash", "handle", "--prehashed"],
        format!(" {upper}\nadsapi\n").as_bytes(),
    );
    assert_eq!(
        stdout(&out),
        format!("{}\n\n", upper.to_ascii_lowercase()),
        "lowercased, not hashed again"
    );
    assert!(stderr(&out).contains("row 2: invalid_prehashed"));
}

#[test]
fn csv_column_by_name_and_index_with_quoted_fields() {
    let dir = temp_dir("cli-hash-csv");
    let csv = "\u{FEFF}id,\"E-mail, work\",note\r\n\
               1,\"Support@X.com\",\"a, \"\"quoted\"\" note\"\r\n\
               2,\"Jane.Doe+News@Gmail.com\",\"spans\ntwo lines\"\r\n\
               3,  ,plain\r\n\
               4,\"not an email\"\r\n\
               5\r\n\
               6,\"x@y.z\"junk,\r\n\
               7,\"ÉMILE@EXAMPLE.FR\",last";
    let file = write(&dir, "users.csv", csv.as_bytes());
    let expected = [
        Some("6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381"),
        Some("f41439c944a763c9812d700a779941cec169de13c9ccd13aaf9424ba5231620a"),
        None,
        None,
        None,
        None,
        Some("785a3e87c6b9f8c4a167e44c2456219325da44c27a00afb793663d9ff71dfd7c"),
    ];
    let want: Vec<String> = expected
        .iter()
        .map(|e| e.unwrap_or("").to_string())
        .collect();
    for column in ["E-mail, work", " e-mail, WORK ", "2"] {
        for threads in ["1", "2"] {
            let out = preflight(
                &[
                    "hash",
                    "email",
                    &file,
                    "--column",
                    column,
                    "--threads",
                    threads,
                ],
                b"",
            );
            assert_eq!(out.status.code(), Some(1), "{column}: {}", stderr(&out));
            assert_eq!(lines(&out), want, "{column}");
            let err = stderr(&out);
            // Rows count the header as row 1.
            for line in [
                "row 4: empty",
                "row 5: invalid_email",
                "row 6: missing_column",
                "row 7: invalid_csv",
            ] {
                assert!(err.contains(line), "{line} in {err}");
            }
            assert!(err.contains("7 rows, 3 hashed, 4 rejected"), "{err}");
        }
    }
    // The header is skipped with an index too; --no-header keeps it as a row.
    let out = preflight(
        &[
            "hash",
            "email",
            &file,
            "--column",
            "2",
            "--no-header",
            "--on-error",
            "drop",
        ],
        b"",
    );
    assert!(
        stderr(&out).contains("row 1: invalid_email"),
        "{}",
        stderr(&out)
    );
    assert_eq!(lines(&out).len(), 3);
    // Another delimiter.
    let out = preflight(
        &["hash", "handle", "--column", "h", "--delimiter", ";"],
        b"a;h\n1;@AdsAPI\n",
    );
    assert_eq!(
        lines(&out),
        vec!["49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"]
    );
    // Usage errors: an unknown column, a name without a header, a column 0.
    for args in [
        vec!["hash", "email", file.as_str(), "--column", "mail"],
        vec![
            "hash",
            "email",
            file.as_str(),
            "--column",
            "mail",
            "--no-header",
        ],
        vec!["hash", "email", file.as_str(), "--column", "0"],
        vec!["hash", "email", file.as_str(), "--no-header"],
    ] {
        let out = preflight(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn on_error_empty_keeps_rows_aligned_and_drop_leaves_them_out() {
    let input = b"a@x.com\nbad\n\nb@x.com\n";
    let a = hash(IdType::Email, "a@x.com", &HashOptions::default()).expect("valid");
    let b = hash(IdType::Email, "b@x.com", &HashOptions::default()).expect("valid");
    let out = preflight(&["hash", "email"], input);
    assert_eq!(stdout(&out), format!("{a}\n\n\n{b}\n"));
    assert_eq!(out.status.code(), Some(1));
    let out = preflight(&["hash", "email", "--on-error", "drop"], input);
    assert_eq!(stdout(&out), format!("{a}\n{b}\n"));
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("row 2: invalid_email\nrow 3: empty\n"),
        "{err}"
    );
    assert!(err.contains("4 rows, 2 hashed, 2 rejected"), "{err}");
    // --quiet: the summary only.
    let out = preflight(&["hash", "email", "--quiet"], input);
    let err = stderr(&out);
    assert!(!err.contains("row 2"), "{err}");
    assert!(err.contains("4 rows, 2 hashed, 2 rejected"), "{err}");
}

#[test]
fn stderr_names_rows_and_codes_never_values() {
    let marker = "Marker7Q3Z";
    let input = format!("ok@x.com\n{marker} at example.com\n{marker}@\n+1 {marker}\n{marker}?\n");
    let mut bytes = input.into_bytes();
    // Invalid UTF-8 after the marker on the last line.
    let last = bytes.len() - 2;
    bytes[last] = 0xff;
    for (t, rows) in [
        (
            "email",
            vec![
                "row 2: invalid_email",
                "row 3: invalid_email",
                "row 5: invalid_utf8",
            ],
        ),
        (
            "phone_number",
            vec!["row 1: invalid_phone_number", "row 4: invalid_phone_number"],
        ),
        ("handle", vec!["row 2: invalid_handle"]),
    ] {
        for quiet in [false, true] {
            let mut args = vec!["hash", t];
            if quiet {
                args.push("--quiet");
            }
            let out = preflight(&args, &bytes);
            let err = stderr(&out);
            assert!(!err.to_lowercase().contains("marker7q3z"), "{t}: {err}");
            assert!(!stdout(&out).to_lowercase().contains("marker7q3z"));
            if !quiet {
                for r in rows.iter() {
                    assert!(err.contains(r), "{r} in {err}");
                }
            }
        }
    }
    // The same through CSV and through audience-batch.
    let csv = format!("email,phone_number\n{marker}@,{marker}\n");
    let out = preflight(&["hash", "email", "--column", "email"], csv.as_bytes());
    assert!(!stderr(&out).contains(marker));
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--ndjson",
        ],
        csv.as_bytes(),
    );
    let err = stderr(&out);
    assert!(!err.contains(marker), "{err}");
    assert!(
        err.contains("record 0 (row 2): email (column 1): invalid_email\n"),
        "{err}"
    );
    assert!(
        err.contains("record 0 (row 2): phone_number (column 2): invalid_phone_number\n"),
        "{err}"
    );
    let ndjson = format!("{{\"email\": 5, \"x\": \"{marker}\"}}\n{{\"email\": [\"{marker}\"]}}\n");
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--ndjson",
            "--input-format",
            "ndjson",
        ],
        ndjson.as_bytes(),
    );
    let err = stderr(&out);
    assert!(!err.contains(marker), "{err}");
    assert!(err.contains("record 0 (row 1): invalid_record"), "{err}");
}

/// 100,000 lines of every kind: valid, invalid, blank, non-ASCII, `\r\n`, a BOM, no final line
/// ending. Several chunks, so rows cross chunk boundaries.
fn big_input() -> Vec<u8> {
    let mut s = String::from("\u{FEFF}");
    for i in 0..100_000u32 {
        let line = match i % 11 {
            0 => format!("  User.{i}@Example.COM "),
            1 => format!("bad {i}"),
            2 => String::new(),
            3 => format!("Jos\u{e9}{i}@Exämple.de"),
            4 => format!("jose\u{301}{i}@example.com\r"),
            5 => format!("\u{FEFF}u{i}@x.org"),
            6 => format!("@@{i}"),
            _ => format!("user{i}+tag@mail{}.example", i % 97),
        };
        s.push_str(&line);
        if i + 1 < 100_000 {
            s.push('\n');
        }
    }
    s.into_bytes()
}

#[test]
fn threads_give_identical_results_on_100000_lines() {
    let dir = temp_dir("cli-hash-threads");
    let input = big_input();
    assert!(input.len() > 1 << 20, "more than one chunk of 1 MiB");
    let file = write(&dir, "emails.txt", &input);
    let one = preflight(&["hash", "email", &file, "--threads", "1"], b"");
    let two = preflight(&["hash", "email", &file, "--threads", "2"], b"");
    let piped = preflight(&["hash", "email", "--threads", "2"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    assert_eq!(one.stdout, piped.stdout);
    assert_eq!(one.stderr, piped.stderr);
    // The same as the library, value by value.
    let text = String::from_utf8(input).expect("utf-8");
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let want: Vec<String> = text
        .split('\n')
        .map(|l| {
            hash(
                IdType::Email,
                l.strip_suffix('\r').unwrap_or(l),
                &HashOptions::default(),
            )
            .unwrap_or_default()
        })
        .collect();
    assert_eq!(lines(&one), want);
    let rejected = want.iter().filter(|w| w.is_empty()).count();
    assert!(stderr(&one).contains(&format!(
        "100000 rows, {} hashed, {rejected} rejected",
        100_000 - rejected
    )));
    // As CSV (a quoted field with a line break every 1000 records), by both thread counts.
    let mut csv = String::from("n,email\n");
    for (i, l) in text.split('\n').enumerate() {
        let l = l.strip_suffix('\r').unwrap_or(l);
        if i % 1000 == 0 {
            csv.push_str(&format!(
                "\"{i}\nwrapped\",\"{}\"\r\n",
                l.replace('"', "\"\"")
            ));
        } else {
            csv.push_str(&format!("{i},\"{}\"\r\n", l.replace('"', "\"\"")));
        }
    }
    let file = write(&dir, "emails.csv", csv.as_bytes());
    let one = preflight(
        &[
            "hash",
            "email",
            &file,
            "--column",
            "email",
            "--threads",
            "1",
        ],
        b"",
    );
    let two = preflight(
        &[
            "hash",
            "email",
            &file,
            "--column",
            "email",
            "--threads",
            "2",
        ],
        b"",
    );
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    // The CSV values are the lines without their \r and leading BOM-free: a value's own U+FEFF
    // is trimmed for hashed types either way.
    assert_eq!(lines(&one), want);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn crlf_and_unterminated_last_line() {
    let a = hash(IdType::Email, "a@x.com", &HashOptions::default()).expect("valid");
    let b = hash(IdType::Email, "b@x.com", &HashOptions::default()).expect("valid");
    for input in [
        &b"a@x.com\r\nb@x.com\r\n"[..],
        b"a@x.com\r\nb@x.com",
        b"a@x.com\nb@x.com\n",
    ] {
        let out = preflight(&["hash", "email"], input);
        assert_eq!(stdout(&out), format!("{a}\n{b}\n"));
        assert_eq!(out.status.code(), Some(0));
        assert!(stderr(&out).contains("2 rows, 2 hashed, 0 rejected"));
    }
    // partner_user_id keeps everything but the line ending; a lone `\r` left in a value would
    // cut the output for a line splitter: refused.
    let out = preflight(&["hash", "partner_user_id"], b" p 1 \r\n\tp2\r\r\n\tp3\r\n");
    assert_eq!(stdout(&out), " p 1 \n\n\tp3\n");
    assert!(stderr(&out).contains("row 2: line_break"));
    // In CSV, a partner id with a line break cannot be written one per line.
    let out = preflight(
        &["hash", "partner_user_id", "--column", "1"],
        b"id\n\"a\nb\"\nc\n",
    );
    assert_eq!(stdout(&out), "\nc\n");
    assert!(stderr(&out).contains("row 2: line_break"));
}

#[test]
fn a_line_longer_than_a_chunk_is_rejected_alone() {
    let mut input = b"a@x.com\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend_from_slice(b"\nb@x.com\n");
    for threads in ["1", "2"] {
        let out = preflight(&["hash", "email", "--threads", threads], &input);
        let l = lines(&out);
        assert_eq!(l.len(), 3);
        assert_eq!((l[0].len(), l[1].len(), l[2].len()), (64, 0, 64));
        assert!(stderr(&out).contains("row 2: too_long"), "{}", stderr(&out));
    }
    let mut csv = b"email\n\"".to_vec();
    csv.extend(std::iter::repeat_n(b'x', 3 << 20));
    csv.extend_from_slice(b"\n,\"\nb@x.com\n");
    for threads in ["1", "2"] {
        let out = preflight(
            &["hash", "email", "--column", "email", "--threads", threads],
            &csv,
        );
        // The quoted field is still open where its record passes the bound: a quote that may
        // never close stops the run at its row (exit 3) rather than swallow what follows.
        assert_eq!(lines(&out).len(), 0);
        assert_eq!(out.status.code(), Some(3));
        assert!(
            stderr(&out).contains("unclosed_quote: row 2"),
            "{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("invalid_csv"), "{}", stderr(&out));
    }
}

#[test]
fn exit_statuses() {
    assert_eq!(
        preflight(&["hash", "email"], b"a@x.com\n").status.code(),
        Some(0)
    );
    assert_eq!(preflight(&["hash", "email"], b"").status.code(), Some(0));
    assert_eq!(
        preflight(&["hash", "email"], b"a@x.com\nbad\n")
            .status
            .code(),
        Some(1)
    );
    for args in [
        vec!["hash"],
        vec!["hash", "mail"],
        vec!["hash", "email", "/no/such/file.txt"],
        vec!["hash", "email", "--threads", "0"],
        vec!["hash", "email", "--on-error", "skip"],
        vec!["hash", "phone_number", "--phone-format", "E164"],
        vec!["hash", "phone_number", "--default-country-code", "+28"],
        vec!["hash", "phone_number", "--default-country-code", "UK"],
        vec!["hash", "email", "--delimiter", ";"],
        vec![
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
        ],
        vec![
            "audience-batch",
            "--endpoint",
            "x",
            "--operation",
            "Update",
            "--ndjson",
        ],
        vec![
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Update",
            "--ndjson",
        ],
        vec![
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Add",
            "--ndjson",
        ],
    ] {
        let out = preflight(&args, b"email\na@x.com\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!out.stderr.is_empty());
    }
}

fn users(body: &Value) -> usize {
    body[0]["params"]["users"].as_array().map_or(0, Vec::len)
}

#[test]
fn audience_batch_bodies_reparse_and_respect_the_limits() {
    let dir = temp_dir("cli-hash-batch");
    // 6000 users (one with an invalid email, which keeps its phone number and handle), each with
    // an email, a phone number and a handle; a name column mapped out.
    let mut csv = String::from("Email,phone_number,name,handle\n");
    for i in 0..6000 {
        let email = if i == 4321 {
            "not an email".to_string()
        } else {
            format!("User{i}@Example.com")
        };
        csv.push_str(&format!(
            "\"{email}\",+44 20 7183 {:04},\"Name, {i}\",@h{i}\n",
            i % 10_000
        ));
    }
    let file = write(&dir, "users.csv", csv.as_bytes());
    let out_dir = dir.join("bodies");
    let out_dir_s = out_dir.to_string_lossy().into_owned();
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--effective-at",
            "2026-01-01T00:00:00Z",
            "--expires-at",
            "2027-01-01T00:00:00Z",
            "--out-dir",
            &out_dir_s,
            "--map",
            "NAME=ignore",
            &file,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "record 4321 (row 4323): email (column 1): invalid_email (left out; the user is kept)"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "6000 records read: 6000 in 3 bodies, 0 rejected; 1 value left out of 1 record in \
             the bodies (1 invalid_email)"
        ),
        "{err}"
    );
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("bodies")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "manifest.ndjson")
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["body-0001.json", "body-0002.json", "body-0003.json"]
    );
    let mut total = 0;
    let mut bodies = Vec::new();
    for n in &names {
        let bytes = std::fs::read(out_dir.join(n)).expect("body");
        assert!(bytes.len() <= MAX_BODY_BYTES);
        let body: Value = serde_json::from_slice(&bytes).expect("a body is JSON");
        assert!(users(&body) <= MAX_USERS_PER_BODY);
        total += users(&body);
        let report = preflight::validate(
            preflight::Kind::CustomAudienceUsers,
            &body,
            &preflight::Options::default(),
        );
        assert!(
            report.valid && report.issues.is_empty(),
            "{}",
            report.to_json()
        );
        bodies.push(body);
    }
    assert_eq!(total, 6000);
    assert_eq!(users(&bodies[0]), MAX_USERS_PER_BODY);
    // User 4321 is sent with its phone number and handle, without the invalid email.
    let kept = &bodies[1][0]["params"]["users"][4321 - MAX_USERS_PER_BODY];
    assert!(kept.get("email").is_none(), "{kept}");
    assert_eq!(
        kept["handle"][0],
        hash(IdType::Handle, "@h4321", &HashOptions::default()).expect("valid")
    );
    let first = &bodies[0][0]["params"]["users"][0];
    assert_eq!(
        first["email"][0],
        hash(IdType::Email, "User0@Example.com", &HashOptions::default()).expect("valid")
    );
    assert_eq!(
        first["handle"][0],
        hash(IdType::Handle, "@h0", &HashOptions::default()).expect("valid")
    );
    assert!(first.get("name").is_none());
    // The same directory again is refused: it holds bodies.
    let again = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--out-dir",
            &out_dir_s,
            &file,
        ],
        b"",
    );
    assert_eq!(again.status.code(), Some(2));
    // A smaller byte limit splits by bytes; NDJSON output on stdout, one body per line.
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Delete",
            "--max-body-bytes",
            "100000",
            "--ndjson",
            "--quiet",
            "--map",
            "3=ignore",
            &file,
        ],
        b"",
    );
    let text = stdout(&out);
    let mut total = 0;
    for line in text.lines() {
        assert!(line.len() <= 100_000);
        let body: Value = serde_json::from_str(line).expect("each line is a body");
        assert_eq!(body[0]["operation_type"], "Delete");
        total += users(&body);
    }
    assert_eq!(total, 6000);
    assert!(text.lines().count() > 3);
    // Do-not-reach from NDJSON: email and phone only, expires_at required.
    let ndjson = "{\"email\": \"Support@X.com\", \"phone_number\": [\"+44 20 7183 8750\"]}\n\
                  {\"handle\": \"@AdsAPI\"}\n\n{\"email\": null, \"phone_number\": \"(657) 777-0000\"}\n";
    let file = write(&dir, "dnr.ndjson", ndjson.as_bytes());
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Update",
            "--expires-at",
            "2030-01-01T00:00:00Z",
            "--default-country-code",
            "1",
            "--ndjson",
            &file,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("record 1 (row 2): handle: field_not_allowed"),
        "{err}"
    );
    assert!(err.contains("record 2 (row 3): no_identifiers"), "{err}");
    let body: Value = serde_json::from_str(stdout(&out).trim_end()).expect("one body");
    assert_eq!(users(&body), 2);
    let report = preflight::validate(
        preflight::Kind::DoNotReachUsers,
        &body,
        &preflight::Options::default(),
    );
    assert!(
        report.valid && report.issues.is_empty(),
        "{}",
        report.to_json()
    );
    assert_eq!(
        body[0]["params"]["users"][1]["phone_number"][0],
        "a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"
    );
    // A CSV header naming a type the endpoint does not take is a usage error.
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
        ],
        b"email,device_id\na@x.com,\n",
    );
    assert_eq!(out.status.code(), Some(2));
    // "later than now": the clock, or --now.
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Update",
            "--expires-at",
            "2001-01-01T00:00:00Z",
            "--ndjson",
        ],
        b"email\na@x.com\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "do_not_reach_users",
            "--operation",
            "Update",
            "--expires-at",
            "2001-01-01T00:00:00Z",
            "--now",
            "2000-01-01T00:00:00Z",
            "--ndjson",
        ],
        b"email\na@x.com\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_the_input_start_loses_its_byte_order_mark() {
    // 16384 lines of 64 bytes fill the first 1 MiB chunk exactly: the next line, starting with
    // U+FEFF, starts a chunk. A partner id keeps it (it is not the start of the input).
    let mut input = "\u{FEFF}".as_bytes().to_vec();
    for i in 0..16_384 {
        let line = format!("{i:063}\n");
        input.extend_from_slice(if i == 0 {
            &line.as_bytes()[3..]
        } else {
            line.as_bytes()
        });
    }
    input.extend_from_slice("\u{FEFF}kept\nlast\n".as_bytes());
    for threads in ["1", "2"] {
        let out = preflight(&["hash", "partner_user_id", "--threads", threads], &input);
        let l = lines(&out);
        assert_eq!(l.len(), 16_386);
        assert_eq!(l[0], format!("{:063}", 0)[3..]);
        assert_eq!(l[16_384], "\u{FEFF}kept");
        assert_eq!(l[16_385], "last");
    }
}
