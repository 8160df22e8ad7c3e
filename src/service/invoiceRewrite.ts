/**
 * How the invoice service writes an invoice that is stored: read it, change it, write it back under
 * optimistic concurrency, and read again on a lost race. Every write after create (PUT, PATCH,
 * `mark_as`, `ack`, attachments) goes through {@link rewriteInvoice}, so each one refuses an archived
 * account and stamps the internal `updated_at` in one place.
 *
 * @module
 */

import type { EventEnvelope } from '../model/event.js';
import { instantFromMillis } from '../model/instant.js';
import type { Invoice } from '../model/invoice.js';
import { type OutboxEvent, type Ports, VersionConflictError, type Versioned } from '../ports.js';
import type { Caller } from './caller.js';
import type { ClaimedInvoice } from './invoiceNumberClaim.js';
import { activeRecord } from './tenancy.js';

/**
 * What the store keeps beyond the returned fields: the write-only `total_amount_due` of an advance
 * (spec §2.4), so that a later PATCH of its lines keeps the advance amount the client set, and the
 * claim of a write settling the invoice's number (`NumberClaim`). The serializer returns only
 * `InvoiceSchema`'s fields, so neither leaves the service.
 */
export type StoredInvoice = ClaimedInvoice & { total_amount_due?: string | null; updated_at?: string | null };

/** What {@link rewriteInvoice} answers. */
export interface RewrittenInvoice {
  invoice: Invoice;
  version: number;
  changed: boolean;
  /** The events written with the change, as prepared. */
  outboxed: readonly OutboxEvent[];
  /** The same as the store answered them (`Updated.events`); undefined without an outbox. */
  stored: readonly EventEnvelope[] | undefined;
}

/** A change of a stored invoice: the invoice to write, or null to write nothing. */
export type InvoiceChange = (stored: Versioned<Invoice>) => Promise<Invoice | null>;

/** The events of a change, for the version it will give the invoice. */
export type InvoiceOutbox = (next: Invoice, version: number) => Promise<readonly OutboxEvent[]>;

/**
 * Reads, changes and writes an invoice under optimistic concurrency, retrying on a lost race.
 * `outbox` gives the events of a change, for the version it will have; they are written with it
 * (`UpdateOptions.events`, issue #24 item 4) and answered with what the store made of them.
 *
 * @example
 * ```ts
 * const { invoice, changed } = await rewriteInvoice(ports, caller, 42, async ({ value }) =>
 *   value.ack ? null : { ...value, ack: true },
 * );
 * ```
 */
export async function rewriteInvoice(
  ports: Ports,
  caller: Caller,
  id: number,
  change: InvoiceChange,
  outbox?: InvoiceOutbox,
): Promise<RewrittenInvoice> {
  const repository = ports.store.invoices;
  for (;;) {
    // Every write of an invoice: an archived account is read-only (tenancy.ts `activeRecord`).
    const stored = await activeRecord(ports, caller, repository, id, 'invoice');
    const next = await change(stored);
    if (next === null)
      return { invoice: stored.value, version: stored.version, changed: false, outboxed: [], stored: [] };
    // Every write of an invoice stamps when it happened: the stored, internal `updated_at` (not a
    // field of the response) that the list filter `updated_at` reads (issue #19, api-notes.md §7).
    // Set on the object the change made (always a fresh one), so that the write's own record of
    // what it wrote (`WriteAttempt.after`, `giveWay`) has it too.
    (next as StoredInvoice).updated_at = instantFromMillis(ports.clock.now());
    const outboxed = outbox === undefined ? [] : await outbox(next, stored.version + 1);
    try {
      const written =
        outboxed.length === 0
          ? await repository.update(next, stored.version)
          : await repository.update(next, stored.version, { events: outboxed });
      return {
        invoice: written.value,
        version: written.version,
        changed: true,
        outboxed,
        stored: written.events,
      };
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}
