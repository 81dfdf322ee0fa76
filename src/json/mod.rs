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
//!
//! Rules read members by name, a few dozen per object: an object of 8 to 48 members carries a
//! small table from names to members ([`Object::position`]), and names compare a word at a time.

mod convert;
mod float;
mod parse;
mod repeats;
mod shortest;
pub(crate) mod write;
// Not public API: `TapeRef` is reachable as `preflight::__private::tape` for the wasm binding.
pub(crate) mod tape;

pub use parse::{parse, ParseError, ParseErrorKind};
pub use repeats::Repeat;

use repeats::any_repeated;

/// The deepest nesting a JSON text may have: a payload nesting deeper is refused with
/// [`ErrorCode::TooDeep`](crate::ErrorCode::TooDeep) (by [`parse`], which never recurses
/// further). No documented payload comes near it.
pub const MAX_DEPTH: usize = 128;

/// The largest JSON text accepted, in bytes. The largest documented body is 5,000,000 bytes
/// (custom audience users); this leaves room to report such a body as too large instead of
/// refusing to read it.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

use std::borrow::Cow;
use std::fmt;

/// A JSON number (docs/RULES.md, "Whole numbers"): a whole number is an integer, exactly, whatever
/// its notation (`100`, `1E2`, `100.0`, `10000e-2` and `-0` are all `Int`); any other number is
/// its nearest `f64`, as `JSON.parse` and serde_json read it, and so an integer where that `f64`
/// is whole (`9007199254740993.5` is 9007199254740994, `1e-400` is 0), else a `Float`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Number {
    /// A whole number that fits `i64`.
    Int(i64),
    /// A whole number above `i64::MAX` that fits `u64`.
    UInt(u64),
    /// A number whose nearest `f64` is not whole (always finite).
    Float(f64),
    /// A whole number beyond the 64-bit range (above `u64::MAX` or below `i64::MIN`), as its
    /// nearest `f64` (always finite).
    Big(f64),
}

impl Number {
    /// The value as `i64`, when it is an integer in range.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Number::Int(i) => Some(i),
            Number::UInt(u) => i64::try_from(u).ok(),
            Number::Float(_) | Number::Big(_) => None,
        }
    }

    /// The value as `u64`, when it is a non-negative integer in range.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Number::Int(i) => u64::try_from(i).ok(),
            Number::UInt(u) => Some(u),
            Number::Float(_) | Number::Big(_) => None,
        }
    }

    /// The value as `f64` (an integer converts, possibly rounding); always `Some`.
    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Number::Int(i) => i as f64,
            Number::UInt(u) => u as f64,
            Number::Float(f) | Number::Big(f) => f,
        })
    }

    /// Whether the number is a [`Number::Float`] (not whole).
    pub fn is_f64(&self) -> bool {
        matches!(self, Number::Float(_))
    }

    /// The number an exact `f64` is: an integer when whole (`-0.0` is 0), else a float.
    pub fn from_exact_f64(f: f64) -> Number {
        // 2^63: the first whole f64 beyond i64; 2^64: beyond u64.
        const TWO_63: f64 = 9_223_372_036_854_775_808.0;
        if f.fract() != 0.0 {
            Number::Float(f)
        } else if (-TWO_63..TWO_63).contains(&f) {
            Number::Int(f as i64)
        } else if (0.0..TWO_63 * 2.0).contains(&f) {
            Number::UInt(f as u64)
        } else {
            Number::Big(f)
        }
    }
}

/// A JSON value borrowing from its source.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string, borrowed from the source unless it held escapes.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Value<'a>>),
    /// An object, its members in input order (repeated names kept).
    Object(Object<'a>),
}

/// An object's members in input order. Repeated names are kept; [`Object::get`] answers with the
/// last one, as serde_json and JavaScript's `JSON.parse` do.
///
/// An object of 8 to 48 members (`INDEXED_MIN_MEMBERS`, `INDEXED_MAX_MEMBERS`) also carries a small
/// hash table from names to the last member of each name, so that a rule reading a few dozen
/// members of a product does not scan all of them for each.
///
/// Whether some name is written more than once is known from construction
/// ([`Object::has_repeated_keys`]): found while the name table is built (no extra work), by
/// comparing names for a smaller object, by sorting them for a larger one. The answer lives in
/// the same box as the table (`Meta`), so an object stays four words and a [`Value`] as small
/// as before; an object without a table gets a box only when a name repeats.
#[derive(Clone, Default)]
pub struct Object<'a> {
    entries: Vec<(Cow<'a, str>, Value<'a>)>,
    meta: Option<Box<Meta>>,
}

/// The name table of an object, if it has one, and whether a name repeats.
#[derive(Clone)]
struct Meta {
    slots: Index,
    /// Whether `slots` is a name table (else the object is scanned and `slots` is unused).
    table: bool,
    repeats: bool,
}

/// Fewest members for which an object keeps a name index (below, a scan is as fast).
pub(crate) const INDEXED_MIN_MEMBERS: usize = 8;
/// Most members for which an object keeps a name index (above, it falls back to a scan; the
/// table keeps at least a quarter of its slots free, so every probe ends).
pub(crate) const INDEXED_MAX_MEMBERS: usize = 48;
/// Slots of a name table ([`name_slot`]).
pub(crate) const INDEX_SLOTS: usize = 64;

/// Open addressing, linear probing: slot = 1 + the index of the last member of a name, 0 empty.
type Index = [u8; INDEX_SLOTS];

/// The home slot of a name in a 64-slot table: a cheap mix of its length and three of its bytes
/// (the fixed names rules look up mostly differ there). Also used by
/// [`crate::checks::fields::Names`], at compile time.
#[inline]
pub(crate) const fn name_slot(name: &str) -> usize {
    let b = name.as_bytes();
    let n = b.len();
    let (first, mid, last) = if n == 0 {
        (0, 0, 0)
    } else {
        (b[0] as u32, b[n / 2] as u32, b[n - 1] as u32)
    };
    let h = (n as u32)
        .wrapping_mul(31)
        .wrapping_add(first)
        .wrapping_mul(31)
        .wrapping_add(mid)
        .wrapping_mul(31)
        .wrapping_add(last);
    (h.wrapping_mul(0x9E37_79B1) >> 26) as usize % INDEX_SLOTS
}

/// Whether two member names are equal, compared a word at a time (the last word overlapping)
/// rather than through `memcmp`, which is a call natively and a byte loop in WebAssembly.
#[inline]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        _ => {
            // Whole words from the start, then the last (overlapping) word.
            let mut at = 0;
            while at + 8 < n {
                if word8(a, at) != word8(b, at) {
                    return false;
                }
                at += 8;
            }
            word8(a, n - 8) == word8(b, n - 8)
        }
    }
}

#[inline]
fn word8(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_le_bytes)
}

#[inline]
fn word4(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .map_or(0, u32::from_le_bytes)
}

/// Points the slot chain of member `i`'s name at `i` (a later member of a name replaces an
/// earlier one, so lookups answer with the last). `i` is below [`INDEXED_MAX_MEMBERS`]. Returns
/// whether the name was already in the table (a repeated name).
#[inline]
fn index_insert(index: &mut Index, entries: &[(Cow<'_, str>, Value<'_>)], i: usize) -> bool {
    let (Some((name, _)), Ok(tag)) = (entries.get(i), u8::try_from(i + 1)) else {
        return false;
    };
    let mut slot = name_slot(name);
    // At least a quarter of the slots are free, so a free one (or the name's own) comes first.
    for _ in 0..INDEX_SLOTS {
        let cell = &mut index[slot % INDEX_SLOTS];
        let repeated = match usize::from(*cell).checked_sub(1) {
            None => Some(false),
            Some(j) => entries
                .get(j)
                .is_some_and(|(k, _)| same_name(k, name))
                .then_some(true),
        };
        if let Some(repeated) = repeated {
            *cell = tag;
            return repeated;
        }
        slot = (slot + 1) % INDEX_SLOTS;
    }
    false
}

impl PartialEq for Object<'_> {
    /// Members compare; the index is derived from them.
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl fmt::Debug for Object<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Object<'static> {
    /// An object with no members, as a constant (for a `static`).
    pub const EMPTY: Object<'static> = Object {
        entries: Vec::new(),
        meta: None,
    };
}

impl<'a> Object<'a> {
    /// An object with no members.
    pub fn new() -> Self {
        Object::default()
    }

    /// An object with no members and room for `n`.
    pub fn with_capacity(n: usize) -> Self {
        Object {
            entries: Vec::with_capacity(n),
            meta: None,
        }
    }

    /// An object of these members, in this order.
    pub fn from_members(entries: Vec<(Cow<'a, str>, Value<'a>)>) -> Self {
        let mut obj = Object {
            entries,
            meta: None,
        };
        if !obj.build_index() && any_repeated(&obj.entries) {
            obj.set_repeats();
        }
        obj
    }

    /// Appends a member. Keeps [`Object::has_repeated_keys`] exact by comparing the new name with
    /// the earlier ones (through the name table where there is one): for building small objects;
    /// [`Object::from_members`] builds a large one in one go.
    pub fn push(&mut self, name: Cow<'a, str>, value: Value<'a>) {
        let n = self.entries.len() + 1;
        let tabled = self.table().is_some() && n <= INDEXED_MAX_MEMBERS;
        let repeat = !tabled
            && !self.has_repeated_keys()
            && self.entries.iter().any(|(k, _)| same_name(k, &name));
        self.entries.push((name, value));
        if n > INDEXED_MAX_MEMBERS {
            // Too many for a table: scanned from now on; the answer about repeats stays.
            if let Some(meta) = self.meta.as_deref_mut() {
                meta.table = false;
            }
        } else if let Some(meta) = self.meta.as_deref_mut().filter(|m| m.table) {
            meta.repeats |= index_insert(&mut meta.slots, &self.entries, n - 1);
        } else if n == INDEXED_MIN_MEMBERS {
            let repeats_before = self.has_repeated_keys();
            self.build_index();
            if repeats_before {
                self.set_repeats();
            }
        }
        if repeat {
            self.set_repeats();
        }
    }

    /// Builds the name table of an object of [`INDEXED_MIN_MEMBERS`] to [`INDEXED_MAX_MEMBERS`]
    /// members (noting on the way whether a name repeats). Returns whether it did; otherwise the
    /// object has no box.
    fn build_index(&mut self) -> bool {
        let n = self.entries.len();
        self.meta = None;
        if !(INDEXED_MIN_MEMBERS..=INDEXED_MAX_MEMBERS).contains(&n) {
            return false;
        }
        let mut meta = Box::new(Meta {
            slots: [0u8; INDEX_SLOTS],
            table: true,
            repeats: false,
        });
        for i in 0..n {
            meta.repeats |= index_insert(&mut meta.slots, &self.entries, i);
        }
        self.meta = Some(meta);
        true
    }

    /// Records that a name repeats (a box without a table, unless there is a box).
    fn set_repeats(&mut self) {
        match self.meta.as_deref_mut() {
            Some(meta) => meta.repeats = true,
            None => {
                self.meta = Some(Box::new(Meta {
                    slots: [0u8; INDEX_SLOTS],
                    table: false,
                    repeats: true,
                }))
            }
        }
    }

    /// The name table, if the object has one.
    #[inline]
    fn table(&self) -> Option<&Index> {
        self.meta.as_deref().filter(|m| m.table).map(|m| &m.slots)
    }

    /// Whether some member name is written more than once (only JSON text can say so: a parsed
    /// `serde_json` map keeps one member per name). See [`Object::repeated_keys`].
    #[inline]
    pub fn has_repeated_keys(&self) -> bool {
        self.meta.as_deref().is_some_and(|m| m.repeats)
    }

    /// The index of the last member named `name`.
    #[inline]
    pub fn position(&self, name: &str) -> Option<usize> {
        self.position_at(name, name_slot(name))
    }

    /// [`Object::position`] with the name's home slot already computed (`name_slot(name)`, at
    /// compile time for a field table's member: [`crate::model::Field::slot`]).
    #[inline(always)]
    pub(crate) fn position_at(&self, name: &str, home: usize) -> Option<usize> {
        match self.table() {
            Some(index) => {
                let mut slot = home;
                // At least a quarter of the slots are empty, so the probe ends at one.
                for _ in 0..INDEX_SLOTS {
                    let i = usize::from(*index.get(slot)?).checked_sub(1)?;
                    if self.entries.get(i).is_some_and(|(k, _)| same_name(k, name)) {
                        return Some(i);
                    }
                    slot = (slot + 1) % INDEX_SLOTS;
                }
                None
            }
            None => self.entries.iter().rposition(|(k, _)| same_name(k, name)),
        }
    }

    /// The value of the last member named `name`.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&Value<'a>> {
        self.position(name)
            .and_then(|i| self.entries.get(i))
            .map(|(_, v)| v)
    }

    /// [`Object::get`] with the name's home slot already computed ([`Object::position_at`]).
    #[inline(always)]
    pub(crate) fn get_at(&self, name: &str, home: usize) -> Option<&Value<'a>> {
        self.position_at(name, home)
            .and_then(|i| self.entries.get(i))
            .map(|(_, v)| v)
    }

    /// Whether a member is named `name`.
    #[inline]
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Member names in input order (a repeated name appears as often as it was written).
    pub fn keys(&self) -> impl Iterator<Item = &str> + '_ {
        self.entries.iter().map(|(k, _)| k.as_ref())
    }

    /// Members in input order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value<'a>)> + '_ {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The number of members (a repeated name counts as often as it was written).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no members.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<'a> Value<'a> {
    /// The string, when this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The object, when this is one.
    pub fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array's items, when this is one.
    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The number as `i64`, when this is an integer in range.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    /// The boolean, when this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The JSON type's name, as `wrong_type` issues report it (`params.actual`): `null`,
    /// `boolean`, `number`, `string`, `array`, `object`.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
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
            Value::Object(o) => Value::Object(Object::from_members(
                o.entries
                    .into_iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                    .collect(),
            )),
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
                Number::Float(f) | Number::Big(f) if f.is_finite() => shortest::f64_len(f),
                Number::Float(_) | Number::Big(_) => 4,
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

    /// Names for objects of every size around the indexed range: names colliding in the cheap
    /// hash (same length and the same first, middle and last bytes), and empty ones.
    pub(super) fn colliding_names() -> Vec<String> {
        (0..60)
            .map(|i| match i % 4 {
                0 => format!("k{i}"),
                1 => format!("a{}z", i % 7),
                2 => format!("axz{}", "x".repeat(i % 5)),
                _ => String::new(),
            })
            .collect()
    }

    /// The object of `keys` (each member's value its index), built at once and pushed member by
    /// member.
    pub(super) fn built_and_pushed<'k>(keys: &[&'k str]) -> (Object<'k>, Object<'k>) {
        let members: Vec<_> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (Cow::Borrowed(*k), Value::Number(Number::Int(i as i64))))
            .collect();
        let built = Object::from_members(members.clone());
        let mut pushed = Object::new();
        for (k, v) in members {
            pushed.push(k, v);
        }
        (built, pushed)
    }

    #[test]
    fn compact_len_matches_serde_json() {
        let texts = [
            r#"{"a":[1,-2,3.5,1e300,18446744073709551615,true,false,null],"b\"":"x\u0001\n\\é😀"}"#,
            r#"[]"#,
            r#"{}"#,
            r#"[{"k":{"l":[[],{}]}}, "", 0, 0.1, -2.5e-7]"#,
        ];
        for t in texts {
            let serde: serde_json::Value = serde_json::from_str(t).expect("valid");
            let ours = parse(t.as_bytes()).expect("valid");
            let expected = serde_json::to_string(&serde).expect("serializes").len();
            assert_eq!(ours.compact_len(), expected, "{t}");
            assert_eq!(Value::from_serde(&serde).compact_len(), expected, "{t}");
        }
        // A whole number is an integer, written as one (as JSON.stringify writes it in
        // JavaScript; serde_json would write an f64 `1.0`).
        for (t, len) in [("-0.0", 1), ("1.0", 1), ("1e2", 3), ("-25e-1", 4)] {
            assert_eq!(parse(t.as_bytes()).map(|v| v.compact_len()), Ok(len), "{t}");
            let serde: serde_json::Value = serde_json::from_str(t).expect("valid");
            assert_eq!(Value::from_serde(&serde).compact_len(), len, "{t}");
        }
    }

    #[test]
    fn same_name_is_string_equality() {
        let names = [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "abce",
            "bbcd",
            "abcdefg",
            "abcdefh",
            "xbcdefg",
            "abcdefgh",
            "abcdefgi",
            "xbcdefgh",
            "abcdefghijklmnop",
            "abcdefghijklmnoq",
            "xbcdefghijklmnop",
            "abcdefghXjklmnop",
            "abcdefghijklmnopq",
            "abcdefghijklmnopr",
            "é",
            "éé",
            "custom_label_0",
            "custom_label_1",
        ];
        for a in names {
            for b in names {
                assert_eq!(same_name(a, b), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn the_name_index_answers_as_a_scan_does() {
        // Objects of every size around the indexed range, repeats anywhere.
        let names = colliding_names();
        for n in 0..=INDEXED_MAX_MEMBERS + 4 {
            for step in [1, 3, 7] {
                let keys: Vec<&str> = (0..n)
                    .map(|i| names[(i * step) % names.len()].as_str())
                    .collect();
                let (built, pushed) = built_and_pushed(&keys);
                assert_eq!(
                    built.table().is_some(),
                    (INDEXED_MIN_MEMBERS..=INDEXED_MAX_MEMBERS).contains(&n)
                );
                for probe in names.iter().map(String::as_str).chain(["", "nope", "k"]) {
                    let want = keys.iter().rposition(|k| *k == probe);
                    assert_eq!(built.position(probe), want, "{n} {step} {probe:?}");
                    assert_eq!(pushed.position(probe), want, "{n} {step} {probe:?}");
                    assert_eq!(built.contains_key(probe), want.is_some());
                }
            }
        }
    }
}
