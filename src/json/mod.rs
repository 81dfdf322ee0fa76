//! The engine's own JSON document: parsed in one pass, borrowing from the input.
//!
//! Why not `serde_json::Value`: building its maps and strings costs about six times the parse
//! itself (measured on a 25-product batch), and it silently keeps only the last of repeated keys.
//! This document keeps members in input order (repeats included, so they can be reported),
//! borrows every string without escapes, and offers the same method names as `serde_json`
//! (`get`, `as_str`, `as_object`, ...), so rules read the same either way.
//!
//! A `serde_json::Value` converts with [`Value::from_serde`] (borrowing its strings), so the
//! native API still takes parsed values.

mod parse;

pub use parse::{parse, ParseError, ParseErrorKind};

use crate::MAX_DEPTH;

use std::borrow::Cow;

/// A JSON number, classified the way serde_json does: integers that fit `i64`, else `u64`, else
/// a finite `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Int(i64),
    UInt(u64),
    Float(f64),
}

impl Number {
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Number::Int(i) => Some(i),
            Number::UInt(u) => i64::try_from(u).ok(),
            Number::Float(_) => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Number::Int(i) => u64::try_from(i).ok(),
            Number::UInt(u) => Some(u),
            Number::Float(_) => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Number::Int(i) => i as f64,
            Number::UInt(u) => u as f64,
            Number::Float(f) => f,
        })
    }

    pub fn is_f64(&self) -> bool {
        matches!(self, Number::Float(_))
    }
}

/// A JSON value borrowing from its source.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Value<'a>>),
    Object(Object<'a>),
}

/// An object's members in input order. Repeated names are kept; [`Object::get`] answers with the
/// last one, as serde_json and JavaScript's `JSON.parse` do.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Object<'a> {
    entries: Vec<(Cow<'a, str>, Value<'a>)>,
}

impl<'a> Object<'a> {
    pub fn new() -> Self {
        Object {
            entries: Vec::new(),
        }
    }

    pub fn with_capacity(n: usize) -> Self {
        Object {
            entries: Vec::with_capacity(n),
        }
    }

    pub fn push(&mut self, name: Cow<'a, str>, value: Value<'a>) {
        self.entries.push((name, value));
    }

    /// The value of the last member named `name`.
    pub fn get(&self, name: &str) -> Option<&Value<'a>> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| v)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.entries.iter().any(|(k, _)| k.as_ref() == name)
    }

    /// Member names in input order (a repeated name appears as often as it was written).
    pub fn keys(&self) -> impl Iterator<Item = &str> + '_ {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    /// Members in input order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value<'a>)> + '_ {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

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
        let mut obj = Object::with_capacity(map.len());
        for (k, v) in map {
            obj.push(Cow::Borrowed(k), Value::from_serde_at(v, depth));
        }
        obj
    }

    /// Names written more than once, each once, in the order of their second occurrence.
    pub fn repeated_keys(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for (i, (k, _)) in self.entries.iter().enumerate() {
            let k = k.as_ref();
            if self.entries[..i].iter().any(|(p, _)| p.as_ref() == k) && !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }
}

impl<'a> Value<'a> {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Member `name` of an object (`None` for other values).
    pub fn get(&self, name: &str) -> Option<&Value<'a>> {
        self.as_object().and_then(|o| o.get(name))
    }

    /// The same value owning all its strings.
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(b),
            Value::Number(n) => Value::Number(n),
            Value::String(s) => Value::String(Cow::Owned(s.into_owned())),
            Value::Array(a) => Value::Array(a.into_iter().map(Value::into_owned).collect()),
            Value::Object(o) => Value::Object(Object {
                entries: o
                    .entries
                    .into_iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                    .collect(),
            }),
        }
    }

    /// A view of a parsed `serde_json::Value`, borrowing its strings.
    ///
    /// Arrays and objects are viewed down to [`MAX_DEPTH`] levels of nesting, as deep as
    /// [`parse`] reads (and deeper than serde_json's own parser reads); a value built in code
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
                Number::Float(n.as_f64().unwrap_or(f64::NAN))
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

    /// The length in bytes of this value serialized as compact JSON (as serde_json writes it:
    /// no spaces; strings with `"`, `\`, control characters escaped; numbers in shortest form).
    pub fn compact_len(&self) -> usize {
        match self {
            Value::Null => 4,
            Value::Bool(true) => 4,
            Value::Bool(false) => 5,
            Value::Number(n) => match *n {
                Number::Int(i) => i.to_string().len(),
                Number::UInt(u) => u.to_string().len(),
                Number::Float(f) => serde_json::Number::from_f64(f)
                    .map(|n| n.to_string().len())
                    .unwrap_or(4),
            },
            Value::String(s) => string_compact_len(s),
            Value::Array(a) => {
                2 + a.iter().map(Value::compact_len).sum::<usize>() + a.len().saturating_sub(1)
            }
            Value::Object(o) => {
                2 + o
                    .iter()
                    .map(|(k, v)| string_compact_len(k) + 1 + v.compact_len())
                    .sum::<usize>()
                    + o.len().saturating_sub(1)
            }
        }
    }
}

/// Bytes of `s` as a JSON string literal, quotes included (serde_json's escaping).
fn string_compact_len(s: &str) -> usize {
    2 + s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_len_matches_serde_json() {
        let texts = [
            r#"{"a":[1,-2,3.5,1e300,18446744073709551615,true,false,null],"b\"":"x\u0001\n\\é😀"}"#,
            r#"[]"#,
            r#"{}"#,
            r#"[{"k":{"l":[[],{}]}}, "", 0, -0.0, 1.0, 0.1]"#,
        ];
        for t in texts {
            let serde: serde_json::Value = serde_json::from_str(t).expect("valid");
            let ours = parse(t.as_bytes()).expect("valid");
            let expected = serde_json::to_string(&serde).expect("serializes").len();
            assert_eq!(ours.compact_len(), expected, "{t}");
            assert_eq!(Value::from_serde(&serde).compact_len(), expected, "{t}");
        }
    }

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
    fn repeated_keys_are_kept_and_last_wins() {
        let v = parse(br#"{"a":1,"b":2,"a":3,"a":4}"#).expect("valid");
        let o = v.as_object().expect("object");
        assert_eq!(o.len(), 4);
        assert_eq!(o.get("a").and_then(Value::as_i64), Some(4));
        assert_eq!(o.repeated_keys(), vec!["a"]);
        assert_eq!(o.keys().collect::<Vec<_>>(), vec!["a", "b", "a", "a"]);
    }
}
