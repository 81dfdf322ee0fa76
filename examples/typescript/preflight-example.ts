// A TypeScript application's use of preflight-wasm, checked by `tsc --noEmit -p examples/typescript`
// (scripts/test.sh): every call goes through the package's published types, with the strictest
// compiler options, so a change of the types that breaks an ordinary program fails the build.
//
// Four jobs, as an application would write them:
// - form specs from describe(kind): input attributes (maxlength, options, required marks);
// - validate(kind, payload) and the issues grouped by form field;
// - hashing an audience column with hashIdentifiers, rejected values counted by code;
// - a webhook handler that verifies the signature of the raw body before parsing it.
import { describe, hashIdentifiers, kinds, PreflightError, validate, verifySignature } from 'preflight-wasm';
import type {
  Description,
  FieldDescription,
  FieldType,
  HashOptions,
  HashResult,
  IdType,
  Issue,
  IssueCode,
  Kind,
  PayloadOf,
  Report,
  ValueErrorCode,
} from 'preflight-wasm';

// --- forms from describe ------------------------------------------------------------------------

/** What a form needs to render one input. */
export interface InputSpec {
  path: string;
  label: string;
  control: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'group';
  required: boolean;
  /** The spec's condition when the field is required only sometimes. */
  requiredWhen: string | null;
  maxLength: number | null;
  options: readonly string[];
  hint: string;
}

/** The control for a field type; exhaustive, so a new type in the package fails to compile here. */
function controlFor(type: FieldType, maxLength: number | null): InputSpec['control'] {
  switch (type) {
    case 'string':
    case 'list':
      return maxLength !== null && maxLength > 500 ? 'textarea' : 'text';
    case 'integer':
    case 'number':
    case 'long':
      return 'number';
    case 'enum':
      return 'select';
    case 'boolean':
      return 'checkbox';
    case 'array':
    case 'object':
      return 'group';
    default: {
      const unknownType: never = type;
      return unknownType;
    }
  }
}

export function inputSpecs(kind: Kind): InputSpec[] {
  const d: Description = describe(kind);
  return d.fields.map((f: FieldDescription) => ({
    path: f.path,
    label: f.name,
    control: controlFor(f.type, f.maxLength),
    required: f.required === 'always',
    requiredWhen: f.required === 'conditional' && f.condition !== null ? f.condition.text : null,
    maxLength: f.maxLength,
    options: f.enum ?? [],
    hint: f.description,
  }));
}

// --- validation, issues by field ------------------------------------------------------------------

/** A concrete issue path (`/components/2/media_key`) as the described path (`/components/*\/media_key`). */
export function describedPath(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/*');
}

/**
 * The issues of a report by the described field they belong to; issues of the whole payload or of
 * a path no field describes are under `''` (show them in a summary).
 */
export function issuesByField(report: Report, description: Description): Map<string, Issue[]> {
  const known = new Set(description.fields.map((f) => f.path));
  const out = new Map<string, Issue[]>();
  for (const issue of report.issues) {
    const key = known.has(describedPath(issue.path)) ? describedPath(issue.path) : '';
    const list = out.get(key) ?? [];
    list.push(issue);
    out.set(key, list);
  }
  return out;
}

/** The issues that make a payload invalid, as one line each. */
export function errorLines(kind: Kind, payload: object): string[] {
  let report: Report;
  try {
    // Data typed only at run time: cast to the kind's payload type, the report says what is wrong.
    report = validate(kind, payload as PayloadOf<Kind>);
  } catch (e) {
    // Only a wrong call throws (a bad payload is a report): a kind from elsewhere, say.
    if (e instanceof PreflightError) return [`cannot validate: ${e.code}`];
    throw e;
  }
  const errors: Issue[] = report.issues.filter((i) => i.severity === 'error');
  return errors.map(({ path, code }: { path: string; code: IssueCode }) => `${path || '(payload)'}: ${code}`);
}

// --- audience identifiers -------------------------------------------------------------------------

export interface HashedColumn {
  /** Hashes of the accepted values, in input order. */
  hashes: string[];
  /** Rejected values counted by code (values are never kept). */
  rejected: Partial<Record<ValueErrorCode, number>>;
}

export function hashColumn(type: IdType, values: readonly string[], options: HashOptions): HashedColumn {
  const result: HashResult = hashIdentifiers(type, values, options);
  const rejected: Partial<Record<ValueErrorCode, number>> = {};
  for (const e of result.errors) rejected[e.code] = (rejected[e.code] ?? 0) + 1;
  return { hashes: result.hashes.filter((h): h is string => h !== null), rejected };
}

// --- webhooks ---------------------------------------------------------------------------------------

export type WebhookOutcome = { status: 200; event: unknown } | { status: 401 } | { status: 400 };

/** Verifies the signature over the raw body first; only a verified body is parsed. */
export function acceptWebhook(
  consumerSecret: string,
  rawBody: Uint8Array,
  headers: Readonly<Record<string, string | undefined>>,
): WebhookOutcome {
  if (!verifySignature(consumerSecret, rawBody, headers)) return { status: 401 };
  try {
    return { status: 200, event: JSON.parse(new TextDecoder().decode(rawBody)) as unknown };
  } catch {
    return { status: 400 };
  }
}

// --- use --------------------------------------------------------------------------------------------

export function main(): string[] {
  const lines: string[] = [];
  const all: Kind[] = kinds();
  if (all.includes('product')) {
    for (const spec of inputSpecs('product')) {
      lines.push(`${spec.label}${spec.required ? ' *' : ''} ${spec.control}${spec.maxLength !== null ? ` max ${spec.maxLength}` : ''}`);
    }
    // A form half filled in: its type lacks required members, so it is cast; the report lists them.
    const report = validate('product', { id: 'sku-1', title: 'Mug' } as PayloadOf<'product'>);
    for (const [field, issues] of issuesByField(report, describe('product'))) {
      lines.push(`${field || '(payload)'}: ${issues.map((i) => i.message).join('; ')}`);
    }
  }
  lines.push(...errorLines('poll_card', { name: 'Lunch', duration_in_minutes: 4, first_choice: 'a', second_choice: 'b' }));
  const column = hashColumn('phone_number', ['+1 617 555 1212', '(657) 777-0000', 'none'], { defaultCountryCode: '1' });
  lines.push(`${column.hashes.length} hashed, rejected: ${JSON.stringify(column.rejected)}`);
  const outcome = acceptWebhook('secret', new TextEncoder().encode('{}'), { 'x-service-webhooks-signature': 'sha256=AAAA' });
  lines.push(`webhook: ${outcome.status}`);
  return lines;
}

// What the types refuse.
// @ts-expect-error: not an identifier type
hashIdentifiers('fax', []);
// @ts-expect-error: phoneFormat is 'e164' or 'digits'
hashColumn('phone_number', [], { phoneFormat: 'E.164' });
// @ts-expect-error: describe takes a kind name
describe('products');
