//! Options across the boundary: one object per call, read and checked here, once (docs/BOUNDARY.md).
//!
//! The caller's options arrive as an object of plain members (strings, booleans, numbers).
//! JavaScript only converts: `pkg/lib/core.js` (`plain`) copies the caller's own members that are
//! given (not `undefined` or `null`) into an object without a prototype, so that nothing inherited
//! or computed is read here. Every check of names, types and values is in this file
//! and in the core, with the codes the package documents (`bad_options`, `invalid_limits`, the
//! core's own codes for a value it refuses). Another binding (Python) implements [`Members`] for
//! its own mapping type and gets the same checks.

use crate::fail::Fail;
#[cfg(feature = "audience")]
use preflight::audience::{HashOptions, PhoneFormat};
use wasm_bindgen::prelude::*;

/// One member of an options object.
pub(crate) enum Member {
    /// Not given.
    Absent,
    Text(String),
    Flag(bool),
    // Read by the upload bodies' limits and the signing options only.
    #[cfg_attr(
        not(any(feature = "audience-bodies", feature = "signing")),
        allow(dead_code)
    )]
    Number(f64),
    /// Anything else (an object, an array, a function, `null`).
    Other,
}

/// An options object: the names of its members and each member's value.
pub(crate) trait Members {
    /// Whether this is an object of members, or nothing (no options).
    fn is_members(&self) -> bool;
    /// How many members it has, every one given (`pkg/lib/core.js` `plain` leaves out the
    /// members that are `undefined` or `null`).
    fn count(&self) -> usize;
    /// One member.
    fn member(&self, name: &str) -> Member;
}

fn not_an_object() -> Fail {
    Fail::of("bad_options", "options must be an object")
}

#[wasm_bindgen]
extern "C" {
    /// `Object.keys(o)`, or `Err` for `null` (what `plain` gives for anything but a plain
    /// object): one import where `typeof` and `Array.isArray` tests would be three.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(o: &JsValue) -> Result<js_sys::Array, JsValue>;
}

// `pkg/lib/core.js` `plain` hands over `undefined` (no options), a copy of a plain object's own
// members that are given (no `undefined` or `null` member), or `null` (anything else).
impl Members for JsValue {
    fn is_members(&self) -> bool {
        self.is_undefined() || object_keys(self).is_ok()
    }

    fn count(&self) -> usize {
        object_keys(self).map_or(0, |k| k.length() as usize)
    }

    fn member(&self, name: &str) -> Member {
        if self.is_undefined() {
            return Member::Absent;
        }
        let v = match js_sys::Reflect::get(self, &JsValue::from_str(name)) {
            Ok(v) => v,
            Err(_) => return Member::Other,
        };
        if v.is_undefined() {
            Member::Absent
        } else if let Some(s) = v.as_string() {
            Member::Text(s)
        } else if let Some(b) = v.as_bool() {
            Member::Flag(b)
        } else {
            number(&v)
        }
    }
}

/// A number member (only the upload bodies' and the signing options have one).
#[cfg(any(feature = "audience-bodies", feature = "signing"))]
fn number(v: &JsValue) -> Member {
    v.as_f64().map_or(Member::Other, Member::Number)
}

#[cfg(not(any(feature = "audience-bodies", feature = "signing")))]
fn number(_: &JsValue) -> Member {
    Member::Other
}

/// Refuses options that are not an object, or that have a member whose name is not in
/// `allowed` (`bad_options` with `message`, which lists the allowed names).
pub(crate) fn known(o: &impl Members, allowed: &[&str], message: &'static str) -> Result<(), Fail> {
    if !o.is_members() {
        return Err(not_an_object());
    }
    // Every member is one of `allowed` exactly when it has as many members as it has of those.
    let given = allowed
        .iter()
        .filter(|name| !matches!(o.member(name), Member::Absent))
        .count();
    if o.count() != given {
        return Err(Fail::of("bad_options", message));
    }
    Ok(())
}

/// A text member, `None` when not given; anything else is `code` with `message`.
pub(crate) fn text(
    o: &impl Members,
    name: &str,
    code: &'static str,
    message: &'static str,
) -> Result<Option<String>, Fail> {
    match o.member(name) {
        Member::Absent => Ok(None),
        Member::Text(s) => Ok(Some(s)),
        _ => Err(Fail::of(code, message)),
    }
}

/// A flag member, `default` when not given.
#[cfg(feature = "audience")]
pub(crate) fn flag(
    o: &impl Members,
    name: &str,
    default: bool,
    message: &'static str,
) -> Result<bool, Fail> {
    match o.member(name) {
        Member::Absent => Ok(default),
        Member::Flag(b) => Ok(b),
        _ => Err(Fail::of("bad_options", message)),
    }
}

#[cfg(feature = "audience")]
/// The hash options' member names.
pub(crate) const HASH_KEYS: &[&str] = &["phoneFormat", "defaultCountryCode", "prehashed"];

#[cfg(feature = "audience")]
/// The hash options of `o` (members [`HASH_KEYS`]; other members are the caller's to check).
pub(crate) fn hash_options(o: &impl Members) -> Result<HashOptions, Fail> {
    let phone_format = text(
        o,
        "phoneFormat",
        "bad_options",
        "phoneFormat must be a string",
    )?;
    let default_country_code = text(
        o,
        "defaultCountryCode",
        "bad_options",
        "defaultCountryCode must be a string",
    )?;
    let prehashed = flag(o, "prehashed", false, "prehashed must be a boolean")?;
    let phone_format = match phone_format {
        Some(p) => p
            .parse::<PhoneFormat>()
            .map_err(|e| Fail::of(e.code(), e.message()))?,
        None => PhoneFormat::default(),
    };
    let opts = HashOptions::default()
        .with_phone_format(phone_format)
        .with_prehashed(prehashed);
    Ok(match default_country_code {
        Some(cc) => opts.with_default_country_code(&cc)?,
        None => opts,
    })
}

#[cfg(feature = "audience")]
/// [`hash_options`] of an object that has no other members.
pub(crate) fn only_hash_options(o: &impl Members) -> Result<HashOptions, Fail> {
    known(
        o,
        HASH_KEYS,
        "unknown option; expected phoneFormat, defaultCountryCode, prehashed",
    )?;
    hash_options(o)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An options object for the native tests.
    pub(crate) struct Map(pub(crate) Vec<(&'static str, Member)>);

    impl Members for Map {
        fn is_members(&self) -> bool {
            true
        }
        fn count(&self) -> usize {
            self.0
                .iter()
                .filter(|(_, m)| !matches!(m, Member::Absent))
                .count()
        }
        fn member(&self, name: &str) -> Member {
            match self.0.iter().find(|(k, _)| *k == name) {
                None | Some((_, Member::Absent)) => Member::Absent,
                Some((_, Member::Text(s))) => Member::Text(s.clone()),
                Some((_, Member::Flag(b))) => Member::Flag(*b),
                Some((_, Member::Number(n))) => Member::Number(*n),
                Some((_, Member::Other)) => Member::Other,
            }
        }
    }

    #[cfg(feature = "audience")]
    fn code(r: Result<HashOptions, Fail>) -> &'static str {
        r.err().map_or("ok", |f| f.code)
    }

    #[cfg(feature = "audience")]
    #[test]
    fn hash_options_are_checked_here() {
        assert_eq!(code(only_hash_options(&Map(vec![]))), "ok");
        let digits = only_hash_options(&Map(vec![
            ("phoneFormat", Member::Text("digits".into())),
            ("defaultCountryCode", Member::Text("44".into())),
            ("prehashed", Member::Flag(true)),
        ]));
        let digits = digits.ok();
        assert_eq!(
            digits.as_ref().map(|o| o.phone_format),
            Some(PhoneFormat::Digits)
        );
        assert_eq!(
            digits.and_then(|o| o.default_country_code),
            Some("44".into())
        );
        for bad in [
            vec![("phoneFormat", Member::Number(1.0))],
            vec![("defaultCountryCode", Member::Number(44.0))],
            vec![("prehashed", Member::Text("yes".into()))],
            vec![("phone_format", Member::Text("digits".into()))],
        ] {
            assert_eq!(code(only_hash_options(&Map(bad))), "bad_options");
        }
        // An unknown member beside known ones (one not given at all is no member).
        assert_eq!(
            code(only_hash_options(&Map(vec![("nope", Member::Absent)]))),
            "ok"
        );
        let unknown = only_hash_options(&Map(vec![
            ("prehashed", Member::Flag(true)),
            ("nope", Member::Flag(false)),
        ]));
        assert_eq!(
            unknown.err().map(|f| f.message),
            Some("unknown option; expected phoneFormat, defaultCountryCode, prehashed".into())
        );
        assert_ne!(
            code(only_hash_options(&Map(vec![(
                "phoneFormat",
                Member::Text("national".into())
            )]))),
            "ok"
        );
    }
}
