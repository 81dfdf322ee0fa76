// The batch readers of preflight-wasm/answers type-check as a consumer uses them: the result of
// buildAudienceBodies handed to audienceOutcome as it is, answers as text, bytes or null, and the
// products PUT answer read against the object sent.
import { buildAudienceBodies } from 'preflight-wasm';
import {
  audienceOutcome, readProductAnswer, type AudienceOutcome, type ProductAnswer, type RetryReason,
} from 'preflight-wasm/answers';

export function outcome(answers: (string | Uint8Array | null)[]): string[] {
  const built = buildAudienceBodies('custom_audience_users', [{ email: 'a@x.com' }], { operation: 'Update' });
  const out: AudienceOutcome = audienceOutcome(built, answers, { rows: [2] });
  const plain: AudienceOutcome = audienceOutcome(['[]', { json: '[]', records: [0] }], [null]);
  const reasons: RetryReason[] = out.bodies.flatMap((b) => (b.reason === null ? [] : [b.reason]));
  const retry: string[] = out.retry.map((r) => r.json);
  void plain;
  void reasons;
  return retry.concat(out.records.map((r) => `${r.index},${r.row ?? ''},${r.outcome},${r.body ?? ''}`));
}

export function products(text: string): number {
  const read: ProductAnswer = readProductAnswer({ products: [{ id: 'a' }] }, text);
  const created: number = read.counts.created;
  return created + read.products.filter((p) => p.outcome === 'error' || p.answer === null).length;
}
