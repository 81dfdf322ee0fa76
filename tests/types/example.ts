// Compiled, never run: checks that pkg/index.d.ts describes the API precisely enough for real
// use (narrowing on codes, exhaustive switches) and refuses what it should (@ts-expect-error).
import { validate, kinds, PreflightError } from 'preflight-wasm';
import type { AnyErrorCode, ErrorCode, Issue, IssueCode, Kind, Report, Severity, ValidateOptions } from 'preflight-wasm';

const options: ValidateOptions = {
  context: { objective: 'REACH', placements: ['ALL_ON_TWITTER'], budget_optimization: 'CAMPAIGN', current: { name: 'x' } },
  max_issues: 100,
};

function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'too_long':
    case 'too_short': {
      const max: unknown = issue.params['max'];
      return `${issue.path}: length (max ${String(max)})`;
    }
    case 'context_missing':
      return `${issue.path}: needs ${String(issue.params['fact'])}`;
    case 'too_many_issues':
      return `${String(issue.params['omitted'])} more issues not shown`;
    default: {
      const code: IssueCode = issue.code;
      return `${issue.path}: ${code}`;
    }
  }
}

const VALIDATION_ERROR_CODES: readonly ErrorCode[] = ['unknown_kind', 'bad_options', 'invalid_json', 'too_deep', 'input_too_large'];

/** PreflightError carries validation, audience and signing codes; narrow to the validation ones. */
function isValidationErrorCode(code: AnyErrorCode): code is ErrorCode {
  return (VALIDATION_ERROR_CODES as readonly string[]).includes(code);
}

function errorHint(code: ErrorCode): string {
  switch (code) {
    case 'unknown_kind':
      return `use one of ${kinds().join(', ')}`;
    case 'bad_options':
      return 'check the options';
    case 'invalid_json':
    case 'too_deep':
    case 'input_too_large':
      return 'check the payload';
    default: {
      const exhaustive: never = code;
      return exhaustive;
    }
  }
}

export function check(kind: Kind, payload: object | string): string[] {
  try {
    const report: Report = validate(kind, payload, options);
    const severities: Severity[] = report.issues.map((i) => i.severity);
    const errors = report.issues.filter((i) => i.severity === 'error');
    return report.valid ? [] : [...errors.map(describeIssue), `${severities.length} issues`];
  } catch (e) {
    if (e instanceof PreflightError) {
      const name: 'PreflightError' = e.name;
      const hint = isValidationErrorCode(e.code) ? errorHint(e.code) : 'see the code';
      return [`${name} ${e.code}: ${hint}: ${e.message}`];
    }
    throw e;
  }
}

const allKinds: Kind[] = kinds();
check('poll_card', { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' });
check('product', '{"title": "x"}');
validate('card', {});
validate('card_update', [], undefined);
export const firstKind: Kind | undefined = allKinds[0];

// @ts-expect-error: not a kind name
validate('poll_crd', {});
// @ts-expect-error: a payload is an object or JSON text
validate('poll_card', 42);
// @ts-expect-error: budget_optimization is 'CAMPAIGN' or 'LINE_ITEM'
validate('poll_card', {}, { context: { budget_optimization: 'line_item' } });
// @ts-expect-error: unknown option
validate('poll_card', {}, { contxt: {} });
// @ts-expect-error: max_issues is a number
validate('poll_card', {}, { max_issues: '3' });
// @ts-expect-error: not an issue code
export const notACode: IssueCode = 'too_longg';
// @ts-expect-error: severity is 'error' or 'warning'
export const notASeverity: Severity = 'info';
// @ts-expect-error: not an error code
export const notAnError: ErrorCode = 'boom';
