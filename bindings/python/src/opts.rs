//! Options across the boundary: a call's keyword arguments, as a `dict`, shown to the readers
//! every binding shares (`preflight_bindings`, docs/BOUNDARY.md), which check names, types and
//! values with the same codes and messages as in JavaScript, in Python's spelling
//! (`phone_format` where JavaScript has `phoneFormat`).

use preflight_bindings::opts::{Member, Snake};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};

/// The members of `options` (none: no options), copied out of the `dict` with the GIL held:
/// `None` is a member not given; `bool` a flag; `int` and `float` a number; `str` text (one with
/// a lone surrogate has no UTF-8 form: not text, so the member's own type error); anything
/// else, and a key that is not a `str`, is of no type a reader takes.
pub(crate) fn members(options: Option<&Bound<'_, PyDict>>) -> Snake {
    let mut out = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let name = k.cast::<PyString>().ok().and_then(|s| s.to_cow().ok());
            let Some(name) = name else {
                // No reader asks for it: an unknown member.
                out.push((String::new(), Member::Other));
                continue;
            };
            out.push((name.into_owned(), member(&v)));
        }
    }
    preflight_bindings::opts::Listed(out)
}

fn member(v: &Bound<'_, PyAny>) -> Member {
    if v.is_none() {
        Member::Absent
    } else if let Ok(b) = v.cast::<PyBool>() {
        Member::Flag(b.is_true())
    } else if let Ok(s) = v.cast::<PyString>() {
        s.to_cow()
            .map_or(Member::Other, |s| Member::Text(s.into_owned()))
    } else if v.is_instance_of::<PyInt>() {
        // An `int` beyond a float's range is beyond every limit a reader takes; one beyond 2^53
        // rounds to a float that is too (no limit is above 2^53 - 1), never to one within.
        match v.extract::<f64>() {
            Ok(n) => Member::Number(n),
            Err(_) => Member::Other,
        }
    } else if let Ok(f) = v.cast::<PyFloat>() {
        Member::Number(f.value())
    } else {
        Member::Other
    }
}
