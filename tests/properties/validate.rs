//! Property (1): generated payloads never panic, for every kind. Each generated payload goes
//! through the `validate_json` fuzz target's checks (`fuzz/harness/validate_json.rs`): the
//! bindings' call and `validate_slice` agree, the engine's parser and serde_json accept the same
//! texts, the report is well formed and points into the payload, and the object and text paths
//! give the same report.

use crate::harness::validate_json::{check, OPTIONS};
use crate::vectors::vocabulary;
use preflight::Kind;
use proptest::prelude::*;
use serde_json::{Map, Number, Value};
use std::sync::OnceLock;

/// The longest vector text used as a starting point for byte edits.
const MAX_EDITED_TEXT_BYTES: usize = 4096;

fn vocab() -> &'static (Vec<String>, Vec<String>, Vec<String>) {
    static V: OnceLock<(Vec<String>, Vec<String>, Vec<String>)> = OnceLock::new();
    V.get_or_init(|| {
        let (names, strings, mut texts) = vocabulary();
        texts.retain(|t| t.len() <= MAX_EDITED_TEXT_BYTES);
        (names, strings, texts)
    })
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vocab().0.clone()),
        1 => "[a-z_.]{0,12}",
        1 => any::<String>(),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vocab().1.clone()),
        1 => "[ -~]{0,24}",
        1 => any::<String>(),
        1 => (0usize..64).prop_map(|n| "é".repeat(n * n * 2)),
    ]
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-20i64..20_000).prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
    ]
}

/// JSON values shaped like payloads: documented member names and values mixed with others.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((name(), inner), 0..8)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// One edit of a text: replace, insert or delete a byte at a position (both taken modulo).
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        prop::sample::select(b"{}[]\",:\\0123456789.eE+-tfnul \n\x00\xff".to_vec()),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(p, b)| Edit::Replace(p, b)),
        (any::<usize>(), byte).prop_map(|(p, b)| Edit::Insert(p, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for e in edits {
        let len = b.len();
        match *e {
            Edit::Replace(p, x) if len > 0 => b[p % len] = x,
            Edit::Insert(p, x) => b.insert(p % (len + 1), x),
            Edit::Delete(p) if len > 0 => {
                b.remove(p % len);
            }
            _ => {}
        }
    }
    b
}

proptest! {
    #![proptest_config(crate::config(192))]

    #[test]
    fn generated_values_never_panic(v in json_value(), o in 0..OPTIONS.len()) {
        let text = v.to_string();
        for &kind in Kind::ALL {
            check(kind, OPTIONS[o], text.as_bytes());
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        for &kind in Kind::ALL {
            check(kind, OPTIONS[0], &bytes);
        }
    }

    #[test]
    fn edited_vector_texts_never_panic(
        i in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..6),
        o in 0..OPTIONS.len(),
    ) {
        let texts = &vocab().2;
        let bytes = apply(&texts[i % texts.len()], &edits);
        for &kind in Kind::ALL {
            check(kind, OPTIONS[o], &bytes);
        }
    }
}
