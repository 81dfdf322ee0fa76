//! Lists (documents B and C): one page of a list call's answer, and the query that fetches the
//! next page.
//!
//! Document B §1, "Common conventions" (document C takes the same, its header: "The response
//! envelope and the `count`, `cursor`, `sort_by`, `with_deleted` ... and `with_total_count`
//! conventions are those of document B"):
//! - response envelope: "`request.params` echoes the parameters; `data` holds the result (object
//!   or array); list calls add `next_cursor` (null on the last page) and, when asked,
//!   `total_count`";
//! - `cursor`: "Opaque string for the next page";
//! - `with_total_count`: "boolean, default false; exclusive with `cursor`".
//!
//! [`read_page`] reads a page: [`Page::data`] (the `data` array, kept as data), `next_cursor`,
//! `total_count`, and the issues of a page that breaks those words (every one an error):
//! - `data` absent: `required` at `/data`; not an array (a list call's result): `wrong_type`;
//! - `next_cursor` absent (it is null on the last page, never left out): `required`; an empty
//!   string (no cursor at all): `required`; neither a string nor null: `wrong_type`;
//! - `total_count` (when present) not a number: `wrong_type`; a number with a fraction:
//!   `not_an_integer`; negative (or beyond 64 bits): `out_of_range` (`min` 0);
//! - one of those three members written more than once: `duplicate_key` (the last one is read,
//!   as `JSON.parse` does; a repeated `next_cursor` is not read at all);
//! - an answer that is JSON but not an object: `wrong_type` at `""`.
//!
//! Text that is not JSON is an error (`invalid_json`, `too_deep`): there is no page to read.
//!
//! [`next_query`] decides what comes after a page: `None` on the last page (`next_cursor` read
//! as null), else the query sent with `cursor` set to the page's `next_cursor` and
//! `with_total_count` left out (exclusive with `cursor`; the count came with the first page). It
//! fails, rather than guess, when:
//! - the query holds both a `cursor` (any value but null) and `with_total_count` true (JSON
//!   `true` or the text `"true"`, as a query string carries it): `cursor_with_total_count`;
//! - the page does not say whether another page follows (one of the `next_cursor` issues
//!   above, or no object at all): `invalid_page`; a "last page" that is not one would drop every
//!   page after it without a word;
//! - the page's `next_cursor` is the `cursor` that fetched it: `cursor_repeated` (following it
//!   would fetch the same page forever). A cursor that comes back after other pages is not
//!   detected: a walk keeps only the query it sent last.
//!
//! [`Pages`] walks a list with a fetch closure the caller supplies, through [`next_query`].

use super::{bad_arguments, parse_answer, text_member};
use crate::error::{Error, ErrorCode};
use crate::issues::{CheckIssue, IssueKind};
use crate::json::{self, write, Number, Value};
use crate::report::{write_issues, Issue, Severity};
use std::borrow::Cow;
use std::fmt;

/// The member of a page holding the result (document B §1: "`data` holds the result").
pub const DATA: &str = "data";
/// The member of a page holding the next page's cursor, null on the last page.
pub const NEXT_CURSOR: &str = "next_cursor";
/// The member of a page holding the count of every record, when the query asked for it.
pub const TOTAL_COUNT: &str = "total_count";
/// The query parameter carrying a cursor (document B §1: "Opaque string for the next page").
pub const CURSOR: &str = "cursor";
/// The query parameter asking for `total_count`, "exclusive with `cursor`" (document B §1).
pub const WITH_TOTAL_COUNT: &str = "with_total_count";

/// One page of a list call's answer, as [`read_page`] reads it.
///
/// `Debug` shows neither the data nor the cursor (an answer's values never go to logs).
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct Page {
    /// The `data` member as read (an array for a well-formed page); `None` when absent or when
    /// the answer is not an object.
    pub data: Option<Value<'static>>,
    /// The cursor of the next page; `None` on the last page, and when the page does not say
    /// (see [`Page::is_last`]).
    pub next_cursor: Option<String>,
    /// `total_count`, when present and a non-negative integer.
    pub total_count: Option<u64>,
    /// Every documented rule the page breaks (all errors), in member order: `data`,
    /// `next_cursor`, `total_count`.
    pub issues: Vec<Issue>,
    /// Whether `next_cursor` was read: a non-empty string or null, written once.
    cursor_read: bool,
}

impl Page {
    /// Whether this is the last page: its `next_cursor` was read, and is null. `false` when
    /// the page does not say (an issue on `next_cursor`).
    pub fn is_last(&self) -> bool {
        self.cursor_read && self.next_cursor.is_none()
    }

    /// The page as JSON text: `{"data", "next_cursor", "total_count" (when read), "issues"}`,
    /// the result of the `list_page` call.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"data\":");
        match &self.data {
            Some(data) => write::value(&mut out, data),
            None => out.push_str("null"),
        }
        out.push_str(",\"next_cursor\":");
        match &self.next_cursor {
            Some(cursor) => write::string(&mut out, cursor),
            None => out.push_str("null"),
        }
        if let Some(n) = self.total_count {
            out.push_str(",\"total_count\":");
            write::uint(&mut out, n);
        }
        out.push_str(",\"issues\":");
        write_issues(&mut out, &self.issues);
        out.push('}');
        out
    }
}

impl fmt::Debug for Page {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Page")
            .field("data", &self.data.as_ref().map(Value::type_name))
            .field(
                "next_cursor",
                &self.next_cursor.as_ref().map(|_| "<opaque cursor>"),
            )
            .field("total_count", &self.total_count)
            .field("issues", &self.issues)
            .field("is_last", &self.is_last())
            .finish()
    }
}

/// An error issue of `kind` at `path`.
fn issue(path: &str, kind: IssueKind<'_>) -> Issue {
    kind.issue(path.to_owned(), Severity::Error)
}

/// Member `name` of `object`: the last one written, and, when written more than once, the
/// `duplicate_key` issue at its path.
fn member<'o, 'a>(
    object: &'o json::Object<'a>,
    name: &str,
    path: &str,
    issues: &mut Vec<Issue>,
) -> (Option<&'o Value<'a>>, bool) {
    let repeat = object
        .repeats_in_order()
        .into_iter()
        .find(|r| r.name == name);
    if let Some(json::Repeat {
        count, first_index, ..
    }) = repeat
    {
        let mut repeated = issue(path, IssueKind::DuplicateKey { count, first_index });
        if name == NEXT_CURSOR {
            // Not read at all: which of them the platform meant is a guess.
            repeated.message = format!(
                "this member name is written {count} times; which one holds is unknown, so the \
                 page does not say whether another follows"
            );
        }
        issues.push(repeated);
    }
    (object.get(name), repeat.is_some())
}

/// Reads one page of a list call's answer, the HTTP body as text (the rules: the module's
/// documentation).
///
/// Fails only when the text is not JSON (`invalid_json`, `too_deep`).
pub fn read_page(text: &str) -> Result<Page, Error> {
    let value = parse_answer(text)?;
    let mut page = Page {
        data: None,
        next_cursor: None,
        total_count: None,
        issues: Vec::new(),
        cursor_read: false,
    };
    let Value::Object(object) = &value else {
        page.issues.push(issue(
            "",
            IssueKind::WrongType {
                expected: "object",
                actual: value.type_name(),
            },
        ));
        return Ok(page);
    };
    let issues = &mut page.issues;

    let (data, _) = member(object, DATA, "/data", issues);
    match data {
        None => issues.push(issue(
            "/data",
            IssueKind::Check(CheckIssue::Required {
                field: DATA,
                message: "a list call's answer holds its records in data",
            }),
        )),
        Some(Value::Array(_)) => {}
        Some(other) => issues.push(issue(
            "/data",
            IssueKind::WrongType {
                expected: "array",
                actual: other.type_name(),
            },
        )),
    }
    page.data = data.cloned().map(Value::into_owned);

    let (cursor, repeated) = member(object, NEXT_CURSOR, "/next_cursor", issues);
    match cursor {
        None => issues.push(issue(
            "/next_cursor",
            IssueKind::Check(CheckIssue::Required {
                field: NEXT_CURSOR,
                message: "a list call's answer holds next_cursor, null on the last page",
            }),
        )),
        Some(Value::Null) => page.cursor_read = !repeated,
        Some(Value::String(s)) if s.is_empty() => issues.push(issue(
            "/next_cursor",
            IssueKind::Check(CheckIssue::Required {
                field: NEXT_CURSOR,
                message: "must be the next page's cursor, or null on the last page: it is empty",
            }),
        )),
        Some(Value::String(s)) => {
            if !repeated {
                page.cursor_read = true;
                page.next_cursor = Some(s.to_string());
            }
        }
        Some(other) => issues.push(issue(
            "/next_cursor",
            IssueKind::WrongType {
                expected: "string or null",
                actual: other.type_name(),
            },
        )),
    }

    let (total, _) = member(object, TOTAL_COUNT, "/total_count", issues);
    match total {
        None => {}
        Some(Value::Number(n)) => match *n {
            Number::Float(_) => issues.push(issue(
                "/total_count",
                IssueKind::Check(CheckIssue::NotAnInteger {
                    message: "must be a whole number of records",
                }),
            )),
            _ => match n.as_u64() {
                Some(count) => page.total_count = Some(count),
                None => issues.push(issue(
                    "/total_count",
                    IssueKind::OutOfRange {
                        actual: n.as_i64(),
                        min: Some(0),
                        max: None,
                    },
                )),
            },
        },
        Some(other) => issues.push(issue(
            "/total_count",
            IssueKind::WrongType {
                expected: "integer",
                actual: other.type_name(),
            },
        )),
    }
    Ok(page)
}

/// Whether `query` asks for `total_count`: `with_total_count` is `true` or the text `"true"`.
fn asks_total_count(query: &json::Object<'_>) -> bool {
    matches!(query.get(WITH_TOTAL_COUNT), Some(Value::Bool(true)))
        || matches!(query.get(WITH_TOTAL_COUNT), Some(Value::String(s)) if s == "true")
}

/// Refuses a query that holds a `cursor` (any value but null) and asks for `total_count`
/// (documented as exclusive): `cursor_with_total_count`.
pub fn check_query(query: &json::Object<'_>) -> Result<(), Error> {
    let has_cursor = query.get(CURSOR).is_some_and(|c| !c.is_null());
    if has_cursor && asks_total_count(query) {
        return Err(Error::new(
            ErrorCode::CursorWithTotalCount,
            "query: cursor and with_total_count are exclusive (documents B and C, \"Common \
             conventions\"): ask for total_count on the first page only",
        ));
    }
    Ok(())
}

/// The query that fetches the page after `page`, which `query` fetched: `None` after the last
/// page, else `query` with `cursor` set to the page's `next_cursor` (its other members in
/// their order, every `cursor` and `with_total_count` member left out, `cursor` last).
///
/// Fails with `cursor_with_total_count` ([`check_query`]), `invalid_page` (the page does not
/// say whether another page follows) or `cursor_repeated` (the page gives back the cursor that
/// fetched it).
pub fn next_query(
    query: &json::Object<'_>,
    page: &Page,
) -> Result<Option<json::Object<'static>>, Error> {
    check_query(query)?;
    if page.is_last() {
        return Ok(None);
    }
    let Some(cursor) = page.next_cursor.as_deref().filter(|_| page.cursor_read) else {
        return Err(Error::new(
            ErrorCode::InvalidPage,
            "page: next_cursor is not a cursor or null, so whether another page follows is \
             unknown (the page's issues say why)",
        ));
    };
    if matches!(query.get(CURSOR), Some(Value::String(sent)) if sent == cursor) {
        return Err(Error::new(
            ErrorCode::CursorRepeated,
            "page: next_cursor is the cursor that fetched this page; following it would fetch \
             the same page forever",
        ));
    }
    let mut members: Vec<(Cow<'static, str>, Value<'static>)> = query
        .iter()
        .filter(|(name, _)| *name != CURSOR && *name != WITH_TOTAL_COUNT)
        .map(|(name, value)| (Cow::Owned(name.to_owned()), value.clone().into_owned()))
        .collect();
    members.push((
        Cow::Borrowed(CURSOR),
        Value::String(Cow::Owned(cursor.to_owned())),
    ));
    Ok(Some(json::Object::from_members(members)))
}

/// What stopped a walk of [`Pages`]: the caller's fetch failed, or a page could not be gone on
/// with ([`read_page`], [`next_query`]).
#[derive(Debug)]
pub enum PagesError<E> {
    /// The fetch closure's error.
    Fetch(E),
    /// The reader's error.
    Read(Error),
}

impl<E: fmt::Display> fmt::Display for PagesError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PagesError::Fetch(e) => write!(f, "fetch: {e}"),
            PagesError::Read(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for PagesError<E> {}

/// Walks a list: each item is the next page, read, fetched by `fetch` with the query
/// [`next_query`] made from the one before; it ends after the last page (a null
/// `next_cursor`), or after the first error (which it yields).
///
/// ```
/// use preflight::answers::list::Pages;
/// use preflight::json;
///
/// let answers = [
///     r#"{"data":[{"id":"a"}],"next_cursor":"c1","total_count":2}"#,
///     r#"{"data":[{"id":"b"}],"next_cursor":null}"#,
/// ];
/// let first = json::parse(br#"{"count":1,"with_total_count":true}"#).unwrap();
/// let first = first.as_object().unwrap().clone();
/// let mut sent = Vec::new();
/// let pages = Pages::new(first, |query: &json::Object<'_>| {
///     sent.push(query.get("cursor").and_then(|c| c.as_str()).map(String::from));
///     Ok::<_, std::convert::Infallible>(answers[sent.len() - 1].to_string())
/// })
/// .unwrap();
/// let pages: Vec<_> = pages.map(|p| p.unwrap()).collect();
/// assert_eq!(pages.len(), 2);
/// assert_eq!(pages[0].total_count, Some(2));
/// assert!(pages[1].is_last());
/// assert_eq!(sent, [None, Some("c1".to_string())]);
/// ```
pub struct Pages<F> {
    fetch: F,
    next: Option<json::Object<'static>>,
}

impl<F> Pages<F> {
    /// A walk starting with `first`, the query of the first page. Fails, before anything is
    /// fetched, with `cursor_with_total_count` ([`check_query`]).
    pub fn new(first: json::Object<'_>, fetch: F) -> Result<Self, Error> {
        check_query(&first)?;
        let members = first
            .iter()
            .map(|(name, value)| (Cow::Owned(name.to_owned()), value.clone().into_owned()))
            .collect();
        Ok(Pages {
            fetch,
            next: Some(json::Object::from_members(members)),
        })
    }
}

impl<F> fmt::Debug for Pages<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pages")
            .field("done", &self.next.is_none())
            .finish()
    }
}

impl<F, E> Iterator for Pages<F>
where
    F: FnMut(&json::Object<'static>) -> Result<String, E>,
{
    type Item = Result<Page, PagesError<E>>;

    fn next(&mut self) -> Option<Self::Item> {
        let query = self.next.take()?;
        let text = match (self.fetch)(&query) {
            Ok(text) => text,
            Err(e) => return Some(Err(PagesError::Fetch(e))),
        };
        let page = match read_page(&text) {
            Ok(page) => page,
            Err(e) => return Some(Err(PagesError::Read(e))),
        };
        match next_query(&query, &page) {
            Ok(next) => self.next = next,
            Err(e) => return Some(Err(PagesError::Read(e))),
        }
        Some(Ok(page))
    }
}

/// The `list_page` call: `{text}` -> [`Page::to_json`].
pub(super) fn list_page_call(args: &json::Object<'_>) -> Result<String, Error> {
    let text = text_member(args, "text")?;
    Ok(read_page(text)?.to_json())
}

/// The `list_next_query` call: `{query, page}` (`query` the object sent, `page` the answer
/// text) -> the next query object, or `null` after the last page.
pub(super) fn list_next_query_call(args: &json::Object<'_>) -> Result<String, Error> {
    let Some(Value::Object(query)) = args.get("query") else {
        return Err(bad_arguments("query: not an object"));
    };
    let text = text_member(args, "page")?;
    check_query(query)?;
    let page = read_page(text)?;
    let mut out = String::new();
    match next_query(query, &page)? {
        Some(next) => write::value(&mut out, &Value::Object(next)),
        None => out.push_str("null"),
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Page {
        read_page(text).expect("JSON")
    }

    #[test]
    fn a_page_that_does_not_say_whether_another_follows_is_never_the_last() {
        for text in [
            r#"{"data":[]}"#,
            r#"{"data":[],"next_cursor":""}"#,
            r#"{"data":[],"next_cursor":1}"#,
            r#"{"data":[],"next_cursor":null,"next_cursor":null}"#,
            r#"{"data":[],"next_cursor":"a","next_cursor":null}"#,
            "[]",
            "null",
        ] {
            let p = page(text);
            assert!(!p.is_last(), "{text}");
            assert!(!p.issues.is_empty(), "{text}");
            let query = json::Object::new();
            assert_eq!(
                next_query(&query, &p).unwrap_err().code,
                ErrorCode::InvalidPage,
                "{text}"
            );
        }
        assert!(page(r#"{"data":[],"next_cursor":null}"#).is_last());
    }

    #[test]
    fn debug_shows_no_answer_value() {
        let p = page(r#"{"data":["secret-row"],"next_cursor":"secret-cursor"}"#);
        let shown = format!("{p:?}");
        assert!(!shown.contains("secret"), "{shown}");
    }

    #[test]
    fn a_fetch_error_ends_the_walk() {
        let first = json::Object::new();
        let mut pages = Pages::new(first, |_: &json::Object<'_>| Err::<String, _>("down")).unwrap();
        assert!(matches!(pages.next(), Some(Err(PagesError::Fetch("down")))));
        assert!(pages.next().is_none());
    }

    #[test]
    fn pages_walks_by_next_query_and_ends_on_its_errors() {
        let first = json::parse(br#"{"count":1,"with_total_count":true}"#).unwrap();
        let first = first.as_object().unwrap().clone();
        let mut sent = Vec::new();
        let pages: Vec<_> = Pages::new(first.clone(), |q: &json::Object<'static>| {
            let mut text = String::new();
            write::value(&mut text, &Value::Object(q.clone()));
            sent.push(text);
            let next = match q.get(CURSOR).and_then(Value::as_str) {
                None => "\"c1\"",
                Some("c1") => "\"c2\"",
                _ => "null",
            };
            Ok::<_, ()>(format!(r#"{{"data":[1],"next_cursor":{next}}}"#))
        })
        .unwrap()
        .collect();
        assert_eq!(pages.len(), 3);
        assert!(pages
            .iter()
            .all(|p| p.as_ref().is_ok_and(|p| p.issues.is_empty())));
        assert_eq!(
            sent,
            [
                r#"{"count":1,"with_total_count":true}"#,
                r#"{"count":1,"cursor":"c1"}"#,
                r#"{"count":1,"cursor":"c2"}"#
            ]
        );
        // The same cursor back: one error, then the end.
        let mut looping = Pages::new(json::Object::new(), |_: &json::Object<'static>| {
            Ok::<_, ()>(r#"{"data":[],"next_cursor":"c1"}"#.to_string())
        })
        .unwrap();
        assert!(matches!(looping.next(), Some(Ok(_))));
        assert!(matches!(
            looping.next(),
            Some(Err(PagesError::Read(Error {
                code: ErrorCode::CursorRepeated,
                ..
            })))
        ));
        assert!(looping.next().is_none());
        // Refused before anything is fetched.
        let both = json::parse(br#"{"cursor":"c","with_total_count":"true"}"#).unwrap();
        let refused = Pages::new(
            both.as_object().unwrap().clone(),
            |_: &json::Object<'static>| Err::<String, _>("fetched"),
        );
        assert_eq!(refused.unwrap_err().code, ErrorCode::CursorWithTotalCount);
    }
}
