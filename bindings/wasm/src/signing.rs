//! Signing exports (CRC, event signatures, OAuth 1.0a, app-only credentials).
