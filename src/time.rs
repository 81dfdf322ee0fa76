//! ISO 8601 dates and date-times, in the profile the spec's examples use (RFC 3339 style):
//! `YYYY-MM-DD`, or `YYYY-MM-DDThh:mm[:ss[.fraction]]` followed by an optional `Z`, `±hh:mm`,
//! `±hhmm` or `±hh`. Calendar validity (month lengths, leap years) is checked; leap seconds are not
//! accepted. A value without an offset is compared as if it were UTC.
//!
//! Why not chrono: its RFC 3339 parser refuses most of this profile (no seconds, no offset, a
//! plain date, `±hh`) and costs 6.0 KB gzipped in wasm (`bash bench/libsize/run.sh`); a million
//! generated values get the same answer and instant as chrono gives their RFC 3339 form, except
//! a leap second, refused here (tests/differential_libs/; docs/PERFORMANCE.md, "Hand-written
//! code and why").

/// The offset part of a date-time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Offset {
    /// A date, or a date-time with no offset.
    None,
    /// `Z`, `+00:00` or `-00:00`.
    Utc,
    /// Any other offset, in minutes east of UTC.
    Minutes(i32),
}

/// A parsed ISO 8601 value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    /// Seconds since 1970-01-01T00:00:00Z of the instant (offset applied).
    pub unix_seconds: i64,
    /// The fraction of the second, in nanoseconds.
    pub nanos: u32,
    /// The offset as written.
    pub offset: Offset,
    /// Whether a time of day was given (false for a plain date).
    pub has_time: bool,
    /// Minute, second and fraction of the local time are all zero.
    pub whole_hour: bool,
}

impl DateTime {
    /// Orders two instants.
    pub fn key(&self) -> (i64, u32) {
        (self.unix_seconds, self.nanos)
    }
}

/// What a rule demands of a date-time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Require {
    /// Any ISO 8601 date or date-time of the profile above.
    Any,
    /// A date-time with an explicit offset (`Z` or `±hh:mm`).
    WithOffset,
    /// A date-time in UTC (`Z` or a zero offset).
    Utc,
}

impl Require {
    /// Whether a parsed value meets the demand.
    pub fn accepts(self, d: &DateTime) -> bool {
        match self {
            Require::Any => true,
            Require::WithOffset => d.has_time && d.offset != Offset::None,
            Require::Utc => d.has_time && d.offset == Offset::Utc,
        }
    }

    /// The `params.format` of an `invalid_date_time` issue for this demand.
    pub(crate) fn format(self) -> &'static str {
        match self {
            Require::Any => "iso8601",
            Require::WithOffset => "iso8601_with_offset",
            Require::Utc => "iso8601_utc",
        }
    }

    /// The message of an `invalid_date_time` issue for this demand.
    pub(crate) fn message(self) -> &'static str {
        match self {
            Require::Any => "must be an ISO 8601 date or date-time, like 2026-11-21T09:30:00Z",
            Require::WithOffset => {
                "must be an ISO 8601 date-time with an offset, like 2026-11-21T09:30:00+01:00"
            }
            Require::Utc => "must be an ISO 8601 date-time in UTC, like 2026-11-21T09:30:00Z",
        }
    }
}

fn num(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    b.iter().try_fold(0u32, |acc, d| {
        acc.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        _ => 28,
    }
}

/// Days from 1970-01-01 to the given civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Parses a date or date-time of the profile described in the module docs.
pub fn parse_iso8601(s: &str) -> Option<DateTime> {
    let b = s.as_bytes();
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = i64::from(num(&b[0..4])?);
    let month = num(&b[5..7])?;
    let day = num(&b[8..10])?;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    if b.len() == 10 {
        return Some(DateTime {
            unix_seconds: days * 86_400,
            nanos: 0,
            offset: Offset::None,
            has_time: false,
            whole_hour: true,
        });
    }
    if !matches!(b[10], b'T' | b't') || b.len() < 16 || b[13] != b':' {
        return None;
    }
    let hour = num(&b[11..13])?;
    let minute = num(&b[14..16])?;
    let mut i = 16;
    let mut second = 0;
    let mut nanos = 0u32;
    if b.get(i) == Some(&b':') {
        second = num(b.get(i + 1..i + 3)?)?;
        i += 3;
        if b.get(i) == Some(&b'.') || b.get(i) == Some(&b',') {
            let start = i + 1;
            let mut end = start;
            while b.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            if end == start {
                return None;
            }
            // Keep nanosecond precision; further digits only have to be digits.
            let digits = &b[start..end.min(start + 9)];
            let mut n = num(digits)?;
            for _ in digits.len()..9 {
                n *= 10;
            }
            nanos = n;
            i = end;
        }
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let rest = &b[i..];
    let offset = match rest {
        [] => Offset::None,
        [b'Z' | b'z'] => Offset::Utc,
        [sign @ (b'+' | b'-'), tail @ ..] => {
            let (oh, om) = match tail {
                [h1, h2] => (num(&[*h1, *h2])?, 0),
                [h1, h2, b':', m1, m2] | [h1, h2, m1, m2] => (num(&[*h1, *h2])?, num(&[*m1, *m2])?),
                _ => return None,
            };
            if oh > 23 || om > 59 {
                return None;
            }
            let minutes = i32::try_from(oh * 60 + om).ok()?;
            match (minutes, sign) {
                (0, _) => Offset::Utc,
                (m, b'-') => Offset::Minutes(-m),
                (m, _) => Offset::Minutes(m),
            }
        }
        _ => return None,
    };
    let local = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second);
    let shift = match offset {
        Offset::Minutes(m) => i64::from(m) * 60,
        _ => 0,
    };
    Some(DateTime {
        unix_seconds: local - shift,
        nanos,
        offset,
        has_time: true,
        whole_hour: minute == 0 && second == 0 && nanos == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_instants() {
        let a = parse_iso8601("1970-01-01T00:00:00Z").expect("valid");
        assert_eq!((a.unix_seconds, a.offset), (0, Offset::Utc));
        let b = parse_iso8601("2026-11-21T10:30:00+01:00").expect("valid");
        let c = parse_iso8601("2026-11-21T09:30:00.000Z").expect("valid");
        assert_eq!(b.key(), c.key());
        assert_eq!(
            parse_iso8601("2000-03-01").map(|d| d.unix_seconds),
            Some(951_868_800)
        );
        assert_eq!(
            parse_iso8601("2024-02-29T00:00Z").map(|d| d.whole_hour),
            Some(true)
        );
        assert_eq!(
            parse_iso8601("2024-02-29T00:00:01Z").map(|d| d.whole_hour),
            Some(false)
        );
        assert_eq!(
            parse_iso8601("2026-01-01T00:00:00-00:00").map(|d| d.offset),
            Some(Offset::Utc)
        );
        assert_eq!(
            parse_iso8601("2026-01-01T00:00:00.5+0530").map(|d| d.nanos),
            Some(500_000_000)
        );
    }

    #[test]
    fn rejects_malformed() {
        for s in [
            "",
            "2026",
            "2026-13-01",
            "2026-02-29",
            "2026-04-31",
            "2026-01-01T24:00:00Z",
            "2026-01-01T10:60Z",
            "2026-01-01T10:00:61Z",
            "2026-01-01 10:00:00Z",
            "2026-01-01T10:00:00+25:00",
            "2026-01-01T10:00:00ZZ",
            "26-01-01",
            "2026-1-01",
            "2026-01-01T10:00:00.Z",
            "2026-01-01T1:00Z",
        ] {
            assert_eq!(parse_iso8601(s), None, "{s}");
        }
    }
}
