//! The validation context: collects issues in order and records rules skipped for want of a fact.
//!
//! The report is bounded: past `options.max_issues` issues, an issue is counted (error or
//! warning) and not kept, so neither the report nor the memory held while validating grows with
//! a hostile payload; [`Ctx::finish`] ends such a report with one `too_many_issues` issue.

pub use crate::issues::Fact;
use crate::issues::IssueKind;
use crate::json::Object;
use crate::options::{BudgetOptimization, MediaType, Objective, Options, Placement};
use crate::report::{Issue, Pointer, Report, Severity};
use crate::time::DateTime;
use std::collections::BTreeSet;

/// How scalar parameters arrive. Query parameters come from forms and URLs, so numbers may be
/// decimal strings and booleans may be `"true"`/`"false"`; JSON bodies take JSON types as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Json,
    Query,
}

pub struct Ctx<'a> {
    pub options: &'a Options,
    pub mode: Mode,
    /// `options.context.current`, viewed once as a document so rules read it like the payload.
    current: Option<Object<'a>>,
    /// `options.now`, else the clock's time, read once when a rule first asks (`None` until
    /// then: a validation without a clock rule never reads the clock).
    now: Option<Option<DateTime>>,
    /// The issues kept: at most `options.max_issues`.
    issues: Vec<Issue>,
    /// Errors and warnings found past the bound, counted and not kept.
    omitted_errors: usize,
    omitted_warnings: usize,
    /// The paths of errors not kept that are the payload itself or one of its members (depth 0
    /// or 1), for [`Ctx::has_error_at`]. At most one entry per member of the payload. Only
    /// asked whether it holds a path, never walked: a search tree, the code the list checks'
    /// [`crate::checks::lengths::earlier_repeats`] already bring (with both on hash tables the
    /// wasm builds carried a hash table and SipHash besides); made at the first such error, so
    /// that a report within its bound pays nothing for it (not even dropping an empty tree).
    omitted_error_paths: Option<BTreeSet<String>>,
    /// (fact, rule id) pairs skipped, in first-seen order, without repeats.
    skipped: Vec<(Fact, &'static str)>,
}

impl<'a> Ctx<'a> {
    pub fn new(options: &'a Options, mode: Mode) -> Self {
        Ctx {
            options,
            mode,
            current: options.context.current.as_ref().map(Object::from_serde),
            now: None,
            issues: Vec::new(),
            omitted_errors: 0,
            omitted_warnings: 0,
            omitted_error_paths: None,
            skipped: Vec::new(),
        }
    }

    /// Records `kind` at `path` with `severity`: kept, its message and params rendered, while
    /// the report holds fewer than `options.max_issues`; counted otherwise. Rules report through
    /// [`crate::issues::report`] and [`crate::issues::warn`].
    pub fn record(&mut self, path: &Pointer, severity: Severity, kind: &IssueKind<'_>) {
        if self.issues.len() < self.options.max_issues {
            self.issues.push(kind.issue(path.to_string(), severity));
            return;
        }
        match severity {
            Severity::Error => {
                self.omitted_errors = self.omitted_errors.saturating_add(1);
                if path.depth() <= 1 {
                    self.omitted_error_paths
                        .get_or_insert_with(BTreeSet::new)
                        .insert(path.to_string());
                }
            }
            Severity::Warning => self.omitted_warnings = self.omitted_warnings.saturating_add(1),
        }
    }

    /// How many issues so far, kept or not (lets a rule tell whether a sub-check added any).
    pub fn issue_count(&self) -> usize {
        self.issues
            .len()
            .saturating_add(self.omitted_errors)
            .saturating_add(self.omitted_warnings)
    }

    /// Whether an error was reported at exactly `path` (so a later cross-field rule can stay quiet
    /// about a value already reported as malformed), kept in the report or not. `path` must be
    /// the payload or one of its members (depth 0 or 1): only those paths of the errors left out
    /// are remembered, so that a report past its bound holds no memory per issue.
    pub fn has_error_at(&self, path: &Pointer) -> bool {
        debug_assert!(path.depth() <= 1, "has_error_at is for depth 0 or 1");
        let path = path.to_string();
        self.omitted_error_paths
            .as_ref()
            .is_some_and(|s| s.contains(&path))
            || self
                .issues
                .iter()
                .any(|i| i.severity == Severity::Error && i.path == path)
    }

    /// Notes that rule `rule` was skipped because `fact` is not in the context.
    pub fn skip(&mut self, fact: Fact, rule: &'static str) {
        if !self.skipped.contains(&(fact, rule)) {
            self.skipped.push((fact, rule));
        }
    }

    /// The line item's objective, or `None` after recording that `rule` was skipped.
    pub fn objective(&mut self, rule: &'static str) -> Option<Objective> {
        let v = self.options.context.objective;
        if v.is_none() {
            self.skip(Fact::Objective, rule);
        }
        v
    }

    /// The line item's placements, or `None` after recording that `rule` was skipped.
    pub fn placements(&mut self, rule: &'static str) -> Option<&'a [Placement]> {
        let v = self.options.context.placements.as_deref();
        if v.is_none() {
            self.skip(Fact::Placements, rule);
        }
        v
    }

    /// The campaign's budget optimization, or `None` after recording that `rule` was skipped.
    pub fn budget_optimization(&mut self, rule: &'static str) -> Option<BudgetOptimization> {
        let v = self.options.context.budget_optimization;
        if v.is_none() {
            self.skip(Fact::BudgetOptimization, rule);
        }
        v
    }

    /// The existing record, or `None` after recording that `rule` was skipped.
    pub fn current(&mut self, rule: &'static str) -> Option<&Object<'a>> {
        if self.current.is_none() {
            self.skip(Fact::Current, rule);
        }
        self.current.as_ref()
    }

    /// The media type of media key `key`, or `None` after recording that `rule` was skipped
    /// (no `context.media_types`, or one that does not list `key`).
    pub fn media_type(&mut self, key: &str, rule: &'static str) -> Option<MediaType> {
        let v = self
            .options
            .context
            .media_types
            .as_ref()
            .and_then(|m| m.get(key))
            .copied();
        if v.is_none() {
            self.skip(Fact::MediaTypes, rule);
        }
        v
    }

    /// The authenticated user's id, or `None` after recording that `rule` was skipped.
    pub fn authenticated_user_id(&mut self, rule: &'static str) -> Option<&'a str> {
        let v = self.options.context.authenticated_user_id.as_deref();
        if v.is_none() {
            self.skip(Fact::AuthenticatedUserId, rule);
        }
        v
    }

    /// The current time, or `None` after recording that `rule` was skipped (no `options.now`
    /// and no clock).
    pub fn now(&mut self, rule: &'static str) -> Option<DateTime> {
        let options = self.options;
        let now = *self
            .now
            .get_or_insert_with(|| options.now.or_else(crate::clock::now));
        if now.is_none() {
            self.skip(Fact::Now, rule);
        }
        now
    }

    /// The existing record if one was given, without recording anything.
    pub fn current_if_given(&self) -> Option<&Object<'a>> {
        self.current.as_ref()
    }

    /// Ends validation: one `context_missing` warning per missing fact (in [`Fact`] order, at the
    /// payload root, naming the skipped rules in the order they were met; kept or counted like
    /// any issue), then, when issues were left out, the `too_many_issues` issue, then the report.
    pub fn finish(mut self) -> Report {
        for fact in Fact::ALL {
            let rules: Vec<&str> = self
                .skipped
                .iter()
                .filter(|(f, _)| *f == fact)
                .map(|(_, r)| *r)
                .collect();
            if rules.is_empty() {
                continue;
            }
            let kind = IssueKind::ContextMissing {
                fact,
                rules: &rules,
            };
            self.record(&Pointer::root(), Severity::Warning, &kind);
        }
        if let Some(last) = self.too_many_issues() {
            self.issues.push(last);
        }
        Report::from_issues(self.issues)
    }

    /// The last issue of a report that left issues out: at `""`, an error when an error was left
    /// out (so `valid` stays false), a warning when only warnings were. Its message and params
    /// are numbers only.
    fn too_many_issues(&self) -> Option<Issue> {
        let (errors, warnings) = (self.omitted_errors, self.omitted_warnings);
        let omitted = errors.saturating_add(warnings);
        if omitted == 0 {
            return None;
        }
        let kind = IssueKind::TooManyIssues {
            max_issues: self.options.max_issues,
            omitted_errors: errors,
            omitted_warnings: warnings,
        };
        let severity = if errors > 0 {
            Severity::Error
        } else {
            Severity::Warning
        };
        Some(kind.issue(String::new(), severity))
    }
}

/// Reports `kind` at `path` as an error. Out of line and cold: reporting is the rare path, and
/// inlining the rendering of every variant into the checks made the hot paths slower.
#[cold]
#[inline(never)]
pub fn report(ctx: &mut Ctx, path: &Pointer, kind: IssueKind<'_>) {
    ctx.record(path, Severity::Error, &kind);
}

/// Reports `kind` at `path` as a warning (out of line and cold, as [`report`]).
#[cold]
#[inline(never)]
pub fn warn(ctx: &mut Ctx, path: &Pointer, kind: IssueKind<'_>) {
    ctx.record(path, Severity::Warning, &kind);
}

#[cfg(test)]
mod tests {
    use super::Fact;

    #[test]
    fn fact_all_lists_every_fact_in_order() {
        for (i, fact) in Fact::ALL.iter().enumerate() {
            // Exhaustive on purpose: a new fact fails to compile here until it is placed, and
            // must then be added to Fact::ALL, or its context_missing warning is never given.
            let place = match fact {
                Fact::Objective => 0,
                Fact::Placements => 1,
                Fact::BudgetOptimization => 2,
                Fact::Current => 3,
                Fact::MediaTypes => 4,
                Fact::AuthenticatedUserId => 5,
                Fact::Now => 6,
            };
            assert_eq!(place, i, "{}", fact.name());
        }
    }
}
