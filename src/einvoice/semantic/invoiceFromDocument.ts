/**
 * What a reader of an e-invoice (UBL, CII, Facturae) turns a document into (issue #22 "Reading them
 * back"): the invoice as a client would create it, and the two parties as an account and a contact
 * would be written, for the invoice-import endpoint (issue #23). Every amount, party, line and tax of the
 * document is in it: a document whose content cannot be carried (a tax fiscalkit has no field for, an
 * amount that would change) is refused by the reader with a clear issue, never dropped.
 *
 * @module
 */
import type { AccountCreate } from '../../model/account.js';
import type { ContactCreate } from '../../model/contact.js';
import type { InvoiceCreate } from '../../model/invoice.js';

/** A document read into fiscalkit's resources. */
export interface InvoiceFromDocument {
  /**
   * The invoice as a POST /accounts/{account}/invoices body in the newest version's shape, without
   * `contact_id` (the importer links the buyer): creating it gives the document's amounts back.
   */
  readonly invoice: InvoiceCreate;
  /** The seller (the supplier), as account fields. */
  readonly seller: AccountCreate;
  /** The buyer (the customer), as contact fields. */
  readonly buyer: ContactCreate;
  /** The seller's electronic address (EN 16931 BT-34: Peppol participant), when the document gives one. */
  readonly seller_endpoint?: { readonly scheme: string; readonly id: string } | undefined;
}
