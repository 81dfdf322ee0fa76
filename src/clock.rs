//! The current time, for the rules that are relative to "now" (document B: keyword insights'
//! `end_time` "default now"; the custom audience's `effective_at` "default now", which
//! `expires_at` must be later than; the do-not-reach `expires_at` "needing to be later than now";
//! document A: the PascalCase event kinds "deprecated ... effective 2026-03-18").
//!
//! Where the time comes from, in this order:
//! 1. `options.now` (an RFC 3339 date-time; the CLI's `--now`): tests and vectors pin it, so a
//!    report does not depend on the day it is computed;
//! 2. a clock registered with [`set_clock`] (the wasm binding registers JavaScript's
//!    `Date.now()`, as the standard library has no clock on `wasm32-unknown-unknown`);
//! 3. the system clock (`std::time::SystemTime`), except on `wasm32-unknown-unknown`.
//!
//! When none is available the clock rules are skipped and reported as `context_missing` with
//! `params.fact` `"now"`, never guessed.

use std::sync::OnceLock;

/// A parsed date-time, as `options.now` holds it and [`now`] gives it (parse one with
/// [`crate::options::parse_now`]); its [`Offset`]. Defined with the date parser, re-exported here
/// so that a caller can name them.
pub use crate::time::{DateTime, Offset};

/// The ids of the rules that read the clock (their rows in docs/RULES.md; `readsClock` in
/// `describe`). Each is skipped, with `context_missing` (`params.fact` `"now"`), only where there
/// is no `options.now` and no clock at all, which neither a native build nor the wasm package
/// (it registers `Date.now()`) ever is.
pub const CLOCK_RULES: [&str; 4] = [
    KEYWORD_SPAN_TO_NOW,
    CUSTOM_AUDIENCE_EXPIRES_LATER_THAN_NOW,
    DO_NOT_REACH_EXPIRES_LATER_THAN_NOW,
    EVENT_TYPE_DEPRECATED,
];
/// keyword insights: `end_time` "default now", so the span from `start_time` ends now.
pub const KEYWORD_SPAN_TO_NOW: &str = "keyword_insights_query.start_time.span_to_now";
/// custom audience users: `expires_at` "later than effective_at", `effective_at` "default now".
pub const CUSTOM_AUDIENCE_EXPIRES_LATER_THAN_NOW: &str =
    "custom_audience_users.params.expires_at.later_than_now";
/// do-not-reach users: `expires_at` "needing to be later than now".
pub const DO_NOT_REACH_EXPIRES_LATER_THAN_NOW: &str =
    "do_not_reach_users.params.expires_at.later_than_now";
/// activity subscriptions: the PascalCase kinds "deprecated ..., effective 2026-03-18".
pub const EVENT_TYPE_DEPRECATED: &str = "activity_subscription.event_type.deprecated";

/// A clock: milliseconds since 1970-01-01T00:00:00Z, as JavaScript's `Date.now()` gives them.
pub type Clock = fn() -> f64;

static CLOCK: OnceLock<Clock> = OnceLock::new();

/// Registers the clock used when `options.now` is not given. Only the first call counts; returns
/// whether this call's `clock` is the one in use.
pub fn set_clock(clock: Clock) -> bool {
    CLOCK.set(clock).is_ok()
}

/// The instant `millis` milliseconds after the epoch (`None` for a value that is not finite or
/// out of the range of dates the engine reads, years 0000 to 9999).
pub fn from_unix_millis(millis: f64) -> Option<DateTime> {
    // 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in milliseconds.
    const MIN_MS: f64 = -62_167_219_200_000.0;
    const MAX_MS: f64 = 253_402_300_800_000.0;
    if !millis.is_finite() || !(MIN_MS..MAX_MS).contains(&millis) {
        return None;
    }
    let whole = millis.floor();
    // In range, so both conversions are exact.
    let ms = whole as i64;
    let seconds = ms.div_euclid(1000);
    let nanos = u32::try_from(ms.rem_euclid(1000) * 1_000_000).ok()?;
    Some(from_unix(seconds, nanos))
}

/// The instant `seconds` and `nanos` after the epoch, as a UTC date-time.
pub fn from_unix(seconds: i64, nanos: u32) -> DateTime {
    DateTime {
        unix_seconds: seconds,
        nanos,
        offset: Offset::Utc,
        has_time: true,
        whole_hour: seconds.rem_euclid(3600) == 0 && nanos == 0,
    }
}

/// The current time from the registered clock, else the system clock; `None` when there is none.
pub fn now() -> Option<DateTime> {
    if let Some(clock) = CLOCK.get() {
        return from_unix_millis(clock());
    }
    system_now()
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn system_now() -> Option<DateTime> {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    let seconds = i64::try_from(since.as_secs()).ok()?;
    Some(from_unix(seconds, since.subsec_nanos()))
}

/// `wasm32-unknown-unknown` has no system clock (`SystemTime::now` would trap).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn system_now() -> Option<DateTime> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::parse_iso8601;

    #[test]
    fn millis_convert_like_javascript_dates() {
        // new Date(1764115200123).toISOString() === "2025-11-26T00:00:00.123Z"
        let d = from_unix_millis(1_764_115_200_123.0).map(|d| d.key());
        let expected = parse_iso8601("2025-11-26T00:00:00.123Z").map(|d| d.key());
        assert_eq!(d, expected);
        // new Date(-1).toISOString() === "1969-12-31T23:59:59.999Z"
        let d = from_unix_millis(-1.0).map(|d| d.key());
        let expected = parse_iso8601("1969-12-31T23:59:59.999Z").map(|d| d.key());
        assert_eq!(d, expected);
        for bad in [f64::NAN, f64::INFINITY, 1e300, -1e300] {
            assert_eq!(from_unix_millis(bad), None);
        }
    }

    #[test]
    fn the_system_clock_is_read_natively() {
        // 2026-01-01T00:00:00Z: any machine running this is later.
        let floor = parse_iso8601("2026-01-01T00:00:00Z").map(|d| d.unix_seconds);
        assert!(now().map(|d| d.unix_seconds) > floor);
    }
}
