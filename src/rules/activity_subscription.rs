//! `activity_subscription` (document A §6). To be written (issue 4).
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
