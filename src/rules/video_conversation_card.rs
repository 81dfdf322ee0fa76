//! `video_conversation_card` and its update (document C §4 Video conversation cards). To be written.
use crate::ctx::Ctx;
use crate::report::Pointer;
use serde_json::Value;
pub fn validate(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
pub fn validate_update(_ctx: &mut Ctx, _path: &Pointer, _value: &Value) {}
