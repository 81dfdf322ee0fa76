//! Signing: webhook receivers (CRC, event signatures), OAuth 1.0a, app-only credentials. The
//! options (the CRC token policy, the OAuth request) are read by the readers every binding
//! shares (`preflight_bindings::signing`).

use crate::fail::{done, Fail};
use crate::opts::members;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// The CRC `response_token` (`sha256=<base64>`) for `crc_token`, after the engine's
/// signing-oracle guard on the token (the spec's default policy, or the one of `options`:
/// `min_length`, `max_length`, `extra_chars`).
#[pyfunction]
#[pyo3(signature = (consumer_secret, crc_token, options=None))]
pub(crate) fn crc_response(
    py: Python<'_>,
    consumer_secret: &[u8],
    crc_token: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    done(
        py,
        preflight_bindings::signing::crc_policy(&members(options)).and_then(|p| {
            Ok(preflight::signing::crc_response_token(
                consumer_secret,
                crc_token,
                &p,
            )?)
        }),
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

/// Whether `header` is a valid signature of a CRC GET's raw query string (exactly as received,
/// without the leading `?`); `False` for every failure.
#[pyfunction]
#[pyo3(signature = (consumer_secret, raw_query, header))]
pub(crate) fn verify_crc_request(
    consumer_secret: &[u8],
    raw_query: &str,
    header: Option<&str>,
) -> bool {
    preflight::signing::verify_crc_request_signature(consumer_secret, raw_query, header)
}

/// Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849): the JSON text of `{signature,
/// base_string, authorization_header, nonce, timestamp}`. `request`: the request's members in
/// Python's spelling (`consumer_key`, `token_secret`, ...); `params`: names and values in turn;
/// `entropy`: 32 random bytes and the time in whole seconds as a little-endian float, for a
/// nonce or timestamp not given (`preflight_bindings::signing::sign_request`).
#[pyfunction]
#[pyo3(signature = (request, params, entropy=None))]
pub(crate) fn oauth1_sign(
    py: Python<'_>,
    request: Option<&Bound<'_, PyDict>>,
    params: Vec<String>,
    entropy: Option<&[u8]>,
) -> PyResult<String> {
    done(
        py,
        preflight_bindings::signing::sign_request(&members(request), params, entropy),
    )
}

/// The value after `Basic ` for `POST oauth2/token`.
#[pyfunction]
pub(crate) fn basic_credentials(
    py: Python<'_>,
    api_key: &str,
    api_secret: &str,
) -> PyResult<String> {
    done(
        py,
        preflight::signing::basic_credentials(api_key, api_secret).map_err(Fail::from),
    )
}

/// The token request body, `grant_type=client_credentials`.
#[pyfunction]
pub(crate) fn token_request_body() -> &'static str {
    preflight::signing::token_request_body()
}
