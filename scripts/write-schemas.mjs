// Writes pkg/schemas/<kind>.schema.json, the JSON Schema (draft 2020-12) of every kind as the
// engine's jsonSchema(kind) gives it, for editors (VS Code's json.schemas, see pkg/README.md) and
// other validators; shipped as preflight-wasm/schemas/<kind>.schema.json. Run by
// scripts/build-wasm.sh after the wasm builds (build output, not committed). The text is
// `preflight schema --all --out DIR`'s, byte for byte: pretty-printed with two spaces, members in
// name order, a final newline (tests/node/schema.test.mjs holds the three together).
//
//   node scripts/write-schemas.mjs [DIR]     (default pkg/schemas)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { kinds, jsonSchema } = await import(path.join(root, 'pkg/validate.js'));

const dir = path.resolve(process.argv[2] ?? path.join(root, 'pkg/schemas'));
mkdirSync(dir, { recursive: true });
// A kind no longer known leaves no file behind.
for (const f of readdirSync(dir)) {
  if (f.endsWith('.schema.json')) rmSync(path.join(dir, f));
}
for (const kind of kinds()) {
  writeFileSync(path.join(dir, `${kind}.schema.json`), `${JSON.stringify(jsonSchema(kind), null, 2)}\n`);
}
console.log(`write-schemas: ${kinds().length} schemas in ${path.relative(root, dir) || dir}`);
