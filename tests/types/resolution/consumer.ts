// Compiled, never run, under every moduleResolution mode against the packed package (by
// tests/node/types-resolution.test.mjs): the package's entries resolve to their types, not to
// `any`, whether TypeScript reads package.json "exports" (node16, nodenext, bundler) or not
// (node10: "types" and "typesVersions").
import { validate, isKind, kinds, hashIdentifier as fullHash } from 'preflight-wasm';
import type { Kind, PayloadOf, Report } from 'preflight-wasm';
import { hashIdentifier, createLineHasher } from 'preflight-wasm/hash';
import type { IdType, HashResult } from 'preflight-wasm/hash';
import { extractColumn, hashIdentifier as helpersHash } from 'preflight-wasm/helpers';
import type { ColumnValues } from 'preflight-wasm/helpers';

export const report: Report = validate('poll_card', { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' });
export const all: Kind[] = kinds().filter(isKind);
export const poll: PayloadOf<'poll_card'> = { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' };
const type: IdType = 'email';
export const hash: string = hashIdentifier(type, 'a@example.com');
export const same: typeof fullHash = hashIdentifier;
export const result: HashResult = createLineHasher('email').finish();
export const column: ColumnValues = extractColumn('email\na@x.com\n', 'email');
export const sameHelpers: typeof hashIdentifier = helpersHash;

// Each of these is an error only when the entry's types were found (an `any` takes anything).
// @ts-expect-error: not a kind
validate('poll_crd', {});
// @ts-expect-error: not an identifier type
hashIdentifier('mail', 'a@example.com');
// @ts-expect-error: the column is text, never a number
extractColumn('a\n', 1);
