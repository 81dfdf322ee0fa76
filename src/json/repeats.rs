//! Member names written more than once in one object (`{"a":1,"a":2}`): JSON text allows them
//! (RFC 8259 says only that names "SHOULD be unique"), [`Object::get`] answers with the last as
//! serde_json and `JSON.parse` do, and validation reports each repeated name as `duplicate_key`
//! (see [`crate::checks::fields::object`]).
//!
//! Whether an object repeats a name is decided once, when it is built
//! ([`Object::has_repeated_keys`]): objects of [`INDEXED_MIN_MEMBERS`] to
//! [`INDEXED_MAX_MEMBERS`](super::INDEXED_MAX_MEMBERS) members find it while their name table is built (no extra work), smaller
//! ones compare their few names pairwise, larger ones sort a copy of their names (so a hostile
//! object of many members costs `n log n`, never `n²`). The details below are computed only for an
//! object that does repeat a name.

use super::{same_name, Object, Value, INDEXED_MIN_MEMBERS};
use std::borrow::Cow;

/// A member name written more than once in one object ([`Object::repeats_in_order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Repeat<'n> {
    /// The repeated name.
    pub name: &'n str,
    /// How many times the name is written.
    pub count: usize,
    /// The position (0-based, among all members) of its first occurrence.
    pub first_index: usize,
}

/// Whether some name occurs twice among `entries`, for an object without a name table (fewer
/// than [`INDEXED_MIN_MEMBERS`] members: pairs compared; more than [`INDEXED_MAX_MEMBERS`](super::INDEXED_MAX_MEMBERS): names
/// sorted).
pub(super) fn any_repeated(entries: &[(Cow<'_, str>, Value<'_>)]) -> bool {
    if entries.len() < INDEXED_MIN_MEMBERS {
        return entries
            .iter()
            .enumerate()
            .any(|(i, (k, _))| entries[..i].iter().any(|(p, _)| same_name(p, k)));
    }
    let mut names: Vec<&str> = entries.iter().map(|(k, _)| k.as_ref()).collect();
    crate::sort::sort(&mut names);
    names.windows(2).any(|w| w[0] == w[1])
}

impl Object<'_> {
    /// Names written more than once, each once, in the order of their second occurrence.
    /// Empty (and free) unless [`Object::has_repeated_keys`].
    pub fn repeated_keys(&self) -> Vec<&str> {
        self.repeats_in_order()
            .into_iter()
            .map(|r| r.name)
            .collect()
    }

    /// Each name written more than once, in the order of its second occurrence, with how often
    /// and where first. Empty (and free) unless [`Object::has_repeated_keys`]; otherwise one
    /// sort of the names.
    pub fn repeats_in_order(&self) -> Vec<Repeat<'_>> {
        if !self.has_repeated_keys() {
            return Vec::new();
        }
        // (name, position), sorted by name then position: the members of one name are adjacent.
        let mut names: Vec<(&str, usize)> = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (k.as_ref(), i))
            .collect();
        crate::sort::sort(&mut names);
        let mut out: Vec<(usize, Repeat<'_>)> = Vec::new();
        for run in names.chunk_by(|a, b| a.0 == b.0) {
            if let [(name, first), (_, second), ..] = run {
                let repeat = Repeat {
                    name,
                    count: run.len(),
                    first_index: *first,
                };
                out.push((*second, repeat));
            }
        }
        crate::sort::sort_by(&mut out, |a, b| a.0 < b.0);
        out.into_iter().map(|(_, r)| r).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{built_and_pushed, colliding_names};
    use super::super::{parse, INDEXED_MAX_MEMBERS};
    use super::*;

    /// Each repeated name once, in the order of its second occurrence, by brute force.
    fn naive<'k>(keys: &[&'k str]) -> Vec<Repeat<'k>> {
        let mut out: Vec<Repeat> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            let first = keys.iter().position(|p| p == k).unwrap_or(i);
            if first < i && !out.iter().any(|r| r.name == *k) {
                let count = keys.iter().filter(|p| *p == k).count();
                out.push(Repeat {
                    name: k,
                    count,
                    first_index: first,
                });
            }
        }
        out
    }

    #[test]
    fn every_size_built_or_pushed_agrees_with_brute_force() {
        // Sizes around both ends of the name table's range, names colliding in its cheap hash,
        // repeats anywhere (or nowhere).
        let names = colliding_names();
        for n in 0..=INDEXED_MAX_MEMBERS + 6 {
            for step in [1, 3, 7, 59] {
                let keys: Vec<&str> = (0..n)
                    .map(|i| names[(i * step) % names.len()].as_str())
                    .collect();
                let (built, pushed) = built_and_pushed(&keys);
                let want = naive(&keys);
                assert_eq!(built.has_repeated_keys(), !want.is_empty(), "{n} {step}");
                assert_eq!(pushed.has_repeated_keys(), !want.is_empty(), "{n} {step}");
                assert_eq!(built.repeats_in_order(), want, "{n} {step}");
                assert_eq!(pushed.repeats_in_order(), want, "{n} {step}");
                // Lookups answer with the last member of a name, table or not.
                for probe in names.iter().map(String::as_str).chain(["nope"]) {
                    let last = keys.iter().rposition(|k| *k == probe);
                    assert_eq!(built.position(probe), last, "{n} {step} {probe:?}");
                    assert_eq!(pushed.position(probe), last, "{n} {step} {probe:?}");
                }
                assert_eq!(
                    built.clone().into_owned_object().has_repeated_keys(),
                    !want.is_empty()
                );
            }
        }
    }

    impl Object<'_> {
        fn into_owned_object(self) -> Object<'static> {
            match Value::Object(self).into_owned() {
                Value::Object(o) => o,
                _ => Object::new(),
            }
        }
    }

    #[test]
    fn repeated_keys_are_kept_and_last_wins() {
        let v = parse(br#"{"a":1,"b":2,"a":3,"a":4}"#).expect("valid");
        let o = v.as_object().expect("object");
        assert_eq!(o.len(), 4);
        assert_eq!(o.get("a").and_then(Value::as_i64), Some(4));
        assert_eq!(o.repeated_keys(), vec!["a"]);
        assert_eq!(o.keys().collect::<Vec<_>>(), vec!["a", "b", "a", "a"]);
        assert!(o.has_repeated_keys());
        let a = Repeat {
            name: "a",
            count: 3,
            first_index: 0,
        };
        assert_eq!(o.repeats_in_order(), vec![a]);
        // Names compare after unescaping: "\u0061" is "a".
        let escaped = parse(br#"{"a":1,"\u0061":2}"#).expect("valid");
        assert!(escaped.as_object().is_some_and(Object::has_repeated_keys));
        // A serde_json map cannot repeat a name; neither can its view.
        let serde: serde_json::Value =
            serde_json::from_str(r#"{"a":1,"b":2,"a":3}"#).expect("serde keeps the last");
        let view = Value::from_serde(&serde);
        assert!(!view.as_object().is_some_and(Object::has_repeated_keys));
        let unique = parse(br#"{"a":1,"b":{"c":[{"d":1,"e":2}]}}"#).expect("valid");
        assert!(!unique.as_object().is_some_and(Object::has_repeated_keys));
    }

    #[test]
    fn a_large_object_is_sorted_not_compared_pairwise() {
        let many: String = (0..50_000)
            .map(|i| format!("\"k{}\":{i}", i % 49_999))
            .collect::<Vec<_>>()
            .join(",");
        let text = format!("{{{many}}}");
        let big = parse(text.as_bytes()).expect("valid");
        let big = big.as_object().expect("object");
        assert!(big.has_repeated_keys());
        let k0 = Repeat {
            name: "k0",
            count: 2,
            first_index: 0,
        };
        assert_eq!(big.repeats_in_order(), vec![k0]);
    }
}
