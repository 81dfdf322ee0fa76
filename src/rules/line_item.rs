//! `line_item_update` (document C §4 Line items). To be written.
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate_update(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
