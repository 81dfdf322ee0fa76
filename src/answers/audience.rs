//! The answers of the custom audience users and do-not-reach list users endpoints (document
//! B §4, §7), mapped back to every input record: accepted, rejected before sending, failed at
//! the platform, or in a body to retry.
//!
//! # The rules read (docs/ANSWERS.md, "Audience batch answers")
//! Document B §4: "a batch succeeds or fails as a whole; responses keep request order. The
//! response carries `success_count` and `total_count`, which are always equal; if they differ
//! from the number of records sent, the caller treats it as an error and retries. Request-level
//! failures appear under `errors`; item-level failures under `operation_errors`, whose index
//! points to the input item." §7: "`operation_errors` (index-aligned)".
//!
//! A body is an array of operation objects (`operation_type`, `params.users`); its users are
//! numbered across its operations in order, and user `k` of the body is input record
//! `records[k]`. One answer (the HTTP body text, whatever the status) is read per body, in this
//! order:
//! 1. no answer (`None`: not sent, or lost): every record to retry (`no_answer`); text that is
//!    not JSON: to retry (`not_json`);
//! 2. a non-empty `errors` array (request-level): the whole body failed; every record carries
//!    the first error's `code` and `message`, as given;
//! 3. `operation_errors`: an item that is `null`, `{}` or `[]` means no error; an error object
//!    (or an array of them) applies to the operation at its position, or to the one named by its
//!    own `index` member when it has one. The records of an operation with an error failed (with
//!    its first error's `code` and `message`); since a batch succeeds or fails as a whole, the
//!    records of the other operations are not accepted: they are to retry (`body_failed`);
//! 4. otherwise the counts: read from `data` when the answer has it (an object, or an array of
//!    per-operation objects, summed), else from the top level. Both must be present
//!    (`counts_missing`), and `success_count` = `total_count` = the number of **operations** sent
//!    in the body (`counts_mismatch`), else every record is to retry; a `data` array holds one
//!    item per operation, each with equal counts, and counts also written at the top level
//!    agree with `data`'s (`counts_mismatch` otherwise); then every record is accepted.
//!
//! An answer that breaks a documented shape (a member of the wrong type, an `operation_errors`
//! index that was not sent, a member decided on written twice: `duplicate_key`) is reported as issues of the body and nothing in it is taken: every
//! record is to retry (`answer_problem`). No record is ever accepted on a guess.
//!
//! The bodies to retry hold only the operations to retry, each written exactly as sent (the
//! whole body text when every operation is to retry).

use super::bad_arguments;
use super::batch_json::{
    arg_index, array_item_spans, error, repeated, required, write_opt, write_usize, wrong_type,
};
use crate::error::Error;
use crate::json::write::string as write_string;
use crate::json::{self, Value};
use crate::report::{write_issues, Code, Issue, Params, Pointer};
use std::collections::BTreeMap;
use std::fmt;

/// Why the records of a body are to be sent again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RetryReason {
    /// No answer: the body was not sent, or its answer was lost.
    NoAnswer,
    /// The answer text is not JSON.
    NotJson,
    /// The answer breaks a documented shape (see the body's issues); nothing in it is taken.
    AnswerProblem,
    /// The answer has no `success_count` or no `total_count`.
    CountsMissing,
    /// `success_count` and `total_count` are not both the number of operations sent.
    CountsMismatch,
    /// Another operation of the body failed; a batch succeeds or fails as a whole.
    BodyFailed,
}

impl RetryReason {
    /// The stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            RetryReason::NoAnswer => "no_answer",
            RetryReason::NotJson => "not_json",
            RetryReason::AnswerProblem => "answer_problem",
            RetryReason::CountsMissing => "counts_missing",
            RetryReason::CountsMismatch => "counts_mismatch",
            RetryReason::BodyFailed => "body_failed",
        }
    }

    /// A fixed explanation for people.
    pub fn message(self) -> &'static str {
        match self {
            RetryReason::NoAnswer => "no answer for this body (not sent, or the answer was lost)",
            RetryReason::NotJson => "the answer is not JSON",
            RetryReason::AnswerProblem => {
                "the answer breaks a documented rule (the body's issues say where); nothing in it is taken"
            }
            RetryReason::CountsMissing => "the answer holds no success_count or no total_count",
            RetryReason::CountsMismatch => {
                "success_count and total_count are not both the number of operations sent"
            }
            RetryReason::BodyFailed => {
                "another operation of the body failed; a batch succeeds or fails as a whole"
            }
        }
    }
}

/// An error the platform reported: its `code` and `message` members exactly as given (any JSON
/// value; `None` when absent). `Debug` shows whether each is present, never its text.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct PlatformError {
    /// The error's `code` member.
    pub code: Option<Value<'static>>,
    /// The error's `message` member.
    pub message: Option<Value<'static>>,
}

impl PlatformError {
    fn of(object: &json::Object<'_>) -> Self {
        PlatformError {
            code: object.get("code").map(|v| v.clone().into_owned()),
            message: object.get("message").map(|v| v.clone().into_owned()),
        }
    }
}

impl fmt::Debug for PlatformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlatformError")
            .field("has_code", &self.code.is_some())
            .field("has_message", &self.message.is_some())
            .finish()
    }
}

/// What became of one input record.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Outcome {
    /// Sent, and its body was accepted.
    Accepted,
    /// Left out before sending, with the body builder's code.
    Rejected {
        /// The builder's code (the first of the record's problems).
        code: String,
    },
    /// Sent, and the platform reported an error for its body or its operation.
    Failed(PlatformError),
    /// In a body to send again.
    Retry(RetryReason),
}

impl Outcome {
    /// `accepted`, `rejected`, `failed` or `retry`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Accepted => "accepted",
            Outcome::Rejected { .. } => "rejected",
            Outcome::Failed(_) => "failed",
            Outcome::Retry(_) => "retry",
        }
    }
}

/// The outcome of one input record.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RecordOutcome {
    /// The record's input index.
    pub index: usize,
    /// The body it was sent in (its position among the bodies); `None` when rejected.
    pub body: Option<usize>,
    /// The operation of that body holding it; `None` when rejected.
    pub operation: Option<usize>,
    /// What became of it.
    pub outcome: Outcome,
}

/// What became of one body as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BodyState {
    /// Every record accepted.
    Accepted,
    /// Every record failed (request-level `errors`, or an error for every operation).
    Failed,
    /// Some operations failed; the records of the others are to retry.
    PartlyFailed,
    /// Every record to retry.
    Retry,
}

impl BodyState {
    /// `accepted`, `failed`, `partly_failed` or `retry`.
    pub fn name(self) -> &'static str {
        match self {
            BodyState::Accepted => "accepted",
            BodyState::Failed => "failed",
            BodyState::PartlyFailed => "partly_failed",
            BodyState::Retry => "retry",
        }
    }
}

/// A body to send again: only its operations to retry, each as sent. `Debug` shows its size,
/// not its text.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RetryBody {
    /// The body it comes from (its position among the bodies).
    pub body: usize,
    /// The JSON text to send.
    pub json: String,
    /// The input indexes of its users, in order (as [`crate::audience::batch::Body::records`]).
    pub records: Vec<usize>,
}

impl fmt::Debug for RetryBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RetryBody")
            .field("body", &self.body)
            .field("json_bytes", &self.json.len())
            .field("records", &self.records.len())
            .finish()
    }
}

/// The outcome of one body and of each of its records.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BodyOutcome {
    /// Its position among the bodies.
    pub body: usize,
    /// What became of it.
    pub state: BodyState,
    /// Operation objects sent in it.
    pub operations: usize,
    /// Users sent in it (its records).
    pub users: usize,
    /// `success_count` read (summed over `data` items), when read.
    pub success_count: Option<u64>,
    /// `total_count` read (summed over `data` items), when read.
    pub total_count: Option<u64>,
    /// Why its records (or some) are to retry.
    pub reason: Option<RetryReason>,
    /// The documented rules its answer breaks (paths into the answer).
    pub issues: Vec<Issue>,
    /// Each of its records, in body order.
    pub records: Vec<RecordOutcome>,
    /// What to send again, when some record is to retry.
    pub retry: Option<RetryBody>,
}

impl BodyOutcome {
    /// Its records with `outcome`'s name (`accepted`, `failed`, `retry`).
    pub fn count(&self, outcome: &str) -> usize {
        self.records
            .iter()
            .filter(|r| r.outcome.name() == outcome)
            .count()
    }
}

/// The input indexes seen, as disjoint ranges (start -> end, exclusive): a few entries for the
/// ascending indexes of built bodies, whatever their number.
#[derive(Clone, Debug, Default)]
struct Seen(BTreeMap<usize, usize>);

impl Seen {
    /// Adds `i`; false when it was there already.
    fn insert(&mut self, i: usize) -> bool {
        let before = self.0.range(..=i).next_back().map(|(&s, &e)| (s, e));
        if let Some((_, e)) = before {
            if e > i {
                return false;
            }
        }
        let after = self.0.get(&(i + 1)).copied();
        match (before, after) {
            (Some((s, e)), Some(e2)) if e == i => {
                self.0.remove(&(i + 1));
                self.0.insert(s, e2);
            }
            (Some((s, e)), None) if e == i => {
                self.0.insert(s, i + 1);
            }
            (_, Some(e2)) => {
                self.0.remove(&(i + 1));
                self.0.insert(i, e2);
            }
            _ => {
                self.0.insert(i, i + 1);
            }
        }
        true
    }

    fn contains(&self, i: usize) -> bool {
        self.0.range(..=i).next_back().is_some_and(|(_, &e)| e > i)
    }
}

/// Reads the answers body by body ([`OutcomeBuilder::body`]), for inputs too large to hold, and
/// ends with the records rejected before sending ([`OutcomeBuilder::finish`]). Refuses a record
/// index given twice.
#[derive(Clone, Debug, Default)]
pub struct OutcomeBuilder {
    bodies: usize,
    /// Whether the bodies give their records (decided by the first body).
    given: Option<bool>,
    next_auto: usize,
    seen: Seen,
}

/// How an answer was read.
enum Verdict {
    Accepted,
    Failed(PlatformError),
    /// Per operation: its first error.
    OperationErrors(Vec<Option<PlatformError>>),
    Retry(RetryReason),
}

impl OutcomeBuilder {
    /// A builder before its first body.
    pub fn new() -> Self {
        OutcomeBuilder::default()
    }

    /// Reads the answer of the next body: `json`, the body as sent; `records`, the input index
    /// of each of its users (`None`: numbered on from the users of the bodies before; every body
    /// gives them or none does); `answer`, the answer's text (`None`: no answer).
    ///
    /// Fails (`bad_arguments`) for a body that is not an array of operation objects each with
    /// a `params.users` array, for records that are not one per user, and for a record index
    /// given before.
    pub fn body(
        &mut self,
        json: &str,
        records: Option<&[usize]>,
        answer: Option<&str>,
    ) -> Result<BodyOutcome, Error> {
        let b = self.bodies;
        let users = operation_users(json)
            .ok_or_else(|| bad_arguments(&format!("bodies[{b}].json: not an array of operation objects, each with a params.users array")))?;
        let total: usize = users.iter().sum();
        let given = records.is_some();
        if *self.given.get_or_insert(given) != given {
            return Err(bad_arguments(&format!(
                "bodies[{b}].records: given for some bodies only"
            )));
        }
        let records: Vec<usize> = match records {
            Some(r) if r.len() != total => {
                return Err(bad_arguments(&format!(
                    "bodies[{b}].records: {} records for {total} users",
                    r.len()
                )))
            }
            Some(r) => r.to_vec(),
            None => {
                let start = self.next_auto;
                self.next_auto += total;
                (start..start + total).collect()
            }
        };
        for &i in &records {
            if !self.seen.insert(i) {
                return Err(bad_arguments(&format!(
                    "bodies[{b}].records: record {i} given twice"
                )));
            }
        }
        self.bodies += 1;
        let mut issues = Vec::new();
        let mut counts = (None, None);
        let verdict = match answer {
            None => Verdict::Retry(RetryReason::NoAnswer),
            Some(text) => read_answer(text, users.len(), total, &mut issues, &mut counts),
        };
        let operations = users.len();
        // Per operation: Ok(()) accepted, Err(Some(e)) failed, Err(None) to retry.
        let mut records_out = Vec::with_capacity(total);
        let mut retry_ops = Vec::new();
        let mut failed_ops = 0;
        let mut k = 0;
        for (op, &n) in users.iter().enumerate() {
            let outcome = match &verdict {
                Verdict::Accepted => Outcome::Accepted,
                Verdict::Failed(e) => Outcome::Failed(e.clone()),
                Verdict::Retry(r) => Outcome::Retry(*r),
                Verdict::OperationErrors(errors) => match errors.get(op) {
                    Some(Some(e)) => Outcome::Failed(e.clone()),
                    _ => Outcome::Retry(RetryReason::BodyFailed),
                },
            };
            match outcome {
                Outcome::Retry(_) => retry_ops.push(op),
                Outcome::Failed(_) => failed_ops += 1,
                _ => {}
            }
            for _ in 0..n {
                records_out.push(RecordOutcome {
                    index: records[k],
                    body: Some(b),
                    operation: Some(op),
                    outcome: outcome.clone(),
                });
                k += 1;
            }
        }
        let (state, reason) = match &verdict {
            Verdict::Accepted => (BodyState::Accepted, None),
            Verdict::Failed(_) => (BodyState::Failed, None),
            Verdict::Retry(r) => (BodyState::Retry, Some(*r)),
            Verdict::OperationErrors(_) if failed_ops == operations => (BodyState::Failed, None),
            Verdict::OperationErrors(_) => (BodyState::PartlyFailed, Some(RetryReason::BodyFailed)),
        };
        let retry = if retry_ops.is_empty() {
            None
        } else {
            let mut starts = Vec::with_capacity(operations + 1);
            let mut at = 0;
            for &n in &users {
                starts.push(at);
                at += n;
            }
            starts.push(at);
            let text = if retry_ops.len() == operations {
                json.to_owned()
            } else {
                let spans = array_item_spans(json);
                if spans.len() != operations {
                    // Never a body to retry that lacks an operation its records name.
                    return Err(bad_arguments(&format!(
                        "bodies[{b}].json: its operations could not be told apart"
                    )));
                }
                let mut out = String::from("[");
                for (i, &op) in retry_ops.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some(&(s, e)) = spans.get(op) {
                        out.push_str(&json[s..e]);
                    }
                }
                out.push(']');
                out
            };
            let mut ids = Vec::new();
            for &op in &retry_ops {
                ids.extend_from_slice(&records[starts[op]..starts[op + 1]]);
            }
            Some(RetryBody {
                body: b,
                json: text,
                records: ids,
            })
        };
        Ok(BodyOutcome {
            body: b,
            state,
            operations,
            users: total,
            success_count: counts.0,
            total_count: counts.1,
            reason,
            issues,
            records: records_out,
            retry,
        })
    }

    /// Ends with the records rejected before sending, `(index, code)` (a record with several
    /// problems may come several times: its first code is kept), and returns their outcomes in
    /// index order. Fails (`bad_arguments`) for a rejected record that was also sent.
    pub fn finish<'a>(
        self,
        rejected: impl IntoIterator<Item = (usize, &'a str)>,
    ) -> Result<Vec<RecordOutcome>, Error> {
        let mut out: BTreeMap<usize, &str> = BTreeMap::new();
        for (index, code) in rejected {
            if self.seen.contains(index) {
                return Err(bad_arguments(&format!(
                    "rejected: record {index} is also in a body"
                )));
            }
            out.entry(index).or_insert(code);
        }
        Ok(out
            .into_iter()
            .map(|(index, code)| RecordOutcome {
                index,
                body: None,
                operation: None,
                outcome: Outcome::Rejected {
                    code: code.to_owned(),
                },
            })
            .collect())
    }
}

/// The number of users of each operation of `body`, or `None` when it is not a non-empty array
/// of operation objects each with a `params.users` array.
fn operation_users(body: &str) -> Option<Vec<usize>> {
    let value = json::parse(body.as_bytes()).ok()?;
    let ops = value.as_array()?;
    if ops.is_empty() {
        return None;
    }
    ops.iter()
        .map(|op| op.get("params")?.get("users")?.as_array().map(<[_]>::len))
        .collect()
}

/// The members of an answer's top level that decide a body's outcome.
const TOP_MEMBERS: [&str; 5] = [
    "errors",
    "operation_errors",
    "data",
    "success_count",
    "total_count",
];
/// The count members.
const COUNTS: [&str; 2] = ["success_count", "total_count"];

/// Reads one answer (module docs, steps 2 to 4).
fn read_answer(
    text: &str,
    operations: usize,
    users: usize,
    issues: &mut Vec<Issue>,
    counts: &mut (Option<u64>, Option<u64>),
) -> Verdict {
    let Ok(value) = json::parse(text.as_bytes()) else {
        return Verdict::Retry(RetryReason::NotJson);
    };
    let root = Pointer::root();
    let Value::Object(top) = &value else {
        issues.push(wrong_type(String::new(), "object", &value));
        return Verdict::Retry(RetryReason::AnswerProblem);
    };
    // A member decided on and written twice: which one the platform meant is a guess.
    repeated(top, &TOP_MEMBERS, &root, issues);
    // Request-level errors.
    match top.get("errors") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) if items.is_empty() => {}
        Some(Value::Array(items)) => {
            let at = root.key("errors");
            let mut first = None;
            for (i, item) in items.iter().enumerate() {
                match item {
                    Value::Object(o) => {
                        first.get_or_insert_with(|| PlatformError::of(o));
                    }
                    _ => issues.push(wrong_type(at.index(i).to_string(), "object", item)),
                }
            }
            return match first {
                Some(e) if issues.is_empty() => Verdict::Failed(e),
                _ => Verdict::Retry(RetryReason::AnswerProblem),
            };
        }
        Some(other) => {
            issues.push(wrong_type("/errors".into(), "array", other));
            return Verdict::Retry(RetryReason::AnswerProblem);
        }
    }
    // Item-level errors.
    let mut per_op: Vec<Option<PlatformError>> = vec![None; operations];
    let mut any = false;
    match top.get("operation_errors") {
        None | Some(Value::Null) => {}
        Some(Value::Array(entries)) => {
            let at = root.key("operation_errors");
            for (p, entry) in entries.iter().enumerate() {
                let here = at.index(p);
                match entry {
                    Value::Null => {}
                    Value::Object(o) if o.is_empty() => {}
                    Value::Object(o) => {
                        any = true;
                        repeated(o, &["index"], &here, issues);
                        place(o, p, &here, operations, &mut per_op, issues);
                    }
                    Value::Array(errors) => {
                        for (k, e) in errors.iter().enumerate() {
                            match e {
                                Value::Object(o) => {
                                    any = true;
                                    repeated(o, &["index"], &here.index(k), issues);
                                    place(o, p, &here.index(k), operations, &mut per_op, issues);
                                }
                                _ => {
                                    issues.push(wrong_type(here.index(k).to_string(), "object", e))
                                }
                            }
                        }
                    }
                    other => issues.push(wrong_type(here.to_string(), "object or array", other)),
                }
            }
        }
        Some(other) => issues.push(wrong_type("/operation_errors".into(), "array", other)),
    }
    if !issues.is_empty() {
        return Verdict::Retry(RetryReason::AnswerProblem);
    }
    if any {
        return Verdict::OperationErrors(per_op);
    }
    // The counts.
    let mut missing = false;
    let mut disagree: Option<&'static str> = None;
    let (success, total, at) = match top.get("data") {
        None | Some(Value::Null) => {
            let s = read_count(top, "success_count", &root, issues, &mut missing);
            let t = read_count(top, "total_count", &root, issues, &mut missing);
            (s, t, String::new())
        }
        Some(Value::Object(data)) => {
            let at = root.key("data");
            repeated(data, &COUNTS, &at, issues);
            let s = read_count(data, "success_count", &at, issues, &mut missing);
            let t = read_count(data, "total_count", &at, issues, &mut missing);
            (s, t, "/data".to_owned())
        }
        Some(Value::Array(items)) => {
            let at = root.key("data");
            let (mut s, mut t) = (Some(0u64), Some(0u64));
            // One item per operation sent, each with equal counts: a sum alone would take
            // `[{2,2},{0,0}]` or an item for an operation never sent as the counts of the body.
            if items.len() != operations {
                disagree = Some("`data` holds one item per operation sent, each with equal counts");
            }
            for (i, item) in items.iter().enumerate() {
                let here = at.index(i);
                let Value::Object(o) = item else {
                    issues.push(wrong_type(here.to_string(), "object", item));
                    continue;
                };
                repeated(o, &COUNTS, &here, issues);
                let si = read_count(o, "success_count", &here, issues, &mut missing);
                let ti = read_count(o, "total_count", &here, issues, &mut missing);
                if let (Some(a), Some(b)) = (si, ti) {
                    if a != b {
                        disagree = Some(
                            "`data` holds one item per operation sent, each with equal counts",
                        );
                    }
                }
                s = s.zip(si).map(|(a, b)| a.saturating_add(b));
                t = t.zip(ti).map(|(a, b)| a.saturating_add(b));
            }
            (s, t, "/data".to_owned())
        }
        Some(other) => {
            issues.push(wrong_type("/data".into(), "object or array", other));
            return Verdict::Retry(RetryReason::AnswerProblem);
        }
    };
    let problems = issues.iter().any(|i| i.code != Code::Required);
    if problems {
        return Verdict::Retry(RetryReason::AnswerProblem);
    }
    *counts = (success, total);
    if missing {
        return Verdict::Retry(RetryReason::CountsMissing);
    }
    let (Some(s), Some(t)) = (success, total) else {
        return Verdict::Retry(RetryReason::CountsMissing);
    };
    if !at.is_empty() {
        // Counts written at the top level too must say the same as `data`'s.
        let differs = |read: u64, name: &str| match top.get(name) {
            None | Some(Value::Null) => false,
            Some(Value::Number(n)) => n.as_u64() != Some(read),
            Some(_) => true,
        };
        if differs(s, "success_count") || differs(t, "total_count") {
            disagree = Some("the counts written at the top level differ from those of `data`");
        }
    }
    let sent = u64::try_from(operations).unwrap_or(u64::MAX);
    if s != t || t != sent || disagree.is_some() {
        let message = match disagree {
            Some(why) => format!(
                "success_count and total_count must be equal, and equal to the number of \
                 operations sent ({why}); the body is to be retried (document B §4)"
            ),
            None => "success_count and total_count must be equal, and equal to the number of \
                     operations sent; the body is to be retried (document B §4)"
                .to_owned(),
        };
        issues.push(error(
            at,
            Code::CountMismatch,
            &message,
            Params::new()
                .with("sent", operations)
                .with("users", users)
                .with("success_count", s)
                .with("total_count", t),
        ));
        return Verdict::Retry(RetryReason::CountsMismatch);
    }
    Verdict::Accepted
}

/// Reads a count member: a non-negative integer; absent is a `required` issue.
fn read_count(
    object: &json::Object<'_>,
    name: &'static str,
    at: &Pointer<'_>,
    issues: &mut Vec<Issue>,
    missing: &mut bool,
) -> Option<u64> {
    match object.get(name) {
        None | Some(Value::Null) => {
            *missing = true;
            issues.push(required(
                at.key(name).to_string(),
                name,
                "the answer of a batch carries success_count and total_count (document B §4)",
            ));
            None
        }
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
        Some(other) => {
            issues.push(wrong_type(
                at.key(name).to_string(),
                "non-negative integer",
                other,
            ));
            None
        }
    }
}

/// Files `object`, one error of `operation_errors` found at position `p`, under the operation
/// it names (its `index` member, else `p`).
fn place(
    object: &json::Object<'_>,
    p: usize,
    at: &Pointer<'_>,
    operations: usize,
    per_op: &mut [Option<PlatformError>],
    issues: &mut Vec<Issue>,
) {
    let (target, path) = match object.get("index") {
        None => (p, at.to_string()),
        Some(v) => match v.as_i64().and_then(|n| usize::try_from(n).ok()) {
            Some(i) => (i, at.key("index").to_string()),
            None => {
                issues.push(wrong_type(
                    at.key("index").to_string(),
                    "non-negative integer",
                    v,
                ));
                return;
            }
        },
    };
    match per_op.get_mut(target) {
        Some(slot) => {
            slot.get_or_insert_with(|| PlatformError::of(object));
        }
        None => issues.push(error(
            path,
            Code::NotSent,
            "an operation error points to an operation that was not sent in this body",
            Params::new().with("index", target).with("sent", operations),
        )),
    }
}

/// One body as given to [`audience_outcome`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct SentBody<'a> {
    /// The body's JSON text, as sent.
    pub json: &'a str,
    /// The input index of each of its users (`None`: numbered on from the bodies before).
    pub records: Option<&'a [usize]>,
}

impl<'a> SentBody<'a> {
    /// A body and (optionally) its records.
    pub fn new(json: &'a str, records: Option<&'a [usize]>) -> Self {
        SentBody { json, records }
    }
}

/// Every record's outcome, in input order, and every body's.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct AudienceOutcome {
    /// Every record given (sent or rejected), once, in index order.
    pub records: Vec<RecordOutcome>,
    /// Every body, in order (their `records` moved to [`AudienceOutcome::records`]).
    pub bodies: Vec<BodyOutcome>,
}

/// Maps the answer of each body (`answers[i]` of `bodies[i]`; `None`: no answer) and the
/// records rejected before sending (`(index, code)`) to the outcome of every record.
///
/// ```
/// use preflight::answers::audience::{audience_outcome, SentBody, Outcome, RetryReason};
/// let body = r#"[{"operation_type":"Update","params":{"users":[{"email":["a"]},{"email":["b"]}]}}]"#;
/// let bodies = [SentBody::new(body, Some(&[0, 2])), SentBody::new(body, Some(&[3, 4]))];
/// let answers = [Some(r#"{"data":{"success_count":1,"total_count":1}}"#),
///                Some(r#"{"data":{"success_count":0,"total_count":1}}"#)];
/// let out = audience_outcome(&bodies, &answers, &[(1, "invalid_email")]).unwrap();
/// let names: Vec<&str> = out.records.iter().map(|r| r.outcome.name()).collect();
/// assert_eq!(names, ["accepted", "rejected", "accepted", "retry", "retry"]);
/// assert_eq!(out.records[3].outcome, Outcome::Retry(RetryReason::CountsMismatch));
/// assert_eq!(out.bodies[1].retry.as_ref().unwrap().json, body);
/// ```
pub fn audience_outcome(
    bodies: &[SentBody<'_>],
    answers: &[Option<&str>],
    rejected: &[(usize, &str)],
) -> Result<AudienceOutcome, Error> {
    if answers.len() != bodies.len() {
        return Err(bad_arguments(&format!(
            "answers: {} answers for {} bodies",
            answers.len(),
            bodies.len()
        )));
    }
    let mut builder = OutcomeBuilder::new();
    let mut records = Vec::new();
    let mut outs = Vec::with_capacity(bodies.len());
    for (body, answer) in bodies.iter().zip(answers) {
        let mut out = builder.body(body.json, body.records, *answer)?;
        records.append(&mut out.records);
        outs.push(out);
    }
    records.extend(builder.finish(rejected.iter().copied())?);
    // The engine's one stable sort (`crate::sort`), not a copy of the standard library's.
    crate::sort::sort_by(&mut records, |a, b| a.index < b.index);
    Ok(AudienceOutcome {
        records,
        bodies: outs,
    })
}

impl AudienceOutcome {
    /// The result as JSON text (docs/ANSWERS.md, "Audience batch answers"): `records` (each
    /// `{index, row, outcome, body, operation, code, message}`; `row` from `rows[index]` when
    /// given; `code` the builder's code, the platform's, or the reason to retry), `bodies`,
    /// `retry` and `counts`.
    pub fn to_json(&self, rows: Option<&[Option<u64>]>) -> String {
        let mut out = String::with_capacity(64 + 96 * self.records.len());
        out.push_str("{\"records\":[");
        let mut counts = [0usize; 4];
        for (i, r) in self.records.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            counts[match r.outcome {
                Outcome::Accepted => 0,
                Outcome::Rejected { .. } => 1,
                Outcome::Failed(_) => 2,
                Outcome::Retry(_) => 3,
            }] += 1;
            write_record(
                &mut out,
                r,
                rows.and_then(|rows| rows.get(r.index).copied().flatten()),
            );
        }
        out.push_str("],\"bodies\":[");
        for (i, b) in self.bodies.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_body(&mut out, b);
        }
        out.push_str("],\"retry\":[");
        for (i, r) in self
            .bodies
            .iter()
            .filter_map(|b| b.retry.as_ref())
            .enumerate()
        {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"body\":");
            write_usize(&mut out, r.body);
            out.push_str(",\"json\":");
            write_string(&mut out, &r.json);
            out.push_str(",\"records\":[");
            for (k, &x) in r.records.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_usize(&mut out, x);
            }
            out.push_str("]}");
        }
        out.push_str("],\"counts\":{\"records\":");
        write_usize(&mut out, self.records.len());
        for (name, n) in ["accepted", "rejected", "failed", "retry"]
            .iter()
            .zip(counts)
        {
            out.push_str(",\"");
            out.push_str(name);
            out.push_str("\":");
            write_usize(&mut out, n);
        }
        out.push_str("}}");
        out
    }
}

/// `{"index":…,"row":…,"outcome":…,"body":…,"operation":…,"code":…,"message":…}`: `code` the
/// builder's code (rejected), the platform's `code` as given (failed) or the reason (retry);
/// `message` the platform's `message` as given (failed).
pub(crate) fn write_record(out: &mut String, r: &RecordOutcome, row: Option<u64>) {
    let opt = |out: &mut String, v: Option<usize>| match v {
        Some(n) => write_usize(out, n),
        None => out.push_str("null"),
    };
    out.push_str("{\"index\":");
    write_usize(out, r.index);
    out.push_str(",\"row\":");
    match row {
        Some(n) => crate::json::write::uint(out, n),
        None => out.push_str("null"),
    }
    out.push_str(",\"outcome\":\"");
    out.push_str(r.outcome.name());
    out.push_str("\",\"body\":");
    opt(out, r.body);
    out.push_str(",\"operation\":");
    opt(out, r.operation);
    out.push_str(",\"code\":");
    match &r.outcome {
        Outcome::Rejected { code } => write_string(out, code),
        Outcome::Failed(e) => write_opt(out, e.code.as_ref()),
        Outcome::Retry(reason) => {
            out.push('"');
            out.push_str(reason.code());
            out.push('"');
        }
        _ => out.push_str("null"),
    }
    out.push_str(",\"message\":");
    match &r.outcome {
        Outcome::Failed(e) => write_opt(out, e.message.as_ref()),
        _ => out.push_str("null"),
    }
    out.push('}');
}

fn write_body(out: &mut String, b: &BodyOutcome) {
    let count = |out: &mut String, v: Option<u64>| match v {
        Some(n) => crate::json::write::uint(out, n),
        None => out.push_str("null"),
    };
    out.push_str("{\"body\":");
    write_usize(out, b.body);
    out.push_str(",\"state\":\"");
    out.push_str(b.state.name());
    out.push_str("\",\"operations\":");
    write_usize(out, b.operations);
    out.push_str(",\"users\":");
    write_usize(out, b.users);
    out.push_str(",\"success_count\":");
    count(out, b.success_count);
    out.push_str(",\"total_count\":");
    count(out, b.total_count);
    out.push_str(",\"reason\":");
    match b.reason {
        Some(r) => {
            out.push('"');
            out.push_str(r.code());
            out.push('"');
        }
        None => out.push_str("null"),
    }
    out.push_str(",\"issues\":");
    write_issues(out, &b.issues);
    out.push('}');
}

/// The call `audience_outcome` `{bodies: [{json, records?}], answers: [text|null],
/// rejected?: [{index, code}], rows?: [row|null]}`.
pub(crate) fn call(args: &json::Object<'_>) -> Result<String, Error> {
    let Some(Value::Array(bodies)) = args.get("bodies") else {
        return Err(bad_arguments("bodies: missing, or not an array"));
    };
    let Some(Value::Array(answers)) = args.get("answers") else {
        return Err(bad_arguments("answers: missing, or not an array"));
    };
    let mut owned: Vec<(&str, Option<Vec<usize>>)> = Vec::with_capacity(bodies.len());
    for (i, body) in bodies.iter().enumerate() {
        let Value::Object(o) = body else {
            return Err(bad_arguments(&format!("bodies[{i}]: not an object")));
        };
        let Some(Value::String(text)) = o.get("json") else {
            return Err(bad_arguments(&format!(
                "bodies[{i}].json: missing, or not a string"
            )));
        };
        let records = match o.get("records") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .map(|v| arg_index(v, &format!("bodies[{i}].records")))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Some(_) => return Err(bad_arguments(&format!("bodies[{i}].records: not an array"))),
        };
        owned.push((text, records));
    }
    let mut texts: Vec<Option<&str>> = Vec::with_capacity(answers.len());
    for (i, a) in answers.iter().enumerate() {
        texts.push(match a {
            Value::Null => None,
            Value::String(s) => Some(s),
            _ => {
                return Err(bad_arguments(&format!(
                    "answers[{i}]: not a string or null"
                )))
            }
        });
    }
    let mut rejected: Vec<(usize, &str)> = Vec::new();
    match args.get("rejected") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let (Some(index), Some(Value::String(code))) =
                    (item.get("index"), item.get("code"))
                else {
                    return Err(bad_arguments(&format!(
                        "rejected[{i}]: not an object with index and code"
                    )));
                };
                rejected.push((arg_index(index, &format!("rejected[{i}].index"))?, code));
            }
        }
        Some(_) => return Err(bad_arguments("rejected: not an array")),
    }
    let rows: Option<Vec<Option<u64>>> = match args.get("rows") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    Value::Null => Ok(None),
                    _ => arg_index(v, &format!("rows[{i}]"))
                        .map(|n| Some(u64::try_from(n).unwrap_or(u64::MAX))),
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        Some(_) => return Err(bad_arguments("rows: not an array")),
    };
    let sent: Vec<SentBody<'_>> = owned
        .iter()
        .map(|(json, records)| SentBody::new(json, records.as_deref()))
        .collect();
    let outcome = audience_outcome(&sent, &texts, &rejected)?;
    if let Some(rows) = &rows {
        if outcome.records.iter().any(|r| r.index >= rows.len()) {
            return Err(bad_arguments("rows: no row for some record"));
        }
    }
    Ok(outcome.to_json(rows.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = r#"[{"operation_type":"Update","params":{"users":[{"email":["a"]},{"email":["b"]}]}},{"operation_type":"Update","params":{"users":[{"email":["c"]}]}}]"#;

    #[test]
    fn seen_ranges_agree_with_a_set() {
        let mut seen = Seen::default();
        let mut set = std::collections::BTreeSet::new();
        // A fixed scramble of 0..600 with repeats: ascending runs, gaps, merges from both sides.
        let mut x: usize = 7;
        for _ in 0..3000 {
            x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
            let i = (x >> 8) % 600;
            assert_eq!(seen.insert(i), set.insert(i), "{i}");
        }
        for i in 0..700 {
            assert_eq!(seen.contains(i), set.contains(&i), "{i}");
        }
        let mut asc = Seen::default();
        for i in 0..100_000 {
            assert!(asc.insert(i));
        }
        assert_eq!(asc.0.len(), 1, "ascending indexes stay one range");
        assert!(!asc.insert(5));
    }

    #[test]
    fn body_by_body_with_rejected_between() {
        let mut b = OutcomeBuilder::new();
        let ok =
            r#"{"data":[{"success_count":1,"total_count":1},{"success_count":1,"total_count":1}]}"#;
        let first = b.body(BODY, Some(&[0, 2, 3]), Some(ok)).expect("body 0");
        assert_eq!(first.state, BodyState::Accepted);
        assert_eq!(first.count("accepted"), 3);
        assert_eq!(first.success_count, Some(2));
        // Operation 1 failed: operation 0's records to retry, alone in the body to retry.
        let second = b
            .body(
                BODY,
                Some(&[4, 5, 6]),
                Some(r#"{"operation_errors":[null,[{"code":"E"}]]}"#),
            )
            .expect("body 1");
        assert_eq!(second.state, BodyState::PartlyFailed);
        let retry = second.retry.expect("a body to retry");
        assert_eq!(retry.records, [4, 5]);
        assert_eq!(
            retry.json,
            r#"[{"operation_type":"Update","params":{"users":[{"email":["a"]},{"email":["b"]}]}}]"#
        );
        assert!(
            b.body(BODY, Some(&[6, 7, 8]), None).is_err(),
            "6 given twice"
        );
        let rejected = b
            .clone()
            .finish([(1, "invalid_email"), (1, "too_long")])
            .expect("finish");
        assert_eq!(rejected.len(), 1);
        assert_eq!(
            rejected[0].outcome,
            Outcome::Rejected {
                code: "invalid_email".into()
            }
        );
        assert!(b.finish([(3, "x")]).is_err(), "3 was sent");
    }

    /// No input makes it panic, and nothing of an answer reaches an error message or `Debug`.
    #[test]
    fn hostile_answers_neither_panic_nor_leak() {
        const SECRET: &str = "s3cr3t-token";
        let answer = format!(
            r#"{{"errors":[{{"code":"{SECRET}","message":"{SECRET}"}}],"operation_errors":[{{"index":0,"code":"{SECRET}"}}],"data":{{"success_count":1,"total_count":1,"x":"{SECRET}"}}}}"#
        );
        let mut texts = vec![answer.clone()];
        for cut in 0..answer.len() {
            if answer.is_char_boundary(cut) {
                texts.push(answer[..cut].to_owned());
            }
        }
        for shape in [
            "null", "[]", "1", "\"x\"", "{\"errors\":{}}", "{\"errors\":[1]}",
            "{\"operation_errors\":[1]}", "{\"operation_errors\":[{\"index\":-1}]}",
            "{\"operation_errors\":[{\"index\":1e300}]}", "{\"operation_errors\":[[null]]}",
            "{\"data\":1}", "{\"data\":[1]}", "{\"data\":{\"success_count\":1.5,\"total_count\":1}}",
            "{\"data\":{\"success_count\":18446744073709551615,\"total_count\":18446744073709551615}}",
            "{\"data\":[{\"success_count\":18446744073709551615,\"total_count\":1},{\"success_count\":18446744073709551615,\"total_count\":1}]}",
        ] {
            texts.push(shape.to_owned());
        }
        for text in &texts {
            let mut b = OutcomeBuilder::new();
            let out = b.body(BODY, Some(&[0, 1, 2]), Some(text)).expect("a body");
            assert_eq!(out.records.len(), 3);
            let debug = format!("{out:?}");
            assert!(!debug.contains(SECRET), "{debug}");
            for issue in &out.issues {
                assert!(!issue.message.contains(SECRET));
            }
            if out.state == BodyState::Accepted {
                assert!(out.issues.is_empty(), "{text}");
            }
        }
        for body in [
            "",
            "[",
            "[]",
            "{}",
            "[1]",
            "[{\"params\":{}}]",
            "[{\"params\":{\"users\":{}}}]",
        ] {
            let err = OutcomeBuilder::new()
                .body(body, None, Some(&answer))
                .expect_err("not a body");
            assert!(!err.message.contains(SECRET));
        }
    }
}
