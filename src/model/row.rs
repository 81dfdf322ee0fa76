//! A kind's row: the kind, its section, where its values travel, its description and the code
//! it needs beyond them; and the one shape of that code, the [`Hook`].

use super::{Description, Field, Required, Rule};
use crate::ctx::{Ctx, Mode};
use crate::json::{Object, Value};
use crate::kind::Kind;
use crate::report::Pointer;

/// The code of a hook: every hook has this one signature.
pub type HookFn = fn(&mut Ctx, &At<'_, '_>);

/// Code for what the data cannot say, named once beside its code and placed in a row (the kind
/// table's `run` column, `src/spec/v12/kinds.md`) or at a member of a field table ([`Field::hooked`]).
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct Hook {
    /// Where it runs.
    pub place: Place,
    /// The code.
    pub run: HookFn,
    /// The rules across fields it checks, as `describe` shows them; their `fields` are pointers
    /// from the object it stands in ([`At::path`]). Empty in a WebAssembly build
    /// ([`Hook::new`]).
    pub rules: &'static [Rule],
}

/// Where a [`Hook`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// In a row, in place of the field table: the whole payload (a root that is not an object,
    /// the audience users bodies), its own rules checked and each item handed to the engine's
    /// field table.
    Root,
    /// In a row, after the field table and the data rules, on the payload object.
    After,
    /// At a member, when it is present: its value, in place of the check of its type (a value
    /// whose check has messages of its own). Presence, order and unknown members stay the
    /// table's.
    Value,
    /// At a member's place in the table, present or not (presence included), with the members
    /// after it that it also checks marked [`Field::checked_with_previous`]: for rules that read
    /// the context or the record while checking the member.
    Slot,
}

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hook")
            .field("place", &self.place)
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

impl Hook {
    /// A hook at `place`, checking `rules`. (A WebAssembly build keeps no `rules`: `describe`
    /// reads the rules from the table derived from them, `crate::schema`'s `rules_table`, and
    /// nothing at run time reads a hook's; the table's words are the same strings.)
    pub const fn new(place: Place, run: HookFn, rules: &'static [Rule]) -> Hook {
        let rules = if cfg!(target_family = "wasm") {
            &[]
        } else {
            rules
        };
        Hook { place, run, rules }
    }
}

/// What a hook is handed: the place it stands in the payload.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct At<'a, 'v> {
    /// The pointer of the object the hook stands in: the payload's (a row's hook), the object
    /// holding the member (a member's hook).
    pub path: &'a Pointer<'a>,
    /// That object (empty for [`Place::Root`], whose payload is not an object).
    pub object: &'a Object<'v>,
    /// The value: the payload ([`Place::Root`], [`Place::After`]), the member's
    /// ([`Place::Value`]; [`Place::Slot`]: `None` when the member is absent).
    pub value: Option<&'a Value<'v>>,
    /// The member the hook is placed at (`None` in a row).
    pub field: Option<&'a Field>,
    /// The pointer of the member (a member's hook), else [`At::path`].
    pub at: &'a Pointer<'a>,
    /// The member's name (`""` in a row).
    pub name: &'a str,
    /// Whether the member is always required (an empty string is then a missing value).
    pub required: bool,
}

/// A member hook's view of its member ([`At::member`]).
#[derive(Clone, Copy)]
pub struct Member<'a, 'v> {
    /// The member's pointer.
    pub path: &'a Pointer<'a>,
    /// The member's name.
    pub name: &'a str,
    /// Its value.
    pub value: &'a Value<'v>,
    /// Whether it is always required (an empty string is then a missing value).
    pub required: bool,
    /// The object holding it, for a check that depends on a sibling.
    pub parent: &'a Object<'v>,
}

impl<'a, 'v> At<'a, 'v> {
    /// A row's hook over the payload `value` (`object`: the payload object, else empty).
    pub fn row(path: &'a Pointer<'a>, object: &'a Object<'v>, value: &'a Value<'v>) -> Self {
        At {
            path,
            object,
            value: Some(value),
            field: None,
            at: path,
            name: "",
            required: false,
        }
    }

    /// A hook at member `field` (pointer `at`) of `object` (at `path`), whose value is `value`.
    pub fn member_of(
        path: &'a Pointer<'a>,
        object: &'a Object<'v>,
        field: &'a Field,
        at: &'a Pointer<'a>,
        value: Option<&'a Value<'v>>,
    ) -> Self {
        At {
            path,
            object,
            value,
            field: Some(field),
            at,
            name: field.name,
            required: matches!(field.need, Required::Always),
        }
    }

    /// The member the hook is placed at, when it is present: its pointer, name, value, whether
    /// it is always required, the object holding it. (For a member's hook; a row's hook reads
    /// [`At::value`] and [`At::object`].)
    #[inline(always)]
    pub fn member(&self) -> Option<Member<'a, 'v>> {
        let value = self.value?;
        Some(Member {
            path: self.at,
            name: self.name,
            value,
            required: self.required,
            parent: self.object,
        })
    }
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
    /// The code for what the data cannot say ([`Place::Root`] or [`Place::After`]).
    pub(crate) hook: Option<&'static Hook>,
    /// Whether the row is read in order: no code; each member is checked on its own
    /// (`form::shape`); the rules placed at a member ([`super::Check::After`],
    /// [`super::Check::NotSentEmpty`]) run right after it; then the other rules, in the order
    /// listed; then the unknown members. The table's conditions across members (required when,
    /// needs) are shown by `describe` and checked by the kind's rules, which say where they
    /// report.
    pub(crate) in_order: bool,
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
