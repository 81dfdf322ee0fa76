// Types of the preflight-wasm package (both entry points: node.js and browser.js): validation here,
// audience identifiers in types/audience.d.ts, signing in types/signing.d.ts.
export * from './types/audience.js';
export * from './types/signing.js';
export * from './types/loading.js';
export * from './types/payloads.js';
export * from './types/helpers.js';
export * from './types/codes.js';
import type { PayloadOf } from './types/payloads.js';
import type { AnyErrorCode, IssueCode, Kind } from './types/codes.js';
// Hand-written, except the name and code unions (Kind, IssueCode, ErrorCode, AnyErrorCode, ...):
// generated from the Rust lists into types/codes.d.ts by scripts/gen-payload-types.mjs.

/** How bad an issue is. A report is valid when no issue is an `'error'`. */
export type Severity = 'error' | 'warning';

/** One problem found in a payload. */
export interface Issue {
  /** RFC 6901 JSON Pointer into the payload (`''` is the whole payload). */
  path: string;
  code: IssueCode;
  /** For people; never contains a payload value, an identifier or a secret. */
  message: string;
  severity: Severity;
  /** Machine-readable details (`max`, `actual`, `allowed`, `fact`, ...), keys sorted. */
  params: Record<string, unknown>;
}

/**
 * The result of validating one payload: a flat, ordered list of issues, at most
 * `options.max_issues` (default 1,000) and then, when more were found, one `too_many_issues`
 * issue at `''` counting them (`params.omitted`, `omitted_errors`, `omitted_warnings`,
 * `max_issues`): an error when an error was left out, a warning otherwise.
 */
export interface Report {
  /**
   * True when no issue has severity `'error'` (warnings do not make a payload invalid); issues
   * left out by `max_issues` count too, through `too_many_issues`.
   */
  valid: boolean;
  issues: Issue[];
}

/**
 * Facts outside the payload that some rules need. A fact not given is never guessed: the rules
 * that need it are skipped with a `context_missing` warning. Unknown members are an error
 * (`bad_options`), so a typo cannot silently switch a rule off.
 */
export interface ValidateOptions {
  context?: {
    // The value lists of objective, placements, budget_optimization and media_types are the
    // names of the Rust enums (tests/context_facts.rs fails when they differ).
    /** The line item's objective; another value is `bad_options`. */
    objective?:
      | 'APP_ENGAGEMENTS' | 'APP_INSTALLS' | 'ENGAGEMENTS' | 'FOLLOWERS'
      | 'PREROLL_VIEWS' | 'REACH' | 'VIDEO_VIEWS' | 'WEBSITE_CLICKS';
    /** The line item's placements (`TAP_*` refine PUBLISHER_NETWORK); another value is `bad_options`. */
    placements?: (
      | 'ALL_ON_TWITTER' | 'PUBLISHER_NETWORK' | 'TWITTER_PROFILE' | 'TWITTER_SEARCH'
      | 'TWITTER_TIMELINE' | 'TAP_BANNER' | 'TAP_FULL' | 'TAP_FULL_LANDSCAPE' | 'TAP_NATIVE'
      | 'TAP_MRECT'
    )[];
    /** The parent campaign's budget optimization. */
    budget_optimization?: 'CAMPAIGN' | 'LINE_ITEM';
    /** Fields of the existing record, for the update kinds. */
    current?: Record<string, unknown>;
    /** The media type of media keys (media per Post; the media library's "videos only" fields). */
    media_types?: Record<string, 'GIF' | 'IMAGE' | 'VIDEO'>;
    /** The authenticated user's id, decimal digits (organic Posts: `nullcast` false). */
    authenticated_user_id?: string;
  };
  /**
   * The current time of the rules relative to "now" (`readsClock` in {@link describe}), an RFC
   * 3339 date-time with an offset (`'2026-11-21T09:30:00Z'`); default `Date.now()`.
   */
  now?: string;
  /**
   * The most issues a report holds: a whole number from 0 to 100,000 (another value is
   * `bad_options`); default 1,000 (`null` too). The rest are counted in one final
   * `too_many_issues` issue, so a hostile payload cannot make the report grow without bound.
   */
  max_issues?: number | null;
}

/** A wrong call. A bad payload is never an error: it is a {@link Report}. */
export declare class PreflightError extends Error {
  constructor(code: AnyErrorCode, message: string, options?: { cause?: unknown });
  readonly name: 'PreflightError';
  readonly code: AnyErrorCode;
}

/** Whether `e` is a PreflightError of any copy of the package: any entry, `import` or `require`, another realm. */
export declare function isPreflightError(e: unknown): e is PreflightError;

/**
 * What `validate` refuses as the payload itself (`invalid_json`, at once): values that
 * `JSON.stringify` would silently turn into something else (a Map or Set into `{}`, a Date into a
 * string, a function into nothing), and typed arrays other than a Uint8Array (not UTF-8 text).
 * Class instances are refused too, which a type cannot say.
 */
export type NotJsonData =
  | ReadonlyMap<unknown, unknown>
  | ReadonlySet<unknown>
  | WeakMap<object, unknown>
  | WeakSet<object>
  | Date
  | RegExp
  | ((...args: never[]) => unknown)
  | Promise<unknown>
  | Int8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array
  | DataView;

/** JSON text: a string, or its UTF-8 bytes (a Uint8Array, a Node.js Buffer, an ArrayBuffer). */
export type JsonText = string | Uint8Array | ArrayBuffer;

/**
 * A payload of any kind: JSON text, or plain data (objects whose prototype is `Object.prototype`
 * or null, arrays).
 */
export type Payload = JsonText | object;

/**
 * Validates a payload of `kind`.
 *
 * @param payload the payload as plain data of the kind's type ({@link PayloadOf}, generated from
 *   the engine's own description of the kind: member names, value types and enums, never
 *   stricter than the engine, and members not listed allowed) or as JSON text: a string is always
 *   taken as JSON text, and so are bytes (a Uint8Array, a Buffer or an ArrayBuffer: UTF-8, handed
 *   to the engine as they are, never walked), with the same report as the string. Plain data is
 *   read as `JSON.stringify` would serialize it. A Map, Set, Date, function, class instance or
 *   other typed array is refused (`invalid_json`): the types exclude them ({@link NotJsonData}).
 *   Data whose type is only known at run time (`object`, `Record<string, unknown>`) needs a cast
 *   (`payload as PayloadOf<K>`): the report, not the type, says whether it is valid.
 * @param options `undefined` (or `null`) for defaults.
 * @returns the report, as plain objects and arrays.
 * @throws {PreflightError} `unknown_kind` (its message suggests the nearest kind); `bad_options`;
 *   `invalid_json` when the text does not parse (or the bytes are not UTF-8), the value cannot be
 *   serialized (a BigInt, a cycle, a throwing getter) or is not JSON data; `too_deep` beyond 128
 *   levels of nesting; `input_too_large` beyond 64 MiB of JSON text; `internal_error`.
 */
export declare function validate<K extends Kind, P extends PayloadOf<K> | JsonText>(
  kind: K,
  payload: P & (P extends NotJsonData ? never : unknown),
  options?: ValidateOptions | null,
): Report;

/**
 * Whether `x` is one of the engine's kind names ({@link kinds}): narrows a string read at run
 * time (a route parameter, a form field) to {@link Kind}.
 */
export declare function isKind(x: unknown): x is Kind;

/** The stable kind names, in a fixed order. */
export declare function kinds(): Kind[];

/** A field's type in {@link describe}: `list` is a comma-separated list (or an array of items). */
export type FieldType = 'string' | 'enum' | 'integer' | 'number' | 'long' | 'boolean' | 'list' | 'array' | 'object';

/** A condition as data: on sibling members (JSON pointers, `*` for an array index) or a context fact. */
export type When =
  | { op: 'equals'; field: string; value: string }
  | { op: 'present'; field: string }
  | { op: 'given'; field: string }
  | { op: 'all_absent'; fields: string[] }
  | {
      op: 'context';
      fact: 'objective' | 'placements' | 'budget_optimization' | 'current' | 'media_types' | 'authenticated_user_id';
      values: string[];
    };

/**
 * Bounds, enum and format of a value, as the engine checks them. `null` where there is none; a
 * member always required has `minLength` (and a list `minItems`) at least 1: empty is missing.
 */
export interface ValueShape {
  type: FieldType;
  minLength: number | null;
  maxLength: number | null;
  minimum: number | null;
  maximum: number | null;
  enum: string[] | null;
  format: string | null;
}

/** One field of a {@link Description}. */
export interface FieldDescription extends ValueShape {
  /** JSON pointer of the field; `*` stands for any array index (`/components/*\/media_key`). */
  path: string;
  name: string;
  required: 'always' | 'optional' | 'conditional';
  /** When `required` is `conditional`: the spec's words and the structured condition. */
  condition: { text: string; when: When } | null;
  minItems: number | null;
  maxItems: number | null;
  /** The item shape of a `list` or `array`. */
  items: ValueShape | null;
  /** Only on `list` fields: whether items must be unique. */
  unique?: boolean;
  /**
   * When the member is allowed at all: set on a member of one variant of a tagged object (card
   * components by `type`), and on a member allowed only under a context fact (media library
   * `title`: `media_types` gives VIDEO for the media key in `key`, or the existing record's
   * `member` is one of `values`). `null`: always.
   */
  appliesWhen:
    | { op: 'equals'; field: string; value: string }
    | { op: 'context'; fact: 'media_types'; key: string; values: string[] }
    | { op: 'context'; fact: 'current'; member: string; values: string[] }
    | null;
  /** The spec's words. */
  description: string;
}

/** What {@link describe} returns. */
export interface Description {
  kind: Kind;
  title: string;
  /** Where the spec states it (`"C §4 Poll cards"`). */
  source: string;
  /** `query`: numbers may be decimal strings, booleans `"true"`/`"false"`. */
  in: 'body' | 'query';
  root: 'object' | 'array';
  fields: FieldDescription[];
  /** Rules across fields, with the code the engine reports. */
  rules: { code: IssueCode; text: string; fields: string[]; readsClock: boolean }[];
}

/**
 * The rules of `kind` as data, for forms: set `maxlength`, fill a `<select>`, mark required fields.
 * @throws {PreflightError} `unknown_kind`.
 */
export declare function describe(kind: Kind): Description;

/**
 * A JSON Schema (draft 2020-12) of `kind`, carrying what JSON Schema can express; the engine checks
 * the rest (named in `$comment`s). Every valid payload passes it.
 * @throws {PreflightError} `unknown_kind`.
 */
export declare function jsonSchema(kind: Kind): Record<string, unknown>;
