//! Options across the boundary: one object per call, read and checked once, by the readers every
//! binding shares (`preflight_bindings`: `bindings/shared`, docs/BOUNDARY.md). This file only
//! shows a JavaScript object to them ([`Members`] for [`Js`], a `JsValue`).
//!
//! The caller's options arrive as an object of plain members (strings, booleans, numbers).
//! JavaScript only converts: `pkg/lib/core.js` (`plain`) copies the caller's own members that are
//! given (not `undefined` or `null`) into an object without a prototype, so that nothing inherited
//! or computed is read here.

#[cfg(feature = "audience")]
pub(crate) use preflight_bindings::opts::only_hash_options;
#[cfg(feature = "csv")]
pub(crate) use preflight_bindings::opts::{flag, known, text};
pub(crate) use preflight_bindings::opts::{Member, Members};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Object.keys(o)`, or `Err` for `null` (what `plain` gives for anything but a plain
    /// object): one import where `typeof` and `Array.isArray` tests would be three.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(o: &JsValue) -> Result<js_sys::Array, JsValue>;
}

/// A JavaScript options object as the shared readers see it (a new type: neither the trait nor
/// `JsValue` is this crate's).
pub(crate) struct Js<'a>(pub(crate) &'a JsValue);

// `pkg/lib/core.js` `plain` hands over `undefined` (no options), a copy of a plain object's own
// members that are given (no `undefined` or `null` member), or `null` (anything else).
impl Members for Js<'_> {
    /// JavaScript spells names in camelCase (`phoneFormat`).
    const SNAKE: bool = false;

    fn is_members(&self) -> bool {
        self.0.is_undefined() || object_keys(self.0).is_ok()
    }

    fn count(&self) -> usize {
        object_keys(self.0).map_or(0, |k| k.length() as usize)
    }

    fn member(&self, name: &str) -> Member {
        if self.0.is_undefined() {
            return Member::Absent;
        }
        let v = match js_sys::Reflect::get(self.0, &JsValue::from_str(name)) {
            Ok(v) => v,
            Err(_) => return Member::Other,
        };
        if v.is_undefined() {
            Member::Absent
        } else if let Some(s) = v.as_string() {
            Member::Text(s)
        } else if let Some(b) = v.as_bool() {
            Member::Flag(b)
        } else {
            number(&v)
        }
    }
}

/// A number member (only the upload bodies' and the signing options have one).
#[cfg(any(feature = "audience-bodies", feature = "signing"))]
fn number(v: &JsValue) -> Member {
    v.as_f64().map_or(Member::Other, Member::Number)
}

#[cfg(not(any(feature = "audience-bodies", feature = "signing")))]
fn number(_: &JsValue) -> Member {
    Member::Other
}
