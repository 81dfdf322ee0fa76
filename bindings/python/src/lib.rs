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

use preflight::audience::{HashOptions, IdType, PhoneFormat};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A failed call: the engine's code and its fixed message.
struct Fail {
    code: &'static str,
    message: String,
}

impl Fail {
    fn of(code: &'static str, message: impl Into<String>) -> Fail {
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
fn raise(py: Python<'_>, f: Fail) -> PyErr {
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

fn done<T>(py: Python<'_>, r: Result<T, Fail>) -> PyResult<T> {
    r.map_err(|f| raise(py, f))
}

/// `validate` on UTF-8 JSON text with the validation options as JSON text (`""`: none): the
/// report's JSON text.
#[pyfunction]
fn validate_json(py: Python<'_>, kind: &str, payload: &[u8], options: &str) -> PyResult<String> {
    done(
        py,
        preflight::validate_json(kind, payload, options)
            .map(|r| r.to_json())
            .map_err(Fail::from),
    )
}

/// The stable kind names as a JSON array.
#[pyfunction]
fn kinds() -> String {
    preflight::describe::kinds_json()
}

/// `describe(kind)` as JSON text.
#[pyfunction]
fn describe(py: Python<'_>, kind: &str) -> PyResult<String> {
    done(
        py,
        preflight::describe::describe_json(kind).map_err(Fail::from),
    )
}

/// `json_schema(kind)` (2020-12) as JSON text.
#[pyfunction]
fn json_schema(py: Python<'_>, kind: &str) -> PyResult<String> {
    done(
        py,
        preflight::describe::json_schema_json(kind).map_err(Fail::from),
    )
}

/// The type and the hash options of a call: the type first, so that its error does not depend
/// on the options (as in the wasm binding).
fn both(
    id_type: &str,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> Result<(IdType, HashOptions), Fail> {
    let t = id_type
        .parse::<IdType>()
        .map_err(|e| Fail::of(e.code(), e.message()))?;
    let phone_format = match phone_format {
        Some(p) => p
            .parse::<PhoneFormat>()
            .map_err(|e| Fail::of(e.code(), e.message()))?,
        None => PhoneFormat::default(),
    };
    let opts = HashOptions::default()
        .with_phone_format(phone_format)
        .with_prehashed(prehashed);
    let opts = match default_country_code {
        Some(cc) => opts.with_default_country_code(cc)?,
        None => opts,
    };
    Ok((t, opts))
}

/// One value as sent: 64 hex digits, or the verbatim partner id.
#[pyfunction]
#[pyo3(signature = (id_type, value, phone_format=None, default_country_code=None, prehashed=false))]
fn hash_identifier(
    py: Python<'_>,
    id_type: &str,
    value: &str,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> PyResult<String> {
    done(
        py,
        both(id_type, phone_format, default_country_code, prehashed).and_then(|(t, opts)| {
            let mut s = String::with_capacity(64);
            preflight::audience::hash_into(t, value, &opts, &mut s)?;
            Ok(s)
        }),
    )
}

/// Many values: `(outputs, rejections)`, an output per value (`None` where rejected) and
/// `(index, code)` per rejected value, ascending (`invalid_utf8` for a `str` with a lone
/// surrogate). The values are copied out of their `str` objects with the GIL held, then hashed
/// by the engine's bulk path (`hash_many`, several values at a time) with the GIL released.
#[pyfunction]
#[pyo3(signature = (id_type, values, phone_format=None, default_country_code=None, prehashed=false))]
#[allow(clippy::type_complexity)]
fn hash_identifiers(
    py: Python<'_>,
    id_type: &str,
    values: Vec<Bound<'_, PyString>>,
    phone_format: Option<&str>,
    default_country_code: Option<&str>,
    prehashed: bool,
) -> PyResult<(Vec<Option<String>>, Vec<(usize, &'static str)>)> {
    let (t, opts) = done(
        py,
        both(id_type, phone_format, default_country_code, prehashed),
    )?;
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
    let out = py.allow_threads(|| {
        preflight::audience::hash_many(t, texts.iter().map(String::as_str), &opts)
    });
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

/// The CRC `response_token` (`sha256=<base64>`) for `crc_token`, after the engine's
/// signing-oracle guard on the token (the spec's default policy).
#[pyfunction]
fn crc_response(py: Python<'_>, consumer_secret: &[u8], crc_token: &str) -> PyResult<String> {
    done(
        py,
        preflight::signing::crc_response_token(
            consumer_secret,
            crc_token,
            &preflight::signing::CrcTokenPolicy::default(),
        )
        .map_err(Fail::from),
    )
}

/// Whether `header` is the signature of the raw body bytes (constant time; `False` for every
/// failure, a missing header included).
#[pyfunction]
#[pyo3(signature = (consumer_secret, body, header))]
fn verify_signature(
    consumer_secret: &[u8],
    body: &Bound<'_, PyBytes>,
    header: Option<&str>,
) -> bool {
    preflight::signing::verify_signature(consumer_secret, body.as_bytes(), header)
}

/// The native half of the `preflight` package.
#[pymodule]
fn _preflight(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add_function(wrap_pyfunction!(kinds, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(json_schema, m)?)?;
    m.add_function(wrap_pyfunction!(hash_identifier, m)?)?;
    m.add_function(wrap_pyfunction!(hash_identifiers, m)?)?;
    m.add_function(wrap_pyfunction!(crc_response, m)?)?;
    m.add_function(wrap_pyfunction!(verify_signature, m)?)?;
    Ok(())
}
