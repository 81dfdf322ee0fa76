//! Audience identifier exports (normalize, hash, bulk, streaming, upload bodies).
