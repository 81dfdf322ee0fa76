// Types of the batch answer readers (lib/answers-batches.js): document B §3, §4, §7 (the
// products PUT answer; the custom audience users and do-not-reach users answers). Hand-written;
// docs/ANSWERS.md describes every member.
import type { AnswerIssue, AnswerText } from './answers.js';
import type { AudienceBodies } from './audience.js';

/** What became of one product sent. */
export type ProductOutcome = 'created' | 'updated' | 'unchanged' | 'error' | 'unknown' | 'unanswered' | 'ignored';

/** One product sent and its item of `data.products_response`. */
export interface ProductResult {
  /** Its position in the request's `products`. */
  position: number;
  /** Its `id` as sent (null when not a string). */
  id: string | null;
  /** The position of its item in `data.products_response`; null when none answers it. */
  answer: number | null;
  outcome: ProductOutcome;
  /** Its id occurs several times in the request (all of them ignored, document B §2). */
  duplicate_id: boolean;
  /** The item's members, as given (null when absent). */
  status: unknown;
  product_key: unknown;
  errors: unknown;
  warnings: unknown;
}

/** The answer of a products PUT, mapped to the products sent. */
export interface ProductAnswer {
  /** One per product sent, in request order. */
  products: ProductResult[];
  /** Positions of answer items matched to no product sent. */
  unmatched: number[];
  counts: { sent: number; answered: number } & Record<ProductOutcome, number>;
  /** The documented rules the answer breaks (paths into the answer). */
  issues: AnswerIssue[];
}

/**
 * Reads the answer of a products PUT against the body sent (its JSON text, or the object).
 * Throws `invalid_json` or `too_deep` (the answer is not JSON) and `bad_arguments` (`sent` is not
 * `{"products": [...]}`).
 */
export declare function readProductAnswer(sent: AnswerText | Record<string, unknown>, text: AnswerText): ProductAnswer;

/** Why records are to be sent again. */
export type RetryReason = 'no_answer' | 'not_json' | 'answer_problem' | 'counts_missing' | 'counts_mismatch' | 'body_failed';

/** The outcome of one input record. */
export interface RecordOutcome {
  /** The record's input index. */
  index: number;
  /** `options.rows[index]`, or null. */
  row: number | null;
  outcome: 'accepted' | 'rejected' | 'failed' | 'retry';
  /** The body (its position) and the operation in it; null when rejected. */
  body: number | null;
  operation: number | null;
  /**
   * rejected: the builder's code; failed: the platform's `code` as given (any JSON value); retry:
   * the {@link RetryReason}; accepted: null.
   */
  code: unknown;
  /** failed: the platform's `message` as given; else null. */
  message: unknown;
}

/** The outcome of one body. */
export interface BodyOutcome {
  body: number;
  state: 'accepted' | 'failed' | 'partly_failed' | 'retry';
  operations: number;
  users: number;
  success_count: number | null;
  total_count: number | null;
  reason: RetryReason | null;
  issues: AnswerIssue[];
}

/** A body to send again: only its operations to retry, each as sent. */
export interface RetryBody {
  /** The body it comes from. */
  body: number;
  json: string;
  /** The input index of each of its users. */
  records: number[];
}

/** Every record's outcome, once, in input order; every body's; the bodies to retry. */
export interface AudienceOutcome {
  records: RecordOutcome[];
  bodies: BodyOutcome[];
  retry: RetryBody[];
  counts: { records: number; accepted: number; rejected: number; failed: number; retry: number };
}

/** A body of {@link audienceOutcome}: its JSON text, or the text with the input index of each user. */
export type SentBody = string | { json: string; records?: number[] | null };

/**
 * The outcome of every input record of audience upload bodies: `built` the result of
 * `buildAudienceBodies` (taken as it is: bodies, records, rejected) or an array of bodies;
 * `answers[i]` the answer's text to body i (null or undefined: no answer). Throws
 * `bad_arguments` (answers not one per body, a record given twice, records not one per user, a
 * body that is not an array of operations).
 */
export declare function audienceOutcome(
  built: AudienceBodies | SentBody[],
  answers: ReadonlyArray<AnswerText | null | undefined>,
  options?: { rows?: ReadonlyArray<number | null> },
): AudienceOutcome;
