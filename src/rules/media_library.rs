//! SKELETON: to be written (see the module list in src/rules/mod.rs).

use crate::checks::form;
use crate::ctx::Ctx;
use crate::describe::{Description, Type};
use crate::json::Value;
use crate::kind::Kind;
use crate::report::Pointer;

/// What `describe("media_library_list_query")` says.
pub const MEDIA_LIBRARY_LIST_QUERY: Description = Description {
    kind: Kind::MediaLibraryListQuery,
    title: "The media library GET query",
    source: "C §4 Media library",
    root: Type::Object(&[]),
    rules: &[],
};

/// `media_library_list_query`.
pub fn validate_media_library_list_query(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, MEDIA_LIBRARY_LIST_QUERY.fields());
}

/// What `describe("media_library_create")` says.
pub const MEDIA_LIBRARY_CREATE: Description = Description {
    kind: Kind::MediaLibraryCreate,
    title: "The media library POST parameters",
    source: "C §4 Media library, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `media_library_create`.
pub fn validate_media_library_create(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, MEDIA_LIBRARY_CREATE.fields());
}

/// What `describe("media_library_update")` says.
pub const MEDIA_LIBRARY_UPDATE: Description = Description {
    kind: Kind::MediaLibraryUpdate,
    title: "The media library PUT parameters",
    source: "C §4 Media library, §8 Limits",
    root: Type::Object(&[]),
    rules: &[],
};

/// `media_library_update`.
pub fn validate_media_library_update(ctx: &mut Ctx, path: &Pointer, value: &Value) {
    form::object(ctx, path, value, MEDIA_LIBRARY_UPDATE.fields());
}
