//! Validation and the kinds' descriptions: JSON text in, the engine's JSON text out.

use crate::fail::{done, Fail};
use pyo3::prelude::*;

/// `validate` on UTF-8 JSON text with the validation options as JSON text (`""`: none): the
/// report's JSON text.
#[pyfunction]
pub(crate) fn validate_json(
    py: Python<'_>,
    kind: &str,
    payload: &[u8],
    options: &str,
) -> PyResult<String> {
    done(
        py,
        preflight::validate_json(kind, payload, options)
            .map(|r| r.to_json())
            .map_err(Fail::from),
    )
}

/// The stable kind names as a JSON array.
#[pyfunction]
pub(crate) fn kinds() -> String {
    preflight::describe::kinds_json()
}

/// `describe(kind)` as JSON text.
#[pyfunction]
pub(crate) fn describe(py: Python<'_>, kind: &str) -> PyResult<String> {
    done(
        py,
        preflight::describe::describe_json(kind).map_err(Fail::from),
    )
}

/// `json_schema(kind)` (2020-12) as JSON text.
#[pyfunction]
pub(crate) fn json_schema(py: Python<'_>, kind: &str) -> PyResult<String> {
    done(
        py,
        preflight::describe::json_schema_json(kind).map_err(Fail::from),
    )
}
