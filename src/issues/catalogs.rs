//! Issues of the catalog rules (`src/rules/product.rs` and the other catalog kinds; spec B), each variant carrying its parameters.

use crate::report::{Code, Params};

/// An issue of the catalog rules.
#[derive(Clone, Copy, Debug)]
pub enum CatalogIssue<'a> {
    /// `not_allowed`: a price in another currency than the price member `other` (a product's
    /// `sale_price` against `price`), so it cannot be shown to be lower; params
    /// `same_currency_as` (`other`).
    CurrencyNotOf {
        /// The member whose currency it must have.
        other: &'a str,
    },
    /// `out_of_range`: a price not lower than the price member `other`, in the same currency;
    /// params `lower_than` (`other`).
    NotLowerThan {
        /// The member it must be lower than.
        other: &'a str,
    },
}

impl CatalogIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CatalogIssue::CurrencyNotOf { .. } => Code::NotAllowed,
            CatalogIssue::NotLowerThan { .. } => Code::OutOfRange,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            CatalogIssue::CurrencyNotOf { other } => {
                format!("must be in the currency of {other}, so that it can be lower than {other}")
            }
            CatalogIssue::NotLowerThan { other } => format!("must be lower than {other}"),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        let p = Params::new();
        match *self {
            CatalogIssue::CurrencyNotOf { other } => p.with("same_currency_as", other),
            CatalogIssue::NotLowerThan { other } => p.with("lower_than", other),
        }
    }
}
