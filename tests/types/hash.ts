// Compiled, never run: the hash-only entry `preflight-wasm/hash` resolves to pkg/types/hash.d.ts
// through the "types" condition of the package's exports, has the hashing functions of the full
// package with the same types, and has no validation, signing or upload-body functions.
import { hashIdentifier, hashIdentifiers, hashLines, createLineHasher, normalizeIdentifier, PreflightError } from 'preflight-wasm/hash';
import type { HashResult, IdType, AudienceErrorCode } from 'preflight-wasm/hash';
import * as full from 'preflight-wasm';
import * as hashOnly from 'preflight-wasm/hash';

const type: IdType = 'email';
const one: string = hashIdentifier(type, 'a@example.com', { prehashed: false });
const many: HashResult = hashIdentifiers('phone_number', ['+16175551212'], { defaultCountryCode: '1' });
const lines: HashResult = hashLines('handle', '@a\n@b\n');
const hasher = createLineHasher('email');
hasher.push('a@example.com\n');
const normalized: string = normalizeIdentifier('email', ' A@Example.com ');

// The same functions as the full package's, type for type.
const sameHash: typeof full.hashIdentifier = hashIdentifier;
const sameLines: typeof full.hashLines = hashLines;

function code(e: unknown): AudienceErrorCode | undefined {
  return e instanceof PreflightError && e.code !== 'unknown_kind' ? (e.code as AudienceErrorCode) : undefined;
}

// @ts-expect-error validation is not in the hash-only entry
void hashOnly.validate;
// @ts-expect-error upload bodies are in the full package only
void hashOnly.buildAudienceBodies;
// @ts-expect-error signing is not in the hash-only entry
void hashOnly.crcResponseToken;

export { one, many, lines, normalized, sameHash, sameLines, code };

// A hasher of an instance discarded after internal_error says so.
export const lost: AudienceErrorCode = 'hasher_invalidated';
export const internalError: AudienceErrorCode = 'internal_error';
