//! A kind's row: where its values travel, its description and the code it needs beyond them.

use super::Description;
use crate::ctx::{Ctx, Mode};
use crate::json::{Object, Value};
use crate::report::Pointer;

/// A hook over an object whose field table has been checked: the rules data cannot say.
pub type ObjectHook = fn(&mut Ctx, &Pointer, &Object<'_>);

/// A hook over the whole payload (a root that is not an object: [`Hook::Root`]).
pub type ValueHook = fn(&mut Ctx, &Pointer, &Value<'_>);

/// The code a kind needs beyond its data.
#[derive(Clone, Copy)]
pub enum Hook {
    /// None: the row says everything.
    None,
    /// Runs after the field table and the data rules, on the payload object, for the rules
    /// marked [`Check::Hook`] in the description. Hooks are named constants in
    /// [`crate::spec::v12::hooks`].
    After(ObjectHook),
    /// A payload whose root is not an object (the audience users bodies: an array of
    /// operations): the hook checks the root's own rules (body bytes, operation count) and
    /// hands each item to the engine's field table ([`form::object`],
    /// [`form::object_then_rules`]). Named in [`crate::spec::v12::hooks`].
    Root(ValueHook),
    /// No code: the row read in order ([`in_order`]). Each member is checked on its own
    /// ([`form::shape`]); the rules placed at a member ([`Check::After`],
    /// [`Check::NotSentEmpty`]) run right after it; then the other rules, in the order listed;
    /// then the unknown members. The table's conditions across members (required when, needs)
    /// are shown by `describe` and checked by the kind's rules, which say where they report.
    InOrder,
}

/// One payload kind: everything the engine, `describe` and `jsonSchema` know about it.
#[derive(Clone, Copy)]
pub struct KindSpec {
    /// Where the kind's scalar values travel (document C: "Parameters are sent in the query
    /// unless a JSON body is stated").
    pub mode: Mode,
    /// The field table and the rules across fields (`describe(kind)`); its `kind` names the row.
    pub description: &'static Description,
    /// The code for what the data cannot say.
    pub hook: Hook,
}

impl KindSpec {
    /// A kind the data describes whole.
    pub const fn data(mode: Mode, description: &'static Description) -> KindSpec {
        KindSpec {
            mode,
            description,
            hook: Hook::None,
        }
    }

    /// A kind with a hook after its data (one of [`crate::spec::v12::hooks`]).
    pub const fn with_hook(
        mode: Mode,
        description: &'static Description,
        hook: ObjectHook,
    ) -> KindSpec {
        KindSpec {
            mode,
            description,
            hook: Hook::After(hook),
        }
    }

    /// A kind read in order ([`Hook::InOrder`]): its rules report among its members.
    pub const fn in_order(mode: Mode, description: &'static Description) -> KindSpec {
        KindSpec {
            mode,
            description,
            hook: Hook::InOrder,
        }
    }

    /// A kind whose root is checked by a hook that hands its items to the field table
    /// ([`Hook::Root`]).
    pub const fn root(mode: Mode, description: &'static Description, hook: ValueHook) -> KindSpec {
        KindSpec {
            mode,
            description,
            hook: Hook::Root(hook),
        }
    }
}
