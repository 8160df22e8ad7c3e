/**
 * The invoice's life after it is written (spec §4.6): `mark_as` moves it through its states
 * (`transitionInvoiceState`, with the events each move publishes), `ack` marks it acknowledged, and
 * DELETE removes a draft.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { type InvoiceStateEffect, transitionInvoiceState } from '../lifecycle/invoiceState.js';
import { instantFromMillis } from '../model/instant.js';
import type { Invoice } from '../model/invoice.js';
import { parseMarkAsRequest } from '../model/invoiceMarkAs.js';
import { type Ports, VersionConflictError } from '../ports.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { answeredInvoice, recordInvoiceEvent } from './invoiceAnswer.js';
import { withoutClaim } from './invoiceNumberClaim.js';
import { rewriteInvoice } from './invoiceRewrite.js';
import { refuseIfReported } from './invoiceTaxReportGuard.js';
import { activeRecord } from './tenancy.js';

/**
 * The states in which DELETE /invoices/{id} removes an invoice (issue #23, docs/sending.md
 * "Deleting"): a draft (`new`), one whose send failed (`error`), and a `sent` one — the official
 * example `invoices.php` creates an invoice, sends it, marks it sent and deletes it, so the real
 * service deletes a sent invoice. Never while `sending` (a delivery in flight), never from a state a
 * customer or an authority answered (`accepted`, `registered`, `paid`, …), never one a standing tax
 * report stands for (`refuseIfReported`: the legal record is the tax report): 409 `conflict`. The
 * invoice's delivery log (`Store.invoiceDeliveries`) is kept: what was sent stays said, and a delivery
 * still queued for a deleted invoice ends `failed`, "not sent: the invoice is deleted".
 */
export const DELETABLE_INVOICE_STATES: readonly string[] = ['new', 'error', 'sent'];

/**
 * POST /invoices/{id}/mark_as, body `{state, reason?, commit?}`: the invoice in its new state. A
 * repeated `mark_as` to the current state changes nothing and fires no event (a retried request).
 *
 * @example
 * ```ts
 * await markInvoiceAs(ports, deps, caller, 42, { state: 'sent' }); // publishes issued_invoice.state_change
 * ```
 */
export async function markInvoiceAs(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<Invoice> {
  await activeRecord(ports, caller, ports.store.invoices, id, 'invoice');
  const parsed = parseMarkAsRequest(body);
  if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
  const { state, reason } = parsed.data;
  let effects: InvoiceStateEffect[] = [];
  const result = await rewriteInvoice(
    ports,
    caller,
    id,
    async ({ value: stored }) => {
      const transition = transitionInvoiceState(stored, { type: 'mark_as', state });
      if (!transition.accepted) throw new ApiError(transition.code, transition.reason, { param: 'state' });
      effects = transition.effects;
      // Marking the current state again changes nothing (and fires no event): a retried request.
      if (transition.state === stored) return null;
      return { ...transition.state, state_reason: reason ?? null };
    },
    // The event is written with the change (the outbox, issue #24 item 4: written after it, two
    // concurrent changes could number their events in the other order), carries the version the
    // change gives the invoice, so receivers can order deliveries, and is keyed by it, so that it
    // is stored once. The repair job is queued first: the deliveries survive a crash after the write.
    async (next, version) => {
      const outboxed = effects.map((effect) =>
        deps.publisher.prepare(
          next.account_id,
          effect.code,
          { ...effect.data, version },
          `invoice:${String(next.id)}:${effect.code}:${String(version)}`,
        ),
      );
      for (const event of outboxed)
        await deps.publisher.guard(event, { store: 'invoices', id: next.id, version });
      return outboxed;
    },
  );
  if (!result.changed) return answeredInvoice(ports, result.invoice);
  const invoice = withoutClaim(result.invoice);
  await deps.publisher.dispatch(result.outboxed, result.stored);
  await recordInvoiceEvent(ports, invoice, 'state_changed');
  return answeredInvoice(ports, invoice);
}

/**
 * POST /invoices/{id}/ack: marks the invoice acknowledged (`ack: true`). Idempotent: a second ack
 * keeps the first `acknowledged_at` and records no event.
 *
 * @example
 * ```ts
 * (await acknowledgeInvoice(ports, caller, 42)).ack; // true
 * ```
 */
export async function acknowledgeInvoice(ports: Ports, caller: Caller, id: number): Promise<Invoice> {
  const result = await rewriteInvoice(ports, caller, id, async ({ value: stored }) =>
    stored.ack === true
      ? null
      : { ...stored, ack: true, acknowledged_at: instantFromMillis(ports.clock.now()) },
  );
  if (result.changed) await recordInvoiceEvent(ports, result.invoice, 'acknowledged');
  return answeredInvoice(ports, result.invoice);
}

/**
 * DELETE /invoices/{id}: removes an invoice in state `new` ({@link DELETABLE_INVOICE_STATES}) that no
 * standing tax report was generated from (`refuseIfReported`), with its attachments' files,
 * answering it as it was.
 *
 * @example
 * ```ts
 * const removed = await removeInvoice(ports, caller, 42); // 409 conflict unless it is new
 * ```
 */
export async function removeInvoice(ports: Ports, caller: Caller, id: number): Promise<Invoice> {
  const repository = ports.store.invoices;
  for (;;) {
    const { value: invoice, version } = await activeRecord(ports, caller, repository, id, 'invoice');
    if (!DELETABLE_INVOICE_STATES.includes(invoice.state))
      throw new ApiError(
        'conflict',
        `invoice ${String(id)} is ${invoice.state}: only a new, error or sent invoice that was never delivered can be deleted (issue a credit note)`,
        { param: null },
      );
    await refuseIfReported(ports, invoice, 'deleted');
    try {
      await repository.remove(invoice.account_id, id, version);
    } catch (error) {
      if (error instanceof VersionConflictError) continue;
      throw error;
    }
    for (const attachment of invoice.attachments ?? [])
      await ports.blobs.remove(invoice.account_id, attachment.id);
    await recordInvoiceEvent(ports, invoice, 'deleted');
    return answeredInvoice(ports, invoice);
  }
}
