//! The CLI for data teams (issue 23, items 7-9): a country per row (`--country-column`), joining
//! hashes back (`--keep-column`), `--show-normalized`, the `--default-country-code` forms, the
//! audience-batch summary whose numbers add up, and one message prefix for every command.
//! Expected hashes are SHA-256 of E.164 numbers written here by hand (and the spec's vectors).

mod common;

use common::{preflight, stderr, stdout, temp_dir, write};
use std::path::Path;

/// SHA-256 of `text` as 64 lowercase hex digits.
fn sha(text: &str) -> String {
    preflight::audience::sha256(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A multi-country export as spreadsheets write it: a byte-order mark, CRLF, a quoted id holding
/// a comma, a stray quote inside an unquoted field, countries as codes and regions in every
/// form, an empty country (the default applies), an unknown one, a short record.
const EXPORT: &str = "\u{FEFF}customer id,Phone,Country,Note\r\n\
    1,020 7183 8750,GB,ok\r\n\
    2,(657) 777-0000,,5\" screen\r\n\
    \"3,a\",447911123456,44,\r\n\
    4,919876543210,+91,ambiguous\r\n\
    5,14155550123,us,\r\n\
    6,0301234567,UK,not a region\r\n\
    7,\"+49 30 1234567\",0049,a + wins\r\n\
    8,12345\r\n\
    9,030 1234567,de,\r\n\
    10,06 4567 8901,IT,\r\n\
    11,8 (495) 123-45-67,RU,\r\n\
    12,98765 43210,IN,\r\n";

/// Row by row: the E.164 number hashed, or the code of the rejection.
const EXPECTED: [Result<&str, &str>; 12] = [
    Ok("+442071838750"),
    Ok("+16577770000"),
    Ok("+447911123456"),
    Err("ambiguous_country_code"),
    Ok("+14155550123"),
    Err("invalid_country"),
    Ok("+49301234567"),
    Err("missing_column"),
    Ok("+49301234567"),
    Ok("+390645678901"),
    Ok("+74951234567"),
    Ok("+919876543210"),
];

#[test]
fn country_column_reads_each_rows_country() {
    let dir = temp_dir("cli-country-rows");
    let file = write(&dir, "export.csv", EXPORT.as_bytes());
    // The default country, 1, for row 2 only; every way to write it gives the same output.
    let mut outputs = Vec::new();
    for cc in ["1", "+1", "001", "US", "ca"] {
        let out = preflight(
            &[
                "hash",
                "phone_number",
                &file,
                "--column",
                "phone",
                "--country-column",
                "COUNTRY",
                "--default-country-code",
                cc,
                "--threads",
                "2",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        outputs.push(out);
    }
    let out = &outputs[0];
    let want: Vec<String> = EXPECTED
        .iter()
        .map(|r| r.map(sha).unwrap_or_default())
        .collect();
    assert_eq!(stdout(out).lines().collect::<Vec<_>>(), want);
    // The spec's vectors among them.
    assert_eq!(
        want[0],
        "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"
    );
    assert_eq!(
        want[2],
        "20b18ac9de7b3aad174961827d8e451c410af9aedfd1d699927f4b29b81aa1fa"
    );
    let err = stderr(out);
    for (i, r) in EXPECTED.iter().enumerate() {
        if let Err(code) = r {
            assert!(err.contains(&format!("row {}: {code}\n", i + 2)), "{err}");
        }
    }
    assert!(
        err.contains(
            "preflight: hash: 12 rows, 9 hashed, 3 rejected (1 ambiguous_country_code, 1 \
             invalid_country, 1 missing_column)"
        ),
        "{err}"
    );
    for other in &outputs[1..] {
        assert_eq!(other.stdout, out.stdout);
    }
    // By index, as by name.
    let by_index = preflight(
        &[
            "hash",
            "phone_number",
            &file,
            "--column",
            "2",
            "--country-column",
            "3",
            "--default-country-code",
            "1",
        ],
        b"",
    );
    assert_eq!(by_index.stdout, out.stdout);
    // Without a fallback, the row without a country is missing_country_code.
    let no_default = preflight(
        &[
            "hash",
            "phone_number",
            &file,
            "--column",
            "phone",
            "--country-column",
            "country",
        ],
        b"",
    );
    assert!(stderr(&no_default).contains("row 3: missing_country_code\n"));
}

#[test]
fn country_column_usage_errors() {
    let csv = b"phone,cc\n020 7183 8750,GB\n";
    for (args, want) in [
        (
            &["hash", "email", "--column", "1", "--country-column", "2"][..],
            "preflight: hash: --country-column applies to phone_number",
        ),
        (
            &[
                "hash",
                "phone_number",
                "--column",
                "1",
                "--country-column",
                "3",
            ][..],
            "preflight: hash: --country-column 3: the header has 2 fields",
        ),
        (
            &[
                "hash",
                "phone_number",
                "--column",
                "1",
                "--country-column",
                "land",
            ][..],
            "preflight: hash: --country-column: no header field is named \"land\"",
        ),
        (
            &[
                "hash",
                "phone_number",
                "--column",
                "1",
                "--keep-column",
                "id",
            ][..],
            "preflight: hash: --keep-column: no header field is named \"id\"",
        ),
    ] {
        let out = preflight(args, csv);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with(want), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
    }
    // Without --column there is no row to take a country from.
    let out = preflight(&["hash", "phone_number", "--country-column", "2"], csv);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn default_country_code_forms() {
    let number = b"020 7183 8750\n";
    let want = format!(
        "{}\n",
        "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"
    );
    for cc in ["44", "+44", "0044", "GB", "gb", " 44 "] {
        let out = preflight(
            &["hash", "phone_number", "--default-country-code", cc],
            number,
        );
        assert_eq!(out.status.code(), Some(0), "{cc}: {}", stderr(&out));
        assert_eq!(stdout(&out), want, "{cc}");
    }
    for cc in ["+28", "UK", "044", "4 4", "+", "GBR"] {
        let out = preflight(
            &["hash", "phone_number", "--default-country-code", cc],
            number,
        );
        assert_eq!(out.status.code(), Some(2), "{cc}");
        let err = stderr(&out);
        assert!(
            err.starts_with("preflight: hash: --default-country-code ")
                && err.contains("neither a country calling code (44, +44, 0044) nor an ISO"),
            "{cc}: {err}"
        );
    }
}

#[test]
fn keep_column_joins_hashes_back() {
    let dir = temp_dir("cli-country-keep");
    let file = write(&dir, "export.csv", EXPORT.as_bytes());
    let run = |extra: &[&str]| {
        let mut args = vec![
            "hash",
            "phone_number",
            file.as_str(),
            "--column",
            "phone",
            "--country-column",
            "country",
            "--default-country-code",
            "1",
            "--keep-column",
            "customer id",
        ];
        args.extend_from_slice(extra);
        preflight(&args, b"")
    };
    let ids = [
        "1", "2", "\"3,a\"", "4", "5", "6", "7", "8", "9", "10", "11", "12",
    ];
    // --on-error empty: every data row, its id, an empty hash when rejected.
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let mut want = String::from("customer id,hash\n");
    for (id, r) in ids.iter().zip(EXPECTED) {
        want.push_str(&format!("{id},{}\n", r.map(sha).unwrap_or_default()));
    }
    assert_eq!(stdout(&out), want);
    // --on-error drop: the rejected rows left out.
    let out = run(&["--on-error", "drop"]);
    let mut want = String::from("customer id,hash\n");
    for (id, r) in ids.iter().zip(EXPECTED) {
        if let Ok(e164) = r {
            want.push_str(&format!("{id},{}\n", sha(e164)));
        }
    }
    assert_eq!(stdout(&out), want);
    // --show-normalized: the normalized number between them (and never without the flag).
    let out = run(&["--show-normalized"]);
    let mut want = String::from("customer id,normalized,hash\n");
    for (id, r) in ids.iter().zip(EXPECTED) {
        match r {
            Ok(e164) => want.push_str(&format!("{id},{e164},{}\n", sha(e164))),
            Err(_) => want.push_str(&format!("{id},,\n")),
        }
    }
    assert_eq!(stdout(&out), want);
    assert!(!stdout(&run(&[])).contains("+44"));
}

#[test]
fn keep_column_needs_its_field() {
    // A record without the kept field is rejected (a hash without its key joins nothing);
    // fields with quotes, commas and line breaks are written quoted (RFC 4180).
    let csv = "email,id\n\
               a@x.com,\"say \"\"hi\"\"\"\n\
               b@x.com\n\
               c@x.com,\"two\nlines\"\n\
               bad,x\n";
    let out = preflight(
        &["hash", "email", "--column", "1", "--keep-column", "2"],
        csv.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        format!(
            "id,hash\n\"say \"\"hi\"\"\",{}\n,\n\"two\nlines\",{}\nx,\n",
            sha("a@x.com"),
            sha("c@x.com")
        )
    );
    let err = stderr(&out);
    assert!(err.contains("row 3: missing_column\n"), "{err}");
    // Rows are records: the quoted line break does not start one.
    assert!(err.contains("row 5: invalid_email\n"), "{err}");
    // Without a header, the kept field's header is the --keep-column text.
    let out = preflight(
        &[
            "hash",
            "email",
            "--column",
            "1",
            "--no-header",
            "--keep-column",
            "2",
        ],
        b"a@x.com,7\n",
    );
    assert_eq!(stdout(&out), format!("2,hash\n7,{}\n", sha("a@x.com")));
}

#[test]
fn show_normalized_on_lines() {
    let out = preflight(
        &["hash", "email", "--show-normalized"],
        "\u{FEFF} A@X.com \r\nnot an email\n\"q\"@x.com\n".as_bytes(),
    );
    assert_eq!(
        stdout(&out),
        format!(
            "normalized,hash\na@x.com,{}\n,\n\"\"\"q\"\"@x.com\",{}\n",
            sha("a@x.com"),
            sha("\"q\"@x.com")
        )
    );
    let help = stdout(&preflight(&["hash", "--help"], b""));
    assert!(help.contains("identifiers in clear"), "{help}");
    assert!(help.contains("--no-progress"), "{help}");
}

#[test]
fn audience_batch_summary_adds_up() {
    // Several problems per record: record 1 loses two values and is kept; record 2 has three
    // bad values and is rejected; record 3 has no value; record 4 has a country that names none
    // and a bad email, so it is rejected with two problems.
    let csv = "email,email,phone_number,handle,country\n\
               a@x.com,bad1,12,@ok,GB\n\
               bad2,bad3,99,,GB\n\
               ,,,,\n\
               bad4,,020 7183 8750,,UK\n\
               c@x.com,,020 7183 8750,,gb\n";
    let out = preflight(
        &[
            "audience-batch",
            "--endpoint",
            "custom_audience_users",
            "--operation",
            "Update",
            "--ndjson",
            "--country-column",
            "country",
        ],
        csv.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let summary = err.lines().last().unwrap_or_default();
    assert_eq!(
        summary,
        "preflight: audience-batch: 5 records read: 2 in 1 body, 3 rejected; 2 values left out \
         of 1 record in the bodies (1 invalid_email, 1 invalid_phone_number); 6 problems in the \
         3 rejected records (3 invalid_email, 1 invalid_country, 1 invalid_phone_number, 1 \
         no_identifiers)"
            .replace(
                "(3 invalid_email, 1 invalid_country",
                "(1 invalid_country, 3 invalid_email"
            ),
        "{err}"
    );
    // The detail lines are as many as the summary counts.
    assert_eq!(
        err.matches("(left out; the user is kept)").count(),
        2,
        "{err}"
    );
    assert_eq!(err.lines().count(), 2 + 6 + 1, "{err}");
    assert!(
        err.contains("record 3 (row 5): phone_number (country, column 5): invalid_country\n"),
        "{err}"
    );
    // The fifth record's phone number read as British.
    assert!(stdout(&out).contains(&sha("+442071838750")));
}

#[test]
fn one_message_prefix() {
    // Every message the tool writes itself starts with `preflight: COMMAND: `.
    let dir = temp_dir("cli-country-prefix");
    let quote = write(&dir, "quote.csv", b"email\n\"open\n");
    for (args, stdin) in [
        (vec!["hash", "email", "/no/such/file"], &b""[..]),
        (vec!["hash", "email", "--column", "x"], &b"email\n"[..]),
        (vec!["hash", "email", "--column", "1", &quote], &b""[..]),
        (vec!["hash", "email"], &b"bad\n"[..]),
        (
            vec![
                "audience-batch",
                "--endpoint",
                "custom_audience_users",
                "--operation",
                "Update",
                "--ndjson",
            ],
            &b"name\nx\n"[..],
        ),
        (
            vec![
                "audience-batch",
                "--endpoint",
                "custom_audience_users",
                "--operation",
                "Update",
                "--ndjson",
            ],
            &b"email\nbad\n"[..],
        ),
        (vec!["validate", "card", "--context", "{"], &b"{}"[..]),
        (vec!["describe", "no_such_kind"], &b""[..]),
        (vec!["crc", "--help-nothing"], &b""[..]),
    ] {
        let out = preflight(&args, stdin);
        let err = stderr(&out);
        // clap's own usage errors start with `error:`; every other line is the tool's.
        if err.starts_with("error:") {
            continue;
        }
        let command = args[0];
        for line in err
            .lines()
            .filter(|l| !l.starts_with("row ") && !l.starts_with("record "))
        {
            if line.starts_with("  ") {
                continue;
            }
            assert!(
                line.starts_with(&format!("preflight: {command}: ")),
                "{args:?}: {line}"
            );
        }
        assert!(!err.contains("preflight hash:") && !err.contains("preflight audience-batch:"));
    }
}

#[test]
fn cases_of_a_two_million_row_export() {
    // Rows of the kinds a 2,000,000-row multi-country export holds: a quoted id holding a comma, a quoted note with a line break (one record, one row), a
    // stray quote inside an unquoted note, countries padded with spaces, `00` before a calling
    // code in a country whose own international prefix is another (Japan: 010; the spec reads
    // 00 as a calling code always, libphonenumber as a national number there), the calling code
    // written without + (read per row), and a + that wins over the row's country.
    let csv = "\u{FEFF}customer_id,email,phone,country,note\r\n\
               \"ACME-1,x\",u1@example.com,00 81 90 1234 5678,JP,\"two\nlines\"\r\n\
               C2,u2@example.com,(02) 1234 5678, AU ,5\" screen\r\n\
               C3,u3@example.com,0061 2 1234 5678,+61,\"say \"\"hi\"\", ok\"\r\n\
               C4,u4@example.com,447911123456, gb ,\r\n\
               C5,u5@example.com,919876543210,IN,\r\n\
               C6,u6@example.com,+1 415 555 0123,DE,vip\r\n";
    let out = preflight(
        &[
            "hash",
            "phone_number",
            "--column",
            "phone",
            "--country-column",
            "country",
            "--keep-column",
            "customer_id",
        ],
        csv.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "customer_id,hash\n\"ACME-1,x\",{}\nC2,{}\nC3,{}\nC4,{}\nC5,\nC6,{}\n",
            sha("+819012345678"),
            sha("+61212345678"),
            sha("+61212345678"),
            sha("+447911123456"),
            sha("+14155550123"),
        )
    );
    assert_eq!(
        stderr(&out).lines().next(),
        Some("row 6: ambiguous_country_code")
    );
}

#[test]
fn progress_on_a_terminal_whatever_quiet() {
    // Standard error a terminal (util-linux `script` gives the command a pseudo-terminal): the
    // bar is drawn with --quiet too, and --no-progress alone turns it off.
    let script = Path::new("/usr/bin/script");
    if !script.exists() {
        eprintln!("SKIPPED: no /usr/bin/script to give the command a terminal");
        return;
    }
    let dir = temp_dir("cli-country-progress");
    let mut lines = String::new();
    for i in 0..50_000 {
        lines.push_str(&format!("user{i}@example.com\n"));
    }
    let file = write(&dir, "emails.txt", lines.as_bytes());
    let bin = env!("CARGO_BIN_EXE_preflight");
    let run = |flags: &str| {
        let command = format!("{bin} hash email {file} {flags} > /dev/null");
        let out = std::process::Command::new(script)
            .args(["-qec", &command, "/dev/null"])
            .output()
            .expect("script runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    for flags in ["", "-q"] {
        let tty = run(flags);
        assert!(tty.contains("rows/s"), "{flags:?}: {tty:?}");
        assert!(
            tty.contains("preflight: hash: 50000 rows, 50000 hashed"),
            "{tty:?}"
        );
    }
    let tty = run("-q --no-progress");
    assert!(
        !tty.contains("rows/s") && tty.contains("50000 hashed"),
        "{tty:?}"
    );
}

#[test]
fn audience_batch_ndjson_country_member() {
    // NDJSON records give their own country as a `country` member (AudienceRecord::country).
    let ndjson = "{\"phone_number\": \"020 7183 8750\", \"country\": \"GB\"}\n\
                  {\"phone_number\": \"020 7183 8750\", \"country\": \"UK\"}\n\
                  {\"phone_number\": \"(657) 777-0000\", \"country\": \"\"}\n";
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
            "--default-country-code",
            "+1",
        ],
        ndjson.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        format!(
            "[{{\"operation_type\":\"Update\",\"params\":{{\"users\":[{{\"phone_number\":[\"{}\"]}},\
             {{\"phone_number\":[\"{}\"]}}]}}}}]\n",
            sha("+442071838750"),
            sha("+16577770000")
        )
    );
    assert!(
        stderr(&out).starts_with("record 1 (row 2): phone_number (country): invalid_country\n"),
        "{}",
        stderr(&out)
    );
}
