//! The one error shape of every export: a failed call is `Err(Fail)`, a stable snake_case code
//! and a fixed message that never holds an input value. An export returns
//! `Result<T, JsValue>`; wasm-bindgen's glue throws the `Err`, which is the JavaScript `Error`
//! built here with the code as its `code` property. `pkg/lib/engine.js` (`call`) turns it into
//! the package's `PreflightError`, in that one place; any other throw out of a call is a trap.
//!
//! Kept apart from `JsValue` until the export returns, so that the native unit tests of this
//! crate (no JavaScript there) test the same code paths through `Fail`.

use std::borrow::Cow;
use wasm_bindgen::prelude::*;

/// A failed call: a stable code and a message.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Fail {
    pub(crate) code: &'static str,
    // Most messages are fixed text: borrowed, so that no error site allocates and copies one.
    pub(crate) message: Cow<'static, str>,
}

impl Fail {
    /// From a stable code and a fixed message.
    pub(crate) fn of(code: &'static str, message: impl Into<Cow<'static, str>>) -> Fail {
        Fail {
            code,
            message: message.into(),
        }
    }
}

impl From<preflight::Error> for Fail {
    fn from(e: preflight::Error) -> Fail {
        Fail::of(e.code.code(), e.message)
    }
}

#[cfg(feature = "signing")]
impl From<preflight::signing::SigningError> for Fail {
    fn from(e: preflight::signing::SigningError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

#[cfg(feature = "audience")]
impl From<preflight::audience::IdError> for Fail {
    fn from(e: preflight::audience::IdError) -> Fail {
        Fail::of(e.code(), e.message())
    }
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Error`, with the one property a failed call adds.
    #[wasm_bindgen(js_name = Error)]
    type CodedError;

    #[wasm_bindgen(constructor, js_class = "Error")]
    fn new(message: &str) -> CodedError;

    #[wasm_bindgen(method, setter, js_class = "Error")]
    fn set_code(this: &CodedError, code: &str);
}

impl From<Fail> for JsValue {
    /// `Object.assign(new Error(message), {code})`: what the glue throws.
    fn from(f: Fail) -> JsValue {
        let e = CodedError::new(&f.message);
        e.set_code(f.code);
        e.into()
    }
}

/// An export's result: the value, or the [`Fail`] as the `Error` the glue throws.
pub(crate) fn done<T>(r: Result<T, Fail>) -> Result<T, JsValue> {
    r.map_err(thrown)
}

/// The `Error` of a failed call, out of line: one copy for every export (a cold path).
#[inline(never)]
fn thrown(f: Fail) -> JsValue {
    JsValue::from(f)
}
