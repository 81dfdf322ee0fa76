// Node.js entry of preflight-wasm/answers ("node" condition, ES module): the answer readers only
// (docs/ANSWERS.md). The CommonJS glue (wasm-bindgen --target nodejs,
// pkg/wasm/preflight_answers.cjs) reads and instantiates preflight_answers_bg.wasm beside it
// synchronously: importing this module is all the loading there is, and init/initSync do nothing
// (they exist so that code written for the browser entries runs here). scripts/build-wasm.sh
// bundles this file into answers.cjs, the "require" condition.
// One line per area: `export const {...} = <area>Api(answers);` (the same in answers-manual.js).
import glue from './wasm/preflight_answers.cjs';
import { PreflightError, isPreflightError } from './lib/core.js';
import { answersApi } from './lib/answers.js';
import { listsApi } from './lib/answers-lists.js';
import { errorsApi } from './lib/answers-errors.js';
import { batchesApi } from './lib/answers-batches.js';
import { loaded } from './lib/load.js';

const answers = answersApi(glue);

export const { answersCall, answersCallText, answersNames } = answers;
export const { readListPage, nextListQuery, pages } = listsApi(answers);
export const { readErrorBody, readRequestToken, readAccessToken, readInvalidateToken } = errorsApi(answers);
export const { readProductAnswer, audienceOutcome } = batchesApi(answers);
export const { init, initSync } = loaded;
export { PreflightError, isPreflightError };
