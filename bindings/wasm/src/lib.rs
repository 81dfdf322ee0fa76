//! wasm-bindgen exports of the preflight engine, one module per area. Every call takes and returns
//! plain strings or bytes (JSON text in an envelope, see `preflight::envelope`) so results are
//! byte-identical to the native crate's and nothing throws across the boundary; the hand-written
//! wrapper in `pkg/lib/` turns them into plain JavaScript objects and typed errors.
#![forbid(unsafe_code)]

mod audience;
mod signing;
mod validate;
