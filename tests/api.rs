//! The public API as a Rust user relies on it (issue 17): kinds, codes and reports round-trip
//! through serde by their stable names, and every error type is a `std::error::Error`.

use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
use preflight::audience::{self, HashOptions, IdType, PhoneFormat};
use preflight::{signing, Code, ErrorCode, Issue, Kind, Report, Severity};
use std::error::Error as StdError;

/// Every kind serializes as its stable name and reads back from it.
#[test]
fn every_kind_round_trips_by_its_stable_name() {
    for &kind in Kind::ALL {
        let text = serde_json::to_string(&kind).expect("serialize");
        assert_eq!(text, format!("\"{}\"", kind.name()));
        let back: Kind = serde_json::from_str(&text).expect("deserialize");
        assert_eq!(back, kind);
    }
    // As a map key and inside a struct, as a user's own types would hold it.
    let kinds: Vec<Kind> = serde_json::from_str(r#"["poll_card", "product_batch"]"#).expect("list");
    assert_eq!(kinds, [Kind::PollCard, Kind::ProductBatch]);
    // Only the exact stable name: no case folding, no Rust variant name.
    for wrong in [
        r#""PollCard""#,
        r#""POLL_CARD""#,
        r#""poll_crd""#,
        "1",
        "null",
    ] {
        assert!(serde_json::from_str::<Kind>(wrong).is_err(), "{wrong}");
    }
    let e = serde_json::from_str::<Kind>(r#""poll_crd""#).unwrap_err();
    assert!(e.to_string().contains("did you mean poll_card?"), "{e}");
}

/// Every issue code, severity and error code serializes as its stable snake_case name and reads
/// back from it.
#[test]
fn codes_and_severities_round_trip_by_their_stable_names() {
    for &code in Code::ALL {
        let text = serde_json::to_string(&code).expect("serialize");
        assert_eq!(text, format!("\"{}\"", code.as_str()));
        assert_eq!(serde_json::from_str::<Code>(&text).ok(), Some(code));
        assert_eq!(Code::from_name(code.as_str()), Some(code));
    }
    assert!(serde_json::from_str::<Code>(r#""TooLong""#).is_err());
    assert_eq!(Code::from_name("no_such_code"), None);
    for (severity, name) in [(Severity::Error, "error"), (Severity::Warning, "warning")] {
        assert_eq!(serde_json::to_value(severity).ok(), Some(name.into()));
        assert_eq!(
            serde_json::from_value::<Severity>(name.into()).ok(),
            Some(severity)
        );
    }
    for (code, name) in [
        (ErrorCode::UnknownKind, "unknown_kind"),
        (ErrorCode::BadOptions, "bad_options"),
        (ErrorCode::InvalidJson, "invalid_json"),
        (ErrorCode::TooDeep, "too_deep"),
        (ErrorCode::InputTooLarge, "input_too_large"),
    ] {
        assert_eq!(code.as_str(), name);
        assert_eq!(code.to_string(), name);
        assert_eq!(serde_json::to_value(code).ok(), Some(name.into()));
        assert_eq!(
            serde_json::from_value::<ErrorCode>(name.into()).ok(),
            Some(code)
        );
    }
}

/// The report of every shared vector (tests/snapshots/reports.jsonl, the reports pinned with
/// their messages and params) reads into a `Report` and writes back byte for byte.
#[test]
fn the_report_of_every_vector_round_trips() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/snapshots/reports.jsonl"
    ))
    .expect("tests/snapshots/reports.jsonl");
    let (mut reports, mut issues, mut codes) = (0, 0, std::collections::BTreeSet::new());
    for line in text.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let Some(output) = entry["output"].as_str() else {
            // A report too large to pin whole (only its head and length are stored).
            assert!(entry["output_bytes"].is_u64(), "{line}");
            continue;
        };
        // `{"ok":<report>}`, the report's text as the engine wrote it; `{"error":...}` for a
        // wrong call, which has no report.
        let Some(report_text) = output
            .strip_prefix(r#"{"ok":"#)
            .and_then(|t| t.strip_suffix('}'))
        else {
            assert!(output.starts_with(r#"{"error":"#), "{output}");
            continue;
        };
        let report: Report =
            serde_json::from_str(report_text).unwrap_or_else(|e| panic!("{}: {e}", entry["name"]));
        assert_eq!(report.to_json(), report_text, "{}", entry["name"]);
        let again: Report = serde_json::from_str(&report.to_json()).expect("again");
        assert_eq!(again, report);
        reports += 1;
        issues += report.issues.len();
        codes.extend(report.issues.iter().map(|i| i.code));
    }
    // The file holds every vector's report; most codes occur in it.
    assert!(reports > 1000, "{reports} reports");
    assert!(issues > 1000, "{issues} issues");
    assert!(codes.len() > 20, "{} codes", codes.len());
}

/// A report whose `valid` disagrees with its issues is refused, never read as valid.
#[test]
fn a_report_that_contradicts_its_issues_is_refused() {
    let error =
        r#"{"path":"/name","code":"required","message":"m","severity":"error","params":{}}"#;
    let warning =
        r#"{"path":"","code":"unknown_field","message":"m","severity":"warning","params":{}}"#;
    let read = |valid: bool, issues: &[&str]| {
        serde_json::from_str::<Report>(&format!(
            r#"{{"valid":{valid},"issues":[{}]}}"#,
            issues.join(",")
        ))
    };
    assert!(read(true, &[error]).is_err());
    assert!(read(false, &[warning]).is_err());
    assert!(read(false, &[]).is_err());
    assert!(read(false, &[warning, error]).is_ok_and(|r| !r.valid));
    assert!(read(true, &[warning]).is_ok_and(|r| r.valid));
    assert!(read(true, &[]).is_ok_and(|r| r.valid && r.issues.is_empty()));
    // An unknown code or severity is an error too.
    let odd = error.replace("required", "no_such_code");
    assert!(read(false, &[&odd]).is_err());
    let odd = error.replace("\"error\"", "\"fatal\"");
    assert!(read(false, &[&odd]).is_err());
}

/// A keyword-insights span with a fraction finer than an f64 holds (a new user's find): the
/// report's text is serde's, byte for byte, and reads back equal. `actual_seconds` is the span as
/// an f64 (1767225600 s plus 1 ns is 1767225600.0 in an f64, whose steps there are 2.4e-7 s), as
/// before the issues were typed; an exact decimal there had made `to_json` and serde disagree.
/// The expected texts are Python's `repr(seconds + nanos / 1e9)`.
#[test]
fn reports_with_float_params_round_trip() {
    let cases = [
        ("2026-01-01T00:00:00.000000001Z", "1767225600.0"),
        ("1970-01-08T00:00:00.5Z", "604800.5"),
        ("1970-01-08T00:00:00.123456789Z", "604800.123456789"),
        ("1970-04-11T00:00:00.999999999Z", "8640000.999999998"),
    ];
    for (end, seconds) in cases {
        let payload = serde_json::json!({"granularity": "DAY", "keywords": "a",
            "start_time": "1970-01-01T00:00:00Z", "end_time": end});
        let report = preflight::validate(
            Kind::KeywordInsightsQuery,
            &payload,
            &preflight::Options::default(),
        );
        let text = report.to_json();
        assert!(
            text.contains(&format!("\"actual_seconds\":{seconds},")),
            "{end}: {text}"
        );
        assert_eq!(
            serde_json::to_string(&report).ok(),
            Some(text.clone()),
            "{end}"
        );
        let back: Option<Report> = serde_json::from_str(&text).ok();
        assert_eq!(back.as_ref(), Some(&report), "{end}");
    }
}

/// What a consumer of reports builds in its own tests: `Issue::new` and `Report::from_issues`.
#[test]
fn reports_are_built_with_constructors() {
    let params = preflight::report::Params::new().with("max", 5i64);
    let issue = Issue::new("/a~1b", Code::TooLong, Severity::Error, "too long", params);
    let report = Report::from_issues(vec![issue.clone()]);
    assert!(!report.valid);
    assert_eq!(
        report.to_json(),
        r#"{"valid":false,"issues":[{"path":"/a~1b","code":"too_long","message":"too long","severity":"error","params":{"max":5}}]}"#
    );
    let warning = Issue::new(
        "",
        Code::Deprecated,
        Severity::Warning,
        "old",
        Default::default(),
    );
    assert!(Report::from_issues(vec![warning]).valid);
}

fn boxed<E: StdError + 'static>(e: E) -> Box<dyn StdError> {
    Box::new(e)
}

/// Every public error type is a `std::error::Error` with a message, taken from a real failing
/// call, so `?` carries it into a `Box<dyn Error>`.
#[test]
fn every_error_type_is_a_std_error() -> Result<(), Box<dyn StdError>> {
    let opts = HashOptions::default();
    let mut record = AudienceRecord::default();
    record.email = vec!["not an address".into()];
    let bodies = build_bodies(
        Endpoint::CustomAudienceUsers,
        &[record],
        &BatchOptions::default(),
    )?;
    let rejection = bodies.rejected[0];
    let mut zero = BatchOptions::default();
    zero.max_users_per_body = 0;
    let errors: Vec<(Box<dyn StdError>, &str)> = vec![
        (
            boxed(preflight::validate_json("nope", b"{}", "").unwrap_err()),
            "unknown_kind: ",
        ),
        (
            boxed(preflight::json::parse(b"[1,]").unwrap_err()),
            "syntax error at line 1",
        ),
        (
            boxed(audience::hash(IdType::Email, "not an address", &opts).unwrap_err()),
            "invalid_email: ",
        ),
        (
            boxed("fax".parse::<IdType>().unwrap_err()),
            "unknown_id_type: ",
        ),
        (
            boxed("dots".parse::<PhoneFormat>().unwrap_err()),
            "unknown_phone_format: ",
        ),
        (
            boxed(build_bodies(Endpoint::CustomAudienceUsers, &[], &zero).unwrap_err()),
            "invalid_limits: ",
        ),
        (boxed(rejection.error), "invalid_email: "),
        (boxed(rejection), "record 0, email[0]: invalid_email: "),
        (
            boxed(signing::sign_body(b"", b"body").unwrap_err()),
            "empty_secret: ",
        ),
        (
            boxed(audience::NormalizerMissing),
            "this build has no Unicode tables",
        ),
    ];
    for (e, start) in &errors {
        let text = e.to_string();
        assert!(!text.is_empty());
        assert!(
            text.starts_with(start),
            "{text:?} should start with {start:?}"
        );
        assert!(!text.contains("not an address"), "{text}");
    }
    // The record errors say which identifier error is behind them.
    let source = errors[7].0.source().expect("the record error");
    assert_eq!(source.to_string(), errors[6].0.to_string());
    let source = source.source().expect("the identifier error");
    assert_eq!(source.to_string(), errors[2].0.to_string());

    // And `?` converts each into a `Box<dyn Error>`.
    fn first_error() -> Result<(), Box<dyn StdError>> {
        preflight::validate_json("poll_card", b"[", "")?;
        Ok(())
    }
    assert!(first_error().is_err_and(|e| e.to_string().starts_with("invalid_json: ")));
    Ok(())
}
