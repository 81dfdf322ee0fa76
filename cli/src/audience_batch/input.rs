//! The input side of `preflight audience-batch`: CSV headers and `--map`, and reading CSV or
//! NDJSON records into [`AudienceRecord`]s, with where each value came from (the CSV column) so
//! that problems are reported by row, field and column.

use super::InputFormat;
use crate::hash::{self, for_each_field, unescape_into, Malformed, Next, RecordReader};
use preflight::audience::batch::{AudienceRecord, Endpoint};
use preflight::audience::{trim, IdError, IdType};
use std::io;

/// Codes of records rejected before they reach the builder (its own codes are
/// [`preflight::audience::batch::RecordError::code`]).
const INVALID_CSV: &str = "invalid_csv";
const COLUMN_COUNT: &str = "column_count";
/// Not a row's refusal: the input stops at this record (a quoted field never closes).
pub const UNCLOSED_QUOTE: &str = "unclosed_quote";
const INVALID_JSON: &str = "invalid_json";
const INVALID_RECORD: &str = "invalid_record";

/// One `--map COLUMN=TYPE`.
#[derive(Clone, Debug)]
pub struct ColumnMap {
    pub column: String,
    /// `None`: `ignore`.
    pub to: Option<IdType>,
}

pub fn parse_map(s: &str) -> Result<ColumnMap, String> {
    let (column, to) = s.rsplit_once('=').ok_or(
        "COLUMN=TYPE: a header name or 1-based index, `=`, an identifier type or `ignore`",
    )?;
    let to = match to.trim() {
        "ignore" => None,
        t => Some(
            t.parse()
                .map_err(|e: preflight::audience::UnknownIdType| format!("{e}, or `ignore`"))?,
        ),
    };
    if column.trim().is_empty() {
        return Err("COLUMN=TYPE: the column is empty".into());
    }
    Ok(ColumnMap {
        column: column.trim().to_owned(),
        to,
    })
}

/// Where a problem lies: the field and, in CSV, the column (1-based) or, in NDJSON, the value's
/// position in the member.
#[derive(Clone, Copy)]
pub enum At {
    Record,
    Field(IdType),
    Column(IdType, usize),
    Value(IdType, usize),
    /// The record's country (CSV: its 1-based column) read for the field's values.
    Country(IdType, Option<usize>),
}

/// Reads data records from CSV or NDJSON into [`AudienceRecord`]s.
pub struct Source<R> {
    pub reader: RecordReader<R>,
    pub format: InputFormat,
    pub delimiter: u8,
    /// CSV: the identifier type of each column (`None`: ignored).
    pub columns: Vec<Option<IdType>>,
    /// CSV: the column (0-based) of each value pushed into the record, per type (by
    /// [`type_slot`]), so that the builder's value positions map back to columns.
    pub value_columns: [Vec<usize>; 6],
    /// CSV: cells left out before the builder: (type, 0-based column, code).
    pub cell_problems: Vec<(IdType, usize, &'static str)>,
    pub buf: Vec<u8>,
    pub cell: Vec<u8>,
    pub first: bool,
    /// CSV: the column (0-based) of each record's own country (`--country-column`).
    pub country: Option<usize>,
}

/// A record refused whole before it reaches the builder (not CSV, wrong field count, not JSON).
pub type Refusal = &'static str;

/// The position of `t` in [`IdType::ALL`].
fn type_slot(t: IdType) -> usize {
    IdType::ALL.iter().position(|&x| x == t).unwrap_or(0)
}

impl<R: io::BufRead> Source<R> {
    /// Reads the next record into `record`; `None` at the end of the input.
    pub fn next(&mut self, record: &mut AudienceRecord) -> io::Result<Option<Result<(), Refusal>>> {
        let next = self.reader.next_record(&mut self.buf)?;
        let first = std::mem::replace(&mut self.first, false);
        if first && self.buf.starts_with(hash::BOM) {
            self.buf.drain(..hash::BOM.len());
        }
        clear(record);
        for v in &mut self.value_columns {
            v.clear();
        }
        self.cell_problems.clear();
        Ok(match next {
            Next::End => None,
            Next::TooLong => Some(Err(IdError::TooLong.code())),
            Next::UnclosedQuote => Some(Err(UNCLOSED_QUOTE)),
            Next::Record => Some(match self.format {
                InputFormat::Csv => self.csv(record),
                InputFormat::Ndjson => self.ndjson(record),
            }),
        })
    }

    fn csv(&mut self, record: &mut AudienceRecord) -> Result<(), Refusal> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let columns = &self.columns;
        let cell = &mut self.cell;
        let value_columns = &mut self.value_columns;
        let problems = &mut self.cell_problems;
        let country_column = self.country;
        let mut country = None;
        let fields = for_each_field(&self.buf, self.delimiter, |i, raw, quoted| {
            if Some(i) == country_column {
                let mut c = Vec::new();
                unescape_into(raw, quoted, &mut c);
                // Not UTF-8: a country that names none (invalid_country).
                country = Some(String::from_utf8(c).unwrap_or_else(|_| "\u{FFFD}".into()));
                return;
            }
            let Some(&Some(t)) = columns.get(i) else {
                return;
            };
            cell.clear();
            unescape_into(raw, quoted, cell);
            match std::str::from_utf8(cell) {
                Ok(v) if absent(t, v) => {}
                Ok(v) => {
                    record.push(t, v);
                    if let Some(c) = value_columns.get_mut(type_slot(t)) {
                        c.push(i);
                    }
                }
                // Left out of the user, who keeps the other values.
                Err(_) => problems.push((t, i, IdError::InvalidUtf8.code())),
            }
        });
        record.country = country;
        match fields {
            Err(Malformed) if self.buf.contains(&b'\n') => Err(UNCLOSED_QUOTE),
            Err(Malformed) => Err(INVALID_CSV),
            Ok(n) if n != self.columns.len() => Err(COLUMN_COUNT),
            Ok(_) => Ok(()),
        }
    }

    /// Where the builder's problem lies in the input.
    pub fn at(&self, field: Option<IdType>, value_index: Option<usize>) -> At {
        match (field, value_index, self.format) {
            (None, _, _) => At::Record,
            (Some(f), None, _) => At::Field(f),
            (Some(f), Some(i), InputFormat::Ndjson) => At::Value(f, i),
            (Some(f), Some(i), InputFormat::Csv) => {
                match self.value_columns.get(type_slot(f)).and_then(|c| c.get(i)) {
                    Some(&c) => At::Column(f, c + 1),
                    None => At::Value(f, i),
                }
            }
        }
    }

    /// Where a problem of the record's country lies (its CSV column).
    pub fn country_at(&self, field: IdType) -> At {
        At::Country(field, self.country.map(|c| c + 1))
    }

    fn ndjson(&mut self, record: &mut AudienceRecord) -> Result<(), Refusal> {
        let line = self.buf.trim_ascii();
        if line.is_empty() {
            return Ok(());
        }
        match serde_json::from_slice::<AudienceRecord>(line) {
            Ok(r) => {
                *record = r;
                Ok(())
            }
            // serde_json's messages may quote the value: only the category is reported.
            Err(e) if e.is_data() => Err(INVALID_RECORD),
            Err(_) => Err(INVALID_JSON),
        }
    }
}

/// A CSV cell that gives no value: empty, or for hashed types only whitespace.
fn absent(t: IdType, v: &str) -> bool {
    if t.is_hashed() {
        trim(v).is_empty()
    } else {
        v.is_empty()
    }
}

pub fn clear(r: &mut AudienceRecord) {
    r.email.clear();
    r.phone_number.clear();
    r.handle.clear();
    r.device_id.clear();
    r.service_id.clear();
    r.partner_user_id.clear();
    r.country = None;
}

/// The identifier type of each header field (`None`: mapped to `ignore`). Every field names a
/// type or is mapped (`--map`); anything else is an error, never a column silently left out.
/// The 0-based index of a header field given as `--country-column` text (a name, or a 1-based
/// index), as `--map` finds its column.
pub fn find_column(
    option: &str,
    column: &str,
    header: &[u8],
    delimiter: u8,
) -> Result<usize, String> {
    let names = hash::csv_fields(header, delimiter)
        .map_err(|_| String::from("the header record is not valid CSV"))?;
    let names: Vec<Option<String>> = names
        .iter()
        .map(|n| {
            std::str::from_utf8(n)
                .ok()
                .map(|n| n.trim().to_ascii_lowercase())
        })
        .collect();
    column_of(option, column, &names)
}

fn column_of(option: &str, column: &str, names: &[Option<String>]) -> Result<usize, String> {
    // Header cells are not printed: without a real header they would be a user's values.
    if !column.is_empty() && column.bytes().all(|b| b.is_ascii_digit()) {
        return match column.parse::<usize>() {
            Ok(n) if (1..=names.len()).contains(&n) => Ok(n - 1),
            _ => Err(format!(
                "{option} {column}: the header has {} fields (indexes start at 1)",
                names.len()
            )),
        };
    }
    let wanted = column.trim().to_ascii_lowercase();
    let hits: Vec<usize> = names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_deref() == Some(wanted.as_str()))
        .map(|(i, _)| i)
        .collect();
    match hits.as_slice() {
        [i] => Ok(*i),
        [] => Err(format!(
            "{option} {column:?}: no header field has that name (compared trimmed, ignoring \
             ASCII case)"
        )),
        _ => Err(format!(
            "{option} {column:?}: {} header fields have that name; give its index",
            hits.len()
        )),
    }
}

/// How a header field is named in a message: by its text, quoted, when the header is a real one
/// (`named`: some field names an identifier type or is mapped) and the text does not look like
/// an identifier (an `@`, or 7 digits or more); else by its 1-based number only (a file
/// without a header would otherwise print a user's values).
fn column_name(i: usize, raw: Option<&[u8]>, named: bool) -> String {
    let text = raw.and_then(|r| std::str::from_utf8(r).ok()).map(str::trim);
    match text {
        Some(t)
            if named
                && !t.is_empty()
                && t.chars().count() <= 40
                && !t.contains(['@', '\u{FF20}'])
                && t.bytes().filter(u8::is_ascii_digit).count() < 7
                && !t.chars().any(char::is_control) =>
        {
            format!("{t:?} (column {})", i + 1)
        }
        _ => format!("column {}", i + 1),
    }
}

pub fn header_columns(
    header: &[u8],
    delimiter: u8,
    endpoint: Endpoint,
    maps: &[ColumnMap],
    country: Option<usize>,
) -> Result<Vec<Option<IdType>>, String> {
    let raw_names = hash::csv_fields(header, delimiter)
        .map_err(|_| String::from("the header record is not valid CSV"))?;
    let names = &raw_names;
    let names: Vec<Option<String>> = names
        .iter()
        .map(|n| {
            std::str::from_utf8(n)
                .ok()
                .map(|n| n.trim().to_ascii_lowercase())
        })
        .collect();
    let mut columns: Vec<Option<Option<IdType>>> = names
        .iter()
        .map(|n| n.as_deref().and_then(|n| n.parse().ok()).map(Some))
        .collect();
    for m in maps {
        let i = column_of("--map", &m.column, &names)?;
        if let Some(c) = columns.get_mut(i) {
            *c = Some(m.to);
        }
    }
    // The country column is read as each record's country, not as an identifier.
    if let Some(c) = country.and_then(|c| columns.get_mut(c)) {
        *c = Some(None);
    }
    let named = columns.iter().any(|c| matches!(c, Some(Some(_))));
    let unknown: Vec<String> = columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .map(|(i, _)| column_name(i, raw_names.get(i).map(Vec::as_slice), named))
        .collect();
    if !unknown.is_empty() {
        return Err(format!(
            "header field{} {} name{} no identifier type (one of: {}); map {} with --map \
             COLUMN=TYPE, or --map COLUMN=ignore to leave {} out{}",
            if unknown.len() == 1 { "" } else { "s" },
            unknown.join(", "),
            if unknown.len() == 1 { "s" } else { "" },
            IdType::ALL.map(IdType::name).join(", "),
            if unknown.len() == 1 { "it" } else { "each" },
            if unknown.len() == 1 { "it" } else { "them" },
            if named {
                ""
            } else {
                " (no header field names an identifier type: is the header record missing?)"
            },
        ));
    }
    let columns: Vec<Option<IdType>> = columns.into_iter().flatten().collect();
    for (i, c) in columns.iter().enumerate() {
        if let Some(t) = c {
            if !endpoint.accepts(*t) {
                return Err(format!(
                    "{} is {t}, which the {} endpoint does not take (only email and \
                     phone_number; --map {}=ignore leaves it out)",
                    column_name(i, raw_names.get(i).map(Vec::as_slice), true),
                    endpoint.name(),
                    i + 1
                ));
            }
        }
    }
    if columns.iter().all(Option::is_none) {
        return Err(format!(
            "the header names no identifier column (expected some of: {})",
            IdType::ALL.map(IdType::name).join(", ")
        ));
    }
    Ok(columns)
}
