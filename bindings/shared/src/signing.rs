//! The options of the signing calls: the CRC token policy and the OAuth 1.0a request.

use crate::opts::{known, text, Member, Members};
use crate::{spelled, spelled_list, Fail};
use preflight::__private::{json_string, json_uint};
use preflight::signing::{
    oauth1_sign, oauth1_sign_for_step, CrcTokenPolicy, Entropy, FlowStep, Oauth1Request,
    Oauth1Signature, SigningError, CRC_TOKEN_MAX_LEN, CRC_TOKEN_MIN_LEN,
};

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`): the
/// largest timestamp a request takes, in every binding.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The length of the entropy for a nonce and timestamp not given: 32 random bytes, then the
/// current time in whole seconds as a little-endian `f64`.
pub const ENTROPY_LEN: usize = 40;

/// A number as a `u64`: finite, integral, from 0 to [`MAX_SAFE_INTEGER`].
#[inline]
pub fn whole_number(n: f64) -> Option<u64> {
    if n.is_finite() && (0.0..=MAX_SAFE_INTEGER).contains(&n) && n.fract() == 0.0 {
        // Checked above: an integer in 0..=2^53-1, which a u64 holds exactly.
        Some(n as u64)
    } else {
        None
    }
}

const POLICY: &str = "invalid_crc_policy";

/// The CRC token policy of `o`, `{minLength, maxLength, extraChars}`: none given is the spec's
/// default shape, any given is `CrcTokenPolicy::custom(min, max, extra)` with the defaults for
/// the others, which refuses impossible or unsafe bounds itself (`invalid_crc_policy`, as for a
/// bound that is not a whole number from 0 to 2^32 - 1 or an `extraChars` that is not text).
// Inlined into its one caller per binding: the signing .wasm is smaller so (docs/BOUNDARY.md,
// "A binding for another language").
#[inline(always)]
pub fn crc_policy(o: &impl Members) -> Result<CrcTokenPolicy, Fail> {
    known(
        o,
        spelled_list!(o, ["minLength", "maxLength", "extraChars"]),
        spelled!(
            o,
            "unknown option; expected minLength, maxLength, extraChars"
        ),
    )?;
    let min = bound(o, spelled!(o, "minLength"))?;
    let max = bound(o, spelled!(o, "maxLength"))?;
    let extra = text(
        o,
        spelled!(o, "extraChars"),
        POLICY,
        spelled!(
            o,
            "the CRC token policy is invalid: extraChars must be a string"
        ),
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
            spelled!(
                o,
                "the CRC token policy is invalid: minLength and maxLength must be whole numbers"
            ),
        )),
    }
}

/// The JSON text of a signature, by the engine's one JSON writer.
fn signature_json(s: &Oauth1Signature) -> String {
    let mut out = String::with_capacity(
        s.base_string.len() + s.authorization_header.len() + s.nonce.len() + 160,
    );
    for (name, value) in [
        ("{\"signature\":", &s.signature),
        (",\"base_string\":", &s.base_string),
        (",\"authorization_header\":", &s.authorization_header),
        (",\"nonce\":", &s.nonce),
    ] {
        out.push_str(name);
        json_string(&mut out, value);
    }
    out.push_str(",\"timestamp\":");
    json_uint(&mut out, s.timestamp);
    out.push('}');
    out
}

/// A required text member of the request (`invalid_argument` unless text).
fn required(o: &impl Members, name: &'static str, message: &'static str) -> Result<String, Fail> {
    text(o, name, "invalid_argument", message)?.ok_or_else(|| Fail::of("invalid_argument", message))
}

/// An optional text member of the request.
fn optional(o: &impl Members, name: &'static str) -> Result<Option<String>, Fail> {
    text(
        o,
        name,
        "invalid_argument",
        spelled!(
            o,
            "token, tokenSecret, nonce, callback, verifier, realm and step must be strings"
        ),
    )
}

/// Signs an OAuth 1.0a request (HMAC-SHA1, RFC 5849): the JSON text of `{signature,
/// base_string, authorization_header, nonce, timestamp}`.
///
/// `request`: `{method, url, params, consumerKey, consumerSecret, token, tokenSecret, nonce,
/// timestamp, callback, verifier, realm, step, omitVersion}`, its `timestamp` a number;
/// `params` comes converted, as the second argument: the request parameters as names and values
/// in turn, `[name, value, name, value, ...]`; `entropy`: [`ENTROPY_LEN`] bytes, 32 random bytes,
/// then the current time in whole seconds as a little-endian f64, from which the core generates
/// a nonce and a timestamp not given (any other length is no entropy). `step`: one of Document
/// A's flow steps (checked by the core's `check_flow` before signing), or none for a plain
/// request.
// Inlined into its one caller per binding, as `crc_policy`.
#[inline(always)]
pub fn sign_request(
    request: &impl Members,
    params: Vec<String>,
    entropy: Option<&[u8]>,
) -> Result<String, Fail> {
    let r = request;
    known(
        r,
        spelled_list!(
            r,
            [
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
            ]
        ),
        spelled!(
            r,
            "oauth1Sign: the request has an unknown member; allowed: method, url, params, \
             consumerKey, consumerSecret, token, tokenSecret, nonce, timestamp, callback, \
             verifier, realm, step, omitVersion"
        ),
    )?;
    // Parsed first, so a wrong step name is reported whatever else is wrong.
    let step: Option<FlowStep> = optional(r, "step")?.map(|s| s.parse()).transpose()?;
    let method = required(r, "method", "method must be a string")?;
    let url = required(r, "url", "url must be a string")?;
    let consumer_key = required(
        r,
        spelled!(r, "consumerKey"),
        spelled!(r, "consumerKey must be a string"),
    )?;
    let consumer_secret = required(
        r,
        spelled!(r, "consumerSecret"),
        spelled!(r, "consumerSecret must be a string"),
    )?;
    let mut req = Oauth1Request::new(method, url, consumer_key, consumer_secret);
    // Names and values in turn: an odd count is a caller bug that must not be signed.
    if params.len() % 2 != 0 {
        return Err(SigningError::InvalidOauthParameter.into());
    }
    let mut params = params.into_iter();
    while let (Some(name), Some(value)) = (params.next(), params.next()) {
        req.params.push((name, value));
    }
    req.token = optional(r, "token")?;
    req.token_secret = optional(r, spelled!(r, "tokenSecret"))?;
    req.nonce = optional(r, "nonce")?;
    req.callback = optional(r, "callback")?;
    req.verifier = optional(r, "verifier")?;
    req.realm = optional(r, "realm")?;
    req.omit_version = match r.member(spelled!(r, "omitVersion")) {
        Member::Absent => false,
        Member::Flag(b) => b,
        _ => {
            return Err(Fail::of(
                "invalid_argument",
                spelled!(r, "omitVersion must be a boolean"),
            ))
        }
    };
    req.timestamp = match r.member("timestamp") {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opts::{Camel, Snake};

    /// Twitter's developer documentation, "Creating a signature" (tests/signing.rs, same inputs).
    #[test]
    fn signatures_are_json_text() {
        let request = Camel::of(vec![
            ("method", Member::Text("post".into())),
            (
                "url",
                Member::Text(
                    "https://api.twitter.com/1.1/statuses/update.json?include_entities=true".into(),
                ),
            ),
            ("consumerKey", Member::Text("xvz1evFS4wEEPTGEFPHBog".into())),
            (
                "consumerSecret",
                Member::Text("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw".into()),
            ),
            (
                "token",
                Member::Text("370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb".into()),
            ),
            (
                "tokenSecret",
                Member::Text("LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE".into()),
            ),
            (
                "nonce",
                Member::Text("kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg".into()),
            ),
            ("timestamp", Member::Number(1_318_622_958.0)),
        ]);
        let params = vec![
            "status".into(),
            "Hello Ladies + Gentlemen, a signed OAuth request!".into(),
        ];
        let json = sign_request(&request, params, None).unwrap_or_default();
        assert_eq!(
            json,
            "{\"signature\":\"hCtSmYh+iHYCEqBWrE7C7hYmtUk=\",\"base_string\":\"POST&https%3A%2F%2Fapi.\
             twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key\
             %3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26\
             oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-\
             GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies\
             %2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521\",\
             \"authorization_header\":\"OAuth oauth_consumer_key=\\\"xvz1evFS4wEEPTGEFPHBog\\\", \
             oauth_nonce=\\\"kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg\\\", \
             oauth_signature=\\\"hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D\\\", \
             oauth_signature_method=\\\"HMAC-SHA1\\\", oauth_timestamp=\\\"1318622958\\\", \
             oauth_token=\\\"370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb\\\", \
             oauth_version=\\\"1.0\\\"\",\"nonce\":\"kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg\",\
             \"timestamp\":1318622958}"
        );
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

    fn request(extra: Vec<(&'static str, Member)>) -> Camel {
        let mut m = vec![
            ("method", Member::Text("POST".into())),
            ("url", Member::Text("https://example.com/".into())),
            ("consumerKey", Member::Text("ck".into())),
            ("consumerSecret", Member::Text("cs".into())),
        ];
        m.extend(extra);
        Camel::of(m)
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
        let odd = sign_request(&given, vec!["a".into()], None);
        assert_eq!(odd.err(), Some(SigningError::InvalidOauthParameter.into()));
        let ok = sign_request(
            &request(vec![]),
            vec!["a".into(), "1".into()],
            Some(&entropy(&[7; 32], 1_700_000_000.0)),
        )
        .unwrap_or_default();
        assert!(ok.starts_with("{\"signature\":"), "{ok}");
        assert!(ok.contains(&"07".repeat(32)), "{ok}");
        assert!(ok.ends_with(",\"timestamp\":1700000000}"), "{ok}");
        // Entropy of the wrong length is no entropy.
        let short = sign_request(&request(vec![]), vec![], Some(&entropy(&[7; 31], 1.0)));
        assert_eq!(short.err(), Some(SigningError::MissingEntropy.into()));
        // An unknown member, a missing one, one of the wrong type, a timestamp that is not whole.
        let code = |r: Result<String, Fail>| r.err().map_or("ok", |f| f.code);
        let unknown = request(vec![("nonse", Member::Text("n".into()))]);
        assert_eq!(code(sign_request(&unknown, vec![], None)), "bad_options");
        let missing = Camel::of(vec![("method", Member::Text("POST".into()))]);
        assert_eq!(
            code(sign_request(&missing, vec![], None)),
            "invalid_argument"
        );
        let flag = request(vec![("omitVersion", Member::Text("yes".into()))]);
        assert_eq!(code(sign_request(&flag, vec![], None)), "invalid_argument");
        let half = request(vec![
            ("nonce", Member::Text("n".into())),
            ("timestamp", Member::Number(1.5)),
        ]);
        assert_eq!(code(sign_request(&half, vec![], None)), "invalid_timestamp");
    }

    #[test]
    fn a_snake_case_request_signs_the_same() {
        let members = |snake: bool| {
            let k = |c: &'static str, s: &'static str| if snake { s } else { c };
            vec![
                ("method", Member::Text("POST".into())),
                ("url", Member::Text("https://example.com/".into())),
                (k("consumerKey", "consumer_key"), Member::Text("ck".into())),
                (
                    k("consumerSecret", "consumer_secret"),
                    Member::Text("cs".into()),
                ),
                (k("tokenSecret", "token_secret"), Member::Text("ts".into())),
                ("token", Member::Text("t".into())),
                ("nonce", Member::Text("n".into())),
                ("timestamp", Member::Number(1_318_622_958.0)),
                (k("omitVersion", "omit_version"), Member::Flag(true)),
            ]
        };
        let camel = sign_request(&Camel::of(members(false)), vec![], None);
        let snake = sign_request(&Snake::of(members(true)), vec![], None);
        assert!(camel.is_ok());
        assert_eq!(camel, snake);
        let wrong = sign_request(&Snake::of(members(false)), vec![], None);
        assert_eq!(
            wrong.err().map(|f| f.message),
            Some(
                "oauth1_sign: the request has an unknown member; allowed: method, url, params, \
                 consumer_key, consumer_secret, token, token_secret, nonce, timestamp, callback, \
                 verifier, realm, step, omit_version"
                    .into()
            )
        );
    }

    #[test]
    fn crc_options_are_read_here_once() {
        let code = |m: Vec<(&'static str, Member)>| {
            crc_policy(&Camel::of(m)).err().map_or("ok", |f| f.code)
        };
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
        let snake = crc_policy(&Snake::of(vec![("min_length", Member::Number(0.5))]));
        assert_eq!(
            snake.err().map(|f| f.message),
            Some(
                "the CRC token policy is invalid: min_length and max_length must be whole numbers"
                    .into()
            )
        );
    }
}
