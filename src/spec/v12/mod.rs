//! Version 12 of the platform's API: every payload kind as one [`KindSpec`] row, in one data
//! file per document area:
//!
//! - [`a_webhooks`]: document A (webhooks, activity subscriptions);
//! - [`b_catalogs`]: document B, catalogs, products and product sets;
//! - [`b_audiences`]: document B, audiences, permissions and keyword insights;
//! - [`c_creatives`]: document C, cards, media and promoted Posts;
//! - [`c_campaigns`]: document C, line items, accounts and features.
//!
//! The field tables and constants a row names live beside the spec's words in
//! [`crate::rules`]; [`hooks`] lists the named code hooks. Adding a kind is one [`Kind`] variant
//! and one row (docs/ADDING_A_KIND.md).

pub mod a_webhooks;
pub mod b_audiences;
pub mod b_catalogs;
pub mod c_campaigns;
pub mod c_creatives;
pub mod hooks;

use crate::kind::Kind;
use crate::model::KindSpec;

/// Every row, by document area.
const AREAS: [&[KindSpec]; 5] = [
    a_webhooks::KINDS,
    b_catalogs::KINDS,
    b_audiences::KINDS,
    c_creatives::KINDS,
    c_campaigns::KINDS,
];

/// The row of `kind`. Every kind has exactly one (a test holds it), so the fallback, the first
/// row, is never taken.
pub fn spec(kind: Kind) -> &'static KindSpec {
    for area in AREAS {
        for row in area {
            if row.description.kind == kind {
                return row;
            }
        }
    }
    &a_webhooks::KINDS[0]
}

impl Kind {
    /// How the kind's scalar parameters arrive (its row's mode in the kind registry).
    pub fn mode(self) -> crate::ctx::Mode {
        spec(self).mode
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_exactly_one_row() {
        let rows: Vec<Kind> = AREAS
            .iter()
            .flat_map(|a| a.iter().map(|r| r.description.kind))
            .collect();
        assert_eq!(rows.len(), Kind::ALL.len());
        for k in Kind::ALL {
            assert_eq!(rows.iter().filter(|r| *r == k).count(), 1, "{k}");
            assert_eq!(spec(*k).description.kind, *k);
        }
    }
}
