//! Issues of the campaign rules (`src/rules/line_item/`, `src/rules/keyword_insights.rs`; spec C), each variant carrying its parameters.

use crate::report::{Code, Params};
use std::marker::PhantomData;

/// An issue of the campaign rules.
#[derive(Clone, Copy, Debug)]
pub enum CampaignIssue<'a> {
    /// Placeholder until the first variant (never built).
    #[doc(hidden)]
    #[allow(dead_code)]
    Unused(PhantomData<&'a ()>),
}

impl CampaignIssue<'_> {
    /// The stable code.
    pub fn code(&self) -> Code {
        match *self {
            CampaignIssue::Unused(_) => Code::Required,
        }
    }

    /// The message.
    pub fn message(&self) -> String {
        match *self {
            CampaignIssue::Unused(_) => String::new(),
        }
    }

    /// The params.
    pub fn params(&self) -> Params {
        match *self {
            CampaignIssue::Unused(_) => Params::new(),
        }
    }
}
