//! Audience identifiers: normalization, SHA-256 hashing and upload batches (audience-identifiers.md).
//!
//! Every identifier sent to the custom-audience and do-not-reach endpoints, except
//! `partner_user_id`, is SHA-256 hashed after normalization. An invalid value is an error for
//! that value (an [`IdError`] with a stable [`IdError::code`]) and is never hashed. Error messages
//! never contain the value.
//!
//! ```
//! use preflight::audience::{hash, normalize, HashOptions, IdType};
//! let opts = HashOptions::default();
//! assert_eq!(normalize(IdType::Email, "  Support@X.com ", &opts).unwrap(), "support@x.com");
//! assert_eq!(
//!     hash(IdType::Handle, "@AdsAPI", &opts).unwrap(),
//!     "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"
//! );
//! let e = hash(IdType::PhoneNumber, "(657) 777-0000", &opts).unwrap_err();
//! assert_eq!(e.code(), "missing_country_code");
//! ```
//!
//! Steps for every type except `partner_user_id` (which is passed through verbatim: not
//! trimmed, not hashed, only required to be non-empty):
//! 1. reject a raw value longer than [`MAX_VALUE_BYTES`] (`too_long`);
//! 2. [`trim`] Unicode `White_Space` and U+FEFF from both ends; nothing left is `empty`;
//! 3. with [`HashOptions::prehashed`]: the value must be 64 hex digits and is lowercased, never
//!    re-hashed (`invalid_prehashed`); otherwise normalize per type (see the type's variant of
//!    [`IdType`]) and hash: SHA-256 of the UTF-8 bytes as 64 lowercase hex digits.
//!
//! Bulk input: [`hash_many`] (values), [`hash_lines`] (newline-separated text) and
//! [`LineHasher`] (the same text arriving in byte chunks) write into a [`HashOutput`]. Upload
//! bodies: [`batch`].

pub mod batch;
mod bulk;
pub(crate) mod case;
pub mod csv;
mod device_id;
mod digest;
mod email;
mod error;
mod handle;
mod hex;
mod lanes;
mod nfc;
mod phone;
mod service_id;
#[cfg(any(test, not(target_arch = "wasm32"), target_feature = "simd128"))]
mod sha256x1;
mod sha256x4;
mod trim;
pub(crate) mod unicode;
mod unicode_table;

pub use bulk::{
    breaks_line, hash_lines, hash_many, hash_many_into, hash_many_with_countries, HashOutput,
    LineHasher, LINE_BREAKS,
};
pub use case::{set_lowercase, Lowercase};
pub use digest::sha256;
#[cfg(all(
    target_arch = "wasm32",
    target_feature = "simd128",
    not(feature = "sha2-hmac")
))]
pub(crate) use digest::sha256_after;
pub use email::{MAX_EMAIL_BYTES, MAX_EMAIL_INPUT_BYTES, MAX_EMAIL_LOCAL_BYTES};
pub use error::{IdError, UnknownIdType};
pub use nfc::{nfc, nfkc, set_normalizer, Form, Normalizer, NormalizerMissing, Registration};
pub use phone::{country_calling_code, CallingCode, PHONE_METADATA};
pub use trim::{is_trimmed_char, trim};
pub use unicode::UNICODE_VERSION;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest raw value accepted, in bytes (before trimming; for line input, without the line
/// ending). No valid identifier comes near it; the bound keeps the streaming [`LineHasher`]'s
/// memory small whatever the input.
pub const MAX_VALUE_BYTES: usize = 65_536;

/// An identifier type, by its stable name (the field name in the API's user objects).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IdType {
    /// `email`: NFC, Unicode lowercase; exactly one `@`, non-empty local part and domain, no
    /// whitespace inside; then at most [`MAX_EMAIL_LOCAL_BYTES`] bytes before the `@` and
    /// [`MAX_EMAIL_BYTES`] in all (a trimmed value over [`MAX_EMAIL_INPUT_BYTES`] is refused
    /// before normalizing). Dots, `+tags` and provider aliases are kept.
    Email,
    /// `phone_number`: separators (space `-` `.` `(` `)` `/`) removed; `+` or `00` introduces the
    /// country calling code (then a national prefix in parentheses, `+44 (0) 20`, is dropped);
    /// else the [`HashOptions::default_country_code`]'s international call prefix (`011` for +1)
    /// introduces one, or its national (trunk) prefix is dropped (`1` for +1, `8` for +7, `0` for
    /// +44, none for +39) and the default code prepended; digits that begin with the default code
    /// are also read as that code written without `+`, and are
    /// [`IdError::AmbiguousCountryCode`] when both readings are possible and differ
    /// (`919876543210` with 91). Must then be E.164
    /// (`^\+[1-9][0-9]{6,14}$`) with an assigned calling code and a national number of a
    /// possible length for that code (libphonenumber's metadata, [`PHONE_METADATA`]); area codes
    /// are not checked. Hashed with or without the `+` according to [`HashOptions::phone_format`].
    PhoneNumber,
    /// `handle`: one leading `@` or `＠` removed, ASCII lowercase, `^[a-z0-9_]{1,20}$`.
    Handle,
    /// `device_id`: ASCII lowercase; a UUID `8-4-4-4-12` (dashes re-inserted when 32 hex digits
    /// come without them) or a 16-hex-digit Android ID; the all-zero UUID is refused.
    DeviceId,
    /// `service_id`: the platform's numeric user id; ASCII digits, leading zeros dropped,
    /// non-zero, at most `u64::MAX`.
    ServiceId,
    /// `partner_user_id`: verbatim, not trimmed, not hashed; non-empty.
    PartnerUserId,
}

impl IdType {
    /// Every type, in declaration order.
    pub const ALL: [IdType; 6] = [
        IdType::Email,
        IdType::PhoneNumber,
        IdType::Handle,
        IdType::DeviceId,
        IdType::ServiceId,
        IdType::PartnerUserId,
    ];

    /// The stable name (`email`, `phone_number`, ...).
    pub fn name(self) -> &'static str {
        match self {
            IdType::Email => "email",
            IdType::PhoneNumber => "phone_number",
            IdType::Handle => "handle",
            IdType::DeviceId => "device_id",
            IdType::ServiceId => "service_id",
            IdType::PartnerUserId => "partner_user_id",
        }
    }

    /// Whether values of this type are sent hashed (all but `partner_user_id`).
    pub fn is_hashed(self) -> bool {
        self != IdType::PartnerUserId
    }
}

impl FromStr for IdType {
    type Err = UnknownIdType;

    fn from_str(s: &str) -> Result<Self, UnknownIdType> {
        IdType::ALL
            .iter()
            .copied()
            .find(|t| t.name() == s)
            .ok_or(UnknownIdType)
    }
}

impl fmt::Display for IdType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a phone number is written before hashing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum PhoneFormat {
    /// `e164` (default): `+` kept, e.g. `+16175551212`.
    #[default]
    #[serde(rename = "e164")]
    E164,
    /// `digits`: the same digits without `+`, as other platforms and older tools hash them.
    #[serde(rename = "digits")]
    Digits,
}

impl PhoneFormat {
    /// The stable name (`e164` or `digits`).
    pub fn name(self) -> &'static str {
        match self {
            PhoneFormat::E164 => "e164",
            PhoneFormat::Digits => "digits",
        }
    }
}

impl FromStr for PhoneFormat {
    type Err = UnknownPhoneFormat;

    fn from_str(s: &str) -> Result<Self, UnknownPhoneFormat> {
        match s {
            "e164" => Ok(PhoneFormat::E164),
            "digits" => Ok(PhoneFormat::Digits),
            _ => Err(UnknownPhoneFormat),
        }
    }
}

/// A phone format name other than `e164` and `digits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownPhoneFormat;

impl UnknownPhoneFormat {
    /// The stable code, `unknown_phone_format`.
    pub fn code(self) -> &'static str {
        "unknown_phone_format"
    }

    /// A fixed, human-readable explanation.
    pub fn message(self) -> &'static str {
        "expected e164 or digits"
    }
}

impl fmt::Display for UnknownPhoneFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for UnknownPhoneFormat {}

/// Options of normalization and hashing. JSON form (all members optional):
/// `{"phone_format": "e164"|"digits", "default_country_code": "44", "prehashed": false}`.
///
/// More options may be added in a minor release (`#[non_exhaustive]`): start from
/// [`HashOptions::default`] and chain the `with_*` methods (or assign the fields).
///
/// ```
/// use preflight::audience::{HashOptions, PhoneFormat};
/// let opts = HashOptions::default()
///     .with_phone_format(PhoneFormat::Digits)
///     .with_default_country_code("44")?;
/// assert_eq!(opts.default_country_code.as_deref(), Some("44"));
/// # Ok::<(), preflight::audience::IdError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct HashOptions {
    /// Whether phone numbers are hashed with the `+` ([`PhoneFormat::E164`]) or without.
    pub phone_format: PhoneFormat,
    /// The country calling code (an assigned one, 1 to 3 digits, no `+`) used for phone
    /// numbers that have neither `+` nor `00`. When set but invalid, every phone number is an
    /// [`IdError::InvalidDefaultCountryCode`]; check up front with [`HashOptions::validate`].
    pub default_country_code: Option<String>,
    /// The values are already SHA-256 digests: each must be 64 hex digits (after trimming) and
    /// is lowercased, never hashed again. `partner_user_id` is unaffected (never hashed).
    pub prehashed: bool,
}

impl HashOptions {
    /// Sets [`HashOptions::phone_format`].
    pub fn with_phone_format(mut self, phone_format: PhoneFormat) -> Self {
        self.phone_format = phone_format;
        self
    }

    /// Sets [`HashOptions::prehashed`].
    pub fn with_prehashed(mut self, prehashed: bool) -> Self {
        self.prehashed = prehashed;
        self
    }

    /// Sets [`HashOptions::default_country_code`] after checking it.
    pub fn with_default_country_code(mut self, cc: &str) -> Result<Self, IdError> {
        if !phone::valid_country_code(cc) {
            return Err(IdError::InvalidDefaultCountryCode);
        }
        self.default_country_code = Some(cc.to_owned());
        Ok(self)
    }

    /// Checks the options themselves (the default country code).
    pub fn validate(&self) -> Result<(), IdError> {
        match &self.default_country_code {
            Some(cc) if !phone::valid_country_code(cc) => Err(IdError::InvalidDefaultCountryCode),
            _ => Ok(()),
        }
    }
}

/// A value ready for output: bytes to hash, or final as it is (partner id, prehashed digest).
pub(crate) enum Prepared<'a> {
    Hash(&'a [u8]),
    Final(&'a str),
}

/// Reusable working memory of [`prepare_in`]: nothing is allocated per value on the ASCII path.
/// It holds the last normalized value: `Debug` shows nothing of it.
#[derive(Clone)]
pub(crate) struct Scratch {
    text: String,
    stack: email::Stack,
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch { .. }")
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            text: String::new(),
            stack: [0; email::STACK_BYTES + 8],
        }
    }
}

/// The country of one record (a country column's cell, [`batch::AudienceRecord::country`]): its
/// calling code, `None` when absent or empty after trimming (the options' default applies), and
/// [`IdError::InvalidCountry`] when it names no country ([`country_calling_code`]).
pub fn record_country(country: Option<&str>) -> Result<Option<CallingCode>, IdError> {
    match country {
        Some(c) if !trim(c).is_empty() => country_calling_code(c)
            .map(Some)
            .ok_or(IdError::InvalidCountry),
        _ => Ok(None),
    }
}

/// Trims, checks and normalizes `raw`. Borrows `raw` when nothing changes, else uses `scratch`.
/// `own`: the record's own country ([`record_country`]), which replaces the options' default
/// country code for phone numbers.
#[inline]
pub(crate) fn prepare_in<'a>(
    id_type: IdType,
    raw: &'a str,
    opts: &HashOptions,
    own: Option<&CallingCode>,
    scratch: &'a mut Scratch,
) -> Result<Prepared<'a>, IdError> {
    if raw.len() > MAX_VALUE_BYTES {
        return Err(IdError::TooLong);
    }
    if id_type == IdType::PartnerUserId {
        return if raw.is_empty() {
            Err(IdError::Empty)
        } else {
            Ok(Prepared::Final(raw))
        };
    }
    let t = trim(raw);
    if t.is_empty() {
        return Err(IdError::Empty);
    }
    let buf = &mut scratch.text;
    if opts.prehashed {
        if !hex::is_sha256_hex(t) {
            return Err(IdError::InvalidPrehashed);
        }
        if !t.bytes().any(|b| b.is_ascii_uppercase()) {
            return Ok(Prepared::Final(t));
        }
        buf.clear();
        buf.push_str(t);
        buf.make_ascii_lowercase();
        return Ok(Prepared::Final(buf.as_str()));
    }
    let normalized = match id_type {
        IdType::Email => {
            return email::normalize_bytes(t, &mut scratch.stack, buf).map(Prepared::Hash)
        }
        IdType::PhoneNumber => phone::normalize(
            t,
            opts.phone_format,
            own.map(CallingCode::as_str)
                .or(opts.default_country_code.as_deref()),
            buf,
        )?,
        IdType::Handle => handle::normalize(t, buf)?,
        IdType::DeviceId => device_id::normalize(t, buf)?,
        IdType::ServiceId => service_id::normalize(t)?,
        IdType::PartnerUserId => t,
    };
    Ok(Prepared::Hash(normalized.as_bytes()))
}

/// Appends the output form of `raw` (64 lowercase hex digits, or the verbatim partner id) to
/// `out`. On error `out` is unchanged.
pub fn hash_into(
    id_type: IdType,
    raw: &str,
    opts: &HashOptions,
    out: &mut String,
) -> Result<(), IdError> {
    hash_into_own(id_type, raw, None, opts, out)
}

/// [`hash_into`] for a record of its own `country` ([`record_country`]: a calling code or an
/// ISO 3166-1 alpha-2 region; absent or empty: the options' default country code), which only
/// phone numbers read. A country that names no country is [`IdError::InvalidCountry`].
pub fn hash_into_for(
    id_type: IdType,
    raw: &str,
    country: Option<&str>,
    opts: &HashOptions,
    out: &mut String,
) -> Result<(), IdError> {
    let own = own_country(id_type, country)?;
    hash_into_own(id_type, raw, own.as_ref(), opts, out)
}

/// [`hash_into`] with the record's own calling code (no country table needed without one).
fn hash_into_own(
    id_type: IdType,
    raw: &str,
    own: Option<&CallingCode>,
    opts: &HashOptions,
    out: &mut String,
) -> Result<(), IdError> {
    let mut scratch = Scratch::default();
    match prepare_in(id_type, raw, opts, own, &mut scratch)? {
        Prepared::Hash(b) => digest::push_sha256_hex(b, out),
        Prepared::Final(s) => out.push_str(s),
    }
    Ok(())
}

/// The normalized form of `raw`: what gets hashed. For `partner_user_id` the value itself; with
/// [`HashOptions::prehashed`] the lowercased digest.
pub fn normalize(id_type: IdType, raw: &str, opts: &HashOptions) -> Result<String, IdError> {
    normalize_own(id_type, raw, None, opts)
}

/// The country of a record for `id_type`: read for phone numbers only.
fn own_country(id_type: IdType, country: Option<&str>) -> Result<Option<CallingCode>, IdError> {
    if id_type == IdType::PhoneNumber {
        record_country(country)
    } else {
        Ok(None)
    }
}

/// [`normalize`] for a record of its own `country` (see [`hash_into_for`]).
pub fn normalize_for(
    id_type: IdType,
    raw: &str,
    country: Option<&str>,
    opts: &HashOptions,
) -> Result<String, IdError> {
    let own = own_country(id_type, country)?;
    normalize_own(id_type, raw, own.as_ref(), opts)
}

/// [`normalize`] with the record's own calling code.
fn normalize_own(
    id_type: IdType,
    raw: &str,
    own: Option<&CallingCode>,
    opts: &HashOptions,
) -> Result<String, IdError> {
    let mut scratch = Scratch::default();
    match prepare_in(id_type, raw, opts, own, &mut scratch)? {
        // Normalized bytes are always UTF-8 (they come from a `str`, whole characters changed).
        Prepared::Hash(b) => String::from_utf8(b.to_vec()).map_err(|_| IdError::InvalidUtf8),
        Prepared::Final(s) => Ok(s.to_owned()),
    }
}

/// The value as sent to the API: SHA-256 of the normalized form as 64 lowercase hex digits;
/// `partner_user_id` verbatim; with [`HashOptions::prehashed`] the lowercased digest.
///
/// A value that cannot be normalized is an [`IdError`] (with a stable code), never a hash.
///
/// ```
/// use preflight::audience::{hash, HashOptions, IdType};
/// let opts = HashOptions::default();
/// // Trimmed and lowercased first: the SHA-256 of `test@example.com` (as `sha256sum` prints it).
/// assert_eq!(
///     hash(IdType::Email, "  Test@Example.COM ", &opts)?,
///     "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b"
/// );
/// let err = hash(IdType::Email, "not an address", &opts).unwrap_err();
/// assert_eq!(err.code(), "invalid_email");
/// # Ok::<(), preflight::audience::IdError>(())
/// ```
pub fn hash(id_type: IdType, raw: &str, opts: &HashOptions) -> Result<String, IdError> {
    hash_for(id_type, raw, None, opts)
}

/// [`hash`] for a record of its own `country` (see [`hash_into_for`]).
///
/// ```
/// use preflight::audience::{hash_for, HashOptions, IdType};
/// let opts = HashOptions::default().with_default_country_code("1")?;
/// let uk = hash_for(IdType::PhoneNumber, "020 7183 8750", Some("GB"), &opts)?;
/// assert_eq!(uk, hash_for(IdType::PhoneNumber, "+44 20 7183 8750", None, &opts)?);
/// // Empty: the default country code; not a country: an error, never a guess.
/// assert_eq!(
///     hash_for(IdType::PhoneNumber, "(657) 777-0000", Some(""), &opts)?,
///     "a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"
/// );
/// let err = hash_for(IdType::PhoneNumber, "020 7183 8750", Some("UK"), &opts).unwrap_err();
/// assert_eq!(err.code(), "invalid_country");
/// # Ok::<(), preflight::audience::IdError>(())
/// ```
pub fn hash_for(
    id_type: IdType,
    raw: &str,
    country: Option<&str>,
    opts: &HashOptions,
) -> Result<String, IdError> {
    let mut out = String::with_capacity(64);
    hash_into_for(id_type, raw, country, opts, &mut out)?;
    Ok(out)
}

/// SHA-256 of one message by [`sha256x1`] on this build's lanes (`preflight::__private::pieces`:
/// natively the code runs only in the differential tests against `sha2`).
#[cfg(any(not(target_arch = "wasm32"), preflight_pieces))]
pub(crate) fn sha256_one(data: &[u8]) -> [u8; 32] {
    sha256x1::digest::<lanes::Fast>(data)
}

/// SHA-256 of a 64-byte block (if any) followed by `data` by [`sha256x1`] on this build's lanes, as the
/// wasm build's HMAC-SHA256 computes it (`preflight::__private::pieces`).
#[cfg(any(not(target_arch = "wasm32"), preflight_pieces))]
pub(crate) fn sha256_after_one(first: Option<&[u8; 64]>, data: &[u8]) -> [u8; 32] {
    sha256x1::digest_after::<lanes::Fast>(first, data)
}

/// The hex digests of up to four messages of at most [`sha256x4::MAX_LEN`] bytes, hashed
/// together by [`sha256x4::Quad`] (`preflight::__private::pieces`); `None` when one does not fit.
#[cfg(any(not(target_arch = "wasm32"), preflight_pieces))]
pub(crate) fn sha256_four(msgs: &[&[u8]]) -> Option<Vec<[u8; 64]>> {
    let mut quad = sha256x4::Quad::default();
    for m in msgs {
        if !quad.push(m) {
            return None;
        }
    }
    Some(quad.hex()[..msgs.len()].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in IdType::ALL {
            assert_eq!(t.name().parse::<IdType>(), Ok(t));
            assert_eq!(
                serde_json::to_string(&t).ok(),
                Some(format!("\"{}\"", t.name()))
            );
        }
        assert_eq!("Email".parse::<IdType>(), Err(UnknownIdType));
        assert_eq!("e164".parse::<PhoneFormat>(), Ok(PhoneFormat::E164));
        assert_eq!("digits".parse::<PhoneFormat>(), Ok(PhoneFormat::Digits));
        assert!("E164".parse::<PhoneFormat>().is_err());
    }

    #[test]
    fn options_json() {
        let o: HashOptions =
            serde_json::from_str(r#"{"phone_format":"digits","default_country_code":"44"}"#)
                .expect("valid options");
        assert_eq!(o.phone_format, PhoneFormat::Digits);
        assert_eq!(o.validate(), Ok(()));
        assert!(serde_json::from_str::<HashOptions>(r#"{"prehash":true}"#).is_err());
        assert_eq!(
            HashOptions::default().with_default_country_code("+1"),
            Err(IdError::InvalidDefaultCountryCode)
        );
    }

    #[test]
    fn error_codes_are_distinct_snake_case() {
        let mut codes: Vec<&str> = IdError::ALL.iter().map(|e| e.code()).collect();
        assert!(codes.iter().all(|c| c
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), IdError::ALL.len());
    }

    #[test]
    fn too_long() {
        let long = "a".repeat(MAX_VALUE_BYTES + 1);
        let o = HashOptions::default();
        for t in IdType::ALL {
            assert_eq!(hash(t, &long, &o), Err(IdError::TooLong));
        }
        let ok = "a".repeat(MAX_VALUE_BYTES);
        assert_eq!(
            hash(IdType::PartnerUserId, &ok, &o).map(|s| s.len()),
            Ok(MAX_VALUE_BYTES)
        );
    }
}
