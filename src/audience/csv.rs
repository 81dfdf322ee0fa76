//! CSV input for bulk hashing: one column of every record, read as RFC 4180 writes it. The one
//! reader of the command line (`preflight hash --column`, `preflight audience-batch`) and of the
//! npm package's `hashFile` and `extractColumn` (through the wasm module), so that they cannot
//! disagree.
//!
//! - One byte-order mark at the very start of the input is dropped.
//! - A record ends at a line feed outside quotes; one `\r` right before it belongs to the line
//!   ending (so `\r\n` works). A last record without a line ending counts when it is not zero
//!   bytes long.
//! - Fields are split at the delimiter (`,` unless told). A field that starts with `"` is quoted:
//!   it runs to the next lone `"`, `""` inside stands for one `"`, and it may hold delimiters and
//!   line breaks. After the closing quote comes the delimiter or the end of the record.
//! - Lenient like spreadsheet programs on one point: a `"` inside an unquoted field (`5" screen`)
//!   is an ordinary character.
//! - A record whose line feed does not come within [`MAX_RECORD_BYTES`] of its start (the first
//!   record's byte-order mark counted) is a row rejected as `too_long`, skipped without being
//!   held (scanning on for its end: a line feed inside quotes does not end it).
//! - Rows rejected, the rows around them untouched: `invalid_csv` (text after a closing quote),
//!   `missing_column` (fewer fields than the column), `invalid_utf8` (the field), and for
//!   `partner_user_id` `line_break` ([`super::LINE_BREAKS`]).
//! - The whole input refused, [`CsvError::UnclosedQuote`] naming the row where the quote opened:
//!   a quoted field still open at the end of the input, or when its record reaches
//!   [`MAX_RECORD_BYTES`] (or a multiple of it), or a record spanning lines (a quoted line break)
//!   that is not valid CSV: a stray quote that paired with a quote rows later. A quote that never
//!   closes would otherwise swallow the rest of the file, or the rows up to the next quote, into
//!   one row.
//!
//! [`Scanner`] finds record ends in bytes arriving in pieces; [`fields`] and [`field`] split one
//! record. Both follow the same states, so a record boundary never depends on how the input was
//! cut. [`ColumnReader`] puts them together as a stream of rows; [`CsvHasher`] hashes them.
//!
//! Why not `csv-core`: about as large (131 bytes smaller gzipped, `bash bench/libsize/run.sh`),
//! but lenient where this reader must not be: it reads `"a"b` as `ab` and lets a stray quote
//! join rows. A million generated inputs read the same as with the `csv` crate, except empty
//! lines, which the crate skips (tests/differential_libs/; docs/PERFORMANCE.md, "Hand-written
//! code and why").

use super::bulk::Rows;
use super::{HashOptions, HashOutput, IdError, IdType};
use std::fmt;

/// The byte-order mark some programs write at the start of a UTF-8 file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest record read (1 MiB, far above any identifier: [`super::MAX_VALUE_BYTES`]); a
/// longer one is `too_long`, or [`CsvError::UnclosedQuote`] when a quoted field is open where it
/// reaches this length or a multiple of it.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// A record that is not valid CSV (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed;

/// Where a scanner is inside a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    FieldStart,
    Unquoted,
    Quoted,
    /// Just after a `"` inside a quoted field: `""` (an escaped quote) or the closing quote.
    QuoteInQuoted,
}

/// Finds record ends, keeping its state between pieces of input.
#[derive(Clone, Debug)]
pub struct Scanner {
    state: State,
    delimiter: u8,
    quotes: bool,
}

impl Scanner {
    /// A scanner of CSV records separated by `delimiter`.
    pub fn csv(delimiter: u8) -> Self {
        Scanner {
            state: State::FieldStart,
            delimiter,
            quotes: true,
        }
    }

    /// A scanner of plain lines (no quoting: every line feed ends a record).
    pub fn lines() -> Self {
        Scanner {
            state: State::FieldStart,
            delimiter: b'\n',
            quotes: false,
        }
    }

    /// Whether the bytes scanned so far end inside a quoted field (not just after a quote).
    pub fn in_quotes(&self) -> bool {
        self.state == State::Quoted
    }

    /// The position of the line feed that ends the current record in `bytes`, after which the
    /// scanner is at the start of a record; `None` (the state kept) when the record goes on.
    #[inline]
    pub fn find_end(&mut self, bytes: &[u8]) -> Option<usize> {
        if !self.quotes {
            return bytes.iter().position(|&b| b == b'\n');
        }
        let d = self.delimiter;
        let mut i = 0;
        while i < bytes.len() {
            if self.state == State::Quoted {
                // Everything up to the next quote is inside the field.
                let p = memchr_quote(&bytes[i..])?;
                i += p + 1;
                self.state = State::QuoteInQuoted;
                continue;
            }
            let b = bytes[i];
            self.state = match (self.state, b) {
                // An opening quote, or the second of `""` inside a quoted field.
                (State::FieldStart | State::QuoteInQuoted, b'"') => State::Quoted,
                (_, b'\n') => {
                    self.state = State::FieldStart;
                    return Some(i);
                }
                (_, b) if b == d => State::FieldStart,
                // An unquoted field going on (a `"` in it is text), or text after a closing
                // quote (malformed; the record still ends at the next line feed).
                _ => State::Unquoted,
            };
            i += 1;
        }
        None
    }

    /// The end of the last complete record in `bytes` (which starts at a record start): the
    /// position of its line feed, after which the scanner is at the start of a record. `None`
    /// when no record ends in `bytes`: the scanner then keeps the state it has at the end of
    /// `bytes` (inside a quoted field, say).
    pub fn last_end(&mut self, bytes: &[u8]) -> Option<usize> {
        if !self.quotes {
            return bytes.iter().rposition(|&b| b == b'\n');
        }
        let mut last = None;
        let mut start = 0;
        while let Some(p) = self.find_end(&bytes[start..]) {
            last = Some(start + p);
            start += p + 1;
        }
        if last.is_some() {
            self.state = State::FieldStart;
        }
        last
    }
}

#[inline]
fn memchr_quote(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'"')
}

/// The record without its line ending's `\r` (the line feed is already cut off).
#[inline]
pub fn strip_cr(record: &[u8]) -> &[u8] {
    record.strip_suffix(b"\r").unwrap_or(record)
}

/// Calls `each(index, raw, quoted)` for every field of `record` (without its line ending): `raw`
/// is the field's text, for a quoted field between the quotes with `""` still doubled (see
/// [`unescape_into`]). Returns the number of fields; an empty record has one empty field.
pub fn for_each_field<'r>(
    record: &'r [u8],
    delimiter: u8,
    mut each: impl FnMut(usize, &'r [u8], bool),
) -> Result<usize, Malformed> {
    fields_dyn(record, delimiter, &mut each)
}

/// [`for_each_field`] with its callback behind a pointer: one copy of the splitting code for
/// every caller (about 5 KB of wasm less than one per closure).
fn fields_dyn<'r>(
    record: &'r [u8],
    delimiter: u8,
    each: &mut dyn FnMut(usize, &'r [u8], bool),
) -> Result<usize, Malformed> {
    let mut i = 0;
    let mut index = 0;
    loop {
        if record.get(i) == Some(&b'"') {
            let start = i + 1;
            let mut j = start;
            loop {
                let p = record.get(j..).and_then(memchr_quote).ok_or(Malformed)?;
                j += p;
                if record.get(j + 1) == Some(&b'"') {
                    j += 2;
                } else {
                    break;
                }
            }
            each(index, record.get(start..j).unwrap_or_default(), true);
            i = j + 1;
            match record.get(i) {
                None => return Ok(index + 1),
                Some(&b) if b == delimiter => {
                    i += 1;
                    index += 1;
                }
                Some(_) => return Err(Malformed),
            }
        } else {
            let rest = record.get(i..).unwrap_or_default();
            match rest.iter().position(|&b| b == delimiter) {
                None => {
                    each(index, rest, false);
                    return Ok(index + 1);
                }
                Some(p) => {
                    each(index, &rest[..p], false);
                    i += p + 1;
                    index += 1;
                }
            }
        }
    }
}

/// Appends the value of a field given as [`for_each_field`] gives it (`""` undoubled).
pub fn unescape_into(raw: &[u8], quoted: bool, out: &mut Vec<u8>) {
    if !quoted {
        out.extend_from_slice(raw);
        return;
    }
    let mut rest = raw;
    while let Some(p) = memchr_quote(rest) {
        // Inside a well-formed quoted field every `"` is the first of a pair.
        out.extend_from_slice(&rest[..=p]);
        rest = rest.get(p + 2..).unwrap_or_default();
    }
    out.extend_from_slice(rest);
}

/// Every field of `record`, unescaped.
pub fn fields(record: &[u8], delimiter: u8) -> Result<Vec<Vec<u8>>, Malformed> {
    let mut out = Vec::new();
    for_each_field(record, delimiter, |_, raw, quoted| {
        let mut v = Vec::with_capacity(raw.len());
        unescape_into(raw, quoted, &mut v);
        out.push(v);
    })?;
    Ok(out)
}

/// Copies field `column` (0-based) of `record` into `out` (cleared first). False when the record
/// has fewer fields. The whole record is checked, so a malformed record is refused whatever the
/// column.
pub fn field(
    record: &[u8],
    delimiter: u8,
    column: usize,
    out: &mut Vec<u8>,
) -> Result<bool, Malformed> {
    out.clear();
    let mut found = false;
    for_each_field(record, delimiter, |i, raw, quoted| {
        if i == column {
            unescape_into(raw, quoted, out);
            found = true;
        }
    })?;
    Ok(found)
}

/// Whether a record (a complete one, without its line feed) that is not valid CSV holds a line
/// feed: one inside quotes, so a stray quote swallowed the rows up to a later quote. Such a
/// record stops the input ([`CsvError::UnclosedQuote`]) instead of being one `invalid_csv` row.
pub fn swallowed_rows(record: &[u8], delimiter: u8) -> bool {
    record.contains(&b'\n') && for_each_field(record, delimiter, |_, _, _| {}).is_err()
}

/// The row of `record` (without its line ending, `\r` included): field `column` as UTF-8 (in
/// `buf`), or why the row is rejected (`invalid_csv`, `missing_column`, `invalid_utf8`).
pub fn column_value<'b>(
    record: &[u8],
    delimiter: u8,
    column: usize,
    buf: &'b mut Vec<u8>,
) -> Result<&'b str, IdError> {
    match field(strip_cr(record), delimiter, column, buf) {
        Err(Malformed) => Err(IdError::InvalidCsv),
        Ok(false) => Err(IdError::MissingColumn),
        Ok(true) => std::str::from_utf8(buf).map_err(|_| IdError::InvalidUtf8),
    }
}

/// The row of `record` as [`column_value`] reads it and, with `country` (a country column,
/// 0-based), that field as UTF-8 (in `country_buf`): a record without it is `missing_column`, one
/// whose country is not UTF-8 `invalid_country`.
pub fn row_values<'b>(
    record: &[u8],
    delimiter: u8,
    column: usize,
    country: Option<usize>,
    buf: &'b mut Vec<u8>,
    country_buf: &'b mut Vec<u8>,
) -> Result<(&'b str, Option<&'b str>), IdError> {
    // One pass for both (without a country column, [`column_value`]'s rules): one copy of the
    // row reading in the wasm.
    buf.clear();
    country_buf.clear();
    let (mut value, mut own) = (false, country.is_none());
    for_each_field(strip_cr(record), delimiter, |i, raw, quoted| {
        if i == column {
            unescape_into(raw, quoted, buf);
            value = true;
        }
        if Some(i) == country {
            unescape_into(raw, quoted, country_buf);
            own = true;
        }
    })
    .map_err(|Malformed| IdError::InvalidCsv)?;
    if !(value && own) {
        return Err(IdError::MissingColumn);
    }
    let v = std::str::from_utf8(buf).map_err(|_| IdError::InvalidUtf8)?;
    if country.is_none() {
        return Ok((v, None));
    }
    let c = std::str::from_utf8(country_buf).map_err(|_| IdError::InvalidCountry)?;
    Ok((v, Some(c)))
}

/// Why a CSV input cannot be read at all (no row is reported for it). Messages never hold a
/// value of the input (header cells included: without a header they would be a row's values).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CsvError {
    /// A quoted field opened in record `row` (counting the header as row 1) is still open at the
    /// end of the input, or where its record reaches [`MAX_RECORD_BYTES`] (or a multiple): a
    /// quote that never closes. Nothing after that row is read.
    UnclosedQuote {
        /// The row (1-based, the header counted) where the quote opened.
        row: u64,
    },
    /// No record at all (empty input, or a byte-order mark alone).
    EmptyInput {
        /// Whether a header record was expected.
        header: bool,
    },
    /// The header record is longer than [`MAX_RECORD_BYTES`].
    HeaderTooLong,
    /// The header record is not valid CSV.
    InvalidHeader,
    /// A column index of 0 or one that is not a number, or a column name without a header.
    BadColumn {
        /// Whether the column was a name given without a header.
        name_without_header: bool,
    },
    /// No header field has the column's name.
    UnknownColumn {
        /// The name looked for (trimmed).
        name: String,
        /// Fields in the header.
        fields: usize,
    },
    /// More than one header field has the column's name.
    AmbiguousColumn {
        /// The name looked for (trimmed).
        name: String,
        /// How many fields have it.
        count: usize,
    },
    /// The delimiter is not one ASCII character other than a quote or a line break (or `tab`).
    BadDelimiter,
    /// The column is past the last field of the first record (the header, or the first row
    /// without one): every row would be rejected.
    ColumnOutOfRange {
        /// The 1-based column.
        column: u64,
        /// Fields in the first record.
        fields: usize,
        /// Whether the first record is the header.
        header: bool,
    },
}

impl CsvError {
    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            CsvError::UnclosedQuote { .. } => "unclosed_quote",
            CsvError::EmptyInput { .. } => "empty_input",
            CsvError::HeaderTooLong => "header_too_long",
            CsvError::InvalidHeader => "invalid_header",
            CsvError::BadColumn { .. } | CsvError::BadDelimiter => "bad_options",
            CsvError::UnknownColumn { .. } => "unknown_column",
            CsvError::AmbiguousColumn { .. } => "ambiguous_column",
            CsvError::ColumnOutOfRange { .. } => "column_out_of_range",
        }
    }

    /// The row of an [`CsvError::UnclosedQuote`].
    pub fn row(&self) -> Option<u64> {
        match self {
            CsvError::UnclosedQuote { row } => Some(*row),
            _ => None,
        }
    }
}

impl CsvError {
    /// A fixed explanation, with the row or the counts it names (never a value of the input;
    /// a column name is the caller's own `--column` text). Built from pieces by one loop
    /// (`join`), without `core::fmt`, which would add kilobytes to the wasm.
    pub fn message(&self) -> String {
        use Piece::{Num, Text};
        let bound = Num(MAX_RECORD_BYTES as u64);
        let count = |n: usize| Num(n as u64);
        match self {
            CsvError::UnclosedQuote { row } => join(&[
                Text("row "),
                Num(*row),
                Text(
                    ": a quoted field opened in this record does not close before the end of \
                     the input or within ",
                ),
                bound,
                Text(
                    " bytes (or closes only for text to follow it, rows later); nothing from \
                     this row on was read",
                ),
            ]),
            CsvError::EmptyInput { header: true } => {
                join(&[Text("the input is empty: a column needs a header record")])
            }
            CsvError::EmptyInput { header: false } => {
                join(&[Text("the input is empty: a column needs a record")])
            }
            CsvError::HeaderTooLong => join(&[
                Text("the header record is longer than "),
                bound,
                Text(" bytes"),
            ]),
            CsvError::InvalidHeader => join(&[Text("the header record is not valid CSV")]),
            CsvError::BadColumn {
                name_without_header: false,
            } => join(&[Text("a column index starts at 1")]),
            CsvError::BadColumn {
                name_without_header: true,
            } => join(&[Text(
                "a column name needs a header record (or give an index)",
            )]),
            CsvError::BadDelimiter => join(&[Text(
                "the delimiter is one ASCII character other than a quote or a line break (or \
                 `tab`)",
            )]),
            CsvError::UnknownColumn { name, fields } => join(&[
                Text("no header field is named \""),
                Text(name),
                Text("\" ("),
                count(*fields),
                Text(" fields; names are compared trimmed and ignoring ASCII case)"),
            ]),
            CsvError::AmbiguousColumn { name, count: n } => join(&[
                count(*n),
                Text(" header fields are named \""),
                Text(name),
                Text("\"; give the column's index"),
            ]),
            CsvError::ColumnOutOfRange {
                column,
                fields,
                header,
            } => join(&[
                Text("column "),
                Num(*column),
                Text(if *header {
                    ": the header has "
                } else {
                    ": the first record has "
                }),
                count(*fields),
                Text(if *fields == 1 { " field" } else { " fields" }),
            ]),
        }
    }
}

/// A piece of a [`CsvError::message`].
#[derive(Clone, Copy)]
enum Piece<'a> {
    Text(&'a str),
    Num(u64),
}

/// The pieces one after the other (one copy of the number writer for every message).
#[inline(never)]
fn join(pieces: &[Piece<'_>]) -> String {
    let mut s = String::new();
    for p in pieces {
        match *p {
            Piece::Text(t) => s.push_str(t),
            Piece::Num(n) => crate::json::write::uint(&mut s, n),
        }
    }
    s
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for CsvError {}

/// The delimiter of the command line's `--delimiter` text: one ASCII character other than a
/// quote or a line break, or `tab` (`\t`).
pub fn parse_delimiter(s: &str) -> Result<u8, CsvError> {
    let b = match s {
        "tab" | "\\t" => b'\t',
        _ if s.len() == 1 => s.as_bytes()[0],
        _ => return Err(CsvError::BadDelimiter),
    };
    if !b.is_ascii() || matches!(b, b'"' | b'\n' | b'\r') {
        return Err(CsvError::BadDelimiter);
    }
    Ok(b)
}

/// The column asked for: a 1-based index or a header name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// 0-based.
    Index(usize),
    /// Looked up in the header (trimmed, ASCII case ignored).
    Name(String),
}

impl Column {
    /// Reads the command line's `--column` text: ASCII digits are a 1-based index, anything else
    /// a header name.
    pub fn parse(spec: &str) -> Result<Column, CsvError> {
        if spec.is_empty() || !spec.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(Column::Name(spec.trim().to_owned()));
        }
        // Past usize (a 32-bit machine) no record has that many fields: out of range, as on a
        // 64-bit one.
        match spec.parse::<u64>() {
            Ok(0) | Err(_) => Err(CsvError::BadColumn {
                name_without_header: false,
            }),
            Ok(n) => Ok(Column::Index(usize::try_from(n - 1).unwrap_or(usize::MAX))),
        }
    }

    /// The 0-based index, looking a name up in `header` (a record without its line ending).
    pub fn resolve(&self, header: Option<&[u8]>, delimiter: u8) -> Result<usize, CsvError> {
        let name = match self {
            Column::Index(i) => return Ok(*i),
            Column::Name(name) => name,
        };
        let header = header.ok_or(CsvError::BadColumn {
            name_without_header: true,
        })?;
        let mut found = None;
        let mut count = 0;
        let mut cell = Vec::new();
        let fields = for_each_field(header, delimiter, |i, raw, quoted| {
            cell.clear();
            unescape_into(raw, quoted, &mut cell);
            if std::str::from_utf8(&cell).is_ok_and(|n| n.trim().eq_ignore_ascii_case(name)) {
                found = found.or(Some(i));
                count += 1;
            }
        })
        .map_err(|_| CsvError::InvalidHeader)?;
        match (found, count) {
            (Some(i), 1) => Ok(i),
            (None, _) => Err(CsvError::UnknownColumn {
                name: name.clone(),
                fields,
            }),
            _ => Err(CsvError::AmbiguousColumn {
                name: name.clone(),
                count,
            }),
        }
    }
}

/// Checks the first record (the header, or the first row without one): a header must be CSV,
/// and the column must exist in it (else every row would be rejected). A first row without a
/// header that is not CSV is only a rejected row.
pub fn check_first(
    record: &[u8],
    delimiter: u8,
    column: usize,
    header: bool,
) -> Result<(), CsvError> {
    match for_each_field(record, delimiter, |_, _, _| {}) {
        Err(Malformed) if header => Err(CsvError::InvalidHeader),
        Ok(n) if column >= n => Err(CsvError::ColumnOutOfRange {
            column: u64::try_from(column).map_or(u64::MAX, |c| c.saturating_add(1)),
            fields: n,
            header,
        }),
        _ => Ok(()),
    }
}

/// One column of CSV arriving in pieces split anywhere, row by row, with the rules of the
/// module docs. Holds at most one record ([`MAX_RECORD_BYTES`]).
///
/// ```
/// use preflight::audience::csv::{ColumnReader, CsvError};
/// let mut r = ColumnReader::new("Email", true, b',').unwrap();
/// let mut rows = Vec::new();
/// let mut each = |row: Result<&str, _>| rows.push(row.map(str::to_owned));
/// r.push(b"\xEF\xBB\xBFid,email\r\n1,a@x.com\r\n2,\"b@", &mut each).unwrap();
/// r.push(b"x.com\"\r\n3\r\n4,\"open", &mut each).unwrap();
/// assert_eq!(r.finish(&mut each), Err(CsvError::UnclosedQuote { row: 5 }));
/// assert_eq!(rows[..2], [Ok("a@x.com".into()), Ok("b@x.com".into())]);
/// assert_eq!(rows[2].as_ref().map_err(|e| e.code()), Err("missing_column"));
/// ```
#[derive(Clone, Debug)]
pub struct ColumnReader {
    delimiter: u8,
    spec: Column,
    /// The 0-based column once known.
    column: usize,
    /// The country column asked for ([`ColumnReader::with_country_column`]), and its 0-based
    /// index once known.
    country_spec: Option<Column>,
    country: usize,
    /// The first record is the header, not read yet.
    header_pending: bool,
    /// A header record was read (row numbers count it as row 1).
    has_header: bool,
    /// No record completed yet.
    first: bool,
    /// The byte-order mark question is settled (the first three bytes seen).
    started: bool,
    scanner: Scanner,
    /// The current record's bytes so far (empty while skipping).
    carry: Vec<u8>,
    /// The current record's length so far (the first record's byte-order mark counted).
    len: usize,
    /// The current record is too long: scanning on for its end.
    skipping: bool,
    /// Records completed, the header included.
    records: u64,
    failed: Option<CsvError>,
    field: Vec<u8>,
    country_field: Vec<u8>,
}

/// What a row callback of [`ColumnReader::push_rows`] gets: the value (or why the row is
/// rejected) and, with a country column, the row's country cell.
pub type RowFn<'f> = dyn FnMut(Result<&str, IdError>, Option<&str>) + 'f;

impl ColumnReader {
    /// A reader of column `column` (the command line's `--column` text: a header name or a
    /// 1-based index); `header`: the first record is the header, never a row.
    pub fn new(column: &str, header: bool, delimiter: u8) -> Result<ColumnReader, CsvError> {
        let spec = Column::parse(column)?;
        let column = match (&spec, header) {
            (Column::Index(i), _) => *i,
            (Column::Name(_), true) => usize::MAX,
            (Column::Name(_), false) => spec.resolve(None, delimiter)?,
        };
        Ok(ColumnReader {
            delimiter,
            spec,
            column,
            header_pending: header,
            has_header: false,
            first: true,
            started: false,
            scanner: Scanner::csv(delimiter),
            carry: Vec::new(),
            len: 0,
            skipping: false,
            records: 0,
            failed: None,
            field: Vec::new(),
            country_spec: None,
            country: usize::MAX,
            country_field: Vec::new(),
        })
    }

    /// Also reads a country column (a header name or a 1-based index, as `column`): each row's
    /// country cell goes to the callback of [`ColumnReader::push_rows`]; a record without it is
    /// `missing_column`. Checked against the header as the column is.
    pub fn with_country_column(mut self, column: &str) -> Result<ColumnReader, CsvError> {
        let spec = Column::parse(column)?;
        self.country = match (&spec, self.header_pending) {
            (Column::Index(i), _) => *i,
            (Column::Name(_), true) => usize::MAX,
            (Column::Name(_), false) => spec.resolve(None, self.delimiter)?,
        };
        self.country_spec = Some(spec);
        Ok(self)
    }

    /// The 0-based country column, once known.
    pub fn country_column(&self) -> Option<usize> {
        self.country_spec.as_ref()?;
        (self.country != usize::MAX || !self.header_pending).then_some(self.country)
    }

    /// Rows before the first data row: 1 once a header was read, else 0.
    pub fn rows_before(&self) -> u64 {
        u64::from(self.has_header)
    }

    /// The 0-based column, once known (a name: after the header).
    pub fn column(&self) -> Option<usize> {
        (self.column != usize::MAX || !self.header_pending).then_some(self.column)
    }

    /// Feeds the next piece; `each` gets the rows it completes, in order. After an error every
    /// call fails with it.
    pub fn push(
        &mut self,
        bytes: &[u8],
        each: &mut dyn FnMut(Result<&str, IdError>),
    ) -> Result<(), CsvError> {
        self.push_rows(bytes, &mut |row, _| each(row))
    }

    /// Ends the input: the last record without a line ending. Call it once, last.
    pub fn finish(&mut self, each: &mut dyn FnMut(Result<&str, IdError>)) -> Result<(), CsvError> {
        self.finish_rows(&mut |row, _| each(row))
    }

    /// [`ColumnReader::push`], each row with its country cell (`None` without a country column).
    pub fn push_rows(&mut self, bytes: &[u8], each: &mut RowFn<'_>) -> Result<(), CsvError> {
        self.fail_again()?;
        let r = self.start(bytes, false, each);
        self.keep(r)
    }

    /// [`ColumnReader::finish`], each row with its country cell.
    pub fn finish_rows(&mut self, each: &mut RowFn<'_>) -> Result<(), CsvError> {
        self.fail_again()?;
        let r = self.start(&[], true, each).and_then(|()| self.end(each));
        self.keep(r)
    }

    fn fail_again(&self) -> Result<(), CsvError> {
        self.failed.clone().map_or(Ok(()), Err)
    }

    fn keep(&mut self, r: Result<(), CsvError>) -> Result<(), CsvError> {
        if let Err(e) = &r {
            self.failed = Some(e.clone());
            self.carry = Vec::new();
        }
        r
    }

    /// Settles the byte-order mark (the first three bytes may arrive in pieces), then feeds.
    fn start(&mut self, bytes: &[u8], end: bool, each: &mut RowFn<'_>) -> Result<(), CsvError> {
        if self.started {
            return self.feed(bytes, each);
        }
        if self.carry.is_empty() && bytes.len() >= BOM.len() {
            self.started = true;
            return match bytes.strip_prefix(BOM) {
                Some(rest) => {
                    self.len = BOM.len();
                    self.feed(rest, each)
                }
                None => self.feed(bytes, each),
            };
        }
        self.carry.extend_from_slice(bytes);
        if self.carry.len() < BOM.len() && !end {
            return Ok(());
        }
        self.started = true;
        let head = std::mem::take(&mut self.carry);
        match head.strip_prefix(BOM) {
            Some(rest) => {
                self.len = BOM.len();
                self.feed(rest, each)
            }
            None => self.feed(&head, each),
        }
    }

    fn feed(&mut self, bytes: &[u8], each: &mut RowFn<'_>) -> Result<(), CsvError> {
        let mut rest = bytes;
        while !rest.is_empty() {
            // Scanned up to the next multiple of the bound at most, where the record is checked.
            let room = MAX_RECORD_BYTES - self.len % MAX_RECORD_BYTES;
            let piece = &rest[..rest.len().min(room)];
            if let Some(p) = self.scanner.find_end(piece) {
                if self.skipping {
                    self.skipping = false;
                    self.row(Err(IdError::TooLong), each);
                } else if self.carry.is_empty() {
                    self.record(&piece[..p], each)?;
                } else {
                    let mut record = std::mem::take(&mut self.carry);
                    record.extend_from_slice(&piece[..p]);
                    let r = self.record(&record, each);
                    record.clear();
                    self.carry = record;
                    r?;
                }
                self.len = 0;
                rest = &rest[p + 1..];
                continue;
            }
            if !self.skipping {
                self.carry.extend_from_slice(piece);
            }
            self.len += piece.len();
            rest = &rest[piece.len()..];
            if self.len % MAX_RECORD_BYTES == 0 {
                self.too_long()?;
            }
        }
        Ok(())
    }

    /// The current record has reached a multiple of [`MAX_RECORD_BYTES`] without its end.
    fn too_long(&mut self) -> Result<(), CsvError> {
        if self.scanner.in_quotes() {
            return Err(CsvError::UnclosedQuote {
                row: self.records + 1,
            });
        }
        if !self.skipping {
            if self.header_pending {
                return Err(CsvError::HeaderTooLong);
            }
            // A first record too long to hold is not checked.
            self.first = false;
            self.skipping = true;
            self.carry = Vec::new();
        }
        Ok(())
    }

    fn end(&mut self, each: &mut RowFn<'_>) -> Result<(), CsvError> {
        if self.skipping || !self.carry.is_empty() {
            if self.scanner.in_quotes() {
                return Err(CsvError::UnclosedQuote {
                    row: self.records + 1,
                });
            }
            if self.skipping {
                self.skipping = false;
                self.row(Err(IdError::TooLong), each);
            } else {
                let record = std::mem::take(&mut self.carry);
                self.record(&record, each)?;
            }
        }
        if self.first {
            return Err(CsvError::EmptyInput {
                header: self.header_pending,
            });
        }
        Ok(())
    }

    fn row(&mut self, row: Result<&str, IdError>, each: &mut RowFn<'_>) {
        self.records += 1;
        each(row, None);
    }

    /// A complete record, without its line feed.
    fn record(&mut self, record: &[u8], each: &mut RowFn<'_>) -> Result<(), CsvError> {
        // `column_value` drops the line ending's `\r` itself (once: `a\r\r` keeps one).
        let raw = record;
        let record = strip_cr(raw);
        if std::mem::take(&mut self.first) {
            if self.header_pending {
                self.column = self.spec.resolve(Some(record), self.delimiter)?;
                if let Some(spec) = &self.country_spec {
                    self.country = spec.resolve(Some(record), self.delimiter)?;
                }
            }
            check_first(record, self.delimiter, self.column, self.header_pending)?;
            if self.country_spec.is_some() {
                check_first(record, self.delimiter, self.country, self.header_pending)?;
            }
        }
        if std::mem::take(&mut self.header_pending) {
            self.has_header = true;
            self.records += 1;
            return Ok(());
        }
        if swallowed_rows(record, self.delimiter) {
            return Err(CsvError::UnclosedQuote {
                row: self.records + 1,
            });
        }
        self.records += 1;
        let mut buf = std::mem::take(&mut self.field);
        let mut country_buf = std::mem::take(&mut self.country_field);
        let country = self.country_spec.as_ref().map(|_| self.country);
        match row_values(
            raw,
            self.delimiter,
            self.column,
            country,
            &mut buf,
            &mut country_buf,
        ) {
            Ok((value, own)) => each(Ok(value), own),
            Err(e) => each(Err(e), None),
        }
        self.field = buf;
        self.country_field = country_buf;
        Ok(())
    }
}

/// [`ColumnReader`] and hashing: the rows of one CSV column hashed as `preflight hash TYPE
/// --column` hashes them (`partner_user_id`: [`IdError::LineBreak`] refused), into a
/// [`HashOutput`] whose index `i` is data row `i` (row number `i + 1 +`
/// [`ColumnReader::rows_before`]).
#[derive(Clone)]
pub struct CsvHasher {
    reader: ColumnReader,
    id_type: IdType,
    opts: HashOptions,
    rows: Rows,
    out: HashOutput,
}

impl fmt::Debug for CsvHasher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CsvHasher")
            .field("id_type", &self.id_type)
            .field("out", &self.out)
            .finish_non_exhaustive()
    }
}

impl CsvHasher {
    /// A hasher of `reader`'s rows as `id_type`.
    pub fn new(reader: ColumnReader, id_type: IdType, opts: HashOptions) -> CsvHasher {
        CsvHasher {
            reader,
            id_type,
            opts,
            rows: Rows::default(),
            out: HashOutput::new(),
        }
    }

    /// The reader (its column, and rows before the data).
    pub fn reader(&self) -> &ColumnReader {
        &self.reader
    }

    /// Feeds the next piece; the rows it completes go into the output.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), CsvError> {
        let CsvHasher {
            reader,
            id_type,
            opts,
            rows,
            out,
        } = self;
        let r = reader.push_rows(bytes, &mut |row, own| {
            rows.push_in(out, *id_type, row, own, opts)
        });
        rows.flush(out);
        r
    }

    /// Ends the input.
    pub fn finish(&mut self) -> Result<(), CsvError> {
        let CsvHasher {
            reader,
            id_type,
            opts,
            rows,
            out,
        } = self;
        let r = reader.finish_rows(&mut |row, own| rows.push_in(out, *id_type, row, own, opts));
        rows.flush(out);
        r
    }

    /// The results not yet taken; later results go into `spare` (cleared first), continuing
    /// the indexes.
    pub fn swap_output(&mut self, mut spare: HashOutput) -> HashOutput {
        spare.clear();
        spare.set_first_index(self.out.next_index());
        std::mem::replace(&mut self.out, spare)
    }
}

/// Hashes the complete records of `input` (a piece of CSV that starts at a record start, as the
/// command line's reader cuts it) as `id_type`, field `column`, into `out`. Returns true when it
/// stopped at a record of [`CsvError::UnclosedQuote`] (the last one, without a line feed, ending
/// inside a quoted field; or one of [`swallowed_rows`]), which is not put in `out`, nor any after
/// it.
///
/// With `country` (a country column, 0-based), each row's phone number reads that field as its
/// own country ([`super::record_country`]), as [`ColumnReader::with_country_column`] does.
#[allow(clippy::too_many_arguments)]
pub fn hash_records(
    input: &[u8],
    delimiter: u8,
    column: usize,
    country: Option<usize>,
    id_type: IdType,
    opts: &HashOptions,
    out: &mut HashOutput,
    field: &mut Vec<u8>,
) -> bool {
    let mut country_field = Vec::new();
    let mut rows = Rows::default();
    let mut scanner = Scanner::csv(delimiter);
    let mut start = 0;
    let mut open = false;
    while start < input.len() {
        let rest = &input[start..];
        let (record, next) = match scanner.find_end(rest) {
            Some(p) => (&rest[..p], start + p + 1),
            None => (rest, input.len()),
        };
        if (next == input.len() && scanner.in_quotes())
            || swallowed_rows(strip_cr(record), delimiter)
        {
            open = true;
            break;
        }
        match row_values(
            record,
            delimiter,
            column,
            country,
            field,
            &mut country_field,
        ) {
            Ok((value, own)) => rows.push_in(out, id_type, Ok(value), own, opts),
            Err(e) => rows.push_in(out, id_type, Err(e), None, opts),
        }
        start = next;
    }
    rows.flush(out);
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(record: &str) -> Result<Vec<String>, Malformed> {
        Ok(fields(record.as_bytes(), b',')?
            .into_iter()
            .map(|f| String::from_utf8_lossy(&f).into_owned())
            .collect())
    }

    #[test]
    fn rfc4180_fields() {
        assert_eq!(split(""), Ok(vec![String::new()]));
        assert_eq!(
            split("a,b,"),
            Ok(vec!["a".into(), "b".into(), String::new()])
        );
        assert_eq!(
            split("\"a,b\",\"say \"\"hi\"\"\",\"\""),
            Ok(vec!["a,b".into(), "say \"hi\"".into(), String::new()])
        );
        assert_eq!(
            split("\"line\nbreak\",5\" screen"),
            Ok(vec!["line\nbreak".into(), "5\" screen".into()])
        );
        assert_eq!(split("\"a\"b,c"), Err(Malformed));
        assert_eq!(split("\"open"), Err(Malformed));
        let mut out = Vec::new();
        assert_eq!(field(b"x,\"y\"\"\",z", b',', 1, &mut out), Ok(true));
        assert_eq!(out, b"y\"");
        assert_eq!(field(b"x", b',', 1, &mut out), Ok(false));
        assert_eq!(field(b"x\t\"y\"", b'\t', 1, &mut out), Ok(true));
        assert_eq!(out, b"y");
    }

    #[test]
    fn record_ends_do_not_depend_on_cuts() {
        let text = b"a,\"b\nc\",d\r\n\"e\"\"\n\",f\n\"g\"h\ni\n";
        let ends = |cut: usize| {
            let mut s = Scanner::csv(b',');
            let mut ends = Vec::new();
            for (from, to) in [(0, cut), (cut, text.len())] {
                let mut start = from;
                while let Some(p) = s.find_end(&text[start..to]) {
                    ends.push(start + p);
                    start += p + 1;
                }
            }
            ends
        };
        for cut in 0..text.len() {
            assert_eq!(ends(cut), vec![10, 19, 24, 26], "cut at {cut}");
        }
        assert_eq!(Scanner::csv(b',').last_end(text), Some(26));
        // No end in the chunk: the scanner stays inside the quoted field, so the line feed that
        // follows in the next bytes is still inside it.
        let mut s = Scanner::csv(b',');
        assert_eq!(s.last_end(b"\"a\nb"), None);
        assert!(s.in_quotes());
        assert_eq!(s.find_end(b"c\nd\"\nx"), Some(4));
    }

    /// Every row of `input` read in pieces of `piece` bytes: values, codes, or the error.
    fn read(
        input: &[u8],
        column: &str,
        header: bool,
        piece: usize,
    ) -> (Vec<String>, Option<CsvError>) {
        let mut r = match ColumnReader::new(column, header, b',') {
            Ok(r) => r,
            Err(e) => return (Vec::new(), Some(e)),
        };
        let mut rows = Vec::new();
        let mut each = |row: Result<&str, IdError>| {
            rows.push(match row {
                Ok(v) => format!("={v}"),
                Err(e) => e.code().to_owned(),
            })
        };
        let mut err = None;
        for p in input.chunks(piece.max(1)) {
            if let Err(e) = r.push(p, &mut each) {
                err = Some(e);
                break;
            }
        }
        if err.is_none() {
            err = r.finish(&mut each).err();
        }
        (rows, err)
    }

    #[test]
    fn rows_and_errors_whatever_the_pieces() {
        /// Input, column, header, rows, error.
        type Case<'a> = (&'a [u8], &'a str, bool, &'a [&'a str], Option<CsvError>);
        let cases: &[Case] = &[
            (
                b"\xEF\xBB\xBFe\r\na\r\n\"b,\"\"\"\r\n\r\nc",
                "e",
                true,
                &["=a", "=b,\"", "=", "=c"],
                None,
            ),
            (
                b"e,f\nx\n\"a\"b,1\n",
                "2",
                true,
                &["missing_column", "invalid_csv"],
                None,
            ),
            (
                b"e\na\n\"open\nb\n",
                "e",
                true,
                &["=a"],
                Some(CsvError::UnclosedQuote { row: 3 }),
            ),
            (
                b"a,\"b\n",
                "1",
                false,
                &[],
                Some(CsvError::UnclosedQuote { row: 1 }),
            ),
            // A stray quote that pairs with one rows later: the record spans lines and is not
            // CSV; the run stops at it rather than count the rows in between as one.
            (
                b"e\na\n\"b,1\nc\n\"d\",2\ne\n",
                "e",
                true,
                &["=a"],
                Some(CsvError::UnclosedQuote { row: 3 }),
            ),
            (b"e\n\"a\nb\"\n", "e", true, &["=a\nb"], None),
            // One `\r` belongs to the line ending, the one before it to the value.
            (b"e\r\n\r\r\nx\r\r", "e", true, &["=\r", "=x\r"], None),
            (
                b"\xEF\xBB\xBF",
                "1",
                false,
                &[],
                Some(CsvError::EmptyInput { header: false }),
            ),
            (
                b"",
                "e",
                true,
                &[],
                Some(CsvError::EmptyInput { header: true }),
            ),
            (
                b"a\n",
                "2",
                false,
                &[],
                Some(CsvError::ColumnOutOfRange {
                    column: 2,
                    fields: 1,
                    header: false,
                }),
            ),
            (b"\"a\"x\n", "1", true, &[], Some(CsvError::InvalidHeader)),
            (
                b"\xff\n\"a\"x\n",
                "1",
                false,
                &["invalid_utf8", "invalid_csv"],
                None,
            ),
        ];
        for (input, column, header, rows, err) in cases {
            for piece in [1, 2, 3, 5, 1000] {
                let (got, e) = read(input, column, *header, piece);
                assert_eq!(got, *rows, "{input:?} in pieces of {piece}");
                assert_eq!(e, *err, "{input:?} in pieces of {piece}");
            }
        }
    }

    #[test]
    fn records_past_the_bound() {
        // Not in quotes where the bound is reached: one too_long row, then the next rows.
        let mut long = b"e\n".to_vec();
        long.extend(vec![b'a'; MAX_RECORD_BYTES]);
        long.extend_from_slice(b",\"x\ny\"\nb\n");
        assert_eq!(
            read(&long, "e", true, 4096),
            (vec!["too_long".into(), "=b".into()], None)
        );
        // One byte shorter (the line feed within the bound): a row.
        let mut fits = b"e\n".to_vec();
        fits.extend(vec![b'a'; MAX_RECORD_BYTES - 1]);
        fits.extend_from_slice(b"\nb");
        assert_eq!(read(&fits, "e", true, 65536).0.len(), 2);
        // A quote open where the bound is reached: the run stops, naming its row, even when the
        // quote closes later (a swallowed file is never a row).
        let mut open = b"e\nok\n\"".to_vec();
        open.extend(vec![b'a'; 2 * MAX_RECORD_BYTES]);
        open.extend_from_slice(b"\nb@example.com\",x\nc@example.com\n");
        assert_eq!(
            read(&open, "1", true, 65536),
            (vec!["=ok".into()], Some(CsvError::UnclosedQuote { row: 3 }))
        );
        // The first record's byte-order mark counts towards the bound.
        let mut bom = BOM.to_vec();
        bom.extend(vec![b'a'; MAX_RECORD_BYTES - 3]);
        bom.extend_from_slice(b"\nb");
        assert_eq!(
            read(&bom, "1", false, 7).0,
            vec!["too_long".to_owned(), "=b".to_owned()]
        );
    }

    #[test]
    fn country_column_per_row() {
        use crate::audience::hash;
        let input = "\u{FEFF}id,phone,cc\r\n1,020 7183 8750,GB\r\n2,(657) 777-0000,\r\n\
                     3,447911123456,44\r\n4,919876543210,+91\r\n5,14155550123,us\r\n\
                     6,0301234567,UK\r\n7,\"+49 30 1234567\",0049\r\n8,12345\r\n";
        let opts = HashOptions::default()
            .with_default_country_code("1")
            .unwrap();
        let reader = ColumnReader::new("phone", true, b',')
            .and_then(|r| r.with_country_column("CC"))
            .unwrap();
        let mut h = CsvHasher::new(reader, IdType::PhoneNumber, opts.clone());
        for piece in input.as_bytes().chunks(7) {
            h.push(piece).unwrap();
        }
        h.finish().unwrap();
        let out = h.swap_output(HashOutput::new());
        let e164 = |s: &str| hash(IdType::PhoneNumber, s, &HashOptions::default()).ok();
        let got: Vec<Option<String>> = out.to_vec();
        assert_eq!(got[0], e164("+442071838750"));
        // Empty: the default country code (1).
        assert_eq!(got[1], e164("+16577770000"));
        // The calling code written without + (audience-identifiers.md), per row.
        assert_eq!(got[2], e164("+447911123456"));
        assert_eq!(got[4], e164("+14155550123"));
        // A + wins over the row's country.
        assert_eq!(got[6], e164("+49301234567"));
        let codes: Vec<(usize, &str)> = out.errors().iter().map(|e| (e.0, e.1.code())).collect();
        assert_eq!(
            codes,
            [
                (3, "ambiguous_country_code"),
                (5, "invalid_country"),
                (7, "missing_column")
            ]
        );
        // The chunked reader of the command line gives the same rows.
        let body = input.split_once('\n').unwrap().1;
        let mut same = HashOutput::new();
        hash_records(
            body.as_bytes(),
            b',',
            1,
            Some(2),
            IdType::PhoneNumber,
            &opts,
            &mut same,
            &mut Vec::new(),
        );
        assert_eq!(same.to_vec(), got);
        assert_eq!(same.errors(), out.errors());
        // A country column past the header is refused as the column is.
        let mut r = ColumnReader::new("1", true, b',')
            .and_then(|r| r.with_country_column("4"))
            .unwrap();
        assert_eq!(
            r.push_rows(b"a,b\n", &mut |_, _| {}),
            Err(CsvError::ColumnOutOfRange {
                column: 4,
                fields: 2,
                header: true
            })
        );
    }

    #[test]
    fn hasher_refuses_line_breaks_in_partner_user_ids() {
        let reader = ColumnReader::new("1", false, b',').unwrap();
        let mut h = CsvHasher::new(reader, IdType::PartnerUserId, HashOptions::default());
        h.push("a\n\"b\rc\"\n\"d\u{2028}\"\ne\x0bf\n".as_bytes())
            .unwrap();
        h.finish().unwrap();
        let out = h.swap_output(HashOutput::new());
        let codes: Vec<&str> = out.errors().iter().map(|e| e.1.code()).collect();
        assert_eq!(out.to_vec()[0].as_deref(), Some("a"));
        assert_eq!(codes, ["line_break"; 3]);
    }
}
