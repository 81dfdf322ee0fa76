// Types of `preflight-wasm/validate` (pkg/validate*.js): validation only, with the same
// signatures as the full package and the same PreflightError class, the payload types
// (PayloadOf, Payloads, ProductPayload, ...) and the codes. Hand-written.
export type {
  Kind,
  Severity,
  IssueCode,
  Issue,
  Report,
  ValidateOptions,
  ErrorCode,
  InternalErrorCode,
  Payload,
  JsonText,
  NotJsonData,
  FieldType,
  When,
  ValueShape,
  FieldDescription,
  Description,
} from '../index.js';
export { validate, kinds, describe, jsonSchema, isKind, PreflightError, isPreflightError } from '../index.js';
export { init, initSync, type InitInput } from './loading.js';
export type * from './payloads.js';
export type { AnyErrorCode, LoadErrorCode } from './codes.js';
