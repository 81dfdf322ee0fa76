//! Validation exports. Each returns JSON text (one `JSON.parse` in `pkg/lib/validate.js`, faster
//! than building the object across the boundary: docs/BOUNDARY.md) or throws a failed call
//! (`crate::fail`).
//!
//! (`///` docs of exports are copied into the generated glue that browsers download: one line
//! each; the rest is said in plain comments.)

use crate::fail::{done, Fail};
use wasm_bindgen::prelude::*;

// Bytes rather than `&str`: wasm-bindgen's glue copies a string into wasm memory one character at
// a time in JavaScript (61 us of a 30 KB batch), while a `Uint8Array` from `TextEncoder` is copied
// in one `set` (11 us). Invalid UTF-8 is reported by the engine.
/// `validate` on UTF-8 JSON text: the report's JSON text.
#[wasm_bindgen(js_name = validateJson)]
pub fn validate_json(kind: &str, payload: &[u8], options: &str) -> Result<String, JsValue> {
    done(validate_json_text(kind, payload, options))
}

fn validate_json_text(kind: &str, payload: &[u8], options: &str) -> Result<String, Fail> {
    Ok(preflight::validate_json(kind, payload, options)?.to_json())
}

/// The stable kind names, as a JSON array.
#[wasm_bindgen]
pub fn kinds() -> String {
    preflight::describe::kinds_json()
}

/// `describe(kind)` as JSON text.
#[wasm_bindgen]
pub fn describe(kind: &str) -> Result<String, JsValue> {
    done(preflight::describe::describe_json(kind).map_err(Fail::from))
}

/// `jsonSchema(kind)` (2020-12) as JSON text.
#[wasm_bindgen(js_name = jsonSchema)]
pub fn json_schema(kind: &str) -> Result<String, JsValue> {
    done(preflight::describe::json_schema_json(kind).map_err(Fail::from))
}

// The tape pkg/lib/tape.js writes (`preflight::json::tape`): one object, its parts read by the
// glue's getters, each typed array copied into wasm memory in one `set`, as a typed array
// argument is.
#[wasm_bindgen]
extern "C" {
    pub type Tape;
    #[wasm_bindgen(method, getter)]
    fn words(this: &Tape) -> Vec<u32>;
    #[wasm_bindgen(method, getter)]
    fn numbers(this: &Tape) -> Vec<f64>;
    #[wasm_bindgen(method, getter)]
    fn text(this: &Tape) -> Vec<u8>;
    #[wasm_bindgen(method, getter)]
    fn units(this: &Tape) -> u32;
}

// A payload handed over as a tape (a plain JavaScript value walked by pkg/lib/tape.js): the
// report's JSON text, or empty text (never JSON) when the tape is refused and the caller must
// take `validateJson` with the value's JSON text instead. A tape skips both `JSON.stringify` and
// parsing; its strings cross as one UTF-8 buffer.
/// `validate` on a tape `{words, numbers, text, units}`: the report's JSON text, or '' (refused: take the text).
#[wasm_bindgen(js_name = validateTape)]
pub fn validate_tape(kind: &str, tape: &Tape, options: &str) -> Result<String, JsValue> {
    let (words, numbers, text) = (tape.words(), tape.numbers(), tape.text());
    let tape = preflight::__private::tape::TapeRef {
        words: &words,
        numbers: &numbers,
        text: &text,
        units: tape.units() as usize,
    };
    done(validate_tape_text(kind, &tape, options))
}

fn validate_tape_text(
    kind: &str,
    tape: &preflight::__private::tape::TapeRef<'_>,
    options: &str,
) -> Result<String, Fail> {
    match preflight::__private::validate_tape(kind, tape, options) {
        Some(r) => Ok(r?.to_json()),
        None => Ok(String::new()),
    }
}
