//! Helpers shared by the test files: reading the vector suite ([`vectors`]) and the result of a
//! call as the native tests write it ([`envelope`]). The CLI's test
//! helpers are in cli/tests/common/.

// Each test file uses some of them.
#![allow(dead_code)]

pub mod envelope;
pub mod vectors;
