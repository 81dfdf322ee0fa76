// The answer readers' browser entry (preflight-wasm/answers: pkg/answers-browser.js and its
// minified build pkg/dist/answers-browser.js -> pkg/wasm/preflight_answers.js) in headless
// Chromium: every answer vector (tests/vectors/answers/*.json) through the raw export, the public
// `answersCall` and each call's typed reader, against the native bytes
// (target/vectors/answers-native.json, written by `cargo test --test answers_vectors`;
// PREFLIGHT_ANSWERS_NATIVE_JSON=path reads another file), `answersNames()` against native's list,
// and `pages` walking a list answered page by page in the page itself. The checks are those of
// the Node suite (tests/node/answer-cases.mjs). A page loads only the entry's own files (never
// the full build's glue or .wasm). Prints `N passed, N failed`.
//
// Run: cargo test --test answers_vectors && bash scripts/build-wasm.sh && node tests/browser/answers-entry.mjs
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, executablePath, listen, fileServer, session, watchPage, watchdog } from './harness.mjs';
import { matchAnswers } from '../node/answer-cases.mjs';

const TIMEOUT_MS = 120_000;
const nativePath = path.resolve(process.env.PREFLIGHT_ANSWERS_NATIVE_JSON || path.join(root, 'target/vectors/answers-native.json'));
const namesPath = path.join(path.dirname(nativePath), 'answers-names.json');

const failures = [];
let passed = 0;
const check = (ok, message) => {
  if (ok) passed++;
  else failures.push(message);
};
const die = (message) => {
  console.log(`FAIL ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
};
for (const [what, file] of [['the answers build (run scripts/build-wasm.sh)', path.join(root, 'pkg/wasm/preflight_answers_bg.wasm')], ['the native outputs (run cargo test --test answers_vectors)', nativePath]]) {
  if (!existsSync(file)) die(`${what}: ${file} is missing`);
}
if (!existsSync(executablePath)) die(`no Chromium at ${executablePath} (apt-get install chromium, or set CHROMIUM)`);

const vectorsDir = path.join(root, 'tests/vectors/answers');
const vectorFiles = readdirSync(vectorsDir).filter((f) => f.endsWith('.json')).sort()
  .map((file) => ({ file, text: readFileSync(path.join(vectorsDir, file), 'utf8') }));
const { entries, problems } = matchAnswers(vectorFiles, JSON.parse(readFileSync(nativePath, 'utf8')));
for (const p of problems) check(false, p);
const nativeNames = JSON.parse(readFileSync(namesPath, 'utf8'));

// Three pages of a list, answered by the page's own fetchPage: the walk sends the first query,
// then each next_cursor without with_total_count, and stops on the null cursor.
const PAGE = (entry, glue) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>answers entry</title><script type="module">
  const api = await import(${JSON.stringify(entry)});
  const raw = await import(${JSON.stringify(glue)});
  const { checkAnswer, checkNames } = await import('/tests/node/answer-cases.mjs');
  window.run = (entries, names) => ({
    cases: entries.map((e) => checkAnswer(raw, api, e)),
    names: checkNames(api, names),
  });
  window.walk = async () => {
    const answers = {
      '': '{"data":[{"id":"a"}],"next_cursor":"c1","total_count":3}',
      c1: '{"data":[{"id":"b"}],"next_cursor":"c2"}',
      c2: '{"data":[{"id":"c"}],"next_cursor":null}',
    };
    const sent = [];
    const ids = [];
    for await (const page of api.pages(async (q) => { sent.push(q); return new TextEncoder().encode(answers[q.cursor ?? '']); }, { count: 1, with_total_count: true })) {
      ids.push(...page.data.map((r) => r.id));
    }
    let refused = '';
    try {
      for await (const page of api.pages(() => { throw new Error('fetched'); }, { cursor: 'c1', with_total_count: true })) void page;
    } catch (e) {
      refused = e.code ?? e.message;
    }
    return { sent, ids, refused };
  };
  window.ready = true;
</script>`;

const server = fileServer({
  allow: (rel) => rel.startsWith('pkg/') || rel === 'tests/node/answer-cases.mjs' || rel === 'tests/node/vector-cases.mjs',
  mime: { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' },
  pages: {
    '/source.html': PAGE('/pkg/answers-browser.js', '/pkg/wasm/preflight_answers.js'),
    '/dist.html': PAGE('/pkg/dist/answers-browser.js', '/pkg/dist/wasm/preflight_answers.js'),
  },
});
const origin = await listen(server);
const userDataDir = mkdtempSync(path.join(tmpdir(), 'preflight-chromium-'));
const browser = session(userDataDir, [server]);
const timer = watchdog(TIMEOUT_MS, () => console.log(`timed out after ${TIMEOUT_MS} ms`), browser.cleanup);
try {
  const context = await browser.launch();
  for (const name of ['source', 'dist']) {
    const page = await context.newPage();
    const requested = [];
    const errors = [];
    page.on('request', (r) => requested.push(r.url().replace(origin, '')));
    watchPage(page, errors);
    await page.goto(`${origin}/${name}.html`);
    await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
    const got = await page.evaluate(([e, n]) => window.run(e, n), [entries, nativeNames]);
    check(got.cases.length === entries.length && entries.length > 0, `${name}: ran ${got.cases.length} of ${entries.length} cases`);
    got.cases.forEach((p, i) => check(p.length === 0, `${name}: ${entries[i].file}: ${entries[i].name}:\n    ${p.join('\n    ')}`));
    check(got.names.length === 0, `${name}: ${got.names.join('; ')}`);
    const walk = await page.evaluate(() => window.walk());
    check(JSON.stringify(walk.ids) === '["a","b","c"]', `${name}: pages gave ${JSON.stringify(walk.ids)}`);
    check(JSON.stringify(walk.sent) === '[{"count":1,"with_total_count":true},{"count":1,"cursor":"c1"},{"count":1,"cursor":"c2"}]',
      `${name}: pages sent ${JSON.stringify(walk.sent)}`);
    check(walk.refused === 'cursor_with_total_count', `${name}: pages with cursor and with_total_count: ${walk.refused}`);
    check(errors.length === 0, `${name}: page errors: ${errors.join('; ')}`);
    const wasm = requested.filter((r) => r.endsWith('.wasm'));
    check(JSON.stringify(wasm) === '["/pkg/wasm/preflight_answers_bg.wasm"]', `${name}: fetched ${JSON.stringify(wasm)}`);
    await page.close();
  }
} catch (e) {
  failures.push(`error: ${e?.stack ?? e}`);
} finally {
  await browser.cleanup();
  clearTimeout(timer);
}
for (const f of failures) console.log(`FAIL ${f}`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
