//! The model: what a kind is, as data. A kind's row ([`KindSpec`]: its mode, its
//! [`Description`] and its [`Hook`]); the description's field table ([`Field`], [`Type`],
//! [`Str`], [`List`], [`Array`], [`Tagged`]) with its [`Format`]s, and its rules across fields
//! ([`Rule`], each carrying a [`Check`]); the one shape of the code data cannot say ([`Hook`]:
//! its [`Place`], its code, the rules it checks). The engine runs it, `describe` and
//! `jsonSchema` render it ([`crate::describe`], [`crate::schema`]); the model itself runs
//! nothing.

mod check;
mod format;
mod row;

pub use check::{Check, Empty};
pub use format::Format;
pub use row::{At, Hook, HookFn, KindSpec, Member, Place};

use crate::ctx::Fact;
use crate::report::Code;

/// One member of an object.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Field {
    /// The member name.
    pub name: &'static str,
    /// What its value is.
    pub ty: Type,
    /// Whether it must be present.
    pub need: Required,
    /// The spec's words for it.
    pub doc: &'static str,
    /// When the member is allowed at all, where that depends on a context fact (the engine
    /// refuses it otherwise): `appliesWhen` in [`describe`](crate::describe::describe). Members of a tagged variant get
    /// theirs from the tag instead.
    pub applies: Option<&'static Applies>,
    /// The sibling members this one needs when it is present ("fourth_choice (needs ...
    /// third)"): each missing is `dependency_missing` at its own pointer, right after this
    /// member is checked. `describe` shows each needed member as required when this one is
    /// present.
    pub needs: &'static [&'static str],
    /// Whether [`Field::needs`] holds only when this member is given (a non-empty string:
    /// forms send `""` for an untouched input), and is met only by members given: "X: if the
    /// matching cta". Otherwise presence is enough on both sides.
    pub needs_given: bool,
    /// The hook placed at this member ([`Field::hooked`]: [`Place::Value`] or [`Place::Slot`]);
    /// `describe` still shows [`Field::ty`] and [`Field::need`], and the hook's rules.
    pub(crate) hook: Option<&'static Hook>,
    /// Whether this member is checked by the [`Place::Slot`] hook of a member before it
    /// ([`Field::checked_with_previous`]).
    pub(crate) covered: bool,
    /// A rule across this member's siblings, checked right after this member (present or not),
    /// where the table's order puts it: a rule kind of [`Check`] anchored in the table, so that
    /// it also runs for every object of a nested table (each product of a batch).
    pub(crate) then: Option<&'static Check>,
    /// Whether this member's [`Required::When`] is reported by an anchored rule of the table
    /// ([`Field::then`], e.g. [`Check::AtLeastOne`]: one issue for the group) rather than by
    /// the member itself; `describe` still shows the condition.
    pub(crate) grouped: bool,
    /// The home slot of [`Field::name`] in an object's name table (`json::name_slot`), computed
    /// at compile time by the constructors, so that the engine's lookup of a table member costs
    /// what a lookup by a literal name does.
    pub(crate) slot: usize,
}

/// A context fact a member is allowed under ([`Field::only_when`]). Written into `appliesWhen` as
/// `{"op": "context", "fact", ...}`, the form `condition.when` uses for context facts.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Applies {
    /// The type `context.media_types` gives for the media key in member `.0` is one of `.1`.
    MediaTypeOf(&'static str, &'static [&'static str]),
    /// Member `.0` of the existing record (`context.current`) is one of `.1`.
    CurrentMember(&'static str, &'static [&'static str]),
}

impl Field {
    /// A required member.
    pub const fn required(name: &'static str, ty: Type, doc: &'static str) -> Field {
        Field::with_need(name, ty, Required::Always, doc)
    }

    /// An optional member.
    pub const fn optional(name: &'static str, ty: Type, doc: &'static str) -> Field {
        Field::with_need(name, ty, Required::Optional, doc)
    }

    /// A member required under `condition`.
    pub const fn required_when(
        name: &'static str,
        ty: Type,
        condition: &'static Condition,
        doc: &'static str,
    ) -> Field {
        Field::with_need(name, ty, Required::When(condition), doc)
    }

    /// A member with nothing but its name, type, need and words (the constructors above); the
    /// builders below add the rest.
    const fn with_need(name: &'static str, ty: Type, need: Required, doc: &'static str) -> Field {
        Field {
            name,
            ty,
            need,
            doc,
            applies: None,
            needs: &[],
            needs_given: false,
            hook: None,
            covered: false,
            then: None,
            grouped: false,
            slot: crate::json::name_slot(name),
        }
    }

    /// The same member, needing the sibling members `needs` when it is present.
    pub const fn needs(mut self, needs: &'static [&'static str]) -> Field {
        self.needs = needs;
        self
    }

    /// The same member, needing the sibling members `needs` (given, not `""`) when it is given
    /// ([`Field::needs_given`]).
    pub const fn needs_when_given(mut self, needs: &'static [&'static str]) -> Field {
        self.needs = needs;
        self.needs_given = true;
        self
    }

    /// The same member, checked by `hook` ([`Place::Value`]: its value when present;
    /// [`Place::Slot`]: at its place, present or not).
    pub(crate) const fn hooked(mut self, hook: &'static Hook) -> Field {
        self.hook = Some(hook);
        self
    }

    /// The same member, checked by the [`Place::Slot`] hook of a member before it.
    pub(crate) const fn checked_with_previous(mut self) -> Field {
        self.covered = true;
        self
    }

    /// The same member, followed by the anchored rule `rule` ([`Field::then`]).
    pub(crate) const fn then(mut self, rule: &'static Check) -> Field {
        self.then = Some(rule);
        self
    }

    /// The same member, its condition reported by an anchored rule ([`Field::grouped`]).
    pub(crate) const fn grouped(mut self) -> Field {
        self.grouped = true;
        self
    }

    /// The same member, allowed only under `applies`.
    pub const fn only_when(mut self, applies: &'static Applies) -> Field {
        self.applies = Some(applies);
        self
    }
}

/// Whether a member must be present.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Required {
    /// Always required.
    Always,
    /// Never required.
    Optional,
    /// Required when the condition holds.
    When(&'static Condition),
}

/// A condition, in words and as data.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Condition {
    /// The spec's words ("required when type is MANUAL").
    pub text: &'static str,
    /// The condition as data.
    pub when: When,
}

/// The structured form of a [`Condition`]. Member names are siblings in the same object.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum When {
    /// Member `.0` equals the string `.1`.
    Equals(&'static str, &'static str),
    /// Member `.0` is present.
    Present(&'static str),
    /// Every listed member is absent.
    AllAbsent(&'static [&'static str]),
    /// A fact of `options.context` (`objective`, `placements`) is, or includes, one of `values`.
    Context {
        /// The fact.
        fact: Fact,
        /// The values that make the condition hold.
        values: &'static [&'static str],
    },
}

/// The type of a value, with its bounds.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Type {
    /// A string; bounds in characters (Unicode scalar values).
    Str(Str),
    /// A string from a closed set (exact match).
    Enum(&'static [&'static str]),
    /// A whole number (in a query also a decimal string).
    Int {
        /// The smallest value.
        min: Option<i64>,
        /// The largest value.
        max: Option<i64>,
    },
    /// A JSON number (a price amount, a duration).
    Number,
    /// A 64-bit id ("long"): a string of decimal digits; a JSON integer only while JavaScript
    /// holds it exactly.
    Long,
    /// A boolean (in a query also `"true"` / `"false"`).
    Bool,
    /// A comma-separated list (as sent in a query), or an array of its items.
    List(&'static List),
    /// A JSON array.
    Array(&'static Array),
    /// A JSON object with the listed members.
    Object(&'static [Field]),
    /// One of several object shapes, chosen by the string member `tag` (card components by
    /// `type`): the members of the variant whose tag value matches.
    Tagged(&'static Tagged),
}

/// String bounds and format.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Str {
    /// Fewest characters.
    pub min: Option<usize>,
    /// Most characters.
    pub max: Option<usize>,
    /// The documented format, if any.
    pub format: Option<Format>,
}

impl Str {
    /// Any string.
    pub const ANY: Type = Type::Str(Str {
        min: None,
        max: None,
        format: None,
    });

    /// At most `max` characters.
    pub const fn max(max: usize) -> Type {
        Type::Str(Str {
            min: None,
            max: Some(max),
            format: None,
        })
    }

    /// Between `min` and `max` characters.
    pub const fn between(min: usize, max: usize) -> Type {
        Type::Str(Str {
            min: Some(min),
            max: Some(max),
            format: None,
        })
    }

    /// A string of the given format.
    pub const fn format(format: Format) -> Type {
        Type::Str(Str {
            min: None,
            max: None,
            format: Some(format),
        })
    }
}

impl Str {
    /// The fewest characters the engine accepts: [`Str::min`], else 1 for a member that is
    /// always required (the engine reports an empty required string as missing: forms send `""`
    /// for an untouched input). `describe` (`minLength`) and `jsonSchema` both read this.
    pub fn fewest(&self, required: bool) -> Option<usize> {
        fewest(self.min, required)
    }
}

/// A declared minimum `min`, else 1 when `required`: an empty value is then missing.
fn fewest(min: Option<usize>, required: bool) -> Option<usize> {
    min.or(required.then_some(1))
}

/// A comma-separated list.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct List {
    /// The type of each item.
    pub item: Type,
    /// Fewest items.
    pub min_items: Option<usize>,
    /// Most items.
    pub max_items: Option<usize>,
    /// Items must not repeat.
    pub unique: bool,
}

impl List {
    /// The fewest items the engine accepts: [`List::min_items`], else 1 for a member that is
    /// always required (the engine reports an empty required list as missing). `describe`
    /// (`minItems`) and `jsonSchema` both read this.
    pub fn fewest(&self, required: bool) -> Option<usize> {
        fewest(self.min_items, required)
    }
}

/// A JSON array.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Array {
    /// The type of each item.
    pub item: Type,
    /// Fewest items.
    pub min_items: Option<usize>,
    /// Most items.
    pub max_items: Option<usize>,
}

/// Object shapes told apart by a tag member.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Tagged {
    /// The member whose string value chooses the shape (`type` for card components).
    pub tag: &'static str,
    /// Each tag value with the members of its shape.
    pub variants: &'static [(&'static str, &'static [Field])],
    /// Members allowed only with some tag values: sent with another, `not_allowed` (after the
    /// variant's members, and not also `unknown_field`). `describe` shows each under the
    /// variants it belongs to.
    pub only_in: &'static [OnlyIn],
}

/// A member of a [`Tagged`] object allowed only with the tag values `tags` ("label ... BUTTON
/// only").
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct OnlyIn {
    /// The member.
    pub member: &'static str,
    /// The tag values of the shapes it is allowed in.
    pub tags: &'static [&'static str],
    /// The message of `not_allowed` (`params.allowed_in` lists `tags`).
    pub message: &'static str,
}

/// A rule across fields, in words, with the code it reports and the fields it involves
/// (JSON pointers; `*` stands for any array index): a data rule of a [`Description`], or one a
/// hook checks (code for what data cannot say, crate-private). What the field table says (needs, anchored rules, formats, members of some
/// tags only) is no `Rule`: `describe` derives it from the table.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Rule {
    /// The code the rule reports.
    pub code: Code,
    /// What checks it: a rule kind of the engine, as data, or [`Check::Hook`] (the hook that
    /// lists it).
    pub(crate) check: &'static Check,
    /// Whether the rule reads the current time (`options.now`, else the clock; see
    /// [`crate::clock`]): `readsClock` in [`describe`](crate::describe::describe).
    pub reads_clock: bool,
    /// The rule in the spec's words.
    pub text: &'static str,
    /// The members it involves, as JSON pointers (`*` for any array index); a hook's are from
    /// the object it stands in.
    pub fields: &'static [&'static str],
}

/// A kind's title, field table and rules across fields: its row's [`KindSpec::description`]
/// (`describe(kind)` is the row, which adds the kind, its section and where its values travel).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Description {
    /// What the payload is.
    pub title: &'static str,
    /// The payload's shape.
    pub root: Type,
    /// The rules across fields the engine runs as data after the table (those the table and the
    /// hooks hold are derived by `describe`).
    pub rules: &'static [Rule],
}

impl Description {
    /// The top-level members, when the payload is an object.
    pub fn fields(&self) -> &'static [Field] {
        match self.root {
            Type::Object(f) => f,
            _ => &[],
        }
    }
}

/// The type name in `describe` (`type`).
pub fn type_name(t: &Type) -> &'static str {
    match t {
        Type::Str(_) => "string",
        Type::Enum(_) => "enum",
        Type::Int { .. } => "integer",
        Type::Number => "number",
        Type::Long => "long",
        Type::Bool => "boolean",
        Type::List(_) => "list",
        Type::Array(_) => "array",
        Type::Object(_) | Type::Tagged(_) => "object",
    }
}

/// The sibling that needs `f` when present ([`Field::needs`]): `f` is then required when it is.
pub fn needed_by<'a>(f: &Field, siblings: &'a [Field]) -> Option<&'a Field> {
    siblings.iter().find(|s| s.needs.contains(&f.name))
}
