//! Issue 22, findings 1, 2 and 11: a quote that never closes stops the run at its row (exit 3)
//! instead of swallowing the rest of the file into one row; a first record longer than a chunk
//! keeps the bytes after it; a partner_user_id that a line splitter would cut is refused in line
//! and CSV output. Expected hashes come from Python's hashlib (sha256 of the normalized text).

mod common;

use common::preflight;
use std::process::Output;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn unclosed(out: &Output, row: u64) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("unclosed_quote: row {row}: a quoted field")),
        "{err}"
    );
    // No summary: it would count a swallowed file as rows.
    assert!(!err.contains("preflight hash:"), "{err}");
}

/// Finding 1: a 200,000-row file whose row 4 opens a quote that never closes.
#[test]
fn a_stray_quote_stops_the_run_at_its_row() {
    let mut csv = String::from("email,n\nu1@x.com,1\nu2@x.com,2\n\"broken@x.com,1\n");
    for i in 0..200_000 {
        csv.push_str(&format!("v{i}@x.com,{i}\n"));
    }
    for threads in ["1", "4"] {
        let out = preflight(
            &["hash", "email", "--column", "email", "--threads", threads],
            csv.as_bytes(),
        );
        unclosed(&out, 4);
        assert_eq!(text(&out.stdout).lines().count(), 2, "threads {threads}");
    }
    // The rest of the file under a chunk: the same error (it was a rejected row, invalid_csv).
    let out = preflight(
        &["hash", "email", "--column", "1"],
        b"email\nu1@x.com\n\"b@x.com\nc@x.com\nd@x.com\n",
    );
    unclosed(&out, 3);
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // The stray quote pairs with a quote rows later: the record spanning those rows is not CSV,
    // so the run stops at it rather than count the rows in between as one invalid_csv row.
    let out = preflight(
        &["hash", "email", "--column", "1", "--threads", "2"],
        b"email\nu1@x.com\n\"b@x.com\nc@x.com\n\"d@x.com\",1\ne@x.com\n",
    );
    unclosed(&out, 3);
    // A header whose quote never closes.
    unclosed(
        &preflight(&["hash", "email", "--column", "email"], b"\"email\nx\n"),
        1,
    );
    // A well-formed file with quoted line breaks is untouched.
    let out = preflight(
        &["hash", "email", "--column", "2"],
        b"\xEF\xBB\xBFn,email\r\n\"a\nb\",u1@x.com\r\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Finding 2: `"` + 2 MiB + `\nb@example.com",x\nc@example.com` without a header: the quoted
/// field runs past the record bound, so the run stops at row 1; text from inside it
/// (`b@example.com"`) is never hashed as a row.
#[test]
fn a_long_first_record_is_never_cut_into_rows() {
    let mut csv = b"\"".to_vec();
    csv.extend(vec![b'a'; 2 << 20]);
    csv.extend_from_slice(b"\nb@example.com\",x\nc@example.com");
    for threads in ["1", "3"] {
        let out = preflight(
            &[
                "hash",
                "email",
                "--column",
                "1",
                "--no-header",
                "--threads",
                threads,
            ],
            &csv,
        );
        unclosed(&out, 1);
        assert_eq!(text(&out.stdout), "");
    }
    // Not in quotes: the long first record is one too_long row, and the rows after it are read
    // (the first chunk is not lost).
    let mut csv = vec![b'a'; 2 << 20];
    csv.extend_from_slice(b"\nb@example.com,x\n");
    let out = preflight(&["hash", "email", "--column", "1", "--no-header"], &csv);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        // sha256("b@example.com") (Python hashlib)
        "\ne8f39b3e1382367d6d41ab34dc270d4e7533f978c9e9a775dfe2185b2f96b96c\n"
    );
    assert!(text(&out.stderr).contains("row 1: too_long"));
}

/// Finding 11: every character Python's `str.splitlines` splits at (and NUL) is refused in a
/// partner_user_id written one per line, in line mode and in CSV mode.
#[test]
fn partner_user_ids_a_line_splitter_cuts_are_refused() {
    for c in [
        "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}",
        "\0",
    ] {
        let input = format!("a\nb{c}c\nd\n");
        let out = preflight(&["hash", "partner_user_id"], input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{c:?}");
        assert_eq!(text(&out.stdout), "a\n\nd\n", "{c:?}");
        assert!(text(&out.stderr).contains("row 2: line_break"), "{c:?}");
        let csv = format!("id\na\n\"b{c}c\"\nd\n");
        let out = preflight(
            &["hash", "partner_user_id", "--column", "id"],
            csv.as_bytes(),
        );
        assert_eq!(text(&out.stdout), "a\n\nd\n", "{c:?}");
        assert!(text(&out.stderr).contains("row 3: line_break"), "{c:?}");
    }
}
