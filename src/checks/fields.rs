//! Members of an object: presence, JSON type, unknown members, and the typed `*_member`
//! readers every rule uses (string, enum, integer, boolean, date-time, object, array).

use crate::checks::dates::{self, DateTime, Require};
pub use crate::checks::types::wrong_type;
use crate::checks::{enums, numbers};
use crate::ctx::{report, warn};
use crate::ctx::{Ctx, Mode};
use crate::issues::{CheckIssue, IssueKind};
use crate::json::{Object, Value};
use crate::report::Pointer;

/// Whether a member must be present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Required,
    Optional,
}

/// Reports `required` for member `name` of the object at `path`.
pub fn required(ctx: &mut Ctx, path: &Pointer, name: &str) {
    required_because(ctx, &path.key(name), name, format!("{name} is required"));
}

/// Reports `required` at `at` for member `field` with a message saying why (a value sent empty,
/// a list item sent empty, ...). Every `required` issue carries `params.field`.
pub fn required_because(ctx: &mut Ctx, at: &Pointer, field: &str, message: impl AsRef<str>) {
    let message = message.as_ref();
    report(ctx, at, CheckIssue::Required { field, message }.into());
}

/// The value must be an object. Every object a rule reads comes through here, so this is also
/// where a member name written more than once is reported ([`duplicate_keys`]).
pub fn object<'v>(ctx: &mut Ctx, path: &Pointer, v: &'v Value<'v>) -> Option<&'v Object<'v>> {
    match v {
        Value::Object(o) => {
            if o.has_repeated_keys() {
                duplicate_keys(ctx, path, o);
            }
            Some(o)
        }
        other => {
            wrong_type(ctx, path, "object", other);
            None
        }
    }
}

/// Reports `duplicate_key` (an error) once per member name written more than once in the object
/// at `path`, at the member's pointer, in the order of the second occurrences: `params.count`
/// (how many times) and `params.first_index` (the member position of the first, 0-based). The
/// rules read the last value, as `JSON.parse` does; which one the sender meant cannot be known.
#[cold]
#[inline(never)]
fn duplicate_keys(ctx: &mut Ctx, path: &Pointer, obj: &Object<'_>) {
    for r in obj.repeats_in_order() {
        let kind = IssueKind::DuplicateKey {
            count: r.count,
            first_index: r.first_index,
        };
        report(ctx, &path.key(r.name), kind);
    }
}

/// The value must be an array.
pub fn array<'v>(ctx: &mut Ctx, path: &Pointer, v: &'v Value<'v>) -> Option<&'v [Value<'v>]> {
    match v {
        Value::Array(a) => Some(a),
        other => {
            wrong_type(ctx, path, "array", other);
            None
        }
    }
}

/// The value must be a string.
pub fn string<'v>(ctx: &mut Ctx, path: &Pointer, v: &'v Value<'v>) -> Option<&'v str> {
    match v {
        Value::String(s) => Some(s.as_ref()),
        other => {
            wrong_type(ctx, path, "string", other);
            None
        }
    }
}

/// A set of member names, as [`unknown_fields`] takes it: a slice of the names.
pub trait Known {
    fn contains_name(&self, name: &str) -> bool;
}

impl Known for [&str] {
    fn contains_name(&self, name: &str) -> bool {
        self.contains(&name)
    }
}

impl<const N: usize> Known for [&str; N] {
    fn contains_name(&self, name: &str) -> bool {
        self.contains(&name)
    }
}

/// Warns `unknown_field` for each member not in `known`, in the order the members were written
/// (a name written more than once is reported once, at its first occurrence), so the report is
/// deterministic. Linear in the members (the earlier repeats are found only for an object that
/// repeats a name): an object of 100,000 unknown members is not a quadratic pass.
pub fn unknown_fields<K: Known + ?Sized>(
    ctx: &mut Ctx,
    path: &Pointer,
    obj: &Object<'_>,
    known: &K,
) {
    // For an object that repeats a name, which members repeat an earlier one (the list checks'
    // own pass: one search tree code for both).
    let repeats = obj
        .has_repeated_keys()
        .then(|| crate::checks::lengths::earlier_repeats(obj.keys()));
    for (i, k) in obj.keys().enumerate() {
        let first = repeats
            .as_ref()
            .map_or(true, |r| matches!(r.get(i), Some(None)));
        if !known.contains_name(k) && first {
            warn(ctx, &path.key(k), IssueKind::UnknownField);
        }
    }
}

/// Whether member `name` is present (any value, `null` included).
pub fn present(obj: &Object<'_>, name: &str) -> bool {
    obj.contains_key(name)
}

/// Whether member `name` was given: present and not `""` (a form's untouched input). A value of
/// another type (`null` included) counts as given; it is reported on its own.
pub fn given(obj: &Object<'_>, name: &str) -> bool {
    obj.get(name).is_some_and(|v| v.as_str() != Some(""))
}

/// Member `name`, reporting `required` when it is absent and needed.
pub fn member<'v>(
    ctx: &mut Ctx,
    obj: &'v Object<'v>,
    path: &Pointer,
    name: &str,
    need: Need,
) -> Option<&'v Value<'v>> {
    let v = obj.get(name);
    if v.is_none() && need == Need::Required {
        required(ctx, path, name);
    }
    v
}

/// A string member. A required member that is an empty string is reported as `required` (forms
/// send `""` for an untouched input); an optional empty string is returned for the caller's rules.
pub fn str_member<'v>(
    ctx: &mut Ctx,
    obj: &'v Object<'v>,
    path: &Pointer,
    name: &str,
    need: Need,
) -> Option<&'v str> {
    let s = typed_member(ctx, obj, path, name, need, string)?;
    if s.is_empty() && need == Need::Required {
        let message = format!("{name} is required and must not be empty");
        required_because(ctx, &path.key(name), name, message);
        return None;
    }
    Some(s)
}

/// Member `name` read by `read` (which reports at the member's path), reporting `required` when
/// it is absent and needed.
fn typed_member<'v, T>(
    ctx: &mut Ctx,
    obj: &'v Object<'v>,
    path: &Pointer,
    name: &str,
    need: Need,
    read: impl FnOnce(&mut Ctx, &Pointer, &'v Value<'v>) -> Option<T>,
) -> Option<T> {
    let v = member(ctx, obj, path, name, need)?;
    read(ctx, &path.key(name), v)
}

/// A string member that must be one of `allowed` (see [`enums::one_of`]); the value when it is.
/// An empty string is `required` when the member is, else not in the set.
pub fn enum_member<'v>(
    ctx: &mut Ctx,
    obj: &'v Object<'v>,
    path: &Pointer,
    name: &str,
    allowed: &[&str],
    need: Need,
) -> Option<&'v str> {
    let v = str_member(ctx, obj, path, name, need)?;
    enums::one_of(ctx, &path.key(name), v, allowed).then_some(v)
}

/// An integer member (JSON number; in query mode also a decimal string). See
/// [`numbers::integer`].
pub fn int_member(
    ctx: &mut Ctx,
    obj: &Object<'_>,
    path: &Pointer,
    name: &str,
    need: Need,
) -> Option<i64> {
    typed_member(ctx, obj, path, name, need, numbers::integer)
}

/// The value must be a boolean (in query mode also `"true"` / `"false"`).
pub fn boolean(ctx: &mut Ctx, path: &Pointer, v: &Value) -> Option<bool> {
    match (v, ctx.mode) {
        (Value::Bool(b), _) => Some(*b),
        (Value::String(s), Mode::Query) if s == "true" => Some(true),
        (Value::String(s), Mode::Query) if s == "false" => Some(false),
        (other, _) => {
            wrong_type(ctx, path, "boolean", other);
            None
        }
    }
}

/// An ISO 8601 date-time string member, as `require` demands (see [`dates::datetime`]): the
/// parsed value, or `None` when absent or malformed (reported).
pub fn datetime_member(
    ctx: &mut Ctx,
    obj: &Object<'_>,
    path: &Pointer,
    name: &str,
    require: Require,
    need: Need,
) -> Option<DateTime> {
    let s = str_member(ctx, obj, path, name, need)?;
    dates::datetime(ctx, &path.key(name), s, require)
}
