//! `Debug` output of every public type that can hold an identifier or a secret (issue 14,
//! finding 4), each formatted after real use with marked values: the audience types
//! (`LineHasher` with a partial line and pending results, `HashOutput` holding verbatim partner
//! ids, `AudienceRecord`, `BodyBuilder` halfway through a body, `Bodies` and `Body`, the options),
//! the validation options (`Options`, `Context`) and the signing types (`Oauth1Request` with user
//! information that a pattern misses, `Oauth1Signature`, `Entropy`, `ParsedUrl`,
//! `CrcTokenPolicy`). Every output is searched for every form of every mark, and for the marks'
//! core as the bytes of a `Vec<u8>`.

use super::{leaks, DEVICE, EMAIL, HANDLE, PARTNER, PHONE, SECRET, SERVICE, TOKEN, TOKEN_SECRET};
use preflight::audience::batch::{
    build_bodies, AudienceRecord, BatchOptions, BodyBuilder, Endpoint,
};
use preflight::audience::{self, HashOptions, IdType, LineHasher};
use preflight::signing::oauth1::parse_url;
use preflight::signing::{self, CrcTokenPolicy, Entropy, Oauth1Request};
use serde_json::json;

/// A marked value of each type: valid ones (so that they are hashed, or kept verbatim) and an
/// invalid one.
fn marked(t: IdType) -> [String; 2] {
    match t {
        IdType::Email => [EMAIL.into(), format!("{EMAIL} {SECRET}")],
        IdType::PhoneNumber => [PHONE.into(), format!("{PHONE} x{SERVICE}")],
        IdType::Handle => ["Mark_7f3a9".into(), HANDLE.repeat(3)],
        IdType::DeviceId => [DEVICE.into(), format!("{DEVICE}0")],
        IdType::ServiceId => [SERVICE.into(), format!("{SERVICE}{SECRET}")],
        IdType::PartnerUserId => [PARTNER.into(), String::new()],
        _ => panic!("no marked values for the new identifier type {t}"),
    }
}

/// The `Debug` outputs, each after use, as (what, text).
fn outputs() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |what: &str, text: String| out.push((what.to_owned(), text));
    let opts = HashOptions::default().with_default_country_code("1").ok();
    let opts = opts.unwrap_or_default();
    for t in IdType::ALL {
        let [good, bad] = marked(t);
        // A line hasher with finished lines, pending results and a partial marked line.
        let mut h = LineHasher::new(t, opts.clone());
        h.push(format!("{good}\r\n{bad}\n{good}\n").as_bytes());
        h.push(good.as_bytes());
        add(&format!("LineHasher {t}"), format!("{h:?}"));
        let taken = h.take_output();
        assert_eq!(taken.len(), 3, "{t}");
        add(
            &format!("HashOutput taken from a LineHasher {t}"),
            format!("{taken:?}"),
        );
        let rest = h.finish();
        assert_eq!(rest.ok_count(), 1, "{t}");
        add(
            &format!("HashOutput of a finished LineHasher {t}"),
            format!("{rest:?}"),
        );
        let many = audience::hash_many(t, [good.as_str(), bad.as_str()], &opts);
        assert_eq!(many.ok_count(), 1, "{t}");
        add(&format!("HashOutput {t}"), format!("{many:?}"));
    }
    // Records, a builder halfway through a body, finished bodies.
    let record = |i: usize| {
        let mut r = AudienceRecord::new();
        for t in IdType::ALL {
            r.push(t, marked(t)[i % 2].clone());
        }
        r
    };
    let records: Vec<AudienceRecord> = (0..4).map(record).collect();
    add("AudienceRecord", format!("{:?}", records[0]));
    let only_valid: Vec<AudienceRecord> = (0..3)
        .map(|_| {
            AudienceRecord::new()
                .with(IdType::Email, EMAIL)
                .with(IdType::PartnerUserId, PARTNER)
        })
        .collect();
    let batch = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.hash = opts.clone();
        batch_opts
    };
    let mut builder = BodyBuilder::new(Endpoint::CustomAudienceUsers, &batch).expect("options");
    for r in only_valid.iter().chain(&records) {
        assert!(builder.push(r).is_none());
    }
    add("BodyBuilder", format!("{builder:?}"));
    let bodies = builder.finish();
    assert!(
        bodies.bodies[0].json.contains(PARTNER),
        "a partner id is sent verbatim"
    );
    add("Bodies from BodyBuilder", format!("{bodies:?}"));
    add("Body", format!("{:?}", bodies.bodies[0]));
    let built = build_bodies(Endpoint::CustomAudienceUsers, &only_valid, &batch).expect("bodies");
    add("Bodies", format!("{built:?}"));
    add("BatchOptions", format!("{batch:?}"));
    add("HashOptions", format!("{opts:?}"));
    // Validation options holding a record's values and the authenticated user's id.
    let options = preflight::Options::from_value(&json!({"context": {
        "objective": "REACH",
        "current": {"name": SECRET, "email": EMAIL, "nested": {"id": SERVICE}},
        "media_types": {format!("3_{SERVICE}"): "IMAGE"},
        "authenticated_user_id": SERVICE,
    }}))
    .expect("valid options");
    let report = crate::common::envelope::validate_json_envelope("line_item_update", b"{}", "");
    assert!(!report.is_empty());
    add("Options", format!("{options:?}"));
    add("Context", format!("{:?}", options.context));
    // Signing: requests whose URLs carry user information in the shapes a pattern misses.
    let entropy = Entropy {
        random: [0x7f; 32],
        now_unix: 1_318_622_958,
    };
    for url in [
        format!("https://{TOKEN}:pa/{SECRET}@example.com/x"),
        format!("//{TOKEN}:{SECRET}@example.com/"),
        format!("https://{TOKEN}/x:{SECRET}@example.com/y"),
        format!("https://{TOKEN}:{SECRET}@example.com/?q={EMAIL}"),
        format!("https://example.com/1.1/x.json?q={EMAIL}#{SECRET}"),
    ] {
        let req = {
            let mut request = Oauth1Request::default();
            request.method = "POST".into();
            request.url = url.clone();
            request.params = vec![("status".into(), format!("{PHONE} {SERVICE}"))];
            request.consumer_key = TOKEN.into();
            request.consumer_secret = SECRET.into();
            request.token = Some(TOKEN.into());
            request.token_secret = Some(TOKEN_SECRET.into());
            request.verifier = Some(TOKEN.into());
            request.callback = Some(format!("https://example.com/cb?{SECRET}"));
            request.extra_oauth_params = vec![("oauth_x".into(), SECRET.into())];
            request
        };
        let signed = signing::oauth1_sign(&req, Some(&entropy));
        add(&format!("Oauth1Request {url}"), format!("{req:?}"));
        if let Ok(sig) = signed {
            add("Oauth1Signature", format!("{sig:?}"));
        }
        if let Ok(parsed) = parse_url(&url) {
            add(&format!("ParsedUrl {url}"), format!("{parsed:?}"));
        }
    }
    add("Entropy", format!("{entropy:?}"));
    let policy = CrcTokenPolicy::custom(8, 64, ".~").expect("policy");
    let token = signing::crc_response_token(SECRET.as_bytes(), "MARKtoken7f3a9xx", &policy);
    assert!(token.is_ok());
    add("CrcTokenPolicy", format!("{policy:?}"));
    out
}

/// The marks' shared core `7f3a9` as `Debug` prints a byte vector (`[.., 55, 102, 51, 97, 57,
/// ..]`): a buffer of raw bytes is a leak too.
fn core_as_bytes() -> Vec<String> {
    ["7f3a9", "7F3A9"]
        .iter()
        .map(|c| {
            format!("{:?}", c.as_bytes())
                .trim_matches(['[', ']'])
                .to_owned()
        })
        .collect()
}

/// Every `Debug` output is free of every mark, and says what it is (no empty output).
pub fn check_every_type() {
    let all = outputs();
    assert!(all.len() > 40, "{} outputs", all.len());
    let mut bad = Vec::new();
    for (what, text) in &all {
        let mut found = leaks(text);
        found.extend(core_as_bytes().into_iter().filter(|b| text.contains(b)));
        if !found.is_empty() {
            bad.push(format!("{what}: {found:?} in {text}"));
        }
        let type_name = what.split(' ').next().unwrap_or_default();
        assert!(text.contains(type_name), "{what}: {text}");
    }
    assert!(bad.is_empty(), "{} leaks:\n{}", bad.len(), bad.join("\n"));
}
