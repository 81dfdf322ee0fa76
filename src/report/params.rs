//! An issue's `params`: the numbers and names a program needs, typed. Keys are kept sorted (as
//! serde_json's map kept them, so the JSON text is unchanged) and unique; a value is null, a
//! boolean, an integer, a float, a string or a list of those.
//!
//! The JSON text is written by hand ([`Params::write_json`]), so that the wasm builds carry
//! neither serde_json's serializer nor its float writer (a float is written by the engine's own,
//! [`crate::json::write::write_f64`], tested against serde_json's); serde reads and writes the
//! same form.

use crate::json::write::{self, write_f64};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// One parameter value.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Param {
    /// `null` (for example `replacement` of a deprecated value that has none).
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer (a count, a bound, an index).
    Int(i64),
    /// A number with a fraction (a span of seconds that is not whole), written as serde_json
    /// writes an `f64`: its shortest round-trip digits (`604800.5`, `1767225600.0`, `1e-7`);
    /// `null` if not finite (no issue gives one).
    Float(f64),
    /// A string.
    Str(String),
    /// A list (of member names, allowed values, ...).
    List(Vec<Param>),
}

/// The value [`Params`]'s index gives for a key it does not hold.
static NULL: Param = Param::Null;

impl Param {
    /// The integer, if this is one.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Param::Int(n) => Some(n),
            _ => None,
        }
    }

    /// The integer as a `u64`, if this is a non-negative integer.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_i64().and_then(|n| u64::try_from(n).ok())
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Param::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Param::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The items, if this is a list.
    pub fn as_list(&self) -> Option<&[Param]> {
        match self {
            Param::List(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Param::Null)
    }

    fn write_json(&self, out: &mut String) {
        match self {
            Param::Null => out.push_str("null"),
            Param::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Param::Int(n) => write::int(out, *n),
            Param::Float(f) if f.is_finite() => {
                write_f64(out, *f);
            }
            Param::Float(_) => out.push_str("null"),
            Param::Str(s) => write::string(out, s),
            Param::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
        }
    }
}

impl From<f64> for Param {
    fn from(f: f64) -> Param {
        Param::Float(f)
    }
}

impl From<i64> for Param {
    fn from(n: i64) -> Param {
        Param::Int(n)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Int(i64::from(n))
            }
        }
    )*};
}
from_int!(i8, i16, i32, u8, u16, u32);

/// An integer; one beyond `i64::MAX` (no issue gives one) is `i64::MAX`.
macro_rules! from_wide_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
from_wide_int!(usize, u64);

impl From<bool> for Param {
    fn from(b: bool) -> Param {
        Param::Bool(b)
    }
}

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Str(s.to_owned())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Str(s)
    }
}

impl<T: Clone + Into<Param>> From<&[T]> for Param {
    fn from(items: &[T]) -> Param {
        Param::List(items.iter().cloned().map(Into::into).collect())
    }
}

impl<T: Into<Param>, const N: usize> From<[T; N]> for Param {
    fn from(items: [T; N]) -> Param {
        Param::List(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Param>> From<Vec<T>> for Param {
    fn from(items: Vec<T>) -> Param {
        Param::List(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Param>> From<Option<T>> for Param {
    fn from(v: Option<T>) -> Param {
        v.map_or(Param::Null, Into::into)
    }
}

macro_rules! eq_int {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Param {
            fn eq(&self, other: &$t) -> bool {
                i64::try_from(*other).ok().is_some_and(|n| *self == Param::Int(n))
            }
        }
    )*};
}
eq_int!(i32, i64, u32, u64, usize);

impl PartialEq<bool> for Param {
    fn eq(&self, other: &bool) -> bool {
        *self == Param::Bool(*other)
    }
}

impl PartialEq<&str> for Param {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<str> for Param {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

/// An issue's parameters: names (sorted, unique) and their values. Build with
/// [`Params::with`] (or collect `(key, value)` pairs); read with [`Params::get`] or by index
/// (`params["max"]`, `null` when absent, as serde_json's map indexes); `Display` and serde give
/// the JSON object a report holds.
///
/// ```
/// use preflight::report::{Param, Params};
///
/// // Building params, say for a test of code that consumes reports:
/// let p = Params::new().with("max", 25).with("actual", 36).with("fields", ["a", "b"]);
/// assert_eq!(p.to_string(), r#"{"actual":36,"fields":["a","b"],"max":25}"#);
///
/// // Reading them:
/// assert_eq!(p["max"], 25);
/// assert_eq!(p.get("actual").and_then(Param::as_u64), Some(36));
/// assert_eq!(p["fields"].as_list().map(<[Param]>::len), Some(2));
/// assert!(p["missing"].is_null());
/// for (key, value) in &p {
///     match value {
///         Param::Int(n) => assert!(key == "max" || key == "actual", "{key}: {n}"),
///         Param::List(items) => assert_eq!(items[0], "a"),
///         _ => {} // Param is #[non_exhaustive]
///     }
/// }
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(Vec<(Cow<'static, str>, Param)>);

impl Params {
    /// No parameters.
    pub fn new() -> Params {
        Params(Vec::new())
    }

    /// These parameters with `key` set to `value` (replacing an earlier value of `key`).
    #[must_use]
    pub fn with(mut self, key: impl Into<Cow<'static, str>>, value: impl Into<Param>) -> Params {
        self.insert(key, value.into());
        self
    }

    /// Sets `key` to `value`, keeping the keys sorted by their bytes.
    pub fn insert(&mut self, key: impl Into<Cow<'static, str>>, value: Param) {
        let key = key.into();
        match self
            .0
            .binary_search_by(|(k, _)| k.as_ref().cmp(key.as_ref()))
        {
            Ok(at) => self.0[at].1 = value,
            Err(at) => self.0.insert(at, (key, value)),
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Param> {
        self.0
            .binary_search_by(|(k, _)| k.as_ref().cmp(key))
            .ok()
            .map(|at| &self.0[at].1)
    }

    /// Whether `key` is set.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The parameters in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Param)> {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_ref())
    }

    /// How many parameters.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends the JSON object, as serde_json writes a map of the same values.
    pub(crate) fn write_json(&self, out: &mut String) {
        out.push('{');
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write::string(out, k);
            out.push(':');
            v.write_json(out);
        }
        out.push('}');
    }
}

/// The JSON text, as in a report.
impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_json(&mut out);
        f.write_str(&out)
    }
}

/// The JSON object, as in a report (`{"actual":33,"max":25}`).
impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_json(&mut out);
        f.write_str(&out)
    }
}

impl<'a> IntoIterator for &'a Params {
    type Item = (&'a str, &'a Param);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (Cow<'static, str>, Param)>,
        fn(&'a (Cow<'static, str>, Param)) -> (&'a str, &'a Param),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k.as_ref(), v))
    }
}

/// Params from `(key, value)` pairs (a later pair replaces an earlier one of the same key).
impl<K: Into<Cow<'static, str>>, V: Into<Param>> FromIterator<(K, V)> for Params {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Params {
        let mut params = Params::new();
        for (k, v) in pairs {
            params.insert(k, v.into());
        }
        params
    }
}

impl std::ops::Index<&str> for Params {
    type Output = Param;

    fn index(&self, key: &str) -> &Param {
        self.get(key).unwrap_or(&NULL)
    }
}

impl Serialize for Param {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Param::Null => s.serialize_unit(),
            Param::Bool(b) => s.serialize_bool(*b),
            Param::Int(n) => s.serialize_i64(*n),
            Param::Float(f) => s.serialize_f64(*f),
            Param::Str(v) => s.serialize_str(v),
            Param::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
        }
    }
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k.as_ref(), v)?;
        }
        map.end()
    }
}

struct ParamVisitor;

impl<'de> Visitor<'de> for ParamVisitor {
    type Value = Param;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("null, a boolean, a number, a string or a list of those")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Param, E> {
        Ok(Param::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Param, E> {
        Ok(Param::Null)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Param, E> {
        Ok(Param::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Param, E> {
        Ok(Param::Int(n))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Param, E> {
        i64::try_from(n)
            .map(Param::Int)
            .map_err(|_| E::custom("a param integer beyond i64"))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Param, E> {
        Ok(Param::Float(f))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Param, E> {
        Ok(Param::Str(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Param, E> {
        Ok(Param::Str(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Param, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Param::List(items))
    }
}

impl<'de> Deserialize<'de> for Param {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Param, D::Error> {
        d.deserialize_any(ParamVisitor)
    }
}

struct ParamsVisitor;

impl<'de> Visitor<'de> for ParamsVisitor {
    type Value = Params;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of params")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Params, A::Error> {
        let mut params = Params::new();
        while let Some((k, v)) = map.next_entry::<String, Param>()? {
            params.insert(k, v);
        }
        Ok(params)
    }
}

impl<'de> Deserialize<'de> for Params {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Params, D::Error> {
        d.deserialize_map(ParamsVisitor)
    }
}

/// For tests and callers comparing with a `serde_json::json!` value.
impl PartialEq<serde_json::Value> for Param {
    fn eq(&self, other: &serde_json::Value) -> bool {
        serde_json::to_value(self).ok().as_ref() == Some(other)
    }
}

#[cfg(test)]
mod tests {
    use super::{Param, Params};

    #[test]
    fn json_text_is_serde_jsons_for_the_same_values() {
        let p = Params::new()
            .with("zeta", 1i64)
            .with("actual", "x\"y\n")
            .with("allowed", &["A", "B"][..])
            .with("ints", vec![1i64, 7, 30])
            .with("none", Param::Null)
            .with("flag", true)
            .with("half", 604_800.5)
            .with("small", -0.05)
            .with("zeta", 2i64);
        let mut text = String::new();
        p.write_json(&mut text);
        let expected = serde_json::json!({
            "zeta": 2, "actual": "x\"y\n", "allowed": ["A", "B"], "ints": [1, 7, 30],
            "none": null, "flag": true, "half": 604800.5, "small": -0.05
        });
        assert_eq!(text, expected.to_string());
        assert_eq!(serde_json::to_string(&p).ok(), Some(expected.to_string()));
        let back: Params = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, p);
        assert_eq!(p["zeta"], 2);
        assert_eq!(p["actual"], "x\"y\n");
        assert!(p["missing"].is_null());
        assert_eq!(p.keys().collect::<Vec<_>>().len(), 8);
    }

    /// A float param is written as serde_json writes the same f64, and reads back equal
    /// (the span of keyword insights: seconds plus nanoseconds as an f64).
    #[test]
    fn floats_as_serde_json_writes_them() {
        for f in [
            604_800.5,
            1_767_225_600.000_000_001,
            604_800.123_456_789,
            -3.000_000_001,
            1e-7,
            1.5e16,
            0.1,
            -0.0,
        ] {
            let p = Params::new().with("f", f);
            let text = p.to_string();
            assert_eq!(Some(&text), serde_json::to_string(&p).ok().as_ref(), "{f}");
            assert_eq!(
                text,
                format!(
                    "{{\"f\":{}}}",
                    serde_json::to_string(&f).unwrap_or_default()
                )
            );
            let back: Params = serde_json::from_str(&text).unwrap_or_default();
            assert_eq!(back, p, "{f}");
        }
        assert_eq!(Param::Float(f64::NAN).to_string(), "null");
        assert_eq!(Param::Float(f64::INFINITY).to_string(), "null");
    }
}
