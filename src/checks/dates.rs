//! The date checks: a value against the ISO 8601 profile a rule demands ([`crate::time`]),
//! one instant later than another, and a `<start>/<end>` range.

use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::{CheckIssue, IssueKind};
use crate::report::Pointer;
pub use crate::time::{parse_iso8601, DateTime, Offset, Require};

/// Checks `s` against `require`, reporting `invalid_date_time` (with `params.format`).
pub fn datetime(ctx: &mut Ctx, path: &Pointer, s: &str, require: Require) -> Option<DateTime> {
    let parsed = parse_iso8601(s).filter(|d| require.accepts(d));
    if parsed.is_none() {
        let kind = IssueKind::InvalidDateTime {
            message: require.message(),
            format: require.format(),
        };
        report(ctx, path, kind);
    }
    parsed
}

/// Reports `invalid_date_range` at `path` when `end` is not later than `start`.
pub fn later_than(
    ctx: &mut Ctx,
    path: &Pointer,
    start: &DateTime,
    end: &DateTime,
    what: &str,
) -> bool {
    if end.key() > start.key() {
        return true;
    }
    report(ctx, path, IssueKind::NotLater { what });
    false
}

/// "Range `<start>/<end>`, each ISO 8601 with offset" (the `iso8601_range` format): two
/// date-times with offsets separated by one `/`, the end later than the start. Each malformed
/// bound is reported with `params.part` (`start` or `end`), since both share one pointer.
pub fn date_range(ctx: &mut Ctx, path: &Pointer, range: &str) {
    let Some((start, end)) = crate::checks::text::split_once_byte(range, b'/')
        .filter(|(_, e)| crate::checks::text::find_byte(e.as_bytes(), b'/').is_none())
    else {
        report(ctx, path, CheckIssue::NotDateRange.into());
        return;
    };
    let start = range_bound(ctx, path, start, "start");
    let end = range_bound(ctx, path, end, "end");
    if let (Some(start), Some(end)) = (start, end) {
        later_than(ctx, path, &start, &end, "the start of the range");
    }
}

/// One bound of a [`date_range`]: an ISO 8601 date-time with an offset (`Z` or `±hh:mm`).
fn range_bound(ctx: &mut Ctx, path: &Pointer, s: &str, part: &str) -> Option<DateTime> {
    let parsed = parse_iso8601(s).filter(|d| Require::WithOffset.accepts(d));
    if parsed.is_none() {
        report(ctx, path, CheckIssue::RangeBound { part }.into());
    }
    parsed
}
