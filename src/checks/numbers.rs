//! Integers and ranges. JSON bodies take JSON numbers; query parameters (see
//! [`crate::ctx::Mode::Query`]) also take decimal strings, because forms produce strings.

use crate::checks::fields::wrong_type;
use crate::checks::text::is_digits;
use crate::ctx::{Ctx, Mode};
use crate::engine::issues::{self, CheckIssue, IssueKind};
use crate::json::Value;
use crate::report::Pointer;

/// The largest integer a JavaScript number holds exactly (2^53 - 1).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// Parses an optionally signed run of ASCII digits (no spaces, no `+`, no exponent, no fraction).
pub fn parse_decimal_i64(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if !is_digits(digits) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// Why a value is not an integer ([`parse_integer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntegerError {
    /// A whole number above `i64::MAX`: no documented field holds such a value.
    TooLarge,
    /// A number with a fractional part (or too large to hold exactly).
    NotWhole,
    /// In query mode, a string that is not decimal digits.
    NotDecimal,
    /// Another JSON type.
    WrongType,
}

/// The integer `v` holds: a JSON number with no fractional part, or in query mode a decimal
/// string.
pub fn parse_integer(mode: Mode, v: &Value) -> Result<i64, IntegerError> {
    match v {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                return Ok(i);
            }
            if n.as_u64().is_some() {
                return Err(IntegerError::TooLarge);
            }
            match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Ok(f as i64),
                _ => Err(IntegerError::NotWhole),
            }
        }
        Value::String(s) if mode == Mode::Query => {
            parse_decimal_i64(s).ok_or(IntegerError::NotDecimal)
        }
        _ => Err(IntegerError::WrongType),
    }
}

/// [`parse_integer`] without a report (a rule reading a member [`integer`] already checked).
pub fn integer_value(mode: Mode, v: &Value) -> Option<i64> {
    parse_integer(mode, v).ok()
}

/// An integer value: a JSON number with no fractional part, or in query mode a decimal string.
/// Reports `wrong_type` or `not_an_integer` and returns `None` otherwise.
pub fn integer(ctx: &mut Ctx, path: &Pointer, v: &Value) -> Option<i64> {
    match parse_integer(ctx.mode, v) {
        Ok(i) => Some(i),
        Err(IntegerError::TooLarge) => {
            not_an_integer(ctx, path, "is too large");
            None
        }
        Err(IntegerError::NotWhole) => {
            not_an_integer(ctx, path, "must be a whole number");
            None
        }
        Err(IntegerError::NotDecimal) => {
            not_an_integer(
                ctx,
                path,
                "must be a whole number written in decimal digits",
            );
            None
        }
        Err(IntegerError::WrongType) => {
            let expected = if ctx.mode == Mode::Query {
                "integer or decimal string"
            } else {
                "integer"
            };
            wrong_type(ctx, path, expected, v);
            None
        }
    }
}

fn not_an_integer(ctx: &mut Ctx, path: &Pointer, message: &str) {
    issues::report(ctx, path, CheckIssue::NotAnInteger { message }.into());
}

/// `min <= n <= max` (either bound optional); reports `out_of_range` otherwise.
pub fn in_range(ctx: &mut Ctx, path: &Pointer, n: i64, min: Option<i64>, max: Option<i64>) -> bool {
    let below = min.is_some_and(|m| n < m);
    let above = max.is_some_and(|m| n > m);
    if !below && !above {
        return true;
    }
    issues::report(
        ctx,
        path,
        IssueKind::OutOfRange {
            actual: n,
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
