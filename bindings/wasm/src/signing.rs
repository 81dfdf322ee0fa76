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
use preflight::signing::{
    basic_credentials, crc_response_token, oauth1_sign, oauth1_sign_for_step, token_request_body,
    verify_crc_request_signature, verify_signature, CrcTokenPolicy, Entropy, FlowStep,
    Oauth1Request, Oauth1Signature, SigningError, CRC_TOKEN_ALLOWED_PUNCTUATION,
    CRC_TOKEN_HARD_MAX_LEN, CRC_TOKEN_MAX_LEN, CRC_TOKEN_MIN_LEN, DEFAULT_SIGNATURE_HEADER,
    SIGNATURE_PREFIX,
};
use wasm_bindgen::prelude::*;

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// `s` as a JSON string literal, by the engine's one JSON writer.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    preflight::__private::json_string(&mut out, s);
    out
}

/// Name/value pairs from two parallel lists; `None` when their lengths differ (a caller bug that
/// must not be signed).
fn pairs(names: Vec<String>, values: Vec<String>) -> Option<Vec<(String, String)>> {
    if names.len() != values.len() {
        return None;
    }
    Some(names.into_iter().zip(values).collect())
}

/// A JavaScript number as a `u64`: finite, integral, from 0 to `Number.MAX_SAFE_INTEGER`.
fn whole_number(n: f64) -> Option<u64> {
    if n.is_finite() && (0.0..=MAX_SAFE_INTEGER).contains(&n) && n.fract() == 0.0 {
        // Checked above: an integer in 0..=2^53-1, which a u64 holds exactly.
        Some(n as u64)
    } else {
        None
    }
}

/// The constants the wrapper uses, as JSON, so they are defined once (in the core).
#[wasm_bindgen(js_name = signingConstants)]
pub fn signing_constants() -> String {
    format!(
        "{{\"default_signature_header\":{},\"signature_prefix\":{},\"crc_token_min_len\":{},\
         \"crc_token_max_len\":{},\"crc_token_hard_max_len\":{},\"crc_token_allowed_punctuation\":{}}}",
        json_string(DEFAULT_SIGNATURE_HEADER),
        json_string(SIGNATURE_PREFIX),
        CRC_TOKEN_MIN_LEN,
        CRC_TOKEN_MAX_LEN,
        CRC_TOKEN_HARD_MAX_LEN,
        json_string(CRC_TOKEN_ALLOWED_PUNCTUATION),
    )
}

// `custom_policy` false: the spec's default shape; true: `CrcTokenPolicy::custom(min_len,
// max_len, extra_chars)`, which refuses impossible or unsafe bounds itself.
/// The CRC `response_token` (`sha256=<base64>`), after the signing-oracle guard.
#[wasm_bindgen(js_name = signingCrcResponseToken)]
pub fn signing_crc_response_token(
    consumer_secret: &[u8],
    crc_token: &str,
    custom_policy: bool,
    min_len: u32,
    max_len: u32,
    extra_chars: &str,
) -> Result<String, JsValue> {
    let policy = if custom_policy {
        // A bound that does not fit a usize is above the hard maximum anyway: refuse it as such.
        let min = usize::try_from(min_len).unwrap_or(usize::MAX);
        let max = usize::try_from(max_len).unwrap_or(usize::MAX);
        CrcTokenPolicy::custom(min, max, extra_chars)
    } else {
        Ok(CrcTokenPolicy::default())
    };
    done(
        policy
            .and_then(|p| crc_response_token(consumer_secret, crc_token, &p))
            .map_err(Fail::from),
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

fn signature_json(s: &Oauth1Signature) -> String {
    format!(
        "{{\"signature\":{},\"base_string\":{},\"authorization_header\":{},\"nonce\":{},\"timestamp\":{}}}",
        json_string(&s.signature),
        json_string(&s.base_string),
        json_string(&s.authorization_header),
        json_string(&s.nonce),
        s.timestamp
    )
}

// Returns the JSON text of `{signature, base_string, authorization_header, nonce, timestamp}`.
// `timestamp`: a whole number from 0 to 2^53-1 (0 is refused by the core). `random` (32 bytes)
// and `now_unix` are the entropy the core generates a nonce and a timestamp from when they are not
// given; `random` of any other length is no entropy at all. `step`: one of Document A's flow
// steps (checked by the core's `check_flow` before signing), or `None` for a plain request.
/// Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849).
#[allow(clippy::too_many_arguments)] // One flat call: the wasm boundary has no struct of strings.
#[wasm_bindgen(js_name = signingOauth1Sign)]
pub fn signing_oauth1_sign(
    method: String,
    url: String,
    param_names: Vec<String>,
    param_values: Vec<String>,
    consumer_key: String,
    consumer_secret: String,
    token: Option<String>,
    token_secret: Option<String>,
    nonce: Option<String>,
    timestamp: Option<f64>,
    callback: Option<String>,
    verifier: Option<String>,
    realm: Option<String>,
    omit_version: bool,
    step: Option<String>,
    random: Option<Vec<u8>>,
    now_unix: f64,
) -> Result<String, JsValue> {
    done(
        sign_inner(
            method,
            url,
            param_names,
            param_values,
            consumer_key,
            consumer_secret,
            token,
            token_secret,
            nonce,
            timestamp,
            callback,
            verifier,
            realm,
            omit_version,
            step,
            random,
            now_unix,
        )
        .map_err(Fail::from),
    )
}

#[allow(clippy::too_many_arguments)] // The body of `signing_oauth1_sign`.
fn sign_inner(
    method: String,
    url: String,
    param_names: Vec<String>,
    param_values: Vec<String>,
    consumer_key: String,
    consumer_secret: String,
    token: Option<String>,
    token_secret: Option<String>,
    nonce: Option<String>,
    timestamp: Option<f64>,
    callback: Option<String>,
    verifier: Option<String>,
    realm: Option<String>,
    omit_version: bool,
    step: Option<String>,
    random: Option<Vec<u8>>,
    now_unix: f64,
) -> Result<String, SigningError> {
    // Parsed first, so a wrong step name is reported whatever else is wrong.
    let step: Option<FlowStep> = step.map(|s| s.parse()).transpose()?;
    // Parallel lists of another length are a caller bug; signing a subset would hide it.
    let params = pairs(param_names, param_values).ok_or(SigningError::InvalidOauthParameter)?;
    let timestamp = match timestamp {
        None => None,
        Some(t) => Some(whole_number(t).ok_or(SigningError::InvalidTimestamp)?),
    };
    let entropy = match random {
        None => None,
        Some(bytes) => {
            let random: [u8; 32] = bytes
                .as_slice()
                .try_into()
                .map_err(|_| SigningError::MissingEntropy)?;
            let now_unix = whole_number(now_unix).ok_or(SigningError::InvalidTimestamp)?;
            Some(Entropy { random, now_unix })
        }
    };
    let req = {
        let mut request = Oauth1Request::new(method, url, consumer_key, consumer_secret);
        request.params = params;
        request.token = token;
        request.token_secret = token_secret;
        request.nonce = nonce;
        request.timestamp = timestamp;
        request.callback = callback;
        request.verifier = verifier;
        request.realm = realm;
        request.omit_version = omit_version;
        request
    };
    let signed = match step {
        Some(step) => oauth1_sign_for_step(step, &req, entropy.as_ref())?,
        None => oauth1_sign(&req, entropy.as_ref())?,
    };
    Ok(signature_json(&signed))
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
    fn json_string_escapes_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }

    #[test]
    fn whole_numbers_only() {
        assert_eq!(whole_number(0.0), Some(0));
        assert_eq!(whole_number(1_318_622_958.0), Some(1_318_622_958));
        assert_eq!(whole_number(MAX_SAFE_INTEGER), Some(9_007_199_254_740_991));
        for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, MAX_SAFE_INTEGER + 2.0] {
            assert_eq!(whole_number(bad), None, "{bad}");
        }
    }

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

    #[test]
    fn mismatched_param_lists_are_refused() {
        assert!(pairs(vec!["a".into()], vec![]).is_none());
        let env = sign_inner(
            "POST".into(),
            "https://example.com/".into(),
            vec!["a".into()],
            vec![],
            "ck".into(),
            "cs".into(),
            None,
            None,
            Some("n".into()),
            Some(1.0),
            None,
            None,
            None,
            false,
            None,
            None,
            0.0,
        );
        assert_eq!(env, Err(SigningError::InvalidOauthParameter));
        let ok = sign_inner(
            "POST".into(),
            "https://example.com/".into(),
            vec!["a".into()],
            vec!["1".into()],
            "ck".into(),
            "cs".into(),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            false,
            None,
            Some(vec![7; 32]),
            1_700_000_000.0,
        );
        let ok = ok.unwrap_or_default();
        assert!(ok.starts_with("{\"signature\":"), "{ok}");
        assert!(ok.contains(&"07".repeat(32)), "{ok}");
        // Entropy of the wrong length is no entropy.
        let short = sign_inner(
            "POST".into(),
            "https://example.com/".into(),
            vec![],
            vec![],
            "ck".into(),
            "cs".into(),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            false,
            None,
            Some(vec![7; 31]),
            1_700_000_000.0,
        );
        assert_eq!(short, Err(SigningError::MissingEntropy));
    }
}
