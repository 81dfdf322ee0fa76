//! Audience identifiers: one value, or many.

use crate::fail::{done, Fail};
use crate::opts::members;
use preflight::audience::{HashOptions, IdError, IdType};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

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
    value: &Bound<'_, PyString>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    one_value(py, id_type, value, options, |t, value, opts| {
        let mut s = String::with_capacity(64);
        preflight::audience::hash_into(t, value, opts, &mut s)?;
        Ok(s)
    })
}

/// `f` on one value, read after the type and the options, as in `hash_identifiers`, where a
/// bad option fails the call whatever the values are (`hash_identifier`,
/// `normalize_identifier`).
pub(crate) fn one_value(
    py: Python<'_>,
    id_type: &str,
    value: &Bound<'_, PyString>,
    options: Option<&Bound<'_, PyDict>>,
    f: impl FnOnce(IdType, &str, &HashOptions) -> Result<String, IdError>,
) -> PyResult<String> {
    done(
        py,
        both(id_type, options).and_then(|(t, opts)| Ok(f(t, &utf8(value)?, &opts)?)),
    )
}

/// The text of a value; a `str` with a lone surrogate (it has no UTF-8 form) is `invalid_utf8`
/// with the message of python/preflight/_common.py `LONE_SURROGATE`.
fn utf8<'a>(value: &'a Bound<'_, PyString>) -> Result<std::borrow::Cow<'a, str>, Fail> {
    value.to_cow().map_err(|_| {
        Fail::of(
            "invalid_utf8",
            "the value contains a lone UTF-16 surrogate, which has no UTF-8 form",
        )
    })
}
