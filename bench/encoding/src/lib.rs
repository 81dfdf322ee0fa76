//! A measurement (bench/encoding.mjs), not part of the package: a validation report across the
//! wasm boundary as JSON text written by the engine's writer (`Report::to_json`, what the package
//! ships) or as a JavaScript value built by serde-wasm-bindgen. Built with the feature `json`,
//! `serde` or both (the size of each side alone, and the speed of both in one module).
use wasm_bindgen::prelude::*;

/// The report as JSON text.
#[cfg(feature = "json")]
#[wasm_bindgen(js_name = viaJson)]
pub fn via_json(kind: &str, payload: &[u8]) -> Result<String, JsValue> {
    preflight::validate_json(kind, payload, "")
        .map(|r| r.to_json())
        .map_err(|e| JsValue::from_str(e.code.as_str()))
}

/// The report as a JavaScript value (serde-wasm-bindgen).
#[cfg(feature = "serde")]
#[wasm_bindgen(js_name = viaSerde)]
pub fn via_serde(kind: &str, payload: &[u8]) -> Result<JsValue, JsValue> {
    let r = preflight::validate_json(kind, payload, "")
        .map_err(|e| JsValue::from_str(e.code.as_str()))?;
    // JSON-compatible: plain objects for maps (the issues' params), as JSON.parse gives.
    let s = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(&r, &s).map_err(|_| JsValue::from_str("serialize"))
}
