//! `webhook_create`, `webhook_list_query`, `webhook_id` (document A). To be written (issue 4).
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate_create(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_list_query(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_id(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
