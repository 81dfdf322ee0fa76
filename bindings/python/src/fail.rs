//! One error shape: a failed call is `preflight.PreflightError(code, message)`. The failure
//! itself is `preflight_bindings::Fail`, the same for every binding (bindings/shared).

pub(crate) use preflight_bindings::Fail;
use pyo3::prelude::*;

/// `Fail` as the `PyErr` of `preflight.PreflightError(code, message)` (defined in Python, so
/// that it is a plain `ValueError` subclass users can import, pickle and subclass).
pub(crate) fn raise(py: Python<'_>, f: Fail) -> PyErr {
    let made = py
        .import("preflight._errors")
        .and_then(|m| m.getattr("PreflightError"))
        .and_then(|cls| cls.call1((f.code, &*f.message)));
    match made {
        Ok(e) => PyErr::from_value(e),
        // The package is broken (its Python half missing): say so rather than panic.
        Err(e) => e,
    }
}

pub(crate) fn done<T>(py: Python<'_>, r: Result<T, Fail>) -> PyResult<T> {
    r.map_err(|f| raise(py, f))
}
