//! CSV column exports over `preflight::audience::csv`, the reader of `preflight hash --column`:
//! `pkg/lib/csv.js` (hashFile, createHashStream with a column, extractColumn) reads CSV only
//! through them, so the helpers and the command line cannot disagree.
//!
//! Results use the packed bulk form of `audience.rs` (index `i` is data row `i`, row number
//! `i + 1 + rowsBefore`). A wrong call or an input that cannot be read (`unclosed_quote`,
//! `unknown_column`, ...) fails with the one error shape (`crate::fail`); after
//! `unclosed_quote`, `failedRow` gives the row where the quote opened.

use crate::audience::{both, pack, push_num, utf16_len};
use crate::fail::{done, Fail};
use crate::opts::{flag, known, text, Js, Members};
use preflight::audience::csv::{
    for_each_field, parse_delimiter, strip_cr, unescape_into, ColumnReader, CsvError, CsvHasher,
    Scanner, BOM,
};
use preflight::audience::{HashOutput, IdType};
use wasm_bindgen::prelude::*;

const COLUMN: &str = "column is the command line's --column text";

/// The CSV reader of `column` (`None`: not given) and the options `{header, delimiter}` of `csv`.
fn reader(column: Option<String>, csv: &impl Members) -> Result<ColumnReader, Fail> {
    let header = flag(csv, "header", true, "header must be a boolean")?;
    let delimiter = text(
        csv,
        "delimiter",
        "bad_options",
        "delimiter must be a string",
    )?;
    let column = column.ok_or_else(|| Fail::of("bad_options", COLUMN))?;
    Ok(ColumnReader::new(
        &column,
        header,
        parse_delimiter(delimiter.as_deref().unwrap_or(","))?,
    )?)
}

/// Streaming hashing of one CSV column (packed results of the rows each call completes).
#[wasm_bindgen]
pub struct AudienceCsvHasher {
    id_type: IdType,
    hasher: Option<CsvHasher>,
    spare: HashOutput,
    rows_before: u32,
    failed_row: f64,
}

#[wasm_bindgen]
impl AudienceCsvHasher {
    // `options`: the hash options; `csv`: `{column, header, delimiter, countryColumn}`
    // (`countryColumn`: each row's own country for its phone number, `--country-column`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        id_type: &str,
        options: &JsValue,
        csv: &JsValue,
    ) -> Result<AudienceCsvHasher, JsValue> {
        done((|| {
            let (t, opts) = both(id_type, options)?;
            let csv = &Js(csv);
            known(
                csv,
                &["column", "header", "delimiter", "countryColumn"],
                "unknown CSV option; expected column, header, delimiter, countryColumn",
            )?;
            let column = text(csv, "column", "bad_options", COLUMN)?;
            let mut reader = reader(column, csv)?;
            let country_column = text(
                csv,
                "countryColumn",
                "bad_options",
                "countryColumn must be a string",
            )?;
            if let Some(c) = country_column {
                if t != IdType::PhoneNumber {
                    return Err(Fail::of(
                        "bad_options",
                        "countryColumn applies to phone_number",
                    ));
                }
                reader = reader.with_country_column(&c)?;
            }
            Ok(AudienceCsvHasher {
                id_type: t,
                hasher: Some(CsvHasher::new(reader, t, opts)),
                spare: HashOutput::new(),
                rows_before: 0,
                failed_row: 0.0,
            })
        })())
    }

    /// Feeds bytes; packed results of the rows completed.
    #[wasm_bindgen(js_name = pushBytes)]
    pub fn push_bytes(&mut self, chunk: &[u8]) -> Result<String, JsValue> {
        done(self.step(Some(chunk)))
    }

    /// Ends the input; packed results not yet returned. Later calls fail.
    pub fn finish(&mut self) -> Result<String, JsValue> {
        let r = self.step(None);
        self.hasher = None;
        done(r)
    }

    /// Rows before the first data row (1 once a header was read).
    #[wasm_bindgen(js_name = rowsBefore)]
    pub fn rows_before(&self) -> u32 {
        self.rows_before
    }

    /// The row of an `unclosed_quote` failure (0 before one).
    #[wasm_bindgen(js_name = failedRow)]
    pub fn failed_row(&self) -> f64 {
        self.failed_row
    }

    fn step(&mut self, chunk: Option<&[u8]>) -> Result<String, Fail> {
        let h = self.hasher.as_mut().ok_or_else(finished)?;
        let r = match chunk {
            Some(c) => h.push(c),
            None => h.finish(),
        };
        self.rows_before = u32::from(h.reader().rows_before() > 0);
        if let Err(e) = r {
            // Precision is kept to 2^53 rows.
            self.failed_row = e.row().map_or(0.0, |r| r as f64);
            self.hasher = None;
            return Err(e.into());
        }
        let out = h.swap_output(std::mem::take(&mut self.spare));
        let packed = pack(&out, self.id_type);
        self.spare = out;
        Ok(packed)
    }
}

fn finished() -> Fail {
    Fail::of(
        "hasher_finished",
        "the CSV hasher is finished; create another one",
    )
}

/// One column of a whole CSV input, unhashed: `<column>,<rowsBefore>|` then the packed form of
/// `partner_user_id` results (every value verbatim, an empty one included).
#[wasm_bindgen(js_name = audienceCsvExtract)]
pub fn csv_extract(
    input: &[u8],
    column: Option<String>,
    options: &JsValue,
) -> Result<String, JsValue> {
    done(extract(input, column, &Js(options)))
}

fn extract(input: &[u8], column: Option<String>, options: &impl Members) -> Result<String, Fail> {
    known(
        options,
        &["header", "delimiter"],
        "unknown option; expected header, delimiter",
    )?;
    let mut r = reader(column, options)?;
    let mut errors = String::new();
    let mut lens = String::new();
    let mut values = String::new();
    let mut n = 0;
    // Through `push_rows`, as the hasher reads (the country cell unused): one set of row
    // adapters in the module.
    let mut each = |row: Result<&str, preflight::audience::IdError>, _: Option<&str>| {
        match row {
            Ok(v) => {
                push_num(&mut lens, utf16_len(v));
                lens.push(',');
                values.push_str(v);
            }
            Err(e) => {
                push_num(&mut errors, n);
                errors.push(':');
                errors.push_str(e.code());
                errors.push(',');
            }
        }
        n += 1;
    };
    r.push_rows(input, &mut each)?;
    r.finish_rows(&mut each)?;
    let mut s = String::with_capacity(values.len() + lens.len() + errors.len() + 32);
    push_num(&mut s, r.column().unwrap_or(0));
    s.push(',');
    push_num(&mut s, usize::from(r.rows_before() > 0));
    s.push('|');
    push_num(&mut s, n);
    s.push_str(",0|");
    s.push_str(&errors);
    s.push('|');
    s.push_str(&lens);
    s.push('|');
    s.push_str(&values);
    Ok(s)
}

/// The fields of the first record of `input` (a page's column picker): `<UTF-16 length>,...|`
/// then the fields back to back (a field that is not UTF-8 shown as one U+FFFD). `whole`: `input` is
/// the whole file (else its first `preflight::audience::csv::MAX_RECORD_BYTES` bytes).
#[wasm_bindgen(js_name = audienceCsvFirstRecord)]
pub fn csv_first_record(input: &[u8], delimiter: &str, whole: bool) -> Result<String, JsValue> {
    done(first_record(input, delimiter, whole))
}

fn first_record(input: &[u8], delimiter: &str, whole: bool) -> Result<String, Fail> {
    let d = parse_delimiter(delimiter)?;
    let input = input.strip_prefix(BOM).unwrap_or(input);
    if input.is_empty() {
        return Err(CsvError::EmptyInput { header: true }.into());
    }
    let mut scanner = Scanner::csv(d);
    let end = match scanner.find_end(input) {
        Some(p) => p,
        None if scanner.in_quotes() => return Err(CsvError::UnclosedQuote { row: 1 }.into()),
        None if whole => input.len(),
        None => return Err(CsvError::HeaderTooLong.into()),
    };
    let mut lens = String::new();
    let mut text = String::new();
    let mut cell = Vec::new();
    for_each_field(strip_cr(&input[..end]), d, |_, raw, quoted| {
        cell.clear();
        unescape_into(raw, quoted, &mut cell);
        // A label only: a cell that is not UTF-8 is shown as one U+FFFD.
        let cell = std::str::from_utf8(&cell).unwrap_or("\u{FFFD}");
        push_num(&mut lens, utf16_len(cell));
        lens.push(',');
        text.push_str(cell);
    })
    .map_err(|_| Fail::from(CsvError::InvalidHeader))?;
    lens.push('|');
    lens.push_str(&text);
    Ok(lens)
}
