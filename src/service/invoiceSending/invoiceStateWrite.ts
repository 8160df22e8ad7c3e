/**
 * Writes a sending transition (`transitionInvoiceSending`) to the stored invoice with its
 * `issued_invoice.state_change` event in the outbox, as `mark_as` does (invoiceLifecycle.ts): the
 * event is stored with the change, keyed by the version it makes, its delivery repair queued before
 * the write, and its deliveries scheduled after.
 *
 * @module
 */
import { ApiError } from '../../errors/ApiError.js';
import {
  type SendingEffect,
  type SendingEvent,
  transitionInvoiceSending,
} from '../../lifecycle/invoiceSending.js';
import type { Invoice } from '../../model/invoice.js';
import type { Ports } from '../../ports.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { recordInvoiceEvent } from '../invoiceAnswer.js';
import { withoutClaim } from '../invoiceNumberClaim.js';
import { type RewrittenInvoice, rewriteInvoice } from '../invoiceRewrite.js';

/** The internal fields sending keeps on the stored invoice (not answered: the serializer drops them). */
export interface SendingFields {
  /** The key of the delivery of the current send (`invoice:{id}:send:{version}`). */
  send_key?: string | null;
}

/** What {@link writeSending} answers. */
export interface SendingWrite {
  result: RewrittenInvoice;
  effects: SendingEffect[];
}

/**
 * Applies `event` to invoice `id` and stores the result with its events (retrying a lost race).
 * A refused transition is 409 `conflict`; an accepted one that changes nothing writes nothing.
 *
 * @example
 * ```ts
 * const { result } = await writeSending(ports, deps, caller, 42, { type: 'delivered' });
 * result.invoice.state; // 'sent'
 * ```
 */
export async function writeSending(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  id: number,
  event: SendingEvent,
  extra: (next: Invoice, version: number) => Partial<SendingFields> = () => ({}),
): Promise<SendingWrite> {
  let effects: SendingEffect[] = [];
  const result = await rewriteInvoice(
    ports,
    caller,
    id,
    async ({ value: stored, version }) => {
      const transition = transitionInvoiceSending(stored, event);
      if (!transition.accepted) throw new ApiError('conflict', transition.reason, { param: null });
      effects = transition.effects;
      if (transition.state === stored) return null;
      return { ...stored, ...transition.state, ...extra(transition.state, version + 1) } as Invoice;
    },
    async (next, version) => {
      const outboxed = effects.flatMap((effect) =>
        effect.type === 'emit'
          ? [
              deps.publisher.prepare(
                next.account_id,
                effect.code,
                { ...effect.data, version },
                `invoice:${String(next.id)}:${effect.code}:${String(version)}`,
              ),
            ]
          : [],
      );
      for (const prepared of outboxed)
        await deps.publisher.guard(prepared, { store: 'invoices', id: next.id, version });
      return outboxed;
    },
  );
  if (result.changed) {
    await deps.publisher.dispatch(result.outboxed, result.stored);
    await recordInvoiceEvent(ports, withoutClaim(result.invoice), 'state_changed');
  }
  return { result, effects };
}
