//! A payload already parsed elsewhere, handed over as a tape: how the JavaScript binding passes a
//! plain object without `JSON.stringify` and without this crate parsing text again.
//!
//! The walk of a JavaScript value (pkg/lib/tape.js) writes three things:
//! - `words`: one `u32` per value, in document order (depth first). The low three bits are a
//!   tag, the rest a length or a count:
//!   `NULL`, `FALSE`, `TRUE`; `NUMBER` (its value is the next entry of `numbers`); `STRING` (the
//!   rest is its length in UTF-16 code units; its text is next in `text`); `ARRAY` (the rest is its
//!   item count; the items follow); `OBJECT` (the rest is its member count; each member is a name
//!   word, the name's length in UTF-16 units (its text is next in `text`), and then the value).
//! - `numbers`: every number, as `f64`.
//! - `text`: every string and every name, concatenated, as UTF-8; `units` is its length in
//!   UTF-16 code units (equal to its byte length exactly when it is all ASCII, the common case,
//!   where lengths need no conversion).
//!
//! The tape is only a faster way to the document [`parse`](super::parse) builds from
//! `JSON.stringify` of the same value, never a second meaning of it. So [`decode`] gives that
//! document or refuses the tape ([`Refused`]), and a refused tape goes the text path, which
//! decides with its own errors. Refused: a tape that does not hold together; one nesting deeper
//! than [`MAX_DEPTH`]; an integral number beyond 2^53 (JavaScript prints such a number with
//! rounded digits, which the text path reads as an integer of another value); and one whose JSON
//! text might exceed [`MAX_INPUT_BYTES`] ([`json_text_bound`]), so that the size limit is always
//! measured on the exact text. Otherwise a number is an integer (`Number::Int`) when it is
//! integral, a float when not, and `null` when not finite, as `JSON.stringify` prints it.

use super::{Number, Object, Value};
use super::{MAX_DEPTH, MAX_INPUT_BYTES};

use std::borrow::Cow;

/// Tag of a value word (its low three bits).
pub const TAG_BITS: u32 = 3;
const TAG_MASK: u32 = (1 << TAG_BITS) - 1;
pub const TAG_NULL: u32 = 0;
pub const TAG_FALSE: u32 = 1;
pub const TAG_TRUE: u32 = 2;
pub const TAG_NUMBER: u32 = 3;
pub const TAG_STRING: u32 = 5;
pub const TAG_ARRAY: u32 = 6;
pub const TAG_OBJECT: u32 = 7;

/// The largest integral number a tape may hold (as `Number::Int`): beyond it, JavaScript prints
/// rounded digits, and such a tape is refused.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_992.0;

/// The JSON text of a number is at most this long: a sign, 17 significant digits, a point and an
/// exponent such as `e-308` (`-1.2345678901234567e-308`), rounded up.
const MAX_NUMBER_TEXT: usize = 25;
/// What one word adds to the JSON text besides string contents and number digits: at most a
/// comma, two quotes and a colon (a name), two brackets and a comma (a container), or `false`
/// and a comma (a literal).
const MAX_WORD_TEXT: usize = 8;
/// What one UTF-16 unit of string content becomes in JSON text at most: `\u001f`.
const MAX_UNIT_TEXT: usize = 6;

/// A tape that [`decode`] does not read: the caller takes the JSON-text path instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

type Res<T> = Result<T, Refused>;

/// A tape as handed over: words, numbers, UTF-8 text and the text's length in UTF-16 units.
#[derive(Clone, Copy, Debug)]
pub struct TapeRef<'t> {
    pub words: &'t [u32],
    pub numbers: &'t [f64],
    pub text: &'t [u8],
    pub units: usize,
}

/// An upper bound of the byte length of the JSON text of the value a tape describes.
pub fn json_text_bound(tape: &TapeRef<'_>) -> usize {
    tape.units
        .saturating_mul(MAX_UNIT_TEXT)
        .saturating_add(tape.words.len().saturating_mul(MAX_WORD_TEXT))
        .saturating_add(tape.numbers.len().saturating_mul(MAX_NUMBER_TEXT))
}

/// Builds the document a tape describes, borrowing its strings from the tape's text.
pub fn decode<'a>(tape: &TapeRef<'a>) -> Res<Value<'a>> {
    if json_text_bound(tape) > MAX_INPUT_BYTES {
        return Err(Refused);
    }
    let text = std::str::from_utf8(tape.text).map_err(|_| Refused)?;
    let (words, numbers) = (tape.words, tape.numbers);
    let mut d = Decoder {
        words,
        numbers,
        text,
        ascii: text.len() == tape.units,
        w: 0,
        n: 0,
        t: 0,
    };
    let v = d.value(0)?;
    if d.w == words.len() && d.n == numbers.len() && d.t == text.len() {
        Ok(v)
    } else {
        Err(Refused)
    }
}

struct Decoder<'a, 'w> {
    words: &'w [u32],
    numbers: &'w [f64],
    text: &'a str,
    /// One byte per UTF-16 unit throughout.
    ascii: bool,
    w: usize,
    n: usize,
    t: usize,
}

impl<'a> Decoder<'a, '_> {
    fn word(&mut self) -> Res<u32> {
        let word = *self.words.get(self.w).ok_or(Refused)?;
        self.w += 1;
        Ok(word)
    }

    /// The next `units` UTF-16 code units of the text.
    fn text(&mut self, units: usize) -> Res<&'a str> {
        let start = self.t;
        let end = if self.ascii {
            start.checked_add(units).ok_or(Refused)?
        } else {
            let rest = self.text.get(start..).ok_or(Refused)?;
            let mut left = units;
            let mut bytes = 0;
            for c in rest.chars() {
                if left == 0 {
                    break;
                }
                left = left.checked_sub(c.len_utf16()).ok_or(Refused)?;
                bytes += c.len_utf8();
            }
            if left != 0 {
                return Err(Refused);
            }
            start + bytes
        };
        let s = self.text.get(start..end).ok_or(Refused)?;
        self.t = end;
        Ok(s)
    }

    /// A capacity no larger than what the rest of the tape can hold.
    fn capacity(&self, count: usize) -> usize {
        count.min(self.words.len().saturating_sub(self.w))
    }

    fn value(&mut self, depth: usize) -> Res<Value<'a>> {
        let word = self.word()?;
        let rest = (word >> TAG_BITS) as usize;
        Ok(match word & TAG_MASK {
            TAG_NULL => Value::Null,
            TAG_FALSE => Value::Bool(false),
            TAG_TRUE => Value::Bool(true),
            TAG_NUMBER => {
                let f = *self.numbers.get(self.n).ok_or(Refused)?;
                self.n += 1;
                number(f).ok_or(Refused)?
            }
            TAG_STRING => Value::String(Cow::Borrowed(self.text(rest)?)),
            TAG_ARRAY => {
                if depth >= MAX_DEPTH {
                    return Err(Refused);
                }
                let mut items = Vec::with_capacity(self.capacity(rest));
                for _ in 0..rest {
                    items.push(self.value(depth + 1)?);
                }
                Value::Array(items)
            }
            TAG_OBJECT => {
                if depth >= MAX_DEPTH {
                    return Err(Refused);
                }
                let mut members = Vec::with_capacity(self.capacity(rest));
                for _ in 0..rest {
                    let units = self.word()? as usize;
                    let name = self.text(units)?;
                    members.push((Cow::Borrowed(name), self.value(depth + 1)?));
                }
                Value::Object(Object::from_members(members))
            }
            _ => return Err(Refused),
        })
    }
}

/// A number as the text path reads `JSON.stringify`'s digits for it; `None` for an integral
/// number beyond 2^53, whose printed digits are not its value.
fn number(f: f64) -> Option<Value<'static>> {
    Some(if !f.is_finite() {
        Value::Null
    } else if f.fract() == 0.0 {
        if f.abs() > MAX_SAFE_INTEGER {
            return None;
        }
        // Exact: an integral f64 of at most 2^53 (and -0 prints as 0).
        Value::Number(Number::Int(f as i64))
    } else {
        Value::Number(Number::Float(f))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    /// A tape of a document, written as pkg/lib/tape.js writes one. Numbers are kept as `f64`
    /// (an integer beyond 2^53 loses digits, as in JavaScript).
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Tape {
        words: Vec<u32>,
        numbers: Vec<f64>,
        text: String,
        /// `text`'s length in UTF-16 code units.
        units: usize,
    }

    impl Tape {
        fn as_ref(&self) -> TapeRef<'_> {
            TapeRef {
                words: &self.words,
                numbers: &self.numbers,
                text: self.text.as_bytes(),
                units: self.units,
            }
        }

        /// The tape of `v`, or `None` when a length or count does not fit a word.
        fn of(v: &Value<'_>) -> Option<Tape> {
            let mut tape = Tape::default();
            tape.push(v)?;
            Some(tape)
        }

        fn push_text(&mut self, s: &str) -> Option<u32> {
            let units = s.encode_utf16().count();
            self.text.push_str(s);
            self.units += units;
            u32::try_from(units).ok()
        }

        fn head(tag: u32, rest: usize) -> Option<u32> {
            let rest = u32::try_from(rest).ok()?;
            (rest < 1 << (32 - TAG_BITS)).then_some(rest << TAG_BITS | tag)
        }

        fn push(&mut self, v: &Value<'_>) -> Option<()> {
            match v {
                Value::Null => self.words.push(TAG_NULL),
                Value::Bool(false) => self.words.push(TAG_FALSE),
                Value::Bool(true) => self.words.push(TAG_TRUE),
                Value::Number(n) => {
                    self.words.push(TAG_NUMBER);
                    self.numbers.push(n.as_f64().unwrap_or(f64::NAN));
                }
                Value::String(s) => {
                    let units = self.push_text(s)?;
                    self.words.push(Self::head(TAG_STRING, units as usize)?);
                }
                Value::Array(items) => {
                    self.words.push(Self::head(TAG_ARRAY, items.len())?);
                    for item in items {
                        self.push(item)?;
                    }
                }
                Value::Object(o) => {
                    self.words.push(Self::head(TAG_OBJECT, o.len())?);
                    for (name, value) in o.iter() {
                        let units = self.push_text(name)?;
                        self.words.push(units);
                        self.push(value)?;
                    }
                }
            }
            Some(())
        }
    }

    fn tape(words: &[u32], numbers: &[f64], text: &'static str, units: usize) -> TapeRef<'static> {
        // Leaked for the test's lifetime only: a handful of small slices.
        TapeRef {
            words: Vec::leak(words.to_vec()),
            numbers: Vec::leak(numbers.to_vec()),
            text: text.as_bytes(),
            units,
        }
    }

    #[test]
    fn decodes_what_it_encodes() {
        for text in [
            r#"{"a":1,"b":[true,false,null,"x"],"c":{"a":"é😀","d":2.5}}"#,
            r#"[{"id":"1","n":"ü"},{"id":"2","n":"ab"},{"n":"😀😀","id":"3"}]"#,
            r#""""#,
            "[]",
            "{}",
            r#"{"a":1,"a":2}"#,
            r#"[-7,0,0.5,1e-300,9007199254740992,-9007199254740992]"#,
        ] {
            let v = parse(text.as_bytes()).expect("test JSON").into_owned();
            let t = Tape::of(&v).expect("fits");
            assert_eq!(decode(&t.as_ref()).map(|d| d.into_owned()), Ok(v), "{text}");
        }
    }

    #[test]
    fn numbers_read_as_the_text_of_json_stringify_reads() {
        // JSON.stringify's digits for each, read by the parser, give the same document.
        for (f, printed) in [
            (0.0, "0"),
            (-0.0, "0"),
            (-7.0, "-7"),
            (MAX_SAFE_INTEGER, "9007199254740992"),
            (0.5, "0.5"),
            (1e300, "1e+300"),
            (5e-324, "5e-324"),
            (f64::NAN, "null"),
            (f64::INFINITY, "null"),
        ] {
            let parsed = parse(printed.as_bytes()).expect("test JSON");
            if f.fract() == 0.0 && f.abs() > MAX_SAFE_INTEGER {
                // 1e300 is integral: refused, the text path decides.
                assert_eq!(number(f), None, "{printed}");
            } else {
                assert_eq!(number(f), Some(parsed), "{printed}");
            }
        }
        // 2^53 + 2 prints as 9007199254740994, which the parser reads as that integer, but an
        // integral number beyond 2^53 is refused all the same: its digits may be rounded.
        assert_eq!(number(MAX_SAFE_INTEGER + 2.0), None);
    }

    #[test]
    fn refuses_tapes_that_do_not_hold_together() {
        let bad = [
            tape(&[], &[], "", 0),
            tape(&[TAG_NUMBER], &[], "", 0),
            tape(&[TAG_NULL], &[1.0], "", 0),
            tape(&[TAG_NULL], &[], "x", 1),
            tape(&[2 << TAG_BITS | TAG_STRING], &[], "x", 1),
            // A name whose text is not there.
            tape(&[1 << TAG_BITS | TAG_OBJECT, 2, TAG_NULL], &[], "x", 1),
            // A name with no value after it.
            tape(&[1 << TAG_BITS | TAG_OBJECT, 1], &[], "x", 1),
            tape(&[4], &[], "", 0),
            // A count far beyond the tape: refused without reserving for it.
            tape(&[u32::MAX], &[], "", 0),
            // A surrogate pair is two units: one unit would split it.
            tape(&[1 << TAG_BITS | TAG_STRING], &[], "😀", 2),
            // An integral number beyond 2^53.
            tape(&[TAG_NUMBER], &[1e16], "", 0),
        ];
        for t in bad {
            assert_eq!(decode(&t), Err(Refused), "{:?}", t.words);
        }
        // Not UTF-8.
        let t = TapeRef {
            words: &[1 << TAG_BITS | TAG_STRING],
            numbers: &[],
            text: &[0xff],
            units: 1,
        };
        assert_eq!(decode(&t), Err(Refused));
    }

    #[test]
    fn a_text_that_might_be_too_large_is_left_to_the_text_path() {
        // The bound is above the JSON text's real length...
        let v = parse(br#"{"a":[1.5,"x\u0001",null],"bb":{"c":true}}"#).expect("test JSON");
        let t = Tape::of(&v).expect("fits");
        let printed = r#"{"a":[1.5,"x\u0001",null],"bb":{"c":true}}"#.len();
        assert!(json_text_bound(&t.as_ref()) >= printed);
        // ...and a tape whose bound passes the limit is refused, whatever its real length.
        let units = MAX_INPUT_BYTES / MAX_UNIT_TEXT + 1;
        let text: &'static str = String::leak("a".repeat(units));
        let words = [u32::try_from(units).expect("fits") << TAG_BITS | TAG_STRING];
        assert_eq!(decode(&tape(&words, &[], text, units)), Err(Refused));
    }

    #[test]
    fn depth_is_bounded() {
        let deep = |levels: usize| {
            let mut words = vec![1 << TAG_BITS | TAG_ARRAY; levels];
            if let Some(last) = words.last_mut() {
                *last = TAG_ARRAY;
            }
            tape(&words, &[], "", 0)
        };
        assert!(decode(&deep(MAX_DEPTH)).is_ok());
        assert_eq!(decode(&deep(MAX_DEPTH + 1)), Err(Refused));
    }
}
