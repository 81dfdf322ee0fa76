//! `product` and `product_batch` (document B §2 Product, §4 Products). To be written.
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_batch(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
