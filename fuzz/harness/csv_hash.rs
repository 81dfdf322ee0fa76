//! Target `csv_hash`: the CLI's streaming hashing path (`preflight hash`), lines or one CSV column.
//!
//! The CSV splitter and the pipeline live in the binary (`cli/src/hash/`); they are
//! compiled here from their own files (`#[path]`), so the fuzzer runs the CLI's code itself.
//!
//! Input: a header line `<type> [<mode> [<cut>]]`, then the input. `<type>` is an identifier
//! type's name (another word picks a type by its byte sum); the first byte of `<mode>`, minus
//! `b'0'`, holds bits: bit 0 CSV (else lines), bit 1 the first CSV record is a header, bits 2-3
//! the delimiter from [`DELIMITERS`], bits 4-5 the column (0 to 3); the first byte of `<cut>` is
//! where the input is cut in two for the streaming checks (its share of 255 of the length).
//! Values are hashed with `default_country_code` [`COUNTRY_CODE`].
//!
//! Invariants:
//! - lines: the pipeline, the streaming `LineHasher` (whole or cut in two anywhere), the text path
//!   `hash_lines` (UTF-8 input) and a plain reference (split at `\n`, one `\r` before it dropped,
//!   a byte-order mark at the start dropped, each line hashed on its own) agree row by row;
//! - CSV: the pipeline agrees row by row with a reference RFC 4180 reader written here from the
//!   rules in the CSV module's docs (whole input, no streaming), each value hashed on its own;
//!   record ends found by the `Scanner` do not depend on where the input is cut;
//! - the output has one line per row: the hash, or an empty line for a rejected row (whose code is
//!   reported with its row number);
//! - a quote still open at the end of the input stops the run at its record (`unclosed_quote`),
//!   in the pipeline, the reference and the library's streaming reader alike;
//! - CSV: the library's streaming reader (`preflight::audience::csv::CsvHasher`, the reader the
//!   wasm helpers run) fed in pieces of every size gives the pipeline's rows and stop, byte for
//!   byte ([`differential`], target `csv_differential`).

#[allow(dead_code, unused_imports)]
#[path = "../../cli/src/hash/csv.rs"]
mod csv;
#[allow(dead_code)]
#[path = "../../cli/src/hash/pipeline.rs"]
mod pipeline;

use super::{by_name, header, pick, token_byte};
use pipeline::{Chunker, Extra, Failure, First, Mode, Worker};
use preflight::audience::csv::{ColumnReader, CsvError, CsvHasher};
use preflight::audience::{
    hash, hash_lines, HashOptions, HashOutput, IdError, IdType, LineHasher, MAX_VALUE_BYTES,
};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// The delimiters bits 2-3 choose from.
pub const DELIMITERS: [u8; 4] = [b',', b'\t', b';', b'|'];
/// The `default_country_code` every value is hashed with.
pub const COUNTRY_CODE: &str = "44";
/// Where Python's `str.splitlines` cuts a line, and NUL: written here from its documentation,
/// not taken from the library.
const LINE_SPLITS: [char; 11] = [
    '\0', '\n', '\r', '\u{0B}', '\u{0C}', '\u{1C}', '\u{1D}', '\u{1E}', '\u{85}', '\u{2028}',
    '\u{2029}',
];
/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How the input is read.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub id_type: IdType,
    pub csv: bool,
    pub header: bool,
    pub delimiter: u8,
    pub column: usize,
    /// Where the input is cut for the streaming checks.
    pub cut: usize,
}

/// Decodes the input: (setup, input).
pub fn split(data: &[u8]) -> (Setup, &[u8]) {
    let (tokens, input) = header(data);
    let bits = token_byte(&tokens, 1, b'0').wrapping_sub(b'0');
    let c = token_byte(&tokens, 2, b'0');
    let setup = Setup {
        id_type: by_name(&IdType::ALL, IdType::name, &tokens).0,
        csv: bits & 1 != 0,
        header: bits & 2 != 0,
        delimiter: pick(&DELIMITERS, (bits >> 2) & 3, 0),
        column: usize::from((bits >> 4) & 3),
        cut: input.len() * usize::from(c) / 255,
    };
    (setup, input)
}

pub fn run(data: &[u8]) {
    let (setup, input) = split(data);
    check(&setup, input);
}

fn opts() -> HashOptions {
    {
        let mut hash_opts = HashOptions::default();
        hash_opts.default_country_code = Some(COUNTRY_CODE.to_owned());
        hash_opts
    }
}

/// A row's expected outcome: the output line, or the rejection code.
type Row = Result<String, &'static str>;

/// The rows read, and the row of an unclosed quote the run stopped at (the header counted).
type Rows = (Vec<Row>, Option<u64>);

/// Every invariant of the module docs for one input.
pub fn check(setup: &Setup, input: &[u8]) {
    let (rows, stopped) = pipeline_rows(setup, input);
    if setup.csv {
        if input.len() < preflight::audience::csv::MAX_RECORD_BYTES {
            assert_eq!(
                stopped.is_some(),
                reference_stops(setup, input),
                "the stop differs from the reference"
            );
        }
        library_agrees(
            setup,
            input,
            &(rows.clone(), stopped),
            &[setup.cut.max(1), 1, 7, 4096],
        );
    } else {
        assert_eq!(stopped, None, "lines never stop");
    }
    let expected = if setup.csv {
        scanner_cut_independent(input, setup.delimiter, setup.cut);
        reference_csv(setup, input)
    } else {
        let expected = reference_lines(setup.id_type, input);
        streaming_lines(setup, input, &expected);
        expected
    };
    assert_eq!(
        rows.len(),
        expected.len(),
        "row count differs from the reference"
    );
    for (i, (got, want)) in rows.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "row {i} differs from the reference");
    }
}

/// Runs the CLI's pipeline on one thread, rejected rows kept as empty lines, and reads its output
/// back into rows.
fn pipeline_rows(setup: &Setup, input: &[u8]) -> Rows {
    let scan_mode = match setup.csv {
        true => Mode::Csv {
            delimiter: setup.delimiter,
            column: setup.column,
            country: None,
        },
        false => Mode::Lines,
    };
    let mut chunker = Chunker::new(input, scan_mode, setup.csv, Arc::new(AtomicU64::new(0)));
    if setup.csv && setup.header {
        match chunker.header() {
            Ok(_) => {}
            Err(First::UnclosedQuote) => return (Vec::new(), Some(1)),
            Err(e) => panic!("reading the header failed: {e:?}"),
        }
    }
    let mut out = Vec::new();
    let mut errors: Vec<(usize, &'static str)> = Vec::new();
    let mut rows = 0;
    let id_type = setup.id_type;
    let result = pipeline::run(
        chunker,
        1,
        || Worker::new(id_type, opts(), scan_mode, Extra::default(), true),
        &mut |slot| {
            out.extend_from_slice(&slot.out);
            errors.extend(slot.errors.iter().map(|&(r, c)| (rows + r, c)));
            rows += slot.rows;
            Ok(())
        },
    );
    let stopped = match result {
        Ok(()) => false,
        Err(Failure::UnclosedQuote) => true,
        Err(e) => panic!("the pipeline failed: {e:?}"),
    };
    let text = match String::from_utf8(out) {
        Ok(t) => t,
        Err(_) => panic!("the output is not UTF-8"),
    };
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    assert_eq!(lines.len(), rows, "not one output line per row");
    let mut codes = errors.into_iter().peekable();
    let rows: Vec<Row> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| match codes.peek() {
            Some(&(row, code)) if row == i => {
                codes.next();
                assert!(line.is_empty(), "a rejected row has output");
                Err(code)
            }
            _ => {
                assert!(!line.is_empty(), "an accepted row has an empty line");
                Ok((*line).to_owned())
            }
        })
        .collect();
    let before = u64::from(setup.csv && setup.header) + rows.len() as u64;
    (rows, stopped.then_some(before + 1))
}

/// The library's streaming reader on the same CSV, fed in pieces of `sizes[k]` bytes for each
/// k: its rows and its stop are the pipeline's. Usage errors of the command line (a column past
/// the header, an empty input, a header that is not CSV) are checked by `hash` before the
/// pipeline runs; the reader reports them, and then there is nothing to compare.
fn library_agrees(setup: &Setup, input: &[u8], want: &Rows, sizes: &[usize]) {
    for &size in sizes {
        let spec = (setup.column + 1).to_string();
        let reader = match ColumnReader::new(&spec, setup.header, setup.delimiter) {
            Ok(r) => r,
            Err(e) => panic!("column {spec}: {e}"),
        };
        let mut h = CsvHasher::new(reader, setup.id_type, opts());
        let mut got = Vec::new();
        let mut stop = None;
        for piece in input.chunks(size.max(1)) {
            if let Err(e) = h.push(piece) {
                stop = Some(e);
                break;
            }
        }
        if stop.is_none() {
            stop = h.finish().err();
        }
        got.extend(results(&h.swap_output(HashOutput::new())));
        match stop {
            None => assert_eq!(
                want.1, None,
                "the library read on where the pipeline stopped"
            ),
            Some(CsvError::UnclosedQuote { row }) => {
                assert_eq!(Some(row), want.1, "the stop's row");
            }
            Some(
                CsvError::ColumnOutOfRange { .. }
                | CsvError::EmptyInput { .. }
                | CsvError::InvalidHeader,
            ) => return,
            Some(e) => panic!("the library failed: {e:?}"),
        }
        assert_eq!(got, want.0, "the library's rows differ (pieces of {size})");
    }
}

/// CSV only: the pipeline against the library's streaming reader, in pieces of the sizes the
/// header's third and fourth tokens choose (and 1 byte).
pub fn differential(data: &[u8]) {
    let (mut setup, input) = split(data);
    setup.csv = true;
    let (tokens, _) = header(data);
    let a = usize::from(token_byte(&tokens, 3, 1)).max(1);
    let b = usize::from(token_byte(&tokens, 4, 1)) * 257 + 1;
    let want = pipeline_rows(&setup, input);
    // The reference knows no record bound.
    if input.len() < preflight::audience::csv::MAX_RECORD_BYTES {
        assert_eq!(
            want.1.is_some(),
            reference_stops(&setup, input),
            "the stop differs from the reference"
        );
    }
    // One byte at a time only where that stays fast (a large input: in pieces of a and b).
    let one = if input.len() < 1 << 16 { 1 } else { a };
    library_agrees(&setup, input, &want, &[one, a, b]);
}

/// One value's outcome through the one-value API.
fn hash_one(t: IdType, value: &str) -> Row {
    hash(t, value, &opts()).map_err(IdError::code)
}

fn results(out: &HashOutput) -> Vec<Row> {
    (out.first_index()..out.next_index())
        .map(|i| match out.result(i) {
            Some(Ok(s)) => Ok(s.to_owned()),
            Some(Err(e)) => Err(e.code()),
            None => Err("missing"),
        })
        .collect()
}

/// Line input by hand: see the module docs.
fn reference_lines(t: IdType, input: &[u8]) -> Vec<Row> {
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
        .into_iter()
        .map(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.len() > MAX_VALUE_BYTES {
                return Err(IdError::TooLong.code());
            }
            match std::str::from_utf8(line) {
                Ok(s) if t == IdType::PartnerUserId && s.contains(LINE_SPLITS) => {
                    Err(IdError::LineBreak.code())
                }
                Ok(s) => hash_one(t, s),
                Err(_) => Err(IdError::InvalidUtf8.code()),
            }
        })
        .collect()
}

/// The library's streaming and text paths on the same lines.
fn streaming_lines(setup: &Setup, input: &[u8], expected: &[Row]) {
    let t = setup.id_type;
    let mut whole = LineHasher::new(t, opts());
    whole.push(input);
    let whole = whole.finish();
    assert_eq!(
        results(&whole),
        expected,
        "LineHasher differs from the reference"
    );
    let cut = setup.cut.min(input.len());
    let mut two = LineHasher::new(t, opts());
    two.push(&input[..cut]);
    two.push(&input[cut..]);
    assert_eq!(
        two.finish(),
        whole,
        "LineHasher depends on where the input is cut"
    );
    if let Ok(text) = std::str::from_utf8(input) {
        let mut out = HashOutput::new();
        hash_lines(t, text, &opts(), &mut out);
        assert_eq!(out, whole, "hash_lines differs from LineHasher");
    }
}

/// One CSV record as the reference reads it: its fields, or malformed (true: a quote still
/// open at the end of the input, or a malformed record holding a quoted line feed: the input
/// stops there).
type Record = Result<Vec<Vec<u8>>, Bad>;

/// How a reference record is not CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bad {
    /// Text after a closing quote: one rejected row.
    Malformed,
    /// A quote still open at the end of the input.
    Open,
    /// Malformed, holding a quoted line feed (rows swallowed up to a later quote).
    Swallowed,
}

/// A reference RFC 4180 reader over the whole input, from the CSV module's documented rules: a
/// record ends at a line feed outside quotes (one `\r` before it, or before the end of the
/// input, belongs to the line ending); a field starting with `"` is quoted, `""` inside is one
/// `"`, line breaks and delimiters inside are text; after the closing quote only the delimiter
/// or the end of the record may follow (else the record is malformed, and read on as unquoted
/// text to find its end); a `"` inside an unquoted field is text; a quote still open at the end
/// of the input makes the last record malformed; a last record of zero bytes is no record.
pub fn reference_records(input: &[u8], d: u8) -> Vec<Record> {
    #[derive(PartialEq)]
    enum St {
        Start,
        Unquoted,
        Quoted,
        Closed,
    }
    let mut records = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let mut fields = Vec::new();
        let mut field = Vec::new();
        let mut malformed = false;
        let mut open = false;
        let mut quoted_lf = false;
        let mut st = St::Start;
        loop {
            let Some(&b) = input.get(i) else {
                open = st == St::Quoted;
                break;
            };
            i += 1;
            let ends_line = |at: usize| matches!(input.get(at), None | Some(b'\n'));
            match st {
                St::Quoted if b == b'"' => {
                    if input.get(i) == Some(&b'"') {
                        field.push(b'"');
                        i += 1;
                    } else {
                        st = St::Closed;
                    }
                }
                St::Quoted => {
                    quoted_lf |= b == b'\n';
                    field.push(b)
                }
                _ if b == b'\n' => break,
                // One `\r` right before the line ending belongs to it.
                _ if b == b'\r' && ends_line(i) => {}
                _ if b == d => {
                    fields.push(std::mem::take(&mut field));
                    st = St::Start;
                }
                St::Start if b == b'"' => st = St::Quoted,
                St::Closed => {
                    malformed = true;
                    st = St::Unquoted;
                }
                _ => {
                    field.push(b);
                    st = St::Unquoted;
                }
            }
        }
        fields.push(field);
        records.push(match (open, malformed) {
            (true, _) => Err(Bad::Open),
            (false, true) if quoted_lf => Err(Bad::Swallowed),
            (false, true) => Err(Bad::Malformed),
            (false, false) => Ok(fields),
        });
    }
    records
}

/// Whether the reference stops at a record: one still open at the end of the input, or a data
/// record that swallowed rows. A header that is not CSV is refused by `hash` before the
/// pipeline runs (which then reads on), unless it is still open at the end.
fn reference_stops(setup: &Setup, input: &[u8]) -> bool {
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let records = reference_records(input, setup.delimiter);
    let skip = usize::from(setup.header);
    (setup.header && records.first() == Some(&Err(Bad::Open)))
        || records
            .iter()
            .skip(skip)
            .any(|r| matches!(r, Err(Bad::Open | Bad::Swallowed)))
}

/// CSV input by hand: see the module docs (the rows before a quote never closed).
fn reference_csv(setup: &Setup, input: &[u8]) -> Vec<Row> {
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let skip = usize::from(setup.header);
    reference_records(input, setup.delimiter)
        .into_iter()
        .skip(skip)
        .take_while(|record| !matches!(record, Err(Bad::Open | Bad::Swallowed)))
        .map(|record| {
            let Ok(fields) = record else {
                return Err(IdError::InvalidCsv.code());
            };
            let Some(value) = fields.get(setup.column) else {
                return Err(IdError::MissingColumn.code());
            };
            let Ok(value) = std::str::from_utf8(value) else {
                return Err(IdError::InvalidUtf8.code());
            };
            if setup.id_type == IdType::PartnerUserId && value.contains(LINE_SPLITS) {
                return Err(IdError::LineBreak.code());
            }
            hash_one(setup.id_type, value)
        })
        .collect()
}

/// Record ends found by the CLI's `Scanner` in the whole input and in the input cut at `cut`.
fn scanner_cut_independent(input: &[u8], d: u8, cut: usize) {
    let ends = |pieces: &[&[u8]]| {
        let mut s = csv::Scanner::csv(d);
        let mut ends = Vec::new();
        let mut offset = 0;
        for piece in pieces {
            let mut start = 0;
            while let Some(p) = s.find_end(&piece[start..]) {
                ends.push(offset + start + p);
                start += p + 1;
            }
            offset += piece.len();
        }
        ends
    };
    let cut = cut.min(input.len());
    let whole = ends(&[input]);
    assert_eq!(
        ends(&[&input[..cut], &input[cut..]]),
        whole,
        "record ends depend on where the input is cut"
    );
    let expected: Vec<usize> = {
        let mut s = csv::Scanner::csv(d);
        s.last_end(input).into_iter().collect()
    };
    assert_eq!(
        whole.last().copied().into_iter().collect::<Vec<_>>(),
        expected
    );
}
