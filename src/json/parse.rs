//! A strict RFC 8259 parser into [`Value`]: one pass over bytes validated as UTF-8 up front,
//! strings borrowed unless they hold escapes, nesting bounded by [`MAX_DEPTH`], numbers
//! classified as serde_json does (an out-of-range number such as `1e400` is an error, as it is in
//! serde_json). Nothing here panics or recurses beyond the depth bound. Why not serde_json's
//! parser: the module docs of [`super`]; a million generated and garbled texts get the same
//! answer and values as from serde_json (tests/differential_libs/).

use super::MAX_DEPTH;
use super::{Number, Object, Value};
use std::borrow::Cow;
use std::fmt;

/// What went wrong, as a stable category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// Unexpected character or end of input.
    Syntax,
    /// A `\u` escape that is an unpaired UTF-16 surrogate.
    LoneSurrogate,
    /// A number too large for a 64-bit float.
    NumberOutOfRange,
    /// Arrays and objects nested deeper than [`MAX_DEPTH`].
    TooDeep,
}

/// A parse failure with its position (1-based line and column, in characters of the line).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The 1-based line of the failure.
    pub line: usize,
    /// The 1-based column of the failure, in characters of its line.
    pub column: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ParseErrorKind::InvalidUtf8 => "invalid UTF-8",
            ParseErrorKind::Syntax => "syntax error",
            ParseErrorKind::LoneSurrogate => "unpaired UTF-16 surrogate in a \\u escape",
            ParseErrorKind::NumberOutOfRange => "number out of range",
            ParseErrorKind::TooDeep => "nesting too deep",
        };
        write!(f, "{what} at line {}, column {}", self.line, self.column)
    }
}

impl std::error::Error for ParseError {}

/// Parses a whole JSON text (surrounding whitespace allowed, nothing else after the value).
pub fn parse(bytes: &[u8]) -> Result<Value<'_>, ParseError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            return Err(error_at(
                bytes,
                e.valid_up_to(),
                ParseErrorKind::InvalidUtf8,
            ))
        }
    };
    let mut p = Parser {
        src: text,
        b: text.as_bytes(),
        i: 0,
        sizes: [0; MAX_DEPTH + 2],
    };
    let result = p.value(0).and_then(|v| {
        p.skip_ws();
        if p.i == p.b.len() {
            Ok(v)
        } else {
            Err(ParseErrorKind::Syntax)
        }
    });
    result.map_err(|kind| error_at(bytes, p.i, kind))
}

fn error_at(bytes: &[u8], offset: usize, kind: ParseErrorKind) -> ParseError {
    let upto = &bytes[..offset.min(bytes.len())];
    let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = upto.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&upto[line_start..]).chars().count() + 1;
    ParseError { kind, line, column }
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    i: usize,
    /// How many members or items the last object or array closed at each depth had: the
    /// capacity a new one at that depth starts with (the products of a batch, the users of an
    /// upload look alike), so that most are built in one allocation, each member moved once.
    sizes: [u32; MAX_DEPTH + 2],
}

/// The index of the first byte at or after `i` that ends a run of plain string content: `"`,
/// `\` or a control character (or the end). Eight bytes at a time while none is one of those.
fn scan_plain(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const QUOTES: u64 = ONES * b'"' as u64;
    const BACKSLASHES: u64 = ONES * b'\\' as u64;
    const SPACES: u64 = ONES * 0x20;
    while let Some(Ok(chunk)) = b.get(i..i + 8).map(<[u8; 8]>::try_from) {
        let w = u64::from_le_bytes(chunk);
        let q = w ^ QUOTES;
        let bs = w ^ BACKSLASHES;
        // Per byte, the high bit is set for a zero byte of `q` or `bs` (a quote or a backslash)
        // or for a byte of `w` below 0x20 (borrows can also flag bytes above a true one).
        let found = ((q.wrapping_sub(ONES) & !q)
            | (bs.wrapping_sub(ONES) & !bs)
            | (w.wrapping_sub(SPACES) & !w))
            & HIGHS;
        if found != 0 {
            // The lowest flagged byte is exact (borrows run only towards higher bytes).
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&c) = b.get(i) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            break;
        }
        i += 1;
    }
    i
}

type Res<T> = Result<T, ParseErrorKind>;

/// The least capacity a new array or object starts with.
const MIN_CAPACITY: usize = 4;
/// The most capacity one starts with (more grows as it is read): a guess from one large
/// container must not make many small ones after it each take a large allocation.
const MAX_CAPACITY_GUESS: usize = 64;

impl<'a> Parser<'a> {
    fn size_at(&self, depth: usize) -> usize {
        self.sizes.get(depth).map_or(MIN_CAPACITY, |&n| {
            (n as usize).clamp(MIN_CAPACITY, MAX_CAPACITY_GUESS)
        })
    }

    fn set_size_at(&mut self, depth: usize, n: usize) {
        if let Some(slot) = self.sizes.get_mut(depth) {
            *slot = u32::try_from(n).unwrap_or(u32::MAX);
        }
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(&c) = self.b.get(self.i) {
            if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn expect_literal(&mut self, lit: &[u8]) -> Res<()> {
        if self.b.get(self.i..self.i + lit.len()) == Some(lit) {
            self.i += lit.len();
            Ok(())
        } else {
            Err(ParseErrorKind::Syntax)
        }
    }

    fn value(&mut self, depth: usize) -> Res<Value<'a>> {
        self.skip_ws();
        match self.peek() {
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.expect_literal(b"true").map(|_| Value::Bool(true)),
            Some(b'f') => self.expect_literal(b"false").map(|_| Value::Bool(false)),
            Some(b'n') => self.expect_literal(b"null").map(|_| Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::Number),
            _ => Err(ParseErrorKind::Syntax),
        }
    }

    fn object(&mut self, depth: usize) -> Res<Value<'a>> {
        if depth > MAX_DEPTH {
            return Err(ParseErrorKind::TooDeep);
        }
        self.i += 1; // '{'
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Value::Object(Object::new()));
        }
        let mut members = Vec::with_capacity(self.size_at(depth));
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(ParseErrorKind::Syntax);
            }
            let name = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(ParseErrorKind::Syntax);
            }
            self.i += 1;
            let v = self.value(depth)?;
            members.push((name, v));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    self.set_size_at(depth, members.len());
                    return Ok(Value::Object(Object::from_members(members)));
                }
                _ => return Err(ParseErrorKind::Syntax),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Res<Value<'a>> {
        if depth > MAX_DEPTH {
            return Err(ParseErrorKind::TooDeep);
        }
        self.i += 1; // '['
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Value::Array(Vec::new()));
        }
        let mut items = Vec::with_capacity(self.size_at(depth));
        loop {
            let v = self.value(depth)?;
            items.push(v);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    self.set_size_at(depth, items.len());
                    return Ok(Value::Array(items));
                }
                _ => return Err(ParseErrorKind::Syntax),
            }
        }
    }

    /// A string starting at the opening quote. Borrowed when it holds no escape.
    #[inline]
    fn string(&mut self) -> Res<Cow<'a, str>> {
        self.i += 1; // '"'
        let start = self.i;
        self.i = scan_plain(self.b, self.i);
        if self.b.get(self.i) == Some(&b'"') {
            let s = self.src.get(start..self.i).ok_or(ParseErrorKind::Syntax)?;
            self.i += 1;
            return Ok(Cow::Borrowed(s));
        }
        self.escaped_string(start)
    }

    /// The rest of a string that stopped at something other than its closing quote: an escape
    /// (decoded into an owned string), a control character or the end (errors).
    #[cold]
    #[inline(never)]
    fn escaped_string(&mut self, start: usize) -> Res<Cow<'a, str>> {
        if self.b.get(self.i) != Some(&b'\\') {
            return Err(ParseErrorKind::Syntax);
        }
        // Escapes: copy what was scanned so far, then decode the rest.
        let mut out = String::with_capacity(self.i - start + 16);
        out.push_str(self.src.get(start..self.i).ok_or(ParseErrorKind::Syntax)?);
        loop {
            let run_start = self.i;
            self.i = scan_plain(self.b, self.i);
            out.push_str(
                self.src
                    .get(run_start..self.i)
                    .ok_or(ParseErrorKind::Syntax)?,
            );
            match self.b.get(self.i) {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.i += 1;
                    let esc = self.b.get(self.i).copied().ok_or(ParseErrorKind::Syntax)?;
                    self.i += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return Err(ParseErrorKind::Syntax),
                    }
                }
                _ => return Err(ParseErrorKind::Syntax),
            }
        }
    }

    fn hex4(&mut self) -> Res<u32> {
        let digits = self
            .b
            .get(self.i..self.i + 4)
            .ok_or(ParseErrorKind::Syntax)?;
        let mut n = 0u32;
        for &d in digits {
            let v = (d as char).to_digit(16).ok_or(ParseErrorKind::Syntax)?;
            n = n * 16 + v;
        }
        self.i += 4;
        Ok(n)
    }

    /// After `\u`: one code point, joining a surrogate pair; an unpaired surrogate is an error.
    fn unicode_escape(&mut self) -> Res<char> {
        let first = self.hex4()?;
        let cp = match first {
            0xD800..=0xDBFF => {
                if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
                    return Err(ParseErrorKind::LoneSurrogate);
                }
                self.i += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(ParseErrorKind::LoneSurrogate);
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(ParseErrorKind::LoneSurrogate),
            cp => cp,
        };
        char::from_u32(cp).ok_or(ParseErrorKind::LoneSurrogate)
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Res<Number> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(ParseErrorKind::Syntax),
        }
        let int_end = self.i;
        let mut frac_end = int_end;
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(ParseErrorKind::Syntax);
            }
            frac_end = self.i;
        }
        let mut exp: i64 = 0;
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            let negative = self.peek() == Some(b'-');
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            let at = self.i;
            if self.digits() == 0 {
                return Err(ParseErrorKind::Syntax);
            }
            for &d in self.src.as_bytes().get(at..self.i).unwrap_or_default() {
                if exp < EXPONENT_CAP {
                    exp = exp * 10 + i64::from(d - b'0');
                }
            }
            if negative {
                exp = -exp;
            }
        }
        let text = self.src.get(start..self.i).ok_or(ParseErrorKind::Syntax)?;
        // Plain integer digits: the common case.
        if int_end == self.i {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(Number::Int(i));
            }
        }
        // Whole or not, and the magnitude of a whole number up to `u64::MAX`.
        let whole = whole_magnitude(text.as_bytes(), int_end - start, frac_end - start, exp);
        if let Some(Some(m)) = whole {
            let n = if text.starts_with('-') {
                0i64.checked_sub_unsigned(m).map(Number::Int)
            } else {
                Some(i64::try_from(m).map_or(Number::UInt(m), Number::Int))
            };
            if let Some(n) = n {
                return Ok(n);
            }
        }
        // Not `str::parse::<f64>`: its tables are 5 KB of the gzipped wasm (json::float).
        let f = super::float::parse_f64(text.as_bytes()).ok_or(ParseErrorKind::NumberOutOfRange)?;
        // A number that is not whole is its nearest f64, as `JSON.parse`, serde_json and every
        // other path read it: where that f64 is whole (`1e-400` is 0, `9007199254740993.5` is
        // 9007199254740994), it is that integer, so that `validate` of `parse_json`'s value, the
        // JavaScript object path and this text path give one answer.
        Ok(if whole.is_some() {
            Number::Big(f)
        } else {
            Number::from_exact_f64(f)
        })
    }
}

/// An exponent's digits are added up until it reaches this, the rest ignored: an exponent that
/// large decides wholeness and magnitude as the exact one would, since no input holds that many
/// digits ([`super::MAX_INPUT_BYTES`]).
const EXPONENT_CAP: i64 = 1_000_000_000;

/// Whether the number `text` (JSON syntax; its integer digits end at `int_end`, its fraction
/// digits, if any, at `frac_end`; `exp` its exponent) is whole, decided on its exact decimal
/// value, never on a rounded `f64`: `None` when not whole, else its magnitude when it is at most
/// `u64::MAX` (`Some(None)` beyond). `1.0`, `1.5e1`, `100e-2` are whole; `1.05e1`, `1e-400` not.
fn whole_magnitude(text: &[u8], int_end: usize, frac_end: usize, exp: i64) -> Option<Option<u64>> {
    // The digits from the first nonzero one to the last, in `buf` while they fit (`n` of them),
    // and the `zeros` after them. `buf` starts as zeros, so that it holds the integer's digits.
    let mut buf = [b'0'; 20];
    let (mut n, mut zeros) = (0usize, 0usize);
    for &d in text.get(..frac_end).unwrap_or_default() {
        if d == b'0' {
            zeros += usize::from(n > 0);
        } else if d.is_ascii_digit() {
            n = n.saturating_add(zeros + 1);
            if let Some(slot) = buf.get_mut(n - 1) {
                *slot = d;
            }
            zeros = 0;
        }
    }
    if n == 0 {
        return Some(Some(0));
    }
    // The value is the n digits times 10^scale.
    let fraction_digits = frac_end.saturating_sub(int_end + 1) as i64;
    let scale = exp - fraction_digits + zeros as i64;
    if scale < 0 {
        return None;
    }
    // Beyond 20 digits (or a scale past usize, on 32 bits) is past u64::MAX.
    let total = usize::try_from(scale).ok().and_then(|s| s.checked_add(n));
    let digits = total.and_then(|t| buf.get(..t));
    Some(digits.and_then(|d| std::str::from_utf8(d).ok()?.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(t: &[u8]) -> Option<ParseErrorKind> {
        parse(t).err().map(|e| e.kind)
    }

    #[test]
    fn agrees_with_serde_json_on_valid_text() {
        let texts: &[&str] = &[
            r#"{"a": [1, -2, 3.25, -0, -0.0, 1e2, 1E-2, 18446744073709551615, -9223372036854775808], "b": {"c": null, "d": true, "e": false}}"#,
            r#"  "esc\"aped \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00"  "#,
            "[]",
            "{}",
            "[[[]]]",
            "12345678901234567890123",
            "\"caf\u{e9} \u{1F600}\"",
        ];
        for t in texts {
            let serde: serde_json::Value = serde_json::from_str(t).expect("serde parses");
            let ours = parse(t.as_bytes()).expect("we parse");
            assert_eq!(ours, Value::from_serde(&serde), "{t}");
        }
    }

    /// Expected values from Python's `decimal` module (exact decimal arithmetic: whole when
    /// `d == d.to_integral_value()`, then `int(d)`, else `float(d)`), not from this parser.
    #[test]
    fn whole_numbers_are_decided_on_their_exact_value() {
        use Number::{Big, Float, Int, UInt};
        let cases: &[(&str, Number)] = &[
            ("100", Int(100)),
            ("1E2", Int(100)),
            ("1e2", Int(100)),
            ("1.0e1", Int(10)),
            ("100e-2", Int(1)),
            ("10.000", Int(10)),
            ("-0", Int(0)),
            ("-0.0", Int(0)),
            ("0e5", Int(0)),
            ("0.000e-999999999999999999999", Int(0)),
            ("1.5e1", Int(15)),
            ("1.50e1", Int(15)),
            ("-25e-1", Float(-2.5)),
            ("9.223372036854775807e18", Int(9223372036854775807)),
            ("-9.223372036854775808e18", Int(-9223372036854775808)),
            ("9223372036854775807.000", Int(9223372036854775807)),
            ("9007199254740993.0", Int(9007199254740993)),
            ("92233720368547758070e-1", Int(9223372036854775807)),
            ("9.223372036854775808e18", UInt(9223372036854775808)),
            ("1.8446744073709551615e19", UInt(18446744073709551615)),
            ("18446744073709551615.0", UInt(18446744073709551615)),
            ("1e20", Big(1e+20)),
            ("18446744073709551616", Big(1.8446744073709552e+19)),
            ("1.8446744073709551616e19", Big(1.8446744073709552e+19)),
            ("-9223372036854775809", Big(-9.223372036854776e+18)),
            ("-9.223372036854775809e18", Big(-9.223372036854776e+18)),
            ("-18446744073709551615.0", Big(-1.8446744073709552e+19)),
            (
                "123456789012345678901234567890",
                Big(1.2345678901234568e+29),
            ),
            ("1e308", Big(1e+308)),
            ("1.5e300", Big(1.5e+300)),
            ("0.5", Float(0.5)),
            // Not whole, and its nearest f64 is: that f64's integer.
            ("9007199254740993.5", Int(9007199254740994)),
            ("12345678901234567890.5", UInt(12345678901234567168)),
            ("1e-400", Int(0)),
            ("-1e-400", Int(0)),
            ("1e-999999999999999999999", Int(0)),
            ("1.0000000000000000001", Int(1)),
            ("1.05e1", Float(10.5)),
            ("-1e-1", Float(-0.1)),
            ("100000000000000000000000000000.1", Big(1e+29)),
            ("-0.5e0", Float(-0.5)),
            ("25e-1", Float(2.5)),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text.as_bytes()), Ok(Value::Number(*want)), "{text}");
        }
        for text in ["1e999999999999999999999", "-1.5e400", "1e309"] {
            assert_eq!(
                kind(text.as_bytes()),
                Some(ParseErrorKind::NumberOutOfRange)
            );
        }
    }

    #[test]
    fn borrows_strings_without_escapes() {
        let v = parse(br#"{"plain":"abc","esc":"a\nb"}"#).expect("valid");
        let o = v.as_object().expect("object");
        assert!(matches!(
            o.get("plain"),
            Some(Value::String(Cow::Borrowed("abc")))
        ));
        assert!(matches!(o.get("esc"), Some(Value::String(Cow::Owned(_)))));
    }

    #[test]
    fn rejects_what_serde_json_rejects() {
        use ParseErrorKind::*;
        let cases: &[(&[u8], ParseErrorKind)] = &[
            (b"", Syntax),
            (b"{", Syntax),
            (b"{\"a\" 1}", Syntax),
            (b"[1,]", Syntax),
            (b"{\"a\":1,}", Syntax),
            (b"01", Syntax),
            (b"1.", Syntax),
            (b".5", Syntax),
            (b"1e", Syntax),
            (b"+1", Syntax),
            (b"NaN", Syntax),
            (b"nul", Syntax),
            (b"[1] [2]", Syntax),
            (b"\"a\tb\"", Syntax),
            (b"\"\\x\"", Syntax),
            (b"\"\\u12\"", Syntax),
            (b"\"abc", Syntax),
            (b"1e400", NumberOutOfRange),
            (b"-1e400", NumberOutOfRange),
            (b"\"\\ud800\"", LoneSurrogate),
            (b"\"\\udc00\"", LoneSurrogate),
            (b"\"\\ud800\\u0041\"", LoneSurrogate),
            (b"\"\xff\"", InvalidUtf8),
            (b"{\"a\":\"\xc3\"}", InvalidUtf8),
        ];
        for (t, k) in cases {
            assert_eq!(kind(t), Some(*k), "{}", String::from_utf8_lossy(t));
            assert!(serde_json::from_slice::<serde_json::Value>(t).is_err());
        }
    }

    #[test]
    fn depth_is_bounded_without_recursing_further() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(ok.as_bytes()).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(kind(deep.as_bytes()), Some(ParseErrorKind::TooDeep));
        let hostile = "[".repeat(100_000);
        assert_eq!(kind(hostile.as_bytes()), Some(ParseErrorKind::TooDeep));
        let objects = "{\"a\":".repeat(100_000);
        assert_eq!(kind(objects.as_bytes()), Some(ParseErrorKind::TooDeep));
    }

    #[test]
    fn scan_plain_stops_where_a_byte_loop_stops() {
        let naive = |b: &[u8], mut i: usize| {
            while b
                .get(i)
                .is_some_and(|&c| c != b'"' && c != b'\\' && c >= 0x20)
            {
                i += 1;
            }
            i
        };
        // Every position of every stopping byte, after runs of every length, among neighbours
        // that test the word trick's edges (0x1f/0x20, 0x7f/0x80, 0xff, the quote's and the
        // backslash's neighbours).
        let fill = [b'a', 0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xc3, 0xff];
        for stop in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
            for &f in &fill {
                for len in 0..40 {
                    for offset in 0..3 {
                        let mut b = vec![f; len];
                        b.push(stop);
                        b.extend_from_slice(&[f; 9]);
                        assert_eq!(scan_plain(&b, offset), naive(&b, offset), "{f:#x} {len}");
                        b.pop();
                    }
                    let b = vec![f; len];
                    assert_eq!(scan_plain(&b, 0), len);
                }
            }
        }
    }

    #[test]
    fn reports_line_and_column() {
        let e = parse(b"{\n  \"a\": tru\n}").expect_err("invalid");
        assert_eq!((e.kind, e.line, e.column), (ParseErrorKind::Syntax, 2, 8));
    }
}
