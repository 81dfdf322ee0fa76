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

/// Many values: `(outputs, rejections)`, an output per value (`None` where rejected) and
/// `(index, code)` per rejected value, ascending (`invalid_utf8` for a `str` with a lone
/// surrogate). The values are copied out of their `str` objects with the GIL held, then hashed
/// by the engine's bulk path (`hash_many`, several values at a time) with the GIL released.
#[pyfunction]
#[pyo3(signature = (id_type, values, options=None))]
#[allow(clippy::type_complexity)]
pub(crate) fn hash_identifiers(
    py: Python<'_>,
    id_type: &str,
    values: Vec<Bound<'_, PyString>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Vec<Option<String>>, Vec<(usize, &'static str)>)> {
    let (t, opts) = done(py, both(id_type, options))?;
    // A `str` with a lone surrogate has no UTF-8 form: its slot is `invalid_utf8`, as in the
    // JavaScript wrapper, never a value with U+FFFD in its place (it is hashed as "" and its
    // `empty` rejection renamed below).
    let mut lone = Vec::new();
    let mut texts = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        match v.to_cow() {
            Ok(s) => texts.push(s.into_owned()),
            Err(_) => {
                lone.push(i);
                texts.push(String::new());
            }
        }
    }
    drop(values);
    let out =
        py.detach(|| preflight::audience::hash_many(t, texts.iter().map(String::as_str), &opts));
    let rejected = out
        .errors()
        .iter()
        .map(|(i, e)| {
            let code = if lone.binary_search(i).is_ok() {
                "invalid_utf8"
            } else {
                e.code()
            };
            (*i, code)
        })
        .collect();
    Ok((out.to_vec(), rejected))
}
