//! The normalized form of an identifier, before hashing.

use crate::fail::done;
use crate::hash::both;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One value, normalized as it is hashed (the text whose SHA-256 `hash_identifier` gives).
#[pyfunction]
#[pyo3(signature = (id_type, value, options=None))]
pub(crate) fn normalize_identifier(
    py: Python<'_>,
    id_type: &str,
    value: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    done(
        py,
        both(id_type, options)
            .and_then(|(t, opts)| Ok(preflight::audience::normalize(t, value, &opts)?)),
    )
}
