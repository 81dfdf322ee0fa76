//! categories: "IAB categories; required when placement is PUBLISHER_NETWORK" (§4 Line items);
//! business categories "apply only to line items with objective PREROLL_VIEWS; one or two must be
//! set through the line item categories parameter using the corresponding IAB codes" (§4 Accounts
//! and account data).

use super::{
    given_on_publisher_network, kept_without_value, required_empty, required_on_publisher_network,
    PREROLL_VIEWS, PUBLISHER_NETWORK,
};
use crate::checks::fields::{self, Need};
use crate::checks::{lengths, text};
use crate::ctx::Ctx;
use crate::model::At;

/// Business categories: "one or two must be set through the line item categories parameter".
pub const PREROLL_CATEGORIES_MIN: usize = 1;
/// See [`PREROLL_CATEGORIES_MIN`].
pub const PREROLL_CATEGORIES_MAX: usize = 2;
/// categories: "IAB categories", one list item per code.
pub const CATEGORY_SEPARATOR: char = ',';
/// The form of an IAB category code (reported in `params.pattern`).
pub const IAB_CODE_PATTERN: &str = "^IAB[0-9]+(-[0-9]+)?$";
/// The prefix of an IAB category code.
pub const IAB_PREFIX: &str = "IAB";
/// What separates the tier-1 and tier-2 numbers of an IAB code (`IAB9-30`).
pub const IAB_TIER_SEPARATOR: char = '-';

const RULE_CATEGORIES_PN: &str = "line_item_update.categories.required_for_publisher_network";
const RULE_CATEGORIES_PREROLL: &str = "line_item_update.categories.preroll_views_one_or_two";

/// A comma-separated list of IAB codes; sent empty, it is `required` on the PUBLISHER_NETWORK
/// placement, else for PREROLL_VIEWS, which also takes at most two codes.
pub(super) fn categories(ctx: &mut Ctx, at: &At) {
    let (path, obj) = (at.path, at.object);
    let name = "categories";
    if !fields::present(obj, name) {
        // Not sent: the line item keeps its categories; a record given without them leaves a
        // line item that needs them without any.
        if given_on_publisher_network(ctx) {
            let why = format!("when placement is {}", PUBLISHER_NETWORK.name());
            kept_without_value(ctx, path, name, &why);
        } else if ctx.options.context.objective == Some(PREROLL_VIEWS) {
            let why = format!(
                "for {} line items ({PREROLL_CATEGORIES_MIN} to {PREROLL_CATEGORIES_MAX} IAB codes)",
                PREROLL_VIEWS.name()
            );
            kept_without_value(ctx, path, name, &why);
        }
        return;
    }
    let Some(s) = fields::str_member(ctx, obj, path, name, Need::Optional) else {
        return;
    };
    let p = path.key(name);
    if s.is_empty() {
        if !required_on_publisher_network(ctx, RULE_CATEGORIES_PN, path, name)
            && ctx.objective(RULE_CATEGORIES_PREROLL) == Some(PREROLL_VIEWS)
        {
            let why = format!(
                "for {} line items ({PREROLL_CATEGORIES_MIN} to {PREROLL_CATEGORIES_MAX} IAB codes)",
                PREROLL_VIEWS.name()
            );
            required_empty(ctx, path, name, &why);
        }
        return;
    }
    let codes: Vec<&str> = s.split(CATEGORY_SEPARATOR).map(str::trim).collect();
    if !codes.iter().all(|c| is_iab_code(c)) {
        text::invalid_format(
            ctx,
            &p,
            "must be a comma-separated list of IAB category codes, like IAB1 or IAB9-30",
            IAB_CODE_PATTERN,
        );
    }
    if ctx.objective(RULE_CATEGORIES_PREROLL) == Some(PREROLL_VIEWS) {
        lengths::item_count(
            ctx,
            &p,
            codes.len(),
            Some(PREROLL_CATEGORIES_MIN),
            Some(PREROLL_CATEGORIES_MAX),
        );
    }
}

/// Whether `s` has the form of an IAB category code ([`IAB_CODE_PATTERN`]).
pub fn is_iab_code(s: &str) -> bool {
    match s.strip_prefix(IAB_PREFIX) {
        Some(rest) => match rest.split_once(IAB_TIER_SEPARATOR) {
            Some((tier1, tier2)) => text::is_digits(tier1) && text::is_digits(tier2),
            None => text::is_digits(rest),
        },
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iab_codes() {
        for ok in ["IAB1", "IAB26", "IAB9-30", "IAB19-15"] {
            assert!(is_iab_code(ok), "{ok}");
        }
        for bad in [
            "", "IAB", "IAB-1", "IAB1-", "iab1", "IAB1-2-3", "IABx", "1", "IAB 1",
        ] {
            assert!(!is_iab_code(bad), "{bad:?}");
        }
    }
}
