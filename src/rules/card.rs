//! `card` and `card_update` (document C §4 Cards, §2 Card components). To be written.
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_update(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
