//! Validation exports.

use wasm_bindgen::prelude::*;

/// `validate` on JSON text: `{"ok": <report>}` or `{"error": {"code", "message"}}`.
#[wasm_bindgen(js_name = validateJson)]
pub fn validate_json(kind: &str, payload: &str, options: &str) -> String {
    preflight::validate_json_envelope(kind, payload.as_bytes(), options)
}

/// The stable kind names, comma-separated.
#[wasm_bindgen]
pub fn kinds() -> String {
    let names: Vec<&str> = preflight::Kind::ALL.iter().map(|k| k.name()).collect();
    names.join(",")
}
