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
use crate::opts::{known, text, Member, Members};
use preflight::signing::{
    basic_credentials, crc_response_token, oauth1_sign, oauth1_sign_for_step, token_request_body,
    verify_crc_request_signature, verify_signature, CrcTokenPolicy, Entropy, FlowStep,
    Oauth1Request, Oauth1Signature, SigningError, CRC_TOKEN_HARD_MAX_LEN, CRC_TOKEN_MAX_LEN,
    CRC_TOKEN_MIN_LEN, DEFAULT_SIGNATURE_HEADER,
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
    let mut out = String::from("{\"default_signature_header\":");
    preflight::__private::json_string(&mut out, DEFAULT_SIGNATURE_HEADER);
    out.push_str(",\"crc_token_hard_max_len\":");
    preflight::__private::json_uint(&mut out, CRC_TOKEN_HARD_MAX_LEN as u64);
    out.push('}');
    out
}

// `options`: `{minLength, maxLength, extraChars}` (`crate::opts`); none given is the spec's
// default shape, any given is `CrcTokenPolicy::custom(min, max, extra)` with the defaults for the
// others, which refuses impossible or unsafe bounds itself.
/// The CRC `response_token` (`sha256=<base64>`), after the signing-oracle guard.
#[wasm_bindgen(js_name = signingCrcResponseToken)]
pub fn signing_crc_response_token(
    consumer_secret: &[u8],
    crc_token: &str,
    options: &JsValue,
) -> Result<String, JsValue> {
    done(crc_policy(options).and_then(|p| Ok(crc_response_token(consumer_secret, crc_token, &p)?)))
}

/// The CRC token policy of `o` (`invalid_crc_policy` for a bound that is not a whole number from
/// 0 to 2^32 - 1 or an `extraChars` that is not a string).
fn crc_policy(o: &impl Members) -> Result<CrcTokenPolicy, Fail> {
    known(o, &["minLength", "maxLength", "extraChars"], CRC_UNKNOWN)?;
    let min = bound(o, "minLength")?;
    let max = bound(o, "maxLength")?;
    let extra = text(
        o,
        "extraChars",
        POLICY,
        "the CRC token policy is invalid: extraChars must be a string",
    )?;
    if min.is_none() && max.is_none() && extra.is_none() {
        return Ok(CrcTokenPolicy::default());
    }
    Ok(CrcTokenPolicy::custom(
        min.unwrap_or(CRC_TOKEN_MIN_LEN),
        max.unwrap_or(CRC_TOKEN_MAX_LEN),
        extra.as_deref().unwrap_or(""),
    )?)
}

const POLICY: &str = "invalid_crc_policy";
const CRC_UNKNOWN: &str = "unknown option; expected minLength, maxLength, extraChars";

/// A CRC token length bound: a whole number from 0 to 2^32 - 1 (`None`: not given).
fn bound(o: &impl Members, name: &'static str) -> Result<Option<usize>, Fail> {
    match o.member(name) {
        Member::Absent => Ok(None),
        Member::Number(n) if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) => {
            // A bound that does not fit a usize is above the hard maximum anyway.
            Ok(Some(usize::try_from(n as u32).unwrap_or(usize::MAX)))
        }
        _ => Err(Fail::of(
            POLICY,
            "the CRC token policy is invalid: minLength and maxLength must be whole numbers",
        )),
    }
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

/// The members of an OAuth 1.0a request (`params` comes converted, as the second argument).
const REQUEST_UNKNOWN: &str = "oauth1Sign: the request has an unknown member; allowed: method, url, \
     params, consumerKey, consumerSecret, token, tokenSecret, nonce, timestamp, callback, verifier, \
     realm, step, omitVersion";

// `request`: the caller's request (`crate::opts`), its `timestamp` a number (pkg/lib/signing.js
// converts a `Date` or a decimal string); `params`: the request parameters as names and values in
// turn, `[name, value, name, value, ...]`; `entropy`: 32 random bytes, then the current time in
// whole seconds as a little-endian f64, from which the core generates a nonce and a timestamp not
// given (any other length is no entropy). Returns the JSON text of `{signature, base_string,
// authorization_header, nonce, timestamp}`. `step`: one of Document A's flow steps (checked by
// the core's `check_flow` before signing), or none for a plain request.
/// Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849).
#[wasm_bindgen(js_name = signingOauth1Sign)]
pub fn signing_oauth1_sign(
    request: &JsValue,
    params: Vec<String>,
    entropy: Option<Vec<u8>>,
) -> Result<String, JsValue> {
    done(sign_inner(request, params, entropy.as_deref()))
}

/// A required text member of the request (`invalid_argument` unless a string).
fn required(o: &impl Members, name: &'static str, message: &'static str) -> Result<String, Fail> {
    text(o, name, "invalid_argument", message)?.ok_or(Fail::of("invalid_argument", message))
}

/// An optional text member of the request.
fn optional(o: &impl Members, name: &'static str) -> Result<Option<String>, Fail> {
    text(
        o,
        name,
        "invalid_argument",
        "token, tokenSecret, nonce, callback, verifier, realm and step must be strings",
    )
}

fn sign_inner(
    request: &impl Members,
    params: Vec<String>,
    entropy: Option<&[u8]>,
) -> Result<String, Fail> {
    known(request, &REQUEST_MEMBERS, REQUEST_UNKNOWN)?;
    // Parsed first, so a wrong step name is reported whatever else is wrong.
    let step: Option<FlowStep> = optional(request, "step")?.map(|s| s.parse()).transpose()?;
    let method = required(request, "method", "method must be a string")?;
    let url = required(request, "url", "url must be a string")?;
    let consumer_key = required(request, "consumerKey", "consumerKey must be a string")?;
    let consumer_secret = required(request, "consumerSecret", "consumerSecret must be a string")?;
    let mut req = Oauth1Request::new(method, url, consumer_key, consumer_secret);
    // Names and values in turn: an odd count is a caller bug that must not be signed.
    if params.len() % 2 != 0 {
        return Err(SigningError::InvalidOauthParameter.into());
    }
    let mut params = params.into_iter();
    while let (Some(name), Some(value)) = (params.next(), params.next()) {
        req.params.push((name, value));
    }
    req.token = optional(request, "token")?;
    req.token_secret = optional(request, "tokenSecret")?;
    req.nonce = optional(request, "nonce")?;
    req.callback = optional(request, "callback")?;
    req.verifier = optional(request, "verifier")?;
    req.realm = optional(request, "realm")?;
    req.omit_version = match request.member("omitVersion") {
        Member::Absent => false,
        Member::Flag(b) => b,
        _ => {
            return Err(Fail::of(
                "invalid_argument",
                "omitVersion must be a boolean",
            ))
        }
    };
    req.timestamp = match request.member("timestamp") {
        Member::Absent => None,
        Member::Number(t) => Some(whole_number(t).ok_or(SigningError::InvalidTimestamp)?),
        _ => return Err(SigningError::InvalidTimestamp.into()),
    };
    let entropy = match entropy {
        None => None,
        Some(bytes) => {
            let (random, now) = bytes
                .split_first_chunk::<32>()
                .ok_or(SigningError::MissingEntropy)?;
            let now: [u8; 8] = now.try_into().map_err(|_| SigningError::MissingEntropy)?;
            let now_unix =
                whole_number(f64::from_le_bytes(now)).ok_or(SigningError::InvalidTimestamp)?;
            Some(Entropy {
                random: *random,
                now_unix,
            })
        }
    };
    let signed = match step {
        Some(step) => oauth1_sign_for_step(step, &req, entropy.as_ref())?,
        None => oauth1_sign(&req, entropy.as_ref())?,
    };
    Ok(signature_json(&signed))
}

/// The request's member names.
const REQUEST_MEMBERS: [&str; 14] = [
    "method",
    "url",
    "params",
    "consumerKey",
    "consumerSecret",
    "token",
    "tokenSecret",
    "nonce",
    "timestamp",
    "callback",
    "verifier",
    "realm",
    "step",
    "omitVersion",
];

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
    use crate::opts::tests::Map;

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

    fn request(extra: Vec<(&'static str, Member)>) -> Map {
        let mut m = vec![
            ("method", Member::Text("POST".into())),
            ("url", Member::Text("https://example.com/".into())),
            ("consumerKey", Member::Text("ck".into())),
            ("consumerSecret", Member::Text("cs".into())),
        ];
        m.extend(extra);
        Map(m)
    }

    fn entropy(random: &[u8], now: f64) -> Vec<u8> {
        let mut e = random.to_vec();
        e.extend_from_slice(&now.to_le_bytes());
        e
    }

    #[test]
    fn the_request_is_read_here_once() {
        let given = request(vec![
            ("nonce", Member::Text("n".into())),
            ("timestamp", Member::Number(1.0)),
        ]);
        // Names and values in turn: an odd count is refused, not signed.
        let odd = sign_inner(&given, vec!["a".into()], None);
        assert_eq!(odd.err(), Some(SigningError::InvalidOauthParameter.into()));
        let ok = sign_inner(
            &request(vec![]),
            vec!["a".into(), "1".into()],
            Some(&entropy(&[7; 32], 1_700_000_000.0)),
        )
        .unwrap_or_default();
        assert!(ok.starts_with("{\"signature\":"), "{ok}");
        assert!(ok.contains(&"07".repeat(32)), "{ok}");
        assert!(ok.ends_with(",\"timestamp\":1700000000}"), "{ok}");
        // Entropy of the wrong length is no entropy.
        let short = sign_inner(&request(vec![]), vec![], Some(&entropy(&[7; 31], 1.0)));
        assert_eq!(short.err(), Some(SigningError::MissingEntropy.into()));
        // An unknown member, a missing one, one of the wrong type, a timestamp that is not whole.
        let code = |r: Result<String, Fail>| r.err().map_or("ok", |f| f.code);
        let unknown = request(vec![("nonse", Member::Text("n".into()))]);
        assert_eq!(code(sign_inner(&unknown, vec![], None)), "bad_options");
        let missing = Map(vec![("method", Member::Text("POST".into()))]);
        assert_eq!(code(sign_inner(&missing, vec![], None)), "invalid_argument");
        let flag = request(vec![("omitVersion", Member::Text("yes".into()))]);
        assert_eq!(code(sign_inner(&flag, vec![], None)), "invalid_argument");
        let half = request(vec![
            ("nonce", Member::Text("n".into())),
            ("timestamp", Member::Number(1.5)),
        ]);
        assert_eq!(code(sign_inner(&half, vec![], None)), "invalid_timestamp");
    }

    #[test]
    fn crc_options_are_read_here_once() {
        let code =
            |m: Vec<(&'static str, Member)>| crc_policy(&Map(m)).err().map_or("ok", |f| f.code);
        assert_eq!(code(vec![]), "ok");
        assert_eq!(code(vec![("maxLength", Member::Number(200.0))]), "ok");
        assert_eq!(
            code(vec![("minLength", Member::Number(0.5))]),
            "invalid_crc_policy"
        );
        assert_eq!(
            code(vec![("minLength", Member::Number(-1.0))]),
            "invalid_crc_policy"
        );
        assert_eq!(
            code(vec![("extraChars", Member::Flag(true))]),
            "invalid_crc_policy"
        );
        assert_eq!(code(vec![("maxLen", Member::Number(9.0))]), "bad_options");
        // The core refuses impossible bounds itself.
        assert_eq!(
            code(vec![("minLength", Member::Number(0.0))]),
            "invalid_crc_policy"
        );
    }
}
