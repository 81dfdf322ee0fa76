//! Validation exports.

use wasm_bindgen::prelude::*;

/// `validate` on JSON text given as UTF-8 bytes: `{"ok": <report>}` or `{"error": {"code",
/// "message"}}`. Bytes rather than `&str`: wasm-bindgen's glue copies a string into wasm memory one
/// character at a time in JavaScript (61 us of a 30 KB batch), while a `Uint8Array` from
/// `TextEncoder` is copied in one `set` (11 us). Invalid UTF-8 is reported by the engine.
#[wasm_bindgen(js_name = validateJson)]
pub fn validate_json(kind: &str, payload: &[u8], options: &str) -> String {
    preflight::validate_json_envelope(kind, payload, options)
}

/// The stable kind names, comma-separated.
#[wasm_bindgen]
pub fn kinds() -> String {
    let names: Vec<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    names.join(",")
}
