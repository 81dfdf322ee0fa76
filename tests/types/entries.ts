// The entries of issue 16 type-check as a consumer imports them: the area entries, their /manual
// and /inline flavours, and init/initSync.
import { validate, kinds, describe, jsonSchema, init, initSync, PreflightError, type Report } from 'preflight-wasm/validate';
import * as manual from 'preflight-wasm/validate/manual';
import * as inline from 'preflight-wasm/hash/inline';
import { crcResponseToken, basicCredentials } from 'preflight-wasm/signing';
import * as signingManual from 'preflight-wasm/signing/manual';
import * as full from 'preflight-wasm/manual';
import * as fullInline from 'preflight-wasm/inline';

export async function main(bytes: Uint8Array): Promise<string> {
  await init();
  await manual.init(bytes);
  manual.initSync(bytes.buffer);
  await signingManual.init('https://example.com/preflight_signing_bg.wasm');
  await full.init(Promise.resolve(bytes));
  const report: Report = validate('product', '{}');
  const kind = kinds()[0];
  if (kind !== undefined) describe(kind);
  jsonSchema('product');
  initSync(bytes);
  try {
    validate('product', '{}');
  } catch (e) {
    if (e instanceof PreflightError) return e.code;
  }
  return `${report.valid} ${inline.hashIdentifier('email', 'a@b.co')} ${crcResponseToken('s', 't')} ${basicCredentials('k', 's')} ${fullInline.kinds().length}`;
}

// Every flavour of an area has the same functions: isKind with validate; the helpers in the full
// package and preflight-wasm/helpers (with the hash functions), not in preflight-wasm/hash.
import * as validateInline from 'preflight-wasm/validate/inline';
import * as hashManual from 'preflight-wasm/hash/manual';
import * as helpersManual from 'preflight-wasm/helpers/manual';
import * as helpersInline from 'preflight-wasm/helpers/inline';

export async function sameApi(input: unknown, csv: string, file: Blob): Promise<string> {
  const kind = manual.isKind(input) ? input : validateInline.isKind(input) ? input : 'product';
  const { values } = helpersManual.extractColumn(csv, 'email');
  const stream: TransformStream<string | Uint8Array, unknown> = helpersInline.createHashStream('email');
  const done = await helpersManual.hashFileInWorker(file, { type: 'email' });
  await helpersManual.init();
  const same: typeof hashManual.hashIdentifier = helpersInline.hashIdentifier;
  // @ts-expect-error: the helpers are not in the hash-only entry
  void hashManual.extractColumn;
  // @ts-expect-error: nor in its inline flavour
  void inline.hashFile;
  void same;
  const inFull = await fullInline.hashFile(file, { type: 'email', column: '1' });
  return `${kind} ${values.length} ${stream.writable.locked} ${done.rows} ${inFull.hashed} ${full.isKind(kind)}`;
}
