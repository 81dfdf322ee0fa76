// List answers (documents B and C, "Common conventions"): one page read, the query of the next
// page, and a walk over every page. The rules (what a page must hold, when the next query is
// refused) are the core's (src/answers/list.rs); `pages` only loops: the decision to go on is
// `nextListQuery`'s, so that a walk stops or fails exactly where the Rust one does.
import { answerText } from './answers.js';
import { PreflightError } from './core.js';

/** @param {ReturnType<import('./answers.js').answersApi>} answers */
export function listsApi(answers) {
  /** One page of a list call's answer: {data, next_cursor, total_count?, issues}. */
  function readListPage(text) {
    return answers.answersCall('list_page', { text: answerText(text) });
  }

  /** The query of the page after `page` (the answer to `query`), or null after the last page. */
  function nextListQuery(query, page) {
    return answers.answersCall('list_next_query', { query, page: answerText(page, 'page') });
  }

  /**
   * Every page of a list, read: `fetchPage(query)` sends one query and returns (or resolves to)
   * the answer's text; the first query is `query`, each next one `nextListQuery`'s. Ends after
   * the last page; throws what `fetchPage` throws, and the PreflightError of a query or page
   * that cannot be gone on with (`cursor_with_total_count` before anything is fetched,
   * `invalid_page`, `cursor_repeated`, `invalid_json`).
   */
  async function* pages(fetchPage, query) {
    if (typeof fetchPage !== 'function') throw new PreflightError('invalid_argument', 'pages: fetchPage must be a function');
    // The exclusive rule, checked before the first fetch: a page that says nothing.
    nextListQuery(query, '{"data":[],"next_cursor":null}');
    let next = query;
    while (next !== null) {
      const text = answerText(await fetchPage(next), 'the text fetchPage returned');
      const page = readListPage(text);
      const after = nextListQuery(next, text);
      yield page;
      next = after;
    }
  }

  return { readListPage, nextListQuery, pages };
}
