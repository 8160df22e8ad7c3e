/**
 * The invoice as the service answers it, and the account events its writes leave: what every
 * invoice use case does last.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { AccountEvent } from '../model/accountEvent.js';
import type { Invoice } from '../model/invoice.js';
import type { Ports } from '../ports.js';
import { recordAccountEvent } from './accountEvents.js';
import { invoiceAmounts } from './invoiceAmounts.js';
import type { ResolvedCounterparty } from './invoiceCounterparty.js';
import { advanceAmountDue } from './invoiceFinish.js';
import { withoutClaim } from './invoiceNumberClaim.js';
import type { StoredInvoice } from './invoiceRewrite.js';
import { resourceMissing, storedAccount } from './tenancy.js';

/** Tax reports read per page when an invoice's `tax_report_ids` are collected. */
const REPORT_PAGE = 100;

/**
 * The invoice as answered: without the store's internal claim, with the ids of the tax reports
 * generated from it (linked by `invoice_id`, spec §2.7), lowest first, annulled ones included
 * (issue #19: the official PHP client reads `tax_report_ids`). Read from the reports on every
 * answer rather than stored on the invoice, so that a report generated, linked, re-linked or
 * deleted later is never missed (the reports are indexed by `invoice_id`).
 *
 * @example
 * ```ts
 * const invoice = await answeredInvoice(ports, (await ports.store.invoices.get(1, 42))!.value);
 * invoice.tax_report_ids; // [900, 901]
 * ```
 */
export async function answeredInvoice(ports: Ports, found: Invoice): Promise<Invoice> {
  let invoice = found;
  const ids: number[] = [];
  // An invoice stored before its totals were kept (issue #19) gets them computed now, from the
  // same input and engine its `total` came from (docs/totals.md: older inputs give the older result).
  if (!Array.isArray(invoice.taxes) || invoice.subtotal === undefined) {
    const stored = invoice as StoredInvoice;
    const amountDue = advanceAmountDue(stored.type_code, stored.total_amount_due ?? null);
    try {
      const account = await storedAccount(ports, stored.account_id, () =>
        resourceMissing('invoice', stored.id),
      );
      const amounts = invoiceAmounts(stored, account, {
        total_amount_due: amountDue,
        line_params: stored.lines.map(() => null),
      });
      invoice = { ...stored, ...amounts, total: stored.total, payable_amount: stored.payable_amount };
    } catch (error) {
      // Numbers the engine refuses today are answered as they were stored.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  for (let offset = 0; ; offset += REPORT_PAGE) {
    const page = await ports.store.taxReports.find(
      invoice.account_id,
      { invoice_id: invoice.id },
      { offset, limit: REPORT_PAGE },
    );
    for (const { value } of page.items) ids.push(value.id);
    if (page.items.length < REPORT_PAGE) break;
  }
  return { ...withoutClaim(invoice), tax_report_ids: ids };
}

/**
 * Records an invoice's change in its account's event list (`InvoiceEvent`, spec §4.6 GET
 * /accounts/{account}/events), with the state the change left it in.
 *
 * @example
 * ```ts
 * await recordInvoiceEvent(ports, invoice, 'updated');
 * ```
 */
export function recordInvoiceEvent(ports: Ports, invoice: Invoice, name: string): Promise<AccountEvent> {
  return recordAccountEvent(ports, {
    account_id: invoice.account_id,
    type: 'InvoiceEvent',
    name,
    resource_id: invoice.id,
    state: invoice.state,
  });
}

/**
 * Records the contact an invoice write created for its inline counterparty (`ContactEvent`
 * `created`), once the write is stored; nothing when the counterparty was an existing contact.
 *
 * @example
 * ```ts
 * await recordContactCreated(ports, party); // party from resolveCounterparty
 * ```
 */
export async function recordContactCreated(ports: Ports, party: ResolvedCounterparty | null): Promise<void> {
  if (party?.created)
    await recordAccountEvent(ports, {
      account_id: party.created.account_id,
      type: 'ContactEvent',
      name: 'created',
      resource_id: party.created.id,
    });
}
