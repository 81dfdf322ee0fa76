//! Issues of the audience rules (`src/rules/audience_users.rs` and the other audience kinds; spec B), each variant carrying its parameters.

use crate::report::{Code, Params};
use std::marker::PhantomData;

/// An issue of the audience rules.
#[derive(Clone, Copy, Debug)]
pub enum AudienceIssue<'a> {
    /// Placeholder until the first variant (never built).
    #[doc(hidden)]
    #[allow(dead_code)]
    Unused(PhantomData<&'a ()>),
}

impl AudienceIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            AudienceIssue::Unused(_) => Code::Required,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            AudienceIssue::Unused(_) => String::new(),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        match *self {
            AudienceIssue::Unused(_) => Params::new(),
        }
    }
}
