//! CSV as RFC 4180 writes it, and record input with a bounded size (shared by `hash` and
//! `audience-batch`).
//!
//! - A record ends at a line feed outside quotes; one `\r` right before it belongs to the line
//!   ending (so `\r\n` works). A last record without a line ending counts when it is not zero
//!   bytes long, as in line input.
//! - Fields are split at the delimiter (`,` unless told). A field that starts with `"` is quoted:
//!   it runs to the next lone `"`, `""` inside stands for one `"`, and it may hold delimiters and
//!   line breaks. After the closing quote comes the delimiter or the end of the record.
//! - Lenient like spreadsheet programs on one point: a `"` inside an unquoted field (`5" screen`)
//!   is an ordinary character.
//! - Malformed (the record is rejected as `invalid_csv`, the records around it are not touched):
//!   text after a closing quote, and a quoted field still open at the end of the input.
//!
//! [`Scanner`] finds record ends in bytes arriving in pieces; [`fields`] and [`field`] split one
//! record. Both follow the same states, so a record boundary never depends on how the input was
//! cut.

use std::io::{self, BufRead};

/// The byte-order mark some programs write at the start of a UTF-8 file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

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

    /// The position of the line feed that ends the current record in `bytes`, after which the
    /// scanner is at the start of a record; `None` (the state kept) when the record goes on.
    #[inline]
    pub fn find_end(&mut self, bytes: &[u8]) -> Option<usize> {
        if !self.quotes {
            return memchr_newline(bytes);
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
    /// position of its line feed, after which the scanner is at the start of a record (the bytes
    /// after it are scanned again with the next chunk). `None` when no record ends in `bytes`:
    /// the scanner then keeps the state it has at the end of `bytes` (inside a quoted field,
    /// say), so that looking for the end of this too-long record goes on from there.
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
fn memchr_newline(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n')
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

/// What [`RecordReader::next_record`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A record, in the buffer (without its line ending).
    Record,
    /// A record longer than the bound: skipped, the buffer is empty.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one record at a time from buffered input, holding at most `max` bytes of it.
pub struct RecordReader<R> {
    src: R,
    scanner: Scanner,
    max: usize,
    /// Bytes consumed so far (for progress and the first record's byte-order mark).
    pub consumed: u64,
}

impl<R: BufRead> RecordReader<R> {
    pub fn new(src: R, scanner: Scanner, max: usize) -> Self {
        RecordReader {
            src,
            scanner,
            max,
            consumed: 0,
        }
    }

    /// Reads the next record into `buf` (cleared first). A record open in quotes at the end of
    /// the input is returned as it is (splitting it reports it as malformed).
    pub fn next_record(&mut self, buf: &mut Vec<u8>) -> io::Result<Next> {
        buf.clear();
        let mut any = false;
        let mut over = false;
        loop {
            let avail = self.src.fill_buf()?;
            if avail.is_empty() {
                return Ok(match (any, over) {
                    (false, _) => Next::End,
                    (true, true) => Next::TooLong,
                    (true, false) => {
                        let len = strip_cr(buf).len();
                        buf.truncate(len);
                        Next::Record
                    }
                });
            }
            any = true;
            let (take, end) = match self.scanner.find_end(avail) {
                Some(p) => (p, true),
                None => (avail.len(), false),
            };
            if !over {
                if buf.len() + take > self.max {
                    over = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(&avail[..take]);
                }
            }
            let used = if end { take + 1 } else { take };
            self.src.consume(used);
            self.consumed += used as u64;
            if end {
                if over {
                    return Ok(Next::TooLong);
                }
                let len = strip_cr(buf).len();
                buf.truncate(len);
                return Ok(Next::Record);
            }
        }
    }
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
        let whole: Vec<usize> = {
            let mut s = Scanner::csv(b',');
            let mut ends = Vec::new();
            let mut start = 0;
            while let Some(p) = s.find_end(&text[start..]) {
                ends.push(start + p);
                start += p + 1;
            }
            ends
        };
        assert_eq!(whole, vec![10, 19, 24, 26]);
        for cut in 0..text.len() {
            let mut s = Scanner::csv(b',');
            let mut ends = Vec::new();
            let mut start = 0;
            while let Some(p) = s.find_end(&text[start..cut]) {
                ends.push(start + p);
                start += p + 1;
            }
            let mut start2 = cut;
            while let Some(p) = s.find_end(&text[start2..]) {
                ends.push(start2 + p);
                start2 += p + 1;
            }
            assert_eq!(ends, whole, "cut at {cut}");
        }
        assert_eq!(Scanner::csv(b',').last_end(text), Some(26));
        assert_eq!(Scanner::csv(b',').last_end(b"\"a\nb"), None);
        // No end in the chunk: the scanner stays inside the quoted field, so the line feed that
        // follows in the next bytes is still inside it.
        let mut s = Scanner::csv(b',');
        assert_eq!(s.last_end(b"\"a\nb"), None);
        assert_eq!(s.find_end(b"c\nd\"\nx"), Some(4));
    }

    #[test]
    fn bounded_records() {
        let text: &[u8] = b"short\r\n\"much longer than ten\nbytes\"\nok\nlast";
        let mut r = RecordReader::new(text, Scanner::csv(b','), 10);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        loop {
            match r.next_record(&mut buf) {
                Ok(Next::End) => break,
                Ok(n) => got.push((n, String::from_utf8_lossy(&buf).into_owned())),
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(
            got,
            vec![
                (Next::Record, "short".into()),
                (Next::TooLong, String::new()),
                (Next::Record, "ok".into()),
                (Next::Record, "last".into()),
            ]
        );
        assert_eq!(r.consumed, text.len() as u64);
    }
}
