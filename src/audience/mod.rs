//! Audience identifiers: normalization, SHA-256 hashing and upload batches (audience-identifiers.md).
