//! Helpers shared by the test files: reading the vector suite ([`vectors`]). The CLI's test
//! helpers are in cli/tests/common/.

// Each test file uses some of them.
#![allow(dead_code)]

pub mod vectors;
