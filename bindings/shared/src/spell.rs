//! The snake_case twin of a camelCase name or message, made at compile time.
//!
//! A capital letter that follows a lowercase letter or a digit becomes `_` and its lowercase:
//! `phoneFormat` is `phone_format`, `oauth1Sign` is `oauth1_sign`; everything else stays
//! (`MAX_USERS_PER_BODY`, `CRC`, `'Update'`, `HMAC-SHA1`).

/// Whether byte `i` of `b` starts a new word (see the module's rule).
const fn hump(b: &[u8], i: usize) -> bool {
    i > 0
        && b[i].is_ascii_uppercase()
        && (b[i - 1].is_ascii_lowercase() || b[i - 1].is_ascii_digit())
}

/// The length of [`snake_bytes`] of `s`.
pub const fn snake_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut n = b.len();
    let mut i = 0;
    while i < b.len() {
        if hump(b, i) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The snake_case twin of `s`, `N` bytes long ([`snake_len`]).
pub const fn snake_bytes<const N: usize>(s: &str) -> [u8; N] {
    let b = s.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    let mut j = 0;
    while i < b.len() {
        if hump(b, i) {
            out[j] = b'_';
            j += 1;
            out[j] = b[i].to_ascii_lowercase();
        } else {
            out[j] = b[i];
        }
        i += 1;
        j += 1;
    }
    out
}

/// The snake_case twin of a constant `&str`, as a `&'static str` constant.
#[macro_export]
#[doc(hidden)]
macro_rules! snake {
    ($s:expr) => {{
        const N: usize = $crate::spell::snake_len($s);
        const B: [u8; N] = $crate::spell::snake_bytes::<N>($s);
        const S: &str = match ::core::str::from_utf8(&B) {
            Ok(s) => s,
            // Only ASCII bytes are changed, into ASCII: unreachable.
            Err(_) => panic!("not UTF-8"),
        };
        S
    }};
}

/// A name or message as `$o`'s host spells it: `$s` (camelCase) or its snake_case twin.
#[macro_export]
#[doc(hidden)]
macro_rules! spelled {
    ($o:expr, $s:expr) => {{
        const CAMEL: &str = $s;
        $crate::Members::spell($o, CAMEL, $crate::snake!(CAMEL))
    }};
}

/// A list of names as `$o`'s host spells them.
#[macro_export]
#[doc(hidden)]
macro_rules! spelled_list {
    ($o:expr, [$($s:expr),* $(,)?]) => {{
        const CAMEL: &[&str] = &[$($s),*];
        const SNAKE: &[&str] = &[$($crate::snake!($s)),*];
        $crate::Members::spell($o, CAMEL, SNAKE)
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn snake_twins() {
        assert_eq!(snake!("phoneFormat"), "phone_format");
        assert_eq!(
            snake!("defaultCountryCode must be a string"),
            "default_country_code must be a string"
        );
        assert_eq!(
            snake!("oauth1Sign: allowed: consumerKey, omitVersion"),
            "oauth1_sign: allowed: consumer_key, omit_version"
        );
        assert_eq!(
            snake!("maxUsersPerBody must be an integer from 1 to MAX_USERS_PER_BODY (2500)"),
            "max_users_per_body must be an integer from 1 to MAX_USERS_PER_BODY (2500)"
        );
        assert_eq!(
            snake!("operation must be 'Update' or 'Delete'"),
            "operation must be 'Update' or 'Delete'"
        );
        assert_eq!(
            snake!("the CRC token policy is invalid: HMAC-SHA1"),
            "the CRC token policy is invalid: HMAC-SHA1"
        );
        assert_eq!(snake!(""), "");
    }
}
