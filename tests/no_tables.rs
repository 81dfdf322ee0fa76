//! The crate without its Unicode tables (`--no-default-features`, as the wasm binding builds it):
//! a value that needs normalizing is an error with its own code (`normalization_unavailable`)
//! until the embedder registers a normalizer, never a wrong hash; the registration is
//! process-wide and the first call wins. With the tables (the default) the same values hash as
//! the spec says and registering does nothing.
//!
//! Run without the tables by scripts/test.sh: `cargo test -p preflight --no-default-features
//! --test no_tables`. One test function: the registration is global to this process, so the
//! steps must run in this order.

use preflight::audience::Registration;
use preflight::audience::{hash, set_lowercase, set_normalizer, Form, HashOptions, IdType};
use preflight::{Kind, Options};

/// audience-identifiers.md "Public vectors": `jose\u{0301}@example.com` (decomposed é).
const DECOMPOSED: &str = "jose\u{301}@example.com";
const DECOMPOSED_SHA256: &str = "b0a53cf19e34d05b57bced7365c6b00ddbe38d62957e863de2a66a56c3b42cea";

/// SHA-256 of `οδυσσευς@example.com` (the lowercase of `ΟΔΥΣΣΕΥΣ@example.com`, final `ς`), by
/// Python's hashlib.
const SIGMA_SHA256: &str = "7a31321315d4253a1615c10fd8d4ce1e07e9c1a9785a2e241e6476079b0dbfff";

/// A test normalizer that knows one composition (e + U+0301 -> é), enough for the spec vector.
fn compose_e_acute(s: &str, form: Form) -> String {
    let _ = form;
    s.replace("e\u{301}", "\u{e9}")
}

/// A test lowercase that applies the Final_Sigma rule for the one word below.
fn greek_lowercase(s: &str) -> String {
    s.to_lowercase()
}

fn webhook_url_issue_codes(url: &str) -> Vec<String> {
    let payload = serde_json::json!({ "url": url });
    let report = preflight::validate(Kind::WebhookCreate, &payload, &Options::default());
    report.issues.iter().map(|i| i.code.to_string()).collect()
}

#[test]
fn normalization_is_an_error_until_a_normalizer_is_registered() {
    let opts = HashOptions::default();
    let sigma = "ΟΔΥΣΣΕΥΣ@example.com";
    // Already NFC, no `Σ`: never needs the normalizer (the spec's `Émile` row lowercases by the
    // crate's table).
    assert_eq!(
        hash(IdType::Email, "jos\u{e9}@example.com", &opts).as_deref(),
        Ok(DECOMPOSED_SHA256)
    );

    #[cfg(feature = "nfc-tables")]
    {
        assert_eq!(
            hash(IdType::Email, DECOMPOSED, &opts).as_deref(),
            Ok(DECOMPOSED_SHA256)
        );
        assert_eq!(set_normalizer(compose_e_acute), Registration::TablesBuiltIn);
        assert_eq!(set_lowercase(greek_lowercase), Registration::TablesBuiltIn);
        assert_eq!(
            hash(IdType::Email, sigma, &opts).as_deref(),
            Ok(SIGMA_SHA256)
        );
        assert!(webhook_url_issue_codes("https://ｌｏｃａｌｈｏｓｔ/hook")
            .contains(&"not_allowed".to_string()));
    }

    #[cfg(not(feature = "nfc-tables"))]
    {
        use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
        use preflight::audience::{hash_lines, HashOutput, IdError};
        // Before registration: an error with its own code, in every path, never the wrong hash.
        let err = hash(IdType::Email, DECOMPOSED, &opts).expect_err("needs NFC");
        assert_eq!(err.code(), "normalization_unavailable");
        assert_eq!(
            hash(IdType::Email, sigma, &opts).map_err(|e| e.code()),
            Err("normalization_unavailable")
        );
        let mut out = HashOutput::new();
        hash_lines(
            IdType::Email,
            &format!("{DECOMPOSED}\na@b.c\n"),
            &opts,
            &mut out,
        );
        assert_eq!(out.errors(), &[(0, IdError::NormalizationUnavailable)]);
        assert_eq!(out.get(0), None);
        assert_eq!(out.ok_count(), 1);
        let bodies = build_bodies(
            Endpoint::CustomAudienceUsers,
            &[AudienceRecord::new().with(IdType::Email, DECOMPOSED)],
            &BatchOptions::default(),
        )
        .expect("valid options");
        assert!(bodies.bodies.is_empty());
        assert_eq!(bodies.rejected[0].error.code(), "normalization_unavailable");
        // A host name that needs NFKC cannot be judged: reported, not passed.
        assert_eq!(
            webhook_url_issue_codes("https://ｌｏｃａｌｈｏｓｔ/hook"),
            vec!["invalid_url".to_string()]
        );

        // The first registration wins, for the whole process; a second changes nothing.
        assert_eq!(set_normalizer(compose_e_acute), Registration::Registered);
        assert_eq!(
            set_normalizer(|s, _| s.to_uppercase()),
            Registration::AlreadyRegistered
        );
        assert_eq!(
            hash(IdType::Email, DECOMPOSED, &opts).as_deref(),
            Ok(DECOMPOSED_SHA256)
        );
        // `Σ` still needs the lowercase, registered separately.
        assert_eq!(
            hash(IdType::Email, sigma, &opts).map_err(|e| e.code()),
            Err("normalization_unavailable")
        );
        assert_eq!(set_lowercase(greek_lowercase), Registration::Registered);
        assert_eq!(
            set_lowercase(str::to_uppercase),
            Registration::AlreadyRegistered
        );
        // SHA-256 of "οδυσσευς@example.com" (final ς), by Python's hashlib.
        assert_eq!(
            hash(IdType::Email, sigma, &opts).as_deref(),
            Ok(SIGMA_SHA256)
        );
    }
}
