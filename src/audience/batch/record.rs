//! One input record: a user's raw identifier values per type.

use crate::audience::IdType;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// One user: raw identifier values per type (any number per field, usually one). `Debug` shows
/// how many values each field holds, never a value.
///
/// A field is added with each new identifier type (`#[non_exhaustive]`): start from
/// [`AudienceRecord::default`] and assign the fields, or deserialize one.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct AudienceRecord {
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Email addresses (`EMAIL`).
    pub email: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Phone numbers (`PHONE_NUMBER`).
    pub phone_number: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Handles (`HANDLE`).
    pub handle: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Device ids, IDFA or AdID (`DEVICE_ID`).
    pub device_id: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Service user ids (`SERVICE_ID`).
    pub service_id: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_or_many",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// Partner user ids (`PARTNER_USER_ID`).
    pub partner_user_id: Vec<String>,
    /// The user's own country, for phone numbers written without `+` or `00`: a calling code
    /// (`44`, `+44`, `0044`) or an ISO 3166-1 alpha-2 region (`GB`); absent or empty: the hash
    /// options' default country code. One that names no country leaves the user's phone numbers
    /// out (`invalid_country`), never a guess. Not sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

impl fmt::Debug for AudienceRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("AudienceRecord");
        for t in FIELD_ORDER {
            d.field(t.name(), &self.values(t).len());
        }
        d.field("country", &self.country.is_some());
        d.finish()
    }
}

/// A field given as a string, an array of strings, or null.
fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Option::<OneOrMany>::deserialize(d)? {
        None => Vec::new(),
        Some(OneOrMany::One(s)) => vec![s],
        Some(OneOrMany::Many(v)) => v,
    })
}

/// The order of user members in the output (document B's listing).
pub(super) const FIELD_ORDER: [IdType; 6] = [
    IdType::Email,
    IdType::DeviceId,
    IdType::Handle,
    IdType::ServiceId,
    IdType::PhoneNumber,
    IdType::PartnerUserId,
];

impl AudienceRecord {
    /// An empty record.
    pub fn new() -> Self {
        Self::default()
    }

    /// The raw values of field `t`.
    pub fn values(&self, t: IdType) -> &[String] {
        match t {
            IdType::Email => &self.email,
            IdType::PhoneNumber => &self.phone_number,
            IdType::Handle => &self.handle,
            IdType::DeviceId => &self.device_id,
            IdType::ServiceId => &self.service_id,
            IdType::PartnerUserId => &self.partner_user_id,
        }
    }

    /// The raw values of field `t`, to change.
    pub fn values_mut(&mut self, t: IdType) -> &mut Vec<String> {
        match t {
            IdType::Email => &mut self.email,
            IdType::PhoneNumber => &mut self.phone_number,
            IdType::Handle => &mut self.handle,
            IdType::DeviceId => &mut self.device_id,
            IdType::ServiceId => &mut self.service_id,
            IdType::PartnerUserId => &mut self.partner_user_id,
        }
    }

    /// Adds a raw value to field `t`.
    pub fn push(&mut self, t: IdType, value: impl Into<String>) {
        self.values_mut(t).push(value.into());
    }

    /// Builder form of [`AudienceRecord::push`].
    pub fn with(mut self, t: IdType, value: impl Into<String>) -> Self {
        self.push(t, value);
        self
    }
}
