// The error-body and token-answer readers of preflight-wasm/answers (lib/answers-errors.js): the
// options passed to the core, the codes thrown, and token answers that keep their tokens out of
// JSON.stringify, String() and console.log (the readers' rules are the vectors':
// tests/node/answers-vectors.test.mjs).
//
// Run: bash scripts/build-wasm.sh && node --test tests/node/answers-errors.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { createRequire } from 'node:module';
import * as api from '../../pkg/answers.js';

const require = createRequire(import.meta.url);
const cjs = require('../../pkg/answers.cjs');

const RFC_5849_2_1 = 'oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true';
const ACCESS =
  'oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU&user_id=6253282&screen_name=twitterapi&x_auth_expires=0';

const code = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(api.isPreflightError(e), String(e));
    return e.code;
  }
  return null;
};

test('readErrorBody passes contentType and status, and gives the core result', () => {
  const body = '{"code":89,"message":"Invalid or expired token."}';
  const read = api.readErrorBody(body, { contentType: 'application/json; charset=utf-8', status: 401 });
  assert.equal(read.shape, 'error');
  assert.equal(read.error.meaning, 'token_invalid');
  assert.deepEqual(read.issues, []);
  assert.deepEqual(
    api.readErrorBody(body, { status: 403 }).issues.map((i) => i.code),
    ['status_mismatch'],
  );
  const problem = api.readErrorBody(new TextEncoder().encode('{"detail":"x"}'), { contentType: 'application/problem+json' });
  assert.equal(problem.shape, 'problem');
  assert.deepEqual(problem.issues.map((i) => i.path), ['/type', '/title']);
  assert.deepEqual(api.readErrorBody(body), api.answersCall('error_body', { text: body }));
  assert.deepEqual(api.readErrorBody({ text: body, contentType: 'application/json; charset=utf-8', status: 401 }), read);
  assert.equal(code(() => api.readErrorBody({ text: body, content_type: 'application/json' })), 'bad_options');
  assert.deepEqual(cjs.readErrorBody(body, { contentType: 'application/json; charset=utf-8', status: 401 }), read);
});

test('readErrorBody refuses what is not an error body call', () => {
  assert.equal(code(() => api.readErrorBody('<html>502</html>')), 'invalid_json');
  assert.equal(code(() => api.readErrorBody('{}', { status: 600 })), 'bad_arguments');
  assert.equal(code(() => api.readErrorBody('{}', { statusCode: 401 })), 'bad_options');
  assert.equal(code(() => api.readErrorBody('{}', 'application/json')), 'bad_options');
  assert.equal(code(() => api.readErrorBody(5)), 'invalid_argument');
});

test('readRequestToken: the literal true confirms the callback, anything else throws', () => {
  const answer = api.readRequestToken(RFC_5849_2_1);
  assert.equal(answer.oauth_token, 'hh5s93j4hdidpola');
  assert.equal(answer.oauth_token_secret, 'hdhd0244k9j7ao03');
  assert.equal(answer.oauth_callback_confirmed, true);
  for (const tail of ['', '&oauth_callback_confirmed=false', '&oauth_callback_confirmed=True', '&oauth_callback_confirmed=1']) {
    const text = 'oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03' + tail;
    let thrown;
    try {
      api.readRequestToken(text);
    } catch (e) {
      thrown = e;
    }
    assert.equal(thrown?.code, 'callback_not_confirmed', tail);
    const shown = `${thrown} ${thrown.stack} ${inspect(thrown)} ${JSON.stringify(thrown)}`;
    assert.ok(!shown.includes('hh5s93j4hdidpola') && !shown.includes('hdhd0244k9j7ao03'), shown);
  }
  assert.equal(code(() => api.readRequestToken(RFC_5849_2_1 + '&oauth_token=x')), 'invalid_token_answer');
});

test('token answers: toJSON, toString and inspect redact every token and secret', () => {
  const secrets = ['eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY', '2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU', '6253282', 'twitterapi'];
  const answer = api.readAccessToken(ACCESS);
  assert.equal(answer.user_id, '6253282');
  assert.equal(answer.screen_name, 'twitterapi');
  assert.equal(answer.extra.x_auth_expires, '0');
  const { oauth_token_secret: secret } = answer;
  assert.equal(secret, '2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU');
  for (const shown of [JSON.stringify(answer), String(answer), `${answer}`, inspect(answer), inspect({ nested: [answer] }, { depth: 5 })]) {
    for (const s of secrets) assert.ok(!shown.includes(s), `${s} in ${shown}`);
  }
  assert.deepEqual(JSON.parse(JSON.stringify(answer)).extra, { x_auth_expires: '<redacted>' });
  assert.deepEqual(Object.keys(answer), ['oauth_token', 'oauth_token_secret', 'user_id', 'screen_name', 'extra', 'issues']);
  const request = api.readRequestToken(RFC_5849_2_1);
  assert.ok(!JSON.stringify(request).includes('hdhd0244k9j7ao03') && !inspect(request).includes('hdhd0244k9j7ao03'));
  const revoked = cjs.readInvalidateToken('{"access_token":"AAAA%2FAAA"}');
  assert.equal(revoked.access_token, 'AAAA%2FAAA');
  assert.ok(!JSON.stringify(revoked).includes('AAAA') && !inspect(revoked).includes('AAAA'));
  assert.equal(JSON.parse(JSON.stringify(api.readInvalidateToken('{}'))).access_token, null);
});
