//! Integers and ranges. JSON bodies take JSON numbers; query parameters (see
//! [`crate::ctx::Mode::Query`]) also take decimal strings, because forms produce strings.

use crate::checks::text::is_digits;
use crate::checks::types::wrong_type;
use crate::ctx::report;
use crate::ctx::{Ctx, Mode};
use crate::issues::{CheckIssue, IssueKind};
use crate::json::{Number, Value};
use crate::report::Pointer;

/// The largest integer a JavaScript number holds exactly (2^53 - 1).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// The bounds of every integer the engine reads: an integer field ("int", "long") holds a signed
/// 64-bit integer, so a whole number beyond them is outside every field's range.
pub const INTEGER_MIN: i64 = i64::MIN;
/// See [`INTEGER_MIN`].
pub const INTEGER_MAX: i64 = i64::MAX;

/// Parses an optionally signed run of ASCII digits (no spaces, no `+`, no exponent, no fraction).
pub fn parse_decimal_i64(s: &str) -> Option<i64> {
    parse_decimal(s).ok()
}

/// [`parse_decimal_i64`], telling a run of digits beyond the 64-bit range
/// ([`IntegerError::Beyond`]) from text that is not one ([`IntegerError::NotDecimal`]).
fn parse_decimal(s: &str) -> Result<i64, IntegerError> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if !is_digits(digits) {
        return Err(IntegerError::NotDecimal);
    }
    s.parse::<i64>().map_err(|_| IntegerError::Beyond)
}

/// Why a value is not an integer ([`parse_integer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntegerError {
    /// A whole number beyond the 64-bit range ([`INTEGER_MIN`] to [`INTEGER_MAX`]), whatever its
    /// notation (`9223372036854775808`, `1e20`, `-1.5e30`): outside every field's range.
    Beyond,
    /// A number with a fractional part (`2.5`; `1e-400` is 0, its nearest `f64`).
    NotWhole,
    /// In query mode, a string that is not decimal digits.
    NotDecimal,
    /// Another JSON type.
    WrongType,
}

/// The integer `v` holds: a whole JSON number (in any notation: `100`, `1E2`, `100.0`), or in
/// query mode a decimal string.
pub fn parse_integer(mode: Mode, v: &Value) -> Result<i64, IntegerError> {
    match v {
        Value::Number(Number::Int(i)) => Ok(*i),
        Value::Number(Number::UInt(_) | Number::Big(_)) => Err(IntegerError::Beyond),
        Value::Number(Number::Float(_)) => Err(IntegerError::NotWhole),
        Value::String(s) if mode == Mode::Query => parse_decimal(s),
        _ => Err(IntegerError::WrongType),
    }
}

/// [`parse_integer`] without a report (a rule reading a member [`integer`] already checked).
pub fn integer_value(mode: Mode, v: &Value) -> Option<i64> {
    parse_integer(mode, v).ok()
}

/// A whole number: `Ok` with the integer, or `Err(IntegerError::Beyond)` (not reported) for one
/// beyond the 64-bit range. Reports `wrong_type` or `not_an_integer` and returns `None` for
/// anything else.
pub fn whole(ctx: &mut Ctx, path: &Pointer, v: &Value) -> Option<Result<i64, IntegerError>> {
    let message = match parse_integer(ctx.mode, v) {
        r @ (Ok(_) | Err(IntegerError::Beyond)) => return Some(r),
        Err(IntegerError::NotWhole) => "must be a whole number",
        Err(IntegerError::NotDecimal) => "must be a whole number written in decimal digits",
        Err(IntegerError::WrongType) => {
            let expected = if ctx.mode == Mode::Query {
                "integer or decimal string"
            } else {
                "integer"
            };
            wrong_type(ctx, path, expected, v);
            return None;
        }
    };
    report(ctx, path, CheckIssue::NotAnInteger { message }.into());
    None
}

/// An integer value in `min ..= max` (either bound optional): a JSON number with no fractional
/// part, or in query mode a decimal string. Reports `wrong_type` or `not_an_integer` for anything
/// else, `out_of_range` for a whole number outside the range (for one beyond the 64-bit range,
/// with the range's bounds, [`INTEGER_MIN`] or [`INTEGER_MAX`] where it states none, and no
/// `actual`). Returns the integer, even out of range.
pub fn integer_in(
    ctx: &mut Ctx,
    path: &Pointer,
    v: &Value,
    min: Option<i64>,
    max: Option<i64>,
) -> Option<i64> {
    match whole(ctx, path, v)? {
        Ok(n) => {
            in_range(ctx, path, n, min, max);
            Some(n)
        }
        Err(_) => {
            let (min, max) = (min.or(Some(INTEGER_MIN)), max.or(Some(INTEGER_MAX)));
            let kind = IssueKind::OutOfRange {
                actual: None,
                min,
                max,
            };
            report(ctx, path, kind);
            None
        }
    }
}

/// An integer value of a field that states no range: [`integer_in`] with none.
pub fn integer(ctx: &mut Ctx, path: &Pointer, v: &Value) -> Option<i64> {
    integer_in(ctx, path, v, None, None)
}

/// `min <= n <= max` (either bound optional); reports `out_of_range` otherwise.
pub fn in_range(ctx: &mut Ctx, path: &Pointer, n: i64, min: Option<i64>, max: Option<i64>) -> bool {
    let below = min.is_some_and(|m| n < m);
    let above = max.is_some_and(|m| n > m);
    if !below && !above {
        return true;
    }
    report(
        ctx,
        path,
        IssueKind::OutOfRange {
            actual: Some(n),
            min,
            max,
        },
    );
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_beyond_64_bits_are_told_from_fractions_and_text() {
        let parse = |mode, text: &str| {
            let v = crate::json::parse(text.as_bytes()).expect("JSON");
            parse_integer(mode, &v)
        };
        use IntegerError::{Beyond, NotDecimal, NotWhole};
        for (text, want) in [
            ("9223372036854775807", Ok(i64::MAX)),
            ("-9223372036854775808", Ok(i64::MIN)),
            ("9.223372036854775807e18", Ok(i64::MAX)),
            ("1E2", Ok(100)),
            ("9223372036854775808", Err(Beyond)),
            ("-9223372036854775809", Err(Beyond)),
            ("18446744073709551616", Err(Beyond)),
            ("1e20", Err(Beyond)),
            ("-1.5e30", Err(Beyond)),
            ("2.5", Err(NotWhole)),
            ("9007199254740993.5", Ok(9007199254740994)),
            ("1e-400", Ok(0)),
            (r#""99999999999999999999""#, Err(Beyond)),
            (r#""-99999999999999999999""#, Err(Beyond)),
            (r#""00000000000000000000042""#, Ok(42)),
            (r#""1e3""#, Err(NotDecimal)),
            (r#""99999999999999999999.0""#, Err(NotDecimal)),
        ] {
            assert_eq!(parse(Mode::Query, text), want, "{text}");
        }
        assert_eq!(parse(Mode::Json, r#""1""#), Err(IntegerError::WrongType));
    }

    #[test]
    fn decimal_strings() {
        assert_eq!(parse_decimal_i64("60"), Some(60));
        assert_eq!(parse_decimal_i64("-3"), Some(-3));
        for bad in [
            "",
            "-",
            "+5",
            " 5",
            "5 ",
            "1e3",
            "1.0",
            "0x10",
            "99999999999999999999",
        ] {
            assert_eq!(parse_decimal_i64(bad), None, "{bad:?}");
        }
    }
}
