// Types of the hash-only entry `preflight-wasm/hash` (pkg/hash.js, pkg/hash-browser.js): the
// identifier normalization and hashing functions of the full package, with the same signatures,
// and the same PreflightError class. Upload bodies (buildAudienceBodies) are in the full package
// only; the CSV/file/stream helpers in `preflight-wasm/helpers` (types/helpers-entry.d.ts) and the
// full package. Hand-written.

export type {
  IdType,
  PhoneFormat,
  HashOptions,
  IdErrorCode,
  ValueErrorCode,
  HashError,
  HashResult,
  LineHasherResult,
  LineHasher,
  AudienceErrorCode,
  AudienceError,
} from './audience.js';
export { normalizeIdentifier, hashIdentifier, hashIdentifiers, hashLines, createLineHasher } from './audience.js';
export { PreflightError, isPreflightError } from '../index.js';
export { init, initSync, type InitInput } from './loading.js';
export type { AnyErrorCode, InternalErrorCode, LoadErrorCode } from './codes.js';
