//! No secret and no identifier in any message, error or log.
//!
//! Marked values (a secret, a token secret, an email address, a phone number, a handle, a device
//! id, a service id, a partner id; see [`MARKS`]) are fed through every failing path of the
//! library (validation of many kinds and of every kind's vector payloads, options, audience
//! normalization and hashing of every type, bulk hashing, upload bodies, CRC, event signatures,
//! OAuth 1.0a, app-only credentials); the CLI's half is cli/tests/no_leak.rs. Everything a person or
//! a log could see is searched for any form of them ([`needles`]: as given, lower and upper case,
//! the marker core `7f3a9`, the phone's and service id's digits):
//! - validation: the whole report and error JSON (messages, params, paths), `Display`/`Debug`;
//! - errors of every area: `code`, `message`, `Display`, `Debug`, JSON;
//! - `Debug` of the signing inputs and outputs (documented as redacted), and of every public type
//!   that can hold an identifier or a secret, after use (tests/no_leak/debug.rs);
//! - panics: a hook records every panic message (there must be none);
//! - the CLI: standard output and standard error of every run.
//!
//! The rule: an output whose purpose is to carry the value may carry it (a hash of an accepted
//! identifier, a partner id sent verbatim, a signed base string holding the request's
//! parameters); nothing else may, and a secret never appears anywhere, not even in a successful
//! output. The Node side (the same rule through the JavaScript API) is
//! tests/node/no-leak.test.mjs.

mod common;
#[path = "no_leak/debug.rs"]
mod debug;
#[path = "no_leak/marks.rs"]
mod marks;

use marks::*;
use preflight::audience::batch::{build_bodies, AudienceRecord, BatchOptions, Endpoint};
use preflight::audience::{self, HashOptions, IdType, LineHasher, PhoneFormat};
use preflight::signing::{self, CrcTokenPolicy, Entropy, FlowStep, Oauth1Request};
use preflight::Kind;
use serde_json::{json, Value};
use std::sync::{Mutex, Once};

/// Collects texts and fails with every leak at the end.
#[derive(Default)]
struct Seen {
    texts: Vec<(String, String)>,
}

impl Seen {
    fn add(&mut self, what: impl Into<String>, text: impl Into<String>) {
        self.texts.push((what.into(), text.into()));
    }

    /// An error of any area: code, message, Display, Debug, JSON where it has one.
    fn error<E: std::fmt::Debug + std::fmt::Display>(&mut self, what: &str, e: &E) {
        self.add(what, format!("{e} | {e:?}"));
    }

    fn assert_clean(&self, at_least: usize) {
        assert!(
            self.texts.len() >= at_least,
            "only {} texts collected",
            self.texts.len()
        );
        let mut bad = Vec::new();
        for (what, text) in &self.texts {
            let found = leaks(text);
            if !found.is_empty() {
                let shown: String = text.chars().take(400).collect();
                bad.push(format!("{what}: {found:?} in {shown}"));
            }
        }
        assert!(bad.is_empty(), "{} leaks:\n{}", bad.len(), bad.join("\n"));
        assert_no_panics();
    }
}

static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Records every panic message (from any thread) so the tests can assert there was none.
fn record_panics() {
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // (A failing assertion of one test is recorded too, and fails the others: it is a
            // failure already.)
            if let Ok(mut p) = PANICS.lock() {
                p.push(info.to_string());
            }
            default(info);
        }));
    });
}

fn assert_no_panics() {
    let p = PANICS.lock().map(|p| p.clone()).unwrap_or_default();
    assert!(p.is_empty(), "panics: {p:?}");
}

/// Replaces every string of `v` with `f(original)`.
fn mark_strings(v: &Value, f: &dyn Fn(&str) -> String) -> Value {
    match v {
        Value::String(s) => Value::String(f(s)),
        Value::Array(a) => Value::Array(a.iter().map(|x| mark_strings(x, f)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), mark_strings(x, f)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn validate(seen: &mut Seen, kind: &str, payload: &[u8], options: &str) {
    let what = format!("validate {kind}");
    let out = crate::common::envelope::validate_json_envelope(kind, payload, options);
    seen.add(&what, out);
    if let Ok(k) = kind.parse::<Kind>() {
        if let Err(e) = preflight::validate_slice(k, payload, &preflight::Options::default()) {
            seen.error(&what, &e);
        }
    }
}

#[test]
fn validation_reports_and_errors_carry_no_marked_value() {
    record_panics();
    let mut seen = Seen::default();
    let long = |m: &str| m.repeat(40);
    let payloads: Vec<(&str, Value)> = vec![
        (
            "product",
            json!({"id": long(SECRET), "title": long(EMAIL), "description": format!("<b>{EMAIL}</b>"),
            "availability": SECRET, "condition": TOKEN, "price": format!("{PHONE} USD"),
            "sale_price": format!("1 {SERVICE}"), "link": format!("http://{HANDLE}.example/{EMAIL}"),
            "image_link": format!("not a url {SECRET}"), "mobile_link": format!("https://{SECRET}"),
            "gtin": SERVICE, "color": format!("#ABCDEF {SECRET}"), "brand": 7,
            "additional_image_link": format!("https://a.example/x,,{EMAIL}"),
            "sale_price_effective_date": format!("{SECRET}/{EMAIL}"), "inventory": SECRET,
            "gender": EMAIL, "age_group": PHONE, "mpn": long(DEVICE)}),
        ),
        (
            "product_batch",
            json!({"products": [{"id": SECRET}, {"id": SECRET}, {"id": EMAIL}, {"id": EMAIL}]}),
        ),
        (
            "card",
            json!({"name": long(EMAIL), "components": [{"type": SECRET, "media_key": EMAIL},
            {"type": "DETAILS", "title": long(PHONE), "destination": {"type": "WEBSITE",
            "url": format!("javascript:{SECRET}")}}]}),
        ),
        (
            "poll_card",
            json!({"name": long(SECRET), "duration_in_minutes": format!("{SERVICE}x"), "first_choice": long(EMAIL),
            "second_choice": PHONE, "third_choice": long(HANDLE), "media_key": DEVICE}),
        ),
        (
            "webhook_create",
            json!({"url": format!("http://{SECRET}.example.com/{EMAIL}")}),
        ),
        (
            "webhook_create",
            json!({"url": format!("https://10.0.0.1/{SECRET}?e={EMAIL}")}),
        ),
        ("webhook_id", json!({"webhook_id": SECRET})),
        (
            "activity_subscription",
            json!({"event_type": SECRET, "filter": {"user_id": EMAIL, "direction": PHONE}}),
        ),
        (
            "custom_audience_users",
            json!([{"operation_type": SECRET, "params": {"users": [{"email": [EMAIL],
            "phone_number": [PHONE], "handle": [HANDLE], "device_id": [DEVICE],
            "service_id": [SERVICE], "partner_user_id": [""]}, {"email": EMAIL}],
            "effective_at": SECRET, "expires_at": EMAIL}}]),
        ),
        (
            "do_not_reach_users",
            json!([{"operation_type": "Update", "params": {"users": [{"email": [EMAIL],
            "phone_number": [PHONE], "handle": [HANDLE]}], "expires_at": PHONE}}]),
        ),
        (
            "line_item_update",
            json!({"name": long(EMAIL), "entity_status": SECRET, "bid_amount_local_micro": SECRET}),
        ),
    ];
    for (kind, p) in &payloads {
        validate(&mut seen, kind, p.to_string().as_bytes(), "");
    }
    // Every kind's vector payloads with every string marked (alone, around the original).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/vectors")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let marks: [&dyn Fn(&str) -> String; 3] =
        [&|_| SECRET.to_string(), &|s| format!("{s}{EMAIL}"), &|s| {
            format!("{PHONE} {s} {SERVICE}")
        }];
    for f in files {
        let text = std::fs::read_to_string(&f).expect("vector file");
        let cases: Vec<Value> = serde_json::from_str(&text).expect("cases");
        for c in cases {
            let (Some(kind), Some(p)) = (c["kind"].as_str(), c.get("payload")) else {
                continue;
            };
            for m in marks {
                let payload = mark_strings(p, m).to_string();
                validate(&mut seen, kind, payload.as_bytes(), "");
            }
        }
    }
    // Text that is not JSON, holding marks.
    for text in [
        format!("{{\"name\":\"{SECRET}"),
        format!("{{\"name\":\"{EMAIL}\",}}"),
        format!("{{\"name\":\"{SECRET}\\x\"}}"),
        format!("{{\"name\":\"{SECRET}\\ud800\"}}"),
        format!("{{\"{EMAIL}\" {SECRET}}}"),
        format!("[{}\"{SECRET}\"", "[".repeat(200)),
        format!("{{\"n\":{SERVICE}e999}}"),
    ] {
        validate(&mut seen, "poll_card", text.as_bytes(), "");
    }
    let mut bad_utf8 = format!("{{\"name\":\"{EMAIL}").into_bytes();
    bad_utf8.extend_from_slice(b"\xff\"}");
    validate(&mut seen, "card", &bad_utf8, "");
    // Options holding marks, and a kind name that is a mark.
    for options in [
        json!({"context": {"objective": SECRET}}),
        json!({"context": {"placements": [EMAIL]}}),
        json!({"context": {"budget_optimization": PHONE}}),
        json!({"context": {"current": {"name": SECRET, "x": EMAIL}}}),
        json!({"context": {"objective": {"x": SECRET}}}),
        json!({"context": [SECRET]}),
        json!([EMAIL]),
        json!(SECRET),
    ] {
        validate(&mut seen, "line_item_update", b"{}", &options.to_string());
    }
    validate(
        &mut seen,
        "line_item_update",
        b"{}",
        &format!("{{\"{SECRET}"),
    );
    validate(&mut seen, SECRET, b"{}", "");
    seen.assert_clean(1000);
}

fn opts(format: PhoneFormat, cc: Option<&str>, prehashed: bool) -> HashOptions {
    {
        let mut hash_opts = HashOptions::default();
        hash_opts.phone_format = format;
        hash_opts.default_country_code = cc.map(String::from);
        hash_opts.prehashed = prehashed;
        hash_opts
    }
}

#[test]
fn audience_errors_carry_no_marked_value() {
    record_panics();
    let mut seen = Seen::default();
    let bad_values = [
        format!("{EMAIL}@{EMAIL}"),
        format!("{EMAIL} {SECRET}"),
        format!("{PHONE} x12 {SERVICE}"),
        format!("{HANDLE} {SECRET}"),
        format!("{DEVICE}-{SERVICE}"),
        format!("{SERVICE}{SECRET}"),
        format!("{SECRET}{}", "0".repeat(70_000)),
        String::from("00000000-0000-0000-0000-000000000000"),
        PHONE.replace("+1 ", ""),
        format!("\u{a0}{EMAIL}\u{3000}x"),
        String::new(),
    ];
    let all_opts = [
        opts(PhoneFormat::E164, None, false),
        opts(PhoneFormat::Digits, Some("44"), false),
        opts(PhoneFormat::E164, None, true),
        opts(PhoneFormat::E164, Some(SECRET), false),
        opts(PhoneFormat::E164, Some(SERVICE), false),
    ];
    for t in IdType::ALL {
        for o in &all_opts {
            for v in bad_values.iter().map(String::as_str).chain(MARKS) {
                for r in [audience::normalize(t, v, o), audience::hash(t, v, o)] {
                    match r {
                        Err(e) => {
                            seen.error(&format!("{t} {v}"), &e);
                            seen.add("code", e.code());
                            seen.add("message", e.message());
                        }
                        // Accepted: the normalized form (by purpose) or the hash, which for a
                        // hashed type is 64 hex digits and never the value.
                        Ok(out) if t.is_hashed() && !o.prehashed && out.len() == 64 => {
                            assert!(out.bytes().all(|b| b.is_ascii_hexdigit()), "{t}: {out}")
                        }
                        Ok(_) => {}
                    }
                }
            }
            if let Err(e) = o.validate() {
                seen.error("options", &e);
            }
            // Bulk: errors carry index and code only.
            let values: Vec<&str> = bad_values.iter().map(String::as_str).collect();
            let out = audience::hash_many(t, values.iter().copied(), o);
            seen.add("hash_many errors", format!("{:?}", out.errors()));
            // A record's own country holding a marked value: invalid_country, never the value.
            for country in [EMAIL, PHONE, SECRET, SERVICE] {
                if let Err(e) = audience::hash_for(t, PHONE, Some(country), o) {
                    seen.error(&format!("{t} country {country}"), &e);
                }
            }
            let pairs = values.iter().map(|&v| (v, Some(EMAIL)));
            let out = audience::hash_many_with_countries(t, pairs, o);
            seen.add(
                "hash_many_with_countries errors",
                format!("{:?}", out.errors()),
            );
            let mut h = LineHasher::new(t, o.clone());
            h.push(values.join("\n").as_bytes());
            h.push(b"\xff\xfe");
            h.push(SECRET.as_bytes());
            let out = h.finish();
            seen.add("line hasher errors", format!("{:?}", out.errors()));
        }
    }
    if let Err(e) = SECRET.parse::<IdType>() {
        seen.add("unknown type", format!("{e} {e:?}"));
    }
    // Upload bodies: records with marked invalid values; options with marked dates.
    let records: Vec<AudienceRecord> = [
        AudienceRecord::new().with(IdType::Email, format!("{EMAIL}@")),
        AudienceRecord::new().with(IdType::PhoneNumber, format!("{PHONE}x")),
        AudienceRecord::new().with(IdType::Handle, HANDLE.repeat(3)),
        AudienceRecord::new().with(IdType::DeviceId, format!("{DEVICE}0")),
        AudienceRecord::new().with(IdType::ServiceId, format!("{SERVICE}a")),
        AudienceRecord::new().with(IdType::PartnerUserId, ""),
        AudienceRecord::new(),
        AudienceRecord::new().with(IdType::Email, EMAIL),
        {
            // A country that names none, holding a marked value.
            let mut r = AudienceRecord::new().with(IdType::PhoneNumber, PHONE);
            r.country = Some(EMAIL.to_owned());
            r
        },
    ]
    .into_iter()
    .collect();
    for endpoint in [Endpoint::CustomAudienceUsers, Endpoint::DoNotReachUsers] {
        for o in [
            {
                let mut batch_opts = BatchOptions::default();
                batch_opts.expires_at = Some("2030-01-01T00:00:00Z".into());
                batch_opts
            },
            {
                let mut batch_opts = BatchOptions::default();
                batch_opts.effective_at = Some(SECRET.into());
                batch_opts
            },
            {
                let mut batch_opts = BatchOptions::default();
                batch_opts.expires_at = Some(EMAIL.into());
                batch_opts.now = Some(PHONE.into());
                batch_opts
            },
        ] {
            match build_bodies(endpoint, &records, &o) {
                Ok(out) => {
                    seen.add("rejected", format!("{:?}", out.rejected));
                    seen.add(
                        "rejected json",
                        serde_json::to_string(&out.rejected).unwrap_or_default(),
                    );
                    for r in &out.rejected {
                        seen.add("rejection", format!("{} {}", r.error, r.error.message()));
                    }
                    for r in &out.rejected {
                        seen.add("rejection debug", format!("{r:?}"));
                    }
                    // Bodies carry hashes, never the raw values.
                    for b in &out.bodies {
                        assert!(!b.json.contains(EMAIL) && !b.json.contains("7f3a9"));
                    }
                }
                Err(e) => seen.error("batch options", &e),
            }
        }
    }
    seen.assert_clean(500);
}

fn oauth_request() -> Oauth1Request {
    {
        let mut request = Oauth1Request::default();
        request.method = "POST".into();
        request.url = format!("https://api.example.com/1.1/statuses/update.json?q={EMAIL}");
        request.params = vec![("status".into(), format!("{PHONE} {SERVICE}"))];
        request.consumer_key = TOKEN.into();
        request.consumer_secret = SECRET.into();
        request.token = Some(TOKEN.into());
        request.token_secret = Some(TOKEN_SECRET.into());
        request.nonce = Some("kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg".into());
        request.timestamp = Some(1_318_622_958);
        request
    }
}

#[test]
fn signing_errors_and_logs_carry_no_secret() {
    record_panics();
    let mut seen = Seen::default();
    let policy = CrcTokenPolicy::default();
    // CRC: marked secret, tokens of every wrong shape (some holding the marks).
    for token in [
        format!("{SECRET} {TOKEN}"),
        format!("{{\"a\":\"{EMAIL}\"}}"),
        SECRET.repeat(10),
        "MARK".into(),
        format!("{TOKEN}é{TOKEN}"),
        String::new(),
    ] {
        for key in [SECRET.as_bytes(), b""] {
            match signing::crc_response_token(key, &token, &policy) {
                Err(e) => {
                    seen.error("crc", &e);
                    seen.add("crc json", e.to_json());
                }
                Ok(t) => panic!("signed a token of the wrong shape: {t}"),
            }
        }
    }
    for query in [
        format!("crc_token={SECRET}&crc_token={TOKEN}"),
        format!("x={SECRET}"),
        format!("crc_token={SECRET}%zz"),
        format!("crc_token=%ff{TOKEN}"),
    ] {
        if let Err(e) = signing::crc_token_from_query(&query) {
            seen.error("crc query", &e);
        }
    }
    for extra in [format!("{SECRET} "), "é".into(), "\u{7f}".into()] {
        if let Err(e) = CrcTokenPolicy::custom(16, 128, &extra) {
            seen.error("crc policy", &e);
        }
    }
    // Event signatures: every failing header, with the marked secret, body and header values.
    let body = format!("{{\"email\":\"{EMAIL}\",\"secret\":\"{SECRET}\"}}");
    let good = signing::sign_body(SECRET.as_bytes(), body.as_bytes()).expect("signs");
    let headers = [
        None,
        Some(String::new()),
        Some(format!("sha256={SECRET}")),
        Some(format!("SHA256={TOKEN}")),
        Some(format!("{good}{TOKEN}")),
        Some(good.replace("sha256=", "sha256= ")),
        Some(signing::sign_body(TOKEN_SECRET.as_bytes(), body.as_bytes()).expect("signs")),
        Some(format!("sha256={}", "QUFB")),
    ];
    for h in &headers {
        for key in [SECRET.as_bytes(), b""] {
            if let Err(e) = signing::check_signature(key, body.as_bytes(), h.as_deref()) {
                seen.error("signature", &e);
                seen.add("signature json", e.to_json());
            }
            if let Err(e) = signing::check_crc_request_signature(key, &body, h.as_deref()) {
                seen.error("crc request", &e);
            }
        }
    }
    let dup = [
        ("X-Service-Webhooks-Signature", good.as_str()),
        ("x-service-webhooks-signature", TOKEN),
    ];
    if let Err(e) = signing::check_request_signature(SECRET.as_bytes(), body.as_bytes(), &dup, None)
    {
        seen.error("duplicate header", &e);
    }
    // OAuth 1.0a: every refusal, marked secrets and tokens everywhere.
    let base = oauth_request();
    let mut refusals: Vec<Oauth1Request> = Vec::new();
    let mut change = |f: &dyn Fn(&mut Oauth1Request)| {
        let mut r = base.clone();
        f(&mut r);
        refusals.push(r);
    };
    // (The method and what the URL's parse accepts are shown by `Debug`: no marks there, except
    // in user information, which is a credential and never shown.)
    change(&|r| r.method = "PO ST".into());
    change(&|r| r.url = format!("ftp://example.com/?s={SECRET}"));
    change(&|r| r.url = format!("https://{TOKEN}:{SECRET}@example.com/x"));
    change(&|r| r.url = format!("https://{TOKEN}@example.com"));
    change(&|r| r.url = format!("https://example.com/?oauth_token={TOKEN}"));
    change(&|r| r.url = format!("https://exa mple.com/?{SECRET}"));
    change(&|r| r.consumer_key = String::new());
    change(&|r| r.consumer_secret = String::new());
    change(&|r| r.token = None);
    change(&|r| r.token = Some(String::new()));
    change(&|r| r.nonce = Some(format!("{SECRET}é")));
    change(&|r| r.nonce = Some(format!("{SECRET} {TOKEN}")));
    change(&|r| r.realm = Some("\"quoted".into()));
    change(&|r| {
        r.params
            .push((format!("oauth_{SECRET}"), TOKEN_SECRET.into()))
    });
    change(&|r| {
        r.extra_oauth_params
            .push(("oauth_signature".into(), SECRET.into()))
    });
    change(&|r| r.callback = Some(format!("{SECRET} not a url")));
    change(&|r| r.verifier = Some(String::new()));
    change(&|r| r.timestamp = None);
    for r in &refusals {
        seen.add("request debug", format!("{r:?}"));
        if let Err(e) = signing::oauth1_sign(r, None) {
            seen.error("oauth1", &e);
        }
        for step in FlowStep::ALL {
            if let Err(e) = signing::oauth1_sign_for_step(step, r, None) {
                seen.error("oauth1 step", &e);
            }
        }
    }
    let weak = Entropy {
        random: [0; 32],
        now_unix: 1,
    };
    let mut no_nonce = base.clone();
    no_nonce.nonce = None;
    if let Err(e) = signing::oauth1_sign(&no_nonce, Some(&weak)) {
        seen.error("weak entropy", &e);
    }
    seen.add("entropy debug", format!("{weak:?}"));
    // A successful signature: its Debug and its outputs carry no secret (the base string holds
    // the request's parameters and the consumer key and token by purpose).
    let signed = signing::oauth1_sign(&base, None).expect("signs");
    seen.add("signature debug", format!("{signed:?}"));
    let outputs = format!(
        "{} {} {}",
        signed.authorization_header, signed.base_string, signed.signature
    );
    assert!(!outputs.contains(SECRET) && !outputs.contains(TOKEN_SECRET));
    if let Err(e) =
        signing::authorize_url(&format!("http://{SECRET}.example/x?y"), TOKEN, None, None)
    {
        seen.error("authorize url", &e);
    }
    // App-only credentials.
    for (key, secret) in [(TOKEN, ""), ("", SECRET), ("", "")] {
        if let Err(e) = signing::basic_credentials(key, secret) {
            seen.error("basic", &e);
        }
    }
    for body in [
        format!("grant_type={SECRET}"),
        format!("{SECRET}=client_credentials"),
    ] {
        if let Err(e) = signing::check_token_request_body(&body) {
            seen.error("token body", &e);
        }
    }
    if let Err(e) = signing::check_grant_type(SECRET) {
        seen.error("grant type", &e);
    }
    for s in [format!("{SECRET}%zz"), format!("%ff{EMAIL}")] {
        if let Err(e) = signing::percent::decode(&s) {
            seen.error("percent", &e);
        }
    }
    seen.assert_clean(150);
}

#[test]
fn debug_of_every_type_holding_values_carries_none() {
    record_panics();
    debug::check_every_type();
    assert_no_panics();
}

/// The error-body and token-answer readers (src/answers/problem.rs, oauth.rs): every error of a
/// token answer holding marked tokens, secrets, user ids and names, and every `Debug` of a token
/// answer read, is free of them; so is every issue message of an error body whose members hold
/// them (the result's values may carry the body's own text: that is what it reads).
#[test]
fn answer_readers_carry_no_token_or_secret_in_errors_or_debug() {
    use preflight::answers::{self, oauth};
    record_panics();
    let mut seen = Seen::default();
    let bad_token_answers = [
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}&oauth_callback_confirmed={TOKEN}"),
        format!("oauth_token={TOKEN}&oauth_token={TOKEN_SECRET}&oauth_token_secret={TOKEN_SECRET}&oauth_callback_confirmed=true"),
        format!("{TOKEN}={SECRET}&{TOKEN}={SECRET}"),
        format!("oauth_token={TOKEN}+{SECRET}&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}%zz&oauth_token_secret={TOKEN_SECRET}"),
        format!("oauth_token={TOKEN}&user_id={SERVICE}&screen_name={HANDLE}"),
        format!("{{\"oauth_token\":\"{TOKEN}\",\"oauth_token_secret\":{SERVICE}}}"),
        format!("{{\"oauth_token\":\"{TOKEN_SECRET}\""),
    ];
    for text in &bad_token_answers {
        for call in ["request_token", "access_token", "invalidate_token"] {
            let args = json!({ "text": text }).to_string();
            if let Err(e) = answers::call(call, &args) {
                seen.error(call, &e);
                seen.add(call, e.to_json());
            }
        }
        if let Err(e) = oauth::read_request_token(text) {
            seen.error("read_request_token", &e);
        }
        if let Err(e) = oauth::read_access_token(text) {
            seen.error("read_access_token", &e);
        }
    }
    let good = [
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}&oauth_callback_confirmed=true&x={SECRET}"),
        format!("oauth_token={TOKEN}&oauth_token_secret={TOKEN_SECRET}&user_id={SERVICE}&screen_name={PARTNER}&x={EMAIL}"),
    ];
    let r = oauth::read_request_token(&good[0]).expect("read");
    assert_eq!(r.oauth_token_secret.expose(), TOKEN_SECRET);
    seen.add("Debug of RequestToken", format!("{r:?}"));
    let a = oauth::read_access_token(&good[1]).expect("read");
    assert_eq!(a.user_id.as_deref(), Some(SERVICE));
    seen.add("Debug of AccessToken", format!("{a:?}"));
    let i =
        oauth::read_invalidate_token(&format!("{{\"access_token\":\"{TOKEN}\"}}")).expect("read");
    seen.add("Debug of InvalidatedToken", format!("{i:?}"));
    // Error bodies: issue messages and params name members, never their values.
    for body in [
        format!("{{\"type\":\"x/resource-not-found\",\"title\":\"{SECRET}\",\"parameter\":\"\",\"resource_type\":\"{TOKEN}\",\"resource_id\":\"{SERVICE}\",\"value\":\"{EMAIL}\"}}"),
        format!("{{\"code\":\"{TOKEN}\",\"message\":{SERVICE}}}"),
        format!("{{\"type\":\"x/usage-capped\",\"title\":\"t\",\"period\":\"{TOKEN}\",\"scope\":\"{HANDLE}\"}}"),
        format!("{{\"{TOKEN}\":\"{SECRET}\"}}"),
    ] {
        let read = answers::problem::read_error_body(&body, Some("text/plain"), Some(401))
            .expect("read");
        for issue in &read.issues {
            seen.add("error_body issue", format!("{} {} {:?}", issue.message, issue.params, issue));
        }
    }
    for text in [format!("<{TOKEN}>"), format!("{{\"a\":\"{SECRET}\"")] {
        if let Err(e) = answers::problem::read_error_body(&text, None, None) {
            seen.error("error_body", &e);
        }
    }
    seen.assert_clean(20);
}
