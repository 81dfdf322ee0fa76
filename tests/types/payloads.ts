// Compiled, never run: the generated payload types (pkg/types/payloads.d.ts) through validate's
// signature, and the isKind guard.
import { validate, isKind } from 'preflight-wasm';
import type { Kind, Payloads, PayloadOf, PollCardPayload, Report } from 'preflight-wasm';

// Payloads has exactly the kinds: Kind and keyof Payloads are the same union.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameKinds: Same<Kind, keyof Payloads> = true;

// A literal of the kind's type, with members not listed (the engine warns unknown_field).
validate('poll_card', { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b', extra: 1 });
// A query's number may be its decimal string.
validate('card_list_query', { count: '20', with_deleted: 'true' });
// Members not listed only, on a kind whose members are all optional.
validate('card_list_query', { not_a_member: 1 });
// A declared interface with more members.
interface MyPoll extends PollCardPayload {
  internalNote: string;
}
declare const mine: MyPoll;
validate('poll_card', mine);
// JSON text, whatever the kind.
validate('poll_card', '{}');
validate('poll_card', new Uint8Array([0x7b, 0x7d]));

// @ts-expect-error: duration_in_minutes is a number (or its decimal string)
validate('poll_card', { name: 'p', duration_in_minutes: true, first_choice: 'a', second_choice: 'b' });
// @ts-expect-error: name is required
validate('poll_card', { duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' });
// @ts-expect-error: not an availability
validate('product', { id: 'x', title: 't', description: 'd', link: 'l', image_link: 'i', price: 'p', availability: 'instock', condition: 'new' });
// @ts-expect-error: a card component's type is one of its enum
validate('card', { name: 'c', components: [{ type: 'VIDEO' }] });

// isKind narrows a string read at run time.
export function fromRoute(name: string, body: string): Report | undefined {
  if (!isKind(name)) return undefined;
  const k: Kind = name;
  return validate(k, body);
}
// A payload typed by its kind.
export const poll: PayloadOf<'poll_card'> = { name: 'p', duration_in_minutes: 60, first_choice: 'a', second_choice: 'b' };
// @ts-expect-error: isKind takes anything but narrows only to Kind
export const notNarrowed: Kind = ((x: unknown) => (isKind(x) ? x : 'nope'))(1);
