//! The normalized form of an identifier, before hashing.

use crate::hash::one_value;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// One value, normalized as it is hashed (the text whose SHA-256 `hash_identifier` gives).
#[pyfunction]
#[pyo3(signature = (id_type, value, options=None))]
pub(crate) fn normalize_identifier(
    py: Python<'_>,
    id_type: &str,
    value: &Bound<'_, PyString>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    one_value(py, id_type, value, options, |t, value, opts| {
        preflight::audience::normalize(t, value, opts)
    })
}
