// Entry preflight-wasm/answers/manual (browsers): the answer readers only (docs/ANSWERS.md),
// without top-level await, so that it works in classic (iife) workers, CommonJS bundles and
// bundlers without top-level await. Nothing is loaded at import: call `await init()` (fetches
// preflight_answers_bg.wasm beside the glue pkg/wasm/preflight_answers.js), `await init(url |
// Response | bytes | WebAssembly.Module)` or `initSync(bytes | WebAssembly.Module)` once before
// the first call; a call before that throws PreflightError `not_initialized`.
// One line per area: `export const {...} = <area>Api(answers);` (the same in answers.js).
import * as glue from './wasm/preflight_answers.js';
import { PreflightError, isPreflightError } from './lib/core.js';
import { answersApi } from './lib/answers.js';
import { listsApi } from './lib/answers-lists.js';
import { errorsApi } from './lib/answers-errors.js';
import { batchesApi } from './lib/answers-batches.js';
import { loaderOf } from './lib/load.js';

export const { init, initSync } = loaderOf(glue);
const answers = answersApi(glue);

export const { answersCall, answersCallText, answersNames } = answers;
export const { readListPage, nextListQuery, pages } = listsApi(answers);
export const { readErrorBody, readRequestToken, readAccessToken, readInvalidateToken } = errorsApi(answers);
export const { readProductAnswer, audienceOutcome } = batchesApi(answers);
export { PreflightError, isPreflightError };
