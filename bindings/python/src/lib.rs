//! PyO3 exports of the preflight engine: the native half of the Python package `preflight`
//! (`python/preflight/__init__.py` is the other half, the public API).
//!
//! The protocol is docs/BOUNDARY.md's: data crosses as text and bytes, structured results come
//! back as JSON text written by the engine's one writer (read with `json.loads` on the Python
//! side), one value comes back as itself, and a wrong call raises `preflight.PreflightError`
//! with the engine's stable code and fixed message. Nothing here unwraps an input: every
//! failure is a `PreflightError`, so no input makes Python see a `PanicException`.
//!
//! Options (a call's keyword arguments, handed over as one `dict`) are read by the readers every
//! binding shares (`preflight_bindings`, bindings/shared: `src/opts.rs` shows them a `dict`), so
//! the names, types, codes and messages are the wasm binding's, in Python's spelling
//! (`phone_format` where JavaScript has `phoneFormat`).
#![forbid(unsafe_code)]

mod answers;
mod bodies;
mod columns;
mod fail;
mod hash;
mod normalize;
mod opts;
mod payload;
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
    m.add_function(wrap_pyfunction!(normalize::normalize_identifier, m)?)?;
    m.add_function(wrap_pyfunction!(sign::verify_crc_request, m)?)?;
    m.add_function(wrap_pyfunction!(sign::oauth1_sign, m)?)?;
    m.add_function(wrap_pyfunction!(sign::basic_credentials, m)?)?;
    m.add_function(wrap_pyfunction!(sign::token_request_body, m)?)?;
    m.add_function(wrap_pyfunction!(bodies::audience_bodies, m)?)?;
    m.add_function(wrap_pyfunction!(payload::check_payload, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate_object, m)?)?;
    m.add_function(wrap_pyfunction!(answers::answers_call, m)?)?;
    m.add_function(wrap_pyfunction!(answers::answers_names, m)?)?;
    Ok(())
}
