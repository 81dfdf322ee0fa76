//! `preflight audience-batch --endpoint custom_audience_users|do_not_reach_users
//! --operation Update|Delete [--effective-at T] [--expires-at T] [--now T]
//! (--out-dir DIR | --ndjson) [--input-format csv|ndjson] [--map COLUMN=TYPE]... [FILE|-]`:
//! builds the upload bodies of
//! the custom audience users or do-not-reach list users endpoint (document B §4) from a user
//! list, streaming, with [`preflight::audience::batch::BodyBuilder`]: every identifier hashed,
//! users grouped into one operation per body, each body within 2500 users and 5,000,000 bytes.
//!
//! Input: CSV whose header names identifier columns, or NDJSON records (one JSON object per
//! line, `{"email": "...", "phone_number": ["...", "..."]}`). A user keeps every valid
//! identifier; each value left out and each user rejected (nothing left) is reported on standard
//! error by position, field and (CSV) column, never by value.

mod input;

use crate::hash::progress::Progress;
use crate::hash::{self, Next, RecordReader, Scanner};
use crate::{EXIT_INVALID, EXIT_OK, EXIT_UNCLOSED_QUOTE, EXIT_USAGE};
use input::{find_column, header_columns, parse_map, At, ColumnMap, Source};
use preflight::audience::batch::{
    AudienceRecord, BatchOptions, Body, BodyBuilder, Endpoint, Operation, Rejection,
    MAX_BODY_BYTES, MAX_USERS_PER_BODY,
};
use std::collections::BTreeMap;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The longest input record held, in bytes; a longer one is rejected as `too_long`.
pub const MAX_RECORD_BYTES: usize = 1 << 20;
/// Bytes read from the input at a time.
const READ_BUFFER_BYTES: usize = 1 << 16;
/// Records between two looks at the progress bar's clock.
const PROGRESS_EVERY: usize = 1024;

const AFTER_HELP: &str = concat!(
    "\
Input (by extension: .ndjson, .jsonl and .json are NDJSON, anything else and standard input CSV;
--input-format decides otherwise):
  CSV: every header field names an identifier type (email, phone_number, handle, device_id,
    service_id, partner_user_id; trimmed, ASCII case ignored), or is mapped with --map
    COLUMN=TYPE (COLUMN: the header name or a 1-based index; TYPE: a type, or `ignore` to leave
    the column out). A header field that is neither is an error. A type may have several
    columns (a user with two emails). A cell that is empty (for hashed types: only whitespace)
    gives no value. Every record must have as many fields as the header; empty input is an
    error (no header).
  NDJSON: one object per line; each member a string, an array of strings, or null.
A blank line is a record without identifiers (rejected as no_identifiers).

A country per record, for its phone numbers: --country-column COLUMN (CSV; a `country` member in
NDJSON) holds a calling code (44, +44, 0044) or an ISO 3166-1 alpha-2 region (GB); an empty cell
keeps --default-country-code, anything else leaves the record's phone numbers out
(invalid_country), never a guess.

A user keeps every valid identifier: an invalid value, or a type the endpoint does not take, is
left out and reported (`left out; the user is kept`), and the user is sent with the rest. A user
is rejected only when nothing is left (each of its problems is reported), when it has no value,
or when it alone would not fit a body. Reports name the record by its 0-based index among the
data records and its row (CSV record number counting the header as 1; NDJSON line number), the
field and the CSV column or the value's position in the NDJSON member: never the value.

The summary on standard error: records read = records in the bodies + records rejected; the
values left out of records in the bodies, with their codes (adding up to that count); and the
problems of the rejected records (a record may have several), with their codes.

Output: --out-dir DIR writes DIR/body-0001.json, body-0002.json, ... (each exactly the body, no
line break; DIR must hold no body files or manifest yet) and DIR/manifest.ndjson (each body's
input record indexes and rows, each rejected record's index, row and first code; never a value),
which `preflight audience-outcome` reads with the platform's answers; --ndjson writes one body
per line on standard output. Each body is one operation object holding at most 2500 users and at most 5,000,000
bytes, in input order.

Dates are ISO 8601 date-times in UTC (2026-11-21T09:30:00Z). The do_not_reach_users endpoint
requires --expires-at and takes no --effective-at. Without --effective-at, --expires-at must be
later than now: the system clock, or --now.

",
    exit_status!(
    "0 every value of every record sent; 1 some values left out or records rejected (the bodies \
     hold everything valid); 2 usage error, bad dates or options, a header field that names no \
     type and is not mapped, empty CSV input, unreadable input (a directory) or unwritable output; \
     3 a quoted field that never closes (unclosed_quote, naming its row): nothing from that row \
     on is read, the bodies hold the records before it"
)
);

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    Csv,
    Ndjson,
}

#[derive(clap::Args)]
#[command(
    group(clap::ArgGroup::new("output").required(true).args(["out_dir", "ndjson"])),
    after_help = AFTER_HELP
)]
pub struct Args {
    /// The endpoint: custom_audience_users or do_not_reach_users.
    #[arg(long, value_name = "ENDPOINT", value_parser = parse_endpoint)]
    endpoint: Endpoint,
    /// The operation of every body: Update (add) or Delete (remove).
    #[arg(long, value_name = "OPERATION", value_parser = parse_operation)]
    operation: Operation,
    /// params.effective_at (custom audience only), ISO 8601 UTC.
    #[arg(long, value_name = "T")]
    effective_at: Option<String>,
    /// params.expires_at, ISO 8601 UTC (required for do_not_reach_users).
    #[arg(long, value_name = "T")]
    expires_at: Option<String>,
    /// The current time for the "later than now" check, ISO 8601 UTC [default: the system clock].
    #[arg(long, value_name = "T")]
    now: Option<String>,
    /// Write each body to DIR/body-NNNN.json.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Write one body per line to standard output.
    #[arg(long)]
    ndjson: bool,
    /// The input format [default: by the file's extension, else csv].
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    /// The CSV field delimiter: one ASCII character, or `tab` [default: ,].
    #[arg(long, value_name = "CHAR", value_parser = hash::parse_delimiter)]
    delimiter: Option<u8>,
    #[command(flatten)]
    hash: hash::HashArgs,
    /// Users per body, 1 to 2500 (smaller bodies only).
    #[arg(long, value_name = "N", default_value_t = MAX_USERS_PER_BODY)]
    max_users_per_body: usize,
    /// Bytes per body, 1 to 5000000 (smaller bodies only).
    #[arg(long, value_name = "N", default_value_t = MAX_BODY_BYTES)]
    max_body_bytes: usize,
    /// Report only the summary on standard error (no rejected records or values).
    #[arg(long, short)]
    quiet: bool,
    /// No progress bar (drawn on standard error when it is a terminal and the input a file,
    /// with or without --quiet).
    #[arg(long)]
    no_progress: bool,
    /// CSV: read header column COLUMN (its name, or a 1-based index) as TYPE, an identifier
    /// type or `ignore`. Repeatable.
    #[arg(long = "map", value_name = "COLUMN=TYPE", value_parser = parse_map)]
    map: Vec<ColumnMap>,
    /// CSV: each record's own country for its phone numbers, from this column (a header name or
    /// a 1-based index): a calling code (44, +44, 0044) or an ISO 3166-1 alpha-2 region (GB).
    /// An empty cell falls back to --default-country-code; anything else leaves the record's
    /// phone numbers out (invalid_country). NDJSON records give it as a `country` member.
    #[arg(long, value_name = "COLUMN")]
    country_column: Option<String>,
    /// The input file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    file: Option<String>,
}

fn parse_endpoint(s: &str) -> Result<Endpoint, String> {
    s.parse()
        .map_err(|e: preflight::audience::batch::BatchError| e.to_string())
}

fn parse_operation(s: &str) -> Result<Operation, String> {
    s.parse()
        .map_err(|e: preflight::audience::batch::BatchError| e.to_string())
}

pub fn run(args: &Args) -> u8 {
    match batch(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("preflight: audience-batch: {message}");
            EXIT_USAGE
        }
    }
}

/// The current time as ISO 8601 UTC, from the system clock.
fn system_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    iso8601_utc(i64::try_from(secs).unwrap_or(i64::MAX / 2))
}

/// `unix_seconds` as `YYYY-MM-DDThh:mm:ssZ`.
fn iso8601_utc(unix_seconds: i64) -> String {
    let days = unix_seconds.div_euclid(86_400);
    let secs = unix_seconds.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Where the bodies go.
enum Output {
    Dir {
        dir: PathBuf,
        written: usize,
        manifest: Manifest,
    },
    Ndjson(BufWriter<io::StdoutLock<'static>>),
}

/// The file name of the manifest written beside the bodies (`--out-dir`), read by
/// `preflight audience-outcome`.
pub const MANIFEST: &str = "manifest.ndjson";

/// `DIR/manifest.ndjson`: what `preflight audience-outcome` needs to map each answer back to the
/// input rows, never a value. One JSON object per line: the header
/// `{"manifest":"preflight audience-batch","version":1,"endpoint":…,"operation":…}`; per body
/// `{"body":"body-0001.json","records":[…],"rows":[…]}` (the input index and row of each of its
/// users, in body order); per rejected record `{"rejected":<index>,"row":<row>,"code":…}` (its
/// first problem); last `{"end":true,"records":<read>,"bodies":<n>,"rejected":<n>}`.
pub struct Manifest {
    path: PathBuf,
    out: BufWriter<std::fs::File>,
    bodies: usize,
    rejected: usize,
}

impl Manifest {
    /// Creates `dir/manifest.ndjson` and writes its header line.
    pub fn create(dir: &Path, endpoint: &str, operation: &str) -> Result<Manifest, String> {
        let path = dir.join(MANIFEST);
        let file = std::fs::File::create(&path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let mut m = Manifest {
            path,
            out: BufWriter::new(file),
            bodies: 0,
            rejected: 0,
        };
        m.line(&format!(
            "{{\"manifest\":\"preflight audience-batch\",\"version\":1,\"endpoint\":{},\"operation\":{}}}",
            serde_json::Value::from(endpoint),
            serde_json::Value::from(operation)
        ))?;
        Ok(m)
    }

    fn line(&mut self, text: &str) -> Result<(), String> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }

    /// One body: its file name, and the input index and row of each of its users.
    pub fn body(&mut self, name: &str, records: &[(usize, usize)]) -> Result<(), String> {
        self.bodies += 1;
        let mut text = String::with_capacity(40 + 16 * records.len());
        text.push_str("{\"body\":");
        text.push_str(&serde_json::Value::from(name).to_string());
        text.push_str(",\"records\":[");
        join(&mut text, records.iter().map(|r| r.0));
        text.push_str("],\"rows\":[");
        join(&mut text, records.iter().map(|r| r.1));
        text.push_str("]}");
        self.line(&text)
    }

    /// One rejected record: its input index, its row, and the code of its first problem.
    pub fn rejected(&mut self, index: usize, row: usize, code: &str) -> Result<(), String> {
        self.rejected += 1;
        let code = serde_json::Value::from(code).to_string();
        self.line(&format!(
            "{{\"rejected\":{index},\"row\":{row},\"code\":{code}}}"
        ))
    }

    /// The last line: the records read and what the lines before hold; then flushed.
    pub fn end(&mut self, records: usize) -> Result<(), String> {
        let (bodies, rejected) = (self.bodies, self.rejected);
        self.line(&format!(
            "{{\"end\":true,\"records\":{records},\"bodies\":{bodies},\"rejected\":{rejected}}}"
        ))?;
        self.out
            .flush()
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

fn join(out: &mut String, items: impl Iterator<Item = usize>) {
    for (i, n) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&n.to_string());
    }
}

impl Output {
    fn open(args: &Args) -> Result<Output, String> {
        let Some(dir) = &args.out_dir else {
            return Ok(Output::Ndjson(BufWriter::new(io::stdout().lock())));
        };
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if (name.starts_with("body-") && name.ends_with(".json")) || name == MANIFEST {
                return Err(format!(
                    "{} already holds body files; use an empty or new directory",
                    dir.display()
                ));
            }
        }
        Ok(Output::Dir {
            dir: dir.clone(),
            written: 0,
            manifest: Manifest::create(dir, args.endpoint.name(), args.operation.name())?,
        })
    }

    /// Writes `body`; `records`: the input index and row of each of its users.
    fn write(&mut self, body: &Body, records: &[(usize, usize)]) -> Result<(), String> {
        match self {
            Output::Dir {
                dir,
                written,
                manifest,
            } => {
                *written += 1;
                let name = format!("body-{:04}.json", *written);
                let path = dir.join(&name);
                std::fs::write(&path, body.json.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                manifest.body(&name, records)
            }
            Output::Ndjson(out) => {
                // Compact JSON holds no line break (they are escaped in strings). A failed write
                // ends the command (quietly when the reader went away), without a summary.
                if let Err(e) = out
                    .write_all(body.json.as_bytes())
                    .and_then(|()| out.write_all(b"\n"))
                {
                    crate::output_failed(e);
                }
                Ok(())
            }
        }
    }

    /// A rejected record, for the manifest.
    fn rejected(&mut self, index: usize, row: usize, code: &str) -> Result<(), String> {
        match self {
            Output::Dir { manifest, .. } => manifest.rejected(index, row, code),
            Output::Ndjson(_) => Ok(()),
        }
    }

    fn finish(&mut self, records: usize) -> Result<(), String> {
        match self {
            Output::Dir { manifest, .. } => manifest.end(records),
            Output::Ndjson(out) => {
                if let Err(e) = out.flush() {
                    crate::output_failed(e);
                }
                Ok(())
            }
        }
    }
}

/// Reports rejected records and dropped values, and counts them.
struct Report {
    err: BufWriter<io::StderrLock<'static>>,
    quiet: bool,
    records: usize,
    /// Users rejected (nothing left to send).
    rejected: usize,
    accepted: usize,
    /// Accepted users that lost some value.
    trimmed: usize,
    /// Values left out of accepted users.
    dropped: usize,
    /// The codes of the values left out of accepted users (they add up to `dropped`).
    dropped_codes: BTreeMap<&'static str, usize>,
    /// The problems of rejected records, and their codes (they add up to `problems`).
    problems: usize,
    problem_codes: BTreeMap<&'static str, usize>,
    progress: Option<Progress>,
}

impl Report {
    /// One problem of record `index` (0-based among data records) at input row `row`; `kept`:
    /// the value was left out of a user that is sent.
    fn problem(
        &mut self,
        index: usize,
        row: usize,
        at: At,
        code: &'static str,
        kept: bool,
    ) -> io::Result<()> {
        if kept {
            self.dropped += 1;
            *self.dropped_codes.entry(code).or_default() += 1;
        } else {
            self.problems += 1;
            *self.problem_codes.entry(code).or_default() += 1;
        }
        if self.quiet {
            return Ok(());
        }
        if let Some(p) = &mut self.progress {
            p.clear(&mut self.err)?;
        }
        write!(self.err, "record {index} (row {row}): ")?;
        match at {
            At::Record => {}
            At::Field(f) => write!(self.err, "{f}: ")?,
            At::Column(f, c) => write!(self.err, "{f} (column {c}): ")?,
            At::Value(f, i) => write!(self.err, "{f}[{i}]: ")?,
            At::Country(f, Some(c)) => write!(self.err, "{f} (country, column {c}): ")?,
            At::Country(f, None) => write!(self.err, "{f} (country): ")?,
        }
        if kept {
            writeln!(self.err, "{code} (left out; the user is kept)")
        } else {
            writeln!(self.err, "{code}")
        }
    }
}

fn input_format(args: &Args) -> InputFormat {
    if let Some(f) = args.input_format {
        return f;
    }
    let ext = args
        .file
        .as_deref()
        .and_then(|f| Path::new(f).extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("ndjson" | "jsonl" | "json") => InputFormat::Ndjson,
        _ => InputFormat::Csv,
    }
}

fn batch(args: &Args) -> Result<u8, String> {
    let hash_opts = args.hash.options()?;
    let opts = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.operation = args.operation;
        batch_opts.effective_at = args.effective_at.clone();
        batch_opts.expires_at = args.expires_at.clone();
        batch_opts.now = Some(args.now.clone().unwrap_or_else(system_now));
        batch_opts.max_users_per_body = args.max_users_per_body;
        batch_opts.max_body_bytes = args.max_body_bytes;
        batch_opts.hash = hash_opts;
        batch_opts
    };
    let mut builder = BodyBuilder::new(args.endpoint, &opts).map_err(|e| e.to_string())?;
    let format = input_format(args);
    if format == InputFormat::Ndjson && !args.map.is_empty() {
        return Err("--map applies to CSV input (NDJSON members are named after the types)".into());
    }
    if format == InputFormat::Ndjson && args.country_column.is_some() {
        return Err(
            "--country-column applies to CSV input (an NDJSON record gives its `country` member)"
                .into(),
        );
    }
    let delimiter = args.delimiter.unwrap_or(b',');
    let (input, size) = hash::open_input(args.file.as_deref())?;
    let scanner = match format {
        InputFormat::Csv => Scanner::csv(delimiter),
        InputFormat::Ndjson => Scanner::lines(),
    };
    let reader = RecordReader::new(
        BufReader::with_capacity(READ_BUFFER_BYTES, input),
        scanner,
        MAX_RECORD_BYTES,
    );
    let mut source = Source {
        reader,
        format,
        delimiter,
        columns: Vec::new(),
        value_columns: Default::default(),
        cell_problems: Vec::new(),
        buf: Vec::new(),
        cell: Vec::new(),
        first: true,
        country: None,
    };
    let read_error = |e: io::Error| match args.file.as_deref() {
        None | Some("-") => format!("cannot read standard input: {e}"),
        Some(path) => format!("cannot read {path}: {e}"),
    };
    // CSV: the header is row 1.
    let mut row = 0;
    if format == InputFormat::Csv {
        match source
            .reader
            .next_record(&mut source.buf)
            .map_err(read_error)?
        {
            Next::Record => {
                source.first = false;
                let h = source.buf.strip_prefix(hash::BOM).unwrap_or(&source.buf);
                source.country = match &args.country_column {
                    Some(c) => Some(find_column("--country-column", c, h, delimiter)?),
                    None => None,
                };
                source.columns =
                    header_columns(h, delimiter, args.endpoint, &args.map, source.country)?;
                row = 1;
            }
            Next::TooLong => {
                return Err(format!(
                    "the header record is longer than {MAX_RECORD_BYTES} bytes"
                ))
            }
            Next::UnclosedQuote => {
                eprintln!("preflight: audience-batch: {}", unclosed_quote(1));
                return Ok(EXIT_UNCLOSED_QUOTE);
            }
            Next::End => {
                return Err(format!(
                    "{} is empty: CSV input needs a header record naming the identifier columns",
                    match args.file.as_deref() {
                        None | Some("-") => "standard input",
                        Some(path) => path,
                    }
                ))
            }
        }
    }
    let mut output = Output::open(args)?;
    let mut report = Report {
        err: BufWriter::new(io::stderr().lock()),
        quiet: args.quiet,
        records: 0,
        rejected: 0,
        accepted: 0,
        trimmed: 0,
        dropped: 0,
        dropped_codes: BTreeMap::new(),
        problems: 0,
        problem_codes: BTreeMap::new(),
        progress: match size {
            Some(total) if !args.no_progress && io::stderr().is_terminal() => {
                Some(Progress::new(total))
            }
            _ => None,
        },
    };
    let mut bodies = 0;
    // The input index and row of each record pushed to the builder and not yet in a written
    // body, in push order: the builder numbers the records it is given (refused ones are not),
    // and a body names its users by that number.
    let mut pending = Pushed::default();
    let mut unclosed = None;
    let mut record = AudienceRecord::new();
    let write_err = |e: io::Error| format!("cannot write to standard error: {e}");
    while let Some(parsed) = source.next(&mut record).map_err(read_error)? {
        let index = report.records;
        report.records += 1;
        row += 1;
        if index % PROGRESS_EVERY == 0 {
            if let Some(p) = &mut report.progress {
                p.tick(source.reader.consumed, index, &mut report.err)
                    .map_err(write_err)?;
            }
        }
        if parsed == Err(input::UNCLOSED_QUOTE) {
            report.records -= 1;
            unclosed = Some(row);
            break;
        }
        if let Err(code) = parsed {
            report.rejected += 1;
            output.rejected(index, row, code)?;
            report
                .problem(index, row, At::Record, code, false)
                .map_err(write_err)?;
            continue;
        }
        pending.push(index, row);
        if let Some(body) = builder.push(&record) {
            let records = pending.take(&body.records);
            output.write(&body, &records)?;
            bodies += 1;
        }
        // Everything the builder reported now belongs to this record.
        let mut rejections: Vec<Rejection> = builder.take_rejected();
        let dropped: Vec<Rejection> = builder.take_dropped();
        let cells = std::mem::take(&mut source.cell_problems);
        let kept = rejections.is_empty();
        if kept {
            report.accepted += 1;
        } else {
            report.rejected += 1;
            // A user whose every value was left out here has problems of its own to show.
            if !cells.is_empty() {
                rejections.retain(|r| r.error.code() != "no_identifiers");
            }
            // Its first problem, as reported first below.
            let first = cells
                .first()
                .map(|c| c.2)
                .or_else(|| rejections.first().map(|r| r.error.code()))
                .unwrap_or("no_identifiers");
            output.rejected(index, row, first)?;
        }
        if !(dropped.is_empty() && cells.is_empty()) && kept {
            report.trimmed += 1;
        }
        for (t, column, code) in cells {
            report
                .problem(index, row, At::Column(t, column + 1), code, kept)
                .map_err(write_err)?;
        }
        for r in rejections.iter().chain(&dropped) {
            let at = match (r.field, r.error.code()) {
                (Some(f), "invalid_country") => source.country_at(f),
                _ => source.at(r.field, r.value_index),
            };
            report
                .problem(index, row, at, r.error.code(), kept)
                .map_err(write_err)?;
        }
    }
    let tail = builder.finish();
    for body in &tail.bodies {
        let records = pending.take(&body.records);
        output.write(body, &records)?;
        bodies += 1;
    }
    output.finish(report.records)?;
    if let Some(row) = unclosed {
        // No summary: its counts would describe part of the input.
        if let Some(p) = &mut report.progress {
            p.clear(&mut report.err).map_err(write_err)?;
        }
        report.err.flush().map_err(write_err)?;
        eprintln!("preflight: audience-batch: {}", unclosed_quote(row));
        return Ok(EXIT_UNCLOSED_QUOTE);
    }
    summary(&mut report, bodies, args.out_dir.as_deref()).map_err(write_err)?;
    Ok(if report.rejected == 0 && report.dropped == 0 {
        EXIT_OK
    } else {
        EXIT_INVALID
    })
}

/// The records pushed to the builder and not yet in a written body: the input index and row of
/// builder record `first + i` at `i`.
#[derive(Default)]
struct Pushed {
    first: usize,
    records: std::collections::VecDeque<(usize, usize)>,
}

impl Pushed {
    fn push(&mut self, index: usize, row: usize) {
        self.records.push_back((index, row));
    }

    /// The input index and row of each builder record of a body (ascending, as the builder keeps
    /// input order), forgetting every record up to its last: no later body holds them.
    fn take(&mut self, body: &[usize]) -> Vec<(usize, usize)> {
        let out = body
            .iter()
            .filter_map(|&b| self.records.get(b.checked_sub(self.first)?).copied())
            .collect();
        if let Some(&last) = body.last() {
            while self.first <= last && self.records.pop_front().is_some() {
                self.first += 1;
            }
        }
        out
    }
}

/// The message of a quote that never closes, opened in `row`.
fn unclosed_quote(row: usize) -> String {
    let row = u64::try_from(row).unwrap_or(u64::MAX);
    format!(
        "{}: {}; the bodies written hold the records before it",
        "unclosed_quote",
        preflight::audience::csv::CsvError::UnclosedQuote { row }
    )
}

/// `N thing` or `N things`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `(2 invalid_email, 1 empty)`: what a count is made of (the parts add up to it).
fn codes(by_code: &BTreeMap<&'static str, usize>) -> String {
    let parts: Vec<String> = by_code.iter().map(|(c, n)| format!("{n} {c}")).collect();
    format!(" ({})", parts.join(", "))
}

/// The summary line: records read = in the bodies + rejected; values left out of records in the
/// bodies, by code;
/// problems of rejected records (a record may have several), by code. Each number names what it
/// counts, and each bracket adds up to the number before it.
fn summary(report: &mut Report, bodies: usize, dir: Option<&Path>) -> io::Result<()> {
    if let Some(p) = &mut report.progress {
        p.clear(&mut report.err)?;
    }
    let mut line = format!(
        "preflight: audience-batch: {} read: {} in {}, {} rejected",
        count(report.records, "record", "records"),
        report.accepted,
        count(bodies, "body", "bodies"),
        report.rejected,
    );
    if report.dropped > 0 {
        line.push_str(&format!(
            "; {} left out of {} in the bodies{}",
            count(report.dropped, "value", "values"),
            count(report.trimmed, "record", "records"),
            codes(&report.dropped_codes)
        ));
    }
    if report.problems > 0 {
        line.push_str(&format!(
            "; {} in the {}{}",
            count(report.problems, "problem", "problems"),
            count(report.rejected, "rejected record", "rejected records"),
            codes(&report.problem_codes)
        ));
    }
    match (dir, bodies) {
        (None, _) | (_, 0) => {}
        (Some(dir), 1) => {
            line.push_str(&format!("; wrote {}", dir.join("body-0001.json").display()))
        }
        (Some(dir), n) => line.push_str(&format!(
            "; wrote {} ... body-{n:04}.json",
            dir.join("body-0001.json").display()
        )),
    }
    writeln!(report.err, "{line}")?;
    report.err.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use preflight::options::parse_now;

    #[test]
    fn clock_text_round_trips() {
        for secs in [0, 951_868_800, 1_709_164_799, 4_102_444_800, 1_234_567_890] {
            let text = iso8601_utc(secs);
            assert_eq!(
                parse_now(&text).ok().map(|d| d.unix_seconds),
                Some(secs),
                "{text}"
            );
        }
        assert_eq!(iso8601_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601_utc(951_868_800 - 1), "2000-02-29T23:59:59Z");
    }
}
