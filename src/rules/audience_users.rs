//! `custom_audience_users` and `do_not_reach_users` (document B §4). To be written (issue 3).
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate_custom_audience(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_do_not_reach(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
