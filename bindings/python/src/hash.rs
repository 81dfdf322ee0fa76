//! Audience identifiers: one value, or many.

use crate::fail::{done, Fail};
use crate::opts::members;
use preflight::audience::{HashOptions, IdType};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The type and the hash options of a call (`phone_format`, `default_country_code`,
/// `prehashed`, read by the shared reader): the type first, so that its error does not depend
/// on the options (as in the wasm binding).
pub(crate) fn both(
    id_type: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> Result<(IdType, HashOptions), Fail> {
    let t = id_type
        .parse::<IdType>()
        .map_err(|e| Fail::of(e.code(), e.message()))?;
    Ok((
        t,
        preflight_bindings::opts::only_hash_options(&members(options))?,
    ))
}

/// One value as sent: 64 hex digits, or the verbatim partner id.
#[pyfunction]
#[pyo3(signature = (id_type, value, options=None))]
pub(crate) fn hash_identifier(
    py: Python<'_>,
    id_type: &str,
    value: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    done(
        py,
        both(id_type, options).and_then(|(t, opts)| {
            let mut s = String::with_capacity(64);
            preflight::audience::hash_into(t, value, &opts, &mut s)?;
            Ok(s)
        }),
    )
}
