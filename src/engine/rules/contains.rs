//! "A list contains one item of a group, and at most `max`" ([`Contains`], [`contains`]): the
//! card's composition of its components.

use crate::ctx::report;
use crate::ctx::Ctx;
pub use crate::issues::Contains;
use crate::issues::IssueKind;
use crate::report::Pointer;

/// Each group of `groups` over `tags`, the tags of the items of the list at `path` (`whole`
/// names it in messages: "a card"): none of a group is `one_of_required`, more than its `max`
/// `too_many_items`, both at the list.
pub fn contains(
    ctx: &mut Ctx,
    path: &Pointer,
    tags: &[&str],
    groups: &'static [Contains],
    whole: &str,
) {
    for group in groups {
        let actual = tags.iter().filter(|t| group.tags.contains(t)).count();
        if actual == 0 || actual > group.max {
            let kind = IssueKind::Contains {
                group,
                whole,
                actual,
            };
            report(ctx, path, kind);
        }
    }
}
