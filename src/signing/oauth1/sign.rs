//! Signing a request: input checks, the nonce and timestamp, the base string and the
//! `Authorization` header (RFC 5849 §3.1, §3.4, §3.5.1).

use super::super::percent::encode;
use super::super::SigningError;
use super::base_string::{
    hmac_sha1_signature, normalize_parameters, signature_base_string, signing_key,
};
use super::types::{Entropy, Oauth1Request, Oauth1Signature};
use super::url::parse_url;
use super::{MAX_TIMESTAMP_SECONDS, SIGNATURE_METHOD, VERSION};

/// The protocol parameters this module sets itself; none may be repeated as an extra.
const BUILT_IN: [&str; 9] = [
    "oauth_callback",
    "oauth_consumer_key",
    "oauth_nonce",
    "oauth_signature",
    "oauth_signature_method",
    "oauth_timestamp",
    "oauth_token",
    "oauth_verifier",
    "oauth_version",
];
/// Whether `b` is an RFC 7230 `tchar` (a character allowed in an HTTP token such as a header
/// name or an auth-param name).
pub fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
        )
}

pub(super) fn check_method(method: &str) -> Result<String, SigningError> {
    if method.is_empty() || !method.bytes().all(is_tchar) {
        return Err(SigningError::InvalidMethod);
    }
    Ok(method.to_ascii_uppercase())
}

fn check_nonce(nonce: &str) -> Result<(), SigningError> {
    if !nonce.is_ascii() {
        return Err(SigningError::NonAsciiNonce);
    }
    if nonce.is_empty() || !nonce.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(SigningError::InvalidNonce);
    }
    Ok(())
}

fn hex_lower(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(HEX[usize::from(b >> 4)]));
        s.push(char::from(HEX[usize::from(b & 0x0f)]));
    }
    s
}

fn non_empty(value: &Option<String>, name: &'static str) -> Result<(), SigningError> {
    match value {
        Some(v) if v.is_empty() => Err(SigningError::EmptyOauthParameter(name)),
        _ => Ok(()),
    }
}

fn is_oauth_name(name: &str) -> bool {
    name.len() >= 6 && name.as_bytes()[..6].eq_ignore_ascii_case(b"oauth_")
}

fn check_realm(realm: &str) -> Result<(), SigningError> {
    let ok = realm
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
    if ok {
        Ok(())
    } else {
        Err(SigningError::InvalidRealm)
    }
}

/// Signs a request (RFC 5849 HMAC-SHA1). `entropy` is needed only when the nonce or the
/// timestamp is not given. See the module documentation for every rule and refusal.
///
/// ```
/// use preflight::signing::{oauth1, Oauth1Request};
/// // RFC 5849 §1.2, the temporary credentials request of the photos.example.net walk-through.
/// let mut req = Oauth1Request::new(
///     "POST",
///     "https://photos.example.net/initiate",
///     "dpf43f3p2l4k3l03",
///     "kd94hf93k423kf44",
/// );
/// req.callback = Some("http://printer.example.com/ready".into());
/// req.nonce = Some("wIjqoS".into());
/// req.timestamp = Some(137131200);
/// req.realm = Some("Photos".into());
/// req.omit_version = true;
/// let signed = oauth1::sign(&req, None)?;
/// assert_eq!(signed.signature, "74KNZJeDHnMBp0EMJ9ZHt/XKycU="); // as printed in §1.2
/// assert!(signed.authorization_header.starts_with("OAuth realm=\"Photos\", "));
/// # Ok::<(), preflight::signing::SigningError>(())
/// ```
pub fn sign(
    req: &Oauth1Request,
    entropy: Option<&Entropy>,
) -> Result<Oauth1Signature, SigningError> {
    let method = check_method(&req.method)?;
    let url = parse_url(&req.url)?;
    if req.consumer_key.is_empty() {
        return Err(SigningError::EmptyConsumerKey);
    }
    if req.consumer_secret.is_empty() {
        return Err(SigningError::EmptySecret);
    }
    non_empty(&req.token, "oauth_token")?;
    non_empty(&req.callback, "oauth_callback")?;
    non_empty(&req.verifier, "oauth_verifier")?;
    let token_secret = req.token_secret.as_deref().unwrap_or("");
    if req.token.is_none() && !token_secret.is_empty() {
        // A token secret without its token is a caller mistake; signing would hide it.
        return Err(SigningError::MissingOauthToken);
    }
    if let Some(realm) = &req.realm {
        check_realm(realm)?;
    }
    if url
        .query
        .iter()
        .chain(req.params.iter())
        .any(|(n, _)| is_oauth_name(n))
    {
        return Err(SigningError::OauthParameterInParams);
    }
    for (i, (name, _)) in req.extra_oauth_params.iter().enumerate() {
        if !name.starts_with("oauth_") || name == "oauth_signature" {
            return Err(SigningError::InvalidOauthParameter);
        }
        if BUILT_IN.contains(&name.as_str())
            || req.extra_oauth_params[..i].iter().any(|(n, _)| n == name)
        {
            return Err(SigningError::DuplicateOauthParameter);
        }
    }

    let nonce = match &req.nonce {
        Some(n) => {
            check_nonce(n)?;
            n.clone()
        }
        None => {
            let e = entropy.ok_or(SigningError::MissingEntropy)?;
            if e.random.iter().all(|&b| b == 0) {
                return Err(SigningError::WeakEntropy);
            }
            hex_lower(&e.random)
        }
    };
    let timestamp = match req.timestamp {
        Some(t) => t,
        None => entropy.ok_or(SigningError::MissingEntropy)?.now_unix,
    };
    if timestamp == 0 {
        return Err(SigningError::InvalidTimestamp);
    }
    if timestamp > MAX_TIMESTAMP_SECONDS {
        return Err(SigningError::MillisecondTimestamp);
    }

    let mut oauth: Vec<(String, String)> = vec![
        ("oauth_consumer_key".into(), req.consumer_key.clone()),
        ("oauth_nonce".into(), nonce.clone()),
        ("oauth_signature_method".into(), SIGNATURE_METHOD.into()),
        ("oauth_timestamp".into(), timestamp.to_string()),
    ];
    if let Some(t) = &req.token {
        oauth.push(("oauth_token".into(), t.clone()));
    }
    if !req.omit_version {
        oauth.push(("oauth_version".into(), VERSION.into()));
    }
    if let Some(c) = &req.callback {
        oauth.push(("oauth_callback".into(), c.clone()));
    }
    if let Some(v) = &req.verifier {
        oauth.push(("oauth_verifier".into(), v.clone()));
    }
    oauth.extend(req.extra_oauth_params.iter().cloned());

    let mut all = oauth.clone();
    all.extend(url.query.iter().cloned());
    all.extend(req.params.iter().cloned());
    let base_string = signature_base_string(&method, &url.base_uri, &normalize_parameters(&all));
    let key = signing_key(&req.consumer_secret, token_secret);
    let signature = hmac_sha1_signature(&key, &base_string)?;

    oauth.push(("oauth_signature".into(), signature.clone()));
    let mut header_pairs: Vec<(String, String)> =
        oauth.iter().map(|(n, v)| (encode(n), encode(v))).collect();
    crate::sort::sort(&mut header_pairs);
    let mut parts: Vec<String> = Vec::with_capacity(header_pairs.len() + 1);
    if let Some(realm) = &req.realm {
        parts.push(format!("realm=\"{realm}\""));
    }
    parts.extend(header_pairs.iter().map(|(n, v)| format!("{n}=\"{v}\"")));
    let authorization_header = format!("OAuth {}", parts.join(", "));

    Ok(Oauth1Signature {
        signature,
        base_string,
        authorization_header,
        nonce,
        timestamp,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonce_rules() {
        assert_eq!(check_nonce("abc"), Ok(()));
        assert_eq!(check_nonce("abç"), Err(SigningError::NonAsciiNonce));
        assert_eq!(check_nonce(""), Err(SigningError::InvalidNonce));
        assert_eq!(check_nonce("a b"), Err(SigningError::InvalidNonce));
        assert_eq!(check_nonce("a\nb"), Err(SigningError::InvalidNonce));
    }

    #[test]
    fn hex_nonce_is_64_lowercase_digits() {
        let h = hex_lower(&[0xab; 32]);
        assert_eq!(h.len(), 64);
        assert!(h.chars().all(|c| c == 'a' || c == 'b'));
    }
}
