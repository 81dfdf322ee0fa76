//! Signing for webhook receivers.

use crate::fail::{done, Fail};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The CRC `response_token` (`sha256=<base64>`) for `crc_token`, after the engine's
/// signing-oracle guard on the token (the spec's default policy).
#[pyfunction]
pub(crate) fn crc_response(
    py: Python<'_>,
    consumer_secret: &[u8],
    crc_token: &str,
) -> PyResult<String> {
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
pub(crate) fn verify_signature(
    consumer_secret: &[u8],
    body: &Bound<'_, PyBytes>,
    header: Option<&str>,
) -> bool {
    preflight::signing::verify_signature(consumer_secret, body.as_bytes(), header)
}
