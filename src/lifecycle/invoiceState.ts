import { MARK_AS_STATES } from '../codelists/invoiceStates.js';
import type { InvoiceType } from '../codelists/invoiceTypes.js';
import type { EmitEffect } from './transition.js';

/**
 * What the invoice state machine reads of an invoice: its id (for the event), its document class
 * (`type`, which decides the states `mark_as` accepts, api-notes.md §8.2) and its current `state`.
 * Any object with these fields goes through; the other fields are carried over untouched.
 */
export interface MarkAsSubject {
  readonly id: number;
  readonly type: InvoiceType;
  readonly state: string;
}

/** `POST /invoices/{id}/mark_as` with `state` (spec §3.3, §4.6). */
export interface MarkAsEvent {
  type: 'mark_as';
  state: string;
}

/**
 * The effect of a state change of an issued document: `issued_invoice.state_change` with
 * `{invoice_id, state}` (api-notes.md §5.2).
 */
export type InvoiceStateEffect = EmitEffect<'issued_invoice.state_change'>;

/**
 * Why a `mark_as` was refused, as the error code the service answers with (spec §7.2):
 * `parameter_inclusion` when the state is not one the invoice's type can be marked as (a value
 * outside the catalogue, api-notes.md §8.2), `conflict` (409) when it is, but the current state
 * does not allow the move.
 */
export type InvoiceStateRefusal = 'parameter_inclusion' | 'conflict';

/**
 * The answer of {@link transitionInvoiceState}: the house `Transition` (`src/lifecycle/transition.ts`)
 * whose refusals also carry the error code to answer with.
 */
export type InvoiceStateTransition<T extends MarkAsSubject> =
  | { accepted: true; state: T; effects: InvoiceStateEffect[] }
  | { accepted: false; state: T; reason: string; code: InvoiceStateRefusal };

/**
 * States nothing leaves. `closed` is final (api-notes.md §8.2, "closed (final)"); `cancelled` and the
 * deprecated `discarded` (spec §9) end an invoice too (the service's WooCommerce plugin treats
 * `cancelled` as final, api-notes.md §8.2). `mark_as` never enters the last two, but invoices in
 * them exist (GET /invoice_states).
 */
export const FINAL_INVOICE_STATES: readonly string[] = ['closed', 'cancelled', 'discarded'];

/**
 * The states in which something the invoice cannot take back has happened to it: the customer
 * accepted it, the receiver annotated it in the books, the tax authority registered it, or it was
 * paid. From them an invoice only moves among them (or is closed): never back to `new` (an editable
 * draft), `sent`, `downloaded` or `refused`. The states say where the invoice is on several tracks at
 * once (delivery, the customer's answer, the tax authority, the payment), and the spec shows no
 * transitions (spec §3.3 "not shown"); fiscalkit decides, because a demanding user expects an
 * invoice that was accepted, registered or settled never to turn back into a draft, not even in two
 * steps.
 */
export const COMMITTED_INVOICE_STATES: readonly string[] = ['accepted', 'registered', 'annotated', 'paid'];

/**
 * Where a `paid` invoice may still go: it can be registered with the tax authority (SII allows four
 * days after the operation, which may come after the payment), annotated in the books (a received
 * invoice), or closed. Going back to a customer answer (`accepted`, `refused`), to `sent` or to
 * `new` would undo a settlement that happened (fiscalkit's decision, spec §3.3 "not shown").
 */
export const AFTER_PAID_STATES: readonly string[] = ['registered', 'annotated', 'closed'];

/** The document classes an account issues: their state changes are `issued_invoice.state_change`. */
const ISSUED_TYPES: ReadonlySet<InvoiceType> = new Set([
  'IssuedInvoice',
  'IssuedSimplifiedInvoice',
  'IssuedSelfInvoice',
]);

/**
 * Whether the move `from` → `to` is allowed by the current state (the type's list of states is a
 * separate question, {@link markAsTargets}). Same state: always (a repeated `mark_as` is a no-op).
 */
function moveAllowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (FINAL_INVOICE_STATES.includes(from)) return false;
  if (from === 'paid') return AFTER_PAID_STATES.includes(to);
  if (COMMITTED_INVOICE_STATES.includes(from))
    return COMMITTED_INVOICE_STATES.includes(to) || FINAL_INVOICE_STATES.includes(to);
  return true;
}

/**
 * The states an invoice of `type` in state `from` may be marked as, in the order of the service's
 * reference (api-notes.md §8.2), the current one included (marking it again changes nothing).
 *
 * @example
 * ```ts
 * markAsTargets('IssuedInvoice', 'paid'); // ['registered', 'paid', 'closed']
 * markAsTargets('IssuedInvoice', 'closed'); // ['closed']
 * ```
 */
export function markAsTargets(type: InvoiceType, from: string): string[] {
  return MARK_AS_STATES[type].filter((to) => moveAllowed(from, to));
}

function list(states: readonly string[]): string {
  return states.length === 0 ? 'nothing' : states.join(', ');
}

/**
 * The invoice `mark_as` state machine (spec §3.3: state changes are made by POST
 * /invoices/{id}/mark_as; the states per type are api-notes.md §8.2's). In order:
 *
 * 1. a `state` the invoice's `type` cannot be marked as (`MARK_AS_STATES`) is refused with
 *    `parameter_inclusion`, whatever the current state: the value itself is wrong;
 * 2. the current state: marking it again is accepted and changes nothing (no effect, so a client
 *    retrying a request does not fire the event twice);
 * 3. `closed`, `cancelled` and `discarded` are final ({@link FINAL_INVOICE_STATES}): `conflict`;
 * 4. from `paid` only `registered`, `annotated` or `closed` ({@link AFTER_PAID_STATES}): `conflict`;
 * 5. from `accepted`, `registered` or `annotated` only to another of {@link COMMITTED_INVOICE_STATES}
 *    or to `closed`: never back to `new`, `sent`, `downloaded` or `refused` (`conflict`);
 * 6. from the other states (`new`, `sending`, `sent`, `downloaded`, `error`, `refused`) anything the
 *    type takes: manual marks may skip steps, since the document may have travelled outside
 *    fiscalkit (sent by e-mail, paid in cash), and a document sent or refused may be reopened as
 *    `new` to be corrected.
 *
 * An accepted change gives a new object with the new `state` (every other field carried over; the
 * input is never mutated) and, for issued documents (`IssuedInvoice`, `IssuedSimplifiedInvoice`,
 * `IssuedSelfInvoice`), the effect `issued_invoice.state_change` with `{invoice_id, state}`
 * (api-notes.md §5.2). Received invoices have no webhook event. Never throws.
 *
 * @example
 * ```ts
 * const sent = transitionInvoiceState({ id: 7, type: 'IssuedInvoice', state: 'new' }, { type: 'mark_as', state: 'sent' });
 * sent.state.state; // 'sent'
 * sent.accepted && sent.effects; // [{ type: 'emit', code: 'issued_invoice.state_change', data: { invoice_id: 7, state: 'sent' } }]
 * transitionInvoiceState({ id: 7, type: 'IssuedInvoice', state: 'closed' }, { type: 'mark_as', state: 'paid' });
 * // { accepted: false, code: 'conflict', reason: 'the invoice is closed, which is final …', … }
 * ```
 */
export function transitionInvoiceState<T extends MarkAsSubject>(
  invoice: T,
  event: MarkAsEvent,
): InvoiceStateTransition<T> {
  const allowed = MARK_AS_STATES[invoice.type];
  if (allowed === undefined || !allowed.includes(event.state))
    return {
      accepted: false,
      state: invoice,
      code: 'parameter_inclusion',
      reason: `an ${invoice.type} can be marked as ${list(allowed ?? [])}, not ${JSON.stringify(event.state)}`,
    };
  if (event.state === invoice.state) return { accepted: true, state: invoice, effects: [] };
  if (!moveAllowed(invoice.state, event.state)) {
    const targets = markAsTargets(invoice.type, invoice.state).filter((to) => to !== invoice.state);
    const why = FINAL_INVOICE_STATES.includes(invoice.state)
      ? `the invoice is ${invoice.state}, which is final`
      : `an invoice in state ${invoice.state} cannot be marked as ${event.state}`;
    return {
      accepted: false,
      state: invoice,
      code: 'conflict',
      reason: `${why}; it can be marked as ${list(targets)}`,
    };
  }
  const next: T = { ...invoice, state: event.state };
  const effects: InvoiceStateEffect[] = ISSUED_TYPES.has(invoice.type)
    ? [
        {
          type: 'emit',
          code: 'issued_invoice.state_change',
          data: { invoice_id: invoice.id, state: event.state },
        },
      ]
    : [];
  return { accepted: true, state: next, effects };
}
