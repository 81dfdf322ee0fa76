//! The documented string formats, one exhaustive [`Format`] enum; each is checked by
//! [`crate::formats::check`].

/// A documented string format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// An absolute http(s) URL.
    Url,
    /// An absolute https URL.
    HttpsUrl,
    /// ISO 8601 date or date-time.
    DateTime,
    /// ISO 8601 date-time with an offset.
    DateTimeWithOffset,
    /// ISO 8601 date-time in UTC.
    DateTimeUtc,
    /// ISO 8601 date-time on a whole hour.
    WholeHour,
    /// ISO 3166-1 alpha-2.
    CountryCode,
    /// A domain without protocol.
    Domain,
    /// `<number> <ISO 4217>`.
    Price,
    /// UPC, EAN, JAN or ISBN.
    Gtin,
    /// 64 lowercase hex digits.
    Sha256Hex,
    /// A hashtag.
    Hashtag,
    /// Decimal digits.
    Digits,
    /// Plain text (no markup).
    PlainText,
    /// A `<start>/<end>` ISO 8601 range.
    DateRange,
    /// Comma-separated https URLs.
    UrlList,
    /// A list of URLs as the product feed sends it (`url_list`).
    ProductUrlList,
    /// A decimal number written as a string (`numeric`).
    Numeric,
    /// Comma-separated IAB category codes (`iab_category_list`).
    IabCategoryList,
    /// Free text without hex colour codes (`no_hex_color`).
    NoHexColor,
    /// ASCII characters only (`ascii`: an OAuth nonce).
    Ascii,
    /// An absolute https URL, or the literal `oob` (`https_url_or_oob`: an OAuth callback).
    HttpsUrlOrOob,
    /// HTTP Basic credentials, `Basic <base64 of key:secret>` (`http_basic_credentials`).
    BasicCredentials,
}

impl Format {
    /// The stable name in `describe` (`format`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Url => "url",
            Format::HttpsUrl => "https_url",
            Format::DateTime => "iso8601",
            Format::DateTimeWithOffset => "iso8601_with_offset",
            Format::DateTimeUtc => "iso8601_utc",
            Format::WholeHour => crate::issues::WHOLE_HOUR_FORMAT,
            Format::CountryCode => "country_code",
            Format::Domain => "domain",
            Format::Price => "price",
            Format::Gtin => "gtin",
            Format::Sha256Hex => "sha256_hex",
            Format::Hashtag => "hashtag",
            Format::Digits => "digits",
            Format::PlainText => "plain_text",
            Format::DateRange => "iso8601_range",
            Format::UrlList => "https_url_list",
            Format::ProductUrlList => "url_list",
            Format::Numeric => "numeric",
            Format::IabCategoryList => "iab_category_list",
            Format::NoHexColor => "no_hex_color",
            Format::Ascii => "ascii",
            Format::HttpsUrlOrOob => "https_url_or_oob",
            Format::BasicCredentials => "http_basic_credentials",
        }
    }

    /// Whether the format is checked by the hook of the kind that uses it, not by `check`
    /// (see the module documentation).
    pub fn checked_by_hook(self) -> bool {
        matches!(
            self,
            Format::Sha256Hex
                | Format::Hashtag
                | Format::UrlList
                | Format::Numeric
                | Format::IabCategoryList
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Format;

    /// The formats the engine leaves to a hook are exactly those whose check does nothing.
    #[test]
    fn names_are_unique() {
        let all = [
            Format::Url,
            Format::HttpsUrl,
            Format::DateTime,
            Format::DateTimeWithOffset,
            Format::DateTimeUtc,
            Format::WholeHour,
            Format::CountryCode,
            Format::Domain,
            Format::Price,
            Format::Gtin,
            Format::Sha256Hex,
            Format::Hashtag,
            Format::Digits,
            Format::PlainText,
            Format::DateRange,
            Format::UrlList,
            Format::ProductUrlList,
            Format::Numeric,
            Format::IabCategoryList,
            Format::NoHexColor,
            Format::Ascii,
            Format::HttpsUrlOrOob,
            Format::BasicCredentials,
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
