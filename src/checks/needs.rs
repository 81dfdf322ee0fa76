//! Where a rule over several members reports (document B and C's "X needs Y", "required if",
//! "one of"): at the pointer a form marks, never at the object holding them.
//!
//! - A member that is required because another is present ("second_cta_tweet: if second_cta",
//!   "bid_amount_local_micro ... required when bid_strategy is MAX or TARGET") and is missing is
//!   reported where it would be, like every missing required member: `dependency_missing` at
//!   `/second_cta_tweet`, with `params.needs` (the missing member, as a list, as before) and
//!   `params.required_by` (the member that needs it).
//! - "At least one of" several members: `one_of_required` at the first of them in the spec's
//!   order (`/brand` of brand, gtin, mpn), with `params.fields` naming them all.

use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::{CheckIssue, IssueKind};
use crate::report::Pointer;

/// `dependency_missing` at `path/missing`: member `missing` is absent, and `required_by` (a
/// sibling that is present) needs it.
pub fn missing(
    ctx: &mut Ctx,
    path: &Pointer,
    missing: &str,
    required_by: &str,
    message: impl AsRef<str>,
) {
    let issue = CheckIssue::DependencyMissing {
        missing,
        required_by,
        message: message.as_ref(),
    };
    report(ctx, &path.key(missing), issue.into());
}

/// `one_of_required` for "at least one of `names`" (none has a value): at the first of them,
/// with `params.fields` naming them all.
pub fn one_of(ctx: &mut Ctx, path: &Pointer, names: &[&str], message: impl AsRef<str>) {
    let Some(first) = names.first() else {
        return;
    };
    let issue = IssueKind::AtLeastOne {
        members: names,
        message: message.as_ref(),
    };
    report(ctx, &path.key(first), issue);
}
