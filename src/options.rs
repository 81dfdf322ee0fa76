//! Validation options: the `context`, the facts outside the payload that some rules need, and
//! `now`, the current time of the rules relative to it ([`crate::clock`]), and `max_issues`, the
//! bound on the report's length.
//!
//! A fact that is not given is never guessed: the rules that need it are skipped and the report
//! carries a `context_missing` warning naming the fact. A fact given with a value the spec does not
//! document is `bad_options` naming the accepted values: a typo must not switch a rule off.
//!
//! The facts with a closed set of values are enums ([`Objective`], [`Placement`], [`MediaType`],
//! [`BudgetOptimization`]), so in Rust a misspelled value does not compile; text (JSON options,
//! a caller's own configuration) is parsed once with [`str::parse`], which refuses any other text
//! with the same `bad_options` error as the JSON options. Each enum's `name()` (and `Display`)
//! is the spec's name, the text `parse` takes back. The spec states no forward compatibility for
//! these values (no "unknown values must be accepted"), so a value outside the set is an error,
//! never a rule quietly skipped; the enums are `#[non_exhaustive]` so that a value the spec adds
//! later is not a breaking change.
//!
//! A report holds at most `max_issues` issues ([`DEFAULT_MAX_ISSUES`] unless given), then one
//! final `too_many_issues` issue that counts the ones left out (see [`crate::ctx::Ctx::finish`]),
//! so a hostile payload cannot make a report, or the memory that holds it, grow without bound.
//!
//! One reader, whatever form the options come in: JSON text ([`Options::from_json`]: the wasm
//! package's way, where JavaScript hands over `JSON.stringify(options)`; parsed by the engine's own
//! parser and read as parsed), a `serde_json::Value` ([`Options::from_value`]: Rust callers, the
//! CLI's demo), and the CLI's flags (`--context` through [`Context::from_value`], `--now` through
//! [`parse_now`], `--max-issues` through [`max_issues`]: the reader's own pieces). Every form gives
//! the same options or the same `bad_options` message; an object is read as serde_json's map
//! holds it (each name once with its last value; of several unknown names, the first in sorted
//! order is named).

use crate::error::{Error, ErrorCode};
use crate::report::Param;
use crate::time::{parse_iso8601, DateTime, Require};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Defines one fact's closed set of values: the enum, its spec names (`name`, `Display`, `ALL`,
/// `NAMES`), `FromStr` refusing any other text with the `bad_options` error the options reader
/// gives for it, and the name as a report parameter.
macro_rules! fact_values {
    (
        $(#[$meta:meta])*
        pub enum $name:ident (error: $error:expr) {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in the order of [`Self::NAMES`].
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The spec's names of [`Self::ALL`], as the JSON options give them.
            pub const NAMES: &'static [&'static str] = &[$($text,)+];

            /// The spec's name, as the JSON options give it.
            pub const fn name(self) -> &'static str {
                // The variants are declared in the order of `NAMES` (no explicit discriminants).
                Self::NAMES[self as usize]
            }
        }

        impl FactValue for $name {
            fn refused() -> Error {
                $error
            }
        }

        impl std::str::FromStr for $name {
            type Err = Error;

            /// The value of exactly its spec name; any other text (another case, a typo) is
            /// the `bad_options` error the options reader gives for it.
            fn from_str(s: &str) -> Result<Self, Error> {
                match name_index(Self::NAMES, s) {
                    Some(i) => Ok(Self::ALL[i]),
                    None => Err(Self::refused()),
                }
            }
        }

        impl std::fmt::Display for $name {
            /// The spec's name.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl From<$name> for Param {
            fn from(v: $name) -> Param {
                Param::from(v.name())
            }
        }
    };
}

fact_values! {
    /// A line item's objective (`context.objective`): the objectives document C names (bid_strategy,
    /// frequency_cap, pay_by, the app store identifiers, business categories). Another text,
    /// given as JSON or parsed with [`str::parse`], is `bad_options` naming these.
    pub enum Objective (error: not_one_of("context.objective must be", Objective::NAMES)) {
        /// `APP_ENGAGEMENTS`.
        AppEngagements = "APP_ENGAGEMENTS",
        /// `APP_INSTALLS`.
        AppInstalls = "APP_INSTALLS",
        /// `ENGAGEMENTS`.
        Engagements = "ENGAGEMENTS",
        /// `FOLLOWERS`.
        Followers = "FOLLOWERS",
        /// `PREROLL_VIEWS`.
        PrerollViews = "PREROLL_VIEWS",
        /// `REACH`.
        Reach = "REACH",
        /// `VIDEO_VIEWS`.
        VideoViews = "VIDEO_VIEWS",
        /// `WEBSITE_CLICKS`.
        WebsiteClicks = "WEBSITE_CLICKS",
    }
}

fact_values! {
    /// A line item's placement (`context.placements`). Document C names only
    /// `PUBLISHER_NETWORK`; the platform's placements reference lists these ten, the `TAP_` ones
    /// refining `PUBLISHER_NETWORK` ([`Placement::on_publisher_network`]). Another text is
    /// `bad_options` naming these.
    pub enum Placement (error: not_one_of("context.placements must be an array of", Placement::NAMES)) {
        /// `ALL_ON_TWITTER`.
        AllOnTwitter = "ALL_ON_TWITTER",
        /// `PUBLISHER_NETWORK`.
        PublisherNetwork = "PUBLISHER_NETWORK",
        /// `TWITTER_PROFILE`.
        TwitterProfile = "TWITTER_PROFILE",
        /// `TWITTER_SEARCH`.
        TwitterSearch = "TWITTER_SEARCH",
        /// `TWITTER_TIMELINE`.
        TwitterTimeline = "TWITTER_TIMELINE",
        /// `TAP_BANNER` (on the publisher network).
        TapBanner = "TAP_BANNER",
        /// `TAP_FULL` (on the publisher network).
        TapFull = "TAP_FULL",
        /// `TAP_FULL_LANDSCAPE` (on the publisher network).
        TapFullLandscape = "TAP_FULL_LANDSCAPE",
        /// `TAP_NATIVE` (on the publisher network).
        TapNative = "TAP_NATIVE",
        /// `TAP_MRECT` (on the publisher network).
        TapMrect = "TAP_MRECT",
    }
}

impl Placement {
    /// Whether this placement is on the publisher network: `PUBLISHER_NETWORK` or one of its
    /// `TAP_` refinements (document C: "required when placement is PUBLISHER_NETWORK").
    pub const fn on_publisher_network(self) -> bool {
        matches!(
            self,
            Placement::PublisherNetwork
                | Placement::TapBanner
                | Placement::TapFull
                | Placement::TapFullLandscape
                | Placement::TapNative
                | Placement::TapMrect
        )
    }
}

fact_values! {
    /// A media type (document C §2 media_type: "GIF, IMAGE, VIDEO"), the values of
    /// `context.media_types`. Another text is `bad_options`.
    pub enum MediaType (error: bad(MEDIA_TYPES_SHAPE)) {
        /// `GIF`.
        Gif = "GIF",
        /// `IMAGE`.
        Image = "IMAGE",
        /// `VIDEO`.
        Video = "VIDEO",
    }
}

fact_values! {
    /// The campaign's budget optimization (document C, line item
    /// `daily_budget_amount_local_micro`), `context.budget_optimization`. Another text is
    /// `bad_options`.
    pub enum BudgetOptimization (error: bad(BUDGET_OPTIMIZATION_SHAPE)) {
        /// `CAMPAIGN`: the campaign holds the budget (campaign budget optimization).
        Campaign = "CAMPAIGN",
        /// `LINE_ITEM`: each line item holds its own budget.
        LineItem = "LINE_ITEM",
    }
}

/// Facts outside the payload. `Debug` shows the objective, placements and budget optimization
/// (campaign settings), only the member names of `current`, the number of `media_types` and
/// whether `authenticated_user_id` is given: never a value of the record or a user id.
///
/// `#[non_exhaustive]`: new facts come with new rules. Build one from `Context::default()` and set
/// the fields you know. The facts with a closed set of values are enums, so a misspelled value
/// does not compile; a value held as text is parsed, and text outside the set is the
/// `bad_options` error the JSON options give:
/// ```
/// use preflight::options::{Objective, Placement};
///
/// let mut context = preflight::Context::default();
/// context.objective = Some(Objective::Reach);
/// context.placements = Some(vec!["PUBLISHER_NETWORK".parse::<Placement>()?]);
/// assert!("PUBLISHER_NETWROK".parse::<Placement>().is_err());
/// # Ok::<(), preflight::Error>(())
/// ```
/// Text is never taken as a fact without being parsed:
/// ```compile_fail
/// let mut context = preflight::Context::default();
/// context.objective = Some("reach".into());
/// ```
#[derive(Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Context {
    /// The line item's objective.
    pub objective: Option<Objective>,
    /// The line item's placements.
    pub placements: Option<Vec<Placement>>,
    /// The parent campaign's budget optimization.
    pub budget_optimization: Option<BudgetOptimization>,
    /// Fields of the existing record, for update kinds (replacement semantics).
    pub current: Option<Map<String, Value>>,
    /// The media type of media keys, for the rules that depend on it (media per Post; the
    /// media library's "videos only" fields).
    pub media_types: Option<BTreeMap<String, MediaType>>,
    /// The id of the authenticated user (for promoted Posts: "nullcast ... false (organic) only
    /// for the authenticated user").
    pub authenticated_user_id: Option<String>,
}

/// The number of issues a report holds when `max_issues` is not given. Every issue past it is
/// counted, not kept, and the report ends with one `too_many_issues` issue giving the counts.
pub const DEFAULT_MAX_ISSUES: usize = 1000;

/// The largest `max_issues` accepted (a larger value is `bad_options`): the option bounds the
/// report, it does not switch the bound off. At a few hundred bytes an issue, a report of this
/// many issues is tens of megabytes.
pub const MAX_ISSUES_LIMIT: usize = 100_000;

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let current: Option<Vec<&String>> = self.current.as_ref().map(|m| m.keys().collect());
        f.debug_struct("Context")
            .field("objective", &self.objective)
            .field("placements", &self.placements)
            .field("budget_optimization", &self.budget_optimization)
            .field("current", &current)
            .field("media_types", &self.media_types.as_ref().map(BTreeMap::len))
            .field(
                "authenticated_user_id",
                &self.authenticated_user_id.as_ref().map(|_| "[redacted]"),
            )
            .finish()
    }
}

/// Options of `validate`.
///
/// `#[non_exhaustive]`: build one from `Options::default()` and set fields:
/// ```
/// use preflight::options::{Objective, Placement};
///
/// let mut options = preflight::Options::default();
/// options.context.objective = Some(Objective::Reach);
/// options.context.placements = Some(vec![Placement::PublisherNetwork]);
/// options.max_issues = 50;
/// # let _ = options;
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Options {
    /// Facts outside the payload that some rules need (`options.context` in JSON); a fact not
    /// given is never guessed: the rules that need it are skipped with a `context_missing`
    /// warning.
    pub context: Context,
    /// The current time for the rules relative to "now" (see [`crate::clock`]); `None` takes
    /// the clock (the system clock natively, `Date.now()` in wasm).
    pub now: Option<DateTime>,
    /// The most issues a report holds (0 to [`MAX_ISSUES_LIMIT`]); the rest are counted in one
    /// final `too_many_issues` issue. JSON key `max_issues`; default [`DEFAULT_MAX_ISSUES`].
    pub max_issues: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            context: Context::default(),
            now: None,
            max_issues: DEFAULT_MAX_ISSUES,
        }
    }
}

const OPTION_KEYS: &[&str] = &["context", "now", "max_issues"];
const CONTEXT_KEYS: &[&str] = &[
    "objective",
    "placements",
    "budget_optimization",
    "current",
    "media_types",
    "authenticated_user_id",
];

// Not inlined: each of the many error paths of the reader is then one call (smaller wasm).
#[inline(never)]
fn bad(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::BadOptions, message)
}

const NOW_SHAPE: &str =
    "now must be an RFC 3339 date-time with an offset, like 2026-11-21T09:30:00Z";

/// `now` (also the CLI's `--now`): an RFC 3339 date-time, so with a time and an explicit offset
/// (`Z` or `±hh:mm`); a date alone or a local time would leave the instant open.
pub fn parse_now(s: &str) -> Result<DateTime, Error> {
    parse_iso8601(s)
        .filter(|d| Require::WithOffset.accepts(d))
        .ok_or_else(|| bad(NOW_SHAPE))
}

impl Options {
    /// Reads options from JSON (`null` means defaults). Unknown members are an error: a typo in
    /// an option must not silently switch a rule off.
    pub fn from_value(value: &Value) -> Result<Options, Error> {
        read_options(value)
    }

    /// Reads options from JSON text (empty text, or `null` as in [`Options::from_value`], means
    /// defaults).
    pub fn from_json(text: &str) -> Result<Options, Error> {
        if text.trim().is_empty() {
            return Ok(Options::default());
        }
        // The engine's parser, as for payloads: the same JSON for both, and no second parser in
        // the wasm build. Read as parsed, with no `serde_json::Value` in between.
        let v = crate::json::parse(text.as_bytes())
            .map_err(|e| bad(format!("options are not valid JSON ({e})")))?;
        read_options(&v)
    }
}

// One reader of options, whatever form they come in (see the module docs): JSON text is parsed
// into the engine's document ([`crate::json::Value`]), a caller's `serde_json::Value` is read as it
// is; both through [`Doc`], so they are read by the same code with the same messages. An object
// is read as serde_json's map holds it: each name once, with its last value; of several unknown
// names, the first in sorted order is named (the same in both forms).

/// What the reader needs of a JSON value.
trait Doc: Sized {
    fn is_null(&self) -> bool;
    fn as_str(&self) -> Option<&str>;
    fn as_u64(&self) -> Option<u64>;
    fn as_array(&self) -> Option<&[Self]>;
    fn is_object(&self) -> bool;
    /// An object's member by name (the last one of a repeated name); `None` for a non-object.
    fn get(&self, name: &str) -> Option<&Self>;
    /// An object's names (a repeated one maybe more than once), in any order.
    fn names(&self) -> impl Iterator<Item = &str>;
    /// An object as a `serde_json` map (`context.current`, kept as given).
    fn to_map(&self) -> Option<Map<String, Value>>;
}

impl Doc for Value {
    fn is_null(&self) -> bool {
        self.is_null()
    }
    fn as_str(&self) -> Option<&str> {
        self.as_str()
    }
    fn as_u64(&self) -> Option<u64> {
        // A whole number in any notation (`3.0`, `1e2`), as from JSON text.
        self.as_u64()
            .or_else(|| crate::json::Number::from_exact_f64(self.as_f64()?).as_u64())
    }
    fn as_array(&self) -> Option<&[Value]> {
        self.as_array().map(Vec::as_slice)
    }
    fn is_object(&self) -> bool {
        self.is_object()
    }
    fn get(&self, name: &str) -> Option<&Value> {
        self.as_object()?.get(name)
    }
    fn names(&self) -> impl Iterator<Item = &str> {
        self.as_object()
            .into_iter()
            .flat_map(|o| o.keys().map(String::as_str))
    }
    fn to_map(&self) -> Option<Map<String, Value>> {
        self.as_object().cloned()
    }
}

impl Doc for crate::json::Value<'_> {
    fn is_null(&self) -> bool {
        self.is_null()
    }
    fn as_str(&self) -> Option<&str> {
        self.as_str()
    }
    fn as_u64(&self) -> Option<u64> {
        match self {
            crate::json::Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }
    fn as_array(&self) -> Option<&[Self]> {
        self.as_array()
    }
    fn is_object(&self) -> bool {
        self.as_object().is_some()
    }
    fn get(&self, name: &str) -> Option<&Self> {
        self.as_object()?.get(name)
    }
    fn names(&self) -> impl Iterator<Item = &str> {
        self.as_object().into_iter().flat_map(|o| o.keys())
    }
    fn to_map(&self) -> Option<Map<String, Value>> {
        match self.to_serde() {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// The first name of the object `v` (in sorted order) that is not one of `known`.
fn unknown<'v, V: Doc>(v: &'v V, known: &[&str]) -> Option<&'v str> {
    v.names().filter(|k| !known.contains(k)).min()
}

/// A member's value, `None` when it is absent or `null`.
fn given<'v, V: Doc>(obj: &'v V, name: &str) -> Option<&'v V> {
    obj.get(name).filter(|v| !v.is_null())
}

fn read_options<V: Doc>(value: &V) -> Result<Options, Error> {
    if value.is_null() {
        return Ok(Options::default());
    }
    if !value.is_object() {
        return Err(bad("options must be an object"));
    }
    let obj = value;
    if let Some(k) = unknown(obj, OPTION_KEYS) {
        return Err(bad(format!("unknown option '{}'", truncate(k))));
    }
    let context = match given(obj, "context") {
        None => Context::default(),
        Some(v) => read_context(v)?,
    };
    let now = match given(obj, "now") {
        None => None,
        Some(v) => Some(parse_now(v.as_str().ok_or_else(|| bad(NOW_SHAPE))?)?),
    };
    let max_issues = match given(obj, "max_issues") {
        None => DEFAULT_MAX_ISSUES,
        Some(v) => read_max_issues(v)?,
    };
    Ok(Options {
        context,
        now,
        max_issues,
    })
}

/// `max_issues`: a JSON integer from 0 to [`MAX_ISSUES_LIMIT`] (`3.5`, `-1`, `"3"` are refused).
/// 0 keeps no issue: the report is then only `valid` and, when anything was found, the one
/// `too_many_issues` issue counting it all.
pub fn max_issues(v: &Value) -> Result<usize, Error> {
    read_max_issues(v)
}

fn read_max_issues<V: Doc>(v: &V) -> Result<usize, Error> {
    v.as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= MAX_ISSUES_LIMIT)
        .ok_or_else(|| {
            bad(format!(
                "max_issues must be a whole number from 0 to {MAX_ISSUES_LIMIT}"
            ))
        })
}

impl Context {
    /// Reads the context object itself (as the CLI's `--context` takes it).
    pub fn from_value(value: &Value) -> Result<Context, Error> {
        read_context(value)
    }
}

fn read_context<V: Doc>(value: &V) -> Result<Context, Error> {
    if value.is_null() {
        return Ok(Context::default());
    }
    if !value.is_object() {
        return Err(bad("context must be an object"));
    }
    let obj = value;
    if let Some(k) = unknown(obj, CONTEXT_KEYS) {
        return Err(bad(format!(
            "unknown context fact '{}'; expected one of: {}",
            truncate(k),
            CONTEXT_KEYS.join(", ")
        )));
    }
    let mut ctx = Context::default();
    if let Some(v) = given(obj, "objective") {
        ctx.objective = Some(fact(v)?);
    }
    if let Some(v) = given(obj, "placements") {
        let items = v.as_array().ok_or_else(Placement::refused)?;
        // A loop rather than `collect::<Result<Vec<_>, _>>()`: about 1 KB less wasm.
        let mut placements = Vec::with_capacity(items.len());
        for item in items {
            placements.push(fact(item)?);
        }
        ctx.placements = Some(placements);
    }
    if let Some(v) = given(obj, "budget_optimization") {
        ctx.budget_optimization = Some(fact(v)?);
    }
    if let Some(v) = given(obj, "current") {
        ctx.current = Some(
            v.to_map()
                .ok_or_else(|| bad("context.current must be an object"))?,
        );
    }
    if let Some(v) = given(obj, "media_types") {
        ctx.media_types = Some(media_types(v)?);
    }
    if let Some(v) = given(obj, "authenticated_user_id") {
        match v.as_str() {
            Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                ctx.authenticated_user_id = Some(s.to_owned())
            }
            _ => {
                return Err(bad(
                    "context.authenticated_user_id must be a string of decimal digits",
                ))
            }
        }
    }
    Ok(ctx)
}

/// The values of a fact from a closed set (the enums of [`fact_values!`]).
trait FactValue: std::str::FromStr<Err = Error> {
    /// The `bad_options` error for a value outside the set (or not a string).
    fn refused() -> Error;
}

/// A fact's value: a JSON string that is exactly one of its spec names, else `bad_options`.
fn fact<T: FactValue, V: Doc>(v: &V) -> Result<T, Error> {
    v.as_str().ok_or_else(T::refused)?.parse()
}

/// The index of `s` in a fact enum's `NAMES`: one function for every enum's `FromStr` (one copy
/// in the wasm rather than one per enum).
#[inline(never)]
fn name_index(names: &[&str], s: &str) -> Option<usize> {
    names.iter().position(|n| *n == s)
}

/// `bad_options` for a fact outside its documented values: `what` and the accepted values.
/// Not inlined: one copy of the message's formatting for every fact enum.
#[inline(never)]
fn not_one_of(what: &str, accepted: &[&str]) -> Error {
    bad(format!("{what} one of: {}", accepted.join(", ")))
}

const MEDIA_TYPES_SHAPE: &str =
    "context.media_types must be an object mapping media keys to \"GIF\", \"IMAGE\" or \"VIDEO\"";
const BUDGET_OPTIMIZATION_SHAPE: &str =
    "context.budget_optimization must be \"CAMPAIGN\" or \"LINE_ITEM\"";

/// `context.media_types`: every value one of the media_type enum (C §2), so a typo cannot
/// switch a rule off.
fn media_types<V: Doc>(v: &V) -> Result<BTreeMap<String, MediaType>, Error> {
    if !v.is_object() {
        return Err(bad(MEDIA_TYPES_SHAPE));
    }
    let mut out = BTreeMap::new();
    // Each name's last value (a repeated name is looked at again, with the same value).
    for key in v.names() {
        let t = v.get(key).ok_or_else(MediaType::refused)?;
        out.insert(key.to_owned(), fact(t)?);
    }
    Ok(out)
}

/// Option names are the caller's own text: keep what an error repeats of them short.
fn truncate(s: &str) -> String {
    const MAX_NAME_CHARS: usize = 64;
    s.chars().take(MAX_NAME_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_all_facts() {
        let o = Options::from_value(&json!({"context": {
            "objective": "REACH", "placements": ["ALL_ON_TWITTER"],
            "budget_optimization": "LINE_ITEM", "current": {"name": "x"},
            "media_types": {"3_1": "IMAGE"}, "authenticated_user_id": "756201191646691328"}}));
        let o = o.expect("valid options");
        assert_eq!(o.context.objective, Some(Objective::Reach));
        assert_eq!(o.context.placements, Some(vec![Placement::AllOnTwitter]));
        assert_eq!(
            o.context.budget_optimization,
            Some(BudgetOptimization::LineItem)
        );
        assert!(o.context.current.is_some());
        assert_eq!(
            o.context.media_types.as_ref().and_then(|m| m.get("3_1")),
            Some(&MediaType::Image)
        );
        assert_eq!(
            o.context.authenticated_user_id.as_deref(),
            Some("756201191646691328")
        );
    }

    #[test]
    fn now_is_an_rfc_3339_instant() {
        let o = Options::from_value(&json!({"now": "2026-11-05T01:00:00+01:00"}));
        let at = o.ok().and_then(|o| o.now).map(|d| d.key());
        let utc = parse_iso8601("2026-11-05T00:00:00Z").map(|d| d.key());
        assert_eq!(at, utc);
        assert_eq!(
            Options::from_value(&json!({"now": null})),
            Ok(Options::default())
        );
    }

    #[test]
    fn rejects_unknown_and_malformed() {
        for bad in [
            json!({"contxt": {}}),
            json!({"context": {"objectiv": "REACH"}}),
            json!({"context": {"budget_optimization": "line_item"}}),
            json!({"context": {"placements": "PUBLISHER_NETWORK"}}),
            json!({"context": {"current": []}}),
            json!({"context": {"media_types": {"3_1": "image"}}}),
            json!({"context": {"media_types": ["VIDEO"]}}),
            json!({"context": {"authenticated_user_id": 756201191646691328_u64}}),
            json!({"context": {"authenticated_user_id": "@handle"}}),
            json!({"context": {"objective": "reach"}}),
            json!({"context": {"objective": "AWARENESS"}}),
            json!({"context": {"objective": ""}}),
            json!({"context": {"placements": ["PUBLISHER_NETWROK"]}}),
            json!({"context": {"placements": ["publisher_network"]}}),
            json!({"now": "2026-11-05"}),
            json!({"now": "2026-11-05T00:00:00"}),
            json!({"now": "2026-11-05 00:00:00Z"}),
            json!({"now": 1_793_836_800_000_u64}),
            json!([]),
        ] {
            let e = Options::from_value(&bad).expect_err("must be refused");
            assert_eq!(e.code, ErrorCode::BadOptions);
        }
        assert_eq!(Options::from_json(""), Ok(Options::default()));
        // A fact outside its documented values names the accepted ones.
        let e = Options::from_value(&json!({"context": {"objective": "reach"}}));
        let message = e.map(|_| String::new()).unwrap_or_else(|e| e.message);
        assert!(message.contains("APP_ENGAGEMENTS") && message.contains("WEBSITE_CLICKS"));
        let e = Options::from_value(&json!({"context": {"placements": ["PUBLISHER_NETWROK"]}}));
        let message = e.map(|_| String::new()).unwrap_or_else(|e| e.message);
        assert!(message.contains("PUBLISHER_NETWORK") && message.contains("TAP_MRECT"));
        assert_eq!(
            Options::from_json("{").map_err(|e| e.code),
            Err(ErrorCode::BadOptions)
        );
    }

    /// Each fact enum: `ALL` and `NAMES` in step, every name parsed back to its value and
    /// written by `Display`, and a text outside the set (another case, a typo, empty) refused
    /// with the error the JSON options give for it.
    #[test]
    fn fact_values_round_trip_by_name() {
        fn check<T>(all: &[T], names: &[&str], json: impl Fn(&str) -> Value)
        where
            T: FactValue + Copy + PartialEq + std::fmt::Debug + std::fmt::Display,
        {
            assert_eq!(all.len(), names.len());
            for (v, name) in all.iter().zip(names) {
                assert_eq!(v.to_string(), *name);
                assert_eq!(name.parse::<T>(), Ok(*v));
            }
            for typo in [
                "",
                "reach",
                "PUBLISHER_NETWROK",
                "image",
                "line_item",
                " REACH",
            ] {
                let from_json = Options::from_value(&json(typo)).expect_err("refused");
                assert_eq!(typo.parse::<T>(), Err(from_json), "{typo:?}");
            }
        }
        let context = |fact: &str, v: Value| json!({ "context": { fact: v } });
        check(Objective::ALL, Objective::NAMES, |t| {
            context("objective", json!(t))
        });
        check(Placement::ALL, Placement::NAMES, |t| {
            context("placements", json!([t]))
        });
        check(MediaType::ALL, MediaType::NAMES, |t| {
            context("media_types", json!({ "k": t }))
        });
        let budget = |t: &str| context("budget_optimization", json!(t));
        check(BudgetOptimization::ALL, BudgetOptimization::NAMES, budget);
        for p in Placement::ALL {
            assert_eq!(
                p.on_publisher_network(),
                p.name() == "PUBLISHER_NETWORK" || p.name().starts_with("TAP_")
            );
        }
    }

    /// The two forms a library caller gives options in, JSON text (read as the engine's
    /// document) and a `serde_json::Value`, go through the one reader: the same options, or the
    /// same error, for each; a repeated name keeps its last value, and of several unknown
    /// members the message names the first in sorted order, in both.
    #[test]
    fn text_and_value_read_alike() {
        let texts = [
            r#"{"zeta":1,"alpha":2}"#,
            r#"{"context":{"zz":1,"current":{},"aa":2}}"#,
            r#"{"max_issues":5,"max_issues":"x"}"#,
            r#"{"max_issues":"x","max_issues":5}"#,
            r#"{"max_issues":3.0}"#,
            r#"{"max_issues":-1}"#,
            r#"{"max_issues":1e2}"#,
            r#"{"max_issues":100001}"#,
            r#"{"max_issues":100000}"#,
            r#"{"context":{"media_types":{"a":"bogus","a":"IMAGE"}}}"#,
            r#"{"context":{"media_types":{"a":"IMAGE","a":"bogus"}}}"#,
            r#"{"context":{"current":{"a":1,"a":[2,{"b":null}]}}}"#,
            r#"{"context":{"objective":"REACH","placements":["ALL_ON_TWITTER"],"budget_optimization":"CAMPAIGN","authenticated_user_id":"12"},"now":"2026-11-05T00:00:00Z","max_issues":3}"#,
            r#"{"context":{"objective":"REACH","objective":null}}"#,
            r#"{"now":null,"context":null,"max_issues":null}"#,
            r#"{"now":5}"#,
            r#"{"context":[]}"#,
            r#"{"context":{"placements":[1]}}"#,
            "[]",
            "\"x\"",
            "null",
            "{}",
        ];
        for text in texts {
            let value: Value = serde_json::from_str(text).expect("valid JSON");
            assert_eq!(
                Options::from_json(text),
                Options::from_value(&value),
                "{text}"
            );
        }
        let e = Options::from_json(texts[0]).expect_err("unknown members");
        assert_eq!(e.message, "unknown option 'alpha'");
        let o = Options::from_json(texts[9]).expect("the last media type is IMAGE");
        assert_eq!(
            o.context.media_types.and_then(|m| m.get("a").cloned()),
            Some(MediaType::Image)
        );
        assert!(Options::from_json(texts[10]).is_err());
    }
}
