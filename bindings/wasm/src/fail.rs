//! The one error shape of every export: a failed call is `Err(Fail)`, a stable snake_case code
//! and a fixed message that never holds an input value (`preflight_bindings::Fail`, the same for
//! every binding). An export returns `Result<T, JsValue>`; wasm-bindgen's glue throws the `Err`,
//! which is the JavaScript `Error` built here with the code as its `code` property.
//! `pkg/lib/engine.js` (`call`) turns it into the package's `PreflightError`, in that one place;
//! any other throw out of a call is a trap.
//!
//! Kept apart from `JsValue` until the export returns, so that the native unit tests of this
//! crate (no JavaScript there) test the same code paths through `Fail`.

pub(crate) use preflight_bindings::Fail;
use wasm_bindgen::prelude::*;

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

/// An export's result: the value, or the [`Fail`] as the `Error` the glue throws.
pub(crate) fn done<T>(r: Result<T, Fail>) -> Result<T, JsValue> {
    r.map_err(thrown)
}

/// `Object.assign(new Error(message), {code})`: what the glue throws. Out of line: one copy for
/// every export (a cold path).
#[inline(never)]
fn thrown(f: Fail) -> JsValue {
    let e = CodedError::new(&f.message);
    e.set_code(f.code);
    e.into()
}
