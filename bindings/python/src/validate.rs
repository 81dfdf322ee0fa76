//! Validation and the kinds' descriptions: JSON text (or a `dict`/`list`) in, the engine's JSON
//! text out.

use crate::fail::{done, Fail};
use crate::payload;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// `validate` on UTF-8 JSON text with the validation options as JSON text (`""`: none): the
/// report's JSON text.
#[pyfunction]
pub(crate) fn validate_json(
    py: Python<'_>,
    kind: &str,
    payload: &[u8],
    options: &str,
) -> PyResult<String> {
    // The engine reads only these borrowed bytes (a `bytes` object, immutable) and text: other
    // Python threads run meanwhile.
    let report =
        py.detach(|| preflight::validate_json(kind, payload, options).map(|r| r.to_json()));
    done(py, report.map_err(Fail::from))
}

/// `validate` on a `dict`/`list` payload, read in one walk into the engine's document
/// (src/payload.rs `build`) without JSON text: the report's JSON text, the same as
/// [`validate_json`] gives for the payload's `json.dumps` text; or `None` where the walk does not
/// build it (a payload the text path decides, with its own errors: python/preflight/_validate.py
/// then takes it). `kind` and `options` (JSON text, `""`: none) are read after the walk, so that
/// a payload's error comes first, as on the text path.
#[pyfunction]
pub(crate) fn validate_object(
    py: Python<'_>,
    kind: &Bound<'_, PyString>,
    payload: &Bound<'_, PyAny>,
    options: &Bound<'_, PyString>,
) -> PyResult<Option<String>> {
    let arena = bumpalo::Bump::new();
    let Ok(value) = payload::build(payload, &arena) else {
        return Ok(None);
    };
    let kind = kind.to_cow()?;
    let options = options.to_cow()?;
    // The walk read the Python objects with the GIL held; the document is the engine's own (its
    // strings in `arena`): other Python threads run while it is validated.
    let run = || -> Result<String, Fail> {
        let kind: preflight::Kind = kind.parse()?;
        let options = preflight::Options::from_json(&options)?;
        Ok(preflight::validate_value(kind, &value, &options).to_json())
    };
    done(py, py.detach(run)).map(Some)
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
