//! Issues of the webhook and activity-subscription rules (`src/rules/webhooks.rs`, `src/rules/activity_subscription.rs`; spec A), each variant carrying its parameters.

use crate::report::{Code, Params};
use std::marker::PhantomData;

/// An issue of the webhook and activity-subscription rules.
#[derive(Clone, Copy, Debug)]
pub enum WebhookIssue<'a> {
    /// Placeholder until the first variant (never built).
    #[doc(hidden)]
    #[allow(dead_code)]
    Unused(PhantomData<&'a ()>),
}

impl WebhookIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            WebhookIssue::Unused(_) => Code::Required,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            WebhookIssue::Unused(_) => String::new(),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        match *self {
            WebhookIssue::Unused(_) => Params::new(),
        }
    }
}
