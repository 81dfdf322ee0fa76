//! wasm-bindgen exports. Every call takes and returns plain strings (JSON text in an envelope,
//! see `preflight::envelope`) so results are byte-identical to the native crate's and nothing
//! throws across the boundary; the hand-written wrapper in `pkg/` turns them into plain
//! JavaScript objects and typed errors.
#![forbid(unsafe_code)]

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
