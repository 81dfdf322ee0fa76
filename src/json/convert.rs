//! Between the engine's document and `serde_json::Value`: a view of a `serde_json::Value` for
//! the rules (what [`crate::validate`] is given), and a `serde_json::Value` of a parsed document
//! (what the options are read from, so that the engine's one parser reads every JSON text it is
//! given, and serde_json's parser is not part of the wasm build).

use super::{Number, Object, Value, MAX_DEPTH};
use std::borrow::Cow;

impl<'a> Object<'a> {
    /// A view of a parsed `serde_json` map, borrowing its strings (members in the map's order;
    /// nesting bounded as [`Value::from_serde`] says).
    pub fn from_serde(map: &'a serde_json::Map<String, serde_json::Value>) -> Object<'a> {
        Object::from_serde_at(map, 1)
    }

    /// [`Object::from_serde`] of an object that is itself the `depth`-th level of nesting.
    fn from_serde_at(
        map: &'a serde_json::Map<String, serde_json::Value>,
        depth: usize,
    ) -> Object<'a> {
        let entries = map
            .iter()
            .map(|(k, v)| (Cow::Borrowed(k.as_str()), Value::from_serde_at(v, depth)))
            .collect();
        // A map holds each name once: nothing to look for.
        let mut obj = Object {
            entries,
            meta: None,
        };
        obj.build_index();
        obj
    }
}

impl<'a> Value<'a> {
    /// A view of a parsed `serde_json::Value`, borrowing its strings.
    ///
    /// Arrays and objects are viewed down to [`MAX_DEPTH`] levels of nesting, as deep as
    /// [`super::parse`] reads (and deeper than serde_json's own parser reads); a value built in code
    /// that nests deeper is viewed with its deeper arrays and objects empty, so that viewing
    /// never recurses without bound. No rule looks that deep.
    pub fn from_serde(v: &'a serde_json::Value) -> Value<'a> {
        Value::from_serde_at(v, 0)
    }

    /// [`Value::from_serde`] of a value nested in `depth` arrays and objects.
    fn from_serde_at(v: &'a serde_json::Value, depth: usize) -> Value<'a> {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Number(if let Some(i) = n.as_i64() {
                Number::Int(i)
            } else if let Some(u) = n.as_u64() {
                Number::UInt(u)
            } else {
                // serde_json holds every other number as an f64 (already rounded from its text).
                Number::from_exact_f64(n.as_f64().unwrap_or(f64::NAN))
            }),
            serde_json::Value::String(s) => Value::String(Cow::Borrowed(s)),
            serde_json::Value::Array(_) if depth >= MAX_DEPTH => Value::Array(Vec::new()),
            serde_json::Value::Array(a) => Value::Array(
                a.iter()
                    .map(|item| Value::from_serde_at(item, depth + 1))
                    .collect(),
            ),
            serde_json::Value::Object(_) if depth >= MAX_DEPTH => Value::Object(Object::new()),
            serde_json::Value::Object(o) => Value::Object(Object::from_serde_at(o, depth + 1)),
        }
    }

    /// A `serde_json::Value` of this document. A name written more than once keeps its last
    /// value, as serde_json's own parser keeps it. Nesting is as deep as the document's, which
    /// [`super::parse`] bounds at [`MAX_DEPTH`].
    pub fn to_serde(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(Number::Int(i)) => serde_json::Value::from(*i),
            Value::Number(Number::UInt(u)) => serde_json::Value::from(*u),
            Value::Number(Number::Float(f) | Number::Big(f)) => serde_json::Number::from_f64(*f)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
            Value::String(s) => serde_json::Value::String(s.as_ref().to_owned()),
            Value::Array(a) => serde_json::Value::Array(a.iter().map(Value::to_serde).collect()),
            Value::Object(o) => {
                // Inserted one by one: collecting into the map would sort the members first,
                // one more sort in the wasm build. A later member of a name replaces an earlier.
                let mut map = serde_json::Map::new();
                for (k, v) in o.iter() {
                    map.insert(k.to_owned(), v.to_serde());
                }
                serde_json::Value::Object(map)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn from_serde_agrees_with_parse_up_to_max_depth_and_stays_bounded_beyond() {
        let nested = |n: usize| {
            let mut v = serde_json::json!(1);
            for i in 0..n {
                v = if i % 2 == 0 {
                    serde_json::Value::Array(vec![v])
                } else {
                    let mut m = serde_json::Map::new();
                    m.insert("k".to_string(), v);
                    serde_json::Value::Object(m)
                };
            }
            v
        };
        let deepest = nested(MAX_DEPTH);
        let text = deepest.to_string();
        let parsed = parse(text.as_bytes()).expect("MAX_DEPTH levels parse");
        assert_eq!(Value::from_serde(&deepest), parsed);
        assert_eq!(Value::from_serde(&deepest).compact_len(), text.len());
        // Built in code, far deeper than any parser reads: viewed without unbounded recursion,
        // on a small stack (the value itself is built and dropped on a large one).
        let big = std::thread::Builder::new().stack_size(256 << 20);
        let handle = big.spawn(move || {
            let deep = nested(200_000);
            let view_len = std::thread::scope(|s| {
                let small = std::thread::Builder::new().stack_size(512 << 10);
                small
                    .spawn_scoped(s, || Value::from_serde(&deep).compact_len())
                    .map(|h| h.join().ok())
                    .ok()
                    .flatten()
            });
            assert!(view_len.is_some_and(|n| n < 2000), "{view_len:?}");
            drop(deep);
        });
        assert!(handle.map(|h| h.join().is_ok()).unwrap_or(false));
    }

    #[test]
    fn to_serde_is_what_serde_json_parses() {
        for text in [
            r#"{"a":1,"b":[true,false,null,"x\u00e9"],"c":{"d":-2.5e-3,"e":18446744073709551615}}"#,
            r#"{"a":1,"a":2}"#,
            "[]",
            "9007199254740993",
            "12345678901234567890123",
            r#""😀""#,
        ] {
            let ours = parse(text.as_bytes()).expect("test JSON").to_serde();
            let theirs: serde_json::Value = serde_json::from_str(text).expect("test JSON");
            assert_eq!(ours, theirs, "{text}");
        }
        // A whole number is an integer whatever its notation (serde_json keeps an f64).
        for (text, n) in [("-0", 0), ("-0.0", 0), ("1E2", 100), ("2.50e1", 25)] {
            let ours = parse(text.as_bytes()).expect("test JSON").to_serde();
            assert_eq!(ours, serde_json::json!(n), "{text}");
        }
    }
}
