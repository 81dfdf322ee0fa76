//! `preflight hash <type> [FILE|-] [--column NAME|N [--no-header] [--delimiter C]
//! [--country-column NAME|N] [--keep-column NAME|N]] [--show-normalized]
//! [--phone-format e164|digits] [--default-country-code CC] [--prehashed]
//! [--on-error empty|drop] [--threads N] [--quiet] [--no-progress]`: normalizes and
//! SHA-256-hashes audience identifiers (audience-identifiers.md), one per line or one CSV column,
//! streaming.
//!
//! Output: one line per row on standard output, in input order: the 64 lowercase hex digits
//! (`partner_user_id`: the value itself); with `--keep-column` or `--show-normalized`, CSV with a
//! header (`NAME,normalized,hash`). Rejected rows give an empty line (`--on-error empty`, so
//! output line N is always row N) or nothing (`--on-error drop`). Standard error lists each
//! rejected row by number and code, never by value, then a summary.

mod csv;
mod pipeline;
pub mod progress;

pub use csv::{
    fields as csv_fields, for_each_field, unescape_into, Malformed, Next, RecordReader, Scanner,
    BOM,
};
pub use preflight::audience::csv::CsvError;

use crate::{EXIT_INVALID, EXIT_OK, EXIT_UNCLOSED_QUOTE, EXIT_USAGE};
use pipeline::{Chunker, Extra, Failure, First, Mode, Slot, Worker};
use preflight::audience::csv::Column;
use preflight::audience::{HashOptions, IdType, PhoneFormat};
use progress::Progress;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The most worker threads `--threads` takes.
pub const MAX_THREADS: usize = 256;
/// Bytes of standard output buffered before a write.
const OUT_BUFFER_BYTES: usize = 1 << 20;

const AFTER_HELP: &str = concat!(
    "\
Input: one value per line (\\n or \\r\\n; a byte-order mark at the start is dropped), or with
--column one field of each CSV record (RFC 4180: quoted fields may hold the delimiter, \"\" and
line breaks). --column takes a header name (the first record is the header) or a 1-based index
(the first record is a header too, skipped, unless --no-header).

Rows are numbered from 1 by their position in the input: line N, or CSV record N counting the
header as record 1 (a spreadsheet's row number). Each rejected row is reported on standard
error as `row N: code`, never with its value; --quiet keeps only the summary.

Output: one line per row, in input order. A rejected row gives an empty line with
--on-error empty (the default: output line K is the K-th data row) or nothing with
--on-error drop. Memory stays bounded whatever the input size; a record longer than 1 MiB is
rejected as too_long.

A country per row (phone_number with --column): --country-column names the column holding each
row's country, a calling code (44, +44, 0044) or an ISO 3166-1 alpha-2 region (GB, gb; the
regions of libphonenumber's metadata). It replaces --default-country-code for that row (an empty
cell keeps it); anything else rejects the row as invalid_country, never a guess. The calling code
written without + follows the same rule per row as with --default-country-code
(ambiguous_country_code).

Joining back: --keep-column NAME writes CSV with a header, `NAME,hash`, one record per data row
(a rejected row: the kept field and an empty hash with --on-error empty; a record without the
kept field is rejected as missing_column). --show-normalized adds the normalized value before
the hash (`normalized,hash`, or `NAME,normalized,hash`) to debug a mismatch: it writes the
identifiers in clear, so keep that output on your machine. Fields holding a comma, a quote or a
line break are quoted (RFC 4180).

Progress: a bar on standard error while a file is read, when standard error is a terminal
(with or without --quiet); --no-progress turns it off.

A quoted field that does not close before the end of the input, or within 1 MiB of the start of
its record, stops the run: `row N: unclosed_quote` names the row where it opened, the rows before
it are written, and nothing after it is read (exit status 3; a quote that never closes would
otherwise swallow the rest of the file into one row).

partner_user_id values are written as they are, so a value holding a character that a line
splitter reads as a line end (CR, LF, VT, FF, NEL U+0085, U+2028, U+2029, U+001C-U+001E) or NUL
is rejected as line_break.

Empty input with --column is an error (there is no header or record to find the column in); a
--column index past the header's (or, with --no-header, the first record's) last field is a
usage error.

",
    exit_status!(
        "0 every row hashed; 1 some rows rejected; 2 usage error, a --column (--country-column, \
     --keep-column) that is not in the header, empty input with --column, or unreadable input (a \
     directory); 3 a quoted field that never closes (unclosed_quote): the rows before it are \
     written, nothing after it is read"
    )
);

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnError {
    /// An empty output line for a rejected row.
    Empty,
    /// No output line for a rejected row.
    Drop,
}

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The identifier type: email, phone_number, handle, device_id, service_id or
    /// partner_user_id (passed through, not hashed).
    #[arg(value_name = "TYPE", value_parser = parse_id_type)]
    id_type: IdType,
    /// The input file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// Read CSV and hash this column: a header name, or a 1-based index.
    #[arg(long, value_name = "NAME|N")]
    column: Option<String>,
    /// The CSV input has no header record (only with a column index).
    #[arg(long, requires = "column")]
    no_header: bool,
    /// The CSV field delimiter: one ASCII character, or `tab` [default: ,].
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter, requires = "column")]
    delimiter: Option<u8>,
    #[command(flatten)]
    hash: HashArgs,
    /// phone_number with --column: each row's own country, from this column (a header name or a
    /// 1-based index): a calling code (44, +44, 0044) or an ISO 3166-1 alpha-2 region (GB, gb).
    /// An empty cell falls back to --default-country-code; anything else rejects the row
    /// (invalid_country).
    #[arg(long, value_name = "NAME|N", requires = "column")]
    country_column: Option<String>,
    /// Write CSV with a header, `NAME,hash`: this field of each record (a header name or a
    /// 1-based index) beside its hash, to join the hashes back to the source.
    #[arg(long, value_name = "NAME|N", requires = "column")]
    keep_column: Option<String>,
    /// Write CSV with the normalized value before each hash (`normalized,hash`), to debug a
    /// mismatch. It writes the identifiers in clear: never on by default.
    #[arg(long)]
    show_normalized: bool,
    /// What a rejected row gives on standard output.
    #[arg(long, value_enum, value_name = "POLICY", default_value_t = OnError::Empty)]
    on_error: OnError,
    /// Worker threads [default: every core].
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Report only the summary on standard error (no rejected rows).
    #[arg(long, short)]
    quiet: bool,
    /// No progress bar (drawn on standard error when it is a terminal and the input a file,
    /// with or without --quiet).
    #[arg(long)]
    no_progress: bool,
}

fn parse_id_type(s: &str) -> Result<IdType, String> {
    s.parse()
        .map_err(|e: preflight::audience::UnknownIdType| e.to_string())
}

fn parse_phone_format(s: &str) -> Result<PhoneFormat, String> {
    s.parse()
        .map_err(|e: preflight::audience::UnknownPhoneFormat| e.to_string())
}

/// One ASCII character other than a quote or a line break; `tab` or `\t` for a tab.
pub fn parse_delimiter(s: &str) -> Result<u8, String> {
    preflight::audience::csv::parse_delimiter(s).map_err(|e| e.to_string())
}

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("a number of threads from 1 to {MAX_THREADS}")),
    }
}

/// The identifier hashing options of both audience commands (`hash`, `audience-batch`).
#[derive(clap::Args)]
pub struct HashArgs {
    /// How phone numbers are hashed: e164 (with +) or digits (without).
    #[arg(long, value_name = "FORMAT", default_value = "e164", value_parser = parse_phone_format)]
    phone_format: PhoneFormat,
    /// The country of phone numbers without + or 00: a calling code (44, +44 or 0044) or an
    /// ISO 3166-1 alpha-2 region (GB) (ambiguous_country_code: the digits read as possible
    /// numbers with and without that code).
    #[arg(long, value_name = "CC")]
    default_country_code: Option<String>,
    /// The values are already SHA-256 hashes: checked (64 hex digits) and lowercased.
    #[arg(long)]
    prehashed: bool,
}

impl HashArgs {
    /// The core's options, with the default country code checked.
    pub fn options(&self) -> Result<HashOptions, String> {
        let mut opts = HashOptions::default()
            .with_phone_format(self.phone_format)
            .with_prehashed(self.prehashed);
        if let Some(cc) = self.default_country_code.as_deref() {
            let code = preflight::audience::country_calling_code(cc).ok_or_else(|| {
                format!(
                    "--default-country-code {cc:?}: neither a country calling code (44, +44, \
                     0044) nor an ISO 3166-1 alpha-2 region (GB)"
                )
            })?;
            opts = opts
                .with_default_country_code(code.as_str())
                .map_err(|e| format!("--default-country-code: {e}"))?;
        }
        Ok(opts)
    }
}

pub use crate::open_input;

/// Counts and reports rows as the slots come back in order.
struct Sink<'a> {
    out: BufWriter<io::StdoutLock<'static>>,
    err: BufWriter<io::StderrLock<'static>>,
    quiet: bool,
    /// Rows before the current slot (the header counts as row 1 in CSV).
    base: usize,
    rows: usize,
    rejected: usize,
    by_code: BTreeMap<&'static str, usize>,
    progress: Option<Progress>,
    read: &'a AtomicU64,
}

impl Sink<'_> {
    fn write(&mut self, slot: &Slot) -> io::Result<()> {
        self.out.write_all(&slot.out)?;
        if !slot.errors.is_empty() {
            if let Some(p) = &mut self.progress {
                p.clear(&mut self.err)?;
            }
        }
        for &(row, code) in &slot.errors {
            if !self.quiet {
                writeln!(self.err, "row {}: {code}", self.base + row + 1)?;
            }
            *self.by_code.entry(code).or_default() += 1;
        }
        self.base += slot.rows;
        self.rows += slot.rows;
        self.rejected += slot.errors.len();
        if let Some(p) = &mut self.progress {
            self.err.flush()?;
            p.tick(self.read.load(Ordering::Relaxed), self.rows, &mut self.err)?;
        }
        Ok(())
    }

    /// Flushes the output and writes the summary.
    fn finish(&mut self, on_error: OnError) -> io::Result<()> {
        self.out.flush()?;
        if let Some(p) = &mut self.progress {
            p.clear(&mut self.err)?;
        }
        let mut line = format!(
            "preflight: hash: {} row{}, {} hashed, {} rejected",
            self.rows,
            if self.rows == 1 { "" } else { "s" },
            self.rows - self.rejected,
            self.rejected
        );
        if self.rejected > 0 {
            let codes: Vec<String> = self
                .by_code
                .iter()
                .map(|(code, n)| format!("{n} {code}"))
                .collect();
            line.push_str(&format!(" ({})", codes.join(", ")));
            line.push_str(match on_error {
                OnError::Empty => "; an empty output line for each",
                OnError::Drop => "; left out of the output",
            });
        }
        writeln!(self.err, "{line}")?;
        if !self.quiet {
            for code in self.by_code.keys() {
                writeln!(self.err, "  {code}: {}", pipeline::code_message(code))?;
            }
        }
        self.err.flush()
    }
}

pub fn run(args: &Args) -> u8 {
    match hash(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("preflight: hash: {message}");
            EXIT_USAGE
        }
    }
}

/// The 0-based column for `--column` (a name is looked up in `header`).
fn column_index(
    option: &str,
    spec: &str,
    header: Option<&[u8]>,
    delimiter: u8,
) -> Result<usize, String> {
    Column::parse(spec)
        .and_then(|c| c.resolve(header, delimiter))
        .map_err(|e| match e {
            CsvError::InvalidHeader => e.to_string(),
            CsvError::BadColumn {
                name_without_header: true,
            } => {
                format!("{option} NAME needs a header record (drop --no-header, or give an index)")
            }
            _ => format!("{option}: {e}"),
        })
}

/// The message of a quote that never closes, opened in `row`.
fn unclosed_quote(row: usize) -> String {
    let row = u64::try_from(row).unwrap_or(u64::MAX);
    format!("unclosed_quote: {}", CsvError::UnclosedQuote { row })
}

fn hash(args: &Args) -> Result<u8, String> {
    let opts = args.hash.options()?;
    if args.country_column.is_some() && args.id_type != IdType::PhoneNumber {
        return Err(format!(
            "--country-column applies to phone_number (a {} has no country)",
            args.id_type
        ));
    }
    let (input, size) = open_input(args.file.as_deref())?;
    let read = Arc::new(AtomicU64::new(0));
    let delimiter = args.delimiter.unwrap_or(b',');
    let scan_mode = match args.column {
        None => Mode::Lines,
        Some(_) => Mode::Csv {
            delimiter,
            column: 0,
            country: None,
        },
    };
    let csv_input = args.column.is_some();
    let mut chunker = Chunker::new(input, scan_mode, csv_input, Arc::clone(&read));
    // Row numbers count the header as row 1.
    let (mode, base, keep) = match &args.column {
        None => (Mode::Lines, 0, None),
        Some(spec) => {
            // Without a header, a first record too long to hold is a row like any other (rejected
            // as too_long): the column is then not checked (`Some(None)`).
            let first = match if args.no_header {
                chunker.peek()
            } else {
                chunker.header()
            } {
                Ok(first) => first.map(Some),
                Err(First::Read(e)) => return Err(input_error(&args.file, &e)),
                // Without a header, a first record that cannot be read is read as a row (too
                // long, or the run stops at it): its column is not checked.
                Err(First::TooLong | First::UnclosedQuote) if args.no_header => Some(None),
                Err(First::TooLong) => {
                    return Err(format!(
                        "the header record is longer than {} bytes",
                        pipeline::CHUNK_BYTES
                    ))
                }
                Err(First::UnclosedQuote) => {
                    eprintln!("preflight: hash: {}", unclosed_quote(1));
                    return Ok(EXIT_UNCLOSED_QUOTE);
                }
            };
            let Some(first) = first else {
                return Err(format!(
                    "{} is empty: --column needs a {}",
                    input_name(&args.file),
                    if args.no_header {
                        "record"
                    } else {
                        "header record"
                    }
                ));
            };
            let header = if args.no_header {
                None
            } else {
                first.as_deref()
            };
            let first_fields = match first.as_deref().map(|f| csv::fields(f, delimiter)) {
                Some(Err(_)) if !args.no_header => {
                    return Err("the header record is not valid CSV".into())
                }
                Some(Ok(fields)) => Some(fields),
                _ => None,
            };
            // An index past the last field would reject every row: a usage error instead. A
            // header must be CSV; a first data record that is not is a rejected row.
            let resolve = |option: &str, spec: &str| -> Result<usize, String> {
                let i = column_index(option, spec, header, delimiter)?;
                match &first_fields {
                    Some(fields) if i >= fields.len() => Err(format!(
                        "{option} {spec}: the {} has {} field{}",
                        if args.no_header {
                            "first record"
                        } else {
                            "header"
                        },
                        fields.len(),
                        if fields.len() == 1 { "" } else { "s" }
                    )),
                    _ => Ok(i),
                }
            };
            let column = resolve("--column", spec)?;
            let country = match &args.country_column {
                Some(c) => Some(resolve("--country-column", c)?),
                None => None,
            };
            let keep = match &args.keep_column {
                Some(k) => {
                    let i = resolve("--keep-column", k)?;
                    // The output's header names the kept field as the input's header does.
                    let name = match first_fields.as_ref().and_then(|f| f.get(i)) {
                        Some(name) if !args.no_header => name.clone(),
                        _ => k.as_bytes().to_vec(),
                    };
                    Some((i, name))
                }
                None => None,
            };
            let mode = Mode::Csv {
                delimiter,
                column,
                country,
            };
            (mode, usize::from(!args.no_header), keep)
        }
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    });
    let keep_rejected = args.on_error == OnError::Empty;
    let progress = match size {
        Some(total) if !args.no_progress && io::stderr().is_terminal() => {
            Some(Progress::new(total))
        }
        _ => None,
    };
    let extra = Extra {
        keep: keep.as_ref().map(|k| k.0),
        normalized: args.show_normalized,
    };
    let mut sink = Sink {
        out: BufWriter::with_capacity(OUT_BUFFER_BYTES, io::stdout().lock()),
        err: BufWriter::new(io::stderr().lock()),
        quiet: args.quiet,
        base,
        rows: 0,
        rejected: 0,
        by_code: BTreeMap::new(),
        progress,
        read: &read,
    };
    if extra.csv() {
        // The header of the CSV output.
        let mut head = Vec::new();
        if let Some((_, name)) = &keep {
            pipeline::push_cell(&mut head, name);
            head.push(b',');
        }
        if extra.normalized {
            head.extend_from_slice(b"normalized,");
        }
        head.extend_from_slice(b"hash\n");
        if let Err(e) = sink.out.write_all(&head) {
            crate::output_failed(e);
        }
    }
    let id_type = args.id_type;
    let result = pipeline::run(
        chunker,
        threads,
        || Worker::new(id_type, opts.clone(), mode, extra, keep_rejected),
        &mut |slot| sink.write(slot),
    );
    // A failure ends the command without a summary: its counts would describe part of the input.
    match result {
        Err(Failure::Read(e)) => return Err(input_error(&args.file, &e)),
        // Quietly when the reader went away (`| head`), as every command.
        Err(Failure::Write(e)) => crate::output_failed(e),
        Err(Failure::Internal) => return Err("internal error: a worker thread stopped".into()),
        Err(Failure::UnclosedQuote) => {
            // No summary, as for a failure: the rows before are written, the rest is unread.
            if let Err(e) = sink.out.flush().and_then(|()| sink.err.flush()) {
                crate::output_failed(e);
            }
            if let Some(p) = &mut sink.progress {
                let _ = p.clear(&mut sink.err);
            }
            let _ = sink.err.flush();
            eprintln!("preflight: hash: {}", unclosed_quote(sink.base + 1));
            return Ok(EXIT_UNCLOSED_QUOTE);
        }
        Ok(()) => {}
    }
    if let Err(e) = sink.finish(args.on_error) {
        crate::output_failed(e);
    }
    Ok(if sink.rejected == 0 {
        EXIT_OK
    } else {
        EXIT_INVALID
    })
}

fn input_name(file: &Option<String>) -> String {
    match file.as_deref() {
        None | Some("-") => "standard input".into(),
        Some(path) => path.into(),
    }
}

fn input_error(file: &Option<String>, e: &io::Error) -> String {
    match file.as_deref() {
        None | Some("-") => format!("cannot read standard input: {e}"),
        Some(path) => format!("cannot read {path}: {e}"),
    }
}
