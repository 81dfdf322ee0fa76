//! Options across the boundary: one object per call, read and checked here, once
//! (docs/BOUNDARY.md).
//!
//! The caller's options arrive as an object of plain members (text, flags, numbers), which a
//! binding shows through [`Members`]. Every check of names, types and values is in this crate
//! and in the core, with the codes the packages document (`bad_options`, `invalid_limits`, the
//! core's own codes for a value it refuses).

use crate::Fail;
use preflight::audience::{HashOptions, PhoneFormat};

/// One member of an options object.
#[derive(Clone, Debug, PartialEq)]
pub enum Member {
    /// Not given.
    Absent,
    Text(String),
    Flag(bool),
    Number(f64),
    /// Anything else (an object, an array, a function, `null`).
    Other,
}

/// An options object: the names of its members and each member's value.
pub trait Members {
    /// Whether the host spells names in snake_case (`phone_format`, Python) rather than
    /// camelCase (`phoneFormat`, JavaScript): the names asked for and the messages written.
    const SNAKE: bool;
    /// Whether this is an object of members, or nothing (no options).
    fn is_members(&self) -> bool;
    /// How many members it has, every one given (a member that is not given, JavaScript's
    /// `undefined` or `null` and Python's `None`, is no member).
    fn count(&self) -> usize;
    /// One member, by its name as the host spells it.
    fn member(&self, name: &str) -> Member;
    /// `camel` or `snake`, as the host spells names ([`Members::SNAKE`]; `crate::spelled!`).
    #[inline(always)]
    fn spell<T>(&self, camel: T, snake: T) -> T {
        if Self::SNAKE {
            snake
        } else {
            camel
        }
    }
}

/// Options as a list of names and members: the Python binding's keyword arguments, copied out
/// of their `dict`, and the options of the native tests. Names are as the host spells them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listed<const SNAKE: bool>(pub Vec<(String, Member)>);

impl<const S: bool> Members for Listed<S> {
    const SNAKE: bool = S;

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
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map_or(Member::Absent, |(_, m)| m.clone())
    }
}

impl<const S: bool> Listed<S> {
    /// From names and members (the tests' shorthand).
    pub fn of(members: Vec<(&str, Member)>) -> Self {
        Listed(
            members
                .into_iter()
                .map(|(k, m)| (k.to_owned(), m))
                .collect(),
        )
    }
}

/// Camel-case options (JavaScript's spelling) for native tests.
pub type Camel = Listed<false>;
/// Snake-case options (Python's spelling).
pub type Snake = Listed<true>;

fn not_an_object() -> Fail {
    Fail::of("bad_options", "options must be an object")
}

/// Refuses options that are not an object, or that have a member whose name is not in
/// `allowed` (`bad_options` with `message`, which lists the allowed names).
pub fn known(o: &impl Members, allowed: &[&str], message: &'static str) -> Result<(), Fail> {
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
pub fn text(
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
pub fn flag(
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

/// The hash options' member names (camelCase; [`hash_keys`] spells them).
pub const HASH_KEYS: &[&str] = &["phoneFormat", "defaultCountryCode", "prehashed"];

/// [`HASH_KEYS`] as `o`'s host spells them.
pub fn hash_keys(o: &impl Members) -> &'static [&'static str] {
    crate::spelled_list!(o, [HASH_KEYS[0], HASH_KEYS[1], HASH_KEYS[2]])
}

/// The hash options of `o` (members [`HASH_KEYS`]; other members are the caller's to check).
pub fn hash_options(o: &impl Members) -> Result<HashOptions, Fail> {
    let phone_format = text(
        o,
        crate::spelled!(o, "phoneFormat"),
        "bad_options",
        crate::spelled!(o, "phoneFormat must be a string"),
    )?;
    let default_country_code = text(
        o,
        crate::spelled!(o, "defaultCountryCode"),
        "bad_options",
        crate::spelled!(o, "defaultCountryCode must be a string"),
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

/// [`hash_options`] of an object that has no other members.
pub fn only_hash_options(o: &impl Members) -> Result<HashOptions, Fail> {
    known(
        o,
        hash_keys(o),
        crate::spelled!(
            o,
            "unknown option; expected phoneFormat, defaultCountryCode, prehashed"
        ),
    )?;
    hash_options(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(r: Result<HashOptions, Fail>) -> &'static str {
        r.err().map_or("ok", |f| f.code)
    }

    #[test]
    fn hash_options_are_checked_here() {
        assert_eq!(code(only_hash_options(&Camel::of(vec![]))), "ok");
        let digits = only_hash_options(&Camel::of(vec![
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
            assert_eq!(code(only_hash_options(&Camel::of(bad))), "bad_options");
        }
        // An unknown member beside known ones (one not given at all is no member).
        assert_eq!(
            code(only_hash_options(&Camel::of(vec![(
                "nope",
                Member::Absent
            )]))),
            "ok"
        );
        let unknown = only_hash_options(&Camel::of(vec![
            ("prehashed", Member::Flag(true)),
            ("nope", Member::Flag(false)),
        ]));
        assert_eq!(
            unknown.err().map(|f| f.message),
            Some("unknown option; expected phoneFormat, defaultCountryCode, prehashed".into())
        );
        assert_ne!(
            code(only_hash_options(&Camel::of(vec![(
                "phoneFormat",
                Member::Text("national".into())
            )]))),
            "ok"
        );
    }

    #[test]
    fn snake_case_hosts_see_their_own_names() {
        let digits = only_hash_options(&Snake::of(vec![
            ("phone_format", Member::Text("digits".into())),
            ("default_country_code", Member::Text("44".into())),
        ]));
        assert_eq!(digits.map(|o| o.phone_format), Ok(PhoneFormat::Digits));
        let camel = only_hash_options(&Snake::of(vec![(
            "phoneFormat",
            Member::Text("digits".into()),
        )]));
        assert_eq!(
            camel.err(),
            Some(Fail::of(
                "bad_options",
                "unknown option; expected phone_format, default_country_code, prehashed"
            ))
        );
        let wrong = only_hash_options(&Snake::of(vec![(
            "default_country_code",
            Member::Number(44.0),
        )]));
        assert_eq!(
            wrong.err(),
            Some(Fail::of(
                "bad_options",
                "default_country_code must be a string"
            ))
        );
    }
}
