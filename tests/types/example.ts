// Compiled, never run: checks that pkg/index.d.ts describes the API precisely enough for real
// use (narrowing on codes, exhaustive switches) and refuses what it should (@ts-expect-error).
import { validate, kinds, PreflightError, oauth1Sign, buildAudienceBodies, verifySignature } from 'preflight-wasm';
import type { AnyErrorCode, ErrorCode, Issue, IssueCode, Kind, PayloadOf, Report, Severity, ValidateOptions } from 'preflight-wasm';

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
    // Data typed only at run time is cast: the report says whether it is valid.
    const report: Report = validate(kind, payload as PayloadOf<Kind>, options);
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
validate('card', '{}');
validate('card_update', '[]', undefined);
// @ts-expect-error: a card needs a name (the payload types are generated from the engine)
validate('card', {});
// @ts-expect-error: a card update is an object
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

// Bytes are JSON text; Map, Set, Date, functions and other typed arrays are not JSON data.
interface Product {
  id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  price: string;
  availability: 'in stock' | 'out of stock';
  condition: 'new' | 'used';
  brand?: string;
}
declare const product: Product;
validate('product', product);
validate('product', new Uint8Array([0x7b, 0x7d]));
validate('product', new ArrayBuffer(2));
validate('product', { ...product, extra: new Date() });
// @ts-expect-error: a product needs its required members
validate('product', { id: 'x' });
// @ts-expect-error: a Map is not JSON data
validate('product', new Map([['id', 'x']]));
// @ts-expect-error: a Set is not JSON data
validate('product', new Set(['x']));
// @ts-expect-error: a Date is not a payload
validate('product', new Date());
// @ts-expect-error: a function is not a payload
validate('product', () => ({ id: 'x' }));
// @ts-expect-error: only a Uint8Array (or an ArrayBuffer) is UTF-8 text
validate('product', new Int16Array(2));

// internal_error is a code every function may throw.
export const internal: AnyErrorCode = 'internal_error';

// A timestamp as a number, its decimal string or a Date; date-times as strings or Dates; a
// missing body is a (false) verification, not a type error.
const request = { method: 'POST', url: 'https://api.example.com/x', consumerKey: 'k', consumerSecret: 's' };
oauth1Sign({ ...request, timestamp: 1700000000 });
oauth1Sign({ ...request, timestamp: '1700000000' });
oauth1Sign({ ...request, timestamp: new Date() });
// @ts-expect-error: a timestamp is not a boolean
oauth1Sign({ ...request, timestamp: true });
buildAudienceBodies('custom_audience_users', [{ email: 'a@x.com' }], { operation: 'Update', expiresAt: new Date(), now: '2030-01-01T00:00:00Z' });
export const unverified: boolean = verifySignature('secret', undefined, 'sha256=x');
