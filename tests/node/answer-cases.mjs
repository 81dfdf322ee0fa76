// The answer vectors (tests/vectors/answers/*.json) as JavaScript runs them, for the Node suite
// (tests/node/answers-vectors.test.mjs) and the browser suite (tests/browser/answers-entry.mjs),
// whose page loads this file: plain ECMAScript only, no Node built-ins.
//
// `cargo test --test answers_vectors` writes target/vectors/answers-native.json, one entry per
// case: {file, name, call, args_text, output}, the exact arguments text native gave the engine
// and the envelope it returned (`{"ok":<result>}` or `{"error":{"code","message"}}`), and
// target/vectors/answers-names.json, `preflight::answers::names()`. Each case runs through
// 1. the raw export `answersCall(call, args_text)`, whose envelope must be native's string;
// 2. the public `answersCall(call, args)` with the value JSON.parse makes of the arguments, whose
//    result (or error code and message) must be native's;
// 3. the typed reader of the call (`TYPED`), when there is one, for every case but those whose
//    arguments the typed reader's own signature refuses (native `bad_arguments`).
import { envelopeOf, plainEqual } from './vector-cases.mjs';

const REGENERATE = 'run `cargo test --test answers_vectors`';

/** The typed reader of each call, given the call's arguments. One line per call. */
export const TYPED = {
  list_page: (api, a) => api.readListPage(a.text),
  list_next_query: (api, a) => api.nextListQuery(a.query, a.page),
  product_answer: (api, a) => api.readProductAnswer(a.sent, a.text),
  audience_outcome: (api, a) => api.audienceOutcome(
    { bodies: a.bodies.map((b) => b.json), records: a.bodies.map((b) => b.records ?? null), rejected: a.rejected ?? [] },
    a.answers,
    a.rows === undefined ? {} : { rows: a.rows },
  ),
};

/**
 * The native entries, checked against the vector files ([{file, text}]): {entries, problems}.
 */
export function matchAnswers(vectorFiles, native) {
  const problems = [];
  const want = new Set();
  for (const { file, text } of vectorFiles) {
    let list;
    try {
      list = JSON.parse(text);
    } catch {
      problems.push(`${file} is not JSON`);
      continue;
    }
    for (const c of Array.isArray(list) ? list : []) want.add(`${file}: ${c.name}`);
  }
  const have = new Set(native.map((e) => `${e.file}: ${e.name}`));
  for (const k of want) if (!have.has(k)) problems.push(`${k}: missing from answers-native.json; ${REGENERATE}`);
  for (const k of have) if (!want.has(k)) problems.push(`${k}: stale, not in tests/vectors/answers/; ${REGENERATE}`);
  if (native.length === 0) problems.push(`answers-native.json holds no case; ${REGENERATE}`);
  return { entries: native, problems };
}

const resultOf = (call) => {
  try {
    return { ok: call() };
  } catch (e) {
    if (e !== null && typeof e === 'object' && typeof e.code === 'string' && e.name === 'PreflightError') {
      return { error: { code: e.code, message: e.message } };
    }
    throw e;
  }
};

/**
 * One entry through the raw export (`raw.answersCall`) and the public API (`api`): the problems
 * found (none when every form gives native's result).
 */
export function checkAnswer(raw, api, entry) {
  const problems = [];
  const { call, args_text: argsText, output } = entry;
  const got = envelopeOf(() => raw.answersCall(call, argsText));
  if (got !== output) problems.push(`raw answersCall:\n  got    ${got}\n  native ${output}`);
  const expected = JSON.parse(output);
  let args;
  try {
    args = JSON.parse(argsText);
  } catch {
    return problems;
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return problems;
  const pub = resultOf(() => api.answersCall(call, args));
  if (!plainEqual(pub, expected)) problems.push(`answersCall: ${JSON.stringify(pub)}`);
  const typed = TYPED[call];
  if (typed !== undefined && expected.error?.code !== 'bad_arguments') {
    const r = resultOf(() => typed(api, args));
    if (!plainEqual(r, expected)) problems.push(`typed reader of ${call}: ${JSON.stringify(r)}`);
  }
  return problems;
}

/** The problems of `answersNames()` against native's names. */
export function checkNames(api, nativeNames) {
  const problems = [];
  const names = api.answersNames();
  if (!plainEqual(names, nativeNames)) problems.push(`answersNames() ${JSON.stringify(names)}, natively ${JSON.stringify(nativeNames)}`);
  for (const call of Object.keys(TYPED)) if (!nativeNames.includes(call)) problems.push(`TYPED names ${call}, not a call`);
  return problems;
}
