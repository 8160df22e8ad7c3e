/**
 * Invoices for the EN 16931 mapping tests, made the way a client makes them: an account, a contact and
 * an invoice created through the service on memory ports (`createFiscalkit(memoryPorts())`), then the
 * source every document is written from (`invoiceDocuments.source`).
 */
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import type { InvoiceFromDocument } from '../../../src/einvoice/semantic/invoiceFromDocument.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import type { Caller } from '../../../src/service/caller.js';
import { createFiscalkit } from '../../../src/service/fiscalkit.js';
import { LATEST_API_VERSION } from '../../../src/versions/apiVersion.js';

export type Body = Record<string, unknown>;

/** One case: the account, the contact and the invoice bodies (the invoice without `contact_id`). */
export interface Case {
  readonly account: Body;
  readonly contact: Body | null;
  readonly invoice: Body;
  /** The account's Peppol participant, as its `peppol` transport would give it. */
  readonly seller_endpoint?: { scheme: string; id: string } | undefined;
}

const CALLER: Caller = { group_id: 1, api_version: LATEST_API_VERSION };

/** The source of a case, created through a fresh service. */
export async function sourceOf(given: Case): Promise<EInvoiceSource> {
  const fiscalkit = createFiscalkit(memoryPorts(), { base_url: 'https://api.example.test' });
  const account = await fiscalkit.accounts.create(CALLER, given.account);
  const contact =
    given.contact === null ? null : await fiscalkit.contacts.create(CALLER, account.id, given.contact);
  const invoice = await fiscalkit.invoices.create(CALLER, account.id, {
    ...given.invoice,
    ...(contact === null ? {} : { contact_id: contact.id }),
  });
  const source = await fiscalkit.invoiceDocuments.source(CALLER, invoice.id);
  return { ...source, seller_endpoint: given.seller_endpoint ?? source.seller_endpoint };
}

/** A case from what a reader produced: the seller as the account, the buyer as the contact. */
export function caseOf(read: InvoiceFromDocument): Case {
  return {
    account: read.seller as Body,
    contact: read.buyer as Body,
    invoice: read.invoice as Body,
    seller_endpoint: read.seller_endpoint,
  };
}
