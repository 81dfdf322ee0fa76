//! A kind's row: the kind, its section, where its values travel, its description and the code
//! it needs beyond them.

use super::Description;
use crate::ctx::{Ctx, Mode};
use crate::json::{Object, Value};
use crate::kind::Kind;
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

/// One payload kind: everything the engine, `describe` and `jsonSchema` know about it. The rows
/// are generated from the kind table (`src/spec/v12/kinds.md`); `describe(kind)` returns the
/// kind's row. It dereferences to its [`Description`] (`describe(kind).title`,
/// `describe(kind).fields()`).
#[derive(Clone, Copy)]
pub struct KindSpec {
    /// The kind.
    pub kind: Kind,
    /// Where the spec states it (document and sections).
    pub source: &'static str,
    /// The field table and the rules across fields.
    pub description: &'static Description,
    /// Where the kind's scalar values travel (document C: "Parameters are sent in the query
    /// unless a JSON body is stated"); [`KindSpec::location`] names it.
    pub(crate) mode: Mode,
    /// The code for what the data cannot say.
    pub(crate) hook: Hook,
}

impl std::fmt::Debug for KindSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KindSpec")
            .field("kind", &self.kind)
            .field("source", &self.source)
            .field("description", self.description)
            .finish_non_exhaustive()
    }
}

impl std::ops::Deref for KindSpec {
    type Target = Description;

    fn deref(&self) -> &Description {
        self.description
    }
}
