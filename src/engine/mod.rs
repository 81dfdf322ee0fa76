//! The rule engine: one interpreter over the rows of the kind registry.
//!
//! Every payload kind is one [`KindSpec`] row (in [`crate::spec::v12`], one data file per
//! document area): its name (the [`Kind`]), where its values travel ([`Mode`]), its
//! [`Description`] (title, source, the field table, the rules across fields) and, only where
//! data cannot say a rule, a named code [`Hook`]. [`run`] reads the row:
//!
//! 1. the field table, member by member ([`form`]: presence, type, bounds, format), then the
//!    unknown members;
//! 2. the rules across fields, in the order the description lists them: each is a rule kind of
//!    [`rules::Check`] (data) or [`Check::Hook`] (checked by the kind's hook);
//! 3. the kind's hook, if any.
//!
//! A kind whose rules report among its members ([`Hook::InOrder`]: the cards, the video
//! conversation cards) is read in order instead ([`in_order`]): each member on its own
//! ([`form::shape`]), each followed by the rules placed after it ([`Check::After`],
//! [`Check::NotSentEmpty`]), then the other rules, then the unknown members; the table's
//! conditions across members are shown by `describe` and checked by the kind's rules.
//!
//! `describe` and `jsonSchema` are derived from the same rows ([`crate::describe`],
//! [`crate::describe::schema`]), so a form cannot disagree with the engine.
//!
//! Kinds not yet migrated to rows keep their hand-written validation behind [`Hook::Whole`]:
//! the row still gives their description and mode, and the old code does the whole check.

pub mod form;
pub mod issues;
pub mod rules;

pub use rules::Check;

use crate::ctx::{Ctx, Mode};
use crate::describe::Description;
use crate::json::{Object, Value};
use crate::kind::Kind;
use crate::options::Options;
use crate::report::{Pointer, Report};

/// A hook over an object whose field table has been checked: the rules data cannot say.
pub type ObjectHook = fn(&mut Ctx, &Pointer, &Object<'_>);

/// A hook over the whole payload (a kind not yet migrated to rows).
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
    /// NOT YET MIGRATED: the kind's hand-written validation does the whole check (field table
    /// included); the row gives only its description and mode.
    Whole(ValueHook),
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

    /// A kind not yet migrated: its hand-written validation does everything.
    pub const fn whole(
        mode: Mode,
        description: &'static Description,
        validate: ValueHook,
    ) -> KindSpec {
        KindSpec {
            mode,
            description,
            hook: Hook::Whole(validate),
        }
    }
}

/// The row of `kind`.
pub fn spec(kind: Kind) -> &'static KindSpec {
    crate::spec::v12::spec(kind)
}

impl Kind {
    /// How the kind's scalar parameters arrive (its row's mode in the kind registry).
    pub fn mode(self) -> Mode {
        spec(self).mode
    }
}

/// Runs the rules of `kind` over `payload`.
pub fn run(kind: Kind, payload: &Value, options: &Options) -> Report {
    let row = spec(kind);
    let mut ctx = Ctx::new(options, row.mode);
    let root = Pointer::root();
    match row.hook {
        Hook::Whole(validate) => validate(&mut ctx, &root, payload),
        Hook::None | Hook::After(_) => {
            let d = row.description;
            if let Some(obj) = form::object(&mut ctx, &root, payload, d.fields()) {
                for rule in d.rules {
                    rules::check(&mut ctx, &root, obj, &rule.check);
                }
                if let Hook::After(hook) = row.hook {
                    hook(&mut ctx, &root, obj);
                }
            }
        }
        Hook::InOrder => {
            if let Some(obj) = crate::checks::fields::object(&mut ctx, &root, payload) {
                in_order(&mut ctx, &root, obj, row.description);
            }
        }
    }
    ctx.finish()
}

/// A kind read in order ([`Hook::InOrder`]): its members, each followed by the rules placed
/// after it, then the other rules, then the unknown members.
pub fn in_order(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>, d: &Description) {
    let table = d.fields();
    for f in table {
        form::shape(ctx, path, obj, f);
        for rule in d.rules {
            rules::placed_after(ctx, path, obj, &rule.check, f.name);
        }
    }
    for rule in d.rules {
        if !rules::is_placed(&rule.check) {
            rules::check(ctx, path, obj, &rule.check);
        }
    }
    crate::checks::fields::unknown_fields(ctx, path, obj, table);
}
