//! The date parser of the rules (`src/checks/dates.rs`: `YYYY-MM-DD`, or a date-time with or
//! without seconds, fraction and offset) against chrono's RFC 3339 parser
//! (`DateTime::parse_from_rfc3339`).
//!
//! Each generated value is written in the rules' profile and in the RFC 3339 form of the same
//! instant (seconds `:00` when left out, a `,` fraction as `.`, `±hh` and `±hhmm` as `±hh:mm`, no
//! offset and a plain date as UTC, which is how the rules compare them): the same accepted or
//! refused answer, and the same instant, offset and fraction. Intended differences: a leap
//! second (`:60`) chrono accepts is refused (the spec's times never hold one), and chrono's
//! space between date and time is not in the profile. Mutated texts are checked both ways
//! wherever they are plain RFC 3339.

use crate::generate::Rng;
use chrono::DateTime as Chrono;
use preflight::__private::checks::dates::{parse_iso8601, DateTime};
use preflight::clock::Offset;

struct Parts {
    ours: String,
    rfc3339: String,
    second: u32,
    /// Whether `ours` ends in an offset (else it is compared as UTC).
    offset_written: bool,
}

fn two(rng: &mut Rng, max: usize) -> u32 {
    rng.below(max + 1) as u32
}

fn generate(rng: &mut Rng) -> Parts {
    let year = match rng.below(4) {
        0 => rng.below(10_000),
        1 => rng.pick(&[0, 1, 1900, 1970, 2000, 2024, 2100, 2400, 9999]),
        _ => 1900 + rng.below(250),
    };
    let month = if rng.chance(95) {
        1 + two(rng, 11)
    } else {
        two(rng, 13)
    };
    let day = if rng.chance(80) {
        1 + two(rng, 27)
    } else {
        two(rng, 32)
    };
    let date = format!("{year:04}-{month:02}-{day:02}");
    if rng.chance(10) {
        return Parts {
            ours: date.clone(),
            rfc3339: format!("{date}T00:00:00Z"),
            second: 0,
            offset_written: false,
        };
    }
    let hour = if rng.chance(95) {
        two(rng, 23)
    } else {
        two(rng, 25)
    };
    let minute = if rng.chance(95) {
        two(rng, 59)
    } else {
        two(rng, 61)
    };
    let second = if rng.chance(95) {
        two(rng, 59)
    } else {
        two(rng, 61)
    };
    let sep = if rng.chance(90) { 'T' } else { 't' };
    let mut ours = format!("{date}{sep}{hour:02}:{minute:02}");
    let mut rfc = format!("{date}T{hour:02}:{minute:02}");
    let with_seconds = rng.chance(85);
    if with_seconds {
        ours.push_str(&format!(":{second:02}"));
        rfc.push_str(&format!(":{second:02}"));
        if rng.chance(50) {
            let digits: String = (0..1 + rng.below(12))
                .map(|_| char::from(b'0' + rng.below(10) as u8))
                .collect();
            ours.push(if rng.chance(90) { '.' } else { ',' });
            ours.push_str(&digits);
            rfc.push('.');
            rfc.push_str(&digits);
        }
    } else {
        rfc.push_str(":00");
    }
    let oh = if rng.chance(95) {
        two(rng, 14)
    } else {
        two(rng, 25)
    };
    let om = if rng.chance(70) {
        rng.pick(&[0, 30, 45])
    } else {
        two(rng, 61)
    };
    let sign = if rng.chance(50) { '+' } else { '-' };
    let offset_written = rng.below(6) != 0;
    match if offset_written { 1 + rng.below(5) } else { 0 } {
        0 => rfc.push('Z'),
        1 => {
            ours.push(if rng.chance(80) { 'Z' } else { 'z' });
            rfc.push('Z');
        }
        2 => {
            ours.push_str(&format!("{sign}{oh:02}"));
            rfc.push_str(&format!("{sign}{oh:02}:00"));
        }
        3 => {
            ours.push_str(&format!("{sign}{oh:02}{om:02}"));
            rfc.push_str(&format!("{sign}{oh:02}:{om:02}"));
        }
        _ => {
            ours.push_str(&format!("{sign}{oh:02}:{om:02}"));
            rfc.push_str(&format!("{sign}{oh:02}:{om:02}"));
        }
    }
    Parts {
        ours,
        rfc3339: rfc,
        second: if with_seconds { second } else { 0 },
        offset_written,
    }
}

/// Whether `d` is the instant, offset and fraction chrono read.
fn same(d: &DateTime, c: &Chrono<chrono::FixedOffset>, offset_written: bool) -> bool {
    let minutes = c.offset().local_minus_utc() / 60;
    // `Offset` may grow (`#[non_exhaustive]` outside the crate).
    #[allow(unreachable_patterns)]
    let offset_ok = match d.offset {
        Offset::None => !offset_written && minutes == 0,
        Offset::Utc => minutes == 0,
        Offset::Minutes(m) => m == minutes && m != 0,
        _ => false,
    };
    d.unix_seconds == c.timestamp() && d.nanos == c.timestamp_subsec_nanos() && offset_ok
}

/// Whether `s` is plain RFC 3339 as chrono reads it: seconds, a `.` fraction if any, and `Z` or
/// `±hh:mm`, the date and time apart by `T` or `t`.
fn plain_rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b.len();
    n >= 20
        && matches!(b[10], b'T' | b't')
        && b[16] == b':'
        && !s.contains(',')
        && (matches!(b[n - 1], b'Z' | b'z')
            || (b[n - 3] == b':' && matches!(b[n - 6], b'+' | b'-')))
}

#[test]
fn dates_against_chrono() {
    let (mut rng, seed) = crate::rng("dates");
    let n = crate::cases();
    let (mut accepted, mut mutated_checked) = (0usize, 0usize);
    for case in 0..n {
        let p = generate(&mut rng);
        let ours = parse_iso8601(&p.ours);
        let theirs = Chrono::parse_from_rfc3339(&p.rfc3339);
        match (&ours, &theirs) {
            (None, Ok(_)) if p.second == 60 => {} // a leap second: refused on purpose
            (Some(d), Ok(c)) => {
                accepted += 1;
                assert!(
                    same(d, c, p.offset_written),
                    "seed {seed:#x} case {case}: {:?} read as {d:?}, chrono {c:?} from {:?}",
                    p.ours,
                    p.rfc3339
                );
            }
            (None, Err(_)) => {}
            _ => panic!(
                "seed {seed:#x} case {case}: {:?} gives {ours:?}, chrono {theirs:?} from {:?}",
                p.ours, p.rfc3339
            ),
        }

        // The same text with one byte changed, checked where it is plain RFC 3339.
        let mut bytes = p.rfc3339.clone().into_bytes();
        let at = rng.below(bytes.len());
        bytes[at] = rng.pick(b"0123456789:-+.TtZz ,x");
        let Ok(s) = String::from_utf8(bytes) else {
            continue;
        };
        if !plain_rfc3339(&s) {
            continue;
        }
        mutated_checked += 1;
        let ours = parse_iso8601(&s);
        let theirs = Chrono::parse_from_rfc3339(&s);
        match (&ours, &theirs) {
            (Some(d), Ok(c)) => assert!(
                same(d, c, true),
                "seed {seed:#x} case {case}: {s:?} read as {d:?}, chrono {c:?}"
            ),
            (None, Err(_)) => {}
            (None, Ok(c)) if c.timestamp_subsec_nanos() >= 1_000_000_000 => {} // leap second
            _ => panic!("seed {seed:#x} case {case}: {s:?} gives {ours:?}, chrono {theirs:?}"),
        }
    }
    assert!(accepted > n / 2, "{accepted} of {n} accepted");
    assert!(
        mutated_checked > n / 4,
        "{mutated_checked} mutated texts checked"
    );
}
