// The list readers of preflight-wasm/answers (pkg/lib/answers-lists.js): `pages` walks a list
// the way `nextListQuery` decides, in the ES module and the CommonJS entry. The readers' results
// themselves are the shared vectors' (tests/node/answers-vectors.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as esm from '../../pkg/answers.js';

const cjs = createRequire(import.meta.url)('../../pkg/answers.cjs');

/** A list of `n` pages answered by cursor: page i's cursor is `c<i>`, the last one's null. */
const list = (n, { total = true } = {}) => {
  const sent = [];
  const fetchPage = async (query) => {
    sent.push(query);
    const i = query.cursor === undefined ? 0 : Number(query.cursor.slice(1));
    const next = i + 1 < n ? `"c${i + 1}"` : 'null';
    return `{"request":{"params":${JSON.stringify(query)}},"data":[{"id":"r${i}"}],"next_cursor":${next}${total && i === 0 ? `,"total_count":${n}` : ''}}`;
  };
  return { sent, fetchPage };
};

const collect = async (gen) => {
  const out = [];
  for await (const p of gen) out.push(p);
  return out;
};

for (const [name, api] of [['ES module', esm], ['CommonJS', cjs]]) {
  test(`${name}: pages walks every page, sends each cursor without with_total_count, stops on null`, async () => {
    const { sent, fetchPage } = list(3);
    const pages = await collect(api.pages(fetchPage, { count: 1, with_total_count: true }));
    assert.deepEqual(pages.map((p) => p.data[0].id), ['r0', 'r1', 'r2']);
    assert.equal(pages[0].total_count, 3);
    assert.equal('total_count' in pages[1], false);
    assert.deepEqual(pages.map((p) => p.issues), [[], [], []]);
    assert.deepEqual(sent, [{ count: 1, with_total_count: true }, { count: 1, cursor: 'c1' }, { count: 1, cursor: 'c2' }]);
  });

  test(`${name}: one page when the first next_cursor is null; bytes and strings alike`, async () => {
    const pages = await collect(api.pages(async () => new TextEncoder().encode('{"data":[],"next_cursor":null}'), {}));
    assert.deepEqual(pages, [{ data: [], next_cursor: null, issues: [] }]);
  });

  test(`${name}: cursor with with_total_count is refused before anything is fetched`, async () => {
    let fetched = 0;
    const gen = api.pages(async () => {
      fetched++;
      return '{"data":[],"next_cursor":null}';
    }, { cursor: 'c1', with_total_count: true });
    await assert.rejects(collect(gen), (e) => e instanceof api.PreflightError && e.code === 'cursor_with_total_count');
    assert.equal(fetched, 0);
    assert.throws(() => api.nextListQuery({ cursor: 'x', with_total_count: 'true' }, '{}'), { code: 'cursor_with_total_count' });
  });

  test(`${name}: a page that gives back its cursor, or does not say whether another follows, ends the walk with an error`, async () => {
    const loop = async (q) => `{"data":[],"next_cursor":"${q.cursor ?? 'c1'}"}`;
    const seen = [];
    await assert.rejects(async () => {
      for await (const p of api.pages(loop, {})) seen.push(p.next_cursor);
    }, { code: 'cursor_repeated' });
    assert.deepEqual(seen, ['c1']);
    await assert.rejects(collect(api.pages(async () => '{"data":[]}', {})), { code: 'invalid_page' });
    await assert.rejects(collect(api.pages(async () => '<html>', {})), { code: 'invalid_json' });
    await assert.rejects(collect(api.pages(async () => 42, {})), { code: 'invalid_argument' });
    await assert.rejects(collect(api.pages(async () => new Uint8Array([0xff]), {})), { code: 'invalid_json' });
  });

  test(`${name}: fetchPage's own error ends the walk as it is`, async () => {
    const boom = new Error('network down');
    await assert.rejects(collect(api.pages(async () => { throw boom; }, {})), (e) => e === boom);
    await assert.rejects(api.pages('not a function', {}).next(), { code: 'invalid_argument' });
  });
}
