//! Target `oauth1`: OAuth 1.0a signing (RFC 5849 HMAC-SHA1) with arbitrary inputs, every flow step,
//! the authorize URL and percent-encoding.
//!
//! Input: UTF-8 text (invalid bytes replaced), one `name=value` per line. Names: `method`, `url`,
//! `consumer_key`, `consumer_secret`, `token`, `token_secret`, `nonce`, `timestamp`, `callback`,
//! `verifier`, `realm`, `omit_version`, `now`, `entropy` (the 32 random bytes: the value's bytes
//! repeated), `param` (`param=name=value`, repeatable) and `extra` (an extra protocol parameter,
//! `extra=name=value`, repeatable). A name given once with an empty value is `Some("")`; a name
//! not given is `None`; other lines are ignored.
//!
//! Invariants of a signed request, each recomputed here independently of the signing module (own
//! RFC 3986 encoder, own sort, `hmac` + `sha1` directly, own base64):
//! - the signature base string is `METHOD & enc(base URI) & enc(normalized parameters)` over the
//!   protocol parameters, the URL's query and the extra parameters;
//! - the signature is base64(HMAC-SHA1(enc(consumer secret) & enc(token secret), base string));
//! - the `Authorization` header holds exactly the protocol parameters and the signature, sorted,
//!   and the realm as given;
//! - signing is deterministic and does not depend on the order of the extra parameters;
//! - the `Debug` output of the request and of the signature does not depend on any secret,
//!   token, nonce, verifier or parameter value;
//! - `sign_for_step` is `check_flow` then `sign`;
//! - `decode(encode(s)) == s` for every input string; an authorize URL parses back with its token.

use preflight::signing::oauth1::{parse_url, ParsedUrl, SIGNATURE_METHOD, VERSION};
use preflight::signing::percent;
use preflight::signing::{
    authorize_url, check_flow, oauth1_sign, oauth1_sign_for_step, Entropy, FlowStep, Oauth1Request,
    Oauth1Signature,
};

/// The Unix time used when the input gives no `now`.
pub const DEFAULT_NOW: u64 = 1_318_622_958;

/// Decodes the input: the request and the caller's entropy.
pub fn split(data: &[u8]) -> (Oauth1Request, Option<Entropy>) {
    let text = String::from_utf8_lossy(data);
    let mut req = Oauth1Request::default();
    let mut entropy: Option<Vec<u8>> = None;
    let mut now = DEFAULT_NOW;
    for line in text.lines() {
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        let v = value.to_owned();
        match name {
            "method" => req.method = v,
            "url" => req.url = v,
            "consumer_key" => req.consumer_key = v,
            "consumer_secret" => req.consumer_secret = v,
            "token" => req.token = Some(v),
            "token_secret" => req.token_secret = Some(v),
            "nonce" => req.nonce = Some(v),
            "timestamp" => req.timestamp = value.parse().ok(),
            "callback" => req.callback = Some(v),
            "verifier" => req.verifier = Some(v),
            "realm" => req.realm = Some(v),
            "omit_version" => req.omit_version = value == "true",
            "now" => now = value.parse().unwrap_or(DEFAULT_NOW),
            "entropy" => entropy = Some(value.as_bytes().to_vec()),
            "param" | "extra" => {
                let (n, v) = value.split_once('=').unwrap_or((value, ""));
                let pair = (n.to_owned(), v.to_owned());
                if name == "param" {
                    req.params.push(pair);
                } else {
                    req.extra_oauth_params.push(pair);
                }
            }
            _ => {}
        }
    }
    let entropy = entropy.map(|bytes| {
        let mut random = [0u8; 32];
        for (i, r) in random.iter_mut().enumerate() {
            *r = bytes.get(i % bytes.len().max(1)).copied().unwrap_or(0);
        }
        Entropy {
            random,
            now_unix: now,
        }
    });
    (req, entropy)
}

pub fn run(data: &[u8]) {
    let (req, entropy) = split(data);
    check(&req, entropy.as_ref());
}

/// Every invariant of the module docs for one request.
pub fn check(req: &Oauth1Request, entropy: Option<&Entropy>) {
    assert_eq!(
        format!("{req:?}"),
        format!("{:?}", placeholders(req)),
        "Debug of the request depends on a secret"
    );
    let signed = oauth1_sign(req, entropy);
    if let Ok(sig) = &signed {
        signed_request(req, sig);
        let again = oauth1_sign(req, entropy);
        assert_eq!(again.as_ref(), Ok(sig), "signing is not deterministic");
        let mut reversed = req.clone();
        reversed.params.reverse();
        let other = oauth1_sign(&reversed, entropy).map(|s| s.signature);
        assert_eq!(
            other.as_ref(),
            Ok(&sig.signature),
            "parameter order matters"
        );
        let blank = {
            let mut value = sig.clone();
            value.signature = String::new();
            value.authorization_header = String::new();
            value.nonce = String::new();
            value
        };
        assert_eq!(
            format!("{sig:?}"),
            format!("{blank:?}"),
            "Debug of the signature depends on a secret"
        );
    }
    for step in FlowStep::ALL {
        let flow = check_flow(step, req);
        let stepped = oauth1_sign_for_step(step, req, entropy);
        match (&flow, &stepped) {
            (Ok(()), _) => assert_eq!(stepped, signed, "sign_for_step differs from sign"),
            (Err(e), Err(s)) => assert_eq!(e, s, "sign_for_step does not stop at check_flow"),
            (Err(_), Ok(_)) => panic!("sign_for_step signs a request check_flow refuses"),
        }
    }
    for s in [
        &req.method,
        &req.url,
        &req.consumer_key,
        &req.consumer_secret,
    ]
    .into_iter()
    .chain(req.params.iter().flat_map(|(n, v)| [n, v]))
    {
        assert_eq!(percent::decode(&percent::encode(s)).as_ref(), Ok(s));
        assert_eq!(encode(s), percent::encode(s), "percent-encoding differs");
    }
    if let Some(token) = &req.token {
        let force = req.omit_version.then_some(true);
        if let Ok(url) = authorize_url(&req.url, token, force, req.realm.as_deref()) {
            let parsed = parse_url(&url).map(|p| p.query);
            let first = parsed.as_ref().ok().and_then(|q| q.first().cloned());
            assert_eq!(
                first,
                Some(("oauth_token".to_owned(), token.clone())),
                "the authorize URL does not carry its token"
            );
        }
    }
}

/// `req` with every secret, token, nonce, verifier and parameter value replaced by a fixed text
/// (keeping which are given): its `Debug` output must be the same as `req`'s. (Error messages
/// need no such check: `SigningError` holds only static texts and numbers.)
fn placeholders(req: &Oauth1Request) -> Oauth1Request {
    let fixed = |o: &Option<String>| o.as_ref().map(|_| String::from("placeholder"));
    let url = match req.url.find(['?', '#']) {
        Some(i) => format!("{}?placeholder", &req.url[..i]),
        None => req.url.clone(),
    };
    {
        let mut request = req.clone();
        request.url = url;
        request.params = vec![(String::new(), String::new()); req.params.len()];
        request.consumer_key = String::from("placeholder");
        request.consumer_secret = String::from("placeholder");
        request.token = fixed(&req.token);
        request.token_secret = fixed(&req.token_secret);
        request.nonce = fixed(&req.nonce);
        request.callback = fixed(&req.callback);
        request.verifier = fixed(&req.verifier);
        request.extra_oauth_params =
            vec![(String::new(), String::new()); req.extra_oauth_params.len()];
        request
    }
}

/// Recomputes a signed request (see the module docs).
fn signed_request(req: &Oauth1Request, sig: &Oauth1Signature) {
    let url: ParsedUrl = match parse_url(&req.url) {
        Ok(u) => u,
        Err(e) => panic!("a signed request's URL does not parse: {e}"),
    };
    let mut oauth: Vec<(String, String)> = vec![
        ("oauth_consumer_key".into(), req.consumer_key.clone()),
        ("oauth_nonce".into(), sig.nonce.clone()),
        ("oauth_signature_method".into(), SIGNATURE_METHOD.into()),
        ("oauth_timestamp".into(), sig.timestamp.to_string()),
    ];
    let optional = [
        ("oauth_token", req.token.as_ref()),
        ("oauth_callback", req.callback.as_ref()),
        ("oauth_verifier", req.verifier.as_ref()),
    ];
    for (name, value) in optional {
        if let Some(v) = value {
            oauth.push((name.into(), v.clone()));
        }
    }
    if !req.omit_version {
        oauth.push(("oauth_version".into(), VERSION.into()));
    }
    oauth.extend(req.extra_oauth_params.iter().cloned());
    let mut all: Vec<(String, String)> = oauth
        .iter()
        .chain(&url.query)
        .chain(&req.params)
        .map(|(n, v)| (encode(n), encode(v)))
        .collect();
    all.sort();
    let normalized = all
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join("&");
    let base = format!(
        "{}&{}&{}",
        encode(&req.method.to_ascii_uppercase()),
        encode(&url.base_uri),
        encode(&normalized)
    );
    assert_eq!(sig.base_string, base, "the signature base string differs");
    let key = format!(
        "{}&{}",
        encode(&req.consumer_secret),
        encode(req.token_secret.as_deref().unwrap_or(""))
    );
    assert_eq!(
        sig.signature,
        base64(&hmac_sha1(key.as_bytes(), base.as_bytes())),
        "the signature differs"
    );
    oauth.push(("oauth_signature".into(), sig.signature.clone()));
    // Sorted by encoded name, then encoded value (a name that is a prefix of another first).
    let mut encoded: Vec<(String, String)> =
        oauth.iter().map(|(n, v)| (encode(n), encode(v))).collect();
    encoded.sort();
    let pairs = encoded.iter().map(|(n, v)| format!("{n}=\"{v}\""));
    let mut parts = Vec::new();
    if let Some(realm) = &req.realm {
        parts.push(format!("realm=\"{realm}\""));
    }
    parts.extend(pairs);
    assert_eq!(
        sig.authorization_header,
        format!("OAuth {}", parts.join(", ")),
        "the Authorization header differs"
    );
}

/// RFC 3986 percent-encoding as RFC 5849 §3.6 gives it: unreserved bytes kept, every other byte
/// `%XX` with uppercase hex digits.
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn hmac_sha1(key: &[u8], message: &[u8]) -> Vec<u8> {
    use hmac::{Hmac, Mac};
    let mut mac = match Hmac::<sha1::Sha1>::new_from_slice(key) {
        Ok(m) => m,
        Err(_) => panic!("HMAC takes keys of any length"),
    };
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// Standard base64 with padding (RFC 4648 §4).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
