/**
 * The sending life of an issued invoice (issue #23), as a pure state machine: `send` takes a `new` or
 * `error` invoice to `sending` (a channel will deliver it) or, for the download-only transport `none`,
 * straight to `issued` (a tax report stands for it) or `error` (nothing to send); the channel's outcome
 * then takes `sending` to `sent` or `error`. The service stores the state and acts on the effects
 * (src/service/invoiceSending/); nothing here reads a port. The real service's states are the ones of
 * GET /invoice_states (api-notes.md §8.2; `issued` from the reference of "Create an invoice",
 * `send_after_import`: "the invoice is issued and the tax report generated (state=issued)").
 *
 * @module
 */
import type { EmitEffect, Transition } from './transition.js';

/** What the machine reads of an invoice: its id (for the event) and state. */
export interface SendingSubject {
  readonly id: number;
  readonly state: string;
  readonly state_reason?: string | null | undefined;
}

/**
 * What happens to an invoice while it is sent:
 *
 * - `send`: a send was asked for. `channel` is true when the transport hands the document to a
 *   delivery channel, false for `none` (download only); `reported` is whether a tax report stands for
 *   the invoice (generated on this send or before).
 * - `delivered`: the channel took the document.
 * - `failed`: the channel refused it for good, or the attempts ran out; `reason` is its message.
 */
export type SendingEvent =
  | { type: 'send'; channel: boolean; reported: boolean }
  | { type: 'delivered' }
  | { type: 'failed'; reason: string };

/** The effects: the state-change event, and for a channel the delivery to make. */
export type SendingEffect = EmitEffect<'issued_invoice.state_change'> | { type: 'deliver' };

/** The states a send starts from. */
export const SENDABLE_INVOICE_STATES: readonly string[] = ['new', 'error'];

/**
 * The states a send has already happened in: a send asked again changes nothing and answers the
 * invoice as it is (sending twice sends once).
 */
export const SENT_INVOICE_STATES: readonly string[] = ['sending', 'sent', 'issued'];

/** The `state_reason` of a `none` transport with no tax report (docs/sending.md). */
export const NOTHING_TO_SEND =
  "the contact's transport is none (download only) and no tax report is required: there is nothing to send";

type SendingTransition<S> = Transition<S, SendingEffect>;

function moved<S extends SendingSubject>(
  state: S,
  to: string,
  reason: string | null,
  deliver: boolean,
): SendingTransition<S> {
  const data = { invoice_id: state.id, state: to, ...(reason === null ? {} : { notes: reason }) };
  const effects: SendingEffect[] = [{ type: 'emit', code: 'issued_invoice.state_change', data }];
  if (deliver) effects.push({ type: 'deliver' });
  return { accepted: true, state: { ...state, state: to, state_reason: reason }, effects };
}

/**
 * The transition of `state` on `event`:
 *
 * | from | event | to | effects |
 * |---|---|---|---|
 * | `new`, `error` | `send`, channel | `sending` | event, deliver |
 * | `new`, `error` | `send`, `none`, reported | `issued` | event |
 * | `new`, `error` | `send`, `none`, not reported | `error` ({@link NOTHING_TO_SEND}) | event (unless already so) |
 * | `sending`, `sent`, `issued` | `send` | unchanged | none (sent once) |
 * | `sending` | `delivered` | `sent` | event |
 * | `sending` | `failed` | `error` with the reason | event |
 * | anything else | any | refused | |
 *
 * The input is never mutated.
 *
 * @example
 * ```ts
 * const t = transitionInvoiceSending({ id: 42, state: 'new' }, { type: 'send', channel: true, reported: false });
 * t.accepted && t.state.state; // 'sending'
 * t.accepted && t.effects.map((effect) => effect.type); // ['emit', 'deliver']
 * ```
 */
export function transitionInvoiceSending<S extends SendingSubject>(
  state: S,
  event: SendingEvent,
): SendingTransition<S> {
  if (event.type === 'send') {
    if (SENT_INVOICE_STATES.includes(state.state)) return { accepted: true, state, effects: [] };
    if (!SENDABLE_INVOICE_STATES.includes(state.state))
      return {
        accepted: false,
        state,
        reason: `the invoice is ${state.state}: only a new invoice, or one in error, can be sent`,
      };
    if (event.channel) return moved(state, 'sending', null, true);
    if (event.reported) return moved(state, 'issued', null, false);
    // A second send of an invoice already in error for the same reason changes nothing.
    if (state.state === 'error' && state.state_reason === NOTHING_TO_SEND)
      return { accepted: true, state, effects: [] };
    return moved(state, 'error', NOTHING_TO_SEND, false);
  }
  if (state.state !== 'sending')
    return { accepted: false, state, reason: `the invoice is ${state.state}, not sending` };
  if (event.type === 'delivered') return moved(state, 'sent', null, false);
  return moved(state, 'error', event.reason, false);
}
