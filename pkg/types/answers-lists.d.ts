// Types of the list readers (lib/answers-lists.js): documents B and C, "Common conventions":
// `next_cursor` (null on the last page), `total_count` when asked, `cursor` exclusive with
// `with_total_count`. Hand-written.
import type { AnswerIssue, AnswerText } from './answers.js';

/** One page of a list call's answer, as {@link readListPage} reads it. */
export interface ListPage {
  /** The `data` member as read (an array for a well-formed page); null when absent. */
  data: unknown;
  /**
   * The next page's cursor; null on the last page, and on a page that does not say (then an
   * issue at `/next_cursor` tells why, and {@link nextListQuery} throws `invalid_page`).
   */
  next_cursor: string | null;
  /** `total_count`, when present and a non-negative integer. */
  total_count?: number;
  /** The documented rules the page breaks (every one an error). */
  issues: AnswerIssue[];
}

/** The query of a list call: its parameters, as sent (`cursor`, `with_total_count`, `count`, ...). */
export type ListQuery = Record<string, unknown>;

/** Reads one page of a list call's answer. Throws `invalid_json` or `too_deep` for text that is not JSON. */
export declare function readListPage(text: AnswerText): ListPage;

/**
 * The query of the page after `page` (the answer to `query`): `query` with `cursor` set to the
 * page's `next_cursor` and `with_total_count` left out; null after the last page. Throws
 * `cursor_with_total_count` (both in `query`), `invalid_page` (the page does not say whether
 * another follows), `cursor_repeated` (the page gives back the cursor sent).
 */
export declare function nextListQuery(query: ListQuery, page: AnswerText): ListQuery | null;

/**
 * Every page of a list: `fetchPage(query)` sends one query and returns the answer's text; ends
 * after the last page. Throws `cursor_with_total_count` before anything is fetched, and the
 * errors of {@link nextListQuery} and of `fetchPage`.
 */
export declare function pages(
  fetchPage: (query: ListQuery) => AnswerText | Promise<AnswerText>,
  query: ListQuery,
): AsyncGenerator<ListPage, void, undefined>;
