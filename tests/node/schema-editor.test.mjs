// The shipped schemas (pkg/schemas/<kind>.schema.json) in VS Code's own JSON language service
// (vscode-json-languageservice, the validator behind VS Code's `json.schemas` setting), set up as
// pkg/README.md tells a user to: every file mapped to its kind by a file name pattern.
// - every vector the engine calls valid (and warns of no member not listed) shows no problem;
// - the problems the issue names show where a user types them: a price "89,99 $", an http:// link
//   where https is required, a misspelt member `colour`, and brand / gtin / mpn all left out
//   (one problem, not three).
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/schema-editor.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { kinds, validate } from '../../pkg/node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'pkg/schemas');
const vectorsDir = path.join(root, 'tests/vectors');
const cases = readdirSync(vectorsDir).filter((f) => f.endsWith('.json')).sort()
  .flatMap((file) => JSON.parse(readFileSync(path.join(vectorsDir, file), 'utf8')).map((c) => ({ file, ...c })));

// No network: every schema is given inline, as the json.schemas setting's "url" of a local file.
const service = getLanguageService({ schemaRequestService: (uri) => Promise.reject(new Error(`not fetched: ${uri}`)) });
service.configure({
  validate: true,
  schemas: kinds().map((kind) => ({
    uri: pathToFileURL(path.join(dir, `${kind}.schema.json`)).href,
    fileMatch: [`*.${kind}.json`],
    schema: JSON.parse(readFileSync(path.join(dir, `${kind}.schema.json`), 'utf8')),
  })),
});

let docs = 0;
/** The problems the language service shows for `payload` in a file `<n>.<kind>.json`. */
async function problems(kind, payload) {
  const doc = TextDocument.create(`file:///work/${docs++}.${kind}.json`, 'json', 1, JSON.stringify(payload, null, 2));
  const found = await service.doValidation(doc, service.parseJSONDocument(doc), { schemaValidation: 'error' });
  return found.map((d) => ({ line: doc.getText(d.range).split('\n')[0], message: d.message }));
}

test('every vector the engine calls valid shows no problem in the editor', async () => {
  let clean = 0;
  const failures = [];
  for (const c of cases.filter((c) => 'payload' in c && c.kind)) {
    let report;
    try {
      report = validate(c.kind, c.payload, c.options ?? undefined);
    } catch {
      continue;
    }
    if (!report.valid || report.issues.some((i) => i.code === 'unknown_field')) continue;
    const found = await problems(c.kind, c.payload);
    if (found.length > 0) failures.push(`${c.file}: ${c.name}: ${found.map((p) => p.message).join(' | ')}`);
    else clean++;
  }
  assert.deepEqual(failures, []);
  assert.ok(clean > 300, `only ${clean} vectors`);
});

test('the editor shows a wrong price, an http:// link, a misspelt member and a missing identifier', async () => {
  const product = cases.find((c) => c.kind === 'product' && c.valid === true && c.issues.length === 0 && c.payload.gtin).payload;
  assert.deepEqual(await problems('product', product), []);
  const one = async (payload, where) => {
    const found = await problems('product', payload);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0].line, where);
    return found[0].message;
  };
  assert.match(await one({ ...product, price: '89,99 $' }, /"89,99 \$"/), /pattern/);
  assert.match(await one({ ...product, link: 'http://example.com/p' }, /"http:\/\/example.com\/p"/), /pattern/);
  assert.match(await one({ ...product, colour: 'red' }, /"colour"/), /colour is not allowed/);
  const { brand, gtin, mpn, ...none } = product;
  assert.match(await one(none, /^\{/), /brand/);
  // A member a card component's type does not list (unevaluatedProperties of the tagged shapes).
  const card = cases.find((c) => c.kind === 'card' && c.valid === true && c.issues.length === 0 && c.payload.components).payload;
  assert.deepEqual(await problems('card', card), []);
  const components = [{ ...card.components[0], colour: 'red' }, ...card.components.slice(1)];
  const found = await problems('card', { ...card, components });
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0].message, /colour is not allowed/);
});
