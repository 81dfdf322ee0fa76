//! "A list contains one item of a group, and at most `max`" ([`Contains`], [`contains`]): the
//! card's composition of its components.

use crate::ctx::Ctx;
use crate::engine::issues::{self, IssueKind};
use crate::report::Pointer;

/// "A list contains one item of the group, and at most `max`" over the tags of a list's items
/// (the card's "one media component plus a DETAILS or BUTTON component", one group each):
/// [`contains`].
#[derive(Clone, Copy, Debug)]
pub struct Contains {
    /// The tags of the group.
    pub tags: &'static [&'static str],
    /// The most items of the group a list takes.
    pub max: usize,
    /// The params member naming the tags (`component_types`).
    pub param: &'static str,
    /// The words after the list's name when it holds none ("needs a DETAILS or BUTTON
    /// component").
    pub missing: &'static str,
    /// The words after the list's name when it holds more than `max` ("takes only one DETAILS
    /// or BUTTON component").
    pub extra: &'static str,
}

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
            issues::report(ctx, path, kind);
        }
    }
}
