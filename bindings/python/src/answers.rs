//! The answer readers: the core's one door, `preflight::answers::call` (a reader's name, its
//! arguments as JSON text, its result as JSON text, byte for byte the native crate's), and the
//! names it takes. The typed wrappers are `python/preflight/_answers*.py`.

use crate::fail::{done, Fail};
use pyo3::prelude::*;

/// The result of the answer reader `name` on `args_json` (the JSON text of one object), as
/// JSON text; a wrong call, or an answer not to go on with, raises `PreflightError`.
#[pyfunction]
pub(crate) fn answers_call(py: Python<'_>, name: &str, args_json: &str) -> PyResult<String> {
    done(
        py,
        preflight::answers::call(name, args_json).map_err(Fail::from),
    )
}

/// The names `answers_call` takes, in the core's order.
#[pyfunction]
pub(crate) fn answers_names() -> Vec<&'static str> {
    preflight::answers::names().collect()
}
