//! Record input with a bounded size for `audience-batch` over the library's CSV reader
//! ([`preflight::audience::csv`]: the rules, the scanner and the field splitting, shared with
//! `hash` and the wasm helpers).

use std::io::{self, BufRead};

pub use preflight::audience::csv::{
    fields, for_each_field, strip_cr, unescape_into, Malformed, Scanner, BOM,
};

/// What [`RecordReader::next_record`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A record, in the buffer (without its line ending).
    Record,
    /// A record longer than the bound: skipped, the buffer is empty.
    TooLong,
    /// A quoted field is open at the end of the input, or when the record passed the bound: the
    /// rest of the input is not read.
    UnclosedQuote,
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

    /// Reads the next record into `buf` (cleared first).
    pub fn next_record(&mut self, buf: &mut Vec<u8>) -> io::Result<Next> {
        buf.clear();
        let mut any = false;
        let mut over = false;
        loop {
            let avail = self.src.fill_buf()?;
            if avail.is_empty() {
                return Ok(match (any, over) {
                    (false, _) => Next::End,
                    (true, _) if self.scanner.in_quotes() => Next::UnclosedQuote,
                    (true, true) => Next::TooLong,
                    (true, false) => {
                        let len = strip_cr(buf).len();
                        buf.truncate(len);
                        Next::Record
                    }
                });
            }
            any = true;
            // Scanned no further than one byte past the bound while the record is held, so that
            // whether a quote is open there does not depend on the buffer's size.
            let scan = match over {
                true => avail,
                false => &avail[..avail.len().min((self.max + 1).saturating_sub(buf.len()))],
            };
            let (take, end) = match self.scanner.find_end(scan) {
                Some(p) => (p, true),
                None => (scan.len(), false),
            };
            if !over {
                if buf.len() + take > self.max {
                    if self.scanner.in_quotes() {
                        return Ok(Next::UnclosedQuote);
                    }
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

    #[test]
    fn bounded_records() {
        let text: &[u8] = b"short\r\nmuch longer than ten,\"a\nb\"\nok\nlast";
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
        // A quote still open at the end, or where the record passes the bound, stops the input.
        for text in [
            &b"ok\n\"open\nx"[..],
            b"ok\n\"open for more than ten bytes\"\nx\n",
        ] {
            let mut r = RecordReader::new(text, Scanner::csv(b','), 10);
            assert_eq!(r.next_record(&mut buf).ok(), Some(Next::Record));
            assert_eq!(r.next_record(&mut buf).ok(), Some(Next::UnclosedQuote));
        }
    }
}
