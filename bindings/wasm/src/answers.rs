//! Answer reader exports: the core's one door, `preflight::answers::call` (a reader's name, its
//! arguments as JSON text, its result as JSON text, byte for byte the native crate's), and the
//! names it takes. A wrong call, or an answer the caller must not go on with, is the core's
//! `Error` thrown as the one error shape (`crate::fail`). The typed wrappers are
//! `pkg/lib/answers*.js`.
//!
//! (`///` docs of exports are copied into the generated glue that browsers download: one line
//! each; the rest is said in plain comments.)

use crate::fail::{done, Fail};
use wasm_bindgen::prelude::*;

/// Runs the answer reader `name` on `args_json` (one JSON object); its result as JSON text.
#[wasm_bindgen(js_name = answersCall)]
pub fn answers_call(name: &str, args_json: &str) -> Result<String, JsValue> {
    done(preflight::answers::call(name, args_json).map_err(Fail::from))
}

/// The names `answersCall` takes, as a JSON array of strings.
#[wasm_bindgen(js_name = answersNames)]
pub fn answers_names() -> String {
    let mut out = String::from("[");
    for (i, name) in preflight::answers::names().enumerate() {
        if i > 0 {
            out.push(',');
        }
        preflight::__private::json_string(&mut out, name);
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_the_cores_as_json() {
        let core: Vec<String> = preflight::answers::names()
            .map(|n| format!("\"{n}\""))
            .collect();
        assert_eq!(super::answers_names(), format!("[{}]", core.join(",")));
        assert!(core.len() >= 2);
    }
}
