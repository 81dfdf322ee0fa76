//! Issues of the catalog rules (`src/rules/product.rs` and the other catalog kinds; spec B), each variant carrying its parameters.

use crate::report::{Code, Params};
use std::marker::PhantomData;

/// An issue of the catalog rules.
#[derive(Clone, Copy, Debug)]
pub enum CatalogIssue<'a> {
    /// Placeholder until the first variant (never built).
    #[doc(hidden)]
    #[allow(dead_code)]
    Unused(PhantomData<&'a ()>),
}

impl CatalogIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CatalogIssue::Unused(_) => Code::Required,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            CatalogIssue::Unused(_) => String::new(),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        match *self {
            CatalogIssue::Unused(_) => Params::new(),
        }
    }
}
