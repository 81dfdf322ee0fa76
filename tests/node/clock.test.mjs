// The rules relative to "now" in the wasm package: without `options.now` they read
// JavaScript's Date.now() (registered by the binding: wasm32 has no system clock), with it they
// read the pinned time, and a `now` that is not RFC 3339 is a wrong call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, describe, PreflightError } from '../../pkg/node.js';

const DAY_MS = 86_400_000;
const query = (startMs) => ({
  granularity: 'DAY',
  keywords: 'coffee',
  start_time: new Date(startMs).toISOString(),
});
const paths = (r) => r.issues.map((i) => `${i.path} ${i.code}`);

test('without options.now the clock is Date.now()', () => {
  assert.deepStrictEqual(validate('keyword_insights_query', query(Date.now() - DAY_MS)), {
    valid: true,
    issues: [],
  });
  const old = validate('keyword_insights_query', query(Date.now() - 30 * DAY_MS));
  assert.deepStrictEqual(paths(old), ['/start_time invalid_date_range']);
  const future = validate('keyword_insights_query', query(Date.now() + DAY_MS));
  assert.deepStrictEqual(paths(future), ['/start_time invalid_date_range']);
  const past = [{ operation_type: 'Update', params: {
    users: [{ email: ['6afb3b8ba60b4050a492472f3c82294dede1ecc6319a9c420f776fd3bca2a381'] }],
    expires_at: new Date(Date.now() - DAY_MS).toISOString() } }];
  assert.deepStrictEqual(paths(validate('do_not_reach_users', past)), [
    '/0/params/expires_at invalid_date_range',
  ]);
});

test('options.now pins the time', () => {
  const start = Date.UTC(2026, 10, 1);
  const pinned = (now) => validate('keyword_insights_query', query(start), { now });
  assert.equal(pinned('2026-11-08T00:00:00Z').valid, true);
  assert.deepStrictEqual(paths(pinned('2026-11-08T00:00:01Z')), ['/start_time invalid_date_range']);
  assert.equal(pinned('2026-11-08T01:00:00+01:00').valid, true);
});

test('a now that is not an RFC 3339 date-time is bad_options', () => {
  for (const now of ['2026-11-05', '2026-11-05T00:00:00', 'now', 1793836800000, true]) {
    assert.throws(
      () => validate('keyword_insights_query', query(Date.now()), { now }),
      (e) => e instanceof PreflightError && e.code === 'bad_options',
      String(now),
    );
  }
});

test('describe marks the rules that read the clock', () => {
  const clock = (kind) => describe(kind).rules.filter((r) => r.readsClock).map((r) => r.code);
  assert.deepStrictEqual(clock('keyword_insights_query'), ['invalid_date_range']);
  assert.deepStrictEqual(clock('custom_audience_users'), ['invalid_date_range']);
  assert.deepStrictEqual(clock('do_not_reach_users'), ['invalid_date_range']);
  assert.deepStrictEqual(clock('activity_subscription'), ['deprecated']);
  assert.deepStrictEqual(clock('line_item_update'), []);
});
