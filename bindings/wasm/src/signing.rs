//! Signing exports (CRC, event signatures, OAuth 1.0a, app-only credentials).
//!
//! Like the other areas, a call that can fail returns its value or throws the failed call
//! (`crate::fail`: the core's `SigningError` code and message), and a verification returns a
//! plain `bool` that is `true` only when the core verified the signature (every failure of the
//! core is `false`). Secrets come in as bytes or
//! strings and never go out: results hold only signatures, base strings, headers, nonces and
//! timestamps, and the core's error messages hold no input value. The argument checks that
//! JavaScript can do better (types, lone surrogates, sizes) are in `pkg/lib/signing.js`; every
//! value is checked again here, so a wrong value from another caller fails closed too.
//!
//! (`///` docs of exports are copied into the generated glue that browsers download: one line
//! each; the rest is said in plain comments.)

use crate::fail::{done, Fail};
use crate::opts::Js;
use preflight::signing::{
    basic_credentials, crc_response_token, token_request_body, verify_crc_request_signature,
    verify_signature, CRC_TOKEN_HARD_MAX_LEN, DEFAULT_SIGNATURE_HEADER,
};
use preflight_bindings::signing::{crc_policy, sign_request};
use wasm_bindgen::prelude::*;

/// The constants the wrapper uses, as JSON, so they are defined once (in the core).
#[wasm_bindgen(js_name = signingConstants)]
pub fn signing_constants() -> String {
    let mut out = String::from("{\"default_signature_header\":");
    preflight::__private::json_string(&mut out, DEFAULT_SIGNATURE_HEADER);
    out.push_str(",\"crc_token_hard_max_len\":");
    preflight::__private::json_uint(&mut out, CRC_TOKEN_HARD_MAX_LEN as u64);
    out.push('}');
    out
}

// `options`: `{minLength, maxLength, extraChars}`, read by `preflight_bindings::signing::crc_policy`.
/// The CRC `response_token` (`sha256=<base64>`), after the signing-oracle guard.
#[wasm_bindgen(js_name = signingCrcResponseToken)]
pub fn signing_crc_response_token(
    consumer_secret: &[u8],
    crc_token: &str,
    options: &JsValue,
) -> Result<String, JsValue> {
    done(
        crc_policy(&Js(options))
            .and_then(|p| Ok(crc_response_token(consumer_secret, crc_token, &p)?)),
    )
}

// `header_value`: the signature header's value, `None` when the request has none. The core's
// `verify_signature` compares in constant time (`verify_slice`) and is `false` for every failure.
// Finding the header among the request's headers (ASCII case-insensitive, a repeated header
// refused) is the wrapper's.
/// Whether `header_value` is the signature of the raw body bytes.
#[wasm_bindgen(js_name = signingVerify)]
pub fn signing_verify(consumer_secret: &[u8], body: &[u8], header_value: Option<String>) -> bool {
    verify_signature(consumer_secret, body, header_value.as_deref())
}

/// `signingVerify` for a body given as text (verified as its UTF-8 bytes).
#[wasm_bindgen(js_name = signingVerifyText)]
pub fn signing_verify_text(
    consumer_secret: &[u8],
    body: &str,
    header_value: Option<String>,
) -> bool {
    verify_signature(consumer_secret, body.as_bytes(), header_value.as_deref())
}

// The core's `verify_crc_request_signature`: the query exactly as received, without the leading
// `?`; `false` for every failure.
/// Whether `header_value` is a valid signature of a CRC GET's raw query string.
#[wasm_bindgen(js_name = signingVerifyCrcRequest)]
pub fn signing_verify_crc_request(
    consumer_secret: &[u8],
    raw_query: &str,
    header_value: Option<String>,
) -> bool {
    verify_crc_request_signature(consumer_secret, raw_query, header_value.as_deref())
}

// `request`: the caller's request, its `timestamp` a number (pkg/lib/signing.js converts a `Date`
// or a decimal string); `params`: the request parameters as names and values in turn;
// `entropy`: 32 random bytes and the time, for a nonce or timestamp not given. Read and signed by
// `preflight_bindings::signing::sign_request`, which says more; the result is the JSON text of
// `{signature, base_string, authorization_header, nonce, timestamp}`.
/// Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849).
#[wasm_bindgen(js_name = signingOauth1Sign)]
pub fn signing_oauth1_sign(
    request: &JsValue,
    params: Vec<String>,
    entropy: Option<Vec<u8>>,
) -> Result<String, JsValue> {
    done(sign_request(&Js(request), params, entropy.as_deref()))
}

/// The value after `Basic ` for `POST oauth2/token`.
#[wasm_bindgen(js_name = signingBasicCredentials)]
pub fn signing_basic_credentials(api_key: &str, api_secret: &str) -> Result<String, JsValue> {
    done(basic_credentials(api_key, api_secret).map_err(Fail::from))
}

/// The token request body, `grant_type=client_credentials`.
#[wasm_bindgen(js_name = signingTokenRequestBody)]
pub fn signing_token_request_body() -> String {
    token_request_body().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verification_is_the_cores() {
        let sig = preflight::signing::sign_body(b"k", b"x").unwrap_or_default();
        assert!(signing_verify(b"k", b"x", Some(sig.clone())));
        assert!(signing_verify_text(b"k", "x", Some(sig.clone())));
        assert!(!signing_verify(b"k", b"y", Some(sig.clone())));
        assert!(!signing_verify(b"", b"x", Some(sig.clone())));
        assert!(!signing_verify(b"k", b"x", None));
        assert!(signing_verify_crc_request(b"k", "x", Some(sig.clone())));
        assert!(!signing_verify_crc_request(b"k", "?x", Some(sig)));
    }
}
