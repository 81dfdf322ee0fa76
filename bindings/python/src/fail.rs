//! One error shape: a failed call is `preflight.PreflightError(code, message)`.

use pyo3::prelude::*;

/// A failed call: the engine's code and its fixed message.
pub(crate) struct Fail {
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

impl Fail {
    pub(crate) fn of(code: &'static str, message: impl Into<String>) -> Fail {
        Fail {
            code,
            message: message.into(),
        }
    }
}

impl From<preflight::Error> for Fail {
    fn from(e: preflight::Error) -> Fail {
        Fail::of(e.code.code(), e.message)
    }
}

impl From<preflight::audience::IdError> for Fail {
    fn from(e: preflight::audience::IdError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

impl From<preflight::signing::SigningError> for Fail {
    fn from(e: preflight::signing::SigningError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

/// `Fail` as the `PyErr` of `preflight.PreflightError(code, message)` (defined in Python, so
/// that it is a plain `ValueError` subclass users can import, pickle and subclass).
pub(crate) fn raise(py: Python<'_>, f: Fail) -> PyErr {
    let made = py
        .import("preflight._errors")
        .and_then(|m| m.getattr("PreflightError"))
        .and_then(|cls| cls.call1((f.code, f.message)));
    match made {
        Ok(e) => PyErr::from_value(e),
        // The package is broken (its Python half missing): say so rather than panic.
        Err(e) => e,
    }
}

pub(crate) fn done<T>(py: Python<'_>, r: Result<T, Fail>) -> PyResult<T> {
    r.map_err(|f| raise(py, f))
}
