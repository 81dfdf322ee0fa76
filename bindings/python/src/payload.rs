//! The check of a `dict`/`list` payload before `json.dumps` writes it (python/preflight/_validate.py).
//!
//! `json.dumps` writes a key that is not a `str` (`1`, `1.5`, `True`, `None`) as a string
//! (`"1"`, `"1.5"`, `"true"`, `"null"`) without a word, and has no option to refuse it: a
//! payload `{1: ...}` would be validated as `{"1": ...}`, a silent change of the user's data.
//! This walk refuses it first. It also bounds what `json.dumps` is given: containers nested
//! deeper than the engine reads (`preflight::MAX_DEPTH`: a cycle is infinitely deep) are
//! `too_deep` with the engine's own message, and more values than the engine's input limit
//! (`preflight::MAX_INPUT_BYTES`: each value takes at least one byte of text) are
//! `input_too_large`, so that a structure that shares one list many times over (its text
//! exponentially long) is refused before it is written.

use crate::fail::{done, Fail};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::collections::HashMap;

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
