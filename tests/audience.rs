//! Audience identifiers (audience-identifiers.md): every public vector, the edge cases the spec
//! names, bulk and streaming input, and upload bodies against both request limits.

use preflight::audience::batch::{
    build_bodies, AudienceRecord, BatchError, BatchOptions, BodyBuilder, Endpoint, Operation,
    RecordError, MAX_BODY_BYTES, MAX_OPERATIONS_PER_BODY, MAX_USERS_PER_BODY,
};
use preflight::audience::{
    hash, hash_lines, hash_many, normalize, HashOptions, HashOutput, IdError, IdType, LineHasher,
    PhoneFormat, MAX_VALUE_BYTES,
};
use serde_json::{json, Value};

fn opts() -> HashOptions {
    HashOptions::default()
}

fn with_cc(cc: &str) -> HashOptions {
    HashOptions::default()
        .with_default_country_code(cc)
        .expect("valid country code")
}

fn code(t: IdType, raw: &str, o: &HashOptions) -> &'static str {
    match hash(t, raw, o) {
        Ok(_) => "ok",
        Err(e) => e.code(),
    }
}

// ---------------------------------------------------------------------------------------------
// The spec's public vectors.

/// (type, raw, options, normalized, sha256) from the "Public vectors" table.
#[rustfmt::skip]
fn public_vectors() -> Vec<(IdType, &'static str, HashOptions, &'static str, &'static str)> {
    use IdType::*;
    vec![
        (Email, "  Support@X.com ", opts(), "support@x.com",
         "6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381"),
        (Email, "testemail_Organisational_baseball+884@It92I6Ev2B.Com", opts(),
         "testemail_organisational_baseball+884@it92i6ev2b.com",
         "c934839719cef7e670281f3a3e281dfb93f0f4b4f0519d8df09a993971227d9e"),
        (Email, "Jane.Doe+News@Gmail.com", opts(), "jane.doe+news@gmail.com",
         "f41439c944a763c9812d700a779941cec169de13c9ccd13aaf9424ba5231620a"),
        (Email, "\u{FEFF}alice@example.com\r\n", opts(), "alice@example.com",
         "ff8d9819fc0e12bf0d24892e45987e249a28dce836a85cad60e28eaaa8c6d976"),
        (Email, "jose\u{0301}@example.com", opts(), "jos\u{e9}@example.com",
         "b0a53cf19e34d05b57bced7365c6b00ddbe38d62957e863de2a66a56c3b42cea"),
        (Email, "ÉMILE@EXAMPLE.FR", opts(), "émile@example.fr",
         "785a3e87c6b9f8c4a167e44c2456219325da44c27a00afb793663d9ff71dfd7c"),
        (PhoneNumber, "+44 20 7183 8750", opts(), "+442071838750",
         "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"),
        (PhoneNumber, "0044 20 7183 8750", opts(), "+442071838750",
         "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"),
        (PhoneNumber, "(657) 777-0000", with_cc("1"), "+16577770000",
         "a6e82c2f4091baff57a4f33d01efb65bfbeacbbfbcfaa9d0ff9f57d28d78fedb"),
        (PhoneNumber, "1-415-555-0123", with_cc("1"), "+14155550123",
         "36a2cef4ff9bf7a1abd2a93359136b870393be4106e6c5d19b72ff564f9deca4"),
        (PhoneNumber, "8 (495) 123-45-67", with_cc("7"), "+74951234567",
         "39cae6bb4e77fcd8ca8d244a9d724a620157b2ff34dadcc6565586f3a6005fbc"),
        (PhoneNumber, "06 4567 8901", with_cc("39"), "+390645678901",
         "2764e06a2f90146ddb8290642210540cc209fcc20aabff0427dd5f59669e3a35"),
        (PhoneNumber, "+44 (0) 20 7183 8750", opts(), "+442071838750",
         "e631c2534428c6c9b48c2167604a8983046085e43a2c00ed748733c544c0bb4d"),
        (PhoneNumber, "447911123456", with_cc("44"), "+447911123456",
         "20b18ac9de7b3aad174961827d8e451c410af9aedfd1d699927f4b29b81aa1fa"),
        (Handle, "@AdsAPI", opts(), "adsapi",
         "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"),
        (DeviceId, "4B61639E-47CC-4056-A16A-C8217E029462", opts(),
         "4b61639e-47cc-4056-a16a-c8217e029462",
         "225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a"),
        (DeviceId, "4b61639e47cc4056a16ac8217e029462", opts(),
         "4b61639e-47cc-4056-a16a-c8217e029462",
         "225859d35b46df63b4fb381eb3f815b2ef4620bec0a79f2115a6a3eb71a5fa1a"),
        (DeviceId, " AF3802A465767E36 ", opts(), "af3802a465767e36",
         "38bb33cb239524887c276ca99f9a077bc7161629804b914f4fd52e19dcffe92c"),
        (ServiceId, "143567", opts(), "143567",
         "617b8747525a154b1ecf75a42d883df00e0dd6d0f981bea57ac7bdce73e57eae"),
    ]
}

#[test]
fn public_vectors_normalize_and_hash() {
    for (t, raw, o, normalized, sha) in public_vectors() {
        assert_eq!(
            normalize(t, raw, &o).as_deref(),
            Ok(normalized),
            "{t} {raw:?}"
        );
        assert_eq!(hash(t, raw, &o).as_deref(), Ok(sha), "{t} {raw:?}");
    }
}

#[test]
fn public_vector_errors() {
    use IdType::*;
    let cases = [
        (Email, "john doe@example.com", opts(), "invalid_email"),
        (Email, "no-at-sign.example.com", opts(), "invalid_email"),
        (
            PhoneNumber,
            "(657) 777-0000",
            opts(),
            "missing_country_code",
        ),
        (
            PhoneNumber,
            "+1-800-FLOWERS",
            opts(),
            "invalid_phone_number",
        ),
        (
            PhoneNumber,
            "919876543210",
            with_cc("91"),
            "ambiguous_country_code",
        ),
        (Handle, "@@jack", opts(), "invalid_handle"),
        (Handle, "https://x.com/jack", opts(), "invalid_handle"),
        (
            DeviceId,
            "00000000-0000-0000-0000-000000000000",
            opts(),
            "limited_ad_tracking",
        ),
        (ServiceId, "1.4e5", opts(), "invalid_service_id"),
        (
            ServiceId,
            "123456789012345678901234",
            opts(),
            "invalid_service_id",
        ),
    ];
    for (t, raw, o, want) in cases {
        assert_eq!(code(t, raw, &o), want, "{t} {raw:?}");
        assert_eq!(normalize(t, raw, &o).map_err(IdError::code), Err(want));
    }
}

#[test]
fn partner_user_id_is_verbatim_and_unhashed() {
    let o = opts();
    assert_eq!(
        hash(IdType::PartnerUserId, " ABC-123 ", &o).as_deref(),
        Ok(" ABC-123 ")
    );
    assert_eq!(
        normalize(IdType::PartnerUserId, " ABC-123 ", &o).as_deref(),
        Ok(" ABC-123 ")
    );
    // Not even with `prehashed`, and nothing is trimmed.
    let pre = opts().with_prehashed(true);
    assert_eq!(
        hash(IdType::PartnerUserId, "\u{FEFF}x\n", &pre).as_deref(),
        Ok("\u{FEFF}x\n")
    );
    assert_eq!(code(IdType::PartnerUserId, "", &o), "empty");
    assert_eq!(code(IdType::PartnerUserId, "   ", &o), "ok");
}

/// SHA-256 values computed independently with `printf '%s' VALUE | sha256sum`.
#[rustfmt::skip]
#[test]
fn independent_sha256sum_values() {
    let o = opts();
    let digits = opts().with_phone_format(PhoneFormat::Digits);
    let long = format!("{}@Example.com", "A".repeat(60)); // 72 bytes: two SHA-256 blocks
    let cases = [
        (IdType::Email, long.as_str(), &o,
         "e386173d7fd5fd354a93c8887ea33d010cbce9c8bc15967668e4ae79ab16a5ad"),
        (IdType::Email, "ÜRSULA@MÜNCHEN.DE", &o,
         "3ac3d51f3ca19d0b7d043fbeadca5c4bfd85141ed94e76824755d0caa902f4aa"),
        (IdType::DeviceId, "00000000000000000000000000000001", &o,
         "7ac1b8d7010bb6cd3a3e84e7f90136b880bbc899e428ece49333372911ab9052"),
        (IdType::ServiceId, "0018446744073709551615", &o,
         "2cdb26265b4dc65e3b44d694f121fd6de99b9e4b8ae7f08d84bfa9537635ae43"),
        (IdType::PhoneNumber, "+44 20 7183 8750", &digits,
         "8d5f937f3a5590634cbe975951a6aa1543170671ce6e73cce4062f4e8c288417"),
        (IdType::PhoneNumber, "+1 (657) 777-0000", &digits,
         "8d7bdaaf75196f351d22942fc0dd79304ffabc3eaf3339460ef9da0773e3aec2"),
    ];
    for (t, raw, o, sha) in cases {
        assert_eq!(hash(t, raw, o).as_deref(), Ok(sha), "{t} {raw:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Common steps and per-type rules.

#[test]
fn trims_unicode_white_space_and_bom() {
    let o = opts();
    for raw in [
        "\u{FEFF}a@b.co",
        "a@b.co\u{FEFF}",
        "\u{FEFF}\u{FEFF} a@b.co",
        "\u{3000}a@b.co\u{A0}",
        "\u{85}a@b.co\u{2028}",
        "\t\u{B}\u{C}a@b.co\r\n",
    ] {
        assert_eq!(
            normalize(IdType::Email, raw, &o).as_deref(),
            Ok("a@b.co"),
            "{raw:?}"
        );
    }
    // U+FEFF inside is not trimmed (and is not whitespace either).
    assert_eq!(
        normalize(IdType::Email, "a\u{FEFF}@b.co", &o).as_deref(),
        Ok("a\u{FEFF}@b.co")
    );
    for t in [
        IdType::Email,
        IdType::PhoneNumber,
        IdType::Handle,
        IdType::DeviceId,
        IdType::ServiceId,
    ] {
        assert_eq!(code(t, "", &o), "empty");
        assert_eq!(code(t, " \u{FEFF}\t\u{3000} ", &o), "empty");
    }
    assert_eq!(
        normalize(IdType::ServiceId, "\u{FEFF}42\u{A0}", &o).as_deref(),
        Ok("42")
    );
}

#[test]
fn email_nfc_and_unicode_lowercase() {
    let o = opts();
    let composed = normalize(IdType::Email, "jose\u{301}@example.com", &o);
    assert_eq!(
        composed,
        normalize(IdType::Email, "jos\u{e9}@example.com", &o)
    );
    assert_eq!(
        composed,
        normalize(IdType::Email, "JOSE\u{301}@EXAMPLE.COM", &o)
    );
    // Hangul jamo compose; the Angstrom sign maps to Å before lowercasing.
    assert_eq!(
        normalize(IdType::Email, "\u{1100}\u{1161}@x.kr", &o).as_deref(),
        Ok("\u{AC00}@x.kr")
    );
    assert_eq!(
        normalize(IdType::Email, "\u{212B}@x.se", &o).as_deref(),
        Ok("\u{E5}@x.se")
    );
    // Unicode (not only ASCII) lowercase, including the final sigma rule.
    assert_eq!(
        normalize(IdType::Email, "ΟΔΟΣ@X.GR", &o).as_deref(),
        Ok("οδος@x.gr")
    );
    // Dots, +tags and googlemail are kept.
    assert_eq!(
        normalize(IdType::Email, "J.Doe+Tag@GoogleMail.com", &o).as_deref(),
        Ok("j.doe+tag@googlemail.com")
    );
    // Whitespace inside is any Unicode White_Space.
    for bad in [
        "a\u{3000}b@x.com",
        "a@x\u{A0}.com",
        "a@b@c",
        "@x.com",
        "a@",
        "é@",
        "@é",
    ] {
        assert_eq!(code(IdType::Email, bad, &o), "invalid_email", "{bad:?}");
    }
}

#[test]
fn phone_rules() {
    let o = opts();
    let n = |raw: &str, o: &HashOptions| normalize(IdType::PhoneNumber, raw, o);
    // 00 counts as +; with a default country code too (the number carries its own).
    assert_eq!(n("0044 20 7183 8750", &o).as_deref(), Ok("+442071838750"));
    assert_eq!(
        n("0044 20 7183 8750", &with_cc("1")).as_deref(),
        Ok("+442071838750")
    );
    // Default country code after dropping one trunk 0.
    assert_eq!(
        n("020 7183 8750", &with_cc("44")).as_deref(),
        Ok("+442071838750")
    );
    assert_eq!(
        n("(0)20-7183.8750", &with_cc("44")).as_deref(),
        Ok("+442071838750")
    );
    assert_eq!(
        n("06 12 34 56 78", &with_cc("33")).as_deref(),
        Ok("+33612345678")
    );
    // Only one trunk 0 is dropped: "0 0..." is the international prefix instead.
    assert_eq!(
        n("612345678", &with_cc("33")).as_deref(),
        Ok("+33612345678")
    );
    // Digits format: the same digits without `+`.
    let digits = with_cc("1").with_phone_format(PhoneFormat::Digits);
    assert_eq!(n("(657) 777-0000", &digits).as_deref(), Ok("16577770000"));
    assert_eq!(
        n("+44 20 7183 8750", &digits).as_deref(),
        Ok("442071838750")
    );
    // Errors: letters, extensions, other characters, length, leading 0 country code.
    for (raw, want) in [
        ("+1-800-FLOWERS", "invalid_phone_number"),
        ("+1 617 555 1212 ext 3", "invalid_phone_number"),
        ("+1 617 555 1212;3", "invalid_phone_number"),
        ("+1 617\u{A0}555 1212", "invalid_phone_number"),
        ("+１６１７５５５１２１２", "invalid_phone_number"),
        ("+123456", "invalid_phone_number"),
        ("+1234567890123456", "invalid_phone_number"),
        ("+0 617 555 1212", "invalid_phone_number"),
        ("617 555 1212", "missing_country_code"),
    ] {
        assert_eq!(code(IdType::PhoneNumber, raw, &o), want, "{raw:?}");
    }
    // A bad option is reported for phone numbers, and up front by validate().
    let bad = {
        let mut hash_opts = opts();
        hash_opts.default_country_code = Some("+44".into());
        hash_opts
    };
    assert_eq!(bad.validate(), Err(IdError::InvalidDefaultCountryCode));
    assert_eq!(
        code(IdType::PhoneNumber, "020 7183 8750", &bad),
        "invalid_default_country_code"
    );
    assert_eq!(code(IdType::Email, "a@b.co", &bad), "ok");
}

#[test]
fn handle_device_and_service_rules() {
    let o = opts();
    assert_eq!(
        normalize(IdType::Handle, "＠Jack_2", &o).as_deref(),
        Ok("jack_2")
    );
    assert_eq!(
        normalize(IdType::Handle, " jack ", &o).as_deref(),
        Ok("jack")
    );
    assert_eq!(code(IdType::Handle, "@", &o), "invalid_handle");
    assert_eq!(
        code(IdType::Handle, "abcdefghijklmnopqrstu", &o),
        "invalid_handle"
    );
    assert_eq!(
        code(IdType::DeviceId, "00000000000000000000000000000000", &o),
        "limited_ad_tracking"
    );
    assert_eq!(
        code(IdType::DeviceId, "4b61639e-47cc-4056-a16a", &o),
        "invalid_device_id"
    );
    assert_eq!(
        normalize(IdType::ServiceId, "000143567", &o).as_deref(),
        Ok("143567")
    );
    assert_eq!(code(IdType::ServiceId, "0", &o), "invalid_service_id");
    assert_eq!(
        code(IdType::ServiceId, "18446744073709551616", &o),
        "invalid_service_id"
    );
    assert_eq!(code(IdType::ServiceId, "-1", &o), "invalid_service_id");
}

#[test]
fn prehashed_accept_and_reject() {
    let pre = opts().with_prehashed(true);
    let digest = "6AFB3B8BA60B4050A492472F3C82294DEDE1ECC6319A9C420F776FD3BCA2A381";
    let lower = digest.to_ascii_lowercase();
    for t in [
        IdType::Email,
        IdType::PhoneNumber,
        IdType::Handle,
        IdType::DeviceId,
        IdType::ServiceId,
    ] {
        // Lowercased, trimmed, never hashed again.
        assert_eq!(hash(t, &format!(" {digest}\r\n"), &pre), Ok(lower.clone()));
        assert_eq!(hash(t, &lower, &pre), Ok(lower.clone()));
        assert_eq!(normalize(t, digest, &pre), Ok(lower.clone()));
        for bad in [
            &digest[1..],
            &format!("{digest}0"),
            &format!("{}g", &lower[1..]),
            "support@x.com",
        ] {
            assert_eq!(code(t, bad, &pre), "invalid_prehashed", "{t} {bad:?}");
        }
        assert_eq!(code(t, "  ", &pre), "empty");
    }
    // Without the option a digest-looking value is an ordinary value (not guessed).
    assert_eq!(code(IdType::Email, &lower, &opts()), "invalid_email");
}

#[test]
fn normalization_is_idempotent() {
    let o = with_cc("44");
    let cases = [
        (IdType::Email, "  ÉMILE@EXAMPLE.FR "),
        (IdType::Email, "jose\u{301}@Example.com"),
        (IdType::Email, "\u{FEFF}Jane.Doe+News@Gmail.com\r\n"),
        (IdType::Email, "ΟΔΟΣ@X.GR"),
        (IdType::PhoneNumber, "020 7183 8750"),
        (IdType::PhoneNumber, "0044 (20) 7183-8750"),
        (IdType::Handle, "＠AdsAPI"),
        (IdType::DeviceId, "4B61639E47CC4056A16AC8217E029462"),
        (IdType::DeviceId, "AF3802A465767E36"),
        (IdType::ServiceId, "000143567"),
        (IdType::PartnerUserId, " ABC-123 "),
    ];
    for (t, raw) in cases {
        let once = normalize(t, raw, &o).expect("valid");
        assert_eq!(normalize(t, &once, &o).as_ref(), Ok(&once), "{t} {raw:?}");
        assert_eq!(hash(t, &once, &o), hash(t, raw, &o));
    }
    // Digits-format phone numbers are not idempotent by design (no `+`, no country code).
    // Known limit of the spec's order "NFC, then lowercase": lowercasing can leave text that is
    // not NFC (Greek capitals with combining marks), so a second pass composes further.
    let greek = normalize(IdType::Email, "\u{391}\u{342}@x.gr", &o).expect("valid");
    assert_eq!(greek, "\u{3B1}\u{342}@x.gr");
    assert_eq!(
        normalize(IdType::Email, &greek, &o).as_deref(),
        Ok("\u{1FB6}@x.gr")
    );
}

#[test]
fn error_messages_never_contain_the_value() {
    let values = [
        "secret.person@",
        "john doe@example.com",
        "+1-800-FLOWERS",
        "https://x.com/jack",
        "00000000-0000-0000-0000-000000000000",
        "123456789012345678901234",
        "zzzzzzzzzzzz",
        "617 555 1212",
        "919876543210",
    ];
    let mut codes = std::collections::BTreeSet::new();
    for o in [opts(), with_cc("91")] {
        for t in IdType::ALL {
            for v in values {
                if let Err(e) = hash(t, v, &o) {
                    codes.insert(e.code());
                    assert!(
                        !e.message().contains(v) && !e.to_string().contains(v),
                        "{t} {v}"
                    );
                }
            }
        }
    }
    assert!(codes.contains("ambiguous_country_code"), "{codes:?}");
}

#[test]
fn type_names() {
    for t in IdType::ALL {
        assert_eq!(t.name().parse::<IdType>(), Ok(t));
        assert_eq!(t.to_string(), t.name());
    }
    assert!("emails".parse::<IdType>().is_err());
    assert_eq!(
        "x".parse::<IdType>().map_err(|e| e.code()),
        Err("unknown_id_type")
    );
}

#[test]
fn too_long_values() {
    let o = opts();
    let long = format!("{}@x.com", "a".repeat(MAX_VALUE_BYTES));
    assert_eq!(code(IdType::Email, &long, &o), "too_long");
}

// ---------------------------------------------------------------------------------------------
// Bulk and streaming input.

/// Lines of mixed validity, with multibyte characters of every UTF-8 length.
fn sample_lines() -> Vec<String> {
    let mut lines: Vec<String> = vec![
        "  Support@X.com ".into(),
        "ÉMILE@EXAMPLE.FR".into(),
        "jose\u{301}@example.com".into(),
        "用户@例子.中国".into(),
        "😀@EMOJI.example".into(),
        "".into(),
        "not an email".into(),
        "\u{3000}ürsula@münchen.de\u{3000}".into(),
        "a@b".into(),
        "\u{FEFF}".into(),
    ];
    for i in 0..300 {
        lines.push(match i % 5 {
            0 => format!("User{i}@Example.COM"),
            1 => format!("ünï{i}@éxample.com"),
            2 => format!("bad{i}"),
            3 => format!("\t x{i}@😀.net "),
            _ => format!("{}@long.example", "Ab".repeat(i)),
        });
    }
    lines
}

#[test]
fn hash_lines_matches_hash_many_with_crlf_and_lf() {
    let o = opts();
    let lines = sample_lines();
    let expected = hash_many(IdType::Email, lines.iter().map(String::as_str), &o);
    assert_eq!(expected.len(), lines.len());
    assert!(expected.ok_count() > 100 && !expected.errors().is_empty());
    for sep in ["\n", "\r\n"] {
        for final_newline in [false, true] {
            let mut text = lines.join(sep);
            if final_newline {
                text.push_str(sep);
            }
            let mut out = HashOutput::new();
            assert_eq!(hash_lines(IdType::Email, &text, &o, &mut out), lines.len());
            assert_eq!(out, expected, "sep {sep:?} final {final_newline}");
        }
    }
    // Each slot agrees with the single-value API.
    for (i, line) in lines.iter().enumerate() {
        let single = hash(IdType::Email, line, &o);
        assert_eq!(expected.result(i), Some(single.as_deref().map_err(|e| *e)));
    }
    // Appending continues the indexes.
    let mut out = HashOutput::new();
    hash_lines(IdType::Email, "a@b.co\n", &o, &mut out);
    hash_lines(IdType::Email, "bad\n", &o, &mut out);
    assert_eq!(out.errors(), &[(1, IdError::InvalidEmail)]);
}

#[test]
fn line_hasher_chunks_match_hash_many() {
    let o = opts();
    let lines = sample_lines();
    let expected = hash_many(IdType::Email, lines.iter().map(String::as_str), &o);
    for sep in ["\n", "\r\n"] {
        let mut text = String::from("\u{FEFF}"); // file byte-order mark: removed
        text.push_str(&lines.join(sep));
        text.push_str(sep);
        let bytes = text.as_bytes();
        for size in [1, 2, 3, 7, 4096, bytes.len()] {
            let mut h = LineHasher::new(IdType::Email, o.clone());
            for chunk in bytes.chunks(size) {
                h.push(chunk);
            }
            assert_eq!(h.finish(), expected, "sep {sep:?} chunk size {size}");
        }
        // Chunks that end exactly between `\r` and `\n`, or inside a 4-byte character.
        let cuts: Vec<usize> = (1..bytes.len())
            .filter(|&i| bytes[i] == b'\n' || (bytes[i] & 0xC0 == 0x80 && bytes[i - 1] >= 0xF0))
            .collect();
        let mut h = LineHasher::new(IdType::Email, o.clone());
        let mut start = 0;
        for &cut in &cuts {
            h.push(&bytes[start..cut]);
            start = cut;
        }
        h.push(&bytes[start..]);
        assert_eq!(h.finish(), expected);
    }
}

#[test]
fn line_hasher_invalid_utf8_and_partner_ids() {
    let mut h = LineHasher::new(IdType::PartnerUserId, opts());
    // "é" split across chunks is fine; a lone continuation or truncated sequence is not.
    for chunk in [
        &b"\xEF\xBB"[..],
        b"\xBFid-\xC3",
        b"\xA9\r",
        b"\n\x80bad\nok\r\n",
        b"\xE2\x82\n",
        b"last",
    ] {
        h.push(chunk);
    }
    let out = h.finish();
    assert_eq!(
        out.to_vec(),
        vec![
            Some("id-é".into()),
            None,
            Some("ok".into()),
            None,
            Some("last".into())
        ]
    );
    assert_eq!(
        out.errors(),
        &[(1, IdError::InvalidUtf8), (3, IdError::InvalidUtf8)]
    );
    assert_eq!(out.errors()[0].1.code(), "invalid_utf8");

    // Partner ids keep their spaces; only the line ending goes. A `\r` left in the value would
    // cut the output for a line splitter: line_break.
    let mut out = HashOutput::new();
    hash_lines(
        IdType::PartnerUserId,
        " ABC-123 \r\n\tx\r\r\n\ty\r\n",
        &opts(),
        &mut out,
    );
    assert_eq!(
        out.to_vec(),
        vec![Some(" ABC-123 ".into()), None, Some("\ty".into())]
    );
    assert_eq!(out.errors(), &[(1, IdError::LineBreak)]);
}

#[test]
fn line_hasher_output_can_be_drained() {
    let o = opts();
    let lines = sample_lines();
    let text = lines.join("\n");
    let expected = hash_many(IdType::Email, lines.iter().map(String::as_str), &o);
    let mut h = LineHasher::new(IdType::Email, o);
    let mut seen: Vec<Option<String>> = Vec::new();
    let mut spare = HashOutput::new();
    for chunk in text.as_bytes().chunks(100) {
        h.push(chunk);
        let part = h.swap_output(spare);
        assert_eq!(part.first_index(), seen.len());
        for (i, e) in part.errors() {
            assert_eq!(expected.result(*i), Some(Err(*e)));
        }
        seen.extend(part.to_vec());
        spare = part;
    }
    seen.extend(h.finish().to_vec());
    assert_eq!(seen, expected.to_vec());
}

// ---------------------------------------------------------------------------------------------
// Upload bodies.

fn email_records(n: usize) -> Vec<AudienceRecord> {
    (0..n)
        .map(|i| AudienceRecord::new().with(IdType::Email, format!("User{i}@Example.com")))
        .collect()
}

/// Parses a body and returns its users, checking the shape around them.
fn users_of(json: &str, op: &str) -> Vec<Value> {
    assert!(json.len() <= MAX_BODY_BYTES);
    let v: Value = serde_json::from_str(json).expect("body is JSON");
    let ops = v.as_array().expect("array of operations");
    assert_eq!(ops.len(), 1, "one operation object per body");
    assert!(ops.len() <= MAX_OPERATIONS_PER_BODY);
    assert_eq!(ops[0]["operation_type"], op);
    // Compact JSON: re-serializing (serde_json sorts members, same bytes otherwise) gives the
    // same size, so the size checked is the size sent.
    assert_eq!(
        serde_json::to_string(&v).ok().map(|s| s.len()),
        Some(json.len())
    );
    let users = ops[0]["params"]["users"].as_array().expect("users").clone();
    assert!(!users.is_empty() && users.len() <= MAX_USERS_PER_BODY);
    users
}

#[test]
fn operation_limit_boundary() {
    let o = BatchOptions::default();
    for (n, want) in [
        (1, vec![1]),
        (2500, vec![2500]),
        (2501, vec![2500, 1]),
        (5000, vec![2500, 2500]),
        (5001, vec![2500, 2500, 1]),
    ] {
        let records = email_records(n);
        let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &o).expect("options");
        let sizes: Vec<usize> = out.bodies.iter().map(|b| b.records.len()).collect();
        assert_eq!(sizes, want, "{n} records");
        assert!(out.rejected.is_empty());
        // Input order is kept across bodies, and each user is the hash of its record.
        let mut next = 0;
        for body in &out.bodies {
            let users = users_of(&body.json, "Update");
            assert_eq!(users.len(), body.records.len());
            for (user, &index) in users.iter().zip(&body.records) {
                assert_eq!(index, next);
                next += 1;
                let want = hash(IdType::Email, &format!("User{index}@Example.com"), &opts());
                assert_eq!(user, &json!({"email": [want.expect("valid")]}));
            }
        }
        assert_eq!(next, n);
    }
    assert_eq!(MAX_OPERATIONS_PER_BODY, 2500);
    assert_eq!(MAX_USERS_PER_BODY, 2500);
    assert_eq!(MAX_BODY_BYTES, 5_000_000);
}

/// Serialized size of a user with one partner id of `len` ASCII letters.
fn partner_user_len(len: usize) -> usize {
    format!("{{\"partner_user_id\":[\"{}\"]}}", "p".repeat(len)).len()
}

/// Records whose first `users` would make a body of exactly [`MAX_BODY_BYTES`] + `extra`
/// bytes, followed by one small record. Also returns the size of the last big user.
fn records_filling_a_body(extra: usize) -> (Vec<AudienceRecord>, usize, usize) {
    let builder =
        BodyBuilder::new(Endpoint::CustomAudienceUsers, &BatchOptions::default()).expect("opts");
    let overhead = builder.overhead_bytes();
    assert_eq!(
        overhead,
        "[{\"operation_type\":\"Update\",\"params\":{\"users\":[]}}]".len()
    );
    let users = 2000;
    let base = 2470;
    let used = overhead + (users - 1) * (partner_user_len(base) + 1);
    let last_user_bytes = MAX_BODY_BYTES + extra - used;
    let last_len = last_user_bytes - partner_user_len(0);
    assert!(last_len <= MAX_VALUE_BYTES);
    let mut records: Vec<AudienceRecord> = (0..users - 1)
        .map(|i| {
            let id = format!("{:0>width$}", i, width = base);
            AudienceRecord::new().with(IdType::PartnerUserId, id)
        })
        .collect();
    records.push(AudienceRecord::new().with(IdType::PartnerUserId, "L".repeat(last_len)));
    records.push(AudienceRecord::new().with(IdType::PartnerUserId, "tail"));
    (records, users, last_user_bytes)
}

#[test]
fn byte_limit_boundary_exact() {
    let o = BatchOptions::default();
    // Exactly 5,000,000 bytes: the full body is kept; the next record starts a new one.
    let (records, users, _) = records_filling_a_body(0);
    let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &o).expect("options");
    assert_eq!(out.bodies.len(), 2);
    assert_eq!(out.bodies[0].json.len(), MAX_BODY_BYTES);
    assert_eq!(out.bodies[0].records.len(), users);
    assert_eq!(out.bodies[1].records, vec![users]);
    for body in &out.bodies {
        assert_eq!(users_of(&body.json, "Update").len(), body.records.len());
    }
    // One byte more: the last big record moves to the second body.
    let (records, users, last_user_bytes) = records_filling_a_body(1);
    let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &o).expect("options");
    assert_eq!(out.bodies.len(), 2);
    assert_eq!(out.bodies[0].records.len(), users - 1);
    assert_eq!(out.bodies[1].records, vec![users - 1, users]);
    // The first body lost exactly that user and its comma.
    assert_eq!(
        out.bodies[0].json.len(),
        MAX_BODY_BYTES + 1 - last_user_bytes - 1
    );
    for body in &out.bodies {
        assert_eq!(users_of(&body.json, "Update").len(), body.records.len());
    }
}

#[test]
fn smaller_limits_and_streaming_builder_agree() {
    let records = email_records(103);
    let o = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.max_users_per_body = 10;
        batch_opts.max_body_bytes = 700;
        batch_opts
    };
    let out = build_bodies(Endpoint::CustomAudienceUsers, &records, &o).expect("options");
    assert!(out
        .bodies
        .iter()
        .all(|b| b.json.len() <= 700 && b.records.len() <= 10));
    let flat: Vec<usize> = out.bodies.iter().flat_map(|b| b.records.clone()).collect();
    assert_eq!(flat, (0..103).collect::<Vec<_>>());
    // Each body is full: the next user would not have fit.
    for pair in out.bodies.windows(2) {
        let next_user = 1 + "{\"email\":[\"\"]}".len() + 64;
        assert!(pair[0].records.len() == 10 || pair[0].json.len() + next_user > 700);
    }
    let mut builder = BodyBuilder::new(Endpoint::CustomAudienceUsers, &o).expect("options");
    let mut streamed = Vec::new();
    for r in &records {
        streamed.extend(builder.push(r));
    }
    let tail = builder.finish();
    streamed.extend(tail.bodies);
    assert_eq!(streamed, out.bodies);
}

#[test]
fn rejected_records_by_index_and_field() {
    let records = vec![
        AudienceRecord::new().with(IdType::Email, "ok@example.com"),
        AudienceRecord::new()
            .with(IdType::Email, "ok@example.com")
            .with(IdType::Email, "secret bad@example.com")
            .with(IdType::PhoneNumber, "617 555 1212"),
        AudienceRecord::new(),
        AudienceRecord::new()
            .with(IdType::Handle, "@Jack")
            .with(IdType::DeviceId, "00000000-0000-0000-0000-000000000000"),
        AudienceRecord::new()
            .with(IdType::Handle, "@Jack")
            .with(IdType::ServiceId, "0042")
            .with(IdType::PhoneNumber, "+1 617 555 1212")
            .with(IdType::PartnerUserId, "crm \"7\""),
    ];
    let out = build_bodies(
        Endpoint::CustomAudienceUsers,
        &records,
        &BatchOptions::default(),
    )
    .expect("options");
    let listed = |list: &[preflight::audience::batch::Rejection]| {
        list.iter()
            .map(|r| (r.index, r.field, r.value_index, r.error.code()))
            .collect::<Vec<(usize, Option<IdType>, Option<usize>, &str)>>()
    };
    // A user keeps every valid identifier: records 1 and 3 are sent without their bad values;
    // only the record with nothing is left out.
    assert_eq!(
        listed(&out.rejected),
        vec![(2, None, None, "no_identifiers")]
    );
    assert_eq!(
        listed(&out.dropped),
        vec![
            (1, Some(IdType::Email), Some(1), "invalid_email"),
            (
                1,
                Some(IdType::PhoneNumber),
                Some(0),
                "missing_country_code"
            ),
            (3, Some(IdType::DeviceId), Some(0), "limited_ad_tracking"),
        ]
    );
    // The rejection report (JSON) never carries a value.
    let report = serde_json::to_string(&out.dropped).expect("serializable");
    assert!(!report.contains("secret") && !report.contains("617"));
    assert!(report.contains("\"code\":\"invalid_email\""));
    assert_eq!(out.bodies.len(), 1);
    assert_eq!(out.bodies[0].records, vec![0, 1, 3, 4]);
    let users = users_of(&out.bodies[0].json, "Update");
    let h = |t, v| hash(t, v, &opts()).expect("valid");
    assert_eq!(
        users[1],
        json!({"email": [h(IdType::Email, "ok@example.com")]})
    );
    assert_eq!(users[2], json!({"handle": [h(IdType::Handle, "jack")]}));
    assert_eq!(
        users[3],
        json!({
            "handle": [h(IdType::Handle, "jack")],
            "service_id": [h(IdType::ServiceId, "42")],
            "phone_number": [h(IdType::PhoneNumber, "+16175551212")],
            "partner_user_id": ["crm \"7\""],
        })
    );
    // Members in document B's order.
    let body = &out.bodies[0].json;
    let pos = |k: &str| body.rfind(&format!("\"{k}\"")).expect("member");
    assert!(pos("handle") < pos("service_id") && pos("service_id") < pos("phone_number"));
    assert!(pos("phone_number") < pos("partner_user_id"));
}

#[test]
fn dates_and_delete_operation() {
    let o = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.operation = Operation::Delete;
        batch_opts.effective_at = Some("2026-01-01T00:00:00Z".into());
        batch_opts.expires_at = Some("2027-02-01T00:00:00Z".into());
        batch_opts
    };
    let out = build_bodies(Endpoint::CustomAudienceUsers, &email_records(2), &o).expect("options");
    let v: Value = serde_json::from_str(&out.bodies[0].json).expect("json");
    assert_eq!(v[0]["operation_type"], "Delete");
    assert_eq!(v[0]["params"]["effective_at"], "2026-01-01T00:00:00Z");
    assert_eq!(v[0]["params"]["expires_at"], "2027-02-01T00:00:00Z");
    users_of(&out.bodies[0].json, "Delete");
    let bad = {
        let mut batch_opts = o.clone();
        batch_opts.expires_at = Some("2025-12-31T23:59:59Z".into());
        batch_opts
    };
    assert_eq!(
        build_bodies(Endpoint::CustomAudienceUsers, &[], &bad)
            .err()
            .map(BatchError::code),
        Some("expires_not_after_effective")
    );
    let bad = {
        let mut batch_opts = o;
        batch_opts.effective_at = Some("2026-01-01T01:00:00+01:00".into());
        batch_opts
    };
    assert_eq!(
        build_bodies(Endpoint::CustomAudienceUsers, &[], &bad).err(),
        Some(BatchError::InvalidEffectiveAt)
    );
    assert_eq!(
        "Remove".parse::<Operation>(),
        Err(BatchError::UnknownOperation)
    );
}

#[test]
fn do_not_reach_bodies() {
    let records = vec![
        AudienceRecord::new()
            .with(IdType::Email, "A@x.com")
            .with(IdType::PhoneNumber, "+44 20 7183 8750"),
        AudienceRecord::new()
            .with(IdType::Email, "b@x.com")
            .with(IdType::Handle, "@jack"),
        AudienceRecord::new().with(IdType::PhoneNumber, "0044 20 7183 8750"),
    ];
    let no_expiry = BatchOptions::default();
    assert_eq!(
        build_bodies(Endpoint::DoNotReachUsers, &records, &no_expiry).err(),
        Some(BatchError::MissingExpiresAt)
    );
    let o = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.expires_at = Some("2027-01-01T00:00:00Z".into());
        batch_opts.now = Some("2026-11-21T09:30:00.000Z".into());
        batch_opts
    };
    let out = build_bodies(Endpoint::DoNotReachUsers, &records, &o).expect("options");
    // The handle is left out; the user is sent with the email.
    assert!(out.rejected.is_empty());
    assert_eq!(out.dropped.len(), 1);
    assert_eq!(out.dropped[0].index, 1);
    assert_eq!(out.dropped[0].field, Some(IdType::Handle));
    assert_eq!(out.dropped[0].error, RecordError::FieldNotAllowed);
    let v: Value = serde_json::from_str(&out.bodies[0].json).expect("json");
    assert_eq!(v[0]["params"]["expires_at"], "2027-01-01T00:00:00Z");
    assert!(v[0]["params"].get("effective_at").is_none());
    let phone = hash(IdType::PhoneNumber, "+442071838750", &opts()).expect("valid");
    assert_eq!(
        v[0]["params"]["users"],
        json!([
            {"email": [hash(IdType::Email, "a@x.com", &opts()).expect("valid")],
             "phone_number": [phone.clone()]},
            {"email": [hash(IdType::Email, "b@x.com", &opts()).expect("valid")]},
            {"phone_number": [phone]},
        ])
    );
    let past = {
        let mut batch_opts = o;
        batch_opts.now = Some("2027-06-01T00:00:00Z".into());
        batch_opts
    };
    assert_eq!(
        build_bodies(Endpoint::DoNotReachUsers, &records, &past).err(),
        Some(BatchError::ExpiresNotAfterNow)
    );
}

#[test]
fn records_and_options_from_json() {
    let records: Vec<AudienceRecord> = serde_json::from_value(json!([
        {"email": "A@x.com", "phone_number": ["+1 617 555 1212", "+44 20 7183 8750"]},
        {"partner_user_id": null, "handle": "@jack"},
    ]))
    .expect("records");
    assert_eq!(records[0].email, vec!["A@x.com"]);
    assert_eq!(records[0].phone_number.len(), 2);
    assert!(records[1].partner_user_id.is_empty());
    assert!(serde_json::from_value::<AudienceRecord>(json!({"mail": "a@b.c"})).is_err());
    assert!(serde_json::from_value::<AudienceRecord>(json!({"email": 5})).is_err());
    let o: BatchOptions = serde_json::from_value(json!({
        "operation": "Delete",
        "max_users_per_body": 100,
        "hash": {"phone_format": "digits", "default_country_code": "1"},
    }))
    .expect("options");
    assert_eq!(o.operation, Operation::Delete);
    assert_eq!(o.max_body_bytes, MAX_BODY_BYTES);
    assert_eq!(o.hash.phone_format, PhoneFormat::Digits);
    let bad = {
        let mut batch_opts = BatchOptions::default();
        batch_opts.hash = {
            let mut hash_opts = opts();
            hash_opts.default_country_code = Some("0".into());
            hash_opts
        };
        batch_opts
    };
    assert_eq!(
        build_bodies(Endpoint::CustomAudienceUsers, &[], &bad)
            .err()
            .map(BatchError::code),
        Some("invalid_default_country_code")
    );
}

#[test]
fn oversized_record_is_rejected_not_split() {
    let mut big = AudienceRecord::new();
    for i in 0..80 {
        big.push(IdType::PartnerUserId, format!("{i:0>65000}"));
    }
    let records = vec![email_records(1).remove(0), big, email_records(1).remove(0)];
    let out = build_bodies(
        Endpoint::CustomAudienceUsers,
        &records,
        &BatchOptions::default(),
    )
    .expect("options");
    assert_eq!(out.rejected.len(), 1);
    assert_eq!(
        (out.rejected[0].index, out.rejected[0].error.code()),
        (1, "record_too_large")
    );
    assert_eq!(out.bodies.len(), 1);
    assert_eq!(out.bodies[0].records, vec![0, 2]);
}
