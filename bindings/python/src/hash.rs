//! Audience identifiers: one value, or many.

use crate::fail::{done, Fail};
use preflight::audience::{HashOptions, IdType, PhoneFormat};
use pyo3::prelude::*;

/// The type and the hash options of a call: the type first, so that its error does not depend
/// on the options (as in the wasm binding).
pub(crate) fn both(
    id_type: &str,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> Result<(IdType, HashOptions), Fail> {
    let t = id_type
        .parse::<IdType>()
        .map_err(|e| Fail::of(e.code(), e.message()))?;
    let phone_format = match phone_format {
        Some(p) => p
            .parse::<PhoneFormat>()
            .map_err(|e| Fail::of(e.code(), e.message()))?,
        None => PhoneFormat::default(),
    };
    let opts = HashOptions::default()
        .with_phone_format(phone_format)
        .with_prehashed(prehashed);
    let opts = match default_country_code {
        Some(cc) => opts.with_default_country_code(cc)?,
        None => opts,
    };
    Ok((t, opts))
}

/// One value as sent: 64 hex digits, or the verbatim partner id.
#[pyfunction]
#[pyo3(signature = (id_type, value, phone_format=None, default_country_code=None, prehashed=false))]
pub(crate) fn hash_identifier(
    py: Python<'_>,
    id_type: &str,
    value: &str,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> PyResult<String> {
    done(
        py,
        both(id_type, phone_format, default_country_code, prehashed).and_then(|(t, opts)| {
            let mut s = String::with_capacity(64);
            preflight::audience::hash_into(t, value, &opts, &mut s)?;
            Ok(s)
        }),
    )
}
