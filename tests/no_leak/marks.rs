//! The marked values and how to find them in any text, shared by the library half
//! (tests/no_leak.rs) and the CLI half (cli/tests/no_leak.rs) of the no-leak tests.

// Each half uses some of them.
#![allow(dead_code)]

/// The consumer secret.
pub const SECRET: &str = "MARK_SECRET_7f3a9";
/// The token secret.
pub const TOKEN_SECRET: &str = "MARK_TOKENSECRET_7f3a9";
/// An oauth_token / crc_token / consumer key (credentials that must not be echoed either).
pub const TOKEN: &str = "MARKtoken7f3a9";
pub const EMAIL: &str = "Mark.Email.7f3a9@Example.com";
pub const PHONE: &str = "+1 (555) 000-1234";
pub const HANDLE: &str = "@Mark_7f3a9";
pub const DEVICE: &str = "7F3A9000-AAAA-4BBB-8CCC-7F3A9DDDEEEE";
pub const SERVICE: &str = "73930001234";
pub const PARTNER: &str = "partner-7f3a9-MARK";
pub const MARKS: [&str; 9] = [
    SECRET,
    TOKEN_SECRET,
    TOKEN,
    EMAIL,
    PHONE,
    HANDLE,
    DEVICE,
    SERVICE,
    PARTNER,
];

/// Every form of a marked value that must not appear: the marks as given, lower and upper case,
/// the core every alphanumeric mark shares, and the digits of the phone number and service id.
pub fn needles() -> Vec<String> {
    let mut out = Vec::new();
    for m in MARKS {
        out.extend([m.to_string(), m.to_lowercase(), m.to_uppercase()]);
    }
    out.extend(["7f3a9", "7F3A9", "5550001234", "0001234", "73930001"].map(String::from));
    out
}

/// The needles found in `text`.
pub fn leaks(text: &str) -> Vec<String> {
    needles().into_iter().filter(|n| text.contains(n)).collect()
}
