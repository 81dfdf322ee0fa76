//! PyO3 exports of the preflight engine: the native half of the Python package `preflight`
//! (`python/preflight/__init__.py` is the other half, the public API).
//!
//! The protocol is docs/BOUNDARY.md's: data crosses as text and bytes, structured results come
//! back as JSON text written by the engine's one writer (read with `json.loads` on the Python
//! side), one value comes back as itself, and a wrong call raises `preflight.PreflightError`
//! with the engine's stable code and fixed message. Nothing here unwraps an input: every
//! failure is a `PreflightError`, so no input makes Python see a `PanicException`.
//!
//! The hash options are read here from keyword arguments (`phone_format`,
//! `default_country_code`, `prehashed`: the wasm binding's `phoneFormat`, `defaultCountryCode`,
//! `prehashed`); their values are checked by the core (`PhoneFormat::from_str`,
//! `HashOptions::with_default_country_code`). The wasm binding's `Members` readers
//! (bindings/wasm/src/opts.rs) are not shared yet: bindings/python/README.md.
#![forbid(unsafe_code)]

mod columns;
mod fail;
mod hash;
mod sign;
mod validate;

use pyo3::prelude::*;

/// The native half of the `preflight` package.
#[pymodule]
fn _preflight(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate::validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate::kinds, m)?)?;
    m.add_function(wrap_pyfunction!(validate::describe, m)?)?;
    m.add_function(wrap_pyfunction!(validate::json_schema, m)?)?;
    m.add_function(wrap_pyfunction!(hash::hash_identifier, m)?)?;
    m.add_function(wrap_pyfunction!(columns::hash_list, m)?)?;
    m.add_function(wrap_pyfunction!(columns::hash_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(sign::crc_response, m)?)?;
    m.add_function(wrap_pyfunction!(sign::verify_signature, m)?)?;
    Ok(())
}
