//! The answer of a products PUT (document B §3, §4, §7), mapped to the products sent.
//!
//! # The rules read (docs/ANSWERS.md, "Product batch answers")
//! - §4 Products PUT: "JSON `{products: [product, ...]}`, at most 25 per request"; Output
//!   "`data.products_response`: array of {warnings[], errors[], product_key, id, status}";
//! - §3: "Product write status: CREATE_SUCCESS, UPDATE_SUCCESS, ERROR, NO_CHANGE — Per product
//!   in a batch write: unknown id is created, known id is updated";
//! - §7: "Product writes report per item `errors` and `warnings` arrays with status ERROR";
//! - §2 Product `id`: "if the same id occurs several times in one request, all of them are
//!   ignored".
//!
//! Each item of `data.products_response` is matched to a product sent **by its `id`** (the first
//! product sent with that id not matched yet); an item at another position than its product is
//! matched all the same and reported (`position_mismatch`, a warning; not checked when the
//! request repeats an id, as the ignored products shift the positions). An item whose id was not
//! sent (`not_sent`), repeats an id already answered (`duplicate`) or has no id (`required`) is
//! matched to nothing: it is listed in `unmatched`, never guessed onto a product by position.
//! A product sent that has no item is `unanswered` (`not_answered`), except a product whose id
//! occurs several times in the request: those are `ignored` (§2) when not answered, and reported
//! once per repeated id (`duplicate`, a warning). The number of items must be the number of
//! products sent, less the ignored ones (`count_mismatch`).
//!
//! A product's outcome follows its item's status: `created` (CREATE_SUCCESS), `updated`
//! (UPDATE_SUCCESS), `unchanged` (NO_CHANGE), `error` (ERROR, with its `errors`); a status
//! outside the four (`not_in_enum`), a missing one (`required`), or an item with `errors` but a
//! status other than ERROR (`not_allowed`) is `unknown`. `errors`, `warnings` and `product_key`
//! are kept as given.
//!
//! An answer with request-level `errors` (§7: "Batch endpoints report request-level errors in
//! `errors`") takes no item's success (`not_allowed` at `/errors`; outcome `unknown`). A member
//! decided on written twice is `duplicate_key` and taken from neither: `data` or
//! `products_response` (no item read), an item's `id` (matched to nothing), `status` or `errors`
//! (outcome `unknown`).

use super::bad_arguments;
use super::batch_json::{error, repeated, required, write_opt, write_usize, wrong_type};
use super::{parse_answer, text_member};
use crate::error::Error;
use crate::issues::{Allowed, CheckIssue, IssueKind};
use crate::json::write::string as write_string;
use crate::json::{self, Value};
use crate::report::{write_issues, Code, Issue, Param, Params, Pointer, Severity};
use std::fmt;

/// The product write statuses (document B §3), in the document's order.
pub const PRODUCT_WRITE_STATUSES: [&str; 4] =
    ["CREATE_SUCCESS", "UPDATE_SUCCESS", "ERROR", "NO_CHANGE"];

/// Products per PUT request, as documented (document B §4, §8).
pub const MAX_PRODUCTS_PER_REQUEST: usize = 25;

/// What became of one product sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProductOutcome {
    /// CREATE_SUCCESS.
    Created,
    /// UPDATE_SUCCESS.
    Updated,
    /// NO_CHANGE.
    Unchanged,
    /// ERROR (its `errors` say why).
    Error,
    /// Answered, with a status outside the four, none, or one that contradicts its `errors`.
    Unknown,
    /// No item of the answer is for it.
    Unanswered,
    /// Its id occurs several times in the request, and it was not answered (§2: ignored).
    Ignored,
}

impl ProductOutcome {
    /// The stable snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            ProductOutcome::Created => "created",
            ProductOutcome::Updated => "updated",
            ProductOutcome::Unchanged => "unchanged",
            ProductOutcome::Error => "error",
            ProductOutcome::Unknown => "unknown",
            ProductOutcome::Unanswered => "unanswered",
            ProductOutcome::Ignored => "ignored",
        }
    }

    const ALL: [ProductOutcome; 7] = [
        ProductOutcome::Created,
        ProductOutcome::Updated,
        ProductOutcome::Unchanged,
        ProductOutcome::Error,
        ProductOutcome::Unknown,
        ProductOutcome::Unanswered,
        ProductOutcome::Ignored,
    ];
}

/// One product sent and its answer. `Debug` shows positions and the outcome, never the id or
/// the answer's texts.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct ProductResult {
    /// Its position in the request's `products`.
    pub position: usize,
    /// Its `id` as sent (`None` when not a string).
    pub id: Option<String>,
    /// The position of its item in `data.products_response`.
    pub answer: Option<usize>,
    /// What became of it.
    pub outcome: ProductOutcome,
    /// Its id occurs several times in the request.
    pub duplicate_id: bool,
    /// The item's `status`, as given.
    pub status: Option<Value<'static>>,
    /// The item's `product_key`, as given.
    pub product_key: Option<Value<'static>>,
    /// The item's `errors`, as given.
    pub errors: Option<Value<'static>>,
    /// The item's `warnings`, as given.
    pub warnings: Option<Value<'static>>,
}

impl fmt::Debug for ProductResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProductResult")
            .field("position", &self.position)
            .field("answer", &self.answer)
            .field("outcome", &self.outcome)
            .field("duplicate_id", &self.duplicate_id)
            .finish_non_exhaustive()
    }
}

/// The answer of a products PUT, mapped to the products sent.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ProductAnswer {
    /// One per product sent, in request order.
    pub products: Vec<ProductResult>,
    /// Items of the answer matched to no product sent (their positions).
    pub unmatched: Vec<usize>,
    /// Items in the answer's `products_response`.
    pub answered: usize,
    /// The documented rules the answer breaks (paths into the answer).
    pub issues: Vec<Issue>,
}

/// Reads `text`, the answer of the products PUT whose body was `sent`.
///
/// Fails with `bad_arguments` when `sent` is not a products PUT body (`{"products": [...]}`),
/// and with `invalid_json` (or `too_deep`) when `text` is not JSON.
///
/// ```
/// use preflight::answers::products::{product_answer, ProductOutcome};
/// let sent = r#"{"products":[{"id":"a"},{"id":"b"}]}"#;
/// let text = r#"{"data":{"products_response":[
///   {"id":"a","product_key":"k1","status":"CREATE_SUCCESS","errors":[],"warnings":[]},
///   {"id":"b","product_key":null,"status":"ERROR","errors":[{"message":"price"}],"warnings":[]}]}}"#;
/// let out = product_answer(sent, text).unwrap();
/// assert_eq!(out.products[0].outcome, ProductOutcome::Created);
/// assert_eq!(out.products[1].outcome, ProductOutcome::Error);
/// assert!(out.issues.is_empty());
/// ```
pub fn product_answer(sent: &str, text: &str) -> Result<ProductAnswer, Error> {
    let sent_value = json::parse(sent.as_bytes())
        .map_err(|_| bad_arguments("sent: not JSON (the products PUT body)"))?;
    let Some(sent_products) = sent_value.get("products").and_then(Value::as_array) else {
        return Err(bad_arguments(
            "sent: not a products PUT body ({\"products\": [...]})",
        ));
    };
    let answer = parse_answer(text)?;
    let mut products: Vec<ProductResult> = sent_products
        .iter()
        .enumerate()
        .map(|(position, p)| ProductResult {
            position,
            id: p.get("id").and_then(Value::as_str).map(str::to_owned),
            answer: None,
            outcome: ProductOutcome::Unanswered,
            duplicate_id: false,
            status: None,
            product_key: None,
            errors: None,
            warnings: None,
        })
        .collect();
    let mut issues = Vec::new();
    let list_path = "/data/products_response";
    // Ids sent several times (§2: all of them ignored).
    let mut duplicated = 0;
    for i in 0..products.len() {
        let Some(id) = products[i].id.clone() else {
            continue;
        };
        if products[i].duplicate_id {
            continue;
        }
        let same: Vec<usize> = (i..products.len())
            .filter(|&k| products[k].id.as_deref() == Some(id.as_str()))
            .collect();
        if same.len() > 1 {
            duplicated += same.len();
            for &k in &same {
                products[k].duplicate_id = true;
            }
            issues.push(Issue::new(
                list_path,
                Code::Duplicate,
                Severity::Warning,
                "the request sent the same product id several times; all of them are ignored \
                 (document B §2)",
                Params::new().with(
                    "positions",
                    Param::List(same.iter().map(|&k| Param::from(k)).collect()),
                ),
            ));
        }
    }
    let root = Pointer::root();
    // Members decided on and written twice: which one the platform meant is unknown, so none is
    // taken (`duplicate_key`); request-level errors beside the items (document B §7: "Batch
    // endpoints report request-level errors in `errors`") leave every item's success unknown.
    let mut list_repeated = false;
    let mut request_errors = false;
    if let Value::Object(top) = &answer {
        let before = issues.len();
        repeated(top, &["data", "errors"], &root, &mut issues);
        if let Some(Value::Object(data)) = top.get("data") {
            repeated(data, &["products_response"], &root.key("data"), &mut issues);
        }
        list_repeated = issues[before..].iter().any(|i| i.path != "/errors");
        match top.get("errors") {
            None | Some(Value::Null) => {}
            Some(Value::Array(e)) if e.is_empty() => {}
            Some(Value::Array(_)) => {
                request_errors = true;
                issues.push(error(
                    "/errors".into(),
                    Code::NotAllowed,
                    "the answer carries request-level errors (document B §7): no item's success \
                     is taken",
                    Params::new(),
                ));
            }
            Some(other) => {
                request_errors = true;
                issues.push(wrong_type("/errors".into(), "array", other));
            }
        }
    }
    let items: &[Value<'_>] = match &answer {
        _ if list_repeated => &[],
        Value::Object(top) => match top.get("data") {
            Some(Value::Object(data)) => match data.get("products_response") {
                Some(Value::Array(items)) => items,
                None => {
                    issues.push(required(
                        list_path.into(),
                        "products_response",
                        "the answer of a products PUT carries data.products_response",
                    ));
                    &[]
                }
                Some(other) => {
                    issues.push(wrong_type(list_path.into(), "array", other));
                    &[]
                }
            },
            None => {
                issues.push(required(
                    "/data".into(),
                    "data",
                    "the answer of a products PUT carries data.products_response",
                ));
                &[]
            }
            Some(other) => {
                issues.push(wrong_type("/data".into(), "object", other));
                &[]
            }
        },
        other => {
            issues.push(wrong_type(String::new(), "object", other));
            &[]
        }
    };
    let at = root.key("data");
    let at = at.key("products_response");
    let mut unmatched = Vec::new();
    for (j, item) in items.iter().enumerate() {
        let here = at.index(j);
        let Value::Object(o) = item else {
            issues.push(wrong_type(here.to_string(), "object", item));
            unmatched.push(j);
            continue;
        };
        let before = issues.len();
        repeated(o, &["id", "status", "errors"], &here, &mut issues);
        let item_repeated: Vec<String> = issues[before..].iter().map(|i| i.path.clone()).collect();
        if item_repeated.contains(&here.key("id").to_string()) {
            unmatched.push(j);
            continue;
        }
        let id = match o.get("id") {
            Some(Value::String(s)) => s,
            None | Some(Value::Null) => {
                issues.push(required(
                    here.key("id").to_string(),
                    "id",
                    "an item of products_response carries the id of its product",
                ));
                unmatched.push(j);
                continue;
            }
            Some(other) => {
                issues.push(wrong_type(here.key("id").to_string(), "string", other));
                unmatched.push(j);
                continue;
            }
        };
        let mut sent_with_id = products
            .iter()
            .filter(|p| p.id.as_deref() == Some(id.as_ref()))
            .peekable();
        if sent_with_id.peek().is_none() {
            issues.push(error(
                here.key("id").to_string(),
                Code::NotSent,
                "an item of products_response names a product id that was not sent",
                Params::new().with("sent", products.len()),
            ));
            unmatched.push(j);
            continue;
        }
        let Some(k) = products
            .iter()
            .position(|p| p.id.as_deref() == Some(id.as_ref()) && p.answer.is_none())
        else {
            issues.push(error(
                here.key("id").to_string(),
                Code::Duplicate,
                "an item of products_response repeats a product id already answered",
                Params::new(),
            ));
            unmatched.push(j);
            continue;
        };
        // With ids sent several times (ignored, §2) the positions of the rest shift: no check.
        if k != j && duplicated == 0 {
            issues.push(Issue::new(
                here.key("id").to_string(),
                Code::PositionMismatch,
                Severity::Warning,
                "this item answers a product sent at another position; it is matched by its id",
                Params::new().with("position", k),
            ));
        }
        let p = &mut products[k];
        p.answer = Some(j);
        p.status = o.get("status").map(|v| v.clone().into_owned());
        p.product_key = o.get("product_key").map(|v| v.clone().into_owned());
        p.errors = o.get("errors").map(|v| v.clone().into_owned());
        p.warnings = o.get("warnings").map(|v| v.clone().into_owned());
        for name in ["errors", "warnings"] {
            match o.get(name) {
                None | Some(Value::Array(_)) => {}
                Some(other) => issues.push(wrong_type(here.key(name).to_string(), "array", other)),
            }
        }
        // Errors of another shape than an array are errors all the same: no success is taken.
        let has_errors = match o.get("errors") {
            None | Some(Value::Null) => false,
            Some(Value::Array(e)) => !e.is_empty(),
            Some(_) => true,
        };
        p.outcome = match o.get("status") {
            _ if !item_repeated.is_empty() => ProductOutcome::Unknown,
            None | Some(Value::Null) => {
                issues.push(required(
                    here.key("status").to_string(),
                    "status",
                    "an item of products_response carries its write status",
                ));
                ProductOutcome::Unknown
            }
            Some(Value::String(s)) => match s.as_ref() {
                _ if has_errors && s != "ERROR" => {
                    issues.push(error(
                        here.key("errors").to_string(),
                        Code::NotAllowed,
                        "an item with errors has status ERROR (document B §7); its outcome is \
                         unknown",
                        Params::new(),
                    ));
                    ProductOutcome::Unknown
                }
                "CREATE_SUCCESS" => ProductOutcome::Created,
                "UPDATE_SUCCESS" => ProductOutcome::Updated,
                "NO_CHANGE" => ProductOutcome::Unchanged,
                "ERROR" => ProductOutcome::Error,
                _ => {
                    issues.push(
                        IssueKind::Check(CheckIssue::NotInEnum {
                            allowed: Allowed::Names(&PRODUCT_WRITE_STATUSES),
                        })
                        .issue(here.key("status").to_string(), Severity::Error),
                    );
                    ProductOutcome::Unknown
                }
            },
            Some(other) => {
                issues.push(wrong_type(here.key("status").to_string(), "string", other));
                ProductOutcome::Unknown
            }
        };
    }
    for p in &mut products {
        if p.answer.is_some() {
            if request_errors && p.outcome != ProductOutcome::Error {
                p.outcome = ProductOutcome::Unknown;
            }
            continue;
        }
        if p.duplicate_id {
            p.outcome = ProductOutcome::Ignored;
        } else {
            issues.push(error(
                list_path.into(),
                Code::NotAnswered,
                "a product sent has no item in products_response",
                Params::new().with("position", p.position),
            ));
        }
    }
    let sent = products.len();
    let n = items.len();
    if n > sent || n + duplicated < sent {
        issues.push(error(
            list_path.into(),
            Code::CountMismatch,
            "products_response has one item per product sent",
            Params::new().with("sent", sent).with("answered", n),
        ));
    }
    Ok(ProductAnswer {
        products,
        unmatched,
        answered: n,
        issues,
    })
}

impl ProductAnswer {
    /// The result as JSON text (docs/ANSWERS.md, "Product batch answers"): `products` (each
    /// `{position, id, answer, outcome, duplicate_id, status, product_key, errors, warnings}`),
    /// `unmatched`, `counts` and `issues`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"products\":[");
        for (i, p) in self.products.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"position\":");
            write_usize(&mut out, p.position);
            out.push_str(",\"id\":");
            match &p.id {
                Some(id) => write_string(&mut out, id),
                None => out.push_str("null"),
            }
            out.push_str(",\"answer\":");
            match p.answer {
                Some(j) => write_usize(&mut out, j),
                None => out.push_str("null"),
            }
            out.push_str(",\"outcome\":\"");
            out.push_str(p.outcome.name());
            out.push_str("\",\"duplicate_id\":");
            out.push_str(if p.duplicate_id { "true" } else { "false" });
            for (name, v) in [
                ("status", &p.status),
                ("product_key", &p.product_key),
                ("errors", &p.errors),
                ("warnings", &p.warnings),
            ] {
                out.push_str(",\"");
                out.push_str(name);
                out.push_str("\":");
                write_opt(&mut out, v.as_ref());
            }
            out.push('}');
        }
        out.push_str("],\"unmatched\":[");
        for (i, j) in self.unmatched.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_usize(&mut out, *j);
        }
        out.push_str("],\"counts\":{\"sent\":");
        write_usize(&mut out, self.products.len());
        out.push_str(",\"answered\":");
        write_usize(&mut out, self.answered);
        for o in ProductOutcome::ALL {
            out.push_str(",\"");
            out.push_str(o.name());
            out.push_str("\":");
            write_usize(
                &mut out,
                self.products.iter().filter(|p| p.outcome == o).count(),
            );
        }
        out.push_str("},\"issues\":");
        write_issues(&mut out, &self.issues);
        out.push('}');
        out
    }
}

/// The call `product_answer` `{sent, text}`.
pub(crate) fn call(args: &json::Object<'_>) -> Result<String, Error> {
    let sent = text_member(args, "sent")?;
    let text = text_member(args, "text")?;
    product_answer(sent, text).map(|a| a.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No input makes it panic, and nothing of an answer reaches an issue message or `Debug`.
    #[test]
    fn hostile_answers_neither_panic_nor_leak() {
        const SECRET: &str = "s3cr3t-sku";
        let sent = format!(
            r#"{{"products":[{{"id":"{SECRET}"}},{{"id":"{SECRET}"}},{{"id":"b"}},{{}}]}}"#
        );
        let answer = format!(
            r#"{{"data":{{"products_response":[{{"id":"{SECRET}","status":"{SECRET}","errors":[{{"message":"{SECRET}"}}],"warnings":"{SECRET}","product_key":"{SECRET}"}},{{"id":"b","status":"ERROR"}},{{"id":"zz"}},1,{{"id":7}}]}}}}"#
        );
        let mut texts = vec![answer.clone()];
        for cut in 0..answer.len() {
            texts.push(answer[..cut].to_owned());
        }
        for text in &texts {
            match product_answer(&sent, text) {
                Ok(out) => {
                    assert_eq!(out.products.len(), 4);
                    let debug = format!("{out:?}");
                    assert!(!debug.contains(SECRET), "{debug}");
                    for i in &out.issues {
                        assert!(!i.message.contains(SECRET));
                    }
                    let _ = out.to_json();
                }
                Err(e) => assert!(!e.message.contains(SECRET)),
            }
        }
        let err = product_answer(&answer, &answer).expect_err("not a PUT body");
        assert!(!err.message.contains(SECRET));
    }
}
