// preflight-wasm/answers type-checks as a consumer uses it: the door, the list readers and the
// walk over pages, the error-body and token-answer readers, in every flavour of the entry.
import {
  answersCall, answersNames, readListPage, nextListQuery, pages, PreflightError, type ListPage, type ListQuery,
} from 'preflight-wasm/answers';
import {
  readErrorBody, readRequestToken, readAccessToken, readInvalidateToken,
  type ErrorBody, type ProblemSuffix, type RequestTokenAnswer, type AccessTokenAnswer,
} from 'preflight-wasm/answers';
import * as manual from 'preflight-wasm/answers/manual';
import * as inline from 'preflight-wasm/answers/inline';

export async function walk(fetchPage: (q: ListQuery) => Promise<string>): Promise<number> {
  await manual.init();
  const first: ListPage = readListPage(new TextEncoder().encode('{"data":[],"next_cursor":null}'));
  const next: ListQuery | null = nextListQuery({ count: 100, with_total_count: true }, '{"data":[],"next_cursor":"c"}');
  let rows = first.data === null ? 0 : 1;
  for await (const page of pages(fetchPage, { count: 100 })) {
    rows += Array.isArray(page.data) ? page.data.length : 0;
    const total: number | undefined = page.total_count;
    const issues: string[] = page.issues.map((i) => i.code);
    void total;
    void issues;
  }
  const names: string[] = answersNames();
  const same: typeof readListPage = inline.readListPage;
  void same;
  try {
    answersCall('list_page', { text: '' });
  } catch (e) {
    if (e instanceof PreflightError) return e.code.length;
  }
  // @ts-expect-error: the answer text is a string or bytes
  readListPage(42);
  return rows + names.length + (next === null ? 0 : 1);
}

// The error-body and token-answer readers.
export function errors(text: string): number {
  const body: ErrorBody = readErrorBody(text, { contentType: 'application/problem+json', status: 404 });
  const suffix: ProblemSuffix | null = body.problem === null ? null : body.problem.suffix;
  const meaning = body.error?.meaning;
  const request: RequestTokenAnswer = readRequestToken(text);
  const confirmed: true = request.oauth_callback_confirmed;
  const secret: string = request.oauth_token_secret;
  const access: AccessTokenAnswer = readAccessToken(new TextEncoder().encode(text));
  const user: string | null = access.user_id;
  const revoked: string | null = readInvalidateToken(text).access_token;
  const same: typeof readErrorBody = manual.readErrorBody;
  void same;
  void confirmed;
  // @ts-expect-error: the options are named
  readErrorBody(text, 'application/json');
  return (suffix ?? '').length + (meaning ?? '').length + secret.length + (user ?? '').length + (revoked ?? '').length;
}
