// Types of the answer door (lib/answers.js): one call per reader of the platform's answers
// (docs/ANSWERS.md), its arguments as an object, its result as the JSON value the core wrote.
// Hand-written. The typed readers of each area: types/answers-<area>.d.ts.
import type { Issue } from '../index.js';

/** An answer's text, the HTTP body as received: a string, or its bytes (read as UTF-8). */
export type AnswerText = string | Uint8Array | ArrayBuffer;

/** A documented rule an answer breaks: an issue like a validation issue, its path a JSON Pointer into the answer. */
export type AnswerIssue = Issue;

/**
 * Runs the answer reader `name` (one of {@link answersNames}) on `args` (sent as JSON) and
 * returns its result. Throws PreflightError `unknown_call`, `bad_arguments`, or the reader's
 * own codes.
 */
export declare function answersCall(name: string, args: Record<string, unknown>): unknown;

/** {@link answersCall} with the arguments as JSON text, and the result as the exact text the core wrote. */
export declare function answersCallText(name: string, argsJson: string): string;

/** The names {@link answersCall} takes, in the core's order. */
export declare function answersNames(): string[];
