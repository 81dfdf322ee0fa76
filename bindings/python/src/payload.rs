//! A `dict`/`list` payload: read in one walk into the engine's document ([`build`], the common
//! case), or checked before `json.dumps` writes it for the text path ([`check_payload`],
//! python/preflight/_validate.py) where [`build`] leaves it to that path.
//!
//! `json.dumps` writes a key that is not a `str` (`1`, `1.5`, `True`, `None`) as a string
//! (`"1"`, `"1.5"`, `"true"`, `"null"`) without a word, and has no option to refuse it: a
//! payload `{1: ...}` would be validated as `{"1": ...}`, a silent change of the user's data.
//! The check refuses it first. It also bounds what `json.dumps` is given: containers nested
//! deeper than the engine reads (`preflight::MAX_DEPTH`: a cycle is infinitely deep) are
//! `too_deep` with the engine's own message, and more values than the engine's input limit
//! (`preflight::MAX_INPUT_BYTES`: each value takes at least one byte of text) are
//! `input_too_large`, so that a structure that shares one list many times over (its text
//! exponentially long) is refused before it is written.
//!
//! [`build`] gives the document the engine parses from that `json.dumps` text, without the
//! text: the same report, byte for byte (tests/python/test_dict_path.py). Whatever it is not
//! certain of, and every payload the text path refuses, it leaves to the text path, so that
//! the errors (and which of several comes first) are that path's own.

use crate::fail::{done, Fail};
use bumpalo::Bump;
use preflight::json::{Number, Object, Value};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The message of a key that is not a `str` (it names no key).
pub(crate) const NON_STR_KEY: &str =
    "payload dict keys must be str: json.dumps would write another key (an int, a float, a bool, None) as a string";

/// Refuses a payload `json.dumps` would change (a non-`str` key), or that the engine would
/// refuse once written (too deep, too many values), without writing it.
#[pyfunction]
pub(crate) fn check_payload(py: Python<'_>, payload: &Bound<'_, PyAny>) -> PyResult<()> {
    done(py, walk(payload))
}

/// What is known of a container: being walked (on the current path), or walked, with the
/// least number of bytes `json.dumps` writes for it and its nesting height (1: no container in it).
#[derive(Clone, Copy)]
enum Seen {
    OnPath,
    Done { bytes: usize, height: usize },
}

/// A container being walked: its container children still to visit, and what is summed so far.
struct Frame<'py> {
    ptr: usize,
    children: Vec<Bound<'py, PyAny>>,
    next: usize,
    bytes: usize,
    height: usize,
}

fn is_container(v: &Bound<'_, PyAny>) -> bool {
    v.is_instance_of::<PyDict>() || v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>()
}

fn too_deep() -> Fail {
    Fail::of(
        "too_deep",
        format!(
            "the payload nests deeper than {} levels",
            preflight::MAX_DEPTH
        ),
    )
}

fn too_large() -> Fail {
    Fail::of(
        "input_too_large",
        format!(
            "the payload is larger than {} bytes",
            preflight::MAX_INPUT_BYTES
        ),
    )
}

/// Opens `node` (a container): its keys checked, its scalars counted (one byte each at least),
/// its containers kept to visit.
fn open<'py>(node: &Bound<'py, PyAny>) -> Result<Frame<'py>, Fail> {
    let mut children = Vec::new();
    let mut bytes: usize = 2; // the brackets
    let mut members: usize = 0;
    let mut add = |v: Bound<'py, PyAny>, key: usize| {
        // A separator before every member but the first; a scalar is one byte at least, a
        // container's own size is added when it is walked.
        let separator = usize::from(members > 0);
        members += 1;
        let value = usize::from(!is_container(&v));
        bytes = bytes.saturating_add(separator + key + value);
        if value == 0 {
            children.push(v);
        }
    };
    if let Ok(d) = node.cast::<PyDict>() {
        for (k, v) in d.iter() {
            if !k.is_instance_of::<PyString>() {
                return Err(Fail::of("invalid_argument", NON_STR_KEY));
            }
            add(v, 3); // `"":` at least
        }
    } else if let Ok(l) = node.cast::<PyList>() {
        for v in l.iter() {
            add(v, 0);
        }
    } else if let Ok(t) = node.cast::<PyTuple>() {
        for v in t.iter() {
            add(v, 0);
        }
    }
    Ok(Frame {
        ptr: node.as_ptr() as usize,
        children,
        next: 0,
        bytes,
        height: 1,
    })
}

/// A post-order walk without recursion. A container shared by several parents is walked once
/// (its size and height remembered by identity), so that the walk is linear in the distinct
/// containers even when the text `json.dumps` would write is exponentially long; a container
/// met again on its own path is a cycle, infinitely deep.
fn walk(payload: &Bound<'_, PyAny>) -> Result<(), Fail> {
    if !is_container(payload) {
        return Ok(());
    }
    let mut seen: HashMap<usize, Seen> = HashMap::new();
    let root = open(payload)?;
    seen.insert(root.ptr, Seen::OnPath);
    let mut path: Vec<Frame<'_>> = vec![root];
    loop {
        let depth = path.len();
        let Some(top) = path.last_mut() else { break };
        if top.bytes > preflight::MAX_INPUT_BYTES {
            return Err(too_large());
        }
        if let Some(child) = top.children.get(top.next).cloned() {
            top.next += 1;
            match seen.get(&(child.as_ptr() as usize)).copied() {
                Some(Seen::OnPath) => return Err(too_deep()),
                Some(Seen::Done { bytes, height }) => {
                    if depth + height > preflight::MAX_DEPTH {
                        return Err(too_deep());
                    }
                    top.bytes = top.bytes.saturating_add(bytes);
                    top.height = top.height.max(height + 1);
                }
                None => {
                    if depth + 1 > preflight::MAX_DEPTH {
                        return Err(too_deep());
                    }
                    let frame = open(&child)?;
                    seen.insert(frame.ptr, Seen::OnPath);
                    path.push(frame);
                }
            }
            continue;
        }
        if let Some(done) = path.pop() {
            if done.bytes > preflight::MAX_INPUT_BYTES {
                return Err(too_large());
            }
            seen.insert(
                done.ptr,
                Seen::Done {
                    bytes: done.bytes,
                    height: done.height,
                },
            );
            if let Some(parent) = path.last_mut() {
                parent.bytes = parent.bytes.saturating_add(done.bytes);
                parent.height = parent.height.max(done.height + 1);
            }
        }
    }
    Ok(())
}

/// A payload the native walk ([`build`]) does not turn into the engine's document: the caller
/// takes the JSON-text path instead (`check_payload`, `json.dumps`, the engine's parser), which
/// decides with its own codes and messages. Never a second meaning of a payload: only a faster
/// way to the document the text path builds.
#[derive(Debug)]
pub(crate) struct Refused;

/// What one JSON number is at most long as `json.dumps` writes a `float` (its `repr`):
/// `-1.2345678901234567e-308`.
const MAX_FLOAT_TEXT: usize = 24;

/// 2^53: a whole `float` of smaller magnitude is written with its exact digits by `repr` (its
/// shortest digits that read back as it cannot leave out a unit); a larger one may not be.
const EXACT_DIGITS_BELOW: f64 = 9_007_199_254_740_992.0;

/// Containers already met, by identity: on the current path (`true`), or walked (`false`).
type Met = HashMap<usize, bool, BuildHasherDefault<Address>>;

/// A hasher of object addresses (the only keys of [`Met`]): cheaper than SipHash, which guards
/// against keys chosen by an attacker, which addresses are not.
#[derive(Default)]
pub(crate) struct Address(u64);

impl Hasher for Address {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, n: usize) {
        // Objects are 16-byte aligned: the low bits carry nothing.
        self.0 = ((n as u64) >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Builds the engine's document from a `dict`/`list` payload in one walk, reading each Python
/// object once, as exactly the document the engine would parse from
/// `json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))`; or
/// [`Refused`] wherever that is not certain, and wherever the text path would fail (so that its
/// error, and which of several comes first, stay the text path's):
/// - built: an exact `dict` with `str` keys (a `str` subclass too: `json.dumps` writes its
///   value), an exact `list` or `tuple` (both arrays), a `str` (or subclass) with a UTF-8 form,
///   `None`, `bool`, an `int` (or subclass, such as `IntEnum`) in the 64-bit range, an exact `int`
///   beyond it read by the engine's own number parser from its digits, a finite `float` (or
///   subclass): the number the engine reads from its `repr`, which `json.dumps` writes (the
///   float itself, but for a whole one beyond 2^53, read from that `repr`);
/// - refused: a subclass of `dict`, `list` or `tuple` (`json.dumps` reads those through their
///   own `items()`/`__iter__`, which a subclass such as `OrderedDict` may order differently), a key
///   that is not a `str`, a lone surrogate, NaN or an infinity, an `int` the engine cannot read,
///   any other type, a nesting deeper than [`preflight::MAX_DEPTH`] (a cycle among them), a JSON
///   text that might be longer than [`preflight::MAX_INPUT_BYTES`], and a structure sharing a
///   container that the identity walk of [`check_payload`] refuses (as too deep or too large).
pub(crate) fn build<'b>(payload: &Bound<'_, PyAny>, arena: &'b Bump) -> Result<Value<'b>, Refused> {
    let mut b = Builder {
        root: payload,
        arena,
        met: Met::default(),
        keys: Keys::default(),
        shared_ok: false,
        bytes: 0,
    };
    b.value(payload, 0)
}

struct Builder<'a, 'py, 'b> {
    root: &'a Bound<'py, PyAny>,
    /// Where the document's strings are copied.
    arena: &'b Bump,
    met: Met,
    /// The keys read so far, by the identity of their `str` (a key object shared by many dicts,
    /// as `json.loads` shares each name, is read once). The payload holds them for the call.
    keys: Keys<'b>,
    /// Whether a container was met twice and the identity walk passed the whole payload.
    shared_ok: bool,
    /// An upper bound of the length of the JSON text so far.
    bytes: usize,
}

/// The keys read so far, by address.
type Keys<'b> = HashMap<usize, &'b str, BuildHasherDefault<Address>>;

impl<'b> Builder<'_, '_, 'b> {
    fn add(&mut self, n: usize) -> Result<(), Refused> {
        self.bytes = self.bytes.saturating_add(n);
        if self.bytes > preflight::MAX_INPUT_BYTES {
            return Err(Refused);
        }
        Ok(())
    }

    /// A `str`'s UTF-8 form, copied into the arena (none for a lone surrogate).
    fn text(&mut self, s: &Bound<'_, PyString>) -> Result<&'b str, Refused> {
        let bytes = s.encode_utf8().map_err(|_| Refused)?;
        let s = std::str::from_utf8(bytes.as_bytes()).map_err(|_| Refused)?;
        self.add(string_text_bound(s))?;
        Ok(self.arena.alloc_str(s))
    }

    /// A key (a `str`, read once per key object).
    fn key(&mut self, k: &Bound<'_, PyString>) -> Result<&'b str, Refused> {
        let id = k.as_ptr() as usize;
        if let Some(&s) = self.keys.get(&id) {
            self.add(string_text_bound(s))?;
            return Ok(s);
        }
        let s = self.text(k)?;
        self.keys.insert(id, s);
        Ok(s)
    }

    /// `v`, inside `depth` containers.
    fn value(&mut self, v: &Bound<'_, PyAny>, depth: usize) -> Result<Value<'b>, Refused> {
        if let Ok(s) = v.cast::<PyString>() {
            return Ok(Value::String(Cow::Borrowed(self.text(s)?)));
        }
        if v.is_none() {
            self.add(4)?;
            return Ok(Value::Null);
        }
        if let Ok(b) = v.cast::<PyBool>() {
            let b = b.is_true();
            self.add(5)?;
            return Ok(Value::Bool(b));
        }
        if let Ok(i) = v.cast::<PyInt>() {
            return self.int(i).map(Value::Number);
        }
        if let Ok(f) = v.cast::<PyFloat>() {
            return self.float(f.value(), v.py()).map(Value::Number);
        }
        let list = v.is_exact_instance_of::<PyList>();
        if list || v.is_exact_instance_of::<PyTuple>() || v.is_exact_instance_of::<PyDict>() {
            return self.container(v, depth + 1);
        }
        // A subclass of dict/list/tuple, or not a JSON value.
        Err(Refused)
    }

    /// A finite `float`: exactly the number the engine reads from the digits `json.dumps` writes
    /// (its `repr`, the shortest that read back as it). Those digits are the float itself, except
    /// for a whole number beyond 2^53, where they may end in zeros the float does not have
    /// (`2.0**55` is 36028797018963968, written `3.602879701896397e+16`, which the engine reads
    /// as the integer 36028797018963970): such a float is read from its `repr` by the engine's
    /// parser.
    fn float(&mut self, f: f64, py: Python<'_>) -> Result<Number, Refused> {
        if !f.is_finite() {
            return Err(Refused);
        }
        self.add(MAX_FLOAT_TEXT)?;
        if f.fract() != 0.0 || f.abs() < EXACT_DIGITS_BELOW {
            return Ok(Number::from_exact_f64(f));
        }
        // The repr of a plain float of this value (json.dumps writes `float.__repr__`, whatever
        // a subclass's own repr says).
        let digits = PyFloat::new(py, f).repr().map_err(|_| Refused)?;
        let digits = digits.to_cow().map_err(|_| Refused)?;
        match preflight::json::parse(digits.as_bytes()) {
            Ok(Value::Number(n)) => Ok(n),
            _ => Err(Refused),
        }
    }

    /// An `int`: exactly the number the engine reads from the digits `json.dumps` writes.
    fn int(&mut self, i: &Bound<'_, PyInt>) -> Result<Number, Refused> {
        if let Ok(n) = i.extract::<i64>() {
            self.add(int_text_len(n.unsigned_abs()) + usize::from(n < 0))?;
            return Ok(Number::Int(n));
        }
        if let Ok(n) = i.extract::<u64>() {
            self.add(int_text_len(n))?;
            // Above i64::MAX: the parser's `UInt`.
            return Ok(Number::UInt(n));
        }
        if !i.is_exact_instance_of::<PyInt>() {
            // A subclass's repr is not its digits.
            return Err(Refused);
        }
        // Beyond 64 bits: the engine's own reading of the digits (the nearest f64, or the text
        // path's error). `repr` fails beyond Python's digit limit, as json.dumps does.
        let digits = i.repr().map_err(|_| Refused)?;
        let digits = digits.to_cow().map_err(|_| Refused)?;
        self.add(digits.len())?;
        match preflight::json::parse(digits.as_bytes()) {
            Ok(Value::Number(n)) => Ok(n),
            _ => Err(Refused),
        }
    }

    /// A `dict`, `list` or `tuple` (exact types) at nesting level `level` (1: the payload).
    fn container(&mut self, v: &Bound<'_, PyAny>, level: usize) -> Result<Value<'b>, Refused> {
        if level > preflight::MAX_DEPTH {
            // Too deep, or a cycle.
            return Err(Refused);
        }
        let id = v.as_ptr() as usize;
        if !self.shared_ok {
            match self.met.insert(id, true) {
                None => {}
                // A cycle.
                Some(true) => return Err(Refused),
                // Shared: met before. Its JSON text is written once per parent, which the
                // identity walk bounds (without writing it) before this walk writes it again.
                Some(false) => {
                    walk(self.root).map_err(|_| Refused)?;
                    self.shared_ok = true;
                }
            }
        }
        let built = if let Ok(d) = v.cast::<PyDict>() {
            // Braces, a colon per member and a comma between members (keys and values are
            // added as they are read).
            self.add(2 + 2 * d.len())?;
            let mut members = Vec::with_capacity(d.len());
            for (k, item) in d.iter() {
                let k = k.cast_into::<PyString>().map_err(|_| Refused)?;
                let k = self.key(&k)?;
                members.push((Cow::Borrowed(k), self.value(&item, level)?));
            }
            Value::Object(Object::from_members(members))
        } else if let Ok(l) = v.cast::<PyList>() {
            self.array(l.iter(), level)?
        } else if let Ok(t) = v.cast::<PyTuple>() {
            self.array(t.iter(), level)?
        } else {
            return Err(Refused);
        };
        if !self.shared_ok {
            self.met.insert(id, false);
        }
        Ok(built)
    }

    /// The items of a `list` or `tuple` (both JSON arrays) inside container level `level`.
    fn array<'py>(
        &mut self,
        items: impl ExactSizeIterator<Item = Bound<'py, PyAny>>,
        level: usize,
    ) -> Result<Value<'b>, Refused> {
        self.add(2 + items.len())?; // brackets and commas
        let mut built = Vec::with_capacity(items.len());
        for item in items {
            built.push(self.value(&item, level)?);
        }
        Ok(Value::Array(built))
    }
}

/// Digits of `n`.
fn int_text_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// An upper bound of the length of `s` as a JSON string `json.dumps(ensure_ascii=False)` writes:
/// quotes, `"` and `\` escaped in two bytes, a control character in at most six (`\u001f`).
fn string_text_bound(s: &str) -> usize {
    let escapes: usize = s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' => 1,
            0..=0x1f => 5,
            _ => 0,
        })
        .sum();
    2 + s.len() + escapes
}
