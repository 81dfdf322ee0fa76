//! A small JSON tree for `describe` and `jsonSchema`, written as text. It replaces
//! `serde_json::Value` and its `BTreeMap` there (about 25 KB of the wasm module for the two
//! functions' `json!` trees), and writes exactly what serde_json wrote: members in the byte
//! order of their names (a `BTreeMap`'s order), compact, strings escaped the same way.

use crate::json::write::{int, string};
use crate::sort;

/// A JSON value.
#[derive(Clone, Debug)]
pub enum J {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<J>),
    /// An object; member names are unique ([`J::set`] replaces).
    Obj(Vec<(&'static str, J)>),
}

impl J {
    /// An empty object.
    pub fn obj() -> J {
        J::Obj(Vec::new())
    }

    /// The object with member `key` set to `value` (replacing a member of that name). A value
    /// that is not an object is returned unchanged. (Not inlined: the trees are built by long
    /// chains of calls, each inlined copy costing the wasm module more than the call.)
    #[inline(never)]
    pub fn set(mut self, key: &'static str, value: impl Into<J>) -> J {
        self.put(key, value.into());
        self
    }

    /// Sets member `key` of an object (replacing a member of that name).
    #[inline(never)]
    pub fn put(&mut self, key: &'static str, value: J) {
        if let J::Obj(members) = self {
            match members.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => members.push((key, value)),
            }
        }
    }

    /// Whether an object has member `key`.
    pub fn has(&self, key: &str) -> bool {
        matches!(self, J::Obj(members) if members.iter().any(|(k, _)| *k == key))
    }

    /// The compact JSON text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(n) => int(out, *n),
            J::Str(s) => string(out, s),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                let order = sort::order_by(members.len(), &|a, b| members[a].0 < members[b].0);
                for (i, &m) in order.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    let (key, value) = &members[m];
                    string(out, key);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

impl From<&str> for J {
    #[inline(never)]
    fn from(s: &str) -> J {
        J::Str(s.to_owned())
    }
}

impl From<String> for J {
    fn from(s: String) -> J {
        J::Str(s)
    }
}

impl From<bool> for J {
    fn from(b: bool) -> J {
        J::Bool(b)
    }
}

impl From<i64> for J {
    fn from(n: i64) -> J {
        J::Int(n)
    }
}

impl From<usize> for J {
    fn from(n: usize) -> J {
        J::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<Vec<J>> for J {
    fn from(items: Vec<J>) -> J {
        J::Arr(items)
    }
}

impl From<&[&str]> for J {
    fn from(items: &[&str]) -> J {
        J::Arr(items.iter().map(|s| J::from(*s)).collect())
    }
}

impl<T: Into<J>> From<Option<T>> for J {
    fn from(v: Option<T>) -> J {
        v.map_or(J::Null, Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::J;

    /// The text is what serde_json writes for the same value (members sorted by name).
    #[test]
    fn writes_what_serde_json_writes() {
        let odd = "a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é/😀";
        let j = J::obj()
            .set("zeta", 1i64)
            .set("$id", odd)
            .set("maximum", -5i64)
            .set("maxItems", J::Null)
            .set("maxLength", true)
            .set("arr", vec![J::obj(), J::Arr(vec![]), J::from(3usize)])
            .set("zeta", 2i64);
        let expected = serde_json::json!({
            "zeta": 2, "$id": odd, "maximum": -5, "maxItems": null, "maxLength": true,
            "arr": [{}, [], 3]
        });
        assert_eq!(j.text(), expected.to_string());
    }
}
