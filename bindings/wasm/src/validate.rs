//! Validation exports.

use wasm_bindgen::prelude::*;

/// `validate` on JSON text given as UTF-8 bytes: `{"ok": <report>}` or `{"error": {"code",
/// "message"}}`. Bytes rather than `&str`: wasm-bindgen's glue copies a string into wasm memory one
/// character at a time in JavaScript (61 us of a 30 KB batch), while a `Uint8Array` from
/// `TextEncoder` is copied in one `set` (11 us). Invalid UTF-8 is reported by the engine.
#[wasm_bindgen(js_name = validateJson)]
pub fn validate_json(kind: &str, payload: &[u8], options: &str) -> String {
    preflight::__private::validate_json_envelope(kind, payload, options)
}

/// The stable kind names, comma-separated.
#[wasm_bindgen]
pub fn kinds() -> String {
    let names: Vec<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    names.join(",")
}

/// `describe(kind)`: the kind's fields as data, `{"ok": <description>}` or `{"error": ...}`.
#[wasm_bindgen]
pub fn describe(kind: &str) -> String {
    preflight::__private::envelope(preflight::describe::describe_json(kind))
}

/// `jsonSchema(kind)`: the kind's JSON Schema (2020-12), `{"ok": <schema>}` or `{"error": ...}`.
#[wasm_bindgen(js_name = jsonSchema)]
pub fn json_schema(kind: &str) -> String {
    preflight::__private::envelope(preflight::describe::json_schema_json(kind))
}

/// `validate` on a payload handed over as a tape (`preflight::json::tape`, written by
/// pkg/lib/tape.js from a plain JavaScript value): the envelope, or `""` when the tape is refused
/// and the caller must take `validateJson` with the value's JSON text instead. A tape skips both
/// `JSON.stringify` and parsing; its strings cross as one UTF-8 buffer.
#[wasm_bindgen(js_name = validateTape)]
pub fn validate_tape(
    kind: &str,
    words: &[u32],
    numbers: &[f64],
    text: &[u8],
    units: usize,
    options: &str,
) -> String {
    let tape = preflight::__private::tape::TapeRef {
        words,
        numbers,
        text,
        units,
    };
    preflight::__private::validate_tape_envelope(kind, &tape, options).unwrap_or_default()
}
