// The batch readers of preflight-wasm/answers (pkg/lib/answers-batches.js): audienceOutcome takes
// buildAudienceBodies' result as it is and maps each answer back to every input record, in the
// ES module and the CommonJS entry; readProductAnswer takes the body sent as text or object and
// the answer as text or bytes. The readers' rules are the shared vectors'
// (tests/node/answers-vectors.test.mjs); here, what the wrappers hand the core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as esm from '../../pkg/answers.js';
import { buildAudienceBodies } from '../../pkg/node.js';

const cjs = createRequire(import.meta.url)('../../pkg/answers.cjs');

const OK = '{"data":{"success_count":1,"total_count":1}}';

for (const [entry, api] of [['esm', esm], ['cjs', cjs]]) {
  test(`${entry}: audienceOutcome over buildAudienceBodies' result`, () => {
    const built = buildAudienceBodies(
      'custom_audience_users',
      [{ email: 'a@x.com' }, { email: 'not an email' }, { email: 'b@x.com' }, { email: 'c@x.com' }],
      { operation: 'Update', maxUsersPerBody: 2 },
    );
    assert.deepEqual(built.records, [[0, 2], [3]]);
    const out = api.audienceOutcome(
      built,
      [OK, new TextEncoder().encode('{"errors":[{"code":"E","message":"m"}]}')],
      { rows: [2, 3, 4, 5] },
    );
    assert.deepEqual(
      out.records.map((r) => [r.index, r.row, r.outcome, r.body, r.code, r.message]),
      [
        [0, 2, 'accepted', 0, null, null],
        [1, 3, 'rejected', null, 'invalid_email', null],
        [2, 4, 'accepted', 0, null, null],
        [3, 5, 'failed', 1, 'E', 'm'],
      ],
    );
    assert.deepEqual(out.counts, { records: 4, accepted: 2, rejected: 1, failed: 1, retry: 0 });
    assert.deepEqual(out.retry, []);
    // No answer (undefined or null): the body as built, to send again.
    const again = api.audienceOutcome(built, [OK, undefined]);
    assert.deepEqual(again.retry, [{ body: 1, json: built.bodies[1], records: [3] }]);
    assert.equal(again.records[3].code, 'no_answer');
    // Bytes that are not UTF-8 are not JSON: that body's records to retry, not a failed call.
    const bad = api.audienceOutcome(built, [OK, new Uint8Array([0x7b, 0xff, 0x7d])]);
    assert.equal(bad.records[3].code, 'not_json');
  });

  test(`${entry}: audienceOutcome over plain bodies, and its wrong calls`, () => {
    const body = '[{"operation_type":"Delete","params":{"users":[{"email":["x"]}]}}]';
    const out = api.audienceOutcome([body, { json: body, records: [7] }].slice(0, 1), ['{"data":[{"success_count":1,"total_count":1}]}']);
    assert.equal(out.records[0].outcome, 'accepted');
    assert.throws(() => api.audienceOutcome([body], []), { name: 'PreflightError', code: 'bad_arguments' });
    assert.throws(() => api.audienceOutcome([body], [42]), { name: 'PreflightError', code: 'invalid_argument' });
    assert.throws(() => api.audienceOutcome('x', [OK]), { name: 'PreflightError', code: 'invalid_argument' });
    assert.throws(() => api.audienceOutcome([{ nope: 1 }], [OK]), { name: 'PreflightError', code: 'invalid_argument' });
  });

  test(`${entry}: readProductAnswer takes the body sent as text or object`, () => {
    const sent = { products: [{ id: 'a' }, { id: 'b' }] };
    const text = '{"data":{"products_response":[{"id":"a","status":"CREATE_SUCCESS","errors":[],"warnings":[],"product_key":"k"}]}}';
    const fromObject = api.readProductAnswer(sent, text);
    const fromText = api.readProductAnswer(JSON.stringify(sent), new TextEncoder().encode(text));
    assert.deepEqual(fromObject, fromText);
    assert.deepEqual(fromObject.products.map((p) => p.outcome), ['created', 'unanswered']);
    assert.deepEqual(fromObject.issues.map((i) => i.code), ['not_answered', 'count_mismatch']);
    assert.throws(() => api.readProductAnswer(sent, '<html>'), { name: 'PreflightError', code: 'invalid_json' });
    assert.throws(() => api.readProductAnswer('[]', text), { name: 'PreflightError', code: 'bad_arguments' });
    assert.throws(() => api.readProductAnswer([], text), { name: 'PreflightError', code: 'invalid_argument' });
  });
}
