//! Signing and verification: webhook CRC, event signatures, OAuth 1.0a, app-only credentials (signing.md).
