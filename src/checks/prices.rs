//! Prices: `<number> <ISO 4217 code>` with `.` as the decimal point (document B, Product price).

use crate::checks::iso::is_currency;
use crate::checks::text::{is_digits, split_once_byte};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::CheckIssue;
use crate::report::Pointer;
use std::cmp::Ordering;

/// Letters of an ISO 4217 currency code.
pub const CURRENCY_CODE_LEN: usize = 3;

/// A parsed price. The amount is kept as digits, so any length compares exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Price<'a> {
    /// Integer digits without leading zeros (`""` for zero).
    int: &'a str,
    /// Fraction digits without trailing zeros.
    frac: &'a str,
    pub currency: &'a str,
}

/// Why a price does not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriceError {
    /// Not `<digits>[.<digits>] <CODE>`.
    Format,
    /// The amount is well formed but the code is not an ISO 4217 currency.
    Currency,
}

/// Parses `"12.50 USD"`.
pub fn parse_price(s: &str) -> Result<Price<'_>, PriceError> {
    let p = parse_price_form(s)?;
    if !is_currency(p.currency) {
        return Err(PriceError::Currency);
    }
    Ok(p)
}

/// Parses the form of `"12.50 USD"` (three ASCII letters for the code) without asking whether
/// the code is an ISO 4217 currency: for a rule that compares with a price known to be valid.
pub fn parse_price_form(s: &str) -> Result<Price<'_>, PriceError> {
    let (amount, currency) = split_once_byte(s, b' ').ok_or(PriceError::Format)?;
    let (int, frac) = match split_once_byte(amount, b'.') {
        Some((i, f)) => (i, Some(f)),
        None => (amount, None),
    };
    if !is_digits(int) || frac.is_some_and(|f| !is_digits(f)) {
        return Err(PriceError::Format);
    }
    if currency.len() != CURRENCY_CODE_LEN || !currency.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(PriceError::Format);
    }
    Ok(Price {
        int: int.trim_start_matches('0'),
        frac: frac.unwrap_or("").trim_end_matches('0'),
        currency,
    })
}

impl Price<'_> {
    /// Compares the amounts (the currencies are not looked at).
    pub fn cmp_amount(&self, other: &Price<'_>) -> Ordering {
        self.int
            .len()
            .cmp(&other.int.len())
            .then_with(|| self.int.cmp(other.int))
            .then_with(|| self.frac.cmp(other.frac))
    }
}

/// Checks a price string, reporting `invalid_price` or `invalid_currency`.
pub fn price<'a>(ctx: &mut Ctx, path: &Pointer, s: &'a str) -> Option<Price<'a>> {
    match parse_price(s) {
        Ok(p) => Some(p),
        Err(PriceError::Format) => {
            report(ctx, path, CheckIssue::InvalidPrice.into());
            None
        }
        Err(PriceError::Currency) => {
            report(ctx, path, CheckIssue::InvalidCurrency.into());
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_compares() {
        let a = parse_price("10.00 USD").expect("valid");
        let b = parse_price("9.990 USD").expect("valid");
        let c = parse_price("010 USD").expect("valid");
        assert_eq!(a.cmp_amount(&b), Ordering::Greater);
        assert_eq!(a.cmp_amount(&c), Ordering::Equal);
        assert_eq!(parse_price("0 EUR").map(|p| p.currency), Ok("EUR"));
        assert_eq!(
            parse_price("123456789012345678901234567890.5 JPY").map(|p| p.cmp_amount(&a)),
            Ok(Ordering::Greater)
        );
    }

    #[test]
    fn rejects() {
        for s in [
            "10,00 USD",
            "USD 10",
            "10USD",
            "10  USD",
            "-1 USD",
            ".5 USD",
            "5. USD",
            "1,000.00 USD",
            "10 US",
        ] {
            assert_eq!(parse_price(s), Err(PriceError::Format), "{s}");
        }
        assert_eq!(parse_price("10 XYZ"), Err(PriceError::Currency));
        assert_eq!(parse_price("10 usd"), Err(PriceError::Currency));
    }
}
