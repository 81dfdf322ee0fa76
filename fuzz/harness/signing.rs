//! Target `signing`: the signing helpers other than OAuth 1.0a signing itself (target `oauth1`):
//! event signature verification, the CRC answer and its guard, URL parsing (and how `Debug` shows
//! a URL), percent-encoding and form decoding, app-only credentials.
//!
//! Input: a header line `<op>` naming one of [`OPS`] (another word picks one by its byte sum),
//! then the data, whose lines (split at the first line feeds, the last part taking the rest) are:
//! - `verify`: the consumer secret, the signature header value, the raw body;
//! - `crc`: the consumer secret, the `crc_token`, a policy line `<min> <max> <extra chars>`;
//!   the token is also read as a raw query string;
//! - `url`: the URL (the whole data);
//! - `percent`: the text (the whole data; invalid UTF-8 replaced, and also taken as raw bytes);
//! - `app_only`: the API key, the API secret, a token request body.
//!
//! Invariants, each recomputed here independently of the signing module (`hmac` and `sha2`
//! directly, the `oauth1` harness's own base64 and RFC 3986 encoder, an own form decoder):
//! - a signature header verifies exactly when the secret is not empty and the header is
//!   `sha256=` + base64(HMAC-SHA256(secret, body)) (base64 with padding has one canonical form,
//!   so no other text is accepted); `check_*` fails when `verify_*` is false; the whole-request
//!   and CRC GET variants agree with the header check; a repeated header is never verified;
//! - a CRC token is signed exactly when the policy allows its length and every character, and
//!   the answer is `sha256=` + base64(HMAC-SHA256(secret, token)); a custom policy is built
//!   exactly when its bounds and characters are allowed; `crc_token_from_query` finds the one
//!   form-decoded `crc_token`, refuses none, two, or a malformed query;
//! - a URL that parses has an `http`/`https` base string URI without user information, query or
//!   fragment, which parses to itself; its query parameters are the form decoding of its query;
//! - `Debug` of a request does not depend on the URL's query or fragment, nor on anything before
//!   the last `@` ahead of them (user information however it is written);
//! - percent-encoding keeps exactly the unreserved bytes and writes `%XX` uppercase;
//!   decoding inverts it; `decode`, `form_decode` and `parse_form` agree with the own decoder on
//!   any text;
//! - app-only credentials are base64(enc(key) `:` enc(secret)) when both are non-empty; a token
//!   request body is accepted exactly when it is the one pair `grant_type=client_credentials`.

use super::oauth1::{base64, encode};
use super::{by_name, header};
use preflight::signing::oauth1::parse_url;
use preflight::signing::{self, percent, CrcTokenPolicy, Oauth1Request, SigningError};

/// The operations, by header name.
pub const OPS: [&str; 5] = ["verify", "crc", "url", "percent", "app_only"];

/// The first `n - 1` lines of `data` and the rest (fewer parts when there are fewer line feeds).
fn lines(data: &[u8], n: usize) -> Vec<&[u8]> {
    data.splitn(n, |&b| b == b'\n').collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn run(data: &[u8]) {
    let (tokens, rest) = header(data);
    let (op, _) = by_name(&OPS, |s| s, &tokens);
    match op {
        "verify" => {
            let parts = lines(rest, 3);
            let secret = parts.first().copied().unwrap_or_default();
            let header_value = parts.get(1).map(|h| text(h));
            let body = parts.get(2).copied().unwrap_or_default();
            verify(secret, header_value.as_deref(), body);
        }
        "crc" => {
            let parts = lines(rest, 3);
            let secret = parts.first().copied().unwrap_or_default();
            let token = text(parts.get(1).copied().unwrap_or_default());
            let policy = text(parts.get(2).copied().unwrap_or_default());
            crc(secret, &token, &policy);
        }
        "url" => url(&text(rest)),
        "percent" => percent_encoding(&text(rest), rest),
        _ => {
            let parts = lines(rest, 3);
            let part = |i: usize| text(parts.get(i).copied().unwrap_or_default());
            app_only(&part(0), &part(1), &part(2));
        }
    }
}

/// `sha256=` + base64(HMAC-SHA256(key, message)), computed with `hmac` and `sha2` directly.
pub fn expected_signature(key: &[u8], message: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = match Hmac::<sha2::Sha256>::new_from_slice(key) {
        Ok(m) => m,
        Err(_) => panic!("HMAC takes keys of any length"),
    };
    mac.update(message);
    format!("sha256={}", base64(&mac.finalize().into_bytes()))
}

/// Event signatures (see the module docs).
pub fn verify(secret: &[u8], header_value: Option<&str>, body: &[u8]) {
    let expected = expected_signature(secret, body);
    let should = !secret.is_empty() && header_value == Some(expected.as_str());
    let verified = signing::verify_signature(secret, body, header_value);
    assert_eq!(verified, should, "verify_signature");
    let checked = signing::check_signature(secret, body, header_value);
    assert_eq!(checked.is_ok(), verified, "check_signature disagrees");
    if secret.is_empty() {
        assert_eq!(checked, Err(SigningError::EmptySecret));
        assert_eq!(
            signing::sign_body(secret, body),
            Err(SigningError::EmptySecret)
        );
    } else {
        let signed = signing::sign_body(secret, body);
        assert_eq!(signed.as_ref(), Ok(&expected), "sign_body");
        assert!(signing::verify_signature(secret, body, Some(&expected)));
        let mut other = body.to_vec();
        other.push(b'x');
        assert!(!signing::verify_signature(secret, &other, Some(&expected)));
    }
    if let Some(h) = header_value {
        let one = [("X-Service-Webhooks-Signature", h)];
        let request = signing::verify_request_signature(secret, body, &one, None);
        assert_eq!(request, verified, "verify_request_signature");
        let named = [("x-custom", h), ("x-other", "sha256=")];
        let custom = signing::verify_request_signature(secret, body, &named, Some("X-CUSTOM"));
        assert_eq!(custom, verified, "a custom header name");
        let twice = [one[0], ("x-service-webhooks-signature", h)];
        assert_eq!(
            signing::check_request_signature(secret, body, &twice, None),
            Err(SigningError::DuplicateSignatureHeader)
        );
    }
    let query = text(body);
    assert_eq!(
        signing::verify_crc_request_signature(secret, &query, header_value),
        !secret.is_empty()
            && header_value == Some(expected_signature(secret, query.as_bytes()).as_str()),
        "verify_crc_request_signature"
    );
}

/// Whether `token` has a shape `min..=max` characters of `A-Z a-z 0-9` and `punctuation`.
fn allowed(token: &str, min: usize, max: usize, punctuation: &str) -> bool {
    let len = token.chars().count();
    (min..=max).contains(&len)
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || (c.is_ascii() && punctuation.contains(c)))
}

/// The CRC answer and its guard (see the module docs).
pub fn crc(secret: &[u8], token: &str, policy_line: &str) {
    let default = CrcTokenPolicy::default();
    let signed = signing::crc_response_token(secret, token, &default);
    let shape = allowed(token, 16, 128, "+/=_-");
    match &signed {
        Ok(answer) => {
            assert!(
                !secret.is_empty() && shape,
                "signed a token the guard refuses"
            );
            assert_eq!(answer, &expected_signature(secret, token.as_bytes()));
            let json = signing::crc_response_json(secret, token, &default);
            let parsed: Option<serde_json::Value> =
                json.ok().and_then(|j| serde_json::from_str(&j).ok());
            assert_eq!(
                parsed,
                Some(serde_json::json!({ "response_token": answer })),
                "crc_response_json"
            );
        }
        Err(SigningError::EmptySecret) => assert!(secret.is_empty()),
        Err(SigningError::CrcTokenShape(_)) => {
            assert!(!shape, "refused a token of the right shape")
        }
        Err(e) => panic!("unexpected CRC error {e:?}"),
    }
    // A custom policy from the policy line.
    let mut words = policy_line.splitn(3, ' ');
    let min = words
        .next()
        .and_then(|w| w.parse::<usize>().ok())
        .unwrap_or(16);
    let max = words
        .next()
        .and_then(|w| w.parse::<usize>().ok())
        .unwrap_or(128);
    let extra = words.next().unwrap_or("");
    let custom = CrcTokenPolicy::custom(min, max, extra);
    let buildable = (1..=max).contains(&min)
        && max <= signing::CRC_TOKEN_HARD_MAX_LEN
        && extra.chars().all(|c| c.is_ascii_graphic());
    assert_eq!(
        custom.is_ok(),
        buildable,
        "CrcTokenPolicy::custom({min}, {max}, {extra:?})"
    );
    if let Ok(policy) = custom {
        let punctuation = format!("+/=_-{extra}");
        let ok = allowed(token, min, max, &punctuation);
        assert_eq!(policy.check(token).is_ok(), ok, "custom policy check");
        if !secret.is_empty() {
            let answer = signing::crc_response_token(secret, token, &policy);
            assert_eq!(answer.is_ok(), ok);
        }
    }
    // The token read as a raw query string.
    let query = token.strip_prefix('?').unwrap_or(token);
    let decoded: Option<Vec<(String, String)>> = form_pairs(query);
    let expected = match decoded {
        None => Err(SigningError::InvalidPercentEncoding),
        Some(pairs) => {
            let found: Vec<String> = pairs
                .into_iter()
                .filter(|(n, _)| n == "crc_token")
                .map(|(_, v)| v)
                .collect();
            match found.as_slice() {
                [] => Err(SigningError::MissingCrcToken),
                [one] => Ok(one.clone()),
                _ => Err(SigningError::DuplicateCrcToken),
            }
        }
    };
    assert_eq!(
        signing::crc_token_from_query(token),
        expected,
        "crc_token_from_query"
    );
}

/// Own percent-decoding: `%XX` (either case), `+` as a space when `plus`; `None` for a broken
/// escape or bytes that are not UTF-8.
fn own_decode(s: &str, plus: bool) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            if !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(if plus && b[i] == b'+' { b' ' } else { b[i] });
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Own form parsing: `&`-separated, empty segments skipped, name and value split at the first
/// `=`, each form-decoded.
fn form_pairs(s: &str) -> Option<Vec<(String, String)>> {
    s.split('&')
        .filter(|seg| !seg.is_empty())
        .map(|seg| {
            let (n, v) = seg.split_once('=').unwrap_or((seg, ""));
            Some((own_decode(n, true)?, own_decode(v, true)?))
        })
        .collect()
}

/// URL parsing and how `Debug` shows a URL (see the module docs).
pub fn url(u: &str) {
    if let Ok(p) = parse_url(u) {
        assert!(
            p.scheme == "http" || p.scheme == "https",
            "scheme {}",
            p.scheme
        );
        let after = p.base_uri.strip_prefix(&format!("{}://", p.scheme));
        let Some(after) = after else {
            panic!("the base string URI does not start with its scheme");
        };
        let authority = after.split('/').next().unwrap_or_default();
        assert!(
            !authority.is_empty() && !authority.contains('@'),
            "authority"
        );
        assert!(
            !p.base_uri.contains(['?', '#']),
            "a query or fragment in the base URI"
        );
        let again = parse_url(&p.base_uri);
        assert_eq!(
            again.as_ref().map(|q| q.base_uri.as_str()),
            Ok(p.base_uri.as_str())
        );
        assert_eq!(again.map(|q| q.query.len()), Ok(0));
        let without_fragment = u.split('#').next().unwrap_or_default();
        let query = without_fragment.split_once('?').map_or("", |(_, q)| q);
        assert_eq!(Some(p.query), form_pairs(query), "query parameters");
    }
    let shown = |url: String| {
        format!("{:?}", {
            let mut request = Oauth1Request::default();
            request.url = url;
            request
        })
    };
    let before_query = u.split(['?', '#']).next().unwrap_or_default();
    let debug = shown(u.to_owned());
    assert_eq!(
        debug,
        shown(before_query.to_owned()),
        "Debug depends on the query"
    );
    if let Some(at) = before_query.rfind('@') {
        // Everything before the last `@` (after the scheme's `//`, or from the start) replaced.
        let from = before_query.find("//").map_or(0, |i| i + 2).min(at);
        let masked = format!("{}x{}", &u[..from], &u[at..]);
        assert_eq!(debug, shown(masked), "Debug depends on user information");
    }
}

/// Percent-encoding and form decoding (see the module docs).
pub fn percent_encoding(s: &str, raw: &[u8]) {
    let e = percent::encode(s);
    assert_eq!(e, encode(s), "encode");
    assert_eq!(percent::decode(&e).as_deref(), Ok(s));
    assert_eq!(percent::form_decode(&e).as_deref(), Ok(s));
    let eb = percent::encode_bytes(raw);
    assert!(eb
        .bytes()
        .all(|b| percent::is_unreserved(b) || b == b'%' || b.is_ascii_hexdigit()));
    assert_eq!(
        percent::decode(&eb).ok(),
        String::from_utf8(raw.to_vec()).ok(),
        "decode(encode_bytes)"
    );
    assert_eq!(percent::decode(s).ok(), own_decode(s, false), "decode");
    assert_eq!(
        percent::form_decode(s).ok(),
        own_decode(s, true),
        "form_decode"
    );
    assert_eq!(percent::parse_form(s).ok(), form_pairs(s), "parse_form");
}

/// App-only credentials (see the module docs).
pub fn app_only(key: &str, secret: &str, body: &str) {
    let creds = signing::basic_credentials(key, secret);
    match (key.is_empty(), secret.is_empty()) {
        (true, _) => assert_eq!(creds, Err(SigningError::EmptyApiKey)),
        (false, true) => assert_eq!(creds, Err(SigningError::EmptySecret)),
        (false, false) => {
            let want = base64(format!("{}:{}", encode(key), encode(secret)).as_bytes());
            assert_eq!(creds.as_ref(), Ok(&want), "basic_credentials");
            assert_eq!(
                signing::basic_authorization_header(key, secret),
                Ok(format!("Basic {want}"))
            );
        }
    }
    for g in [key, secret, body] {
        let ok = g == "client_credentials";
        assert_eq!(signing::check_grant_type(g).is_ok(), ok, "check_grant_type");
    }
    let expected = match form_pairs(body).as_deref() {
        Some([(name, value)]) if name == "grant_type" => {
            if value == "client_credentials" {
                Ok(())
            } else {
                Err(SigningError::UnsupportedGrantType)
            }
        }
        _ => Err(SigningError::InvalidTokenRequestBody),
    };
    assert_eq!(
        signing::check_token_request_body(body),
        expected,
        "token request body"
    );
}
