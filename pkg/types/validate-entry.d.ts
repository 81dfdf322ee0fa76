// Types of `preflight-wasm/validate` (pkg/validate*.js): validation only, with the same
// signatures as the full package and the same PreflightError class. Hand-written.
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
  FieldType,
  When,
  ValueShape,
  FieldDescription,
  Description,
} from '../index.js';
export { validate, kinds, describe, jsonSchema, isKind, PreflightError, isPreflightError } from '../index.js';
export { init, initSync, type InitInput } from './loading.js';
