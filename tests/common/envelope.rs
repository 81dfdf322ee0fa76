//! The result of a call as the native tests write it: `{"ok":<result>}` or
//! `{"error":{"code":...,"message":...}}`. The wasm exports return the result text or throw the
//! code and message; the Node and browser tests make the same text of that
//! (tests/node/vector-cases.mjs `envelopeOf`), so native and wasm results compare byte for byte.

/// `{"ok":<json>}` or `{"error":<the error as JSON>}`.
pub fn envelope(result: Result<String, preflight::Error>) -> String {
    match result {
        Ok(json) => format!("{{\"ok\":{json}}}"),
        Err(e) => format!("{{\"error\":{}}}", e.to_json()),
    }
}

/// [`preflight::validate_json`] in an [`envelope`].
pub fn validate_json_envelope(kind: &str, payload: &[u8], options: &str) -> String {
    envelope(preflight::validate_json(kind, payload, options).map(|r| r.to_json()))
}
