//! Issues of the creative rules (`src/rules/card.rs`, `video_conversation_card.rs`, `media_library.rs`, `promoted_post.rs`; spec C), each variant carrying its parameters.

use crate::report::{Code, Params};
use std::marker::PhantomData;

/// An issue of the creative rules.
#[derive(Clone, Copy, Debug)]
pub enum CreativeIssue<'a> {
    /// Placeholder until the first variant (never built).
    #[doc(hidden)]
    #[allow(dead_code)]
    Unused(PhantomData<&'a ()>),
}

impl CreativeIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CreativeIssue::Unused(_) => Code::Required,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            CreativeIssue::Unused(_) => String::new(),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        match *self {
            CreativeIssue::Unused(_) => Params::new(),
        }
    }
}
