//! The documented string formats, one exhaustive [`Format`] enum with one check function per
//! format ([`check`]). A field table names a format (`Str::format(Format::Price)`); the engine
//! runs its check on every string value of that field, and `describe` and `jsonSchema` publish
//! its [`Format::name`]. The checks themselves live in [`crate::checks`] under the format's name
//! (URLs, dates, prices, GTINs, ISO codes).
//!
//! Some formats are described here but checked by the hook of the one kind that uses them,
//! because what they mean depends on that kind's other members or on the whole value:
//! [`Format::checked_by_hook`] lists them, and [`check`] does nothing for them.

use crate::checks::{credentials, dates, gtin, iso, prices, text, urls};
use crate::ctx::report;
use crate::ctx::Ctx;
use crate::issues::IssueKind;
pub use crate::model::Format;
use crate::report::Pointer;
use crate::signing::oauth1::OOB_CALLBACK;

/// Most URLs in a [`Format::ProductUrlList`] (the product's `additional_image_link`, "up to
/// 10").
pub const ADDITIONAL_IMAGES_MAX: usize = 10;

/// The pattern of [`Format::Ascii`], reported in `params.pattern`.
pub const ASCII_PATTERN: &str = "^[\\x00-\\x7F]*$";

/// Checks that `s` has format `f`, reporting at `path`.
pub fn check(ctx: &mut Ctx, path: &Pointer, s: &str, f: Format) {
    match f {
        Format::Url => {
            urls::http_url(ctx, path, s);
        }
        // Apart from the callback's arm: one arm for both made each product URL's check cost
        // more (601,334 -> 601,721 instructions per 25-product batch, `bash bench/instructions.sh`).
        Format::HttpsUrl => {
            urls::https_url(ctx, path, s);
        }
        // The OAuth callback is an https URL or `oob`.
        Format::HttpsUrlOrOob => {
            if s != OOB_CALLBACK {
                urls::https_url(ctx, path, s);
            }
        }
        Format::DateTime => {
            dates::datetime(ctx, path, s, dates::Require::Any);
        }
        Format::DateTimeWithOffset => {
            dates::datetime(ctx, path, s, dates::Require::WithOffset);
        }
        Format::DateTimeUtc => {
            dates::datetime(ctx, path, s, dates::Require::Utc);
        }
        Format::WholeHour => whole_hour(ctx, path, s),
        Format::CountryCode => {
            if !iso::is_country_alpha2(s) {
                report(ctx, path, IssueKind::NotCountryCode);
            }
        }
        Format::Domain => {
            urls::domain(ctx, path, s);
        }
        Format::Price => {
            prices::price(ctx, path, s);
        }
        Format::Gtin => {
            gtin::gtin(ctx, path, s);
        }
        Format::Digits => {
            if !text::is_digits(s) {
                text::invalid_format(ctx, path, "must be decimal digits (0-9)", "^[0-9]+$");
            }
        }
        Format::PlainText => {
            text::plain_text(ctx, path, s);
        }
        Format::DateRange => dates::date_range(ctx, path, s),
        Format::ProductUrlList => {
            urls::url_list(ctx, path, s, ADDITIONAL_IMAGES_MAX);
        }
        Format::NoHexColor => {
            text::no_hex_color(ctx, path, s);
        }
        Format::Ascii => {
            if !s.is_ascii() {
                text::invalid_format(ctx, path, "must be ASCII characters only", ASCII_PATTERN);
            }
        }
        Format::BasicCredentials => {
            credentials::basic(ctx, path, s);
        }
        Format::Sha256Hex
        | Format::Hashtag
        | Format::UrlList
        | Format::Numeric
        | Format::IabCategoryList => {
            // Checked by the hook of the kind that uses it (Format::checked_by_hook).
        }
    }
}

/// An ISO 8601 date-time with an offset on a whole hour (minutes, seconds and fractions zero).
fn whole_hour(ctx: &mut Ctx, path: &Pointer, s: &str) {
    if let Some(d) = dates::datetime(ctx, path, s, dates::Require::WithOffset) {
        if !d.whole_hour {
            report(ctx, path, IssueKind::NotWholeHour);
        }
    }
}
