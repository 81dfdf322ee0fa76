//! `preflight audience-outcome --bodies DIR --answers ADIR [--out FILE] [--retry-dir RDIR]`:
//! reads the platform's answer to each body `preflight audience-batch --out-dir DIR` wrote
//! (document B §4, §7) and writes the outcome of every input row, in input order: accepted,
//! rejected before sending, failed at the platform, or to retry; and the bodies to retry, with a
//! manifest of their own. The reading is the library's,
//! [`preflight::answers::audience::OutcomeBuilder`], body by body, so millions of rows stream.

use crate::audience_batch::{Manifest, MANIFEST};
use crate::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use preflight::answers::audience::{BodyState, Outcome, OutcomeBuilder, RecordOutcome};
use preflight::json::Value as JsonValue;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

const AFTER_HELP: &str = concat!(
    "\
Input: DIR as `preflight audience-batch --out-dir DIR` wrote it: body-0001.json, ... and
manifest.ndjson (each body's input records and rows, the rejected records and their codes; never
a value). ADIR holds the answer to each body under the body's own file name (ADIR/body-0001.json
answers DIR/body-0001.json): exactly the HTTP response body text, whatever the status (bytes that
are not UTF-8 are not JSON). A body without an answer file was not sent or its answer was lost:
its rows are to retry.

The rules (document B §4, §7), body by body: request-level `errors` fail every row of the body
(with the first error's code and message); an `operation_errors` item fails the rows of the
operation it points to (by its position, or its own `index` member), and the other rows of the
body are to retry (a batch succeeds or fails as a whole); otherwise `success_count` and
`total_count` (in `data`, or at the top level) must be equal and equal to the number of
operations sent (1 per body), else every row of the body is to retry, even if the HTTP status was
200. An answer that is not JSON, breaks a documented shape, or names an operation that was not
sent is taken for nothing: every row to retry. No row is accepted on a guess.

Output: CSV (--out FILE, else standard output), one line per input row in input order:
row,record,outcome,body,code,message. `row` is the input row (CSV record number counting the
header as 1; NDJSON line), `record` the 0-based record index, `outcome` accepted, rejected, failed
or retry, `body` the body file. `code`: for rejected the code of its first problem; for failed
the platform's code as given; for retry the reason (no_answer, not_json, answer_problem,
counts_missing, counts_mismatch, body_failed). `message`: for failed the platform's message as
given (its text, quoted as CSV needs); for retry a fixed explanation. A platform code or message
that is not a string is written as its JSON text.

--retry-dir RDIR writes the bodies to retry (only their operations to retry, as sent) as
RDIR/body-0001.json, ... with RDIR/manifest.ndjson, so that RDIR is sent and read the same way
(its rows keep the original input rows). The summary, and each body not accepted with its issues
(paths into the answer, codes), go to standard error.

",
    exit_status!(
        "0 every row accepted; 1 some rows rejected, failed or to retry; 2 usage error, an \
         unreadable or missing body, manifest or answer directory, a manifest that does not \
         match its bodies (a body whose users are not its listed records, a record listed twice, \
         counts that disagree with its last line), an answer file that answers no body, or \
         unwritable output"
    )
);

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The directory `preflight audience-batch --out-dir` wrote (bodies and manifest.ndjson).
    #[arg(long, value_name = "DIR")]
    bodies: PathBuf,
    /// The directory holding the answer to each body, under the body's file name.
    #[arg(long, value_name = "ADIR")]
    answers: PathBuf,
    /// Write the per-row outcome CSV to FILE [default: standard output].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the bodies to retry, and their manifest, to RDIR (new or empty).
    #[arg(long, value_name = "RDIR")]
    retry_dir: Option<PathBuf>,
    /// Only the summary on standard error (not each body that was not accepted).
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: &Args) -> u8 {
    match outcome(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("preflight: audience-outcome: {message}");
            EXIT_USAGE
        }
    }
}

/// One body line of the manifest.
struct BodyLine {
    name: String,
    records: Vec<usize>,
    rows: Vec<usize>,
}

/// The manifest, read and checked.
struct Read {
    endpoint: String,
    operation: String,
    bodies: Vec<BodyLine>,
    /// (index, row, code), in index order.
    rejected: Vec<(usize, usize, String)>,
}

fn index_list(v: Option<&Value>) -> Option<Vec<usize>> {
    v?.as_array()?
        .iter()
        .map(|n| n.as_u64().and_then(|n| usize::try_from(n).ok()))
        .collect()
}

fn read_manifest(dir: &Path) -> Result<Read, String> {
    let path = dir.join(MANIFEST);
    let file = std::fs::File::open(&path).map_err(|e| {
        format!(
            "cannot read {}: {e} (the manifest `preflight audience-batch --out-dir` writes)",
            path.display()
        )
    })?;
    let shown = path.display().to_string();
    let mut out = Read {
        endpoint: String::new(),
        operation: String::new(),
        bodies: Vec::new(),
        rejected: Vec::new(),
    };
    let mut end = None;
    for (n, line) in io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read {shown}: {e}"))?;
        let bad = |what: &str| format!("{shown} line {}: {what}", n + 1);
        if end.is_some() {
            return Err(bad("a line after the last (`end`) line"));
        }
        let v: Value = serde_json::from_str(&line).map_err(|_| bad("not JSON"))?;
        if n == 0 {
            if v.get("manifest").and_then(Value::as_str) != Some("preflight audience-batch")
                || v.get("version").and_then(Value::as_u64) != Some(1)
            {
                return Err(bad("not a manifest of preflight audience-batch, version 1"));
            }
            out.endpoint = v["endpoint"].as_str().unwrap_or_default().to_owned();
            out.operation = v["operation"].as_str().unwrap_or_default().to_owned();
        } else if v.get("end") == Some(&Value::Bool(true)) {
            end = Some((
                v.get("records").and_then(Value::as_u64),
                v.get("bodies").and_then(Value::as_u64),
                v.get("rejected").and_then(Value::as_u64),
            ));
        } else if let Some(name) = v.get("body").and_then(Value::as_str) {
            let ok_name = name.starts_with("body-")
                && name.ends_with(".json")
                && !name.contains(['/', '\\'])
                && name != "body-.json";
            let (Some(records), Some(rows)) =
                (index_list(v.get("records")), index_list(v.get("rows")))
            else {
                return Err(bad("a body line without its records and rows"));
            };
            if !ok_name || records.len() != rows.len() {
                return Err(bad(
                    "a body line with a bad file name, or records and rows that differ in number",
                ));
            }
            out.bodies.push(BodyLine {
                name: name.to_owned(),
                records,
                rows,
            });
        } else if let Some(index) = v.get("rejected") {
            let (Some(index), Some(row), Some(code)) = (
                index.as_u64().and_then(|n| usize::try_from(n).ok()),
                v.get("row")
                    .and_then(Value::as_u64)
                    .and_then(|n| usize::try_from(n).ok()),
                v.get("code").and_then(Value::as_str),
            ) else {
                return Err(bad("a rejected line without its index, row and code"));
            };
            out.rejected.push((index, row, code.to_owned()));
        } else {
            return Err(bad("neither a body, a rejected record nor the end"));
        }
    }
    let Some((records, bodies, rejected)) = end else {
        return Err(format!(
            "{shown}: no last (`end`) line: the manifest is cut short"
        ));
    };
    let listed: usize =
        out.bodies.iter().map(|b| b.records.len()).sum::<usize>() + out.rejected.len();
    let as_u64 = |n: usize| u64::try_from(n).ok();
    if records != as_u64(listed)
        || bodies != as_u64(out.bodies.len())
        || rejected != as_u64(out.rejected.len())
    {
        return Err(format!(
            "{shown}: its last line does not count the records, bodies and rejected records listed"
        ));
    }
    out.rejected.sort_by_key(|r| r.0);
    // Input order: the bodies' records ascend across the bodies, and no record is listed twice.
    let mut last = None;
    for b in &out.bodies {
        for &r in &b.records {
            if last.is_some_and(|l| r <= l) {
                return Err(format!(
                    "{shown}: the bodies' records are not in input order (or one is listed twice)"
                ));
            }
            last = Some(r);
        }
    }
    let mut names = BTreeSet::new();
    for b in &out.bodies {
        if !names.insert(b.name.as_str()) {
            return Err(format!("{shown}: body {} listed twice", b.name));
        }
    }
    for w in out.rejected.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(format!("{shown}: record {} rejected twice", w[0].0));
        }
    }
    // No record both sent and rejected (both lists ascend).
    let mut sent = out.bodies.iter().flat_map(|b| b.records.iter()).peekable();
    for (index, _, _) in &out.rejected {
        while sent.next_if(|&&r| r < *index).is_some() {}
        if sent.peek() == Some(&index) {
            return Err(format!(
                "{shown}: record {index} is both in a body and rejected"
            ));
        }
    }
    Ok(out)
}

/// The input row of record `r`, the `k`-th user of `body`.
fn row_of(body: &BodyLine, k: usize, r: &RecordOutcome) -> String {
    match (body.records.get(k), body.rows.get(k)) {
        (Some(&i), Some(row)) if i == r.index => row.to_string(),
        _ => String::new(),
    }
}

/// A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(out: &mut String, text: &str) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

/// A platform value as a CSV field: a string as itself, anything else as its JSON text.
fn platform_field(out: &mut String, v: Option<&JsonValue<'static>>) {
    match v {
        None => {}
        Some(JsonValue::String(s)) => csv_field(out, s),
        Some(other) => csv_field(out, &other.to_serde().to_string()),
    }
}

struct Counts {
    accepted: usize,
    rejected: usize,
    failed: usize,
    retry: usize,
}

fn outcome(args: &Args) -> Result<u8, String> {
    let manifest = read_manifest(&args.bodies)?;
    if !args.answers.is_dir() {
        return Err(format!(
            "cannot read {}: not a directory (the answers, one file per body)",
            args.answers.display()
        ));
    }
    // Every answer file answers a body.
    let names: BTreeSet<&str> = manifest.bodies.iter().map(|b| b.name.as_str()).collect();
    let entries = std::fs::read_dir(&args.answers)
        .map_err(|e| format!("cannot read {}: {e}", args.answers.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("body-") && name.ends_with(".json") && !names.contains(name.as_str()) {
            return Err(format!(
                "{} answers no body of {}",
                args.answers.join(&name).display(),
                args.bodies.join(MANIFEST).display()
            ));
        }
    }
    let mut retry_out = match &args.retry_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            let busy = std::fs::read_dir(dir)
                .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
                .flatten()
                .any(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    (n.starts_with("body-") && n.ends_with(".json")) || n == MANIFEST
                });
            if busy {
                return Err(format!(
                    "{} already holds body files; use an empty or new directory",
                    dir.display()
                ));
            }
            Some((
                dir.clone(),
                Manifest::create(dir, &manifest.endpoint, &manifest.operation)?,
                0usize,
                0usize,
            ))
        }
        None => None,
    };
    let sink: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let out_name = args
        .out
        .as_ref()
        .map_or_else(|| "standard output".to_owned(), |p| p.display().to_string());
    let mut out = BufWriter::new(sink);
    let write_failed = |e: io::Error| {
        if args.out.is_none() {
            crate::output_failed(e);
        }
        format!("cannot write {out_name}: {e}")
    };
    out.write_all(b"row,record,outcome,body,code,message\n")
        .map_err(write_failed)?;
    let mut err = BufWriter::new(io::stderr().lock());
    let mut counts = Counts {
        accepted: 0,
        rejected: 0,
        failed: 0,
        retry: 0,
    };
    let mut line = String::new();
    let mut rejected = manifest.rejected.iter().peekable();
    let mut write_rejected = |out: &mut BufWriter<Box<dyn Write>>,
                              counts: &mut Counts,
                              line: &mut String,
                              below: Option<usize>|
     -> Result<(), io::Error> {
        while let Some((index, row, code)) = rejected.next_if(|r| below.map_or(true, |b| r.0 < b)) {
            counts.rejected += 1;
            line.clear();
            line.push_str(&format!("{row},{index},rejected,,"));
            csv_field(line, code);
            line.push_str(",\n");
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    };
    let mut builder = OutcomeBuilder::new();
    let mut bodies_not_accepted = 0;
    for body in &manifest.bodies {
        let path = args.bodies.join(&body.name);
        let json = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let answer_path = args.answers.join(&body.name);
        let answer = match std::fs::read(&answer_path) {
            // Bytes that are not UTF-8 are no JSON text: read as such (`not_json`), never
            // patched into text that might parse.
            Ok(bytes) => Some(String::from_utf8(bytes).unwrap_or_default()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("cannot read {}: {e}", answer_path.display())),
        };
        let result = builder
            .body(&json, Some(&body.records), answer.as_deref())
            .map_err(|e| {
                format!(
                    "{} does not match {}: {}",
                    path.display(),
                    args.bodies.join(MANIFEST).display(),
                    e.message
                )
            })?;
        if result.state != BodyState::Accepted {
            bodies_not_accepted += 1;
            if !args.quiet {
                let mut text = format!("{}: {}", body.name, result.state.name());
                if let Some(r) = result.reason {
                    text.push_str(&format!(" ({}: {})", r.code(), r.message()));
                }
                if let (Some(s), Some(t)) = (result.success_count, result.total_count) {
                    text.push_str(&format!(
                        "; success_count {s}, total_count {t}, {} operation{} sent",
                        result.operations,
                        if result.operations == 1 { "" } else { "s" }
                    ));
                }
                writeln!(err, "{text}").map_err(|e| e.to_string())?;
                for issue in &result.issues {
                    writeln!(
                        err,
                        "  {} {}: {}",
                        if issue.path.is_empty() {
                            "(the answer)"
                        } else {
                            &issue.path
                        },
                        issue.code,
                        issue.message
                    )
                    .map_err(|e| e.to_string())?;
                }
            }
        }
        for (k, r) in result.records.iter().enumerate() {
            write_rejected(&mut out, &mut counts, &mut line, Some(r.index))
                .map_err(write_failed)?;
            // Records come in body order: record k is the body's k-th user.
            let row = row_of(body, k, r);
            line.clear();
            line.push_str(&format!(
                "{row},{},{},{},",
                r.index,
                r.outcome.name(),
                body.name
            ));
            match &r.outcome {
                Outcome::Accepted => {
                    counts.accepted += 1;
                    line.push(',');
                }
                Outcome::Failed(e) => {
                    counts.failed += 1;
                    platform_field(&mut line, e.code.as_ref());
                    line.push(',');
                    platform_field(&mut line, e.message.as_ref());
                }
                Outcome::Retry(reason) => {
                    counts.retry += 1;
                    line.push_str(reason.code());
                    line.push(',');
                    csv_field(&mut line, reason.message());
                }
                Outcome::Rejected { code } => {
                    counts.rejected += 1;
                    csv_field(&mut line, code);
                    line.push(',');
                }
                _ => line.push(','),
            }
            line.push('\n');
            out.write_all(line.as_bytes()).map_err(write_failed)?;
        }
        if let (Some(retry), Some((dir, m, written, _))) = (&result.retry, retry_out.as_mut()) {
            *written += 1;
            let name = format!("body-{:04}.json", *written);
            let p = dir.join(&name);
            std::fs::write(&p, retry.json.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            // The retry body's records are a part of the body's, in the same order.
            let mut k = 0;
            let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(retry.records.len());
            for &i in &retry.records {
                while k < body.records.len() && body.records[k] != i {
                    k += 1;
                }
                let Some(&row) = body.rows.get(k) else {
                    return Err(format!(
                        "{}: a record to retry is not in the body",
                        body.name
                    ));
                };
                pairs.push((i, row));
            }
            m.body(&name, &pairs)?;
        }
        if let Some((_, _, _, n)) = retry_out.as_mut() {
            *n += result.retry.as_ref().map_or(0, |r| r.records.len());
        }
    }
    write_rejected(&mut out, &mut counts, &mut line, None).map_err(write_failed)?;
    // The rejected records were all listed in the manifest; the builder checks none was sent.
    builder
        .finish(manifest.rejected.iter().map(|(i, _, c)| (*i, c.as_str())))
        .map_err(|e| format!("{}: {}", args.bodies.join(MANIFEST).display(), e.message))?;
    out.flush().map_err(write_failed)?;
    let mut summary = format!(
        "preflight: audience-outcome: {} records: {} accepted, {} rejected, {} failed, {} to retry; {} of {} bodies not accepted",
        counts.accepted + counts.rejected + counts.failed + counts.retry,
        counts.accepted,
        counts.rejected,
        counts.failed,
        counts.retry,
        bodies_not_accepted,
        manifest.bodies.len()
    );
    if let Some((dir, mut m, written, records)) = retry_out {
        m.end(records)?;
        summary.push_str(&format!(
            "; wrote {written} bod{} to retry in {}",
            if written == 1 { "y" } else { "ies" },
            dir.display()
        ));
    }
    writeln!(err, "{summary}").map_err(|e| e.to_string())?;
    err.flush().map_err(|e| e.to_string())?;
    Ok(if counts.rejected + counts.failed + counts.retry == 0 {
        EXIT_OK
    } else {
        EXIT_INVALID
    })
}
